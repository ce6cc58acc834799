//! Mapping a request path to a file of `dist/`, as a static host would, and refusing
//! what a host never serves: paths that leave `dist/` (by `..` or by a symbolic link),
//! the host's configuration files and dotfiles.

use std::fs;
use std::path::{Path, PathBuf};

use axum::http::StatusCode;

use sitegen_diagnostics::percent::{encode_path, percent_decode};

use sitegen_hosts::{names, Redirects, Target};

/// What a request path resolves to.
#[derive(Debug, PartialEq, Eq)]
pub enum Resolved {
    /// Serve this file (its canonical path, inside `dist/`) with this status (404 for
    /// `404.html`).
    File { path: PathBuf, status: StatusCode },
    /// A `_redirects` rule matched: 301 to this location.
    Redirect(String),
    /// The path tries to leave `dist/`, by `..` or through a symbolic link.
    Forbidden,
    /// The path is not valid percent-encoded UTF-8.
    BadRequest,
    /// Nothing matched and there is no `404.html`.
    NotFound,
}

/// Why a request path is refused before any file is looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Malformed percent-encoding or invalid UTF-8.
    BadRequest,
    /// `..` above the root, a backslash or a NUL byte.
    Forbidden,
}

/// A request path as the site sees it: percent-decoded, without empty, `.` and `..`
/// segments, so that every spelling of a path (`/./_headers`, `/%2e/_headers`,
/// `/a/../_headers`, `/%5fheaders`) is the same path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SitePath {
    segments: Vec<String>,
    trailing_slash: bool,
}

impl SitePath {
    /// Normalises a URL path as written in the request line.
    pub fn parse(url_path: &str) -> Result<SitePath, Refusal> {
        SitePath::from_decoded(&percent_decode(url_path).ok_or(Refusal::BadRequest)?)
    }

    /// Normalises a path already percent-decoded (a `_redirects` rewrite target).
    pub fn from_decoded(decoded: &str) -> Result<SitePath, Refusal> {
        let mut segments: Vec<String> = Vec::new();
        for segment in decoded.split('/') {
            match segment {
                "" | "." => {}
                ".." => {
                    segments.pop().ok_or(Refusal::Forbidden)?;
                }
                // A backslash is a separator on Windows; NUL ends a path in C.
                _ if segment.contains(['\\', '\0']) => return Err(Refusal::Forbidden),
                _ => segments.push(segment.to_string()),
            }
        }
        let trailing_slash = !segments.is_empty() && decoded.ends_with('/');
        Ok(SitePath {
            segments,
            trailing_slash,
        })
    }

    /// The normalised path, decoded: `/`, `/aboutUs`, `/services/Dental centre setup/`.
    pub fn as_url(&self) -> String {
        let mut url = String::from("/");
        url.push_str(&self.segments.join("/"));
        if self.trailing_slash {
            url.push('/');
        }
        url
    }

    /// Whether a host would keep this path to itself: a dotfile or dot-folder (the
    /// output marker `.sitegen-output` among them) or a host configuration file.
    pub fn is_hidden(&self) -> bool {
        self.segments.iter().any(|segment| is_hidden_name(segment))
    }

    /// The path percent-encoded, without its trailing slash: where `/page/` redirects.
    fn url_without_trailing_slash(&self) -> String {
        encoded(&self.segments)
    }

    fn relative(&self) -> PathBuf {
        self.segments.iter().collect()
    }
}

/// Whether a file name is one a host never serves. Compared without case and without
/// trailing dots and spaces, as case-insensitive file systems (macOS, Windows) and
/// Windows' name rules would open `_HEADERS` or `_headers.` as `_headers`.
fn is_hidden_name(name: &str) -> bool {
    let trimmed = name.trim_end_matches(['.', ' ']);
    name.starts_with('.')
        || names::host_config_files().any(|host_file| trimmed.eq_ignore_ascii_case(host_file))
}

/// Where a file of `dist/` really is.
enum Lookup {
    /// Its canonical path, inside `dist/`.
    Inside(PathBuf),
    /// A symbolic link leads out of `dist/`.
    Outside,
    /// A symbolic link leads to a file a host never serves.
    Hidden,
    /// No such file (or a folder).
    Missing,
}

/// Follows `candidate` to its canonical path and checks it stays inside `root` (the
/// canonical `dist/`): the request path alone cannot tell where symbolic links lead.
fn lookup(root: &Path, candidate: &Path) -> Lookup {
    let Ok(canonical) = candidate.canonicalize() else {
        return Lookup::Missing;
    };
    let Ok(relative) = canonical.strip_prefix(root) else {
        return Lookup::Outside;
    };
    if relative
        .iter()
        .any(|name| name.to_str().is_none_or(is_hidden_name))
    {
        return Lookup::Hidden;
    }
    if canonical.is_file() {
        Lookup::Inside(canonical)
    } else {
        Lookup::Missing
    }
}

/// Resolves a URL path (percent-encoded, as in the request line) inside `dist`, as
/// Cloudflare Pages, Netlify and GitHub Pages answer a site of `ROUTE.html` files.
///
/// `/aboutUs` serves `aboutUs.html` (200); `/aboutUs/` and `/aboutUs.html` redirect to
/// `/aboutUs`, `/index.html` to `/`; `/` serves `index.html`; a folder with an
/// `index.html` is served at `/folder/` (and `/folder` redirects there); unknown and
/// hidden paths serve `404.html` with status 404.
pub fn resolve(dist: &Path, url_path: &str) -> Resolved {
    let path = match SitePath::parse(url_path) {
        Ok(path) => path,
        Err(Refusal::BadRequest) => return Resolved::BadRequest,
        Err(Refusal::Forbidden) => return Resolved::Forbidden,
    };
    let Ok(root) = dist.canonicalize() else {
        return Resolved::NotFound;
    };
    if !path.is_hidden() {
        let rules = fs::read_to_string(root.join(names::REDIRECTS)).unwrap_or_default();
        let path = match Redirects::parse(&rules).apply(&path.as_url()) {
            Some(Target::Redirect(location)) => return Resolved::Redirect(location),
            Some(Target::Rewrite(target)) => match SitePath::from_decoded(&target) {
                Ok(target) => target,
                Err(_) => return Resolved::Forbidden,
            },
            None => path,
        };
        if let Some(resolved) = lookup_page(&root, &path) {
            return resolved;
        }
    }
    match lookup(&root, &root.join("404.html")) {
        Lookup::Inside(path) => Resolved::File {
            path,
            status: StatusCode::NOT_FOUND,
        },
        _ => Resolved::NotFound,
    }
}

/// The file or the redirect that serves `path`, `None` when nothing does.
fn lookup_page(root: &Path, path: &SitePath) -> Option<Resolved> {
    let served = |file: &Path| match lookup(root, file) {
        Lookup::Inside(path) => Some(Some(Resolved::File {
            path,
            status: StatusCode::OK,
        })),
        Lookup::Outside => Some(Some(Resolved::Forbidden)),
        Lookup::Hidden => Some(None),
        Lookup::Missing => None,
    };
    let exists = |file: &Path| matches!(lookup(root, file), Lookup::Inside(_));
    let Some((last, parents)) = path.segments.split_last() else {
        return served(&root.join("index.html")).flatten();
    };
    // Segments are matched as written: a name with a trailing space is a real folder.
    let candidate = root.join(path.relative());
    let page = candidate.with_file_name(format!("{last}.html"));
    if path.trailing_slash {
        if exists(&page) {
            return Some(Resolved::Redirect(path.url_without_trailing_slash()));
        }
        if matches!(lookup(root, &candidate), Lookup::Outside) {
            return Some(Resolved::Forbidden);
        }
        return served(&candidate.join("index.html")).flatten();
    }
    if let Some(page_name) = last.strip_suffix(".html").filter(|_| exists(&candidate)) {
        let clean = match (page_name, parents.is_empty()) {
            ("index", true) => "/".to_string(),
            ("index", false) => format!("{}/", encoded(parents)),
            _ => {
                let mut segments = parents.to_vec();
                segments.push(page_name.to_string());
                encoded(&segments)
            }
        };
        return Some(Resolved::Redirect(clean));
    }
    if let Some(answer) = served(&candidate) {
        return answer;
    }
    if let Some(answer) = served(&page) {
        return answer;
    }
    if exists(&candidate.join("index.html")) {
        return Some(Resolved::Redirect(format!("{}/", encoded(&path.segments))));
    }
    None
}

/// `/a/b c` from the decoded segments `a`, `b c`.
fn encoded(segments: &[String]) -> String {
    format!("/{}", encode_path(&segments.join("/")))
}

/// The precompressed twin (`FILE.br`, `FILE.gz`) of a file `resolve` returned, if it
/// exists inside `dist/`.
pub fn twin(dist: &Path, file: &Path, suffix: &str) -> Option<PathBuf> {
    let root = dist.canonicalize().ok()?;
    let mut name = file.as_os_str().to_owned();
    name.push(".");
    name.push(suffix);
    match lookup(&root, Path::new(&name)) {
        Lookup::Inside(path) => Some(path),
        _ => None,
    }
}

/// Where the extension table (`mime_guess`) is behind what browsers expect: web fonts
/// and JavaScript modules by their current registrations (RFC 8081, the HTML
/// standard), source maps as the JSON they are, XML as RFC 7303 prefers.
const CONTENT_TYPE_CORRECTIONS: &[(&str, &str)] = &[
    ("woff", "font/woff"),
    ("mjs", "text/javascript"),
    ("map", "application/json"),
    ("xml", "application/xml"),
];

/// The content type of a file, by its extension: text in UTF-8, an unknown
/// extension as bytes.
pub fn content_type(path: &Path) -> String {
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    let mime = CONTENT_TYPE_CORRECTIONS
        .iter()
        .find(|(known, _)| *known == extension)
        .map(|(_, mime)| *mime)
        .or_else(|| mime_guess::from_ext(&extension).first_raw())
        .unwrap_or("application/octet-stream");
    if mime.starts_with("text/") {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::write(root.join("index.html"), "home").unwrap();
        fs::write(root.join("404.html"), "missing").unwrap();
        fs::write(root.join("aboutUs.html"), "about").unwrap();
        fs::create_dir_all(root.join("services")).unwrap();
        fs::write(root.join("services/Emergency centre setup .html"), "e").unwrap();
        fs::create_dir_all(root.join("folder")).unwrap();
        fs::write(root.join("folder/index.html"), "folder").unwrap();
        fs::write(
            root.join("_redirects"),
            "/JobApplicationForm /jobapplicationform 301\n",
        )
        .unwrap();
        dir
    }

    fn file(dist: &Path, relative: &str, status: StatusCode) -> Resolved {
        Resolved::File {
            path: dist.canonicalize().unwrap().join(relative),
            status,
        }
    }

    #[test]
    fn a_page_is_served_at_its_route_and_its_other_spellings_redirect_there() {
        let dist = site();
        let root = dist.path();
        assert_eq!(
            resolve(root, "/aboutUs"),
            file(root, "aboutUs.html", StatusCode::OK)
        );
        let redirect = |to: &str| Resolved::Redirect(to.to_string());
        assert_eq!(resolve(root, "/aboutUs/"), redirect("/aboutUs"));
        assert_eq!(resolve(root, "/aboutUs.html"), redirect("/aboutUs"));
        assert_eq!(resolve(root, "/"), file(root, "index.html", StatusCode::OK));
        assert_eq!(resolve(root, "/index.html"), redirect("/"));
        assert_eq!(
            resolve(root, "/services/Emergency%20centre%20setup%20/"),
            redirect("/services/Emergency%20centre%20setup%20")
        );
    }

    #[test]
    fn a_folder_index_is_served_at_the_folder_with_its_slash() {
        let dist = site();
        let root = dist.path();
        assert_eq!(
            resolve(root, "/folder/"),
            file(root, "folder/index.html", StatusCode::OK)
        );
        assert_eq!(
            resolve(root, "/folder"),
            Resolved::Redirect("/folder/".into())
        );
        assert_eq!(
            resolve(root, "/folder/index.html"),
            Resolved::Redirect("/folder/".into())
        );
    }

    #[test]
    fn percent_encoded_spaces_reach_folders_with_spaces() {
        let dist = site();
        let root = dist.path();
        assert_eq!(
            resolve(root, "/services/Emergency%20centre%20setup%20"),
            file(
                root,
                "services/Emergency centre setup .html",
                StatusCode::OK
            )
        );
    }

    #[test]
    fn unknown_paths_get_the_404_page_with_status_404() {
        let dist = site();
        let root = dist.path();
        assert_eq!(
            resolve(root, "/nope"),
            file(root, "404.html", StatusCode::NOT_FOUND)
        );
    }

    #[test]
    fn paths_leaving_dist_are_refused() {
        let dist = site();
        let root = dist.path();
        assert_eq!(resolve(root, "/../etc/passwd"), Resolved::Forbidden);
        assert_eq!(
            resolve(root, "/%2e%2e/%2e%2e/etc/passwd"),
            Resolved::Forbidden
        );
        assert_eq!(resolve(root, "/a/..%5c..%5cx"), Resolved::Forbidden);
    }

    #[test]
    fn malformed_escapes_are_bad_requests() {
        let dist = site();
        assert_eq!(resolve(dist.path(), "/%zz"), Resolved::BadRequest);
        assert_eq!(resolve(dist.path(), "/%ff"), Resolved::BadRequest);
    }

    #[test]
    fn host_configuration_files_are_not_served() {
        let dist = site();
        let root = dist.path();
        for path in [
            "/_redirects",
            "/./_redirects",
            "/%5Fredirects",
            "/_Redirects.",
        ] {
            assert_eq!(
                resolve(root, path),
                file(root, "404.html", StatusCode::NOT_FOUND),
                "{path}"
            );
        }
    }

    #[test]
    fn request_paths_are_normalised_before_anything_else() {
        let url = |path: &str| SitePath::parse(path).map(|path| path.as_url());
        assert_eq!(url("/./a/%2e/b"), Ok("/a/b".to_string()));
        assert_eq!(url("/a/b/../c/"), Ok("/a/c/".to_string()));
        assert_eq!(url("//a//b"), Ok("/a/b".to_string()));
        assert_eq!(url("/%2e%2e"), Err(Refusal::Forbidden));
        assert_eq!(url("/a/%2e%2e/%2e%2e/b"), Err(Refusal::Forbidden));
        assert_eq!(url("/%zz"), Err(Refusal::BadRequest));
        assert_eq!(url("/"), Ok("/".to_string()));
        assert_eq!(
            url("/services/Emergency%20centre%20setup%20"),
            Ok("/services/Emergency centre setup ".to_string())
        );
    }

    #[test]
    fn dotfiles_and_host_files_are_hidden_however_spelled() {
        let hidden = |path: &str| SitePath::parse(path).unwrap().is_hidden();
        for path in [
            "/_headers",
            "/%2e/_headers",
            "/%5fheaders",
            "/_HEADERS",
            "/_headers.",
            "/.sitegen-output",
            "/a/.git/config",
            "/%2Eenv",
        ] {
            assert!(hidden(path), "{path}");
        }
        for path in [
            "/",
            "/aboutUs",
            "/media/logo.1a2b.svg",
            "/headers",
            "/a/_headers_b",
        ] {
            assert!(!hidden(path), "{path}");
        }
    }

    #[test]
    fn redirects_file_rules_apply() {
        let dist = site();
        assert_eq!(
            resolve(dist.path(), "/JobApplicationForm"),
            Resolved::Redirect("/jobapplicationform".into())
        );
    }

    #[test]
    fn content_types_follow_extensions() {
        for (file, expected) in [
            ("a/b.html", "text/html; charset=utf-8"),
            ("a/b.js", "text/javascript; charset=utf-8"),
            ("a/b.mjs", "text/javascript; charset=utf-8"),
            ("a/b.css", "text/css; charset=utf-8"),
            ("a/b.txt", "text/plain; charset=utf-8"),
            ("a/b.json", "application/json"),
            ("a/b.xml", "application/xml"),
            ("a/b.svg", "image/svg+xml"),
            ("a/b.png", "image/png"),
            ("a/b.JPG", "image/jpeg"),
            ("a/b.jpeg", "image/jpeg"),
            ("a/b.webp", "image/webp"),
            ("a/b.avif", "image/avif"),
            ("a/b.gif", "image/gif"),
            ("a/b.ico", "image/x-icon"),
            ("a/b.mp4", "video/mp4"),
            ("a/b.webm", "video/webm"),
            ("a/b.mp3", "audio/mpeg"),
            ("a/b.woff", "font/woff"),
            ("a/b.woff2", "font/woff2"),
            ("a/b.pdf", "application/pdf"),
            ("a/site.webmanifest", "application/manifest+json"),
            ("a/b.js.map", "application/json"),
            ("a/b.unknown", "application/octet-stream"),
            ("a/no-extension", "application/octet-stream"),
        ] {
            assert_eq!(content_type(Path::new(file)), expected, "{file}");
        }
    }
}
