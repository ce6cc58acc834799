//! The media cache: made files kept under their hashed names, so a warm build copies
//! instead of encoding or drawing again.

use std::path::{Path, PathBuf};

use crate::error::MediaError;

/// The media cache's file of an output path: the path flattened.
pub(crate) fn cache_file(cache: &Path, output: &str) -> PathBuf {
    cache.join(output.replace('/', "__"))
}

/// Writes a media cache entry atomically.
pub(crate) fn store(path: &Path, bytes: &[u8]) -> Result<(), MediaError> {
    sitegen_workers::write_atomically(path, bytes).map_err(|e| MediaError::io(path, e))
}
