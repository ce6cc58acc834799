//! Responsive WebP variants of raster images.
//!
//! [`plan_variants`] puts the variants of every png/jpg/jpeg file in the media index
//! (widths, heights, content-hashed names: `sitegen-view` names them, see
//! [`sitegen_view::variants`]) so the JSON views can list them; it shapes the media
//! index once, as the content a build publishes is made. Nothing changes the index
//! after that: [`shown_images`] says which of those images the pages show,
//! [`encode_variants`] encodes the variants of those as lossy WebP into the output
//! folder and answers which ones it left out, not being smaller than their source
//! ([`WrittenVariants`], the build's decision), and
//! [`WrittenVariants::without_dropped`] makes the media index of that decision, so the
//! site never offers a file that costs more than the one it replaces. Encoded files
//! are kept in a cache folder keyed by their hashed name (which covers the source
//! bytes, the width and the encoder settings), dropped ones included, so a warm build
//! copies instead of re-encoding and takes the same decisions from the cached files'
//! sizes.
//!
use std::collections::{BTreeSet, HashMap, HashSet};
use std::fs;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use image::{DynamicImage, ImageDecoder, ImageReader};
use sitegen_content::{MediaFile, MediaIndex, MediaRef, MediaVariant};
use sitegen_view::variants::{self, VARIANT_QUALITY};

use sitegen_workers::parallel;

use crate::cache::{cache_file, store};
use crate::destination::Destination;
use crate::error::MediaError;
use crate::originals;
use crate::resize;
use crate::share::{self, ShareFile, ShareFileStats};

/// Sets the WebP variants of every raster image of `media` to the planned ones (none
/// for other files), as the content a build publishes is made, before anything reads
/// them: [`encode_variants`] encodes them.
pub fn plan_variants(media: &mut MediaIndex) {
    media.set_variants(variants::plan);
}

/// Whether the caller publishes `file` as it is, before its variants are written: not
/// when a page shows it with variants, which may replace it; [`encode_variants`] then
/// publishes it if they do not.
pub fn publishes_original(file: &MediaFile, shown: &ShownImages) -> bool {
    file.variants.is_empty() || !shown.shows(file)
}

/// What [`encode_variants`] did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct VariantStats {
    /// Variants encoded in this run.
    pub encoded: usize,
    /// Variants found in the cache.
    pub cached: usize,
    /// Variants (encoded or cached) left out because they were not smaller than
    /// their source.
    pub dropped: usize,
}

/// The `src` of every media file that `text` (page data or the layout) shows: a view
/// of a media file is `{"src":"/media/…",…}` ([`sitegen_view::media`]). A warm builder
/// keeps them with page data it reuses ([`shown_images_of`]).
pub fn shown_srcs(text: &str) -> Vec<String> {
    const SRC: &str = "\"src\":\"";
    text.match_indices(SRC)
        .map(|(at, _)| {
            let value = &text[at + SRC.len()..];
            value[..value.find('"').unwrap_or(value.len())].to_string()
        })
        .collect()
}

/// What the page data and the layout show of the raster images with planned variants.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ShownImages {
    /// For each page data given, whether it shows one: its data is final only once
    /// the variants are written (one not smaller than its source is left out).
    pub by_page: Vec<bool>,
    /// Whether the layout, which is in every page, shows one.
    pub by_layout: bool,
    /// The output path of each of them that a page or the layout shows: only their
    /// variants are encoded.
    outputs: HashSet<String>,
}

impl ShownImages {
    /// Whether a page or the layout shows `file`.
    pub fn shows(&self, file: &MediaFile) -> bool {
        self.outputs.contains(&file.output)
    }

    /// Whether [`encode_variants`] decodes `file`, a page or the layout showing it with
    /// variants: it then makes the file's share JPEG too, from the same decode.
    pub fn decoded_for_variants(&self, file: &MediaFile) -> bool {
        !file.variants.is_empty() && self.shows(file)
    }
}

/// Which of the raster files with planned variants the page data `pages` and the
/// `layout` (serialised JSON) show, in one pass over each. The others, such as the
/// site's share image, which pages name only in a `<meta>` tag, get no variants
/// written: nothing would ever load them. Their planned variants stay in the index
/// but reach no page, since no page data shows the file.
pub fn shown_images<'t>(
    media: &MediaIndex,
    pages: impl IntoIterator<Item = &'t str>,
    layout: &'t str,
) -> ShownImages {
    shown_images_of(
        media,
        pages.into_iter().map(shown_srcs),
        &shown_srcs(layout),
    )
}

/// [`shown_images`] from what each page and the layout show ([`shown_srcs`]).
pub fn shown_images_of<S: AsRef<[String]>>(
    media: &MediaIndex,
    pages: impl IntoIterator<Item = S>,
    layout: &[String],
) -> ShownImages {
    // A view names a file its variants replace by its widest variant
    // (`sitegen_view::media`): either URL finds the file's output path.
    let mut planned: HashMap<String, String> = HashMap::new();
    for file in media.files().filter(|file| !file.variants.is_empty()) {
        if let Some(widest) = file.variants.last() {
            planned.insert(media.url(&widest.output), file.output.clone());
        }
        planned.insert(media.url(&file.output), file.output.clone());
    }
    let mut shown: HashSet<String> = HashSet::new();
    let mut shows_planned = |srcs: &[String]| {
        let mut any = false;
        for file in srcs.iter().filter_map(|src| planned.get(src)) {
            if !shown.contains(file) {
                shown.insert(file.clone());
            }
            any = true;
        }
        any
    };
    let by_page = pages
        .into_iter()
        .map(|srcs| shows_planned(srcs.as_ref()))
        .collect();
    let by_layout = shows_planned(layout);
    ShownImages {
        by_page,
        by_layout,
        outputs: shown,
    }
}

/// The variants [`encode_variants`] wrote, and those it left out: the build's
/// decision, which the media index of the published site follows
/// ([`WrittenVariants::without_dropped`]).
#[derive(Debug, Default)]
pub struct WrittenVariants {
    pub stats: VariantStats,
    /// The share JPEGs of the shown photos, made from the variants' decode.
    pub shared: ShareFileStats,
    /// The output paths of the variants not smaller than their source.
    dropped: BTreeSet<String>,
}

impl WrittenVariants {
    /// Whether a variant was left out: the views of its image must then be made
    /// again, from [`WrittenVariants::without_dropped`].
    pub fn dropped_any(&self) -> bool {
        !self.dropped.is_empty()
    }

    /// Whether the variants of `file` kept by this decision replace it
    /// ([`variants::replace_source`]), so that its original is not published.
    pub fn replaces_source(&self, file: &MediaFile) -> bool {
        let mut kept = file.clone();
        kept.variants
            .retain(|variant| !self.dropped.contains(&variant.output));
        variants::replace_source(&kept)
    }

    /// `media` without the variants left out, so the JSON views never list them.
    pub fn without_dropped(&self, media: &MediaIndex) -> MediaIndex {
        let mut kept = media.clone();
        kept.set_variants(|file| {
            let mut variants = file.variants.clone();
            variants.retain(|variant| !self.dropped.contains(&variant.output));
            variants
        });
        kept
    }
}

/// Writes every planned WebP variant of the images of `media` that are `shown` and
/// smaller than their source into `out`; the others are left out of the published
/// index ([`WrittenVariants::without_dropped`]). It also writes the original of each of
/// those images whose variants do not replace it ([`WrittenVariants::replaces_source`]),
/// without its metadata ([`originals::publish_original`]): the caller publishes the
/// other media files, but not these ([`publishes_original`]). Only variants missing
/// from `cache` are encoded (and stored there), or every variant when `reuse` is false
/// (`--no-cache`, which refills the cache). The share JPEG ([`share::share_jpeg`]) of
/// each of those images that pages are shared with (`shared`, as given to
/// [`share::write_share_files`], which leaves these to this function) is made here
/// too, so that each source is decoded once for all its files, on up to `jobs` threads.
pub fn encode_variants<D: Destination>(
    media: &MediaIndex,
    shown: &ShownImages,
    shared: &[&MediaRef],
    out: &D,
    cache: &Path,
    reuse: bool,
    jobs: usize,
) -> Result<WrittenVariants, D::Error> {
    let sources = sources(media, shown, shared);
    if sources.is_empty() {
        return Ok(WrittenVariants::default());
    }
    fs::create_dir_all(cache).map_err(|e| MediaError::io(cache, e))?;
    // File by file, so at most about `jobs` decoded sources are held at once.
    let files: Vec<(&Source, Made)> = sources
        .iter()
        .flat_map(|source| {
            let variants = source.file.variants.iter().map(Made::Variant);
            let share_jpeg = source.share_jpeg.as_ref().map(Made::ShareJpeg);
            variants.chain(share_jpeg).map(move |made| (source, made))
        })
        .collect();
    let outcomes = parallel::map_parallel(files.len(), jobs, |index| {
        let (source, made) = files[index];
        let outcome = match made {
            Made::Variant(variant) => write_variant(source, variant, out, cache, reuse),
            Made::ShareJpeg(shared) => {
                write_share_jpeg(source, shared, out, cache, reuse).map(|drawn| (true, drawn))
            }
        };
        source.file_done();
        out.file_done();
        outcome
    })?;
    let mut written = WrittenVariants::default();
    for (index, (kept, encoded)) in outcomes.into_iter().enumerate() {
        let Made::Variant(variant) = files[index].1 else {
            written.shared.drawn += usize::from(encoded);
            written.shared.cached += usize::from(!encoded);
            continue;
        };
        written.stats.encoded += usize::from(encoded);
        written.stats.cached += usize::from(!encoded);
        if !kept {
            written.stats.dropped += 1;
            written.dropped.insert(variant.output.clone());
        }
    }
    let files = sources.iter().map(|source| source.file);
    // The pages offer the original of a file whose variants do not replace it.
    for file in files {
        if !written.replaces_source(file) {
            originals::publish_original(file, out, cache, reuse)?;
        }
    }
    Ok(written)
}

/// The images [`encode_variants`] decodes, each with the share JPEG it makes of it.
fn sources<'a>(
    media: &'a MediaIndex,
    shown: &ShownImages,
    shared: &[&MediaRef],
) -> Vec<Source<'a>> {
    let share_jpegs: HashMap<&str, ShareFile> = shared
        .iter()
        .filter_map(|image| Some((image.path.as_str(), share::share_jpeg(image)?)))
        .collect();
    media
        .files()
        .filter(|file| shown.decoded_for_variants(file))
        .map(|file| Source::new(file, share_jpegs.get(file.path.as_str()).cloned()))
        .collect()
}

/// How many files [`encode_variants`] makes or copies (variants and share JPEGs), for
/// a progress count.
pub fn variant_files_count(media: &MediaIndex, shown: &ShownImages, shared: &[&MediaRef]) -> usize {
    sources(media, shown, shared)
        .iter()
        .map(|source| source.files_left.load(Ordering::Relaxed))
        .sum()
}

/// A file [`encode_variants`] makes of a source.
#[derive(Clone, Copy)]
enum Made<'a> {
    Variant(&'a MediaVariant),
    ShareJpeg(&'a ShareFile),
}

/// A raster file whose variants (and share JPEG) are being written: decoded by the
/// first of them that needs its pixels, and let go once the last is done.
struct Source<'a> {
    file: &'a MediaFile,
    share_jpeg: Option<ShareFile>,
    decoded: Mutex<Option<Arc<DynamicImage>>>,
    files_left: AtomicUsize,
}

impl<'a> Source<'a> {
    fn new(file: &'a MediaFile, share_jpeg: Option<ShareFile>) -> Self {
        let files = file.variants.len() + usize::from(share_jpeg.is_some());
        Source {
            file,
            share_jpeg,
            decoded: Mutex::new(None),
            files_left: AtomicUsize::new(files),
        }
    }

    /// The decoded image; other variants of the file wait for the first decode.
    fn image(&self) -> Result<Arc<DynamicImage>, MediaError> {
        let mut decoded = self.decoded.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(image) = decoded.as_ref() {
            return Ok(image.clone());
        }
        let image = Arc::new(decode(&self.file.source)?);
        *decoded = Some(image.clone());
        Ok(image)
    }

    fn file_done(&self) {
        if self.files_left.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.decoded
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .take();
        }
    }
}

/// Writes one variant of `source` unless it is not smaller than the source file.
/// Returns whether it was kept, and whether it was encoded (not found in the cache).
fn write_variant<D: Destination>(
    source: &Source,
    variant: &MediaVariant,
    out: &D,
    cache: &Path,
    reuse: bool,
) -> Result<(bool, bool), D::Error> {
    let file = source.file;
    let cached = cache_file(cache, &variant.output);
    let (size, was_encoded) = match fs::metadata(&cached) {
        Ok(metadata) if reuse && metadata.is_file() => (metadata.len(), false),
        _ => {
            let bytes = encode_webp(&*source.image()?, variant.width, variant.height).map_err(
                |reason| MediaError::WebpEncode {
                    path: file.source.clone(),
                    width: variant.width,
                    height: variant.height,
                    reason,
                },
            )?;
            store(&cached, &bytes)?;
            (bytes.len() as u64, true)
        }
    };
    if size >= file.bytes {
        return Ok((false, was_encoded));
    }
    // Copied from the cache even when just encoded: the output records a copy by its
    // source's stamp, so the next build, which copies it, finds it unchanged.
    out.copy_file(&cached, &variant.output)?;
    Ok((true, was_encoded))
}

/// Writes the share JPEG of `source`, made from its decode unless `cache` has it (and
/// `reuse`). Returns whether it was made.
fn write_share_jpeg<D: Destination>(
    source: &Source,
    shared: &ShareFile,
    out: &D,
    cache: &Path,
    reuse: bool,
) -> Result<bool, D::Error> {
    let cached = cache_file(cache, &shared.output);
    let made = !(reuse && cached.is_file());
    if made {
        let bytes = share::share_jpeg_of(&*source.image()?, shared, &source.file.source)?;
        store(&cached, &bytes)?;
    }
    // As a copy of the cache file, as later builds put it (see `write_variant`).
    out.copy_file(&cached, &shared.output)?;
    Ok(made)
}

/// How many times each source was decoded, for the tests that it is decoded once.
#[cfg(test)]
pub(crate) static DECODES: Mutex<std::collections::BTreeMap<std::path::PathBuf, usize>> =
    Mutex::new(std::collections::BTreeMap::new());

/// The image at `source` decoded the right way up: turned as its EXIF orientation says,
/// as browsers show the file, since the variants carry no EXIF to say it again.
pub(crate) fn decode(source: &Path) -> Result<DynamicImage, MediaError> {
    #[cfg(test)]
    {
        let mut decodes = DECODES.lock().unwrap_or_else(|p| p.into_inner());
        *decodes.entry(source.to_path_buf()).or_default() += 1;
    }
    let undecodable = |error| MediaError::Decode {
        path: source.to_path_buf(),
        source: error,
    };
    let mut decoder = ImageReader::open(source)
        .map_err(|e| MediaError::io(source, e))?
        .with_guessed_format()
        .map_err(|e| MediaError::io(source, e))?
        .into_decoder()
        .map_err(undecodable)?;
    let orientation = decoder.orientation().map_err(undecodable)?;
    // A profile that cannot be read is ignored, as browsers ignore it.
    let profile = decoder.icc_profile().ok().flatten();
    let mut image = DynamicImage::from_decoder(decoder).map_err(undecodable)?;
    image.apply_orientation(orientation);
    Ok(match profile {
        Some(profile) => in_srgb(image, &profile),
        None => image,
    })
}

/// The pixels of `image`, whose colours are in the ICC profile `icc` (an iPhone's
/// Display P3, a camera's Adobe RGB), in sRGB: the variants carry no profile, and
/// browsers show an untagged image as sRGB, so unconverted it would look washed out.
/// An image left as it is when the profile is not an RGB one moxcms reads.
fn in_srgb(image: DynamicImage, icc: &[u8]) -> DynamicImage {
    use moxcms::{ColorProfile, DataColorSpace, Layout, TransformOptions};
    let Ok(profile) = ColorProfile::new_from_slice(icc) else {
        return image;
    };
    if profile.color_space != DataColorSpace::Rgb {
        return image;
    }
    let srgb = ColorProfile::new_srgb();
    let (layout, mut pixels) = if image.color().has_alpha() {
        (Layout::Rgba, DynamicImage::ImageRgba8(image.to_rgba8()))
    } else {
        (Layout::Rgb, DynamicImage::ImageRgb8(image.to_rgb8()))
    };
    let Ok(transform) =
        profile.create_transform_8bit(layout, &srgb, layout, TransformOptions::default())
    else {
        return image;
    };
    let source = pixels.as_bytes().to_vec();
    let converted = match &mut pixels {
        DynamicImage::ImageRgba8(buffer) => transform.transform(&source, buffer),
        DynamicImage::ImageRgb8(buffer) => transform.transform(&source, buffer),
        _ => return image,
    };
    if converted.is_err() {
        return image;
    }
    pixels
}

/// The image resized to `width` × `height` (Lanczos3, [`resize::resized`]) and encoded
/// as lossy WebP at [`VARIANT_QUALITY`] (libwebp; transparency is kept). `Err` is the
/// resizer's or libwebp's reason.
fn encode_webp(image: &DynamicImage, width: u32, height: u32) -> Result<Vec<u8>, String> {
    let resized;
    let image = if image.width() == width && image.height() == height {
        image
    } else {
        resized = resize::resized(image, None, width, height)?;
        &resized
    };
    // libwebp takes 8-bit RGB or RGBA.
    let encoded = if image.color().has_alpha() {
        let pixels = image.to_rgba8();
        webp::Encoder::from_rgba(pixels.as_raw(), width, height)
            .encode_simple(false, VARIANT_QUALITY)
    } else {
        let pixels = image.to_rgb8();
        webp::Encoder::from_rgb(pixels.as_raw(), width, height)
            .encode_simple(false, VARIANT_QUALITY)
    };
    encoded
        .map(|memory| memory.to_vec())
        .map_err(|error| format!("{error:?}"))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::destination::testing::Folder as Staging;
    use sitegen_content::testing::{quarters, shows_quarters_upright};

    #[test]
    fn an_image_that_does_not_decode_is_a_media_error_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cut.png");
        let mut bytes = Vec::new();
        image::RgbImage::new(64, 64)
            .write_to(
                &mut std::io::Cursor::new(&mut bytes),
                image::ImageFormat::Png,
            )
            .unwrap();
        fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
        let error = decode(&path).unwrap_err();
        assert!(matches!(&error, MediaError::Decode { path: named, .. } if *named == path));
        assert!(
            error
                .to_string()
                .contains("cut.png: cannot decode the image"),
            "{error}"
        );
    }

    /// Writes `image` as a PNG compressed as hard as the encoder can (as image editors
    /// and optimisers do), so the size comparisons do not hinge on a fast default.
    fn write_png(path: &Path, image: &image::RgbImage) {
        use image::codecs::png::{CompressionType, FilterType as PngFilter, PngEncoder};
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        let file = fs::File::create(path).unwrap();
        let encoder =
            PngEncoder::new_with_quality(file, CompressionType::Best, PngFilter::Adaptive);
        image.write_with_encoder(encoder).unwrap();
    }

    /// Deterministic white noise: a hash of the pixel position, 0 to 15.
    fn noise(x: u32, y: u32) -> u8 {
        let mut h = x.wrapping_mul(0x9E37_79B1) ^ y.wrapping_mul(0x85EB_CA77);
        h ^= h >> 15;
        h = h.wrapping_mul(0x2C1B_3C6D);
        h ^= h >> 12;
        (h >> 28) as u8
    }

    /// A 700×350 stand-in for a photo: smooth gradients under fine grain. PNG must keep
    /// every grain; lossy WebP smooths it away.
    fn photo() -> image::RgbImage {
        image::RgbImage::from_fn(700, 350, |x, y| {
            let grain = noise(x, y);
            image::Rgb([
                (x % 240) as u8 + grain,
                (y % 240) as u8 + grain,
                128 + grain,
            ])
        })
    }

    /// A 640×320 repetition of one 8×8 tile of black and white noise: deflate finds
    /// the repeats and packs the PNG into a few kilobytes, while lossy WebP (which
    /// predicts only from neighbouring pixels) pays for every block of noise.
    fn tiled_noise() -> image::RgbImage {
        image::RgbImage::from_fn(640, 320, |x, y| {
            image::Rgb(if noise(x % 8, y % 8) < 8 {
                [0; 3]
            } else {
                [255; 3]
            })
        })
    }

    /// Encodes the variants of every image of `media` as if a page showed each, and
    /// returns the index the build then publishes.
    fn write_variants(
        media: &MediaIndex,
        out: &Staging,
        cache: &Path,
        reuse: bool,
    ) -> (MediaIndex, VariantStats) {
        let page: String = media
            .files()
            .map(|file| format!(r#"{{"src":"{}"}}"#, media.url(&file.output)))
            .collect();
        let shown = shown_images(media, [page.as_str()], "{}");
        let written = encode_variants(media, &shown, &[], out, cache, reuse, 2).unwrap();
        (written.without_dropped(media), written.stats)
    }

    /// The media index of a content folder holding the given PNGs.
    fn media_of(dir: &Path, images: &[(&str, image::RgbImage)]) -> MediaIndex {
        let content = dir.join("content");
        for (path, image) in images {
            write_png(&content.join(path), image);
        }
        let paths: Vec<&str> = images.iter().map(|(path, _)| *path).collect();
        let mut media = sitegen_content::testing::media_index(&content, &paths);
        plan_variants(&mut media);
        media
    }

    fn is_lossy_webp(bytes: &[u8]) -> bool {
        &bytes[8..12] == b"WEBP"
            && webp::BitstreamFeatures::new(bytes)
                .is_some_and(|f| matches!(f.format(), Some(webp::BitstreamFormat::Lossy)))
    }

    #[test]
    fn raster_images_get_lossy_webp_variants_smaller_than_the_source() {
        let dir = tempfile::tempdir().unwrap();
        let planned = media_of(dir.path(), &[("media/photo.png", photo())]);
        let staging = Staging::new(&dir.path().join("dist")).unwrap();
        let (media, stats) = write_variants(&planned, &staging, &dir.path().join("cache"), true);
        assert_eq!(media, planned, "every variant is kept");
        assert_eq!(
            stats,
            VariantStats {
                encoded: 2,
                cached: 0,
                dropped: 0
            }
        );
        let file = media.get("media/photo.png").unwrap();
        let widths: Vec<u32> = file.variants.iter().map(|v| v.width).collect();
        assert_eq!(widths, vec![640, 700]);
        for variant in &file.variants {
            let bytes = fs::read(staging.dir().join(&variant.output)).unwrap();
            assert!(is_lossy_webp(&bytes), "{}", variant.output);
            assert!((bytes.len() as u64) < file.bytes, "{}", variant.output);
            let decoded = webp::Decoder::new(&bytes).decode().unwrap();
            assert_eq!(
                (decoded.width(), decoded.height()),
                (variant.width, variant.height)
            );
        }
    }

    /// The RGB pixels of a lossy WebP file.
    pub(crate) fn decode_webp(bytes: &[u8]) -> image::RgbImage {
        let decoded = webp::Decoder::new(bytes).decode().unwrap();
        let (width, height) = (decoded.width(), decoded.height());
        if decoded.is_alpha() {
            image::DynamicImage::ImageRgba8(
                image::RgbaImage::from_raw(width, height, decoded.to_vec()).unwrap(),
            )
            .into_rgb8()
        } else {
            image::RgbImage::from_raw(width, height, decoded.to_vec()).unwrap()
        }
    }

    #[test]
    fn every_variant_of_a_phone_photo_is_upright_whatever_its_exif_orientation() {
        let dir = tempfile::tempdir().unwrap();
        let content = dir.path().join("content");
        fs::create_dir_all(content.join("media")).unwrap();
        let paths: Vec<String> = (1..=8).map(|o| format!("media/o{o}.jpg")).collect();
        for (orientation, path) in (1..=8).zip(&paths) {
            let jpeg = sitegen_content::testing::phone_jpeg(&quarters(720, 480, 0), orientation);
            fs::write(content.join(path), jpeg).unwrap();
        }
        let paths: Vec<&str> = paths.iter().map(String::as_str).collect();
        let mut media = sitegen_content::testing::media_index(&content, &paths);
        plan_variants(&mut media);
        let staging = Staging::new(&dir.path().join("dist")).unwrap();
        let (media, _) = write_variants(&media, &staging, &dir.path().join("cache"), true);
        for path in paths {
            let file = media.get(path).unwrap();
            assert_eq!(file.variants.len(), 2, "{path}: 640 and 720 px wide");
            for variant in &file.variants {
                let bytes = fs::read(staging.dir().join(&variant.output)).unwrap();
                let decoded = decode_webp(&bytes);
                assert_eq!(
                    (decoded.width(), decoded.height()),
                    (variant.width, variant.height)
                );
                assert!(
                    shows_quarters_upright(&decoded, 40),
                    "{path}: the {}w variant is turned",
                    variant.width
                );
            }
        }
    }

    #[test]
    fn a_shown_and_shared_photo_is_decoded_once_for_its_variants_and_its_share_jpeg() {
        let dir = tempfile::tempdir().unwrap();
        let content = dir.path().join("content");
        fs::create_dir_all(content.join("media")).unwrap();
        let photo = sitegen_content::testing::phone_jpeg(&quarters(1200, 1800, 16), 6);
        fs::write(content.join("media/one.jpg"), photo).unwrap();
        let mut media = sitegen_content::testing::media_index(&content, &["media/one.jpg"]);
        plan_variants(&mut media);
        let file = media.get("media/one.jpg").unwrap();
        assert_eq!(file.variants.len(), 3, "640, 1024 and 1200 px wide");
        let shared = MediaRef {
            path: file.path.clone(),
            output: file.output.clone(),
            width: file.width,
            height: file.height,
        };
        let share_jpeg = share::share_jpeg(&shared).unwrap();
        let page = format!(r#"{{"src":"{}"}}"#, media.url(&file.output));
        let shown = shown_images(&media, [page.as_str()], "{}");
        assert!(shown.decoded_for_variants(file));
        let cache = dir.path().join("cache");
        let staging = Staging::new(&dir.path().join("dist")).unwrap();
        let written =
            encode_variants(&media, &shown, &[&shared], &staging, &cache, true, 2).unwrap();
        assert_eq!(written.stats.encoded, 3);
        assert_eq!(
            written.shared,
            ShareFileStats {
                drawn: 1,
                cached: 0
            }
        );
        let decodes = DECODES.lock().unwrap().get(&file.source).copied();
        assert_eq!(decodes, Some(1), "decoded once for its four files");
        let bytes = fs::read(staging.dir().join(&share_jpeg.output)).unwrap();
        let jpeg = image::load_from_memory(&bytes).unwrap().into_rgb8();
        assert_eq!(jpeg.dimensions(), (share_jpeg.width, share_jpeg.height));
        assert!(
            shows_quarters_upright(&jpeg, 40),
            "the share JPEG is turned"
        );

        let warm = Staging::new(&dir.path().join("warm")).unwrap();
        let written = encode_variants(&media, &shown, &[&shared], &warm, &cache, true, 2).unwrap();
        assert_eq!(
            written.shared,
            ShareFileStats {
                drawn: 0,
                cached: 1
            }
        );
        assert!(warm.dir().join(&share_jpeg.output).is_file());
        let decodes = DECODES.lock().unwrap().get(&file.source).copied();
        assert_eq!(decodes, Some(1), "a warm build decodes nothing");
    }

    #[test]
    fn a_catalogues_cmyk_jpeg_decodes_to_its_colours_and_gets_its_variants() {
        // Red, green, blue and white quarters in ink: (C, M, Y, K).
        let ink = |x: usize, y: usize| match (x < 4, y < 4) {
            (true, true) => [0, 255, 255, 0],
            (false, true) => [255, 0, 255, 0],
            (true, false) => [255, 255, 0, 0],
            (false, false) => [0, 0, 0, 0],
        };
        let inks: Vec<[u8; 4]> = (0..64).map(|block| ink(block % 8, block / 8)).collect();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("catalogue.jpg");
        fs::write(&path, sitegen_content::testing::cmyk_jpeg(&inks, 8)).unwrap();
        let decoded = decode(&path).unwrap().into_rgb8();
        assert_eq!(decoded.dimensions(), (64, 64));
        assert!(
            shows_quarters_upright(&decoded, 3),
            "{:?}",
            decoded.get_pixel(8, 8)
        );
        // Black ink alone, at half coverage: a middle grey.
        fs::write(
            &path,
            sitegen_content::testing::cmyk_jpeg(&[[0, 0, 0, 128]], 1),
        )
        .unwrap();
        let grey = decode(&path).unwrap().into_rgb8().get_pixel(4, 4).0;
        assert!(grey.iter().all(|&c| c.abs_diff(127) <= 2), "{grey:?}");

        let content = dir.path().join("content");
        fs::create_dir_all(content.join("media")).unwrap();
        let big: Vec<[u8; 4]> = (0..100 * 75)
            .map(|block| ink(block % 100 * 8 / 100, block / 100 * 8 / 75))
            .collect();
        fs::write(
            content.join("media/catalogue.jpg"),
            sitegen_content::testing::cmyk_jpeg(&big, 100),
        )
        .unwrap();
        let mut media = sitegen_content::testing::media_index(&content, &["media/catalogue.jpg"]);
        plan_variants(&mut media);
        let staging = Staging::new(&dir.path().join("dist")).unwrap();
        let (media, _) = write_variants(&media, &staging, &dir.path().join("cache"), true);
        let file = media.get("media/catalogue.jpg").unwrap();
        assert!(!file.variants.is_empty());
        for variant in &file.variants {
            let bytes = fs::read(staging.dir().join(&variant.output)).unwrap();
            assert!(
                shows_quarters_upright(&decode_webp(&bytes), 24),
                "{}",
                variant.output
            );
        }
    }

    #[test]
    fn a_display_p3_photo_is_converted_to_srgb_in_its_variants() {
        use image::codecs::jpeg::JpegEncoder;
        use image::ImageEncoder;
        let dir = tempfile::tempdir().unwrap();
        let p3 = moxcms::ColorProfile::new_display_p3().encode().unwrap();
        let flat = |colour: [u8; 3]| image::RgbImage::from_pixel(64, 64, image::Rgb(colour));
        let write = |name: &str, colour: [u8; 3], profile: Option<&[u8]>| {
            let mut bytes = Vec::new();
            let mut encoder = JpegEncoder::new_with_quality(&mut bytes, 100);
            if let Some(profile) = profile {
                encoder.set_icc_profile(profile.to_vec()).unwrap();
            }
            encoder
                .write_image(
                    flat(colour).as_raw(),
                    64,
                    64,
                    image::ExtendedColorType::Rgb8,
                )
                .unwrap();
            let path = dir.path().join(name);
            fs::write(&path, bytes).unwrap();
            decode(&path).unwrap().to_rgb8().get_pixel(32, 32).0
        };
        let orange = [200, 100, 50];
        let untagged = write("untagged.jpg", orange, None);
        let tagged = write("p3.jpg", orange, Some(&p3));
        for c in 0..3 {
            assert!(untagged[c].abs_diff(orange[c]) <= 2, "{untagged:?}");
        }
        // The same numbers in the wider P3 are a more saturated colour, in sRGB.
        assert!(
            tagged[0] >= untagged[0] + 8,
            "{tagged:?} against {untagged:?}"
        );
        assert!(
            tagged[2] + 8 <= untagged[2],
            "{tagged:?} against {untagged:?}"
        );
        let grey = write("grey.jpg", [128, 128, 128], Some(&p3));
        assert!(grey.iter().all(|&c| c.abs_diff(128) <= 3), "{grey:?}");
    }

    #[test]
    fn only_the_images_a_page_or_the_layout_shows_keep_their_variants() {
        let dir = tempfile::tempdir().unwrap();
        let media = media_of(
            dir.path(),
            &[("media/shown.png", photo()), ("media/share.png", photo())],
        );
        let shown = media.get("media/shown.png").unwrap();
        let share = media.get("media/share.png").unwrap();
        let src = media.url(&shown.output);
        let page = format!(r#"{{"hero":{{"src":"{src}","width":700,"height":500}}}}"#);
        let other = r#"{"logo":{"src":"/media/logo.1a2b3c4d.svg"}}"#;
        let found = shown_images(&media, [other, page.as_str()], other);
        assert_eq!(
            (found.by_page.as_slice(), found.by_layout),
            ([false, true].as_slice(), false)
        );
        assert!(found.shows(shown) && !found.shows(share));
        let staging = Staging::new(&dir.path().join("dist")).unwrap();
        let written = encode_variants(
            &media,
            &found,
            &[],
            &staging,
            &dir.path().join("cache"),
            true,
            2,
        )
        .unwrap();
        assert_eq!(
            written.stats.encoded, 2,
            "only the shown image's variants are encoded"
        );
        for variant in &share.variants {
            assert!(!staging.dir().join(&variant.output).exists());
        }
        let layout = format!(r#"{{"logo":{{"src":"{src}"}}}}"#);
        assert!(shown_images(&media, [other], &layout).by_layout);
    }

    #[test]
    fn a_variant_not_smaller_than_its_source_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let loaded = media_of(dir.path(), &[("media/noise.png", tiled_noise())]);
        let planned = loaded.get("media/noise.png").unwrap().variants.clone();
        assert_eq!(planned.len(), 1);
        let staging = Staging::new(&dir.path().join("dist")).unwrap();
        let (media, stats) = write_variants(&loaded, &staging, &dir.path().join("cache"), true);
        assert_eq!(
            stats,
            VariantStats {
                encoded: 1,
                cached: 0,
                dropped: 1
            }
        );
        assert!(media.get("media/noise.png").unwrap().variants.is_empty());
        assert_eq!(
            loaded.get("media/noise.png").unwrap().variants,
            planned,
            "the loaded index is left as it was"
        );
        assert!(!staging.dir().join(&planned[0].output).exists());
    }

    #[test]
    fn a_warm_build_encodes_nothing_and_takes_the_same_decisions() {
        let dir = tempfile::tempdir().unwrap();
        let images = [
            ("media/photo.png", photo()),
            ("media/noise.png", tiled_noise()),
        ];
        let cache = dir.path().join("cache");
        let first = Staging::new(&dir.path().join("one")).unwrap();
        let (cold, _) = write_variants(&media_of(dir.path(), &images), &first, &cache, true);
        let second = Staging::new(&dir.path().join("two")).unwrap();
        let (warm, stats) = write_variants(&media_of(dir.path(), &images), &second, &cache, true);
        assert_eq!(
            stats,
            VariantStats {
                encoded: 0,
                cached: 3,
                dropped: 1
            }
        );
        assert_eq!(warm, cold);
        for variant in warm.files().flat_map(|file| &file.variants) {
            assert_eq!(
                fs::read(first.dir().join(&variant.output)).unwrap(),
                fs::read(second.dir().join(&variant.output)).unwrap()
            );
        }
        let third = Staging::new(&dir.path().join("three")).unwrap();
        let (_, stats) = write_variants(&media_of(dir.path(), &images), &third, &cache, false);
        assert_eq!(
            (stats.encoded, stats.cached),
            (3, 0),
            "without reuse every variant is encoded again"
        );
    }
}
