//! The link check of the built HTML: every `href`, `src`, `poster` and `srcset` URL of
//! every `.html` file, and the modules the entry script preloads (`data-preload`), must
//! lead to a file of the output (or a `_redirects` alias); external URLs must be well formed.

use std::collections::HashSet;
use std::fs;
use std::path::Path;

use sitegen_content::{Diagnostic, ErrorCode};
use sitegen_hosts::{names, Redirects};
use walkdir::WalkDir;

use crate::route_table::RouteTable;

/// The attributes holding a URL.
const URL_ATTRIBUTES: &[&str] = &["href", "src", "poster"];

/// The files of a build's output, listed once so that resolving a link is a set lookup
/// rather than a file-system call (a page has about a hundred links).
#[derive(Debug, Default)]
pub struct OutputIndex {
    /// Every file, relative to the output folder, `/`-separated.
    pub(crate) files: HashSet<String>,
    /// The source paths of `_redirects`, without a trailing `/`.
    aliases: Vec<String>,
    /// The origin the media files are served at when they live on their own: a URL
    /// on it names the file at its path (`/media/…`), checked as a file of the output.
    media_origin: Option<String>,
}

impl OutputIndex {
    /// Lists the files under `dir` and reads its `_redirects`.
    pub fn of_dir(dir: &Path) -> Self {
        let files = WalkDir::new(dir)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|entry| entry.file_type().is_file())
            .filter_map(|entry| {
                let relative = entry.path().strip_prefix(dir).ok()?;
                let parts: Vec<_> = relative
                    .components()
                    .map(|part| part.as_os_str().to_str())
                    .collect::<Option<_>>()?;
                Some(parts.join("/"))
            })
            .collect();
        let redirects = fs::read_to_string(dir.join(names::REDIRECTS)).unwrap_or_default();
        Self::new(files, &redirects)
    }

    /// The index of an output made of `files` (relative, `/`-separated) whose
    /// `_redirects` reads `redirects`.
    pub fn new(files: HashSet<String>, redirects: &str) -> Self {
        Self {
            files,
            aliases: Redirects::parse(redirects)
                .sources()
                .map(str::to_string)
                .collect(),
            media_origin: None,
        }
    }

    /// The index, with the media files (under `media/` among its files) served at
    /// `origin` when the media live on their own.
    pub fn with_media_origin(mut self, origin: Option<&str>) -> Self {
        self.media_origin = origin.map(str::to_string);
        self
    }

    /// The path a URL on the media origin names (`/media/…`), if it is on it.
    fn on_media_origin<'u>(&self, url: &'u str) -> Option<&'u str> {
        let rest = url.strip_prefix(self.media_origin.as_deref()?)?;
        rest.starts_with('/').then_some(rest)
    }

    /// The `.html` files, sorted (the order problems are reported in).
    pub fn pages(&self) -> Vec<&str> {
        self.pages_where(|_| true)
    }

    /// The `.html` files that `wanted` takes, sorted as [`OutputIndex::pages`].
    pub fn pages_where(&self, wanted: impl Fn(&str) -> bool) -> Vec<&str> {
        let mut pages: Vec<&str> = self
            .files
            .iter()
            .map(String::as_str)
            .filter(|file| file.ends_with(".html") && wanted(file))
            .collect();
        // By path components, as a walk of the folder lists them.
        pages.sort_unstable_by(|a, b| Path::new(a).cmp(Path::new(b)));
        pages
    }

    /// Whether the decoded site path `path` (`/aboutUs`, `/assets/a.js`, `/x/`) is a
    /// file, a page `ROUTE.html` or a folder with an `index.html`; repeated `/` count
    /// as one, as in a URL lookup.
    fn serves(&self, path: &str) -> bool {
        file_names(path)
            .iter()
            .any(|file| self.files.contains(file))
    }

    /// The names whose presence differs between this output and `next`: the files
    /// one has and the other lacks, and likewise the `_redirects` sources.
    pub fn changed_lookups(&self, next: &OutputIndex) -> HashSet<Lookup> {
        let files = self.files.symmetric_difference(&next.files);
        let (before, after): (HashSet<&String>, HashSet<&String>) =
            (self.aliases.iter().collect(), next.aliases.iter().collect());
        files
            .map(|file| Lookup::File(file.clone()))
            .chain(
                before
                    .symmetric_difference(&after)
                    .map(|alias| Lookup::Alias((*alias).clone())),
            )
            .collect()
    }

    fn is_alias(&self, path: &str) -> bool {
        let trimmed = path.trim_end_matches('/');
        self.aliases.iter().any(|alias| alias == trimmed)
    }
}

/// Checks the page at `relative` (as [`OutputIndex::pages`] lists it), given as read
/// from the output; a page that could not be read as text is a problem of its own.
pub fn check_page_file(
    html: std::io::Result<String>,
    relative: &str,
    shown_as: &Path,
    index: &OutputIndex,
    routes: &RouteTable,
) -> Vec<Diagnostic> {
    check_file(html, relative, shown_as, index, routes, false).1
}

/// [`check_page_file`], with the URLs the page holds (each once), for a [`crate::LinkGraph`].
pub fn check_page_file_urls(
    html: std::io::Result<String>,
    relative: &str,
    shown_as: &Path,
    index: &OutputIndex,
    routes: &RouteTable,
) -> (Vec<String>, Vec<Diagnostic>) {
    check_file(html, relative, shown_as, index, routes, true)
}

fn check_file(
    html: std::io::Result<String>,
    relative: &str,
    shown_as: &Path,
    index: &OutputIndex,
    routes: &RouteTable,
    keep_urls: bool,
) -> (Vec<String>, Vec<Diagnostic>) {
    let file = shown_as.join(relative);
    match html {
        Ok(html) => check_page_urls(&html, &file.to_string_lossy(), index, routes, keep_urls),
        Err(error) => (
            Vec::new(),
            vec![Diagnostic::file(
                file,
                ErrorCode::PageUnreadable,
                format!("cannot read the page as UTF-8 text: {error}"),
            )],
        ),
    }
}

/// The problems of the links of one page's `html`, naming the page as `file`.
pub fn check_page(
    html: &str,
    file: &str,
    index: &OutputIndex,
    routes: &RouteTable,
) -> Vec<Diagnostic> {
    check_page_urls(html, file, index, routes, false).1
}

/// [`check_page`], and when `keep_urls`, the URLs the page holds (each once).
fn check_page_urls(
    html: &str,
    file: &str,
    index: &OutputIndex,
    routes: &RouteTable,
    keep_urls: bool,
) -> (Vec<String>, Vec<Diagnostic>) {
    let mut problems = Vec::new();
    let mut seen = HashSet::new();
    let mut urls = Vec::new();
    for (at, url) in urls_of(html) {
        if let Some((code, message)) = url_problem(&url, index, routes) {
            problems.push(Diagnostic::in_text(
                file,
                html,
                &(at..at + url.len()),
                code,
                message,
            ));
        }
        if keep_urls && seen.insert(url.clone()) {
            urls.push(url);
        }
    }
    (urls, problems)
}

/// What is wrong with a URL of a page, if anything: the rule it breaks and why.
pub fn url_problem(
    url: &str,
    index: &OutputIndex,
    routes: &RouteTable,
) -> Option<(ErrorCode, String)> {
    if let Some(path) = index.on_media_origin(url) {
        if !path.starts_with("/media/") {
            return Some((
                ErrorCode::BrokenLink,
                format!("broken link {url:?}: the media origin serves only the media (/media/…)"),
            ));
        }
        return internal_problem(path, index, routes);
    }
    if is_internal(url) {
        internal_problem(url, index, routes)
    } else {
        external_url_problem(url).map(|message| (ErrorCode::MalformedExternalUrl, message))
    }
}

/// The URLs [`check_page`] checks in `html`, without their places.
pub fn page_urls(html: &str) -> impl Iterator<Item = String> {
    urls_of(html).into_iter().map(|(_, url)| url)
}

fn is_internal(url: &str) -> bool {
    !url.contains(':') || url.starts_with('/') && !url.starts_with("//")
}

/// Why an internal URL leads nowhere, if it does, with the rule it breaks.
fn internal_problem(
    url: &str,
    index: &OutputIndex,
    routes: &RouteTable,
) -> Option<(ErrorCode, String)> {
    let decoded = match served_path(url) {
        Ok(Some(decoded)) => decoded,
        Ok(None) => return None,
        Err(problem) => return Some(problem),
    };
    if index.serves(&decoded) || index.is_alias(&decoded) {
        return None;
    }
    let why = if routes.matches(url) {
        "it is a route of the app, but no page was generated for it"
    } else {
        "no file of the output and no route of the app"
    };
    Some((ErrorCode::BrokenLink, format!("broken link {url:?}: {why}")))
}

/// The decoded site path an internal URL asks the output to serve; `None` for the page
/// itself (`#top`, `?x`); the rule it breaks when it is malformed.
fn served_path(url: &str) -> Result<Option<String>, (ErrorCode, String)> {
    let path = url.split(['?', '#']).next().unwrap_or("");
    if path.is_empty() {
        return Ok(None);
    }
    let malformed = |message| Err((ErrorCode::MalformedInternalLink, message));
    if !path.starts_with('/') {
        return malformed(format!(
            "relative link {url:?}: pages are served at clean URLs, so write the path from the site root (\"/…\")"
        ));
    }
    let Some(decoded) = sitegen_content::routes::percent_decode(path) else {
        return malformed(format!("link {url:?} has a malformed %-escape"));
    };
    if decoded[1..]
        .split('/')
        .any(|segment| segment == ".." || segment == ".")
    {
        return malformed(format!("link {url:?} contains `.` or `..` segments"));
    }
    Ok(Some(decoded))
}

/// The files that serve the decoded site path `path`, as the static hosts look them
/// up: the file itself and the page `ROUTE.html` (not for a folder path, ending in
/// `/`, whose page the hosts reach in one redirect), then the folder's `index.html`.
fn file_names(path: &str) -> Vec<String> {
    let relative = path
        .split('/')
        .filter(|segment| !segment.is_empty())
        .collect::<Vec<_>>()
        .join("/");
    if relative.is_empty() {
        return vec!["index.html".to_string()];
    }
    let index = format!("{relative}/index.html");
    let page = format!("{relative}.html");
    if path.ends_with('/') {
        vec![page, index]
    } else {
        vec![relative, page, index]
    }
}

/// A name of the output that a link's check looks up: a file, or a source path of
/// `_redirects` (without a trailing `/`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Lookup {
    File(String),
    Alias(String),
}

/// What the check of `url` looks up in the output: its answer can change only when one
/// of these appears or goes. None for an external or malformed URL, or the page itself.
pub fn lookups(url: &str) -> Vec<Lookup> {
    if !is_internal(url) {
        return Vec::new();
    }
    let Ok(Some(decoded)) = served_path(url) else {
        return Vec::new();
    };
    let alias = Lookup::Alias(decoded.trim_end_matches('/').to_string());
    file_names(&decoded)
        .into_iter()
        .map(Lookup::File)
        .chain([alias])
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
        let tag = &html[name_start..j];
        let end = parse_attributes(html, j, |name, at, value| {
            if URL_ATTRIBUTES
                .iter()
                .any(|attribute| attribute.eq_ignore_ascii_case(name))
            {
                let value = decode_entities(value);
                if !value.trim().is_empty() {
                    urls.push((at, value.trim().to_string()));
                }
            } else if name.eq_ignore_ascii_case("srcset") {
                for candidate in decode_entities(value).split(',') {
                    if let Some(url) = candidate.split_whitespace().next() {
                        urls.push((at, url.to_string()));
                    }
                }
            } else if name.eq_ignore_ascii_case("data-preload") {
                // The page shell's list of modules the entry script links once painted.
                for url in decode_entities(value).split_whitespace() {
                    urls.push((at, url.to_string()));
                }
            }
        });
        i = end;
        for raw_text in ["script", "style"] {
            if tag.eq_ignore_ascii_case(raw_text) {
                let close = format!("</{raw_text}");
                i = find_ascii_case_insensitive(html, i, &close).unwrap_or(html.len());
            }
        }
    }
    urls
}

/// Parses the attributes of a tag starting at `i` (just after its name); calls
/// `found(name, value_offset, raw_value)` for each; returns the offset after `>`.
/// Attribute names are passed as written: compare them ignoring ASCII case.
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
        let name = &html[name_start..i];
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
            found(name, start, &html[start..end]);
            i = next;
        } else if i == name_start {
            i += 1; // a stray character: step over it
        }
    }
}

/// Where the ASCII `needle` (starting with `<`) next occurs in `haystack` from `from`
/// on, ignoring ASCII case.
fn find_ascii_case_insensitive(haystack: &str, from: usize, needle: &str) -> Option<usize> {
    let needle = needle.as_bytes();
    let mut at = from;
    while let Some(offset) = haystack[at..].find('<') {
        at += offset;
        let candidate = &haystack.as_bytes()[at..];
        if candidate.len() >= needle.len() && candidate[..needle.len()].eq_ignore_ascii_case(needle)
        {
            return Some(at);
        }
        at += 1;
    }
    None
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

/// Why an external URL of a page is wrong, if it is: the content's link grammar
/// ([`sitegen_content::link_problem`]), plus the inline `data:` URLs pages may hold;
/// `javascript:` is refused by name.
fn external_url_problem(url: &str) -> Option<String> {
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

    fn site() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::create_dir_all(root.join("services")).unwrap();
        fs::create_dir_all(root.join("assets")).unwrap();
        fs::write(root.join("assets/app.js"), "").unwrap();
        fs::write(root.join("services/Dental centre setup.html"), "").unwrap();
        fs::write(
            root.join("_redirects"),
            "/JobApplicationForm /jobapplicationform 301\n",
        )
        .unwrap();
        fs::write(
            root.join("aboutUs.html"),
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

    fn headlines(problems: &[Diagnostic]) -> Vec<String> {
        problems.iter().map(Diagnostic::headline).collect()
    }

    #[test]
    fn links_that_lead_nowhere_are_reported_with_their_position_and_code() {
        let dir = site();
        let index = OutputIndex::of_dir(dir.path());
        let problems: Vec<Diagnostic> = index
            .pages()
            .into_iter()
            .flat_map(|page| {
                check_page_file(
                    fs::read_to_string(dir.path().join(page)),
                    page,
                    Path::new("dist"),
                    &index,
                    &RouteTable::of_site(),
                )
            })
            .collect();
        let shown = headlines(&problems);
        assert_eq!(
            shown,
            [
                "dist/aboutUs.html:8:10: error[E0701]: broken link \"/products?category=x&sub=y\": it is a route of the app, but no page was generated for it",
                "dist/aboutUs.html:9:11: error[E0701]: broken link \"/media/missing.png\": no file of the output and no route of the app",
                "dist/aboutUs.html:9:48: error[E0703]: malformed URL \"https://exa mple.com\": it contains whitespace",
            ],
            "{shown:#?}"
        );
        let codes: Vec<ErrorCode> = problems.iter().map(|p| p.code).collect();
        assert_eq!(
            codes,
            [
                ErrorCode::BrokenLink,
                ErrorCode::BrokenLink,
                ErrorCode::MalformedExternalUrl
            ]
        );
        // Shown like a content problem: the line, a caret under the URL, the hint.
        let full = problems[1].to_string();
        assert!(
            full.contains("<img src=\"/media/missing.png\" alt=\"\">")
                && full.contains("^^^^^^^^^^^^^^^^^^")
                && full.contains(ErrorCode::BrokenLink.hint()),
            "{full}"
        );
    }

    #[test]
    fn a_url_on_the_media_origin_must_name_a_media_file_of_the_output() {
        let files = HashSet::from(["index.html".to_string(), "media/a.1a2b3c4d.png".to_string()]);
        let index = OutputIndex::new(files, "").with_media_origin(Some("https://m.example.com/s"));
        let routes = RouteTable::of_site();
        let problem = |url: &str| url_problem(url, &index, &routes).map(|(code, _)| code);
        assert_eq!(
            problem("https://m.example.com/s/media/a.1a2b3c4d.png"),
            None
        );
        for broken in [
            "https://m.example.com/s/media/gone.1a2b3c4d.png",
            "https://m.example.com/s/index.html",
            "https://m.example.com/s/",
        ] {
            assert_eq!(problem(broken), Some(ErrorCode::BrokenLink), "{broken}");
        }
        // Another origin that merely starts alike is an external link.
        assert_eq!(problem("https://m.example.com/site/media/gone.png"), None);
        assert_eq!(problem("https://m.example.com/sx/media/gone.png"), None);
    }

    #[test]
    fn relative_dotted_and_badly_escaped_links_are_malformed_internal_links() {
        let index = OutputIndex::new(HashSet::from(["index.html".to_string()]), "");
        let html = "<a href=\"aboutUs\">a</a>\n<a href=\"/x/../index.html\">b</a>\n\
                    <a href=\"/%zz\">c</a> <a href=\"javascript:alert(1)\">d</a>";
        let problems = check_page(html, "dist/index.html", &index, &RouteTable::of_site());
        let shown = headlines(&problems);
        assert_eq!(
            shown,
            [
                "dist/index.html:1:10: error[E0702]: relative link \"aboutUs\": pages are served at clean URLs, so write the path from the site root (\"/…\")",
                "dist/index.html:2:10: error[E0702]: link \"/x/../index.html\" contains `.` or `..` segments",
                "dist/index.html:3:10: error[E0702]: link \"/%zz\" has a malformed %-escape",
                "dist/index.html:3:31: error[E0703]: \"javascript:alert(1)\": javascript: URLs are not allowed",
            ],
            "{shown:#?}"
        );
        assert_eq!(problems[0].code, ErrorCode::MalformedInternalLink);
        assert_eq!(problems[3].code, ErrorCode::MalformedExternalUrl);
    }

    #[test]
    fn a_page_that_cannot_be_read_is_a_page_unreadable_error_of_the_whole_file() {
        let not_utf8 = std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8");
        let problems = check_page_file(
            Err(not_utf8),
            "aboutUs.html",
            Path::new("dist"),
            &OutputIndex::default(),
            &RouteTable::of_site(),
        );
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].code, ErrorCode::PageUnreadable);
        assert_eq!(
            problems[0].headline(),
            "dist/aboutUs.html: error[E0706]: cannot read the page as UTF-8 text: not UTF-8"
        );
    }

    #[test]
    fn tag_and_attribute_names_are_read_in_any_case() {
        let urls = urls_of(
            "<A HREF=\"/a\">a</A><SCRIPT>x = '<a href=\"/in-script\">'</ScRiPt><IMG Src=\"/b.png\">",
        );
        let urls: Vec<&str> = urls.iter().map(|(_, url)| url.as_str()).collect();
        assert_eq!(urls, ["/a", "/b.png"]);
    }

    #[test]
    fn the_output_index_serves_files_folders_and_clean_urls() {
        let dir = site();
        let index = OutputIndex::of_dir(dir.path());
        for served in [
            "/",
            "/aboutUs",
            "/aboutUs/",
            "/assets/app.js",
            "//aboutUs",
            "/services/Dental centre setup",
        ] {
            assert!(index.serves(served), "{served} should be served");
        }
        for missing in ["/assets/app.js/", "/assets", "/nope", "/aboutus"] {
            assert!(!index.serves(missing), "{missing} should not be served");
        }
        assert!(index.is_alias("/JobApplicationForm/"));
        assert_eq!(
            index.pages(),
            [
                "aboutUs.html",
                "index.html",
                "services/Dental centre setup.html"
            ]
        );
    }

    #[test]
    fn srcset_candidates_and_entities_are_read() {
        let urls = urls_of("<img srcset=\"/a.webp 400w, /b.webp 800w\" src=\"/c?x=1&amp;y=2\">");
        let urls: Vec<&str> = urls.iter().map(|(_, url)| url.as_str()).collect();
        assert_eq!(urls, ["/a.webp", "/b.webp", "/c?x=1&y=2"]);
    }

    #[test]
    fn the_modules_an_entry_script_preloads_are_links() {
        let urls = urls_of(
            "<script type=\"module\" src=\"/assets/entry.js\" data-preload=\"/assets/app.js  /assets/Home.js\"></script>",
        );
        let urls: Vec<&str> = urls.iter().map(|(_, url)| url.as_str()).collect();
        assert_eq!(
            urls,
            ["/assets/entry.js", "/assets/app.js", "/assets/Home.js"]
        );
    }
}
