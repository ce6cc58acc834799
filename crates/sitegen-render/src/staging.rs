//! The build's staging folder ([`sitegen_output::staging::Staging`]) as the stages use
//! it: its failures as [`BuildError`]s, and the media pipeline's destination.

use std::ops::Deref;
use std::path::Path;

use sitegen_output::progress::Tally;
use sitegen_output::staging::{self, Manifest};

use crate::error::BuildError;

/// A folder being filled with the next site (see [`staging::Staging`]).
pub(crate) struct Staging(staging::Staging);

impl Deref for Staging {
    type Target = staging::Staging;

    fn deref(&self) -> &staging::Staging {
        &self.0
    }
}

impl Staging {
    /// See [`staging::Staging::new`].
    pub fn new(target: &Path) -> Result<Self, BuildError> {
        Ok(Self(staging::Staging::new(target)?))
    }

    /// See [`staging::Staging::update`].
    pub fn update(target: &Path, previous: Manifest) -> Result<Self, BuildError> {
        Ok(Self(staging::Staging::update(target, previous)?))
    }

    /// See [`staging::Staging::with_media`].
    pub fn with_media(self, media: Staging) -> Self {
        Self(self.0.with_media(media.0))
    }

    /// See [`staging::Staging::write`].
    pub fn write(&self, relative: &str, bytes: impl AsRef<[u8]>) -> Result<(), BuildError> {
        Ok(self.0.write(relative, bytes)?)
    }

    /// See [`staging::Staging::write_changed`].
    pub fn write_changed(
        &self,
        relative: &str,
        bytes: impl AsRef<[u8]>,
    ) -> Result<bool, BuildError> {
        Ok(self.0.write_changed(relative, bytes)?)
    }

    /// See [`staging::Staging::write_with_twins`].
    pub fn write_with_twins(
        &self,
        relative: &str,
        bytes: impl AsRef<[u8]>,
    ) -> Result<(), BuildError> {
        Ok(self.0.write_with_twins(relative, bytes)?)
    }

    /// See [`staging::Staging::copy_file`].
    pub fn copy_file(&self, source: &Path, relative: &str) -> Result<(), BuildError> {
        Ok(self.0.copy_file(source, relative)?)
    }

    /// See [`staging::Staging::copy_tree`].
    pub fn copy_tree(&self, source: &Path) -> Result<(), BuildError> {
        Ok(self.0.copy_tree(source)?)
    }

    /// See [`staging::Staging::commit`].
    pub fn commit(self) -> Result<Manifest, BuildError> {
        Ok(self.0.commit()?)
    }
}

/// The media pipeline writes its files into the next site as copies.
impl sitegen_media::Destination for Staging {
    type Error = BuildError;

    fn copy_file(&self, source: &Path, output: &str) -> Result<(), BuildError> {
        Staging::copy_file(self, source, output)
    }
}

/// The staging folder as the media pipeline's destination, each image done counted in
/// the build's tally.
pub(crate) struct CountedImages<'a> {
    pub staging: &'a Staging,
    pub tally: &'a Tally,
}

impl sitegen_media::Destination for CountedImages<'_> {
    type Error = BuildError;

    fn copy_file(&self, source: &Path, output: &str) -> Result<(), BuildError> {
        self.staging.copy_file(source, output)
    }

    fn file_done(&self) {
        self.tally.image_done();
    }
}
