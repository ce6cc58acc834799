//! Responsive WebP variants of raster images.
//!
//! [`plan_variants`] puts the variants of every png/jpg/jpeg file in the media index
//! (widths, heights, content-hashed names: `sitegen-view` names them, see
//! [`sitegen_view::variants`]) and [`keep_smaller_variants`] encodes them and keeps
//! only those smaller than their source, so the site never offers a file that costs
//! more than the one it replaces: both shape the media index once, as the content a
//! build publishes is made, before any view lists a variant, so the routes are planned
//! once, from the index the site ends with. Nothing changes the index after that:
//! [`shown_images`] says which of those images the pages show, and [`encode_variants`]
//! writes the variants of those into the output folder. Encoded files are kept in a
//! cache folder keyed by their hashed name (which covers the source bytes, the width
//! and the encoder settings), dropped ones included, so a warm build copies instead of
//! encoding and takes the same decisions from the cached files' sizes.
//!
use std::collections::{BTreeSet, HashMap};
use std::fs;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use image::DynamicImage;
use sitegen_content::{MediaFile, MediaIndex, MediaRef, MediaVariant};
use sitegen_view::variants::{self, VARIANT_QUALITY};

use sitegen_workers::parallel;

use crate::cache::{cache_file, store};
use crate::decode::decode;
use crate::destination::Destination;
use crate::error::MediaError;
use crate::originals;
use crate::resize;
use crate::share::{self, ShareFile, ShareFileStats};
pub use crate::shown::{shown_images, shown_images_of, shown_srcs, ShownImages};

/// Sets the WebP variants of every raster image of `media` to the planned ones (none
/// for other files), as the content a build publishes is made, before anything reads
/// them: [`keep_smaller_variants`] then keeps those worth shipping.
pub fn plan_variants(media: &mut MediaIndex) {
    media.set_variants(variants::plan);
}

/// Keeps, of the variants [`plan_variants`] planned in `media`, those smaller than their
/// source, before any view lists them: whether one is smaller is known only once it is
/// encoded, so each is encoded here, into `cache` alone (only those missing from it,
/// or all unless `reuse`), on up to `jobs` threads; [`encode_variants`] copies the ones
/// a page shows into the site. The share JPEG of each image ([`share::share_jpeg`]) is
/// made from the same decode, so that a photo is decoded once a build. `made` is called
/// as each of the [`planned_files_count`] files is done.
pub fn keep_smaller_variants(
    media: &mut MediaIndex,
    cache: &Path,
    reuse: bool,
    jobs: usize,
    made: &(dyn Fn() + Sync),
) -> Result<VariantStats, MediaError> {
    let written = {
        let sources = planned_sources(media);
        write_sources(&sources, &CacheOnly(made), cache, reuse, jobs)?
    };
    media.set_variants(|file| {
        let mut kept = file.variants.clone();
        kept.retain(|variant| !written.dropped.contains(&variant.output));
        kept
    });
    Ok(written.stats)
}

/// How many files [`keep_smaller_variants`] makes or finds in the cache (variants and
/// share JPEGs), for a progress count.
pub fn planned_files_count(media: &MediaIndex) -> usize {
    files_count(&planned_sources(media))
}

/// Every raster image with planned variants, each with its share JPEG.
fn planned_sources(media: &MediaIndex) -> Vec<Source<'_>> {
    media
        .files()
        .filter(|file| !file.variants.is_empty())
        .map(|file| Source::new(file, share::share_jpeg(&media_ref(file))))
        .collect()
}

/// The reference to `file` a page would name it by.
fn media_ref(file: &MediaFile) -> MediaRef {
    MediaRef {
        path: file.path.clone(),
        output: file.output.clone(),
        width: file.width,
        height: file.height,
    }
}

/// The media cache alone: [`keep_smaller_variants`] encodes before the site is written.
struct CacheOnly<'a>(&'a (dyn Fn() + Sync));

impl Destination for CacheOnly<'_> {
    type Error = MediaError;

    fn copy_file(&self, _: &Path, _: &str) -> Result<(), MediaError> {
        Ok(())
    }

    fn file_done(&self) {
        (self.0)()
    }
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

/// The variants [`encode_variants`] wrote, and those it left out, not being smaller
/// than their source ([`keep_smaller_variants`] left them out of the index already).
#[derive(Debug, Default)]
pub struct WrittenVariants {
    pub stats: VariantStats,
    /// The share JPEGs of the shown photos, made from the variants' decode.
    pub shared: ShareFileStats,
    /// The output paths of the variants not smaller than their source.
    dropped: BTreeSet<String>,
}

impl WrittenVariants {
    /// Whether the variants of `file` kept by this decision replace it
    /// ([`variants::replace_source`]), so that its original is not published.
    fn replaces_source(&self, file: &MediaFile) -> bool {
        let mut kept = file.clone();
        kept.variants
            .retain(|variant| !self.dropped.contains(&variant.output));
        variants::replace_source(&kept)
    }
}

/// Writes every WebP variant of the images of `media` that are `shown` into `out`,
/// from the cache where [`keep_smaller_variants`] put them, in this build (a variant
/// missing from it is encoded again, and left out if not smaller than its source). It
/// also writes the original of each of those images whose variants do not replace it
/// ([`variants::replace_source`]), without its metadata
/// ([`originals::publish_original`], from the cache unless `reuse` is false): the
/// caller publishes the other media files, but not these ([`originals::publishes_original`]). The share JPEG ([`share::share_jpeg`]) of each
/// of those images that pages are shared with (`shared`, as given to
/// [`share::write_share_files`], which leaves these to this function) is written here
/// too, so that each source is decoded at most once for all its files, on up to `jobs`
/// threads.
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
    // `keep_smaller_variants` refilled the cache already when not to reuse it.
    let written = write_sources(&sources, out, cache, true, jobs)?;
    let files = sources.iter().map(|source| source.file);
    // The pages offer the original of a file whose variants do not replace it.
    for file in files {
        if !written.replaces_source(file) {
            originals::publish_original(file, out, cache, reuse)?;
        }
    }
    Ok(written)
}

/// Writes the variants and share JPEG of each of `sources` into `out`, each made
/// unless `cache` has it (and `reuse`); a variant not smaller than its source is left
/// out.
fn write_sources<D: Destination>(
    sources: &[Source],
    out: &D,
    cache: &Path,
    reuse: bool,
    jobs: usize,
) -> Result<WrittenVariants, D::Error> {
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
    files_count(&sources(media, shown, shared))
}

fn files_count(sources: &[Source]) -> usize {
    sources
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
pub(crate) mod tests;
