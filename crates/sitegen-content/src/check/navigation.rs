//! Navigation and home references: menu targets, link lists, home cards.

use super::*;

/// A navigation entry has exactly one of `to` and `service` (its references are
/// checked from the file as written, in [`check_refs`]).
pub(super) fn check_nav_target(r: &mut Reporter<'_>, entry: &Located<NavEntry>) {
    match (&entry.to, &entry.service) {
        (Some(_), Some(service)) => r.report(
            &service.span,
            ErrorCode::NavigationTarget,
            format!(
                "navigation entry \"{}\" has both `to` and `service`",
                entry.label
            ),
            None,
        ),
        (None, None) => r.report(
            &entry.span,
            ErrorCode::NavigationTarget,
            format!(
                "navigation entry \"{}\" has neither `to` nor `service`",
                entry.label
            ),
            None,
        ),
        _ => {}
    }
    for child in entry.entries.iter().flatten() {
        check_nav_target(r, child);
    }
}

/// The references of a file to categories, services and routes.
pub(super) fn check_refs(r: &mut Reporter<'_>, refs: &RawRefs, targets: &Targets<'_>) {
    for route in &refs.routes {
        check_route(r, route, targets);
    }
    for service in &refs.services {
        check_service_ref(r, service, targets);
    }
    let Some(categories) = targets.categories else {
        return;
    };
    for category in &refs.categories {
        if !ids(categories).any(|id| id == category.value) {
            r.report(
                &category.span,
                ErrorCode::UnknownCategory,
                format!("unknown category \"{}\"", category.value),
                suggest_id(&category.value, categories),
            );
        }
    }
}

pub(super) fn check_home(
    loaded: &Loaded,
    targets: &Targets<'_>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if let Some((mut r, refs)) = raw_reporter(&loaded.home, diagnostics) {
        check_refs(&mut r, refs, targets);
    }
    let Some((mut r, home)) = reporter(&loaded.home, diagnostics) else {
        return;
    };
    for problem in home.problems() {
        r.report(&problem.span, problem.code, problem.message, problem.hint);
    }
}
