//! Responsive WebP variants of raster images.
//!
//! `sitegen-content` plans the variants of every png/jpg/jpeg file (widths, heights,
//! content-hashed names: see [`sitegen_content::MediaVariant`]) so the JSON views can
//! list them; this module encodes them into the output folder. Encoded files are kept
//! in a cache folder keyed by their hashed name (which covers the source bytes, the
//! width and the encoder settings), so a warm build copies instead of re-encoding.

use std::fs;
use std::path::{Path, PathBuf};

use image::codecs::webp::WebPEncoder;
use image::imageops::FilterType;
use image::{DynamicImage, ImageReader};
use sitegen_content::{MediaFile, MediaIndex};

use crate::output::Staging;
use crate::BuildError;

/// The cache folder of encoded variants for a content folder:
/// `<content folder's parent>/target/sitegen-media-cache` (the repository's `target/`
/// for the default `content/`).
pub fn cache_dir(content_dir: &Path) -> PathBuf {
    let parent = content_dir
        .parent()
        .filter(|parent| !parent.as_os_str().is_empty())
        .unwrap_or_else(|| Path::new("."));
    parent.join("target").join("sitegen-media-cache")
}

/// What [`write_variants`] did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct VariantStats {
    /// Variants encoded in this run.
    pub encoded: usize,
    /// Variants copied from the cache.
    pub cached: usize,
}

/// Writes every planned WebP variant of `media` into `staging`, encoding only those
/// missing from `cache` (and storing them there). Files are encoded in parallel.
pub fn write_variants(
    media: &MediaIndex,
    staging: &Staging,
    cache: &Path,
) -> Result<VariantStats, BuildError> {
    let files: Vec<&MediaFile> = media.files().filter(|f| !f.variants.is_empty()).collect();
    if files.is_empty() {
        return Ok(VariantStats::default());
    }
    fs::create_dir_all(cache).map_err(|e| BuildError::io(cache, e))?;
    let workers = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .min(files.len());
    let chunk = files.len().div_ceil(workers);
    let outcomes: Vec<Result<VariantStats, BuildError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = files
            .chunks(chunk)
            .map(|group| {
                scope.spawn(move || {
                    let mut stats = VariantStats::default();
                    for file in group {
                        let done = write_file_variants(file, staging, cache)?;
                        stats.encoded += done.encoded;
                        stats.cached += done.cached;
                    }
                    Ok(stats)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| {
                handle.join().unwrap_or_else(|_| {
                    Err(BuildError::io(
                        cache,
                        std::io::Error::other("a media worker panicked"),
                    ))
                })
            })
            .collect()
    });
    let mut total = VariantStats::default();
    for outcome in outcomes {
        let stats = outcome?;
        total.encoded += stats.encoded;
        total.cached += stats.cached;
    }
    Ok(total)
}

/// The cache file of a variant: its hashed output path, flattened.
fn cache_file(cache: &Path, output: &str) -> PathBuf {
    cache.join(output.replace('/', "__"))
}

fn write_file_variants(
    file: &MediaFile,
    staging: &Staging,
    cache: &Path,
) -> Result<VariantStats, BuildError> {
    let mut stats = VariantStats::default();
    // Decoded lazily: a fully cached file is never decoded.
    let mut decoded: Option<DynamicImage> = None;
    for variant in &file.variants {
        let cached = cache_file(cache, &variant.output);
        if cached.is_file() {
            staging.copy_file(&cached, &variant.output)?;
            stats.cached += 1;
            continue;
        }
        let source = match &decoded {
            Some(image) => image,
            None => decoded.insert(decode(&file.source)?),
        };
        let bytes = encode_webp(source, variant.width, variant.height)
            .map_err(|message| media_error(&file.source, message))?;
        store(&cached, &bytes)?;
        staging.write(&variant.output, &bytes)?;
        stats.encoded += 1;
    }
    Ok(stats)
}

fn decode(source: &Path) -> Result<DynamicImage, BuildError> {
    ImageReader::open(source)
        .map_err(|e| BuildError::io(source, e))?
        .with_guessed_format()
        .map_err(|e| BuildError::io(source, e))?
        .decode()
        .map_err(|e| media_error(source, e.to_string()))
}

/// The image resized to `width` × `height` (Lanczos3) and encoded as lossless WebP
/// (the `image` crate's encoder; it has no lossy mode).
fn encode_webp(image: &DynamicImage, width: u32, height: u32) -> Result<Vec<u8>, String> {
    let resized = if image.width() == width && image.height() == height {
        image.clone()
    } else {
        image.resize_exact(width, height, FilterType::Lanczos3)
    };
    // WebP holds 8-bit RGB(A) only.
    let pixels = if resized.color().has_alpha() {
        DynamicImage::ImageRgba8(resized.to_rgba8())
    } else {
        DynamicImage::ImageRgb8(resized.to_rgb8())
    };
    let mut bytes = Vec::new();
    pixels
        .write_with_encoder(WebPEncoder::new_lossless(&mut bytes))
        .map_err(|e| e.to_string())?;
    Ok(bytes)
}

/// Writes a cache entry atomically (temporary file + rename), so a concurrent or
/// interrupted build never leaves a truncated entry that later builds would trust.
fn store(path: &Path, bytes: &[u8]) -> Result<(), BuildError> {
    let temporary = path.with_extension(format!("tmp-{}", std::process::id()));
    fs::write(&temporary, bytes).map_err(|e| BuildError::io(&temporary, e))?;
    fs::rename(&temporary, path).map_err(|e| BuildError::io(path, e))
}

fn media_error(source: &Path, message: String) -> BuildError {
    BuildError::Io {
        path: source.to_path_buf(),
        source: std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("cannot make WebP variants: {message}"),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write_png(path: &Path, width: u32, height: u32) {
        let image = image::RgbImage::from_fn(width, height, |x, y| {
            image::Rgb([(x % 256) as u8, (y % 256) as u8, 128])
        });
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        image.save(path).unwrap();
    }

    /// The media index of a content folder holding one 700×350 PNG.
    fn media_of(dir: &Path) -> MediaIndex {
        let content = dir.join("content");
        write_png(&content.join("media/photo.png"), 700, 350);
        sitegen_content::testing::media_index(&content, &["media/photo.png"])
    }

    #[test]
    fn raster_images_get_webp_variants_of_the_planned_sizes() {
        let dir = tempfile::tempdir().unwrap();
        let media = media_of(dir.path());
        let out = dir.path().join("dist");
        let staging = Staging::new(&out).unwrap();
        let stats = write_variants(&media, &staging, &dir.path().join("cache")).unwrap();
        assert_eq!(
            stats,
            VariantStats {
                encoded: 2,
                cached: 0
            }
        );
        let file = media.get("media/photo.png").unwrap();
        for variant in &file.variants {
            let bytes = fs::read(staging.dir().join(&variant.output)).unwrap();
            assert_eq!(&bytes[8..12], b"WEBP", "{}", variant.output);
            let decoded = image::load_from_memory(&bytes).unwrap();
            assert_eq!(
                (decoded.width(), decoded.height()),
                (variant.width, variant.height)
            );
        }
        let widths: Vec<u32> = file.variants.iter().map(|v| v.width).collect();
        assert_eq!(widths, vec![640, 700]);
    }

    #[test]
    fn a_warm_build_copies_variants_from_the_cache_without_encoding() {
        let dir = tempfile::tempdir().unwrap();
        let media = media_of(dir.path());
        let cache = dir.path().join("cache");
        let first = Staging::new(&dir.path().join("one")).unwrap();
        write_variants(&media, &first, &cache).unwrap();
        let second = Staging::new(&dir.path().join("two")).unwrap();
        let stats = write_variants(&media, &second, &cache).unwrap();
        assert_eq!(
            stats,
            VariantStats {
                encoded: 0,
                cached: 2
            }
        );
        for variant in &media.get("media/photo.png").unwrap().variants {
            assert_eq!(
                fs::read(first.dir().join(&variant.output)).unwrap(),
                fs::read(second.dir().join(&variant.output)).unwrap()
            );
        }
    }

    #[test]
    fn the_cache_lives_in_target_beside_the_content_folder() {
        assert_eq!(
            cache_dir(Path::new("content")),
            Path::new("./target/sitegen-media-cache")
        );
        assert_eq!(
            cache_dir(Path::new("/site/content")),
            Path::new("/site/target/sitegen-media-cache")
        );
    }
}
