//! What can go wrong while running a build's work.

use std::path::{Path, PathBuf};

use crate::interrupt::Interrupted;

/// A prerender worker's failure, or the signal that stopped the wait for one.
#[derive(Debug, thiserror::Error)]
pub enum WorkerError {
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("prerendering {url:?} failed: {message}")]
    Prerender { url: String, message: String },
    /// `node` could not be started.
    #[error("could not start node ({source}): is Node.js (20.19 or later) installed and on PATH?")]
    NodeMissing {
        #[source]
        source: std::io::Error,
    },
    /// A render worker ended with a failure status after its last route.
    #[error("the prerender worker exited with {status}")]
    WorkerExited { status: std::process::ExitStatus },
    /// A render worker did not exit after its last route and was killed.
    #[error("the prerender worker (process {pid}) did not exit within {waited} of its last route, so it was killed")]
    WorkerDidNotExit { pid: u32, waited: String },
    /// SIGINT or SIGTERM came while waiting for a worker.
    #[error(transparent)]
    Interrupted(#[from] Interrupted),
}

impl WorkerError {
    pub(crate) fn io(path: &Path, source: std::io::Error) -> Self {
        Self::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}
