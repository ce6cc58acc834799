//! What can go wrong while running a build's work.

use std::path::{Path, PathBuf};

use sitegen_diagnostics::ErrorCode;

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
    /// The catalogue's code of the failure (whose hint the CLI prints with it); `None`
    /// for the signal that stopped the wait, which is no failure.
    pub fn code(&self) -> Option<ErrorCode> {
        Some(match self {
            Self::Io { .. } => ErrorCode::BuildIo,
            Self::Prerender { .. } => ErrorCode::PrerenderFailed,
            Self::NodeMissing { .. } => ErrorCode::NodeMissing,
            Self::WorkerExited { .. } | Self::WorkerDidNotExit { .. } => {
                ErrorCode::PrerenderWorkerFailed
            }
            Self::Interrupted(_) => return None,
        })
    }

    pub(crate) fn io(path: &Path, source: std::io::Error) -> Self {
        Self::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}
