//! `sitegen-serve` is the local preview server: it serves a built `dist/` the way a
//! static host or CDN would (clean URLs, `404.html` with status 404, `_redirects`),
//! refuses paths that try to leave `dist/`, and tells open pages to reload after a
//! rebuild (live reload for editors).
//!
//! It does not build anything: the caller rebuilds (see [`watch`]) and then calls
//! [`LiveReload::notify`].

mod files;
mod watch;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Query, State};
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tokio::net::TcpListener;
use tokio::sync::watch as channel;

pub use crate::files::{resolve, Resolved};
pub use crate::watch::{watch, Watcher};

/// How long a live-reload request waits for a rebuild before answering anyway.
const LIVE_RELOAD_WAIT: Duration = Duration::from_secs(25);
const LIVE_RELOAD_SCRIPT: &str = include_str!("livereload.js");
const LIVE_RELOAD_TAG: &str = "<script src=\"/__sitegen/livereload.js\"></script>";

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

async fn serve_file(State(state): State<Arc<ServeOptions>>, method: Method, uri: Uri) -> Response {
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
            let Ok(bytes) = tokio::fs::read(&path).await else {
                return StatusCode::NOT_FOUND.into_response();
            };
            let content_type = files::content_type(&path);
            let body = match (&state.live_reload, content_type.starts_with("text/html")) {
                (Some(_), true) => Body::from(inject_live_reload(bytes)),
                _ => Body::from(bytes),
            };
            let mut response = Response::new(if method == Method::HEAD {
                Body::empty()
            } else {
                body
            });
            *response.status_mut() = status;
            response
                .headers_mut()
                .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
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
