//! Media references as views: `{ src, width, height, variants? }`, and the small
//! helpers every view uses (texts, the draft mark).

use sitegen_content::{Content, MediaRef};
// Declared with the content: the home sections' views, which live there, hold them too.
pub use sitegen_content::views::{Media, MediaVariant};

/// The view of a media file: `{ src, width, height, variants? }`, `variants` being
/// those the build made and kept (see [`variants`]).
pub fn media(c: &Content, media: &MediaRef) -> Media {
    let file = c.media.get(&media.path);
    let variants: Vec<MediaVariant> = file
        .map(|file| file.variants.as_slice())
        .unwrap_or_default()
        .iter()
        .map(|v| MediaVariant::new(c.media.url(&v.output), v.width, v.height))
        .collect();
    // An original its variants replace is not published: the widest variant stands in.
    let src = match (file, variants.last()) {
        (Some(file), Some(widest)) if crate::variants::replace_source(file) => {
            widest.src().to_owned()
        }
        _ => c.media.url(&media.output),
    };
    Media::new(src, media.width, media.height, variants)
}

pub(crate) fn optional_media(c: &Content, media_ref: Option<&MediaRef>) -> Option<Media> {
    media_ref.map(|m| media(c, m))
}

pub(crate) fn texts<'a, T: AsRef<str> + 'a>(
    items: impl IntoIterator<Item = &'a T>,
) -> Vec<&'a str> {
    items.into_iter().map(AsRef::as_ref).collect()
}

// The draft mark of every view, declared with the home sections' views.
pub(crate) use sitegen_content::model::draft_mark;
