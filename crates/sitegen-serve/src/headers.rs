//! What a CDN adds to a response: the headers of `dist/_headers` (Netlify /
//! Cloudflare Pages format) and the choice of a precompressed `.br` / `.gz` file.

/// One rule of `_headers`: a path pattern and the headers of the paths it matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeaderRule {
    pub pattern: String,
    pub headers: Vec<(String, String)>,
}

/// Parses `_headers`: a line starting at column 0 is a path pattern; the indented
/// `Name: value` lines below it are its headers; `#` starts a comment line.
pub fn parse_headers(text: &str) -> Vec<HeaderRule> {
    let mut rules: Vec<HeaderRule> = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let indented = line.starts_with([' ', '\t']);
        if !indented {
            rules.push(HeaderRule {
                pattern: trimmed.to_string(),
                headers: Vec::new(),
            });
        } else if let (Some(rule), Some((name, value))) =
            (rules.last_mut(), trimmed.split_once(':'))
        {
            rule.headers
                .push((name.trim().to_string(), value.trim().to_string()));
        }
    }
    rules
}

/// The headers of every rule matching `path`, in file order; a header several rules
/// set gets their values joined with `, ` (as Netlify and Cloudflare Pages do).
pub fn headers_for(rules: &[HeaderRule], path: &str) -> Vec<(String, String)> {
    let mut headers: Vec<(String, String)> = Vec::new();
    for rule in rules
        .iter()
        .filter(|rule| pattern_matches(&rule.pattern, path))
    {
        for (name, value) in &rule.headers {
            match headers
                .iter_mut()
                .find(|(known, _)| known.eq_ignore_ascii_case(name))
            {
                Some((_, joined)) => {
                    joined.push_str(", ");
                    joined.push_str(value);
                }
                None => headers.push((name.clone(), value.clone())),
            }
        }
    }
    headers
}

/// Whether a `_headers` pattern matches a URL path: `*` matches any run of characters
/// (`/` included), `:name` one path segment, everything else itself.
pub fn pattern_matches(pattern: &str, path: &str) -> bool {
    // Patterns may be absolute URLs on the hosts; only the path part is served here.
    let pattern = match pattern.split_once("://") {
        Some((_, rest)) => rest.find('/').map_or("/", |at| &rest[at..]),
        None => pattern,
    };
    matches_from(pattern.as_bytes(), path.as_bytes())
}

fn matches_from(pattern: &[u8], path: &[u8]) -> bool {
    match pattern.first() {
        None => path.is_empty(),
        Some(b'*') => (0..=path.len()).any(|skip| matches_from(&pattern[1..], &path[skip..])),
        Some(b':') => {
            let name_end = pattern[1..]
                .iter()
                .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
                .map_or(pattern.len(), |at| at + 1);
            let segment_end = path.iter().position(|c| *c == b'/').unwrap_or(path.len());
            segment_end > 0 && matches_from(&pattern[name_end..], &path[segment_end..])
        }
        Some(c) => path.first() == Some(c) && matches_from(&pattern[1..], &path[1..]),
    }
}

/// A precompressed twin of a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
}

impl Encoding {
    /// The `Content-Encoding` value.
    pub fn token(self) -> &'static str {
        match self {
            Encoding::Brotli => "br",
            Encoding::Gzip => "gzip",
        }
    }

    /// The suffix of the twin file.
    pub fn suffix(self) -> &'static str {
        match self {
            Encoding::Brotli => "br",
            Encoding::Gzip => "gz",
        }
    }
}

/// The encodings an `Accept-Encoding` header allows, best first (brotli before gzip
/// at equal weight; `q=0` refuses, `*` stands for any encoding not named).
pub fn acceptable_encodings(accept_encoding: &str) -> Vec<Encoding> {
    let mut weights: Vec<(String, f32)> = Vec::new();
    for item in accept_encoding.split(',') {
        let mut parts = item.split(';');
        let token = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        if token.is_empty() {
            continue;
        }
        let weight = parts
            .filter_map(|param| param.trim().strip_prefix("q="))
            .find_map(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        weights.push((token, weight));
    }
    let weight_of = |name: &str, alias: &str| {
        weights
            .iter()
            .find(|(token, _)| token == name || token == alias)
            .or_else(|| weights.iter().find(|(token, _)| token == "*"))
            .map_or(0.0, |(_, weight)| *weight)
    };
    let mut allowed: Vec<(Encoding, f32)> = [
        (Encoding::Brotli, weight_of("br", "br")),
        (Encoding::Gzip, weight_of("gzip", "x-gzip")),
    ]
    .into_iter()
    .filter(|(_, weight)| *weight > 0.0)
    .collect();
    // Stable sort: at equal weight brotli (smaller) stays first.
    allowed.sort_by(|a, b| b.1.total_cmp(&a.1));
    allowed.into_iter().map(|(encoding, _)| encoding).collect()
}

/// Whether files of this content type have precompressed twins.
pub fn is_compressible(content_type: &str) -> bool {
    content_type.starts_with("text/")
        || content_type.starts_with("application/json")
        || content_type.starts_with("application/xml")
        || content_type.starts_with("image/svg+xml")
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADERS: &str = "# comment\n/*\n  X-Content-Type-Options: nosniff\n  Content-Security-Policy: default-src 'self'; script-src 'self'\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n/data/*\n  Cache-Control: public, max-age=0, must-revalidate\n/\n  Cache-Control: public, max-age=0, must-revalidate\n";

    #[test]
    fn headers_files_parse_into_rules() {
        let rules = parse_headers(HEADERS);
        assert_eq!(rules.len(), 4);
        assert_eq!(rules[0].pattern, "/*");
        assert_eq!(
            rules[0].headers[1],
            (
                "Content-Security-Policy".to_string(),
                "default-src 'self'; script-src 'self'".to_string()
            )
        );
    }

    #[test]
    fn splats_match_any_rest_and_placeholders_one_segment() {
        assert!(pattern_matches("/*", "/"));
        assert!(pattern_matches("/*", "/services/Dental centre setup"));
        assert!(pattern_matches("/assets/*", "/assets/index-3f2a.js"));
        assert!(!pattern_matches("/assets/*", "/media/a.png"));
        assert!(pattern_matches("/*.html", "/404.html"));
        assert!(!pattern_matches("/*.html", "/aboutUs"));
        assert!(pattern_matches("/", "/"));
        assert!(!pattern_matches("/", "/aboutUs"));
        assert!(pattern_matches("/services/:id", "/services/x"));
        assert!(!pattern_matches("/services/:id", "/services/x/y"));
        assert!(pattern_matches(
            "https://www.example.com/assets/*",
            "/assets/a.js"
        ));
    }

    #[test]
    fn every_matching_rule_applies() {
        let rules = parse_headers(HEADERS);
        let asset = headers_for(&rules, "/assets/a.js");
        assert_eq!(asset.len(), 3);
        assert!(asset.contains(&(
            "Cache-Control".to_string(),
            "public, max-age=31536000, immutable".to_string()
        )));
        let page = headers_for(&rules, "/aboutUs");
        assert_eq!(page.len(), 2, "{page:?}");
        let home = headers_for(&rules, "/");
        assert_eq!(home.len(), 3, "{home:?}");
    }

    #[test]
    fn a_header_set_by_several_rules_joins_its_values() {
        let rules = parse_headers("/*\n  Link: </a.css>\n/x\n  Link: </b.css>\n");
        assert_eq!(
            headers_for(&rules, "/x"),
            vec![("Link".to_string(), "</a.css>, </b.css>".to_string())]
        );
    }

    #[test]
    fn brotli_is_preferred_when_the_client_accepts_it() {
        use Encoding::*;
        assert_eq!(
            acceptable_encodings("gzip, deflate, br, zstd"),
            vec![Brotli, Gzip]
        );
        assert_eq!(acceptable_encodings("gzip"), vec![Gzip]);
        assert_eq!(
            acceptable_encodings("br;q=0.5, gzip;q=0.8"),
            vec![Gzip, Brotli]
        );
        assert_eq!(acceptable_encodings("br;q=0, gzip"), vec![Gzip]);
        assert_eq!(acceptable_encodings("*"), vec![Brotli, Gzip]);
        assert_eq!(acceptable_encodings("identity"), vec![]);
        assert_eq!(acceptable_encodings(""), vec![]);
    }
}
