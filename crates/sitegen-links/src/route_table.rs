//! The web app's route table, which both halves check route links against.

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
    /// The site's route table: every declared route but the catch-all and the
    /// permalinks ([`sitegen_content::ROUTES`]): a link of the site leads to the page,
    /// not through a permalink's redirect.
    pub fn of_site() -> Self {
        use sitegen_content::RouteKind;
        let patterns: Vec<&str> = sitegen_content::ROUTES
            .iter()
            .filter(|route| !matches!(route.kind, RouteKind::NotFound | RouteKind::Permalink))
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
}
