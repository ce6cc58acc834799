//! `sitegen-links` is sitegen's link check, in two halves that share one route table:
//!
//! - [`check_page_file`] checks a generated page of a build (listed by [`OutputIndex`],
//!   the pages checked in parallel by the renderer) and reports every internal
//!   `href` / `src` (also `poster` and `srcset`) that resolves to no file of the
//!   output (clean URLs and `_redirects` aliases included), and every external URL
//!   that is not well formed. Nothing is fetched.
//! - [`check_sources`] parses the web app's TypeScript with swc and reports route
//!   literals in `<Link to>`, `<NavLink to>`, `<Navigate to>`, `navigate(…)` and
//!   `href` that match no route of the route table.
//!
//! Each problem is a [`Diagnostic`](sitegen_content::Diagnostic) with a code of the catalogue (`E07…`, see
//! `docs/errors.md`), printed like a content problem:
//! `PATH:LINE:COL: error[E0701]: MESSAGE`, the line, a caret and a hint. It is a
//! crate of its own because the source half needs swc (a large dependency) and
//! neither half needs the rest of the renderer: `sitegen check` runs the source half
//! without building. It does not build, render or serve anything.

mod html;
mod source;

pub use crate::html::{check_page, check_page_file, page_urls, url_problem, OutputIndex};
pub use crate::source::{check_source_text, check_sources};

/// One segment of a route pattern.
#[derive(Debug, Clone)]
enum Segment {
    Literal(String),
    /// `:id`: any one non-empty segment.
    Param,
}

/// The routes of the web app (docs/data-contract.md §4): static routes (block routes
/// included), aliases and the parameterised routes.
#[derive(Debug, Clone)]
pub struct RouteTable {
    patterns: Vec<Vec<Segment>>,
}

impl RouteTable {
    /// The site's route table: every declared route but the catch-all
    /// ([`sitegen_content::ROUTES`]).
    pub fn of_site() -> Self {
        let patterns: Vec<&str> = sitegen_content::ROUTES
            .iter()
            .filter(|route| route.kind != sitegen_content::RouteKind::NotFound)
            .map(|route| route.pattern)
            .collect();
        Self::new(&patterns)
    }

    /// A table of `patterns` such as `/`, `/aboutUs` or `/services/:id`.
    pub fn new(patterns: &[&str]) -> Self {
        let patterns = patterns
            .iter()
            .map(|pattern| {
                segments(pattern)
                    .map(|segment| match segment.strip_prefix(':') {
                        Some(_) => Segment::Param,
                        None => Segment::Literal(segment.to_string()),
                    })
                    .collect()
            })
            .collect();
        Self { patterns }
    }

    /// Whether a site-relative URL (`/products?category=x`, `/services/a%20b#top`)
    /// matches a route. Query and fragment are ignored; a trailing `/` is allowed.
    pub fn matches(&self, url: &str) -> bool {
        let path = url.split(['?', '#']).next().unwrap_or("");
        let Some(path) = sitegen_content::routes::percent_decode(path) else {
            return false;
        };
        let wanted: Vec<&str> = segments(&path).collect();
        self.patterns.iter().any(|pattern| {
            pattern.len() == wanted.len()
                && pattern
                    .iter()
                    .zip(&wanted)
                    .all(|(segment, got)| match segment {
                        Segment::Literal(literal) => literal == got,
                        Segment::Param => !got.is_empty(),
                    })
        })
    }
}

/// The segments of a path; `/` has none. Only a trailing `/` is dropped, so a segment
/// with a trailing space stays as it is.
fn segments(path: &str) -> impl Iterator<Item = &str> {
    let path = path.strip_prefix('/').unwrap_or(path);
    let path = path.strip_suffix('/').unwrap_or(path);
    path.split('/').filter(|segment| !segment.is_empty())
}

/// Why an external URL of a page is wrong, if it is: the content's link grammar
/// ([`sitegen_content::link_problem`]), plus the inline `data:` URLs pages may hold;
/// `javascript:` is refused by name.
pub fn external_url_problem(url: &str) -> Option<String> {
    let lower = url.to_ascii_lowercase();
    if lower.starts_with("data:") {
        return None;
    }
    if lower.starts_with("javascript:") {
        return Some(format!("{url:?}: javascript: URLs are not allowed"));
    }
    sitegen_content::link_problem(url).map(|why| format!("malformed URL {url:?}: {why}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_route_table_matches_static_parameterised_and_aliased_routes() {
        let table = RouteTable::of_site();
        for good in [
            "/",
            "/aboutUs",
            "/aboutUs/",
            "/products?category=dialysis",
            "/services/dialysis-center",
            "/services/Emergency%20centre%20setup%20",
            "/railway-registration/PCMM",
            "/products/12/hemodialysis-machine",
            "/products/category/dialysis",
            "/JobApplicationForm",
            "/home-slider",
            "/contact#form",
        ] {
            assert!(table.matches(good), "{good} should match");
        }
        for bad in [
            "/about",
            "/aboutus",
            "/products/12",
            "/products/category",
            "/services/a/b",
            "/nope",
        ] {
            assert!(!table.matches(bad), "{bad} should not match");
        }
    }

    #[test]
    fn external_urls_are_checked_for_shape_only() {
        assert_eq!(
            external_url_problem("https://www.google.com/maps?q=1"),
            None
        );
        assert_eq!(external_url_problem("mailto:info@example.com"), None);
        assert_eq!(external_url_problem("tel:+91 00000 00001"), None);
        assert_eq!(external_url_problem("http://localhost:8080/x"), None);
        assert!(external_url_problem("https://exa mple.com").is_some());
        assert!(external_url_problem("https:///path").is_some());
        assert!(external_url_problem("mailto:").is_some());
        assert!(external_url_problem("javascript:alert(1)").is_some());
        assert!(external_url_problem("htps://x.com").is_some());
    }
}
