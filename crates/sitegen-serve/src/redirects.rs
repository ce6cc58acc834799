//! The `_redirects` rules sitegen writes, applied as Netlify and Cloudflare Pages do:
//! `FROM TO [STATUS]` per line, first match wins, `#` starts a comment. `FROM` may hold
//! `:name` placeholders (a whole segment) and end in a `*` splat; `TO` may use them
//! (`:name`, `:splat`). Status 200 serves `TO` in place (here: the same page as
//! asked, so the placeholder rules after it do not apply); others redirect.

use sitegen_diagnostics::percent::percent_decode;

/// What a rule makes of a request path.
#[derive(Debug, PartialEq, Eq)]
pub enum Rule {
    /// Answer 301 with this location.
    Redirect(String),
    /// Serve this (decoded) path instead.
    Rewrite(String),
}

/// The first rule of `rules` (the text of `_redirects`) that matches the decoded
/// `path` (one trailing `/` ignored), if any.
pub fn apply(rules: &str, path: &str) -> Option<Rule> {
    let path = if path.len() > 1 {
        path.trim_end_matches('/')
    } else {
        path
    };
    rules.lines().find_map(|line| {
        let mut fields = line.split_whitespace();
        let (from, to) = (fields.next()?, fields.next()?);
        if from.starts_with('#') {
            return None;
        }
        let status = fields.next().unwrap_or("301");
        let bindings = matches(&percent_decode(from)?, path)?;
        let mut target = to.to_string();
        // Longest names first, so `:splat` is not read as `:s…`.
        let mut names: Vec<&(String, String)> = bindings.iter().collect();
        names.sort_by_key(|(name, _)| std::cmp::Reverse(name.len()));
        for (name, value) in names {
            target = target.replace(&format!(":{name}"), value);
        }
        Some(if status == "200" {
            Rule::Rewrite(percent_decode(&target)?)
        } else {
            Rule::Redirect(target)
        })
    })
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

    #[test]
    fn static_rules_redirect_exact_paths() {
        assert_eq!(
            apply(RULES, "/JobApplicationForm"),
            Some(Rule::Redirect("/jobapplicationform".into()))
        );
        assert_eq!(
            apply(RULES, "/products/12/"),
            Some(Rule::Redirect("/products/12/new".into()))
        );
        assert_eq!(
            apply(RULES, "/old/catalogue page"),
            Some(Rule::Redirect("/products/12/new".into()))
        );
        assert_eq!(apply(RULES, "/aboutUs"), None);
    }

    #[test]
    fn the_current_page_is_served_before_the_placeholder_rule_applies() {
        assert_eq!(
            apply(RULES, "/products/12/new"),
            Some(Rule::Rewrite("/products/12/new".into()))
        );
        assert_eq!(
            apply(RULES, "/products/category/dialysis"),
            Some(Rule::Rewrite("/products/category/dialysis".into()))
        );
    }

    #[test]
    fn placeholders_and_splats_carry_into_the_target() {
        assert_eq!(
            apply(RULES, "/products/12/old-title"),
            Some(Rule::Redirect("/products/12".into()))
        );
        // A placeholder is one segment: a file inside a page's folder is no slug.
        assert_eq!(apply(RULES, "/products/7/a/index.json"), None);
        assert_eq!(
            apply("/a/* /b/:splat 301", "/a/x/y"),
            Some(Rule::Redirect("/b/x/y".into()))
        );
        // `/products/:id/:slug` needs a segment after the id.
        assert_eq!(apply(RULES, "/products"), None);
        assert_eq!(apply(RULES, "/products/99"), None);
    }
}
