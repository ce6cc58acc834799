//! The static hosts the README names and the documented limits of their `_redirects`
//! files: what a host does with rules past its limit, so that the build can stay
//! within every limit and warn when the content itself would pass one.
//!
//! - Netlify: no fixed count; past 10,000 rules its docs recommend placeholders, as a
//!   deploy whose rules are too large may fail.
//! - Cloudflare Pages: 2,000 static and 100 dynamic rules, 1,000 characters a rule; a
//!   rule after the first dynamic one counts as dynamic.
//! - GitLab Pages: 1,000 rules and 64 KiB (its defaults); rules past them are not
//!   processed.
//! - GitHub Pages reads no `_redirects` at all: the aliases' fallback pages and
//!   `404.html`'s app serve it.

/// The documented limits of one host's `_redirects`; `None` where it states none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RedirectLimits {
    /// The host's name, as a warning names it.
    pub host: &'static str,
    /// Rules in all.
    pub rules: Option<usize>,
    /// Static rules (no placeholder or splat), before the first dynamic one.
    pub static_rules: Option<usize>,
    /// Dynamic rules, and every rule after the first of them.
    pub dynamic_rules: Option<usize>,
    /// Characters of one rule's line.
    pub line_chars: Option<usize>,
    /// Bytes of the whole file.
    pub bytes: Option<usize>,
}

const NETLIFY: RedirectLimits = RedirectLimits {
    host: "Netlify",
    rules: Some(10_000),
    static_rules: None,
    dynamic_rules: None,
    line_chars: None,
    bytes: None,
};

pub const CLOUDFLARE_PAGES: RedirectLimits = RedirectLimits {
    host: "Cloudflare Pages",
    rules: None,
    static_rules: Some(2_000),
    dynamic_rules: Some(100),
    line_chars: Some(1_000),
    bytes: None,
};

pub const GITLAB_PAGES: RedirectLimits = RedirectLimits {
    host: "GitLab Pages",
    rules: Some(1_000),
    static_rules: None,
    dynamic_rules: None,
    line_chars: None,
    bytes: Some(65_536),
};

/// Every host that reads `_redirects`.
pub const HOSTS: &[RedirectLimits] = &[NETLIFY, CLOUDFLARE_PAGES, GITLAB_PAGES];

/// What a `_redirects` file holds, counted as the hosts count it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RuleCounts {
    pub rules: usize,
    /// Static rules before the first dynamic one.
    pub static_rules: usize,
    /// The first dynamic rule and every rule after it.
    pub dynamic_rules: usize,
    /// The longest rule's line, in characters.
    pub longest_line: usize,
    pub bytes: usize,
}

/// The rules of a `_redirects` text: its lines that are neither blank nor comments.
pub fn rule_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
}

/// Whether a rule's source has a `:placeholder` or a `*` splat.
pub fn is_dynamic(rule: &str) -> bool {
    let from = rule.split_whitespace().next().unwrap_or("");
    from.contains('*') || from.split('/').any(|segment| segment.starts_with(':'))
}

/// Counts the rules of a `_redirects` text.
pub fn count(text: &str) -> RuleCounts {
    let mut counts = RuleCounts {
        bytes: text.len(),
        ..RuleCounts::default()
    };
    for rule in rule_lines(text) {
        counts.rules += 1;
        counts.longest_line = counts.longest_line.max(rule.chars().count());
        if counts.dynamic_rules > 0 || is_dynamic(rule) {
            counts.dynamic_rules += 1;
        } else {
            counts.static_rules += 1;
        }
    }
    counts
}

impl RuleCounts {
    /// Counts one more static rule, `line` with its newline, at the end of the file:
    /// a static rule only while the file holds no dynamic one.
    pub fn add_static_rule(&mut self, line: &str) {
        self.rules += 1;
        self.bytes += line.len();
        let rule = line.trim_end();
        self.longest_line = self.longest_line.max(rule.chars().count());
        if self.dynamic_rules > 0 {
            self.dynamic_rules += 1;
        } else {
            self.static_rules += 1;
        }
    }
}

impl RedirectLimits {
    /// Each limit of this host that `counts` passes, said in one sentence.
    fn passed_by(&self, counts: &RuleCounts) -> Vec<String> {
        let checks = [
            (self.rules, counts.rules, "rules in _redirects"),
            (
                self.static_rules,
                counts.static_rules,
                "static rules in _redirects",
            ),
            (
                self.dynamic_rules,
                counts.dynamic_rules,
                "dynamic rules in _redirects (every rule after the first dynamic one counts)",
            ),
            (
                self.line_chars,
                counts.longest_line,
                "characters in one rule",
            ),
            (self.bytes, counts.bytes, "bytes of _redirects"),
        ];
        checks
            .into_iter()
            .filter_map(|(limit, actual, what)| {
                let limit = limit?;
                (actual > limit).then(|| {
                    format!(
                        "{} takes at most {} {what}; this site has {}",
                        self.host,
                        thousands(limit),
                        thousands(actual)
                    )
                })
            })
            .collect()
    }
}

/// Every limit of every host that the `_redirects` text passes.
pub fn limits_passed(text: &str) -> Vec<String> {
    let counts = count(text);
    HOSTS
        .iter()
        .flat_map(|host| host.passed_by(&counts))
        .collect()
}

/// Whether `counts` stay within every limit of every host.
pub fn fits(counts: &RuleCounts) -> bool {
    HOSTS.iter().all(|host| host.passed_by(counts).is_empty())
}

/// `20019` → `20,019`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_after_the_first_dynamic_one_count_as_dynamic() {
        let text = "# comment\n\n/a /b 301\n/c/* /d 301\n/e /f 301\n";
        assert_eq!(
            count(text),
            RuleCounts {
                rules: 3,
                static_rules: 1,
                dynamic_rules: 2,
                longest_line: 11,
                bytes: text.len()
            }
        );
        assert!(is_dynamic("/products/:id /x 301"));
        assert!(!is_dynamic("/products/12 /x 301"));
    }

    #[test]
    fn each_host_names_the_limit_a_file_passes() {
        let many_static: String = (0..2_001).map(|n| format!("/old/{n} /new 301\n")).collect();
        let passed = limits_passed(&many_static);
        assert_eq!(
            passed,
            vec![
                "Cloudflare Pages takes at most 2,000 static rules in _redirects; this site has 2,001",
                "GitLab Pages takes at most 1,000 rules in _redirects; this site has 2,001",
            ]
        );
        assert!(limits_passed("/a /b 301\n/c/* /d 301\n").is_empty());
        let long = format!("/{} /b 301\n", "a".repeat(1_000));
        assert_eq!(
            limits_passed(&long),
            vec![
                "Cloudflare Pages takes at most 1,000 characters in one rule; this site has 1,008"
            ]
        );
        assert_eq!(thousands(20_019), "20,019");
        assert_eq!(thousands(999), "999");
    }
}
