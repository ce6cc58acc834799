//! The link check of the built HTML: every `href`, `src`, `poster` and `srcset` URL of
//! every `.html` file must lead to a file of the output (or a `_redirects` alias);
//! external URLs must be well formed.

use std::fs;
use std::path::Path;

use walkdir::WalkDir;

use crate::{external_url_problem, line_col, Problem, RouteTable};

/// The attributes holding a URL.
const URL_ATTRIBUTES: &[&str] = &["href", "src", "poster"];

/// Checks every `.html` file under `dir` (a build's output, possibly still in its
/// staging folder). Problems name files as `shown_as/RELATIVE` (e.g. `dist/…`).
/// `routes` accepts aliases that a host redirects (`/JobApplicationForm`).
pub fn check_output(dir: &Path, shown_as: &Path, routes: &RouteTable) -> Vec<Problem> {
    let aliases = redirect_sources(dir);
    let mut pages: Vec<_> = WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|entry| entry.file_type().is_file())
        .filter(|entry| entry.path().extension().is_some_and(|e| e == "html"))
        .map(|entry| entry.into_path())
        .collect();
    pages.sort();
    let mut problems = Vec::new();
    for page in pages {
        let relative = page.strip_prefix(dir).unwrap_or(&page);
        let file = shown_as.join(relative).to_string_lossy().into_owned();
        let Ok(html) = fs::read_to_string(&page) else {
            problems.push(Problem {
                file,
                line: 1,
                column: 1,
                message: "cannot read the page as UTF-8".into(),
            });
            continue;
        };
        for (at, url) in urls_of(&html) {
            let message = if is_internal(&url) {
                internal_problem(dir, &url, &aliases, routes)
            } else {
                external_url_problem(&url)
            };
            if let Some(message) = message {
                let (line, column) = line_col(&html, at);
                problems.push(Problem {
                    file: file.clone(),
                    line,
                    column,
                    message,
                });
            }
        }
    }
    problems
}

fn is_internal(url: &str) -> bool {
    !url.contains(':') || url.starts_with('/') && !url.starts_with("//")
}

/// Why an internal URL leads nowhere, if it does.
fn internal_problem(
    dir: &Path,
    url: &str,
    aliases: &[String],
    routes: &RouteTable,
) -> Option<String> {
    let path = url.split(['?', '#']).next().unwrap_or("");
    if path.is_empty() {
        return None; // `#top`, `?x`: the page itself
    }
    if !path.starts_with('/') {
        return Some(format!(
            "relative link {url:?}: pages are served at clean URLs, so write the path from the site root (\"/…\")"
        ));
    }
    let Some(decoded) = sitegen_content::routes::percent_decode(path) else {
        return Some(format!("link {url:?} has a malformed %-escape"));
    };
    let segments: Vec<&str> = decoded[1..].split('/').collect();
    if segments
        .iter()
        .any(|segment| *segment == ".." || *segment == ".")
    {
        return Some(format!("link {url:?} contains `.` or `..` segments"));
    }
    let relative = decoded.trim_start_matches('/');
    let target = dir.join(relative);
    let found = (!relative.is_empty() && target.is_file()) || target.join("index.html").is_file();
    let trimmed = decoded.trim_end_matches('/');
    let aliased = aliases.iter().any(|alias| alias == trimmed);
    if found || aliased {
        return None;
    }
    let hint = if routes.matches(url) {
        "it is a route of the app, but no page was generated for it"
    } else {
        "no file of the output and no route of the app"
    };
    Some(format!("broken link {url:?}: {hint}"))
}

/// The source paths of `dir/_redirects`.
fn redirect_sources(dir: &Path) -> Vec<String> {
    fs::read_to_string(dir.join("_redirects"))
        .unwrap_or_default()
        .lines()
        .filter(|line| !line.trim_start().starts_with('#'))
        .filter_map(|line| line.split_whitespace().next())
        .map(|from| from.trim_end_matches('/').to_string())
        .collect()
}

/// Every URL in a URL attribute of `html`, with the byte offset of its value.
/// Skips comments and the contents of `<script>` and `<style>` (but checks a
/// script's own `src`).
pub(crate) fn urls_of(html: &str) -> Vec<(usize, String)> {
    let bytes = html.as_bytes();
    let mut urls = Vec::new();
    let mut i = 0;
    while let Some(offset) = html[i..].find('<') {
        i += offset;
        if html[i..].starts_with("<!--") {
            i = html[i..].find("-->").map_or(html.len(), |end| i + end + 3);
            continue;
        }
        let name_start = i + 1;
        let mut j = name_start;
        while j < bytes.len() && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'-') {
            j += 1;
        }
        if j == name_start {
            i += 1;
            continue;
        }
        let tag = html[name_start..j].to_ascii_lowercase();
        let end = parse_attributes(html, j, |name, at, value| {
            if URL_ATTRIBUTES.contains(&name) {
                let value = decode_entities(value);
                if !value.trim().is_empty() {
                    urls.push((at, value.trim().to_string()));
                }
            } else if name == "srcset" {
                for candidate in decode_entities(value).split(',') {
                    if let Some(url) = candidate.split_whitespace().next() {
                        urls.push((at, url.to_string()));
                    }
                }
            }
        });
        i = end;
        if tag == "script" || tag == "style" {
            let close = format!("</{tag}");
            i = find_ascii_case_insensitive(html, i, &close).unwrap_or(html.len());
        }
    }
    urls
}

/// Parses the attributes of a tag starting at `i` (just after its name); calls
/// `found(name, value_offset, raw_value)` for each; returns the offset after `>`.
fn parse_attributes(html: &str, mut i: usize, mut found: impl FnMut(&str, usize, &str)) -> usize {
    let bytes = html.as_bytes();
    loop {
        while i < bytes.len() && (bytes[i].is_ascii_whitespace() || bytes[i] == b'/') {
            i += 1;
        }
        if i >= bytes.len() {
            return i;
        }
        if bytes[i] == b'>' {
            return i + 1;
        }
        let name_start = i;
        while i < bytes.len() && !b" \t\r\n=>/".contains(&bytes[i]) {
            i += 1;
        }
        let name = html[name_start..i].to_ascii_lowercase();
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i < bytes.len() && bytes[i] == b'=' {
            i += 1;
            while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            let (start, end, next) = match bytes.get(i) {
                Some(&quote @ (b'"' | b'\'')) => {
                    let end = html[i + 1..]
                        .find(quote as char)
                        .map_or(html.len(), |e| i + 1 + e);
                    (i + 1, end, (end + 1).min(html.len()))
                }
                _ => {
                    let mut end = i;
                    while end < bytes.len()
                        && !bytes[end].is_ascii_whitespace()
                        && bytes[end] != b'>'
                    {
                        end += 1;
                    }
                    (i, end, end)
                }
            };
            found(&name, start, &html[start..end]);
            i = next;
        } else if i == name_start {
            i += 1; // a stray character: step over it
        }
    }
}

fn find_ascii_case_insensitive(haystack: &str, from: usize, needle: &str) -> Option<usize> {
    let lower = haystack[from..].to_ascii_lowercase();
    lower.find(needle).map(|at| from + at)
}

/// Decodes the character references that appear in URLs: `&amp;`, `&quot;`, `&#39;`,
/// `&lt;`, `&gt;` and numeric ones.
fn decode_entities(value: &str) -> String {
    if !value.contains('&') {
        return value.to_string();
    }
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let Some(end) = rest.find(';').filter(|end| *end <= 10) else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let entity = &rest[1..end];
        let decoded = match entity {
            "amp" => Some('&'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "lt" => Some('<'),
            "gt" => Some('>'),
            _ => entity
                .strip_prefix("#x")
                .or_else(|| entity.strip_prefix("#X"))
                .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                .or_else(|| entity.strip_prefix('#').and_then(|dec| dec.parse().ok()))
                .and_then(char::from_u32),
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::create_dir_all(root.join("aboutUs")).unwrap();
        fs::create_dir_all(root.join("services/Dental centre setup")).unwrap();
        fs::create_dir_all(root.join("assets")).unwrap();
        fs::write(root.join("assets/app.js"), "").unwrap();
        fs::write(root.join("services/Dental centre setup/index.html"), "").unwrap();
        fs::write(
            root.join("_redirects"),
            "/JobApplicationForm /jobapplicationform 301\n",
        )
        .unwrap();
        fs::write(
            root.join("aboutUs/index.html"),
            "<!doctype html>\n<html><head><script type=\"module\" src=\"/assets/app.js\"></script>\n\
             <script type=\"application/json\">{\"href\":\"/nowhere\"}</script>\n\
             <link rel=\"canonical\" href=\"https://www.example.com/aboutUs\"></head>\n\
             <body><a href=\"/\">Home</a> <a href=\"/services/Dental%20centre%20setup\">D</a>\n\
             <a href=\"/JobApplicationForm\">Jobs</a> <a href=\"#top\">Top</a>\n\
             <!-- <a href=\"/commented-out\"> -->\n\
             <a href=\"/products?category=x&amp;sub=y\">P</a>\n\
             <img src=\"/media/missing.png\" alt=\"\"> <a href='https://exa mple.com'>X</a>\n\
             <a class=\"x\" href=\"mailto:info@example.com\">Mail</a></body></html>",
        )
        .unwrap();
        fs::write(root.join("index.html"), "<a href=\"/aboutUs\">About</a>").unwrap();
        dir
    }

    #[test]
    fn links_that_lead_nowhere_are_reported_with_their_position() {
        let dir = site();
        let problems = check_output(dir.path(), Path::new("dist"), &RouteTable::of_site());
        let shown: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(shown.len(), 3, "{shown:#?}");
        assert!(shown[0].starts_with("dist/aboutUs/index.html:8:10: error: broken link \"/products?category=x&sub=y\": it is a route of the app, but no page was generated"), "{shown:#?}");
        assert!(
            shown[1].starts_with(
                "dist/aboutUs/index.html:9:11: error: broken link \"/media/missing.png\""
            ),
            "{shown:#?}"
        );
        assert!(
            shown[2].starts_with("dist/aboutUs/index.html:9:48: error: malformed URL"),
            "{shown:#?}"
        );
    }

    #[test]
    fn srcset_candidates_and_entities_are_read() {
        let urls = urls_of("<img srcset=\"/a.webp 400w, /b.webp 800w\" src=\"/c?x=1&amp;y=2\">");
        let urls: Vec<&str> = urls.iter().map(|(_, url)| url.as_str()).collect();
        assert_eq!(urls, ["/a.webp", "/b.webp", "/c?x=1&y=2"]);
    }
}
