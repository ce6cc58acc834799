use super::*;
use crate::decode::DECODES;
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
    let encoder = PngEncoder::new_with_quality(file, CompressionType::Best, PngFilter::Adaptive);
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

/// Keeps the variants of `media` smaller than their source, as a build does before
/// planning its pages, and writes them as if a page showed each image; returns the
/// index the build then publishes.
fn write_variants(
    media: &MediaIndex,
    out: &Staging,
    cache: &Path,
    reuse: bool,
) -> (MediaIndex, VariantStats) {
    let mut kept = media.clone();
    let stats = keep_smaller_variants(&mut kept, cache, reuse, 2, &|| {}).unwrap();
    let page: String = kept
        .files()
        .map(|file| format!(r#"{{"src":"{}"}}"#, kept.url(&file.output)))
        .collect();
    let shown = shown_images(&kept, [page.as_str()], "{}");
    encode_variants(&kept, &shown, &[], out, cache, true, 2).unwrap();
    (kept, stats)
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
    let written = encode_variants(&media, &shown, &[&shared], &staging, &cache, true, 2).unwrap();
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

#[test]
fn the_variants_kept_before_the_pages_are_planned_are_written_without_decoding_again() {
    use std::sync::atomic::AtomicUsize;
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    fs::create_dir_all(content.join("media")).unwrap();
    let photo = sitegen_content::testing::phone_jpeg(&quarters(1200, 1800, 16), 6);
    fs::write(content.join("media/kept.jpg"), photo).unwrap();
    let mut media = sitegen_content::testing::media_index(&content, &["media/kept.jpg"]);
    plan_variants(&mut media);
    assert_eq!(
        planned_files_count(&media),
        4,
        "three variants and the share JPEG"
    );
    let cache = dir.path().join("cache");
    let made = AtomicUsize::new(0);
    let count = || {
        made.fetch_add(1, Ordering::Relaxed);
    };
    let stats = keep_smaller_variants(&mut media, &cache, true, 2, &count).unwrap();
    assert_eq!((stats.encoded, made.load(Ordering::Relaxed)), (3, 4));
    let file = media.get("media/kept.jpg").unwrap();
    assert_eq!(file.variants.len(), 3, "a photo's variants are all smaller");
    let shared = media_ref(file);
    let share_jpeg = share::share_jpeg(&shared).unwrap();
    let page = format!(r#"{{"src":"{}"}}"#, media.url(&file.output));
    let shown = shown_images(&media, [page.as_str()], "{}");
    let staging = Staging::new(&dir.path().join("dist")).unwrap();
    let written = encode_variants(&media, &shown, &[&shared], &staging, &cache, true, 2).unwrap();
    assert_eq!((written.stats.cached, written.shared.cached), (3, 1));
    let decodes = DECODES.lock().unwrap().get(&file.source).copied();
    assert_eq!(
        decodes,
        Some(1),
        "decoded once, before the pages were planned"
    );
    for output in file
        .variants
        .iter()
        .map(|v| &v.output)
        .chain([&share_jpeg.output])
    {
        assert!(staging.dir().join(output).is_file(), "{output}");
    }
}
