//! `sitegen-media` makes the image files a site offers besides its media.
//!
//! For: the responsive lossy WebP variants of raster images ([`variants`]) and the PNGs
//! that pages are shared with in place of SVG drawings ([`share`]), each encoded once
//! and kept in a media cache folder the caller names, and the image libraries (image,
//! libwebp, resvg) that takes.
//!
//! Not for: deciding which pages show or share an image (`sitegen-render` plans the
//! routes and asks), nor writing the site: files go to a [`Destination`] (the build's
//! staging folder).

mod error;
pub mod share;
pub mod variants;

use std::path::{Path, PathBuf};

pub use error::MediaError;

/// Where the made files go: a site being written.
pub trait Destination: Sync {
    /// The destination's error, which a media failure becomes.
    type Error: From<MediaError> + Send;

    /// Puts a copy of the file `source` at `output` (relative, `/`-separated).
    fn copy_file(&self, source: &Path, output: &str) -> Result<(), Self::Error>;
}

/// The media cache's file of an output path: the path flattened.
fn cache_file(cache: &Path, output: &str) -> PathBuf {
    cache.join(output.replace('/', "__"))
}

/// Writes a media cache entry atomically.
fn store(path: &Path, bytes: &[u8]) -> Result<(), MediaError> {
    sitegen_workers::write_atomically(path, bytes).map_err(|e| MediaError::io(path, e))
}

/// A folder to write into, for the tests.
#[cfg(test)]
mod testing {
    use std::fs;
    use std::path::{Path, PathBuf};

    use crate::{Destination, MediaError};

    pub struct Folder(PathBuf);

    impl Folder {
        pub fn new(dir: &Path) -> Result<Self, MediaError> {
            fs::create_dir_all(dir).map_err(|e| MediaError::io(dir, e))?;
            Ok(Self(dir.to_path_buf()))
        }

        pub fn dir(&self) -> &Path {
            &self.0
        }
    }

    impl Destination for Folder {
        type Error = MediaError;

        fn copy_file(&self, source: &Path, output: &str) -> Result<(), MediaError> {
            let path = self.0.join(output);
            fs::create_dir_all(path.parent().unwrap()).map_err(|e| MediaError::io(&path, e))?;
            fs::copy(source, &path).map_err(|e| MediaError::io(source, e))?;
            Ok(())
        }
    }
}
