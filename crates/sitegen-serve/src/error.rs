//! What can go wrong while serving.

use std::path::PathBuf;

/// Errors of the server.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The address cannot be listened on; `cause` is not a `#[source]`, so that the
    /// message says it once.
    #[error("cannot listen on {addr}: {cause}")]
    Bind { addr: String, cause: std::io::Error },
    #[error("server error: {0}")]
    Io(#[from] std::io::Error),
    #[error("cannot watch {path}: {message}")]
    Watch { path: PathBuf, message: String },
}
