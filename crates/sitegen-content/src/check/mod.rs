//! The checks across entries and files that run on what loaded: duplicates,
//! references between files, routes, counts, placeholders and the warnings.
//! [`run`] is the one entry point; each file of this folder holds the rules of one
//! part of the content.

use std::collections::HashMap;

use crate::de::Located;
use crate::load::{FileLoad, Loaded};
use crate::model::{EmailSettings, NavEntry, Policy, Product, Site};
use crate::raw::{RawEntry, RawRefs};
use crate::routes::{self, DataKind, Route};
use crate::values::RegistrationType;
use sitegen_diagnostics::ErrorCode;
use sitegen_diagnostics::{Diagnostic, SourceFile, Span};

mod catalogue;
mod navigation;
mod policy;
mod site;
mod synonyms;
mod targets;
#[cfg(test)]
mod tests;

use catalogue::*;
pub use catalogue::{limits, url_id_problem};
use navigation::*;
use policy::*;
pub use policy::{fill_placeholders, PLACEHOLDERS};
use site::*;
use targets::*;

/// Collects the diagnostics of one file.
struct Reporter<'a> {
    file: &'a SourceFile,
    diagnostics: &'a mut Vec<Diagnostic>,
}

impl Reporter<'_> {
    fn report(&mut self, span: &Span, code: ErrorCode, message: String, hint: Option<String>) {
        self.diagnostics
            .push(Diagnostic::at(self.file, span, code, message, hint));
    }

    /// Reports the ids that cannot be URL segments ([`url_id_problem`]).
    fn url_ids<'k>(&mut self, what: &str, ids: impl IntoIterator<Item = (&'k str, &'k Span)>) {
        for (id, span) in ids {
            if let Some(problem) = url_id_problem(id) {
                let shown: String = id.chars().take(40).collect();
                let shown = if shown.len() < id.len() {
                    format!("{shown}…")
                } else {
                    shown
                };
                self.report(
                    span,
                    ErrorCode::InvalidId,
                    format!(
                        "{what} id \"{}\" cannot be part of a URL: {problem}",
                        shown.escape_debug()
                    ),
                    None,
                );
            }
        }
    }

    /// Reports every key after its first occurrence.
    fn duplicates<'k>(&mut self, what: &str, keys: impl IntoIterator<Item = (&'k str, &'k Span)>) {
        let mut first: HashMap<&str, &Span> = HashMap::new();
        for (key, span) in keys {
            match first.get(key) {
                Some(first_span) => {
                    let line = self.file.locate(first_span).line;
                    self.report(
                        span,
                        ErrorCode::Duplicate,
                        format!("duplicate {what} \"{key}\""),
                        Some(format!("first defined on line {line}")),
                    );
                }
                None => {
                    first.insert(key, span);
                }
            }
        }
    }
}

/// A reporter for a file that parsed, with `part` of it (when present).
fn reporter_with<'a, V>(
    file: &'a Option<SourceFile>,
    part: Option<&'a V>,
    diagnostics: &'a mut Vec<Diagnostic>,
) -> Option<(Reporter<'a>, &'a V)> {
    let file = file.as_ref()?;
    Some((Reporter { file, diagnostics }, part?))
}

/// A reporter for a file whose typed value loaded.
fn reporter<'a, T, R>(
    load: &'a FileLoad<T, R>,
    diagnostics: &'a mut Vec<Diagnostic>,
) -> Option<(Reporter<'a>, &'a T)> {
    reporter_with(&load.file, load.value.as_ref(), diagnostics)
}

/// A reporter for a file that parsed, and what was read of it as written (even
/// when its typed value failed to load).
fn raw_reporter<'a, T, R>(
    load: &'a FileLoad<T, R>,
    diagnostics: &'a mut Vec<Diagnostic>,
) -> Option<(Reporter<'a>, &'a R)> {
    reporter_with(&load.file, load.raw.as_ref(), diagnostics)
}

/// What is known about the link targets, for route checks. `None` means the
/// file could not be read, so references into it are not checked.
struct Targets<'a> {
    services: Option<&'a [RawEntry]>,
    categories: Option<&'a [RawEntry]>,
    /// The products, when products.toml loaded: a link to a product page is looked up
    /// in them as it is met (a site has a few such links, and thousands of products).
    products: Option<&'a [Product]>,
    /// Product ids written in products.toml, including entries that failed to load.
    raw_product_ids: Vec<&'a str>,
}

/// The ids of raw entries.
fn ids(entries: &[RawEntry]) -> impl Iterator<Item = &str> {
    entries.iter().map(|entry| entry.id.value.as_str())
}

/// `(value, span)` pairs of located strings, for [`Reporter::duplicates`].
fn keyed<'a>(
    values: impl IntoIterator<Item = &'a Located<String>>,
) -> impl Iterator<Item = (&'a str, &'a Span)> {
    values
        .into_iter()
        .map(|value| (value.value.as_str(), &value.span))
}

/// The suggestion for an unknown reference to one of `entries`: the id it is a
/// typo of, or the id of the entry it names by name (`"Dialysis Products"` →
/// `did you mean "dialysis"?`).
fn suggest_id(input: &str, entries: &[RawEntry]) -> Option<String> {
    sitegen_diagnostics::did_you_mean_id(
        input,
        entries.iter().map(|entry| {
            let name = entry.name.as_ref().map(|name| name.value.as_str());
            (entry.id.value.as_str(), name)
        }),
    )
}

/// Runs every check on what loaded.
pub(crate) fn run(loaded: &Loaded, diagnostics: &mut Vec<Diagnostic>) {
    let targets = Targets {
        services: loaded.services.raw.as_deref(),
        categories: loaded.catalogue.raw.as_deref(),
        raw_product_ids: loaded
            .products
            .raw
            .iter()
            .flatten()
            .filter_map(|product| product.id.as_ref().map(|id| id.value.as_str()))
            .collect(),
        products: loaded
            .products
            .value
            .as_ref()
            .map(|file| file.product.0.as_slice()),
    };
    if let Some((mut r, site)) = reporter(&loaded.site, diagnostics) {
        check_site(&mut r, site);
    }
    check_catalogue(loaded, diagnostics);
    check_products(loaded, &targets, diagnostics);
    synonyms::check_synonyms(loaded, diagnostics);
    if let Some((mut r, services)) = raw_reporter(&loaded.services, diagnostics) {
        r.duplicates("service id", keyed(services.iter().map(|s| &s.id)));
        r.url_ids("service", keyed(services.iter().map(|s| &s.id)));
    }
    if let Some((mut r, services)) = reporter(&loaded.services, diagnostics) {
        for service in &services.service.0 {
            check_gallery(&mut r, service);
        }
    }
    if let Some((mut r, navigation)) = reporter(&loaded.navigation, diagnostics) {
        for item in &navigation.item {
            check_nav_target(&mut r, item);
        }
    }
    if let Some((mut r, refs)) = raw_reporter(&loaded.navigation, diagnostics) {
        check_refs(&mut r, refs, &targets);
    }
    check_home(loaded, &targets, diagnostics);
    crate::editorial::run(loaded, diagnostics);
    if let Some((mut r, raw)) = raw_reporter(&loaded.certificates, diagnostics) {
        r.duplicates("certificate id", keyed(&raw.certificates));
        r.duplicates("registration id", keyed(&raw.registrations));
    }
    for (_, policy) in &loaded.policies {
        if let Some((mut r, policy)) = reporter(policy, diagnostics) {
            check_policy(&mut r, policy);
        }
    }
    if let Some((mut r, pages)) = reporter(&loaded.pages, diagnostics) {
        for page in &pages.page.0 {
            if !routes::static_paths().any(|path| path == page.path()) {
                let hint = sitegen_diagnostics::did_you_mean(page.path(), routes::static_paths());
                r.report(
                    &page.path.span,
                    ErrorCode::NotAStaticRoute,
                    format!("\"{}\" is not a static route", page.path()),
                    hint,
                );
            }
        }
        r.duplicates(
            "page path",
            pages.page.0.iter().map(|p| (p.path(), &p.path.span)),
        );
    }
}
