//! `_redirects`, as Netlify, Cloudflare Pages and GitLab Pages read it: `FROM TO
//! [STATUS]` per line, first match wins, `#` starts a comment. `FROM` may hold `:name`
//! placeholders (a whole segment) and end in a `*` splat, which make the rule dynamic;
//! `TO` may use them (`:name`, `:splat`). Status 200 serves `TO` in place; others
//! redirect.

use std::fmt;

use sitegen_diagnostics::percent::percent_decode;

/// The status of a rule whose line names none.
pub const DEFAULT_STATUS: u16 = 301;

/// One rule: requests for `from` go to `to`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RedirectRule {
    /// The source path (percent-encoded), maybe with placeholders and a splat.
    pub from: String,
    /// The target path or URL (percent-encoded).
    pub to: String,
    /// 200 serves `to` in place (a rewrite); 301, 302, 307, 308 redirect.
    pub status: u16,
}

impl RedirectRule {
    pub fn new(from: impl Into<String>, to: impl Into<String>, status: u16) -> Self {
        Self {
            from: from.into(),
            to: to.into(),
            status,
        }
    }

    /// Whether the source has a `:placeholder` or a `*` splat.
    pub fn is_dynamic(&self) -> bool {
        self.from.contains('*') || self.from.split('/').any(|segment| segment.starts_with(':'))
    }

    /// The rule's line, without its newline.
    pub fn line(&self) -> String {
        self.to_string()
    }

    /// Characters of the rule's line, as hosts limit them.
    pub fn line_chars(&self) -> usize {
        self.from.chars().count() + self.to.chars().count() + self.status.to_string().len() + 2
    }

    /// Bytes of the rule's line with its newline.
    fn line_bytes(&self) -> usize {
        self.from.len() + self.to.len() + self.status.to_string().len() + 3
    }
}

impl fmt::Display for RedirectRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.from, self.to, self.status)
    }
}

/// A `_redirects` file: a comment at its top, then its rules in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Redirects {
    /// The comment lines at the top, without their `# `.
    pub comment: Vec<String>,
    pub rules: Vec<RedirectRule>,
}

/// What a rule makes of a request path.
#[derive(Debug, PartialEq, Eq)]
pub enum Target {
    /// Answer with a redirect to this location.
    Redirect(String),
    /// Serve this (decoded) path instead.
    Rewrite(String),
}

impl Redirects {
    /// A file with a one-line comment at its top and no rules yet.
    pub fn with_comment(comment: impl Into<String>) -> Self {
        Self {
            comment: vec![comment.into()],
            rules: Vec::new(),
        }
    }

    pub fn push(&mut self, rule: RedirectRule) {
        self.rules.push(rule);
    }

    /// Parses a `_redirects` text. Comments and blank lines are skipped (the comment
    /// lines before the first rule are kept as its comment); a line without a target,
    /// or whose status is not a number, is no rule to a host and is skipped too.
    pub fn parse(text: &str) -> Self {
        let mut redirects = Redirects::default();
        for line in text.lines().map(str::trim) {
            if let Some(comment) = line.strip_prefix('#') {
                if redirects.rules.is_empty() {
                    redirects.comment.push(comment.trim_start().to_string());
                }
                continue;
            }
            let mut fields = line.split_whitespace();
            let (Some(from), Some(to)) = (fields.next(), fields.next()) else {
                continue;
            };
            let status = match fields.next() {
                // A forced rule (`301!`) has the same status.
                Some(status) => match status.trim_end_matches('!').parse() {
                    Ok(status) => status,
                    Err(_) => continue,
                },
                None => DEFAULT_STATUS,
            };
            redirects.push(RedirectRule::new(from, to, status));
        }
        redirects
    }

    /// The text of the file: its comment lines, then one line per rule.
    pub fn to_text(&self) -> String {
        let mut text = String::with_capacity(self.bytes());
        for comment in &self.comment {
            text.push_str(&format!("# {comment}\n"));
        }
        for rule in &self.rules {
            text.push_str(&format!("{rule}\n"));
        }
        text
    }

    /// The length of [`Redirects::to_text`] in bytes.
    pub fn bytes(&self) -> usize {
        self.comment_bytes()
            + self
                .rules
                .iter()
                .map(RedirectRule::line_bytes)
                .sum::<usize>()
    }

    /// Bytes of the comment lines.
    pub fn comment_bytes(&self) -> usize {
        self.comment.iter().map(|line| line.len() + 3).sum()
    }

    /// The source paths of the rules, without a trailing `/`.
    pub fn sources(&self) -> impl Iterator<Item = &str> {
        self.rules
            .iter()
            .map(|rule| rule.from.trim_end_matches('/'))
    }

    /// What the first rule that matches the decoded `path` (one trailing `/` ignored)
    /// makes of it, if any rule does.
    pub fn apply(&self, path: &str) -> Option<Target> {
        let path = if path.len() > 1 {
            path.trim_end_matches('/')
        } else {
            path
        };
        self.rules.iter().find_map(|rule| {
            let bindings = matches(&percent_decode(&rule.from)?, path)?;
            let mut target = rule.to.clone();
            // Longest names first, so `:splat` is not read as `:s…`.
            let mut names: Vec<&(String, String)> = bindings.iter().collect();
            names.sort_by_key(|(name, _)| std::cmp::Reverse(name.len()));
            for (name, value) in names {
                target = target.replace(&format!(":{name}"), value);
            }
            Some(if rule.status == 200 {
                Target::Rewrite(percent_decode(&target)?)
            } else {
                Target::Redirect(target)
            })
        })
    }
}

/// The placeholder values when `pattern` matches `path`.
fn matches(pattern: &str, path: &str) -> Option<Vec<(String, String)>> {
    let pattern = if pattern.len() > 1 {
        pattern.trim_end_matches('/')
    } else {
        pattern
    };
    let mut bindings = Vec::new();
    let mut rest = path.split('/');
    for part in pattern.split('/') {
        if part == "*" {
            // As on Cloudflare, `/a/*` needs something after `/a/`.
            let splat: Vec<&str> = rest.by_ref().collect();
            if splat.is_empty() {
                return None;
            }
            bindings.push(("splat".to_string(), splat.join("/")));
            return Some(bindings);
        }
        let segment = rest.next()?;
        match part.strip_prefix(':') {
            Some(name) if !segment.is_empty() => {
                bindings.push((name.to_string(), segment.to_string()))
            }
            Some(_) => return None,
            None if part == segment => {}
            None => return None,
        }
    }
    rest.next().is_none().then_some(bindings)
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: &str = "# comment\n\
        /JobApplicationForm /jobapplicationform 301\n\
        /old/catalogue%20page /products/12/new 301\n\
        /products/category/dialysis /products/category/dialysis 200\n\
        /products/12 /products/12/new 301\n\
        /products/12/new /products/12/new 200\n\
        /products/:id/:slug /products/:id 301\n";

    fn apply(text: &str, path: &str) -> Option<Target> {
        Redirects::parse(text).apply(path)
    }

    #[test]
    fn the_writer_gives_back_the_text_the_parser_read() {
        let redirects = Redirects::parse(RULES);
        assert_eq!(redirects.comment, ["comment"]);
        assert_eq!(redirects.rules.len(), 6);
        assert_eq!(redirects.to_text(), RULES);
        assert_eq!(redirects.bytes(), RULES.len());
    }

    #[test]
    fn a_rule_without_status_is_a_301_and_a_line_without_target_none() {
        let redirects = Redirects::parse("  /a /b\n/lonely\n\n/c /d 302!\n/e /f abc\n# late\n");
        assert_eq!(
            redirects.rules,
            [
                RedirectRule::new("/a", "/b", 301),
                RedirectRule::new("/c", "/d", 302)
            ]
        );
        assert!(redirects.comment.is_empty());
    }

    #[test]
    fn placeholders_and_splats_make_a_rule_dynamic() {
        assert!(RedirectRule::new("/products/:id", "/x", 301).is_dynamic());
        assert!(RedirectRule::new("/a/*", "/b", 301).is_dynamic());
        assert!(!RedirectRule::new("/products/12", "/x", 301).is_dynamic());
        let rule = RedirectRule::new("/é", "/b", 301);
        assert_eq!(rule.line_chars(), rule.line().chars().count());
    }

    #[test]
    fn sources_drop_a_trailing_slash() {
        let redirects = Redirects::parse("/a/ /b 301\n/c /d 301\n");
        assert_eq!(redirects.sources().collect::<Vec<_>>(), ["/a", "/c"]);
    }

    #[test]
    fn static_rules_redirect_exact_paths() {
        assert_eq!(
            apply(RULES, "/JobApplicationForm"),
            Some(Target::Redirect("/jobapplicationform".into()))
        );
        assert_eq!(
            apply(RULES, "/products/12/"),
            Some(Target::Redirect("/products/12/new".into()))
        );
        assert_eq!(
            apply(RULES, "/old/catalogue page"),
            Some(Target::Redirect("/products/12/new".into()))
        );
        assert_eq!(apply(RULES, "/aboutUs"), None);
    }

    #[test]
    fn the_current_page_is_served_before_the_placeholder_rule_applies() {
        assert_eq!(
            apply(RULES, "/products/12/new"),
            Some(Target::Rewrite("/products/12/new".into()))
        );
        assert_eq!(
            apply(RULES, "/products/category/dialysis"),
            Some(Target::Rewrite("/products/category/dialysis".into()))
        );
    }

    #[test]
    fn placeholders_and_splats_carry_into_the_target() {
        assert_eq!(
            apply(RULES, "/products/12/old-title"),
            Some(Target::Redirect("/products/12".into()))
        );
        // A placeholder is one segment: a file inside a page's folder is no slug.
        assert_eq!(apply(RULES, "/products/7/a/index.json"), None);
        assert_eq!(
            apply("/a/* /b/:splat 301", "/a/x/y"),
            Some(Target::Redirect("/b/x/y".into()))
        );
        // `/products/:id/:slug` needs a segment after the id.
        assert_eq!(apply(RULES, "/products"), None);
        assert_eq!(apply(RULES, "/products/99"), None);
    }
}
