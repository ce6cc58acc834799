//! What can go wrong with the web bundle.

use std::path::Path;

use sitegen_output::OutputError;

/// npm or Vite that failed, a file of the web folder that cannot be read or written, or
/// a stop of the bundle's compression; the build reports each as its own error.
#[derive(Debug, thiserror::Error)]
pub enum WebAppError {
    #[error("the web app failed at `{step}`:\n{output}")]
    Web { step: String, output: String },
    /// A file that cannot be read or written, or a signal that stopped the compression
    /// of the bundle's twins.
    #[error(transparent)]
    Output(#[from] OutputError),
}

impl WebAppError {
    pub(crate) fn io(path: &Path, source: std::io::Error) -> Self {
        Self::Output(OutputError::io(path, source))
    }
}
