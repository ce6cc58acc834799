//! What can go wrong while making media files.

use std::path::{Path, PathBuf};

use sitegen_content::ErrorCode;

/// A media file that cannot be made, or a cache file that cannot be read or written.
#[derive(Debug, thiserror::Error)]
pub enum MediaError {
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A media file the content check accepted fails to decode for its WebP variants.
    #[error("{}: cannot decode the image for its WebP variants: {source}", path.display())]
    Decode {
        path: PathBuf,
        #[source]
        source: image::ImageError,
    },
    /// libwebp refused to encode a variant (it says only which of its errors).
    #[error("{}: libwebp could not encode its {width}×{height} WebP variant ({reason})", path.display())]
    WebpEncode {
        path: PathBuf,
        width: u32,
        height: u32,
        reason: String,
    },
    /// An image published as it is whose metadata cannot be taken out: its segments or
    /// chunks do not follow its format.
    #[error("{}: cannot publish the image without its metadata (EXIF, XMP, IPTC): {reason}", path.display())]
    Unstrippable { path: PathBuf, reason: String },
    /// An SVG drawing a page is shared with cannot be drawn as its share PNG.
    #[error("{}: cannot draw the PNG the page is shared with: {reason}", path.display())]
    ShareImage { path: PathBuf, reason: String },
}

impl MediaError {
    /// The catalogue's code of the failure.
    pub fn code(&self) -> ErrorCode {
        match self {
            Self::Io { .. } => ErrorCode::BuildIo,
            Self::Decode { .. } => ErrorCode::ImageUndecodable,
            Self::WebpEncode { .. } => ErrorCode::WebpUnencodable,
            Self::ShareImage { .. } => ErrorCode::SharePngFailed,
            Self::Unstrippable { .. } => ErrorCode::MetadataUnstrippable,
        }
    }

    pub(crate) fn io(path: &Path, source: std::io::Error) -> Self {
        Self::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_media_failure_has_its_code() {
        let path = PathBuf::from("media/a.png");
        let io = || std::io::Error::other("boom");
        for (error, code) in [
            (MediaError::io(&path, io()), ErrorCode::BuildIo),
            (
                MediaError::Decode {
                    path: path.clone(),
                    source: image::ImageError::IoError(io()),
                },
                ErrorCode::ImageUndecodable,
            ),
            (
                MediaError::WebpEncode {
                    path: path.clone(),
                    width: 1,
                    height: 1,
                    reason: "refused".into(),
                },
                ErrorCode::WebpUnencodable,
            ),
            (
                MediaError::ShareImage {
                    path: path.clone(),
                    reason: "text".into(),
                },
                ErrorCode::SharePngFailed,
            ),
            (
                MediaError::Unstrippable {
                    path: path.clone(),
                    reason: "cut".into(),
                },
                ErrorCode::MetadataUnstrippable,
            ),
        ] {
            assert_eq!(error.code(), code, "{error}");
        }
    }
}
