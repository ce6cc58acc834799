//! `_headers`, as Netlify and Cloudflare Pages read it: a line starting at column 0 is
//! a path pattern; the indented `Name: value` lines below it are the headers of the
//! paths it matches; `#` starts a comment line.

/// One rule: a path pattern and the headers of the paths it matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeaderRule {
    pub pattern: String,
    pub headers: Vec<(String, String)>,
}

impl HeaderRule {
    /// A rule of `pattern` setting each of `headers`.
    pub fn new<N: Into<String>, V: Into<String>>(
        pattern: impl Into<String>,
        headers: impl IntoIterator<Item = (N, V)>,
    ) -> Self {
        Self {
            pattern: pattern.into(),
            headers: headers
                .into_iter()
                .map(|(name, value)| (name.into(), value.into()))
                .collect(),
        }
    }
}

/// A `_headers` file: a comment at its top, then its rules in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Headers {
    /// The comment lines at the top, without their `# `.
    pub comment: Vec<String>,
    pub rules: Vec<HeaderRule>,
}

impl Headers {
    /// A file with a one-line comment at its top and no rules yet.
    pub fn with_comment(comment: impl Into<String>) -> Self {
        Self {
            comment: vec![comment.into()],
            rules: Vec::new(),
        }
    }

    pub fn push(&mut self, rule: HeaderRule) {
        self.rules.push(rule);
    }

    /// Parses a `_headers` text; a header line before any pattern, or without a `:`,
    /// is skipped, as no host could apply it.
    pub fn parse(text: &str) -> Self {
        let mut parsed = Headers::default();
        for line in text.lines() {
            let trimmed = line.trim();
            if trimmed.is_empty() {
                continue;
            }
            if let Some(comment) = trimmed.strip_prefix('#') {
                if parsed.rules.is_empty() {
                    parsed.comment.push(comment.trim_start().to_string());
                }
                continue;
            }
            let indented = line.starts_with([' ', '\t']);
            if !indented {
                parsed.rules.push(HeaderRule {
                    pattern: trimmed.to_string(),
                    headers: Vec::new(),
                });
            } else if let (Some(rule), Some((name, value))) =
                (parsed.rules.last_mut(), trimmed.split_once(':'))
            {
                rule.headers
                    .push((name.trim().to_string(), value.trim().to_string()));
            }
        }
        parsed
    }

    /// The text of the file: its comment lines, then each pattern with its headers
    /// indented by two spaces.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for comment in &self.comment {
            text.push_str(&format!("# {comment}\n"));
        }
        for rule in &self.rules {
            text.push_str(&rule.pattern);
            text.push('\n');
            for (name, value) in &rule.headers {
                text.push_str(&format!("  {name}: {value}\n"));
            }
        }
        text
    }

    /// The headers of every rule matching `path`, in file order; a header several
    /// rules set gets their values joined with `, ` (as Netlify and Cloudflare Pages
    /// do).
    pub fn headers_for(&self, path: &str) -> Vec<(String, String)> {
        let mut headers: Vec<(String, String)> = Vec::new();
        for rule in self
            .rules
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
}

/// Whether a `_headers` pattern matches a URL path: `*` matches any run of characters
/// (`/` included), `:name` one path segment, everything else itself.
pub fn pattern_matches(pattern: &str, path: &str) -> bool {
    // Patterns may be absolute URLs on the hosts; only the path part is matched here.
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

#[cfg(test)]
mod tests {
    use super::*;

    const HEADERS: &str = "# comment\n/*\n  X-Content-Type-Options: nosniff\n  Content-Security-Policy: default-src 'self'; script-src 'self'\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n/data/*\n  Cache-Control: public, max-age=0, must-revalidate\n/\n  Cache-Control: public, max-age=0, must-revalidate\n";

    #[test]
    fn headers_files_parse_into_rules() {
        let parsed = Headers::parse(HEADERS);
        assert_eq!(parsed.comment, ["comment"]);
        assert_eq!(parsed.rules.len(), 4);
        assert_eq!(parsed.rules[0].pattern, "/*");
        assert_eq!(
            parsed.rules[0].headers[1],
            (
                "Content-Security-Policy".to_string(),
                "default-src 'self'; script-src 'self'".to_string()
            )
        );
    }

    #[test]
    fn the_writer_gives_back_the_text_the_parser_read() {
        assert_eq!(Headers::parse(HEADERS).to_text(), HEADERS);
        let mut written = Headers::with_comment("made here");
        written.push(HeaderRule::new("/x", [("A", "b")]));
        assert_eq!(written.to_text(), "# made here\n/x\n  A: b\n");
        assert_eq!(Headers::parse(&written.to_text()), written);
    }

    #[test]
    fn a_header_without_pattern_or_colon_is_skipped() {
        let parsed = Headers::parse("  A: b\n/x\n  no colon\n  C: d\n");
        assert_eq!(parsed.rules, [HeaderRule::new("/x", [("C", "d")])]);
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
        let parsed = Headers::parse(HEADERS);
        let asset = parsed.headers_for("/assets/a.js");
        assert_eq!(asset.len(), 3);
        assert!(asset.contains(&(
            "Cache-Control".to_string(),
            "public, max-age=31536000, immutable".to_string()
        )));
        let page = parsed.headers_for("/aboutUs");
        assert_eq!(page.len(), 2, "{page:?}");
        let home = parsed.headers_for("/");
        assert_eq!(home.len(), 3, "{home:?}");
    }

    #[test]
    fn a_header_set_by_several_rules_joins_its_values() {
        let parsed = Headers::parse("/*\n  Link: </a.css>\n/x\n  Link: </b.css>\n");
        assert_eq!(
            parsed.headers_for("/x"),
            vec![("Link".to_string(), "</a.css>, </b.css>".to_string())]
        );
    }
}
