//! `sitegen-editor` is the browser editor's server side: the routes under `/_edit`
//! that `sitegen serve` mounts beside the site (the HTTP contract is
//! `docs/editor.md`).
//!
//! What it is for:
//! - guarding every request (a per-run token, the server's own `Host` and `Origin`,
//!   body limits, paths that stay in `content/`): the editor writes files ([`guard`]);
//! - reading the content files for the forms: the list of files from
//!   [`sitegen_content::CONTENT_FILES`] with their JSON Schemas, a summary of a file's
//!   entries, one entry, a whole document, the categories and media ([`read`]);
//! - saving typed changes with `sitegen-edit`: checked with `sitegen check`'s checks
//!   across every file, refused on a value changed on disk since it was read, written
//!   atomically, undoable ([`save`]); uploading media ([`upload`]);
//! - publishing the content edits through git, and an entry's history, with
//!   `sitegen-publish` (the Publish view, the History of a form);
//! - serving the front end's build (`web/dist/editor/`) with the token in its page.
//!
//! Every body the routes take and answer is a type of [`api`], whose TypeScript
//! `sitegen gen` writes for the front end.
//!
//! What it is not for: building the site, watching files or live reload (the preview
//! server and the command line do that; a save is a file change like any other).

pub mod api;
mod app;
mod error;
pub mod guard;
mod publish;
pub mod read;
pub mod save;
pub mod upload;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use sitegen_content::{LoadOptions, LoadReport};

pub use error::ApiError;

/// A check of the content with some files' texts replaced (see [`EditorOptions::check`]):
/// a function, or a checker that keeps what it read for the next save.
#[derive(Clone)]
pub struct Check(Arc<CheckFn>);

type CheckFn = dyn Fn(&Path, &LoadOptions, &[(&str, &str)]) -> LoadReport + Send + Sync;

impl Check {
    pub fn new(
        check: impl Fn(&Path, &LoadOptions, &[(&str, &str)]) -> LoadReport + Send + Sync + 'static,
    ) -> Self {
        Self(Arc::new(check))
    }

    /// The content of `content_dir` checked as if each file of `texts` (relative path,
    /// text) held that text. The editor reads the problems only: a checker may keep
    /// the content for the build the save starts.
    pub fn run(
        &self,
        content_dir: &Path,
        load: &LoadOptions,
        texts: &[(&str, &str)],
    ) -> LoadReport {
        (self.0)(content_dir, load, texts)
    }
}

impl std::fmt::Debug for Check {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Check")
    }
}

/// The largest JSON body a request may have.
pub const JSON_LIMIT: usize = 1024 * 1024;
/// The largest upload.
pub const UPLOAD_LIMIT: usize = 10 * 1024 * 1024;
/// The request header that carries the token.
pub const TOKEN_HEADER: &str = "x-sitegen-edit-token";

/// What the editor serves and guards.
#[derive(Debug, Clone)]
pub struct EditorOptions {
    /// The content folder (`content/`): the only folder the editor writes in.
    pub content_dir: PathBuf,
    /// The web app's folder: the front end's build is `WEB/dist/editor/`.
    pub web_dir: PathBuf,
    /// What a save's check is told, as `sitegen check` is.
    pub load: LoadOptions,
    /// The checks of `sitegen check` on the content as if the files given (relative
    /// path, text) held those texts: the content's own ([`sitegen_content::load_with_texts`]),
    /// or with the build's too (the command line passes `sitegen_render::SaveChecker`).
    pub check: Check,
    /// The per-run token ([`new_token`]).
    pub token: String,
    /// The address the server listens on: requests must name it (or, for a loopback
    /// address, `localhost`) as their `Host`.
    pub addr: SocketAddr,
}

impl EditorOptions {
    /// Whether the editor's page itself needs `?token=`: off loopback, where others
    /// can reach it.
    pub fn page_needs_token(&self) -> bool {
        !self.addr.ip().is_loopback()
    }

    /// The address to open the editor at: `http://127.0.0.1:PORT/_edit`, with the
    /// token appended when the page needs it.
    pub fn url(&self) -> String {
        let host = match self.addr.ip() {
            ip if ip.is_unspecified() || ip.is_loopback() => {
                format!("127.0.0.1:{}", self.addr.port())
            }
            _ => self.addr.to_string(),
        };
        match self.page_needs_token() {
            true => format!("http://{host}/_edit?token={}", self.token),
            false => format!("http://{host}/_edit"),
        }
    }
}

/// A new per-run token: 32 random bytes from the operating system, in hex.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the operating system's random generator failed");
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// The editor's state shared by its handlers.
pub(crate) struct Editor {
    pub options: EditorOptions,
    /// Parsed content files by path, with the revision they were parsed at.
    pub parsed: Mutex<HashMap<String, Arc<read::Parsed>>>,
    /// Held while a file is parsed (see [`read::parsed`]).
    pub parsing: Mutex<()>,
    /// For each file saved in this run: the bytes before its last save, and the
    /// revision that save wrote.
    pub undo: Mutex<HashMap<String, save::UndoRecord>>,
    /// The file the last save wrote (its path) and its document, which the next save
    /// of the file edits when the file still holds that text, instead of parsing it.
    pub last_written: Mutex<Option<(String, sitegen_edit::Written)>>,
    /// Saves, undos and uploads one at a time: each checks the disk, then writes.
    pub writing: tokio::sync::Mutex<()>,
    /// Publishes one at a time: two would race for the branch.
    pub publishing: tokio::sync::Mutex<()>,
}

/// The routes of the editor, all under `/_edit`, each behind [`guard`].
pub fn router(options: EditorOptions) -> Router {
    let editor = Arc::new(Editor {
        options,
        parsed: Mutex::new(HashMap::new()),
        parsing: Mutex::new(()),
        undo: Mutex::new(HashMap::new()),
        last_written: Mutex::new(None),
        writing: tokio::sync::Mutex::new(()),
        publishing: tokio::sync::Mutex::new(()),
    });
    let warming = editor.clone();
    std::thread::spawn(move || read::warm(&warming));
    let api = Router::new()
        .route("/_edit/api/files", get(read::files))
        .route("/_edit/api/entries", get(read::entries))
        .route("/_edit/api/entry", get(read::entry))
        .route("/_edit/api/file", get(read::file))
        .route("/_edit/api/options", get(read::options))
        .route("/_edit/api/save", post(save::save))
        .route("/_edit/api/undo", post(save::undo))
        .route(
            "/_edit/api/publish",
            get(publish::plan).post(publish::publish),
        )
        .route("/_edit/api/history", get(publish::history))
        .layer(DefaultBodyLimit::max(JSON_LIMIT))
        .route(
            "/_edit/api/upload",
            post(upload::upload).layer(DefaultBodyLimit::max(UPLOAD_LIMIT)),
        )
        .route("/_edit/api", get(api_not_found).post(api_not_found))
        .route("/_edit/api/{*rest}", get(api_not_found).post(api_not_found))
        .method_not_allowed_fallback(method_not_allowed);
    Router::new()
        .merge(api)
        .route("/_edit/media/{*path}", get(read::media))
        .route("/_edit", get(app::page))
        .route("/_edit/", get(app::page))
        .route("/_edit/{*path}", get(app::asset))
        .layer(axum::middleware::from_fn_with_state(
            editor.clone(),
            guard::guard,
        ))
        .with_state(editor)
}

async fn api_not_found() -> ApiError {
    ApiError::not_found("no such editor API")
}

async fn method_not_allowed(method: axum::http::Method) -> ApiError {
    ApiError::new(
        axum::http::StatusCode::METHOD_NOT_ALLOWED,
        format!("{method} is not how this editor API is asked"),
    )
}
