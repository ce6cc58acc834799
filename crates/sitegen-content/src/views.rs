//! The view types that the home sections' views (see [`crate::model::home`]) share with
//! sitegen-view's: a media reference as React gets it. sitegen-view builds them.

use serde::Serialize;
use ts_rs::TS;

/// A media reference, resolved by sitegen (`src` like "/media/brand/logo.3f2a9c1e.svg",
/// or on the media origin, "https://media.example.com/media/brand/logo.3f2a9c1e.svg";
/// a video has width and height 0). A png/jpg image whose variants replace it has its
/// widest variant as `src` (the original is not published), and the original's upright
/// size as width and height.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Media {
    src: String,
    width: u32,
    height: u32,
    /// The WebP files of a png/jpg image, narrowest first, each smaller than `src`;
    /// absent when there are none (SVG, GIF, video, or none smaller than the source).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    variants: Option<Vec<MediaVariant>>,
}

impl Media {
    /// A media file at `src`, `width` × `height`, with its WebP `variants` (narrowest
    /// first; none leaves the key out).
    pub fn new(src: String, width: u32, height: u32, variants: Vec<MediaVariant>) -> Media {
        Media {
            src,
            width,
            height,
            variants: (!variants.is_empty()).then_some(variants),
        }
    }
}

/// One responsive WebP file of a raster image (`src` like "/media/home/poster.640w.1a2b3c4d.webp").
#[derive(Debug, Clone, Serialize, TS)]
pub struct MediaVariant {
    src: String,
    width: u32,
    height: u32,
}

impl MediaVariant {
    /// A variant at `src`, `width` × `height`.
    pub fn new(src: String, width: u32, height: u32) -> MediaVariant {
        MediaVariant { src, width, height }
    }

    /// Where it is published.
    pub fn src(&self) -> &str {
        &self.src
    }
}
