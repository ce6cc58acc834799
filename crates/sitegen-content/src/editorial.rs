//! The editors' keys: `draft`, `aliases` (old paths that redirect to an entry) and
//! home.toml's `sections`. Their checks run with the others (see [`run`]); what a
//! production build leaves out and redirects is asked of [`Content`].

use std::collections::HashMap;

use crate::content::Content;
use crate::de::Located;
use crate::load::Loaded;
use crate::model::{HomeSection, NavEntry};
use crate::routes::{self, DataKind};
use sitegen_diagnostics::ErrorCode;
use sitegen_diagnostics::{Diagnostic, SourceFile, Span};

/// How many entries of each kind are drafts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DraftCount {
    /// Draft products.
    pub products: usize,
    /// Draft service entries.
    pub services: usize,
    /// Draft certificates.
    pub certificates: usize,
    /// Draft entries of the home page's sections (testimonials).
    pub home: usize,
}

impl DraftCount {
    /// All drafts together.
    pub fn total(&self) -> usize {
        self.products + self.services + self.certificates + self.home
    }
}

impl Content {
    /// How many entries are drafts.
    pub fn drafts(&self) -> DraftCount {
        DraftCount {
            products: self.products.iter().filter(|p| p.is_draft()).count(),
            services: self.services.iter().filter(|s| s.is_draft()).count(),
            certificates: self.certificates.iter().filter(|c| c.is_draft()).count(),
            home: self.home.drafts(),
        }
    }

    /// Leaves the drafts out, as `sitegen build` publishes the site: every page, list,
    /// data file and redirect is made from what stays. Nothing published may refer to
    /// a draft (checked when loading), so no link breaks.
    pub fn remove_drafts(&mut self) {
        self.products.retain(|p| !p.is_draft());
        self.services.retain(|s| !s.is_draft());
        self.certificates.retain(|c| !c.is_draft());
        self.home.remove_drafts();
    }

    /// Every alias with the (percent-encoded) route it redirects to, in file order:
    /// products, then services.
    pub fn alias_redirects(&self) -> Vec<(String, String)> {
        let products = self.products.iter().flat_map(|p| {
            p.aliases()
                .iter()
                .map(move |a| (a.value.clone(), p.route()))
        });
        let services = self.services.iter().flat_map(|s| {
            s.aliases()
                .iter()
                .map(move |a| (a.value.clone(), s.route()))
        });
        products.chain(services).collect()
    }
}

/// Runs the checks of the editors' keys on what loaded.
pub(crate) fn run(loaded: &Loaded, diagnostics: &mut Vec<Diagnostic>) {
    check_home_sections(loaded, diagnostics);
    check_aliases(loaded, diagnostics);
    check_draft_references(loaded, diagnostics);
}

fn check_home_sections(loaded: &Loaded, diagnostics: &mut Vec<Diagnostic>) {
    let (Some(file), Some(home)) = (&loaded.home.file, &loaded.home.value) else {
        return;
    };
    let Some(sections) = &home.sections else {
        return;
    };
    let mut first: HashMap<&str, &Span> = HashMap::new();
    for name in &sections.value {
        if HomeSection::named(&name.value).is_none() {
            // A prefix counts too: "services" means "services_slider".
            let suggestion = sitegen_diagnostics::did_you_mean(&name.value, HomeSection::names())
                .or_else(|| {
                    HomeSection::names()
                        .find(|known| known.starts_with(name.value.as_str()))
                        .map(|known| format!("did you mean \"{known}\"?"))
                });
            diagnostics.push(Diagnostic::at(
                file,
                &name.span,
                ErrorCode::UnknownHomeSection,
                format!("unknown home section \"{}\"", name.value),
                suggestion,
            ));
        } else if let Some(first_span) = first.get(name.value.as_str()) {
            let line = file.locate(first_span).line;
            diagnostics.push(Diagnostic::at(
                file,
                &name.span,
                ErrorCode::DuplicateHomeSection,
                format!("home section \"{}\" is listed twice", name.value),
                Some(format!("first defined on line {line}")),
            ));
        } else {
            first.insert(&name.value, &name.span);
        }
    }
}

/// An alias with where it is written and what it belongs to.
struct AliasAt<'a> {
    alias: &'a Located<String>,
    file: &'a SourceFile,
    owner: String,
}

fn check_aliases(loaded: &Loaded, diagnostics: &mut Vec<Diagnostic>) {
    let mut all: Vec<AliasAt<'_>> = Vec::new();
    if let (Some(file), Some(products)) = (&loaded.products.file, &loaded.products.value) {
        for product in &products.product.0 {
            all.extend(product.aliases().iter().map(|alias| AliasAt {
                alias,
                file,
                owner: format!("product {}", product.id()),
            }));
        }
    }
    if let (Some(file), Some(services)) = (&loaded.services.file, &loaded.services.value) {
        for service in &services.service.0 {
            all.extend(service.aliases().iter().map(|alias| AliasAt {
                alias,
                file,
                owner: format!("service \"{}\"", service.id()),
            }));
        }
    }
    let service_ids: Vec<String> = loaded
        .services
        .raw
        .iter()
        .flatten()
        .map(|entry| entry.id.value.clone())
        .collect();
    // Compared without case: the client router and some file systems ignore it.
    let mut first: HashMap<String, &AliasAt<'_>> = HashMap::new();
    for at in &all {
        let path = at.alias.value.as_str();
        let problem = match alias_shape_problem(path) {
            Some((what, suggestion)) => Some((
                ErrorCode::InvalidAlias,
                format!("alias \"{path}\" {what}"),
                suggestion,
            )),
            None => alias_route_conflict(path, &service_ids).map(|what| {
                (
                    ErrorCode::AliasConflict,
                    format!("alias \"{path}\" is {what}"),
                    None,
                )
            }),
        };
        if let Some((code, message, suggestion)) = problem {
            diagnostics.push(Diagnostic::at(
                at.file,
                &at.alias.span,
                code,
                message,
                suggestion,
            ));
            continue;
        }
        match first.get(&path.to_lowercase()) {
            Some(earlier) => {
                let line = earlier.file.locate(&earlier.alias.span).line;
                diagnostics.push(Diagnostic::at(
                    at.file,
                    &at.alias.span,
                    ErrorCode::AliasConflict,
                    format!(
                        "alias \"{path}\" is also an alias of {} ({}:{line})",
                        earlier.owner,
                        earlier.file.display_path.display()
                    ),
                    None,
                ));
            }
            None => {
                first.insert(path.to_lowercase(), at);
            }
        }
    }
}

/// Why `path` cannot be an alias because of how it is written, if it cannot: what is
/// wrong (for the message) and, where one can be computed, the path to write instead.
fn alias_shape_problem(path: &str) -> Option<(String, Option<String>)> {
    if !path.starts_with('/') || path == "/" {
        return Some(("does not start with /".into(), None));
    }
    if path.ends_with('/') {
        let trimmed = path.trim_end_matches('/');
        return Some(("ends with /".into(), Some(format!("write \"{trimmed}\""))));
    }
    let allowed = |c: char| c.is_ascii_alphanumeric() || "-._~/!$&'()+,;=@".contains(c);
    if let Some(bad) = path.chars().find(|c| !allowed(*c)) {
        return Some((
            format!("holds {bad:?}, which a path of the site cannot"),
            None,
        ));
    }
    if path.contains("//")
        || path
            .split('/')
            .any(|segment| segment == "." || segment == "..")
    {
        return Some(("has an empty, . or .. segment".into(), None));
    }
    None
}

/// What real route or file `path` would shadow, if any (see [`routes::ROUTES`]).
fn alias_route_conflict(path: &str, service_ids: &[String]) -> Option<String> {
    let lower = path.to_lowercase();
    let same = |route: &str| route.to_lowercase() == lower;
    if routes::static_paths().any(same) || routes::route_aliases().any(|(alias, _)| same(alias)) {
        return Some("a page of the site".into());
    }
    if sitegen_hosts::names::is_written_by_the_build(path) {
        return Some("a file sitegen writes".into());
    }
    // Compared without case, and with the prefix's own folder (`/products/category`).
    let folder = format!("{path}/");
    let (route, rest) = routes::parameterised_routes()
        .into_iter()
        .find_map(|route| {
            let prefix = route.prefix();
            let head = folder.get(..prefix.len())?;
            let rest = &folder[prefix.len()..];
            head.eq_ignore_ascii_case(prefix)
                .then(|| (route, rest.strip_suffix('/').unwrap_or(rest)))
        })?;
    let prefix = route.prefix();
    let first = rest.split('/').next().unwrap_or("");
    match route.data {
        DataKind::Category => Some(format!("under {prefix}, where the category pages are")),
        DataKind::ProductsPages => Some(format!("under {prefix}, where the listing's pages are")),
        DataKind::Product if !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()) => {
            Some(format!(
                "a product URL: {prefix}{{id}} and {prefix}{{id}}/{{any slug}} already redirect to the product's page"
            ))
        }
        DataKind::Service if service_ids.iter().any(|known| known == rest) => {
            Some("a service's page".into())
        }
        DataKind::Registrations
            if crate::values::RegistrationType::ALL
                .iter()
                .any(|kind| kind.as_str().eq_ignore_ascii_case(rest)) =>
        {
            Some("a page of the site".into())
        }
        _ => None,
    }
}

/// The drafts a published entry could link to.
struct Drafts {
    services: Vec<String>,
    products: Vec<u32>,
}

fn check_draft_references(loaded: &Loaded, diagnostics: &mut Vec<Diagnostic>) {
    let drafts = Drafts {
        services: loaded
            .services
            .value
            .iter()
            .flat_map(|file| &file.service.0)
            .filter(|s| s.is_draft())
            .map(|s| s.id().to_string())
            .collect(),
        products: loaded
            .products
            .value
            .iter()
            .flat_map(|file| &file.product.0)
            .filter(|p| p.is_draft())
            .map(|p| p.id())
            .collect(),
    };
    if drafts.services.is_empty() && drafts.products.is_empty() {
        return;
    }
    if let (Some(file), Some(navigation)) = (&loaded.navigation.file, &loaded.navigation.value) {
        let mut links: Vec<&Located<String>> = Vec::new();
        let mut services: Vec<&Located<String>> = Vec::new();
        collect_nav(&navigation.item, &mut links, &mut services);
        let footer = &navigation.footer;
        links.extend(
            footer
                .quick_links
                .iter()
                .chain(&footer.legal_links)
                .map(|l| &l.to),
        );
        for to in links {
            if let Some(what) = draft_behind_route(&to.value, &drafts) {
                report_draft_reference(
                    diagnostics,
                    file,
                    &to.span,
                    &format!("\"{}\" links to {what}", to.value),
                );
            }
        }
        for service in services {
            if drafts.services.contains(&service.value) {
                report_draft_reference(
                    diagnostics,
                    file,
                    &service.span,
                    &format!("the menu links to the draft service \"{}\"", service.value),
                );
            }
        }
    }
    if let (Some(file), Some(home)) = (&loaded.home.file, &loaded.home.value) {
        for service in home
            .services_slider
            .card
            .iter()
            .filter_map(|c| c.service.as_ref())
        {
            if drafts.services.contains(&service.value) {
                report_draft_reference(
                    diagnostics,
                    file,
                    &service.span,
                    &format!(
                        "the services slider links to the draft service \"{}\"",
                        service.value
                    ),
                );
            }
        }
    }
}

fn collect_nav<'a>(
    entries: &'a [Located<NavEntry>],
    links: &mut Vec<&'a Located<String>>,
    services: &mut Vec<&'a Located<String>>,
) {
    for entry in entries {
        links.extend(entry.to.as_ref());
        services.extend(entry.service.as_ref());
        collect_nav(
            entry.entries.as_deref().unwrap_or_default(),
            links,
            services,
        );
    }
}

/// The draft a route shows, described, if it shows one.
fn draft_behind_route(to: &str, drafts: &Drafts) -> Option<String> {
    if let Some(id) = to.strip_prefix(routes::SERVICE.prefix()) {
        let id = routes::percent_decode(id).unwrap_or_else(|| id.to_string());
        return drafts
            .services
            .contains(&id)
            .then(|| format!("the draft service \"{id}\""));
    }
    let rest = to.strip_prefix(routes::PRODUCT.prefix())?;
    let id: u32 = rest.split('/').next()?.parse().ok()?;
    drafts
        .products
        .contains(&id)
        .then(|| format!("the draft product {id}"))
}

fn report_draft_reference(
    diagnostics: &mut Vec<Diagnostic>,
    file: &SourceFile,
    span: &Span,
    message: &str,
) {
    diagnostics.push(Diagnostic::at(
        file,
        span,
        ErrorCode::DraftReference,
        message,
        Some(ErrorCode::DraftReference.hint().into()),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{codes, load_edited, single};

    #[test]
    fn an_unknown_home_section_gets_a_did_you_mean_with_its_position() {
        let report = load_edited(&[(
            "home.toml",
            "[hero]",
            "sections = [\"hero\", \"stat\"]\n\n[hero]",
        )]);
        let shown = single(
            &report,
            ErrorCode::UnknownHomeSection,
            "unknown home section \"stat\"",
        );
        assert!(shown.starts_with("content/home.toml:1:21:"), "{shown}");
        assert!(
            shown.ends_with("= help: did you mean \"stats\"?"),
            "{shown}"
        );
        let report = load_edited(&[("home.toml", "[hero]", "sections = [\"services\"]\n\n[hero]")]);
        assert!(report.diagnostics[0]
            .to_string()
            .ends_with("did you mean \"services_slider\"?"));
    }

    #[test]
    fn a_home_section_listed_twice_is_an_error() {
        let report = load_edited(&[(
            "home.toml",
            "[hero]",
            "sections = [\"map\", \"hero\", \"map\"]\n\n[hero]",
        )]);
        let shown = single(
            &report,
            ErrorCode::DuplicateHomeSection,
            "home section \"map\" is listed twice",
        );
        assert!(
            shown.ends_with("= help: first defined on line 1"),
            "{shown}"
        );
    }

    #[test]
    fn home_sections_are_the_listed_ones_in_order_else_all_in_the_specs_order() {
        let report = load_edited(&[(
            "home.toml",
            "[hero]",
            "sections = [\"map\", \"hero\"]\n\n[hero]",
        )]);
        let content = report.content.expect("valid");
        assert_eq!(
            content.home.sections(),
            [HomeSection::Map, HomeSection::Hero]
        );
        let content = crate::load(&crate::test_support::valid_content())
            .content
            .expect("valid");
        assert_eq!(content.home.sections(), HomeSection::ALL);
    }

    #[test]
    fn drafts_are_counted_and_left_out_of_a_production_build() {
        let report = load_edited(&[
            ("products.toml", "id = 13\n", "id = 13\ndraft = true\n"),
            (
                "services.toml",
                "id = \"Radiology-center\"\n",
                "id = \"Radiology-center\"\ndraft = true\n",
            ),
            (
                "certificates.toml",
                "id = \"gst\"\n",
                "id = \"gst\"\ndraft = true\n",
            ),
            (
                "home.toml",
                "[[testimonials.item]]\n",
                "[[testimonials.item]]\ndraft = true\n",
            ),
        ]);
        assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
        let mut content = report.content.expect("valid");
        let drafts = content.drafts();
        assert_eq!(
            (
                drafts.products,
                drafts.services,
                drafts.certificates,
                drafts.home
            ),
            (1, 1, 1, 1)
        );
        assert_eq!(drafts.total(), 4);
        content.remove_drafts();
        assert!(content.product(13).is_none() && content.service("Radiology-center").is_none());
        assert!(!content.certificates.iter().any(|c| c.id() == "gst"));
        assert_eq!(content.drafts(), DraftCount::default());
    }

    #[test]
    fn a_published_link_to_a_draft_is_an_error() {
        let report = load_edited(&[("products.toml", "id = 12\n", "id = 12\ndraft = true\n")]);
        let shown = single(
            &report,
            ErrorCode::DraftReference,
            "\"/products/12/hemodialysis-machine\" links to the draft product 12",
        );
        assert!(
            shown.contains("publish the entry (remove `draft = true`)"),
            "{shown}"
        );
    }

    #[test]
    fn aliases_are_paths_that_no_page_or_other_alias_uses() {
        let report = load_edited(&[(
            "products.toml",
            "id = 12\n",
            "id = 12\naliases = [\"/old/hemodialysis\", \"/Hemo-Machine.html\"]\n",
        )]);
        assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
        let content = report.content.expect("valid");
        assert_eq!(
            content.alias_redirects(),
            vec![
                (
                    "/old/hemodialysis".to_string(),
                    "/products/12/hemodialysis-machine".to_string()
                ),
                (
                    "/Hemo-Machine.html".to_string(),
                    "/products/12/hemodialysis-machine".to_string()
                ),
            ]
        );
        for (alias, code) in [
            ("old", ErrorCode::InvalidAlias),
            ("/old/", ErrorCode::InvalidAlias),
            ("/old?id=12", ErrorCode::InvalidAlias),
            ("/old/*", ErrorCode::InvalidAlias),
            ("/aboutus", ErrorCode::AliasConflict),
            ("/jobApplicationForm", ErrorCode::AliasConflict),
            ("/products/12", ErrorCode::AliasConflict),
            ("/products/category/x", ErrorCode::AliasConflict),
            ("/products/page/2", ErrorCode::AliasConflict),
            ("/products/category/x/page/2", ErrorCode::AliasConflict),
            ("/railway-registration/PCMM", ErrorCode::AliasConflict),
            ("/sitemap.xml", ErrorCode::AliasConflict),
            ("/Sitemap-12.xml", ErrorCode::AliasConflict),
            ("/assets/app.js", ErrorCode::AliasConflict),
        ] {
            let report = load_edited(&[(
                "products.toml",
                "id = 12\n",
                &format!("id = 12\naliases = [\"{alias}\"]\n"),
            )]);
            assert_eq!(codes(&report), vec![code], "{alias}");
        }
        let report = load_edited(&[
            (
                "products.toml",
                "id = 12\n",
                "id = 12\naliases = [\"/old\"]\n",
            ),
            (
                "services.toml",
                "id = \"Radiology-center\"\n",
                "id = \"Radiology-center\"\naliases = [\"/OLD\"]\n",
            ),
        ]);
        let shown = single(
            &report,
            ErrorCode::AliasConflict,
            "alias \"/OLD\" is also an alias of product 12 (content/products.toml:3)",
        );
        assert!(shown.ends_with(ErrorCode::AliasConflict.hint()), "{shown}");
    }
}
