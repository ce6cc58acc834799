//! Mapping a request path to a file of `dist/`, as a static host would.

use std::fs;
use std::path::{Path, PathBuf};

use axum::http::StatusCode;

/// Files a host reads as configuration and never serves.
const HOST_FILES: &[&str] = &["_headers", "_redirects"];

/// What a request path resolves to.
#[derive(Debug, PartialEq, Eq)]
pub enum Resolved {
    /// Serve this file with this status (404 for `404.html`).
    File { path: PathBuf, status: StatusCode },
    /// A `_redirects` rule matched: 301 to this location.
    Redirect(String),
    /// The path tries to leave `dist/`.
    Forbidden,
    /// The path is not valid percent-encoded UTF-8.
    BadRequest,
    /// Nothing matched and there is no `404.html`.
    NotFound,
}

/// Resolves a URL path (percent-encoded, as in the request line) inside `dist`.
///
/// `/aboutUs` and `/aboutUs/` serve `aboutUs/index.html`; `/` serves `index.html`;
/// unknown paths serve `404.html` with status 404.
pub fn resolve(dist: &Path, url_path: &str) -> Resolved {
    let Some(decoded) = percent_decode(url_path) else {
        return Resolved::BadRequest;
    };
    let segments: Vec<&str> = decoded.split('/').filter(|s| !s.is_empty()).collect();
    if segments
        .iter()
        .any(|segment| *segment == ".." || segment.contains('\\') || segment.contains('\0'))
    {
        return Resolved::Forbidden;
    }
    let rules = fs::read_to_string(dist.join("_redirects")).unwrap_or_default();
    let decoded = match crate::redirects::apply(&rules, &decoded) {
        Some(crate::redirects::Rule::Redirect(location)) => return Resolved::Redirect(location),
        Some(crate::redirects::Rule::Rewrite(path)) => path,
        None => decoded,
    };
    // Segments are matched as written: a name with a trailing space is a real folder.
    let raw_segments: Vec<&str> = decoded.split('/').skip(1).collect();
    let relative: PathBuf = raw_segments.iter().filter(|s| !s.is_empty()).collect();
    let candidate = dist.join(&relative);
    // The CDN's own configuration files are not part of the site.
    let hidden = HOST_FILES.iter().any(|name| relative == Path::new(name));
    let found = if hidden {
        None
    } else if candidate.is_file() {
        Some(candidate)
    } else if candidate.join("index.html").is_file() {
        Some(candidate.join("index.html"))
    } else {
        None
    };
    match found {
        Some(path) => Resolved::File {
            path,
            status: StatusCode::OK,
        },
        None if dist.join("404.html").is_file() => Resolved::File {
            path: dist.join("404.html"),
            status: StatusCode::NOT_FOUND,
        },
        None => Resolved::NotFound,
    }
}

/// Decodes `%XX` escapes; `None` for malformed escapes or invalid UTF-8.
pub(crate) fn percent_decode(input: &str) -> Option<String> {
    let bytes = input.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The content type of a file, by its extension.
pub fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "avif" => "image/avif",
        "gif" => "image/gif",
        "ico" => "image/x-icon",
        "mp4" => "video/mp4",
        "webm" => "video/webm",
        "xml" => "application/xml",
        "txt" => "text/plain; charset=utf-8",
        "woff2" => "font/woff2",
        "pdf" => "application/pdf",
        _ => "application/octet-stream",
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
        fs::create_dir_all(root.join("aboutUs")).unwrap();
        fs::write(root.join("aboutUs/index.html"), "about").unwrap();
        fs::create_dir_all(root.join("services/Emergency centre setup ")).unwrap();
        fs::write(
            root.join("services/Emergency centre setup /index.html"),
            "e",
        )
        .unwrap();
        fs::write(
            root.join("_redirects"),
            "/JobApplicationForm /jobapplicationform 301\n",
        )
        .unwrap();
        dir
    }

    fn file(dist: &Path, relative: &str, status: StatusCode) -> Resolved {
        Resolved::File {
            path: dist.join(relative),
            status,
        }
    }

    #[test]
    fn clean_urls_serve_the_folder_index() {
        let dist = site();
        let root = dist.path();
        assert_eq!(
            resolve(root, "/aboutUs"),
            file(root, "aboutUs/index.html", StatusCode::OK)
        );
        assert_eq!(
            resolve(root, "/aboutUs/"),
            file(root, "aboutUs/index.html", StatusCode::OK)
        );
        assert_eq!(resolve(root, "/"), file(root, "index.html", StatusCode::OK));
    }

    #[test]
    fn percent_encoded_spaces_reach_folders_with_spaces() {
        let dist = site();
        let root = dist.path();
        assert_eq!(
            resolve(root, "/services/Emergency%20centre%20setup%20"),
            file(
                root,
                "services/Emergency centre setup /index.html",
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
        assert_eq!(
            resolve(root, "/_redirects"),
            file(root, "404.html", StatusCode::NOT_FOUND)
        );
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
        assert_eq!(
            content_type(Path::new("a/b.js")),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(
            content_type(Path::new("a/b.unknown")),
            "application/octet-stream"
        );
    }
}
