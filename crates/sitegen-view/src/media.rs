//! Media references as views: `{ src, width, height, variants? }`, and the small
//! helpers every view uses (texts, the draft mark).

use serde::Serialize;
use sitegen_content::{Content, MediaRef};
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

/// One responsive WebP file of a raster image (`src` like "/media/home/poster.640w.1a2b3c4d.webp").
#[derive(Debug, Clone, Serialize, TS)]
pub struct MediaVariant {
    src: String,
    width: u32,
    height: u32,
}

/// The view of a media file: `{ src, width, height, variants? }`, `variants` being
/// those the build made and kept (see [`variants`]).
pub fn media(c: &Content, media: &MediaRef) -> Media {
    let file = c.media.get(&media.path);
    let variants: Vec<MediaVariant> = file
        .map(|file| file.variants.as_slice())
        .unwrap_or_default()
        .iter()
        .map(|v| MediaVariant {
            src: c.media.url(&v.output),
            width: v.width,
            height: v.height,
        })
        .collect();
    // An original its variants replace is not published: the widest variant stands in.
    let src = match (file, variants.last()) {
        (Some(file), Some(widest)) if crate::variants::replace_source(file) => widest.src.clone(),
        _ => c.media.url(&media.output),
    };
    Media {
        src,
        width: media.width,
        height: media.height,
        variants: (!variants.is_empty()).then_some(variants),
    }
}

pub(crate) fn optional_media(c: &Content, media_ref: Option<&MediaRef>) -> Option<Media> {
    media_ref.map(|m| media(c, m))
}

pub(crate) fn texts<'a, T: AsRef<str> + 'a>(
    items: impl IntoIterator<Item = &'a T>,
) -> Vec<&'a str> {
    items.into_iter().map(AsRef::as_ref).collect()
}

/// `Some(true)` for a draft: the JSON then has `"draft": true`. Published entries carry
/// no key, so a production build's data is the same as without drafts.
pub(crate) fn draft_mark(draft: bool) -> Option<bool> {
    draft.then_some(true)
}
