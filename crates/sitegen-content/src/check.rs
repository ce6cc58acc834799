//! The checks across entries and files that run on what loaded: duplicates,
//! references between files, routes, counts, placeholders and the warnings.

use std::collections::HashMap;

use crate::codes::ErrorCode;
use crate::de::Located;
use crate::diagnostic::{Diagnostic, SourceFile, Span};
use crate::load::{FileLoad, Loaded, RawEntry, RawRefs};
use crate::model::{EmailSettings, NavEntry, Policy, Site};
use crate::routes::{self, DataKind, Route};
use crate::suggest;
use crate::values::RegistrationType;

/// The placeholders policy texts may use.
pub const PLACEHOLDERS: &[&str] = &["support_email", "company", "address"];

/// Exact list lengths the contract states.
pub mod limits {
    /// Footer e-mail addresses (site.toml `contact.emails`).
    pub const FOOTER_EMAILS: usize = 3;
    /// Footer phone numbers (site.toml `contact.phones`).
    pub const FOOTER_PHONES: usize = 3;
    /// Top bar phone numbers (site.toml `contact.top_bar_phones`).
    pub const TOP_BAR_PHONES: usize = 2;
    /// The longest id that becomes a URL segment (a service or category id).
    pub const MAX_URL_ID_CHARS: usize = 100;
}

/// Why `id` cannot be a URL segment and a folder name, if it cannot: the one rule for
/// every id that becomes part of a route.
pub fn url_id_problem(id: &str) -> Option<String> {
    if id == "." || id == ".." {
        return Some(format!(
            "\"{id}\" would name the folder itself or its parent"
        ));
    }
    let length = id.chars().count();
    if length > limits::MAX_URL_ID_CHARS {
        return Some(format!(
            "it has {length} characters, more than {}",
            limits::MAX_URL_ID_CHARS
        ));
    }
    let allowed = |c: char| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.');
    id.chars().find(|c| !allowed(*c)).map(|c| {
        let shown = if c.is_control() {
            format!("U+{:04X}", c as u32)
        } else {
            format!("\"{c}\"")
        };
        format!("it contains {shown}")
    })
}

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
    products: Option<HashMap<u32, Vec<String>>>,
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
    suggest::did_you_mean_id(
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
        products: loaded.products.value.as_ref().map(|file| {
            let mut slugs: HashMap<u32, Vec<String>> = HashMap::new();
            for product in &file.product.0 {
                slugs.entry(product.id()).or_default().push(product.slug());
            }
            slugs
        }),
    };
    if let Some((mut r, site)) = reporter(&loaded.site, diagnostics) {
        check_site(&mut r, site);
    }
    check_catalogue(loaded, diagnostics);
    check_products(loaded, &targets, diagnostics);
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
                let hint = suggest::did_you_mean(page.path(), routes::static_paths());
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

fn check_site(r: &mut Reporter<'_>, site: &Site) {
    if site.base_url().ends_with('/') {
        r.report(
            &site.base_url.span,
            ErrorCode::InvalidUrl,
            format!("base_url \"{}\" must not end with /", site.base_url()),
            Some(format!(
                "write \"{}\"",
                site.base_url().trim_end_matches('/')
            )),
        );
    }
    let contact = &site.contact;
    let counts = [
        (
            "contact.emails",
            contact.emails.len(),
            &contact.emails.span,
            limits::FOOTER_EMAILS,
            "e-mail addresses",
        ),
        (
            "contact.phones",
            contact.phones.len(),
            &contact.phones.span,
            limits::FOOTER_PHONES,
            "phone numbers",
        ),
        (
            "contact.top_bar_phones",
            contact.top_bar_phones.len(),
            &contact.top_bar_phones.span,
            limits::TOP_BAR_PHONES,
            "phone numbers",
        ),
    ];
    for (key, found, span, expected, what) in counts {
        if found != expected {
            r.report(
                span,
                ErrorCode::WrongCount,
                format!("{key} must list exactly {expected} {what}, found {found}"),
                None,
            );
        }
    }
    check_email_settings(r, &site.email);
}

/// Whether an EmailJS value is still a placeholder.
pub fn is_placeholder_key(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    value.starts_with("YOUR_")
        || lower.starts_with("your_")
        || lower.contains("placeholder")
        || lower.contains("example")
}

fn check_email_settings(r: &mut Reporter<'_>, email: &EmailSettings) {
    let templates = &email.templates.value;
    let keys: [(&str, &Located<crate::values::Text>); 5] = [
        ("email.public_key", &email.public_key),
        ("email.service_id", &email.service_id),
        ("email.templates.contact", &templates.contact),
        ("email.templates.enquiry", &templates.enquiry),
        ("email.templates.quote", &templates.quote),
    ];
    let job = templates
        .job
        .as_ref()
        .map(|job| ("email.templates.job", job));
    for (key, value) in keys.into_iter().chain(job) {
        if is_placeholder_key(&value.value) {
            r.report(
                &value.span,
                ErrorCode::PlaceholderEmailKey,
                format!("{key} \"{}\" is a placeholder", value.value),
                None,
            );
        }
    }
    if templates.job.is_none() {
        r.report(
            &email.templates.span,
            ErrorCode::JobTemplateMissing,
            "no email.templates.job: job applications are simulated and not delivered".into(),
            None,
        );
    }
}

fn check_catalogue(loaded: &Loaded, diagnostics: &mut Vec<Diagnostic>) {
    let Some((mut r, categories)) = raw_reporter(&loaded.catalogue, diagnostics) else {
        return;
    };
    r.duplicates("category id", keyed(categories.iter().map(|c| &c.id)));
    r.url_ids("category", keyed(categories.iter().map(|c| &c.id)));
    r.duplicates(
        "category name",
        keyed(categories.iter().filter_map(|c| c.name.as_ref())),
    );
}

fn check_products(loaded: &Loaded, targets: &Targets<'_>, diagnostics: &mut Vec<Diagnostic>) {
    let (Some(file), Some(raw_products)) = (&loaded.products.file, &loaded.products.raw) else {
        return;
    };
    let mut r = Reporter { file, diagnostics };
    if let Some(products) = &loaded.products.value {
        for product in &products.product.0 {
            if product.id() == 0 {
                r.report(
                    &product.id.span,
                    ErrorCode::NumberOutOfRange,
                    "product id must be a positive integer, found 0".into(),
                    None,
                );
            }
        }
    }
    // The checks below read the products as written, so that a product with a
    // wrong field elsewhere (a missing image, say) still gets these reported.
    r.duplicates(
        "product id",
        raw_products
            .iter()
            .filter_map(|p| p.id.as_ref().map(|id| (id.value.as_str(), &id.span))),
    );
    let Some(categories) = targets.categories else {
        return;
    };
    for product in raw_products {
        let Some(category) = &product.category else {
            continue;
        };
        // With duplicate ids (reported elsewhere) the first definition counts.
        let Some(entry) = categories.iter().find(|c| c.id.value == category.value) else {
            r.report(
                &category.span,
                ErrorCode::UnknownCategory,
                format!("unknown category \"{}\"", category.value),
                suggest_id(&category.value, categories),
            );
            continue;
        };
        let (Some(subcategory), Some(names)) = (&product.subcategory, &entry.subcategories) else {
            continue;
        };
        if !names.contains(&subcategory.value) {
            let hint = suggest::did_you_mean(&subcategory.value, names.iter().map(String::as_str))
                .unwrap_or_else(|| format!("\"{}\" has: {}", entry.id.value, names.join(", ")));
            r.report(
                &subcategory.span,
                ErrorCode::UnknownSubcategory,
                format!(
                    "subcategory \"{}\" is not in category \"{}\"",
                    subcategory.value, entry.id.value
                ),
                Some(hint),
            );
        }
    }
}

fn check_gallery(r: &mut Reporter<'_>, service: &crate::model::ServiceEntry) {
    if !service.has_gallery {
        return;
    }
    let expected = service.gallery_count.value as usize;
    match &service.gallery {
        Some(gallery) if gallery.len() != expected => r.report(
            &gallery.span,
            ErrorCode::GalleryCount,
            format!(
                "gallery has {} images but gallery_count is {expected}",
                gallery.len()
            ),
            None,
        ),
        Some(_) => {}
        None => r.report(
            &service.gallery_count.span,
            ErrorCode::GalleryCount,
            format!("has_gallery is true but there is no gallery (gallery_count is {expected})"),
            None,
        ),
    }
}

fn check_service_ref(r: &mut Reporter<'_>, service: &Located<String>, targets: &Targets<'_>) {
    let Some(services) = targets.services else {
        return;
    };
    if !ids(services).any(|id| id == service.value) {
        r.report(
            &service.span,
            ErrorCode::UnknownService,
            format!("unknown service \"{}\"", service.value),
            suggest_id(&service.value, services),
        );
    }
}

/// A navigation entry has exactly one of `to` and `service` (its references are
/// checked from the file as written, in [`check_refs`]).
fn check_nav_target(r: &mut Reporter<'_>, entry: &Located<NavEntry>) {
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
fn check_refs(r: &mut Reporter<'_>, refs: &RawRefs, targets: &Targets<'_>) {
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

/// Whether `to` is a route of data-contract §4 ([`routes::ROUTES`]); `Err` holds the hint.
fn route_problem(to: &str, targets: &Targets<'_>) -> Option<Option<String>> {
    if routes::is_static_or_alias(to) {
        return None;
    }
    match routes::parameterised_under(to) {
        Some((route, rest)) => parameter_problem(route, rest, targets),
        None => {
            let candidates =
                routes::static_paths().chain(routes::route_aliases().map(|(alias, _)| alias));
            Some(suggest::did_you_mean(to, candidates))
        }
    }
}

/// Whether `rest`, the part of a path after `route`'s prefix, names one of the pages
/// the route expands to.
fn parameter_problem(route: &Route, rest: &str, targets: &Targets<'_>) -> Option<Option<String>> {
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
            let Some(products) = &targets.products else {
                return None;
            };
            match products.get(&id) {
                Some(slugs) if slugs.iter().any(|s| s == slug) => None,
                Some(slugs) => Some(Some(format!(
                    "did you mean \"{}\"?",
                    route.path_with(&[&id.to_string(), slugs.first().map_or("", String::as_str)])
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
fn hint_under<'a>(
    prefix: &str,
    segment: &str,
    known: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    suggest::did_you_mean(segment, known).map(|hint| with_prefix(&hint, prefix))
}

/// `did you mean "x"?` → `did you mean "PREFIXx"?`.
fn with_prefix(hint: &str, prefix: &str) -> String {
    hint.replace("did you mean \"", &format!("did you mean \"{prefix}"))
}

fn check_route(r: &mut Reporter<'_>, to: &Located<String>, targets: &Targets<'_>) {
    if let Some(hint) = route_problem(&to.value, targets) {
        r.report(
            &to.span,
            ErrorCode::UnknownRoute,
            format!("\"{}\" is not a route of the site", to.value),
            hint,
        );
    }
}

fn check_home(loaded: &Loaded, targets: &Targets<'_>, diagnostics: &mut Vec<Diagnostic>) {
    if let Some((mut r, refs)) = raw_reporter(&loaded.home, diagnostics) {
        check_refs(&mut r, refs, targets);
    }
    let Some((mut r, home)) = reporter(&loaded.home, diagnostics) else {
        return;
    };
    for stat in &home.stats.item {
        if stat.value.value.value < 0.0 {
            r.report(
                &stat.value.span,
                ErrorCode::NegativeStat,
                format!("statistic \"{}\" has a negative value", stat.label),
                None,
            );
        }
    }
}

/// The `{name}` placeholders of a text, with their byte ranges in it.
pub(crate) fn placeholders(text: &str) -> Vec<(std::ops::Range<usize>, &str)> {
    let mut found = Vec::new();
    let mut search_from = 0;
    while let Some(open) = text[search_from..].find('{').map(|i| search_from + i) {
        let name_start = open + 1;
        let name_end = text[name_start..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(text.len(), |i| name_start + i);
        if name_end > name_start && text[name_end..].starts_with('}') {
            found.push((open..name_end + 1, &text[name_start..name_end]));
            search_from = name_end + 1;
        } else {
            search_from = name_start;
        }
    }
    found
}

fn check_placeholders(r: &mut Reporter<'_>, text: &Located<crate::values::Text>) {
    for (_, name) in placeholders(&text.value) {
        if PLACEHOLDERS.contains(&name) {
            continue;
        }
        let written = format!("{{{name}}}");
        // Point at the placeholder itself when the source spells it literally.
        let span = r
            .file
            .slice(&text.span)
            .find(&written)
            .map_or(text.span.clone(), |i| {
                text.span.start + i..text.span.start + i + written.len()
            });
        let hint = suggest::did_you_mean(name, PLACEHOLDERS.iter().copied())
            .map(|h| h.replace("mean \"", "mean \"{").replace("\"?", "}\"?"));
        r.report(
            &span,
            ErrorCode::UnknownPlaceholder,
            format!("unknown placeholder {written}"),
            hint,
        );
    }
}

fn check_policy(r: &mut Reporter<'_>, policy: &Policy) {
    check_placeholders(r, &policy.title);
    for text in policy.intro.iter().flatten() {
        check_placeholders(r, text);
    }
    for section in policy.section.iter().flatten() {
        check_placeholders(r, &section.heading);
        for text in section
            .paragraphs
            .iter()
            .flatten()
            .chain(section.bullets.iter().flatten())
        {
            check_placeholders(r, text);
        }
    }
}

/// Fills `{support_email}`, `{company}` and `{address}` from site.toml; other
/// braces stay as written.
pub fn fill_placeholders(text: &str, site: &Site) -> String {
    let mut filled = String::with_capacity(text.len());
    let mut last = 0;
    for (range, name) in placeholders(text) {
        let value = match name {
            "support_email" => site.contact.support_email.as_str(),
            "company" => site.name(),
            "address" => site.contact.address.as_str(),
            _ => continue,
        };
        filled.push_str(&text[last..range.start]);
        filled.push_str(value);
        last = range.end;
    }
    filled.push_str(&text[last..]);
    filled
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_in_urls_follow_one_rule() {
        for good in [
            "dialysis-center",
            "Dental centre setup",
            "Emergency centre setup ",
            "a.b_c",
        ] {
            assert_eq!(url_id_problem(good), None, "{good}");
        }
        let long = "x".repeat(limits::MAX_URL_ID_CHARS + 1);
        for bad in [
            ".",
            "..",
            "a/b",
            "a\\b",
            "a\0b",
            "a?b",
            "a#b",
            "a%20b",
            long.as_str(),
        ] {
            assert!(url_id_problem(bad).is_some(), "{bad:?} was accepted");
        }
        assert_eq!(
            url_id_problem("a\0b").as_deref(),
            Some("it contains U+0000")
        );
    }
    use crate::test_support::{codes, load_edited, single};

    #[test]
    fn duplicate() {
        let report = load_edited(&[("products.toml", "id = 13", "id = 12")]);
        let shown = single(&report, ErrorCode::Duplicate, "duplicate product id \"12\"");
        assert!(
            shown.ends_with("= help: first defined on line 2"),
            "{shown}"
        );
        for (file, from, to, message) in [
            (
                "services.toml",
                "id = \"Radiology-center\"",
                "id = \"dialysis-center\"",
                "duplicate service id \"dialysis-center\"",
            ),
            (
                "catalogue.toml",
                "id = \"radiology\"",
                "id = \"dialysis\"",
                "duplicate category id \"dialysis\"",
            ),
            (
                "catalogue.toml",
                "name = \"Radiology Products\"",
                "name = \"Dialysis Products\"",
                "duplicate category name \"Dialysis Products\"",
            ),
            (
                "certificates.toml",
                "id = \"gst\"",
                "id = \"iso-9001\"",
                "duplicate certificate id \"iso-9001\"",
            ),
            (
                "certificates.toml",
                "id = \"pcmd-western-railway\"",
                "id = \"pcmm-central-railway\"",
                "duplicate registration id \"pcmm-central-railway\"",
            ),
            (
                "pages.toml",
                "path = \"/contact\"",
                "path = \"/products\"",
                "duplicate page path \"/products\"",
            ),
        ] {
            let report = load_edited(&[(file, from, to)]);
            let duplicates: Vec<&str> = report
                .diagnostics
                .iter()
                .filter(|d| d.code == ErrorCode::Duplicate)
                .map(|d| d.message.as_str())
                .collect();
            assert_eq!(duplicates, vec![message]);
        }
    }

    #[test]
    fn unknown_category() {
        let report = load_edited(&[(
            "products.toml",
            "category = \"radiology\"",
            "category = \"radiologi\"",
        )]);
        let shown = single(
            &report,
            ErrorCode::UnknownCategory,
            "unknown category \"radiologi\"",
        );
        assert!(
            shown.ends_with("= help: did you mean \"radiology\"?"),
            "{shown}"
        );
        let report = load_edited(&[(
            "home.toml",
            "category = \"ophthalmic\"",
            "category = \"opthalmic\"",
        )]);
        single(
            &report,
            ErrorCode::UnknownCategory,
            "unknown category \"opthalmic\"",
        );
    }

    #[test]
    fn every_error_of_one_product_is_reported_in_one_run() {
        // A missing image used to drop the product before its references were
        // checked, so fixing it took one run per problem.
        let report = load_edited(&[(
            "products.toml",
            "category = \"dialysis\"\nsubcategory = \"Dialysis Machines\"\nimage = \"media/products/hemodialysis.svg\"",
            "category = \"dialisys\"\nsubcategory = \"Dialysis Machines\"\nimage = \"media/products/missing.svg\"\ncolour = 1",
        ), (
            "products.toml",
            "id = 13",
            "id = 12",
        ), (
            "products.toml",
            "subcategory = \"Dialysis Equipments\"",
            "subcategory = \"Dialysis Equipment\"\nimage = \"media/nope.svg\"",
        )]);
        assert_eq!(
            codes(&report),
            vec![
                ErrorCode::UnknownCategory,
                ErrorCode::MediaMissing,
                ErrorCode::UnknownKey,
                ErrorCode::Duplicate,
                ErrorCode::UnknownSubcategory,
                ErrorCode::MediaMissing,
            ],
            "{:#?}",
            report.diagnostics
        );
    }

    #[test]
    fn a_broken_field_hides_no_reference_or_duplicate_elsewhere_in_its_file() {
        // Each edit breaks an entry's media (which drops the typed entry, or the
        // whole home page) and adds a cross-file problem that must still show.
        type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a [ErrorCode]);
        let cases: [Case<'_>; 5] = [
            (
                "home.toml",
                &[
                    ("media/partners/acme.svg", "media/partners/nope.svg"),
                    ("category = \"ophthalmic\"", "category = \"opthalmic\""),
                    (
                        "service = \"dialysis-center\"",
                        "service = \"dialysis-centre\"",
                    ),
                ],
                &[
                    ErrorCode::MediaMissing,
                    ErrorCode::UnknownCategory,
                    ErrorCode::UnknownService,
                ],
            ),
            (
                "navigation.toml",
                &[
                    ("label = \"Home\"", "label = 7"),
                    ("to = \"/products\"", "to = \"/product\""),
                ],
                &[ErrorCode::WrongType, ErrorCode::UnknownRoute],
            ),
            (
                "catalogue.toml",
                &[
                    ("media/categories/dialysis.svg", "media/categories/nope.svg"),
                    (
                        "name = \"Dialysis Products\"",
                        "name = \"Ophthalmic Products\"",
                    ),
                ],
                &[ErrorCode::Duplicate, ErrorCode::MediaMissing],
            ),
            (
                "certificates.toml",
                &[
                    ("media/certificates/iso.svg", "media/certificates/nope.svg"),
                    ("id = \"gst\"", "id = \"iso-9001\""),
                ],
                &[ErrorCode::MediaMissing, ErrorCode::Duplicate],
            ),
            (
                "services.toml",
                &[
                    ("media/services/radiology.svg", "media/services/nope.svg"),
                    ("id = \"Radiology-center\"", "id = \"dialysis-center\""),
                ],
                &[ErrorCode::Duplicate, ErrorCode::MediaMissing],
            ),
        ];
        for (file, edits, expected) in cases {
            let edits: Vec<(&str, &str, &str)> =
                edits.iter().map(|(from, to)| (file, *from, *to)).collect();
            let report = load_edited(&edits);
            assert_eq!(
                codes(&report),
                expected.to_vec(),
                "{file}: {:#?}",
                report.diagnostics
            );
        }
    }

    #[test]
    fn a_name_where_an_id_belongs_suggests_the_id() {
        for (file, from, to) in [
            (
                "products.toml",
                "category = \"radiology\"",
                "category = \"Radiology Products\"",
            ),
            (
                "home.toml",
                "category = \"ophthalmic\"",
                "category = \"Ophthalmic Products\"",
            ),
            (
                "navigation.toml",
                "service = \"dialysis-center\"",
                "service = \"Dialysis Center Setup\"",
            ),
        ] {
            let report = load_edited(&[(file, from, to)]);
            assert_eq!(
                report.diagnostics.len(),
                1,
                "{file}: {:?}",
                report.diagnostics
            );
            let hint = report.diagnostics[0].hint.clone().unwrap_or_default();
            let id = from.split('"').nth(1).unwrap_or_default();
            assert_eq!(hint, format!("did you mean \"{id}\"?"), "{file}");
        }
        let report = load_edited(&[(
            "navigation.toml",
            "to = \"/contact\"",
            "to = \"/services/Dialysis%20Center%20Setup\"",
        )]);
        assert_eq!(
            report.diagnostics[0].hint.as_deref(),
            Some("did you mean \"/services/dialysis-center\"?")
        );
    }

    #[test]
    fn without_a_suggestion_a_reference_gets_the_catalogue_hint() {
        let report = load_edited(&[(
            "products.toml",
            "category = \"radiology\"",
            "category = \"veterinary\"",
        )]);
        assert_eq!(
            report.diagnostics[0].hint.as_deref(),
            Some(ErrorCode::UnknownCategory.hint())
        );
    }

    #[test]
    fn unknown_category_is_not_reported_for_a_category_that_failed_to_load() {
        let report = load_edited(&[(
            "catalogue.toml",
            "short_name = \"Radiology\"",
            "short_name = 3",
        )]);
        assert_eq!(codes(&report), vec![ErrorCode::WrongType]);
    }

    #[test]
    fn unknown_subcategory() {
        let report = load_edited(&[(
            "products.toml",
            "subcategory = \"Dialysis Equipments\"",
            "subcategory = \"Dialysis Equipment\"",
        )]);
        let shown = single(
            &report,
            ErrorCode::UnknownSubcategory,
            "subcategory \"Dialysis Equipment\" is not in category \"dialysis\"",
        );
        assert!(
            shown.ends_with("did you mean \"Dialysis Equipments\"?"),
            "{shown}"
        );
    }

    #[test]
    fn unknown_service() {
        let report = load_edited(&[(
            "navigation.toml",
            "service = \"dialysis-center\"",
            "service = \"dialysis-centre\"",
        )]);
        let shown = single(
            &report,
            ErrorCode::UnknownService,
            "unknown service \"dialysis-centre\"",
        );
        assert!(
            shown.ends_with("did you mean \"dialysis-center\"?"),
            "{shown}"
        );
        let report = load_edited(&[(
            "home.toml",
            "service = \"dialysis-center\"",
            "service = \"dialysis\"",
        )]);
        single(
            &report,
            ErrorCode::UnknownService,
            "unknown service \"dialysis\"",
        );
    }

    #[test]
    fn unknown_route() {
        for (from, to, message) in [
            (
                "to = \"/contact\"",
                "to = \"/contacts\"",
                "\"/contacts\" is not a route of the site",
            ),
            (
                "to = \"/railway-registration/PCMD\"",
                "to = \"/railway-registration/PCMX\"",
                "\"/railway-registration/PCMX\" is not a route of the site",
            ),
            (
                "to = \"/services/dialysis-center\"",
                "to = \"/services/dialysis\"",
                "\"/services/dialysis\" is not a route of the site",
            ),
            (
                "to = \"/products/12/hemodialysis-machine\"",
                "to = \"/products/12/hemodialysis\"",
                "\"/products/12/hemodialysis\" is not a route of the site",
            ),
            (
                "to = \"/products/12/hemodialysis-machine\"",
                "to = \"/products/99/x\"",
                "\"/products/99/x\" is not a route of the site",
            ),
            (
                "to = \"/products/12/hemodialysis-machine\"",
                "to = \"/products/category/dialysys\"",
                "\"/products/category/dialysys\" is not a route of the site",
            ),
        ] {
            let report = load_edited(&[("navigation.toml", from, to)]);
            single(&report, ErrorCode::UnknownRoute, message);
        }
        let report = load_edited(&[("navigation.toml", "to = \"/contact\"", "to = \"/contacts\"")]);
        assert!(report.diagnostics[0]
            .to_string()
            .ends_with("did you mean \"/contact\"?"));
    }

    #[test]
    fn a_category_page_is_a_route_and_a_misspelt_one_gets_a_hint() {
        let report = load_edited(&[(
            "navigation.toml",
            "to = \"/contact\"",
            "to = \"/products/category/dialysis\"",
        )]);
        assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
        let report = load_edited(&[(
            "navigation.toml",
            "to = \"/contact\"",
            "to = \"/products/category/dialysys\"",
        )]);
        assert!(report.diagnostics[0]
            .to_string()
            .ends_with("did you mean \"/products/category/dialysis\"?"));
    }

    #[test]
    fn route_aliases_and_encoded_service_ids_are_routes() {
        let report = load_edited(&[(
            "navigation.toml",
            "to = \"/contact\"",
            "to = \"/JobApplicationForm\"",
        )]);
        assert!(report.diagnostics.is_empty());
    }

    #[test]
    fn not_a_static_route() {
        let report = load_edited(&[(
            "pages.toml",
            "path = \"/contact\"",
            "path = \"/services/dialysis-center\"",
        )]);
        single(
            &report,
            ErrorCode::NotAStaticRoute,
            "\"/services/dialysis-center\" is not a static route",
        );
    }

    #[test]
    fn navigation_target() {
        let report = load_edited(&[(
            "navigation.toml",
            "label = \"Contact\"\nto = \"/contact\"",
            "label = \"Contact\"",
        )]);
        single(
            &report,
            ErrorCode::NavigationTarget,
            "navigation entry \"Contact\" has neither `to` nor `service`",
        );
        let report = load_edited(&[(
            "navigation.toml",
            "to = \"/contact\"",
            "to = \"/contact\"\nservice = \"dialysis-center\"",
        )]);
        single(
            &report,
            ErrorCode::NavigationTarget,
            "navigation entry \"Contact\" has both `to` and `service`",
        );
    }

    #[test]
    fn gallery_count() {
        let report = load_edited(&[("services.toml", "gallery_count = 2", "gallery_count = 7")]);
        single(
            &report,
            ErrorCode::GalleryCount,
            "gallery has 2 images but gallery_count is 7",
        );
        let report = load_edited(&[(
            "services.toml",
            "has_gallery = false\ngallery_count = 3",
            "has_gallery = true\ngallery_count = 3",
        )]);
        single(
            &report,
            ErrorCode::GalleryCount,
            "has_gallery is true but there is no gallery (gallery_count is 3)",
        );
    }

    #[test]
    fn wrong_count() {
        let report = load_edited(&[("site.toml", ", \"support@medical.test\"]", "]")]);
        single(
            &report,
            ErrorCode::WrongCount,
            "contact.emails must list exactly 3 e-mail addresses, found 2",
        );
        let report = load_edited(&[(
            "site.toml",
            "top_bar_phones = [\"+91 00000 00001\", ",
            "top_bar_phones = [",
        )]);
        single(
            &report,
            ErrorCode::WrongCount,
            "contact.top_bar_phones must list exactly 2 phone numbers, found 1",
        );
    }

    #[test]
    fn unknown_placeholder() {
        let report = load_edited(&[(
            "policies/privacy.toml",
            "Write to {support_email}",
            "Write to {suport_email}",
        )]);
        let shown = single(
            &report,
            ErrorCode::UnknownPlaceholder,
            "unknown placeholder {suport_email}",
        );
        assert!(
            shown.starts_with("content/policies/privacy.toml:7:25:"),
            "{shown}"
        );
        assert!(shown.contains("  ^^^^^^^^^^^^^^\n"), "{shown}");
        assert!(
            shown.ends_with("did you mean \"{support_email}\"?"),
            "{shown}"
        );
    }

    #[test]
    fn negative_stat() {
        let report = load_edited(&[("home.toml", "value = 100", "value = -100")]);
        single(
            &report,
            ErrorCode::NegativeStat,
            "statistic \"Government Customers\" has a negative value",
        );
    }

    #[test]
    fn placeholder_email_key() {
        let report = load_edited(&[(
            "site.toml",
            "public_key = \"pk_live_1234\"",
            "public_key = \"YOUR_PUBLIC_KEY\"",
        )]);
        single(
            &report,
            ErrorCode::PlaceholderEmailKey,
            "email.public_key \"YOUR_PUBLIC_KEY\" is a placeholder",
        );
        assert!(is_placeholder_key("template_placeholder"));
        assert!(is_placeholder_key("example-service"));
        assert!(!is_placeholder_key("service_abc"));
    }

    #[test]
    fn job_template_missing() {
        let report = load_edited(&[("site.toml", "job = \"template_job\"\n", "")]);
        single(
            &report,
            ErrorCode::JobTemplateMissing,
            "no email.templates.job: job applications are simulated and not delivered",
        );
        assert!(report.content.is_some());
    }

    #[test]
    fn placeholders_are_found_and_filled() {
        let found: Vec<&str> = placeholders("a {company} {x-y} {} {address}}")
            .into_iter()
            .map(|(_, n)| n)
            .collect();
        assert_eq!(found, vec!["company", "address"]);
        let report = crate::load(&crate::test_support::valid_content());
        let content = report.content.unwrap();
        assert_eq!(
            fill_placeholders("{company} at {address}, {support_email} {other}", &content.site),
            "Vasai Medical Systems Pvt. Ltd. at Unit 1, Vasai (East), Palghar, Maharashtra 401208, India, support@medical.test {other}"
        );
    }
}
