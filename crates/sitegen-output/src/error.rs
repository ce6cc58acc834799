//! What can go wrong writing the output.

use std::path::{Path, PathBuf};

use sitegen_workers::interrupt::Interrupted;

/// A file or folder of the output that cannot be read or written, or a signal that
/// stopped the work; the build reports either as its own error.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// SIGINT or SIGTERM came (the precompression checks between files).
    #[error(transparent)]
    Interrupted(#[from] Interrupted),
}

impl OutputError {
    pub fn io(path: &Path, source: std::io::Error) -> Self {
        Self::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}
