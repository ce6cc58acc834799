//! `vercel.json` for a static deploy on Vercel: clean URLs (`/about` serves
//! `about.html`, `/about.html` redirects to `/about`), the redirects and the headers,
//! from the same [`Redirects`] and [`Headers`] the other hosts read as files.
//!
//! Vercel applies its redirects before it looks at the files, so only the static
//! redirects are written: a placeholder rule (`/products/:id/:slug`) would send a
//! product's current page away from itself. The paths those would send on reach
//! `404.html`, whose app moves on. Rules that serve a path as it is (`200`) are for
//! Cloudflare Pages, and `X.html → X` is what clean URLs do already.

use crate::headers::Headers;
use crate::redirects::{RedirectRule, Redirects};

/// The rules of `redirects` that `vercel.json` holds.
pub fn redirect_rules(redirects: &Redirects) -> impl Iterator<Item = &RedirectRule> {
    redirects.rules.iter().filter(|rule| {
        rule.status != 200
            && !rule.is_dynamic()
            && rule.from.strip_suffix(".html") != Some(rule.to.as_str())
    })
}

/// The routes `vercel.json` holds: its redirects and its header rules.
pub fn routes(redirects: &Redirects, headers: &Headers) -> usize {
    redirect_rules(redirects).count() + headers.rules.len()
}

/// A `_headers` pattern as a Vercel source: a `*` (any characters) is `(.*)`.
fn source_of(pattern: &str) -> String {
    pattern.replace('*', "(.*)")
}

/// A static path as a Vercel source, which is a path-to-regexp pattern: the characters
/// it reads as pattern syntax (a path may hold `(`, `)` and `+`) are escaped.
fn literal_source(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        if "()+?*{}:".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The text of `vercel.json`.
pub fn vercel_json(redirects: &Redirects, headers: &Headers) -> String {
    let redirects: Vec<String> = redirect_rules(redirects)
        .map(|rule| {
            format!(
                "    {{ \"source\": {}, \"destination\": {}, \"statusCode\": {} }}",
                json_string(&literal_source(&rule.from)),
                json_string(&rule.to),
                rule.status
            )
        })
        .collect();
    let headers: Vec<String> = headers
        .rules
        .iter()
        .map(|rule| {
            let values: Vec<String> = rule
                .headers
                .iter()
                .map(|(key, value)| {
                    format!(
                        "        {{ \"key\": {}, \"value\": {} }}",
                        json_string(key),
                        json_string(value)
                    )
                })
                .collect();
            format!(
                "    {{\n      \"source\": {},\n      \"headers\": [\n{}\n      ]\n    }}",
                json_string(&source_of(&rule.pattern)),
                values.join(",\n")
            )
        })
        .collect();
    let list = |items: Vec<String>| {
        if items.is_empty() {
            "[]".to_string()
        } else {
            format!("[\n{}\n  ]", items.join(",\n"))
        }
    };
    format!(
        "{{\n  \"cleanUrls\": true,\n  \"trailingSlash\": false,\n  \"redirects\": {},\n  \"headers\": {}\n}}\n",
        list(redirects),
        list(headers)
    )
}

/// `text` as a JSON string.
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::headers::HeaderRule;

    fn example() -> (Redirects, Headers) {
        let redirects = Redirects::parse(
            "/Old /new 301\n/products/1 /products/1/a 301\n/products/1/a.html /products/1/a 301\n\
             /products/1/a /products/1/a 200\n/products/:id/:slug /products/:id 301\n",
        );
        let mut headers = Headers::default();
        headers.push(HeaderRule::new(
            "/*",
            [("X-Content-Type-Options", "nosniff")],
        ));
        headers.push(HeaderRule::new(
            "/assets/*",
            [("Cache-Control", "public, \"x\"")],
        ));
        (redirects, headers)
    }

    #[test]
    fn only_static_redirects_that_clean_urls_do_not_make_are_written() {
        let (redirects, headers) = example();
        let kept: Vec<String> = redirect_rules(&redirects).map(RedirectRule::line).collect();
        assert_eq!(kept, ["/Old /new 301", "/products/1 /products/1/a 301"]);
        assert_eq!(routes(&redirects, &headers), 4);
    }

    #[test]
    fn a_static_source_escapes_pattern_syntax() {
        assert_eq!(literal_source("/a(b)+c"), "/a\\(b\\)\\+c");
        assert_eq!(literal_source("/plain/path"), "/plain/path");
    }

    #[test]
    fn the_json_holds_clean_urls_redirects_and_headers() {
        let (redirects, headers) = example();
        let json = vercel_json(&redirects, &headers);
        assert!(json.contains("\"cleanUrls\": true"), "{json}");
        assert!(
            json.contains(
                "{ \"source\": \"/Old\", \"destination\": \"/new\", \"statusCode\": 301 }"
            ),
            "{json}"
        );
        assert!(json.contains("\"source\": \"/(.*)\""), "{json}");
        assert!(json.contains("\"source\": \"/assets/(.*)\""), "{json}");
        assert!(json.contains("\"value\": \"public, \\\"x\\\"\""), "{json}");
        assert_eq!(
            vercel_json(&Redirects::default(), &Headers::default()),
            "{\n  \"cleanUrls\": true,\n  \"trailingSlash\": false,\n  \"redirects\": [],\n  \"headers\": []\n}\n"
        );
    }
}
