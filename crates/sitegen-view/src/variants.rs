//! The responsive WebP variants the views offer for a raster image: which widths,
//! their heights and their content-hashed file names. `sitegen-media` encodes the
//! planned variants at [`VARIANT_QUALITY`] and keeps, in the content's media index
//! (`MediaIndex::set_variants`), those smaller than their source, before any view is
//! made; [`crate::media`] lists what it kept.

use std::path::Path;

use sha2::{Digest, Sha256};
use sitegen_content::{short_hash, MediaFile, MediaVariant};

/// Widths of the responsive variants: each one narrower than the source is written,
/// plus one at the source's own width when that is at most the widest of them.
const VARIANT_WIDTHS: &[u32] = &[640, 1024, 1600];

/// The encoder and its settings, part of every variant's hash (with
/// [`VARIANT_QUALITY`]): change it whenever the encoding changes, so browsers and CDNs
/// never keep an old file under a new meaning.
const VARIANT_ENCODING: &str = "libwebp-lossy-lanczos3-fir-upright-srgb-v4";

/// Quality of the lossy WebP variants (libwebp's 0-100 scale). libwebp's own default
/// is 75; 80 keeps the hard edges and flat colours of the site's illustrations free of
/// visible ringing, and the hero poster still comes out at 40% of its JPEG's bytes.
pub const VARIANT_QUALITY: f32 = 80.0;

/// Source extensions that get WebP variants.
const RASTER_EXTENSIONS: &[&str] = &["png", "jpg", "jpeg"];

/// The variant widths for a source `width` pixels wide (see [`VARIANT_WIDTHS`]).
pub fn variant_widths(width: u32) -> Vec<u32> {
    let widest = VARIANT_WIDTHS.iter().copied().max().unwrap_or(0);
    let mut widths: Vec<u32> = VARIANT_WIDTHS
        .iter()
        .copied()
        .filter(|&w| w < width)
        .collect();
    if width > 0 && width <= widest {
        widths.push(width);
    }
    widths
}

/// Whether the variants of `file` replace it: the widest planned one was kept, so every
/// width a page may want is a WebP variant. Such a file's original is not published
/// (a phone's photo carries its camera, serial number and position, and weighs
/// megabytes nobody is offered); its view's `src` is the widest variant.
pub fn replace_source(file: &MediaFile) -> bool {
    let widest = variant_widths(file.width).last().copied();
    widest.is_some() && file.variants.last().map(|variant| variant.width) == widest
}

/// The WebP variants to make of `file`, narrowest first: none unless it is a png, jpg
/// or jpeg image. Each name (`media/home/poster.640w.1a2b3c4d.webp`) hashes the
/// source's bytes, the width and [`VARIANT_ENCODING`], so a changed source or encoder
/// setting gives a new name (safe to cache forever).
pub fn plan(file: &MediaFile) -> Vec<MediaVariant> {
    let extension = Path::new(&file.path)
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    if RASTER_EXTENSIONS.contains(&extension.as_str()) {
        plan_for(&file.path, &file.sha256, file.width, file.height)
    } else {
        Vec::new()
    }
}

/// The variants of the source at content path `path`, whose bytes hash to
/// `source_digest`, `width` × `height` pixels.
fn plan_for(path: &str, source_digest: &[u8], width: u32, height: u32) -> Vec<MediaVariant> {
    let stem_end = path
        .rfind('.')
        .filter(|&dot| dot > path.rfind('/').map_or(0, |slash| slash + 1))
        .unwrap_or(path.len());
    variant_widths(width)
        .into_iter()
        .map(|w| {
            let mut hasher = Sha256::new();
            hasher.update(source_digest);
            hasher.update(VARIANT_ENCODING.as_bytes());
            hasher.update(VARIANT_QUALITY.to_le_bytes());
            hasher.update(w.to_le_bytes());
            let hash = short_hash(&hasher.finalize());
            // Rounded to the nearest pixel, never 0.
            let h = ((u64::from(height) * u64::from(w) + u64::from(width) / 2)
                / u64::from(width.max(1)))
            .max(1);
            MediaVariant {
                output: format!("{}.{w}w.{hash}.webp", &path[..stem_end]),
                width: w,
                height: u32::try_from(h).unwrap_or(u32::MAX),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raster_variants_are_never_wider_than_the_source() {
        assert_eq!(variant_widths(3000), vec![640, 1024, 1600]);
        assert_eq!(variant_widths(1600), vec![640, 1024, 1600]);
        assert_eq!(variant_widths(1200), vec![640, 1024, 1200]);
        assert_eq!(variant_widths(640), vec![640]);
        assert_eq!(variant_widths(300), vec![300]);
        assert_eq!(variant_widths(0), Vec::<u32>::new());
    }

    #[test]
    fn variants_replace_their_source_only_while_the_widest_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("media")).unwrap();
        let photo = sitegen_content::testing::phone_jpeg(&image::RgbImage::new(2000, 1000), 1);
        std::fs::write(dir.path().join("media/p.jpg"), photo).unwrap();
        let media = sitegen_content::testing::media_index(dir.path(), &["media/p.jpg"]);
        let mut file = media.get("media/p.jpg").unwrap().clone();
        assert!(!replace_source(&file), "no variants yet");
        file.variants = plan(&file);
        assert!(replace_source(&file));
        file.variants.remove(0);
        assert!(replace_source(&file), "a narrower one left out");
        file.variants.pop();
        assert!(
            !replace_source(&file),
            "the widest left out: the original is needed"
        );
    }

    #[test]
    fn variants_keep_the_aspect_ratio_and_hash_source_and_width() {
        let variants = plan_for("media/home/poster.jpg", b"digest", 1280, 720);
        let sizes: Vec<(u32, u32)> = variants.iter().map(|v| (v.width, v.height)).collect();
        assert_eq!(sizes, vec![(640, 360), (1024, 576), (1280, 720)]);
        for variant in &variants {
            let name = variant.output.strip_prefix("media/home/poster.").unwrap();
            let (width, rest) = name.split_once("w.").unwrap();
            assert_eq!(width, variant.width.to_string());
            assert_eq!(rest.len(), "12345678.webp".len(), "{name}");
            assert!(rest.ends_with(".webp"));
        }
        assert_ne!(variants[0].output, variants[1].output);
        let other = plan_for("media/home/poster.jpg", b"other digest", 1280, 720);
        assert_ne!(variants[0].output, other[0].output);
    }

    #[test]
    fn a_variant_name_is_stable_for_the_same_source_and_settings() {
        // Pinned: a different name for the same bytes would make every browser and CDN
        // fetch every image again. Change it only with VARIANT_ENCODING.
        let variants = plan_for("media/a.png", &[0; 32], 800, 400);
        let names: Vec<&str> = variants.iter().map(|v| v.output.as_str()).collect();
        assert_eq!(
            names,
            ["media/a.640w.febb42ad.webp", "media/a.800w.8c53ea9e.webp"]
        );
    }

    #[test]
    fn only_png_and_jpeg_get_variants_whatever_the_case_of_the_extension() {
        let dir = tempfile::tempdir().unwrap();
        let content = dir.path();
        std::fs::create_dir_all(content.join("media")).unwrap();
        let png = std::fs::read(
            sitegen_content::testing::valid_content_dir().join("media/brand/og-image.png"),
        )
        .unwrap();
        for name in ["a.png", "b.PNG"] {
            std::fs::write(content.join("media").join(name), &png).unwrap();
        }
        std::fs::write(
            content.join("media/a.svg"),
            r#"<svg width="10" height="10"></svg>"#,
        )
        .unwrap();
        let media = sitegen_content::testing::media_index(
            content,
            &["media/a.png", "media/b.PNG", "media/a.svg"],
        );
        for raster in ["media/a.png", "media/b.PNG"] {
            let file = media.get(raster).unwrap();
            let variants = plan(file);
            assert!(!variants.is_empty(), "{raster}");
            assert!(variants.iter().all(|v| v.width <= file.width));
        }
        assert!(plan(media.get("media/a.svg").unwrap()).is_empty());
    }
}
