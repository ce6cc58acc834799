//! `sitegen-serve` is the local preview server: it serves a built `dist/` the way a
//! static host or CDN would (clean URLs, `404.html` with status 404, `_redirects`),
//! refuses paths that try to leave `dist/`, and tells open pages to reload after a
//! rebuild (live reload for editors).
//!
//! It does not build anything: the caller rebuilds (see [`watch`]) and then calls
//! [`LiveReload::notify`].

mod files;
mod headers;
mod redirects;
mod watch;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tokio::net::TcpListener;
use tokio::sync::watch as channel;

pub use crate::files::{resolve, Resolved};
pub use crate::headers::{
    acceptable_encodings, headers_for, parse_headers, pattern_matches, Encoding, HeaderRule,
};
pub use crate::watch::{watch, Watcher};

/// How long a live-reload request waits for a rebuild before answering anyway.
const LIVE_RELOAD_WAIT: Duration = Duration::from_secs(25);
const LIVE_RELOAD_SCRIPT: &str = include_str!("livereload.js");
const LIVE_RELOAD_TAG: &str = "<script src=\"/__sitegen/livereload.js\"></script>";
/// What Netlify and Cloudflare Pages send for files no `_headers` rule gives a
/// `Cache-Control` (the clean-URL pages): revalidate on every use.
const DEFAULT_CACHE_CONTROL: &str = "public, max-age=0, must-revalidate";

/// Errors of the server.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: String,
        #[source]
        source: std::io::Error,
    },
    #[error("server error: {0}")]
    Io(#[from] std::io::Error),
    #[error("cannot watch {path}: {message}")]
    Watch { path: PathBuf, message: String },
}

/// The handle that tells open pages a new build is ready.
#[derive(Clone)]
pub struct LiveReload {
    version: Arc<channel::Sender<u64>>,
}

impl LiveReload {
    pub fn new() -> Self {
        Self {
            version: Arc::new(channel::channel(0).0),
        }
    }

    /// Open pages reload themselves.
    pub fn notify(&self) {
        self.version.send_modify(|version| *version += 1);
    }
}

impl Default for LiveReload {
    fn default() -> Self {
        Self::new()
    }
}

/// What the server serves and how.
#[derive(Clone)]
pub struct ServeOptions {
    pub dist: PathBuf,
    /// Inject the live-reload script into HTML pages.
    pub live_reload: Option<LiveReload>,
}

/// Binds `host:port` (port 0 picks a free one).
pub async fn bind(host: &str, port: u16) -> Result<TcpListener, ServeError> {
    let addr = format!("{host}:{port}");
    TcpListener::bind(&addr)
        .await
        .map_err(|source| ServeError::Bind { addr, source })
}

/// Serves until the process is interrupted (Ctrl-C).
pub async fn run(listener: TcpListener, options: ServeOptions) -> Result<(), ServeError> {
    axum::serve(listener, router(options))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await?;
    Ok(())
}

/// The address a listener ended up on.
pub fn local_addr(listener: &TcpListener) -> Result<SocketAddr, ServeError> {
    Ok(listener.local_addr()?)
}

/// The server's routes.
pub fn router(options: ServeOptions) -> Router {
    let state = Arc::new(options);
    Router::new()
        .route("/__sitegen/livereload.js", get(live_reload_script))
        .route("/__sitegen/version", get(live_reload_version))
        .fallback(serve_file)
        .with_state(state)
}

async fn live_reload_script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        LIVE_RELOAD_SCRIPT,
    )
        .into_response()
}

#[derive(serde::Deserialize)]
struct VersionQuery {
    after: Option<u64>,
}

/// Answers the current build version, waiting for the next one when the page already
/// has the current one (a long poll: no extra connection type, works through proxies).
async fn live_reload_version(
    State(state): State<Arc<ServeOptions>>,
    Query(query): Query<VersionQuery>,
) -> Response {
    let Some(reload) = &state.live_reload else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let mut receiver = reload.version.subscribe();
    let current = *receiver.borrow_and_update();
    if query.after == Some(current) {
        let _ = tokio::time::timeout(LIVE_RELOAD_WAIT, receiver.changed()).await;
    }
    let version = *receiver.borrow();
    ([(header::CACHE_CONTROL, "no-store")], version.to_string()).into_response()
}

async fn serve_file(
    State(state): State<Arc<ServeOptions>>,
    method: Method,
    uri: Uri,
    request_headers: HeaderMap,
) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let dist = state.dist.clone();
    let path = uri.path().to_string();
    let resolved = match tokio::task::spawn_blocking(move || resolve(&dist, &path)).await {
        Ok(resolved) => resolved,
        Err(_) => return StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    };
    match resolved {
        Resolved::File { path, status } => {
            let content_type = files::content_type(&path);
            let is_html = content_type.starts_with("text/html");
            let inject = state.live_reload.is_some() && is_html;
            let compressible = headers::is_compressible(content_type);
            let accept = request_headers
                .get(header::ACCEPT_ENCODING)
                .and_then(|value| value.to_str().ok())
                .unwrap_or("");
            let mut encoding = None;
            let mut bytes = None;
            if compressible && !inject {
                for candidate in acceptable_encodings(accept) {
                    let mut twin = path.clone().into_os_string();
                    twin.push(".");
                    twin.push(candidate.suffix());
                    if let Ok(found) = tokio::fs::read(&twin).await {
                        encoding = Some(candidate);
                        bytes = Some(found);
                        break;
                    }
                }
            }
            let bytes = match bytes {
                Some(bytes) => bytes,
                None => match tokio::fs::read(&path).await {
                    Ok(bytes) => bytes,
                    Err(_) => return StatusCode::NOT_FOUND.into_response(),
                },
            };
            let body = if method == Method::HEAD {
                Body::empty()
            } else if inject {
                Body::from(inject_live_reload(bytes))
            } else {
                Body::from(bytes)
            };
            let mut response = Response::new(body);
            *response.status_mut() = status;
            let headers = response.headers_mut();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
            if let Some(encoding) = encoding {
                headers.insert(
                    header::CONTENT_ENCODING,
                    HeaderValue::from_static(encoding.token()),
                );
            }
            if compressible {
                headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
            }
            apply_header_rules(&state.dist, uri.path(), headers).await;
            response
        }
        Resolved::Redirect(location) => match HeaderValue::from_str(&location) {
            Ok(location) => (
                StatusCode::MOVED_PERMANENTLY,
                [(header::LOCATION, location)],
            )
                .into_response(),
            Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
        },
        Resolved::Forbidden => (StatusCode::FORBIDDEN, "Forbidden").into_response(),
        Resolved::BadRequest => (StatusCode::BAD_REQUEST, "Bad request").into_response(),
        Resolved::NotFound => (
            StatusCode::NOT_FOUND,
            "Not found (and dist/404.html is missing: has the site been built?)",
        )
            .into_response(),
    }
}

/// Adds the headers `dist/_headers` gives `url_path`, as the CDN would; files no rule
/// gives a `Cache-Control` get the hosts' default.
async fn apply_header_rules(dist: &std::path::Path, url_path: &str, headers: &mut HeaderMap) {
    let rules = tokio::fs::read_to_string(dist.join("_headers"))
        .await
        .map(|text| parse_headers(&text))
        .unwrap_or_default();
    for (name, value) in headers_for(&rules, url_path) {
        if let (Ok(name), Ok(value)) = (
            HeaderName::from_bytes(name.as_bytes()),
            HeaderValue::from_str(&value),
        ) {
            headers.insert(name, value);
        }
    }
    if !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static(DEFAULT_CACHE_CONTROL),
        );
    }
}

/// Adds the live-reload script before `</body>`.
fn inject_live_reload(html: Vec<u8>) -> Vec<u8> {
    let text = String::from_utf8_lossy(&html);
    match text.rfind("</body>") {
        Some(at) => format!("{}{LIVE_RELOAD_TAG}{}", &text[..at], &text[at..]).into_bytes(),
        None => html,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Serves `dist` on a free port and sends one raw HTTP/1.1 request.
    async fn get(dist: &std::path::Path, path: &str, accept_encoding: &str) -> String {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let listener = bind("127.0.0.1", 0).await.unwrap();
        let addr = local_addr(&listener).unwrap();
        let app = router(ServeOptions {
            dist: dist.to_path_buf(),
            live_reload: None,
        });
        tokio::spawn(async move { axum::serve(listener, app).await });
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        let request = format!(
            "GET {path} HTTP/1.1\r\nHost: x\r\nAccept-Encoding: {accept_encoding}\r\nConnection: close\r\n\r\n"
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut response = Vec::new();
        stream.read_to_end(&mut response).await.unwrap();
        String::from_utf8_lossy(&response).to_lowercase()
    }

    fn site() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("assets")).unwrap();
        std::fs::write(root.join("index.html"), "<p>home</p>").unwrap();
        std::fs::write(root.join("index.html.br"), "BROTLI").unwrap();
        std::fs::write(root.join("index.html.gz"), "GZIP").unwrap();
        std::fs::write(root.join("assets/app.js"), "js").unwrap();
        std::fs::write(
            root.join("_headers"),
            "/*\n  X-Content-Type-Options: nosniff\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n",
        )
        .unwrap();
        dir
    }

    #[tokio::test]
    async fn precompressed_twins_are_served_when_the_client_accepts_them() {
        let dist = site();
        let brotli = get(dist.path(), "/", "gzip, deflate, br").await;
        assert!(brotli.contains("content-encoding: br\r\n"), "{brotli}");
        assert!(brotli.contains("vary: accept-encoding\r\n"), "{brotli}");
        assert!(brotli.ends_with("\r\n\r\nbrotli"), "{brotli}");
        let gzip = get(dist.path(), "/", "gzip").await;
        assert!(gzip.contains("content-encoding: gzip\r\n"), "{gzip}");
        let plain = get(dist.path(), "/", "identity").await;
        assert!(!plain.contains("content-encoding"), "{plain}");
        assert!(plain.ends_with("<p>home</p>"), "{plain}");
    }

    #[tokio::test]
    async fn the_headers_file_applies_like_on_the_cdn() {
        let dist = site();
        let asset = get(dist.path(), "/assets/app.js", "br").await;
        assert!(
            asset.contains("x-content-type-options: nosniff\r\n"),
            "{asset}"
        );
        assert!(
            asset.contains("cache-control: public, max-age=31536000, immutable\r\n"),
            "{asset}"
        );
        assert!(
            !asset.contains("content-encoding"),
            "no twin, no encoding: {asset}"
        );
        let page = get(dist.path(), "/", "").await;
        assert!(
            page.contains("cache-control: public, max-age=0, must-revalidate\r\n"),
            "{page}"
        );
        let config = get(dist.path(), "/_headers", "").await;
        assert!(config.starts_with("http/1.1 404"), "{config}");
    }

    #[test]
    fn the_live_reload_script_goes_before_the_body_end() {
        let html =
            inject_live_reload(b"<html><body><div id=\"root\"></div></body></html>".to_vec());
        assert_eq!(
            String::from_utf8(html).unwrap(),
            format!("<html><body><div id=\"root\"></div>{LIVE_RELOAD_TAG}</body></html>")
        );
    }
}
