//! Link targets: whether a path written in the content is a route of the site.

use super::*;

/// Whether `to` is a route of data-contract §4 ([`routes::ROUTES`]); `Err` holds the hint.
pub(super) fn route_problem(to: &str, targets: &Targets<'_>) -> Option<Option<String>> {
    if routes::is_static_or_alias(to) {
        return None;
    }
    match routes::parameterised_under(to) {
        Some((route, rest)) => parameter_problem(route, rest, targets),
        None => {
            let candidates =
                routes::static_paths().chain(routes::route_aliases().map(|(alias, _)| alias));
            Some(sitegen_diagnostics::did_you_mean(to, candidates))
        }
    }
}

/// Whether `rest`, the part of a path after `route`'s prefix, names one of the pages
/// the route expands to.
pub(super) fn parameter_problem(
    route: &Route,
    rest: &str,
    targets: &Targets<'_>,
) -> Option<Option<String>> {
    let prefix = route.prefix();
    match route.data {
        DataKind::Registrations => {
            let kinds = RegistrationType::ALL.iter().map(|kind| kind.as_str());
            RegistrationType::parse(rest)
                .is_none()
                .then(|| hint_under(prefix, rest, kinds))
        }
        DataKind::Service | DataKind::Category => {
            let entries = match route.data {
                DataKind::Service => targets.services?,
                _ => targets.categories?,
            };
            let decoded = routes::percent_decode(rest).unwrap_or_else(|| rest.to_string());
            if ids(entries).any(|known| known == decoded) {
                return None;
            }
            Some(suggest_id(&decoded, entries).map(|hint| with_prefix(&hint, prefix)))
        }
        DataKind::Product => {
            let Some((id, slug)) = rest.split_once('/') else {
                return Some(None);
            };
            let Ok(id) = id.parse::<u32>() else {
                return Some(None);
            };
            let products = targets.products?;
            let slugs: Vec<String> = products
                .iter()
                .filter(|product| product.id() == id)
                .map(Product::slug)
                .collect();
            match slugs.first() {
                Some(_) if slugs.iter().any(|s| s == slug) => None,
                Some(first) => Some(Some(format!(
                    "did you mean \"{}\"?",
                    route.path_with(&[&id.to_string(), first])
                ))),
                None if targets.raw_product_ids.contains(&id.to_string().as_str()) => None,
                None => Some(Some(format!("no product has id {id}"))),
            }
        }
        // The routes without parameters never get here (see `parameterised_under`).
        _ => Some(None),
    }
}

/// The hint for an unknown last segment of a route `prefix{segment}`: the closest
/// known one as a whole route.
pub(super) fn hint_under<'a>(
    prefix: &str,
    segment: &str,
    known: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    sitegen_diagnostics::did_you_mean(segment, known).map(|hint| with_prefix(&hint, prefix))
}

/// `did you mean "x"?` → `did you mean "PREFIXx"?`.
pub(super) fn with_prefix(hint: &str, prefix: &str) -> String {
    hint.replace("did you mean \"", &format!("did you mean \"{prefix}"))
}

pub(super) fn check_route(r: &mut Reporter<'_>, to: &Located<String>, targets: &Targets<'_>) {
    if let Some(hint) = route_problem(&to.value, targets) {
        r.report(
            &to.span,
            ErrorCode::UnknownRoute,
            format!("\"{}\" is not a route of the site", to.value),
            hint,
        );
    }
}
