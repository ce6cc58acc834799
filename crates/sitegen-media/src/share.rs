//! The files pages are shared with: PNG copies of SVG drawings, and small JPEGs of
//! photos.
//!
//! A photo (a PNG or JPEG) is shared as a JPEG of at most [`SHARE_JPEG_MAX_BYTES`],
//! [`SHARE_JPEG_WIDTH`] px wide, cropped to an aspect ratio link previews show whole,
//! the right way up and without the photo's metadata ([`share_jpeg`]): a phone's
//! 3 MB original gets no preview on WhatsApp, and carries where it was taken.
//!
//! Facebook, LinkedIn, X and WhatsApp draw no SVG preview, and every product, category
//! and service illustration is an SVG drawing. So each drawing some page shares (the
//! caller says which) is drawn once more as a PNG at [`share_png_size`],
//! under a name that hashes the drawing's own hashed name, the size and
//! [`SHARE_PNG_ENCODING`] (like the WebP variants, safe to cache forever). The PNGs are
//! kept in the media cache under that name, so a warm build copies instead of drawing.
//!
//! A drawing that cannot be drawn fails the build ([`MediaError::ShareImage`], naming
//! the file): the page's own illustration would otherwise be replaced by the site's
//! default without anyone noticing. The same goes for drawings with `<text>`,
//! `<image>` or `<foreignObject>` elements: text would be drawn with whatever fonts the
//! building machine has (so two machines would publish different files under one name),
//! and embedded images would be left out; such a drawing is better shared as a PNG or
//! JPEG the content names directly.

use std::fs;
use std::io::ErrorKind;
use std::path::Path;

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder};
use resvg::{tiny_skia, usvg};
use sha2::{Digest, Sha256};
use sitegen_content::{Content, Diagnostic, ErrorCode, MediaRef, Span};

use sitegen_workers::parallel;

use crate::cache::{cache_file, store};
use crate::destination::Destination;
use crate::error::MediaError;
use crate::variants::ShownImages;

/// The longer side of a share PNG, in pixels: the width Facebook and LinkedIn
/// recommend for link previews (a 640×480 drawing becomes 1200×900).
const SHARE_PNG_LONG_SIDE: u32 = 1200;

/// The shorter side's minimum: Facebook and X ignore images under 200×200.
const SHARE_PNG_MIN_SIDE: u32 = 200;

/// The renderer and the PNG settings, part of every share PNG's hash: change it
/// whenever the drawing or the encoding changes, so no CDN keeps an old file under a
/// new meaning.
const SHARE_PNG_ENCODING: &str = "resvg-0.49-png-fast-sub-v1";

/// The file a page is shared with in place of its own image: a PNG drawn from an SVG
/// drawing, or a JPEG of a photo small enough for every chat app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShareFile {
    /// Where the file goes inside `dist/`, e.g. `media/categories/mot.1200w.1a2b3c4d.png`.
    pub output: String,
    pub width: u32,
    pub height: u32,
}

impl ShareFile {
    /// Its media type (`og:image:type`).
    pub fn mime_type(&self) -> &'static str {
        if self.output.ends_with(".png") {
            "image/png"
        } else {
            "image/jpeg"
        }
    }
}

/// The file shared in place of `image`: the PNG of an SVG drawing ([`share_png`]), the
/// JPEG of a PNG or JPEG photo ([`share_jpeg`]); `None` for any other file.
pub fn share_file(image: &MediaRef) -> Option<ShareFile> {
    share_png(image).or_else(|| share_jpeg(image))
}

/// The width of a photo's share JPEG, in pixels (narrower only when the photo is):
/// the width Facebook and LinkedIn recommend for link previews.
const SHARE_JPEG_WIDTH: u32 = 1200;

/// The widest and the narrowest aspect ratios a link preview shows whole (Facebook's
/// 1.91:1 and a square); a photo outside them is cropped about its middle.
const SHARE_JPEG_ASPECTS: (f64, f64) = (1.91, 1.0);

/// The most bytes a share JPEG may have: WhatsApp shows no link preview for an image of
/// about 300 KB or more.
pub const SHARE_JPEG_MAX_BYTES: usize = 300 * 1000;

/// The JPEG qualities tried in turn until the file fits [`SHARE_JPEG_MAX_BYTES`].
const SHARE_JPEG_QUALITIES: &[u8] = &[82, 72, 60, 45, 30];

/// The decoder, the crop, the resize and the encoder of a share JPEG, part of its hash
/// (see [`SHARE_PNG_ENCODING`]).
const SHARE_JPEG_ENCODING: &str = "upright-srgb-crop-1.91-1-lanczos3-fir-image-jpeg-300kb-v2";

/// The JPEG shared in place of `image` when it is a PNG or JPEG photo; `None` for any
/// other file. Like [`share_png`], it needs no file.
pub fn share_jpeg(image: &MediaRef) -> Option<ShareFile> {
    let (stem, extension) = image.path.rsplit_once('.')?;
    let extension = extension.to_ascii_lowercase();
    if !matches!(extension.as_str(), "jpg" | "jpeg" | "png")
        || image.width == 0
        || image.height == 0
    {
        return None;
    }
    let crop = share_jpeg_crop(image.width, image.height);
    let (width, height) = share_jpeg_size(crop);
    Some(hashed_share_file(
        image,
        stem,
        SHARE_JPEG_ENCODING,
        (width, height),
        "jpg",
    ))
}

/// A share file of `image` at `size`, named after the image's stem with a hash of its
/// output name (which carries the hash of its bytes), the `encoding` and the size, so
/// that a change of any gives a new name.
fn hashed_share_file(
    image: &MediaRef,
    stem: &str,
    encoding: &str,
    (width, height): (u32, u32),
    extension: &str,
) -> ShareFile {
    let mut hasher = Sha256::new();
    hasher.update(image.output.as_bytes());
    hasher.update(encoding.as_bytes());
    hasher.update(width.to_le_bytes());
    hasher.update(height.to_le_bytes());
    let hash: String = hasher.finalize()[..4]
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    ShareFile {
        output: format!("{stem}.{width}w.{hash}.{extension}"),
        width,
        height,
    }
}

/// The part of an upright `width` × `height` photo a share JPEG shows, as (x, y,
/// width, height): all of it when its aspect ratio is within [`SHARE_JPEG_ASPECTS`],
/// else its middle at the nearest of them.
fn share_jpeg_crop(width: u32, height: u32) -> (u32, u32, u32, u32) {
    let (widest, narrowest) = SHARE_JPEG_ASPECTS;
    let aspect = f64::from(width) / f64::from(height.max(1));
    if aspect > widest {
        let kept = ((f64::from(height) * widest).round() as u32).clamp(1, width);
        ((width - kept) / 2, 0, kept, height)
    } else if aspect < narrowest {
        let kept = ((f64::from(width) / narrowest).round() as u32).clamp(1, height);
        (0, (height - kept) / 2, width, kept)
    } else {
        (0, 0, width, height)
    }
}

/// The size of the share JPEG of a crop: [`SHARE_JPEG_WIDTH`] wide (or the crop's own
/// width when narrower), its aspect ratio kept.
fn share_jpeg_size((_, _, width, height): (u32, u32, u32, u32)) -> (u32, u32) {
    let shared_width = width.clamp(1, SHARE_JPEG_WIDTH);
    let shared_height = (u64::from(height) * u64::from(shared_width) + u64::from(width) / 2)
        / u64::from(width.max(1));
    (shared_width, (shared_height as u32).max(1))
}

/// The share JPEG of the photo at `source` (`shared` from [`share_jpeg`]): decoded the
/// right way up in sRGB, cropped, resized, flattened on white, and encoded at the best
/// quality of [`SHARE_JPEG_QUALITIES`] that fits [`SHARE_JPEG_MAX_BYTES`]. It carries no
/// metadata: the encoder writes none.
fn draw_share_jpeg(source: &Path, shared: &ShareFile) -> Result<Vec<u8>, MediaError> {
    share_jpeg_of(&crate::variants::decode(source)?, shared, source)
}

/// The share JPEG `shared` of `photo`, decoded already (the right way up, in sRGB) from
/// the file at `source`, which its errors name: see [`draw_share_jpeg`].
pub(crate) fn share_jpeg_of(
    photo: &image::DynamicImage,
    shared: &ShareFile,
    source: &Path,
) -> Result<Vec<u8>, MediaError> {
    use image::codecs::jpeg::JpegEncoder;
    let crop = share_jpeg_crop(photo.width(), photo.height());
    let resized = crate::resize::resized(photo, Some(crop), shared.width, shared.height).map_err(
        |reason| MediaError::ShareImage {
            path: source.to_path_buf(),
            reason,
        },
    )?;
    let pixels = on_white(resized);
    let mut bytes = Vec::new();
    for &quality in SHARE_JPEG_QUALITIES {
        bytes.clear();
        JpegEncoder::new_with_quality(&mut bytes, quality)
            .write_image(
                pixels.as_raw(),
                shared.width,
                shared.height,
                ExtendedColorType::Rgb8,
            )
            .map_err(|error| MediaError::ShareImage {
                path: source.to_path_buf(),
                reason: format!("the JPEG encoder failed: {error}"),
            })?;
        if bytes.len() <= SHARE_JPEG_MAX_BYTES {
            break;
        }
    }
    Ok(bytes)
}

/// The image's RGB pixels, any transparency flattened on white (JPEG has no alpha).
fn on_white(image: image::DynamicImage) -> image::RgbImage {
    if !image.color().has_alpha() {
        return image.into_rgb8();
    }
    let rgba = image.into_rgba8();
    image::RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0;
        let over = |c: u8| ((u16::from(c) * u16::from(a) + 255 * (255 - u16::from(a))) / 255) as u8;
        image::Rgb([over(r), over(g), over(b)])
    })
}

/// The PNG shared in place of `image` when it is an SVG drawing; `None` for any other
/// file. Needs no file: the name and size come from the drawing's hashed name and size.
pub fn share_png(image: &MediaRef) -> Option<ShareFile> {
    let (stem, extension) = image.path.rsplit_once('.')?;
    if !extension.eq_ignore_ascii_case("svg") {
        return None;
    }
    let size = share_png_size(image.width, image.height);
    Some(hashed_share_file(
        image,
        stem,
        SHARE_PNG_ENCODING,
        size,
        "png",
    ))
}

/// The size of the share PNG of a `width` × `height` drawing: its aspect ratio with
/// the longer side at [`SHARE_PNG_LONG_SIDE`], or larger when the shorter side would
/// otherwise fall under [`SHARE_PNG_MIN_SIDE`] (a very wide banner).
fn share_png_size(width: u32, height: u32) -> (u32, u32) {
    let (width, height) = (f64::from(width.max(1)), f64::from(height.max(1)));
    let scale = (f64::from(SHARE_PNG_LONG_SIDE) / width.max(height))
        .max(f64::from(SHARE_PNG_MIN_SIDE) / width.min(height));
    // Rounded, and never under the minimum through rounding.
    let side = |length: f64| ((length * scale).round() as u32).max(SHARE_PNG_MIN_SIDE);
    (side(width), side(height))
}

/// What [`write_share_files`] did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ShareFileStats {
    /// Files made in this run.
    pub drawn: usize,
    /// Files copied from the cache.
    pub cached: usize,
}

/// Writes into `out` the share file ([`share_file`]) of every image of `shared` (the
/// images pages are shared with, each once), making on up to `jobs` threads only those
/// missing from the media cache folder `cache`, or all of them unless `reuse`
/// (`--no-cache`, which refills the cache). The share JPEGs of the photos a page
/// shows with variants are left to [`crate::variants::encode_variants`], which makes
/// them from the same decode as the variants ([`ShownImages::decoded_for_variants`]).
pub fn write_share_files<D: Destination>(
    content: &Content,
    shared: &[&MediaRef],
    shown: &ShownImages,
    out: &D,
    cache: &Path,
    reuse: bool,
    jobs: usize,
) -> Result<ShareFileStats, D::Error> {
    let drawings = share_files_to_make(content, shared, shown);
    if drawings.is_empty() {
        return Ok(ShareFileStats::default());
    }
    fs::create_dir_all(cache).map_err(|e| MediaError::io(cache, e))?;
    let draw_or_copy = |canvas: &mut Canvas, index: usize| {
        let (image, png) = &drawings[index];
        let cached = cache_file(cache, &png.output);
        if reuse && cached.is_file() {
            out.copy_file(&cached, &png.output)?;
            return Ok::<_, D::Error>(false);
        }
        // Every media reference the content holds was resolved into its index.
        let source = content
            .media
            .get(&image.path)
            .map(|file| file.source.as_path())
            .ok_or_else(|| MediaError::io(Path::new(&image.path), ErrorKind::NotFound.into()))?;
        if png.mime_type() == "image/jpeg" {
            let bytes = draw_share_jpeg(source, png)?;
            store(&cached, &bytes)?;
            out.copy_file(&cached, &png.output)?;
            return Ok(true);
        }
        let svg = fs::read(source).map_err(|e| MediaError::io(source, e))?;
        let bytes = canvas
            .draw_png(&svg, png.width, png.height)
            .map_err(|reason| MediaError::ShareImage {
                path: source.to_path_buf(),
                reason,
            })?;
        store(&cached, &bytes)?;
        // As a copy of the cache file, as later builds put it (see write_variant).
        out.copy_file(&cached, &png.output)?;
        Ok(true)
    };
    let (drawn, _) = parallel::run_queue(
        drawings.len(),
        jobs,
        || Ok(Canvas::default()),
        |canvas, index| {
            let drawn = draw_or_copy(canvas, index);
            out.file_done();
            drawn
        },
    )?;
    let drawn_now = drawn.iter().filter(|&&drawn| drawn).count();
    Ok(ShareFileStats {
        drawn: drawn_now,
        cached: drawn.len() - drawn_now,
    })
}

/// The share files [`write_share_files`] makes (or copies from the cache), with the
/// image each is of.
fn share_files_to_make<'a>(
    content: &Content,
    shared: &[&'a MediaRef],
    shown: &ShownImages,
) -> Vec<(&'a MediaRef, ShareFile)> {
    shared
        .iter()
        .filter(|image| {
            !content
                .media
                .get(&image.path)
                .is_some_and(|file| shown.decoded_for_variants(file))
        })
        .filter_map(|&image| share_file(image).map(|file| (image, file)))
        .collect()
}

/// How many files [`write_share_files`] makes or copies, for a progress count.
pub fn share_files_count(content: &Content, shared: &[&MediaRef], shown: &ShownImages) -> usize {
    share_files_to_make(content, shared, shown).len()
}

/// Elements a share PNG cannot draw faithfully (see the module's notes).
const UNDRAWABLE: &[&str] = &["text", "image", "foreignObject"];

/// Why an SVG drawing cannot be drawn faithfully into a share PNG: the reason and the
/// bytes of the drawing it concerns.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Undrawable {
    span: Span,
    reason: String,
}

/// The drawing's tree, or why [`Canvas::draw_png`] could not draw it faithfully.
fn drawable_tree(text: &str) -> Result<usvg::Tree, Undrawable> {
    let document = usvg::roxmltree::Document::parse_with_options(
        text,
        usvg::roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        },
    )
    .map_err(|error| {
        let at = error.pos();
        let offset = text
            .split_inclusive('\n')
            .take(at.row.saturating_sub(1) as usize)
            .map(str::len)
            .sum::<usize>()
            + at.col.saturating_sub(1) as usize;
        let offset = offset.min(text.len());
        Undrawable {
            span: offset..offset,
            reason: format!("not well-formed XML: {error}"),
        }
    })?;
    if let Some(node) = document.descendants().find(|node| {
        node.tag_name().namespace() == Some("http://www.w3.org/2000/svg")
            && UNDRAWABLE.contains(&node.tag_name().name())
    }) {
        let start = node.range().start;
        return Err(Undrawable {
            span: start..start + 1 + node.tag_name().name().len() + 1,
            reason: format!(
                "a <{}> element cannot be drawn into the PNG the page is shared with \
                 (text would depend on the fonts of the building machine, embedded images \
                 are left out)",
                node.tag_name().name()
            ),
        });
    }
    let options = usvg::Options {
        // Nothing outside the drawing itself is read.
        image_href_resolver: usvg::ImageHrefResolver {
            resolve_data: Box::new(|_, _, _| None),
            resolve_string: Box::new(|_, _| None),
        },
        ..usvg::Options::default()
    };
    usvg::Tree::from_xmltree(&document, &options).map_err(|error| Undrawable {
        span: 0..0,
        reason: format!("not a drawable SVG: {error}"),
    })
}

/// The drawings of `shared` (those pages are shared with) that cannot become share
/// PNGs, as positioned diagnostics in the drawings themselves
/// (`content/media/…svg:LINE:COL`). `sitegen check` and `sitegen build` both report
/// them, before anything is drawn.
pub fn undrawable_shared_drawings(content: &Content, shared: &[&MediaRef]) -> Vec<Diagnostic> {
    shared
        .iter()
        .filter(|image| share_png(image).is_some())
        .filter_map(|image| {
            let file = content.media.get(&image.path)?;
            let shown = sitegen_content::display_path(&content.root, &image.path);
            let bytes = fs::read(&file.source).ok()?;
            let Ok(text) = std::str::from_utf8(&bytes) else {
                return Some(Diagnostic::file(
                    shown,
                    ErrorCode::UndrawableShareImage,
                    format!("\"{}\" is not UTF-8 text, so it cannot be drawn into the PNG the page is shared with", image.path),
                ));
            };
            let problem = drawable_tree(text).err()?;
            Some(Diagnostic::in_text(
                shown,
                text,
                &problem.span,
                ErrorCode::UndrawableShareImage,
                problem.reason,
            ))
        })
        .collect()
}

/// The pixel buffers of one drawing thread, reused from one PNG to the next: a new
/// 1200×900 canvas costs its 4 MB again in page faults, more than the drawing itself
/// on some machines.
#[derive(Default)]
struct Canvas {
    /// Premultiplied RGBA, as tiny-skia draws.
    rgba: Vec<u8>,
    /// The same pixels as RGB, for an opaque drawing.
    rgb: Vec<u8>,
}

impl Canvas {
    /// The SVG document `svg` drawn to fill `width` × `height` pixels, as a PNG, on
    /// this canvas's buffers; `Err` says why it cannot be, with the line where that
    /// applies.
    fn draw_png(&mut self, svg: &[u8], width: u32, height: u32) -> Result<Vec<u8>, String> {
        let text =
            std::str::from_utf8(svg).map_err(|_| "the file is not UTF-8 text".to_string())?;
        let tree = drawable_tree(text).map_err(|problem| {
            let line = text[..problem.span.start].matches('\n').count() + 1;
            format!(
                "line {line}: {}; {}",
                problem.reason,
                ErrorCode::UndrawableShareImage.hint()
            )
        })?;
        let not_a_size = || format!("{width}×{height} is not a size a PNG can have");
        let length = (width as usize)
            .checked_mul(height as usize)
            .and_then(|pixels| pixels.checked_mul(4))
            .ok_or_else(not_a_size)?;
        self.rgba.clear();
        self.rgba.resize(length, 0);
        let mut pixmap = tiny_skia::PixmapMut::from_bytes(&mut self.rgba, width, height)
            .ok_or_else(not_a_size)?;
        let size = tree.size();
        let transform = tiny_skia::Transform::from_scale(
            width as f32 / size.width(),
            height as f32 / size.height(),
        );
        resvg::render(&tree, transform, &mut pixmap);
        // Most drawings paint a background: without an alpha channel the PNG is smaller.
        // Both loops below run over every pixel of every share PNG of a cold build, so
        // they are written for the compiler to vectorize: every pixel's bytes ANDed
        // together (the top byte is then the AND of the alphas), and fixed-size copies
        // into a buffer already sized.
        let all_bits = self
            .rgba
            .chunks_exact(4)
            .map(|pixel| u32::from_le_bytes([pixel[0], pixel[1], pixel[2], pixel[3]]))
            .fold(u32::MAX, |all, pixel| all & pixel);
        let opaque = all_bits >> 24 == u32::from(u8::MAX);
        let (pixels, color) = if opaque {
            // Premultiplied by an alpha of 255, the colours are as they are.
            self.rgb.clear();
            self.rgb.resize(length / 4 * 3, 0);
            for (rgb, rgba) in self.rgb.chunks_exact_mut(3).zip(self.rgba.chunks_exact(4)) {
                rgb.copy_from_slice(&rgba[..3]);
            }
            (&self.rgb, ExtendedColorType::Rgb8)
        } else {
            for pixel in self.rgba.chunks_exact_mut(4) {
                let color = tiny_skia::PremultipliedColorU8::from_rgba(
                    pixel[0], pixel[1], pixel[2], pixel[3],
                )
                .map_or(tiny_skia::ColorU8::from_rgba(0, 0, 0, 0), |color| {
                    color.demultiply()
                });
                pixel.copy_from_slice(&[color.red(), color.green(), color.blue(), color.alpha()]);
            }
            (&self.rgba, ExtendedColorType::Rgba8)
        };
        let mut bytes = Vec::new();
        // Fast (fdeflate) with the Sub filter: ~2 ms a PNG against ~13 ms for the default
        // deflate, for ~70 KB against ~40 KB at 1200×900. Link previews are fetched once
        // by each network's crawler, and a cold build draws every one of them.
        PngEncoder::new_with_quality(&mut bytes, CompressionType::Fast, FilterType::Sub)
            .write_image(pixels, width, height, color)
            .map_err(|error| format!("the PNG encoder failed: {error}"))?;
        Ok(bytes)
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::destination::testing::Folder as Staging;

    fn svg_ref(path: &str, output: &str, width: u32, height: u32) -> MediaRef {
        MediaRef {
            path: path.into(),
            output: output.into(),
            width,
            height,
        }
    }

    #[test]
    fn share_pngs_keep_the_aspect_with_1200_px_on_the_longer_side() {
        assert_eq!(share_png_size(640, 480), (1200, 900));
        assert_eq!(share_png_size(480, 640), (900, 1200));
        assert_eq!(share_png_size(80, 60), (1200, 900));
        assert_eq!(share_png_size(3000, 3000), (1200, 1200));
        // A banner keeps its 200 px minimum side.
        assert_eq!(share_png_size(2000, 100), (4000, 200));
        assert_eq!(share_png_size(0, 0), (1200, 1200));
    }

    #[test]
    fn only_svg_drawings_get_a_share_png_named_by_their_hash_and_size() {
        let drawing = svg_ref(
            "media/categories/mot.svg",
            "media/categories/mot.1a2b3c4d.svg",
            640,
            480,
        );
        let png = share_png(&drawing).unwrap();
        assert_eq!((png.width, png.height), (1200, 900));
        let hash = png
            .output
            .strip_prefix("media/categories/mot.1200w.")
            .and_then(|rest| rest.strip_suffix(".png"))
            .unwrap_or_else(|| panic!("{}", png.output));
        assert_eq!(hash.len(), 8);
        assert!(hash.chars().all(|c| c.is_ascii_hexdigit()), "{hash}");
        let edited = svg_ref(
            "media/categories/mot.svg",
            "media/categories/mot.9f8e7d6c.svg",
            640,
            480,
        );
        assert_ne!(
            share_png(&edited).unwrap().output,
            png.output,
            "new bytes, new name"
        );
        let upper = svg_ref("media/a/B.SVG", "media/a/B.1a2b3c4d.SVG", 10, 10);
        assert!(share_png(&upper).is_some());
        for raster in [
            "media/a/photo.png",
            "media/a/photo.jpg",
            "media/a/anim.gif",
            "media/a/x.avif",
        ] {
            assert_eq!(
                share_png(&svg_ref(raster, raster, 800, 600)),
                None,
                "{raster}"
            );
        }
    }

    #[test]
    fn a_photo_is_shared_1200_px_wide_within_1_91_to_1_and_a_square() {
        let size = |w, h| share_jpeg_size(share_jpeg_crop(w, h));
        assert_eq!(size(4032, 3024), (1200, 900));
        assert_eq!(
            size(3024, 4032),
            (1200, 1200),
            "a portrait photo: its middle square"
        );
        assert_eq!(
            size(6000, 1000),
            (1200, 628),
            "a panorama: its middle at 1.91:1"
        );
        assert_eq!(
            size(800, 600),
            (800, 600),
            "never made wider than the photo"
        );
        assert_eq!(share_jpeg_crop(3024, 4032), (0, 504, 3024, 3024));
        let photo = svg_ref("media/p/one.jpg", "media/p/one.1a2b3c4d.jpg", 4032, 3024);
        let jpeg = share_jpeg(&photo).unwrap();
        assert!(jpeg.output.starts_with("media/p/one.1200w.") && jpeg.output.ends_with(".jpg"));
        assert_eq!(jpeg.mime_type(), "image/jpeg");
        assert_eq!(share_file(&photo), Some(jpeg));
        for other in ["media/a/x.gif", "media/a/x.webp", "media/a/x.svg"] {
            assert_eq!(
                share_jpeg(&svg_ref(other, other, 800, 600)),
                None,
                "{other}"
            );
        }
    }

    /// A 4032×3024 phone photo that JPEG compresses badly (fine noise over the
    /// quarters), stored as a portrait photo turned by EXIF orientation 6.
    fn noisy_phone_photo() -> Vec<u8> {
        let quarters = sitegen_content::testing::quarters(720, 480, 0);
        let mut seed = 0x2545_F491_u32;
        let photo = image::RgbImage::from_fn(4032, 3024, |x, y| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            let base = quarters.get_pixel(x * 720 / 4032, y * 480 / 3024).0;
            let grain = (seed & 63) as u8;
            image::Rgb(base.map(|c| c.saturating_sub(grain / 2).saturating_add(grain / 2)))
        });
        sitegen_content::testing::phone_jpeg(&photo, 6)
    }

    #[test]
    fn a_phone_photo_is_shared_as_an_upright_jpeg_under_300_kb_without_its_exif() {
        let dir = tempfile::tempdir().unwrap();
        let source = dir.path().join("content/media/p/one.jpg");
        fs::create_dir_all(source.parent().unwrap()).unwrap();
        fs::write(&source, noisy_phone_photo()).unwrap();
        // Stored 4032×3024, shown (and checked) as 3024×4032.
        let photo = svg_ref("media/p/one.jpg", "media/p/one.1a2b3c4d.jpg", 3024, 4032);
        let shared = share_jpeg(&photo).unwrap();
        let bytes = draw_share_jpeg(&source, &shared).unwrap();
        assert!(bytes.len() <= SHARE_JPEG_MAX_BYTES, "{} bytes", bytes.len());
        let decoded = image::load_from_memory_with_format(&bytes, image::ImageFormat::Jpeg)
            .unwrap()
            .into_rgb8();
        assert_eq!(decoded.dimensions(), (1200, 1200));
        assert!(
            sitegen_content::testing::shows_quarters_upright(&decoded, 40),
            "the share JPEG is turned"
        );
        let mut decoder =
            image::codecs::jpeg::JpegDecoder::new(std::io::Cursor::new(&bytes)).unwrap();
        use image::ImageDecoder;
        assert_eq!(decoder.exif_metadata().unwrap(), None);
        assert_eq!(decoder.xmp_metadata().unwrap(), None);
        assert!(!bytes.windows(10).any(|w| w == b"PhoneMaker"));
    }

    /// Decodes a PNG into its size, colour type and the RGB of pixel (x, y).
    fn decode(bytes: &[u8], x: u32, y: u32) -> ((u32, u32), image::ColorType, [u8; 3]) {
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
        let image = image::load_from_memory_with_format(bytes, image::ImageFormat::Png).unwrap();
        let pixel = image.to_rgb8().get_pixel(x, y).0;
        ((image.width(), image.height()), image.color(), pixel)
    }

    #[test]
    fn a_small_svg_is_drawn_scaled_to_fill_the_png() {
        // Left half red, right half blue, in a 40×30 drawing.
        let svg = br#"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" viewBox="0 0 40 30">
            <rect width="20" height="30" fill="red"/><rect x="20" width="20" height="30" fill="blue"/></svg>"#;
        let bytes = Canvas::default().draw_png(svg, 1200, 900).unwrap();
        let (size, color, left) = decode(&bytes, 10, 450);
        assert_eq!(size, (1200, 900));
        assert_eq!(
            color,
            image::ColorType::Rgb8,
            "an opaque drawing has no alpha channel"
        );
        assert_eq!(left, [255, 0, 0]);
        assert_eq!(
            decode(&bytes, 1190, 890).2,
            [0, 0, 255],
            "the drawing fills the PNG"
        );
        assert_eq!(decode(&bytes, 590, 10).2, [255, 0, 0]);
        assert_eq!(decode(&bytes, 610, 10).2, [0, 0, 255]);
        // A drawing with transparent parts keeps them.
        let open = br#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="2"/></svg>"#;
        let bytes = Canvas::default().draw_png(open, 300, 300).unwrap();
        assert_eq!(decode(&bytes, 0, 0).1, image::ColorType::Rgba8);
        assert_eq!(
            Canvas::default().draw_png(open, 300, 300).unwrap(),
            bytes,
            "the same bytes every time"
        );
    }

    #[test]
    fn a_reused_canvas_draws_the_same_bytes_as_a_new_one() {
        let opaque = br#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="4" height="3" fill="teal"/></svg>"#;
        let open = br#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="2"/></svg>"#;
        let mut canvas = Canvas::default();
        // A larger, opaque drawing first: none of its pixels may show through.
        canvas.draw_png(opaque, 1200, 900).unwrap();
        assert_eq!(
            canvas.draw_png(open, 300, 300).unwrap(),
            Canvas::default().draw_png(open, 300, 300).unwrap()
        );
    }

    #[test]
    fn a_drawing_that_cannot_be_drawn_faithfully_is_refused_with_its_reason() {
        let reason = |svg: &[u8]| Canvas::default().draw_png(svg, 200, 200).unwrap_err();
        assert!(reason(b"<svg xmlns=\"http://www.w3.org/2000/svg\"><rect")
            .contains("not well-formed XML"));
        assert!(reason(b"\xff\xfe<svg/>").contains("not UTF-8"));
        let text = reason(
            b"<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">\n<g>\n<text>Dialysis</text></g></svg>",
        );
        assert!(text.starts_with("line 3: a <text> element"), "{text}");
        assert!(text.contains("text to paths"), "{text}");
        let image = reason(
            b"<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><image href=\"../../secret.png\"/></svg>",
        );
        assert!(image.contains("<image>"), "{image}");
        assert!(
            reason(b"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\"/>")
                .contains("not a drawable SVG")
        );
    }

    /// The drawings the fixture's pages are shared with (which ones is the planner's
    /// business, tested with it).
    const SHARED: [&str; 6] = sitegen_content::testing::VALID_SHARED_DRAWINGS;

    /// A copy of the valid fixture site, loaded, with references to its [`SHARED`]
    /// drawings.
    fn fixture(dir: &Path) -> (PathBuf, Content, Vec<MediaRef>) {
        let content_dir = dir.join("site/content");
        sitegen_content::testing::copy_dir(
            &sitegen_content::testing::valid_content_dir(),
            &content_dir,
        );
        let content = sitegen_content::load(&content_dir)
            .content
            .expect("the fixture loads");
        let shared = SHARED
            .iter()
            .map(|path| {
                let file = content
                    .media
                    .get(path)
                    .expect("the drawing is in the index");
                svg_ref(path, &file.output, file.width, file.height)
            })
            .collect();
        (content_dir, content, shared)
    }

    #[test]
    fn every_shared_drawing_is_drawn_once_and_a_warm_build_copies_it_from_the_cache() {
        let dir = tempfile::tempdir().unwrap();
        let (_, content, shared) = fixture(dir.path());
        let shared: Vec<&MediaRef> = shared.iter().collect();
        let cache = dir.path().join("cache");
        let outputs: Vec<ShareFile> = shared
            .iter()
            .map(|image| share_png(image).unwrap())
            .collect();

        let cold = Staging::new(&dir.path().join("cold")).unwrap();
        let stats = write_share_files(
            &content,
            &shared,
            &ShownImages::default(),
            &cold,
            &cache,
            true,
            2,
        )
        .unwrap();
        assert_eq!(
            stats,
            ShareFileStats {
                drawn: 6,
                cached: 0
            }
        );
        for png in &outputs {
            let bytes = fs::read(cold.dir().join(&png.output)).unwrap();
            assert_eq!(
                decode(&bytes, 0, 0).0,
                (png.width, png.height),
                "{}",
                png.output
            );
        }

        let warm = Staging::new(&dir.path().join("warm")).unwrap();
        let stats = write_share_files(
            &content,
            &shared,
            &ShownImages::default(),
            &warm,
            &cache,
            true,
            2,
        )
        .unwrap();
        assert_eq!(
            stats,
            ShareFileStats {
                drawn: 0,
                cached: 6
            }
        );
        for png in &outputs {
            assert_eq!(
                fs::read(cold.dir().join(&png.output)).unwrap(),
                fs::read(warm.dir().join(&png.output)).unwrap()
            );
        }

        let fresh = Staging::new(&dir.path().join("fresh")).unwrap();
        let stats = write_share_files(
            &content,
            &shared,
            &ShownImages::default(),
            &fresh,
            &cache,
            false,
            1,
        )
        .unwrap();
        assert_eq!(
            stats,
            ShareFileStats {
                drawn: 6,
                cached: 0
            },
            "--no-cache draws again"
        );
    }

    #[test]
    fn a_shared_drawing_that_cannot_be_drawn_is_a_build_error_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let (content_dir, content, shared) = fixture(dir.path());
        let shared: Vec<&MediaRef> = shared.iter().collect();
        let broken = content_dir.join("media/services/radiology.svg");
        // Still the size the content check read, but with a text label.
        fs::write(
            &broken,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="80" height="60"><text>X-ray</text></svg>"#,
        )
        .unwrap();
        let staging = Staging::new(&dir.path().join("out")).unwrap();
        let error = write_share_files(
            &content,
            &shared,
            &ShownImages::default(),
            &staging,
            &dir.path().join("cache"),
            true,
            2,
        )
        .unwrap_err();
        assert!(
            matches!(&error, MediaError::ShareImage { path, .. } if *path == broken),
            "{error:?}"
        );
        let message = error.to_string();
        assert!(message.contains("media/services/radiology.svg: cannot draw the PNG the page is shared with: line 1: a <text> element"), "{message}");
    }
}
