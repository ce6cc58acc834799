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
    /// The process of each worker a route was sent to ended (killed, crashed, out of
    /// memory) before it answered: a worker that had died while idle, or one the route
    /// may have crashed.
    #[error("prerendering {url:?} failed: {}", ended_message(ended))]
    WorkerEnded {
        url: String,
        /// Each worker tried, in order.
        ended: Vec<Ended>,
    },
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
            Self::Prerender { .. } | Self::WorkerEnded { .. } => ErrorCode::PrerenderFailed,
            Self::NodeMissing { .. } => ErrorCode::NodeMissing,
            Self::WorkerExited { .. } | Self::WorkerDidNotExit { .. } => {
                ErrorCode::PrerenderWorkerFailed
            }
            Self::Interrupted(_) => return None,
        })
    }

    /// Whether the worker's process ended before it answered: the route may be sent
    /// to another worker.
    pub fn worker_ended(&self) -> bool {
        matches!(self, Self::WorkerEnded { .. })
    }

    pub(crate) fn io(path: &Path, source: std::io::Error) -> Self {
        Self::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// A worker process that ended before it answered a route.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ended {
    pub pid: u32,
    /// `was killed by signal 9 (SIGKILL)`, `exited with code 3` ([`crate::os::how_it_ended`]).
    pub how: String,
}

impl Ended {
    /// `the prerender worker (process 7) was killed by signal 9 (SIGKILL)`.
    pub fn worker_sentence(&self) -> String {
        format!("the prerender worker (process {}) {}", self.pid, self.how)
    }
}

impl std::fmt::Display for Ended {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "process {} {}", self.pid, self.how)
    }
}

/// `the prerender worker (process 7) was killed by signal 9 (SIGKILL) before answering
/// it`, or every worker the route was tried on, in turn.
fn ended_message(ended: &[Ended]) -> String {
    match ended {
        [one] => format!("{} before answering it", one.worker_sentence()),
        _ => format!(
            "each of the {} prerender workers it was tried on ended before answering it: {}",
            ended.len(),
            ended
                .iter()
                .map(Ended::to_string)
                .collect::<Vec<_>>()
                .join(", then ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ended(url: &str, hows: &[&str]) -> String {
        WorkerError::WorkerEnded {
            url: url.to_string(),
            ended: hows
                .iter()
                .zip(7..)
                .map(|(how, pid)| Ended {
                    pid,
                    how: how.to_string(),
                })
                .collect(),
        }
        .to_string()
    }

    #[test]
    fn a_route_whose_workers_ended_is_named_with_how_each_ended() {
        assert_eq!(
            ended("/a", &["was killed by signal 9 (SIGKILL)"]),
            "prerendering \"/a\" failed: the prerender worker (process 7) was killed by \
             signal 9 (SIGKILL) before answering it"
        );
        assert_eq!(
            ended(
                "/b",
                &["exited with code 3", "was killed by signal 11 (SIGSEGV)"]
            ),
            "prerendering \"/b\" failed: each of the 2 prerender workers it was tried on \
             ended before answering it: process 7 exited with code 3, then process 8 was \
             killed by signal 11 (SIGSEGV)"
        );
    }
}
