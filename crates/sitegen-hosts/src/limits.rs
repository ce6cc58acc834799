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

use crate::redirects::{RedirectRule, Redirects};

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

pub const NETLIFY: RedirectLimits = RedirectLimits {
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

impl RuleCounts {
    /// Counts the rules of a `_redirects` file.
    pub fn of(redirects: &Redirects) -> Self {
        let mut counts = RuleCounts {
            bytes: redirects.comment_bytes(),
            ..RuleCounts::default()
        };
        for rule in &redirects.rules {
            counts.add_rule(rule);
        }
        counts
    }

    /// Counts one more rule, at the end of the file: a static rule only while the file
    /// holds no dynamic one.
    pub fn add_rule(&mut self, rule: &RedirectRule) {
        self.rules += 1;
        self.bytes += rule.line().len() + 1;
        self.longest_line = self.longest_line.max(rule.line_chars());
        if self.dynamic_rules > 0 || rule.is_dynamic() {
            self.dynamic_rules += 1;
        } else {
            self.static_rules += 1;
        }
    }
}

impl RedirectLimits {
    /// Each limit of this host that `counts` passes, said in one sentence.
    pub fn passed_by(&self, counts: &RuleCounts) -> Vec<String> {
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

    /// The rules of `redirects` that this host applies: those within its limits (past
    /// its byte limit, none).
    pub fn applied<'a>(&self, redirects: &'a Redirects) -> Vec<&'a RedirectRule> {
        if self.bytes.is_some_and(|bytes| redirects.bytes() > bytes) {
            return Vec::new();
        }
        let (mut statics, mut dynamics) = (0, 0);
        let within = |limit: Option<usize>, count: usize| limit.is_none_or(|limit| count <= limit);
        redirects
            .rules
            .iter()
            .take(self.rules.unwrap_or(usize::MAX))
            .filter(|rule| {
                if dynamics > 0 || rule.is_dynamic() {
                    dynamics += 1;
                    within(self.dynamic_rules, dynamics)
                } else {
                    statics += 1;
                    within(self.static_rules, statics)
                }
            })
            .collect()
    }
}

/// Every limit of every host that `redirects` passes.
pub fn limits_passed(redirects: &Redirects) -> Vec<String> {
    let counts = RuleCounts::of(redirects);
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
pub fn thousands(n: usize) -> String {
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
        let text = "# comment\n/a /b 301\n/c/* /d 301\n/e /f 301\n";
        assert_eq!(
            RuleCounts::of(&Redirects::parse(text)),
            RuleCounts {
                rules: 3,
                static_rules: 1,
                dynamic_rules: 2,
                longest_line: 11,
                bytes: text.len()
            }
        );
    }

    #[test]
    fn each_host_names_the_limit_a_file_passes() {
        let many_static: String = (0..2_001).map(|n| format!("/old/{n} /new 301\n")).collect();
        let passed = limits_passed(&Redirects::parse(&many_static));
        assert_eq!(
            passed,
            vec![
                "Cloudflare Pages takes at most 2,000 static rules in _redirects; this site has 2,001",
                "GitLab Pages takes at most 1,000 rules in _redirects; this site has 2,001",
            ]
        );
        assert!(limits_passed(&Redirects::parse("/a /b 301\n/c/* /d 301\n")).is_empty());
        let long = format!("/{} /b 301\n", "a".repeat(1_000));
        assert_eq!(
            limits_passed(&Redirects::parse(&long)),
            vec![
                "Cloudflare Pages takes at most 1,000 characters in one rule; this site has 1,008"
            ]
        );
        assert_eq!(thousands(20_019), "20,019");
        assert_eq!(thousands(999), "999");
    }

    #[test]
    fn netlify_advises_10000_rules_and_gitlab_pages_64_kib() {
        let counts = RuleCounts {
            rules: 10_001,
            static_rules: 10_001,
            ..RuleCounts::default()
        };
        assert_eq!(
            NETLIFY.passed_by(&counts),
            ["Netlify takes at most 10,000 rules in _redirects; this site has 10,001"]
        );
        let heavy = RuleCounts {
            rules: 10,
            bytes: 65_537,
            ..RuleCounts::default()
        };
        assert_eq!(
            GITLAB_PAGES.passed_by(&heavy),
            ["GitLab Pages takes at most 65,536 bytes of _redirects; this site has 65,537"]
        );
        assert!(NETLIFY.passed_by(&heavy).is_empty());
    }

    #[test]
    fn a_host_applies_only_the_rules_within_its_limits() {
        let mut redirects = Redirects::default();
        for n in 0..2_100 {
            redirects.push(RedirectRule::new(
                format!("/old/{n}"),
                "/a-new-page-of-the-site",
                301,
            ));
        }
        for n in 0..150 {
            redirects.push(RedirectRule::new(format!("/d{n}/:x"), "/new", 301));
        }
        assert_eq!(CLOUDFLARE_PAGES.applied(&redirects).len(), 2_100);
        assert_eq!(NETLIFY.applied(&redirects).len(), 2_250);
        // Past 64 KiB GitLab Pages applies none.
        assert!(redirects.bytes() > 65_536);
        assert_eq!(GITLAB_PAGES.applied(&redirects).len(), 0);
        redirects.rules.truncate(1_200);
        assert_eq!(GITLAB_PAGES.applied(&redirects).len(), 1_000);
    }
}
