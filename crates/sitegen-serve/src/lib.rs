//! `sitegen-serve` is the local preview server: it serves a built `dist/` the way a
//! static host or CDN would (clean URLs, `404.html` with status 404, `_redirects`,
//! `_headers`, precompressed twins, conditional and range requests), refuses what a
//! host keeps to itself (paths or symbolic links leading out of `dist/`, host files,
//! dotfiles), and tells open pages to reload after a rebuild (live reload for editors)
//! or shows them why the rebuild failed (an error overlay, only in the preview).
//!
//! It does not build anything: the caller rebuilds (see [`watch`]) and then calls
//! [`LiveReload::notify`] or [`LiveReload::fail`].

mod conditional;
mod error;
mod files;
mod headers;
mod respond;
mod server;
mod watch;

use std::future::Future;
use std::hash::{Hash, Hasher};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use axum::extract::{Query, Request, State};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Method, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use sitegen_diagnostics::Diagnostic;
use sitegen_hosts::{names, Headers};
use tokio::net::TcpListener;
use tokio::sync::watch as channel;

pub use crate::conditional::{ByteRange, Validators};
pub use crate::error::ServeError;
pub use crate::files::{resolve, Refusal, Resolved, SitePath};
pub use crate::headers::{acceptable_encodings, Encoding};
pub use crate::respond::ALLOWED_METHODS;
pub use crate::watch::{watch, Watcher};

/// How long a live-reload request waits for a rebuild before answering anyway.
const LIVE_RELOAD_WAIT: Duration = Duration::from_secs(25);
/// The page served in place of every HTML page while no build has succeeded yet, so that
/// the overlay can say why (its live-reload script goes before `</body>` as on any page).
const NO_BUILD_YET_PAGE: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>No build yet</title></head><body><main><h1>No build yet</h1><p>The site has not been built yet. Fix the problems sitegen reports; this page reloads by itself.</p></main></body></html>";
const LIVE_RELOAD_SCRIPT: &str = include_str!("livereload.js");
/// The live-reload script's tag. Its address names the script's content, so it is cached
/// for good: a page reloading after a save takes it from the browser's cache instead of
/// waiting for one more request before its `load`.
static LIVE_RELOAD_TAG: LazyLock<String> = LazyLock::new(|| {
    let mut hasher = std::hash::DefaultHasher::new();
    LIVE_RELOAD_SCRIPT.hash(&mut hasher);
    format!(
        "<script src=\"/__sitegen/livereload.js?v={:016x}\"></script>",
        hasher.finish()
    )
});
/// What Netlify and Cloudflare Pages send for files no `_headers` rule gives a
/// `Cache-Control` (the clean-URL pages), and for errors and redirects: revalidate
/// on every use.
const DEFAULT_CACHE_CONTROL: &str = "public, max-age=0, must-revalidate";
/// How long a connection may take to send its request head (nginx waits 60 s, hyper
/// 30 s): a browser sends it at once, so only idle or stalled clients reach it.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(30);

/// The handle that tells open pages a new build is ready, or why a build failed.
#[derive(Clone)]
pub struct LiveReload {
    status: Arc<channel::Sender<BuildStatus>>,
}

/// What open pages learn from the live-reload channel (`/__sitegen/status`, JSON).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct BuildStatus {
    /// Changes whenever anything below does: what a page waits past.
    pub generation: u64,
    /// The number of the last good build: pages reload when it changes.
    pub build: u64,
    /// Why the last build failed (empty after a good one): the overlay shows them, each
    /// as the terminal does (see `Diagnostic`'s JSON).
    pub problems: Vec<Diagnostic>,
    /// The pages (`.html` files relative to `dist/`) the last good build changed;
    /// `None` when any may have. Pages ask with `?page=` and learn whether theirs did
    /// (`page_changed`), so only they reload.
    #[serde(skip)]
    pub changed_pages: Option<Vec<String>>,
}

impl LiveReload {
    pub fn new() -> Self {
        Self {
            status: Arc::new(channel::channel(BuildStatus::default()).0),
        }
    }

    /// A build succeeded: the open pages among `changed_pages` (`.html` files relative
    /// to `dist/`; `None` for all) reload themselves, and any overlay goes.
    pub fn notify(&self, changed_pages: Option<Vec<String>>) {
        self.status.send_modify(|status| {
            status.generation += 1;
            status.build += 1;
            status.problems = Vec::new();
            status.changed_pages = changed_pages;
        });
    }

    /// A build failed: open pages (and pages opened from now on, which get the last
    /// good build) show `problems` until a build succeeds.
    pub fn fail(&self, problems: Vec<Diagnostic>) {
        self.status.send_modify(|status| {
            status.generation += 1;
            status.problems = problems;
        });
    }

    /// How many pages wait for the next change (long polls held open now).
    pub fn waiting_pages(&self) -> usize {
        self.status.receiver_count()
    }

    /// What pages are told now.
    pub fn status(&self) -> BuildStatus {
        self.status.borrow().clone()
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
    /// How long a connection may take to send a request head ([`HEADER_READ_TIMEOUT`]).
    pub header_read_timeout: Duration,
    /// Routes served before the site's own (the browser editor's, under `/_edit`):
    /// they answer for themselves, without the site's headers or live reload.
    pub mounted: Option<Router>,
    /// The site's pages may be framed by this server's own pages (the editor's preview
    /// beside its form); the built `_headers` forbid every frame, as a CDN serves them.
    pub framed_by_self: bool,
}

impl ServeOptions {
    /// Serves `dist` as it is: no live reload, the default timeout.
    pub fn new(dist: impl Into<PathBuf>) -> Self {
        Self {
            dist: dist.into(),
            live_reload: None,
            header_read_timeout: HEADER_READ_TIMEOUT,
            mounted: None,
            framed_by_self: false,
        }
    }
}

/// Binds `host:port` (port 0 picks a free one; an IPv6 host may be written with or
/// without brackets).
pub async fn bind(host: &str, port: u16) -> Result<TcpListener, ServeError> {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    let addr = match bare.contains(':') {
        true => format!("[{bare}]:{port}"),
        false => format!("{bare}:{port}"),
    };
    TcpListener::bind((bare, port))
        .await
        .map_err(|cause| ServeError::Bind { addr, cause })
}

/// Ctrl-C, or SIGTERM: what `kill`, service managers and test runners send. Without
/// it a preview server stopped that way would keep its port. The signals are listened
/// for from this call on (inside the runtime), not from the future's first poll: a
/// signal sent as soon as the server says where it listens must not be missed.
pub fn stop_requested() -> impl Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let interrupt = signal(SignalKind::interrupt()).ok();
        let terminate = signal(SignalKind::terminate()).ok();
        async move {
            let received = |listener: Option<tokio::signal::unix::Signal>| async move {
                match listener {
                    Some(mut listener) => {
                        listener.recv().await;
                    }
                    None => std::future::pending::<()>().await,
                }
            };
            tokio::select! {
                () = received(interrupt) => {}
                () = received(terminate) => {}
            }
        }
    }
    #[cfg(not(unix))]
    async {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Serves until `shutdown` completes.
pub async fn serve_until(
    listener: TcpListener,
    options: ServeOptions,
    shutdown: impl Future<Output = ()>,
) -> Result<(), ServeError> {
    let timeout = options.header_read_timeout;
    server::serve(listener, router(options), timeout, shutdown).await;
    Ok(())
}

/// The address a listener ended up on.
pub fn local_addr(listener: &TcpListener) -> Result<SocketAddr, ServeError> {
    Ok(listener.local_addr()?)
}

/// The server's routes.
pub fn router(mut options: ServeOptions) -> Router {
    let mounted = options.mounted.take();
    let state = Arc::new(options);
    let site = Router::new()
        .route("/__sitegen/livereload.js", get(live_reload_script))
        .route("/__sitegen/status", get(live_reload_status))
        .fallback(serve_file)
        .layer(middleware::from_fn_with_state(
            state.clone(),
            with_site_headers,
        ))
        .with_state(state);
    match mounted {
        Some(mounted) => mounted.merge(site),
        None => site,
    }
}

async fn live_reload_script() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=31536000, immutable"),
        ],
        LIVE_RELOAD_SCRIPT,
    )
        .into_response()
}

#[derive(serde::Deserialize)]
struct StatusQuery {
    after: Option<u64>,
    /// The asking page's path (`location.pathname`).
    page: Option<String>,
}

/// The answer of `/__sitegen/status`.
#[derive(serde::Serialize)]
struct StatusReply {
    #[serde(flatten)]
    status: BuildStatus,
    /// Whether the last good build changed the asking page (true when unknown).
    page_changed: bool,
}

/// Answers the build status, waiting for the next change when the page already has the
/// current one (a long poll: no extra connection type, works through proxies).
async fn live_reload_status(
    State(state): State<Arc<ServeOptions>>,
    Query(query): Query<StatusQuery>,
) -> Response {
    let Some(reload) = &state.live_reload else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let mut receiver = reload.status.subscribe();
    let current = receiver.borrow_and_update().generation;
    if query.after == Some(current) {
        let _ = tokio::time::timeout(LIVE_RELOAD_WAIT, receiver.changed()).await;
    }
    let status = receiver.borrow().clone();
    let page_changed = match (&status.changed_pages, query.page) {
        (Some(changed), Some(page)) => {
            let dist = state.dist.clone();
            let changed = changed.clone();
            tokio::task::spawn_blocking(move || page_changed(&dist, &page, &changed))
                .await
                .unwrap_or(true)
        }
        _ => true,
    };
    let reply = StatusReply {
        status,
        page_changed,
    };
    ([(header::CACHE_CONTROL, "no-store")], axum::Json(reply)).into_response()
}

/// Whether the page served at `url_path` is among `changed` (`.html` files relative to
/// `dist`); a path that now finds no page (a removed product) counts as changed, so its
/// open page reloads into the 404.
fn page_changed(dist: &Path, url_path: &str, changed: &[String]) -> bool {
    let Ok(root) = dist.canonicalize() else {
        return true;
    };
    match resolve(dist, url_path) {
        Resolved::File { path, status } if status == StatusCode::OK => path
            .strip_prefix(&root)
            .map(|relative| changed.iter().any(|page| Path::new(page) == relative))
            .unwrap_or(true),
        _ => true,
    }
}

async fn serve_file(
    State(state): State<Arc<ServeOptions>>,
    method: Method,
    uri: Uri,
    request_headers: HeaderMap,
) -> Response {
    let inject = state
        .live_reload
        .is_some()
        .then_some(inject_live_reload as fn(Vec<u8>) -> Vec<u8>);
    if inject.is_some() && no_build_yet(&state.dist).await && wants_a_page(&uri) {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            inject_live_reload(NO_BUILD_YET_PAGE.as_bytes().to_vec()),
        )
            .into_response();
    }
    respond::answer(
        state.dist.clone(),
        &method,
        uri.path(),
        &request_headers,
        inject,
    )
    .await
}

/// Whether `dist` holds no built site (the first build failed).
async fn no_build_yet(dist: &Path) -> bool {
    !tokio::fs::try_exists(dist.join("index.html"))
        .await
        .unwrap_or(false)
}

/// Whether a request is for a page (a clean URL or an `.html` file), not an asset.
fn wants_a_page(uri: &Uri) -> bool {
    let last = uri.path().rsplit('/').next().unwrap_or_default();
    !last.contains('.') || last.ends_with(".html")
}

/// Gives every response (errors, redirects and live-reload ones included) the
/// headers `dist/_headers` gives its path, as the CDN would.
async fn with_site_headers(
    State(state): State<Arc<ServeOptions>>,
    request: Request,
    next: Next,
) -> Response {
    // Rules match the path the file is served for, however the request spelled it.
    let url_path = SitePath::parse(request.uri().path())
        .map(|path| path.as_url())
        .unwrap_or_else(|_| request.uri().path().to_string());
    let mut response = next.run(request).await;
    let status = response.status();
    apply_header_rules(
        &state.dist,
        &url_path,
        status,
        state.framed_by_self,
        response.headers_mut(),
    )
    .await;
    response
}

/// Adds the headers `dist/_headers` gives `url_path`. Its `Cache-Control` applies
/// only to the files themselves: an error or a redirect gets the hosts' default,
/// so that a 404 under `/assets/` is not cached for a year as `immutable`. A
/// `Cache-Control` the server set itself (live reload's `no-store`) stays.
async fn apply_header_rules(
    dist: &Path,
    url_path: &str,
    status: StatusCode,
    framed_by_self: bool,
    headers: &mut HeaderMap,
) {
    let rules = tokio::fs::read_to_string(dist.join(names::HEADERS))
        .await
        .map(|text| Headers::parse(&text))
        .unwrap_or_default();
    let cacheable = matches!(
        status,
        StatusCode::OK | StatusCode::PARTIAL_CONTENT | StatusCode::NOT_MODIFIED
    );
    let server_cache_control = headers.contains_key(header::CACHE_CONTROL);
    for (name, value) in rules.headers_for(url_path) {
        let (Ok(name), Ok(value)) = (
            HeaderName::from_bytes(name.as_bytes()),
            HeaderValue::from_str(&value),
        ) else {
            continue;
        };
        if name == header::CACHE_CONTROL && (!cacheable || server_cache_control) {
            continue;
        }
        let value = match framed_by_self && name == header::CONTENT_SECURITY_POLICY {
            true => allow_own_frames(&value),
            false => value,
        };
        headers.insert(name, value);
    }
    if !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static(DEFAULT_CACHE_CONTROL),
        );
    }
}

/// A Content-Security-Policy whose `frame-ancestors 'none'` becomes `'self'`.
fn allow_own_frames(csp: &HeaderValue) -> HeaderValue {
    csp.to_str()
        .ok()
        .map(|text| text.replace("frame-ancestors 'none'", "frame-ancestors 'self'"))
        .and_then(|text| HeaderValue::from_str(&text).ok())
        .unwrap_or_else(|| csp.clone())
}

/// Adds the live-reload script before `</body>`.
fn inject_live_reload(html: Vec<u8>) -> Vec<u8> {
    let text = String::from_utf8_lossy(&html);
    match text.rfind("</body>") {
        Some(at) => format!("{}{}{}", &text[..at], *LIVE_RELOAD_TAG, &text[at..]).into_bytes(),
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
            format!(
                "<html><body><div id=\"root\"></div>{}</body></html>",
                *LIVE_RELOAD_TAG
            )
        );
    }
}
