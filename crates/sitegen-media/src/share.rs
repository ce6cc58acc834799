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

use std::collections::HashMap;
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
use crate::shown::ShownImages;

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
    share_jpeg_of(&crate::decode::decode(source)?, shared, source)
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
    DrawingChecks::default().undrawable(content, shared)
}

/// What the check of each shared drawing found, by the drawing's output name (which
/// carries its hash): a builder of many builds reads and parses a drawing once, not at
/// every save.
#[derive(Debug, Default)]
pub struct DrawingChecks {
    found: HashMap<String, Option<Diagnostic>>,
}

impl DrawingChecks {
    /// [`undrawable_shared_drawings`], from what the last checks found of the
    /// drawings unchanged since; only the drawings of `shared` are kept.
    pub fn undrawable(&mut self, content: &Content, shared: &[&MediaRef]) -> Vec<Diagnostic> {
        let mut last = std::mem::take(&mut self.found);
        let mut problems = Vec::new();
        for image in shared.iter().filter(|image| share_png(image).is_some()) {
            let found = last
                .remove(&image.output)
                .unwrap_or_else(|| undrawable(content, image));
            problems.extend(found.clone());
            self.found.insert(image.output.clone(), found);
        }
        problems
    }
}

/// Why the drawing `image` cannot become a share PNG, if it cannot.
fn undrawable(content: &Content, image: &MediaRef) -> Option<Diagnostic> {
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
mod tests;
