//! Where the media pipeline puts the files it makes.

use std::path::Path;

use crate::error::MediaError;

/// Where the made files go: a site being written.
pub trait Destination: Sync {
    /// The destination's error, which a media failure becomes.
    type Error: From<MediaError> + Send;

    /// Puts a copy of the file `source` at `output` (relative, `/`-separated).
    fn copy_file(&self, source: &Path, output: &str) -> Result<(), Self::Error>;

    /// One of the variants or share files asked for is done (made, found in the cache,
    /// or left out): for a count of the image work, which the caller may show.
    fn file_done(&self) {}
}

/// A folder to write into, for the tests.
#[cfg(test)]
pub(crate) mod testing {
    use std::fs;
    use std::path::{Path, PathBuf};

    use super::Destination;
    use crate::error::MediaError;

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
