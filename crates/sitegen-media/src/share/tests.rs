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
    let mut decoder = image::codecs::jpeg::JpegDecoder::new(std::io::Cursor::new(&bytes)).unwrap();
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
    assert!(
        reason(b"<svg xmlns=\"http://www.w3.org/2000/svg\"><rect").contains("not well-formed XML")
    );
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

/// A destination that counts the files done, as a build's progress does.
struct Counted {
    folder: Staging,
    done: std::sync::atomic::AtomicUsize,
}

impl Destination for Counted {
    type Error = MediaError;

    fn copy_file(&self, source: &Path, output: &str) -> Result<(), MediaError> {
        self.folder.copy_file(source, output)
    }

    fn file_done(&self) {
        self.done.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
}

#[test]
fn the_images_made_beside_the_pages_are_the_share_files_and_variants_each_counted_once() {
    let dir = tempfile::tempdir().unwrap();
    let (_, content, shared) = fixture(dir.path());
    let shared: Vec<&MediaRef> = shared.iter().collect();
    let shown = ShownImages::default();
    let out = Counted {
        folder: Staging::new(&dir.path().join("site")).unwrap(),
        done: Default::default(),
    };
    let cache = dir.path().join("cache");
    crate::images::write_images(&content, &shared, &shown, &out, &cache, true, 2).unwrap();
    let expected = crate::images::images_count(&content, &shared, &shown);
    assert_eq!(expected, 6);
    assert_eq!(out.done.into_inner(), expected);
    for image in &shared {
        let png = share_png(image).unwrap();
        assert!(
            out.folder.dir().join(&png.output).is_file(),
            "{}",
            png.output
        );
    }
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

#[test]
fn a_drawing_checked_once_is_checked_again_only_under_another_hash() {
    let dir = tempfile::tempdir().unwrap();
    let (content_dir, content, mut shared) = fixture(dir.path());
    let mut checks = DrawingChecks::default();
    let refs: Vec<&MediaRef> = shared.iter().collect();
    assert_eq!(checks.undrawable(&content, &refs), Vec::new());
    // The file changed on disk, its name not (yet): the last answer stands.
    let drawing = "media/services/radiology.svg";
    fs::write(
        content_dir.join(drawing),
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="80" height="60"><text>X-ray</text></svg>"#,
    )
    .unwrap();
    let refs: Vec<&MediaRef> = shared.iter().collect();
    assert_eq!(checks.undrawable(&content, &refs), Vec::new());
    // Under the name of its new hash, it is read again.
    let changed = shared
        .iter_mut()
        .find(|image| image.path == drawing)
        .unwrap();
    changed.output = changed.output.replace(".svg", ".0.svg");
    let refs: Vec<&MediaRef> = shared.iter().collect();
    let problems = checks.undrawable(&content, &refs);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems, undrawable_shared_drawings(&content, &refs));
}
