//! Originals published without their metadata.
//!
//! An image the site publishes as it is (one no page shows with variants, such as the
//! site's share image; one whose widest variant was dropped, not being smaller; a GIF
//! or WebP) is written without its EXIF, XMP and IPTC: a phone's photo carries its
//! camera, serial number and the GPS position where it was taken. The pixels are not
//! touched (no re-encoding, no loss): only the metadata's segments or chunks go.
//!
//! What a browser needs to show the file as the source shows it stays: the ICC profile
//! (browsers convert it to the screen's colours, as the variants were converted to sRGB
//! from it, so both look the same), the Adobe colour transform of a CMYK JPEG, and the
//! EXIF orientation, written again as an EXIF block that holds nothing else (browsers
//! turn the picture by it, as the variants were turned).

use std::fs;
use std::path::{Path, PathBuf};

use image::metadata::Orientation;
use sitegen_content::{MediaFile, MediaIndex};
use sitegen_workers::parallel;

use crate::cache::store;
use crate::destination::Destination;
use crate::error::MediaError;
use crate::shown::ShownImages;

/// The version of the stripping, part of each cache file's name: change it whenever
/// what is kept changes, so no build copies a file stripped the old way.
const STRIPPING: &str = "stripped-v1";

/// The formats stripped here; any other file (SVG, video, PDF) is published as it is.
/// GIF and AVIF are published as they are: phones and cameras write no metadata into
/// GIFs, and AVIF's boxes would take a parser of their own.
fn format_of(path: &str) -> Option<Format> {
    let extension = path.rsplit_once('.')?.1.to_ascii_lowercase();
    match extension.as_str() {
        "jpg" | "jpeg" => Some(Format::Jpeg),
        "png" => Some(Format::Png),
        "webp" => Some(Format::Webp),
        _ => None,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Jpeg,
    Png,
    Webp,
}

/// Publishes the media files of `media` that are published before their variants are
/// written, on up to `jobs` threads ([`publish_original`]; the cache as it says): every
/// one but those a page shows with variants, which may replace it
/// ([`publishes_original`]; [`crate::images::write_images`] publishes those it
/// does not), and `share_image` (the site's share image, at its output path) in any case.
pub fn publish_originals<D: Destination>(
    media: &MediaIndex,
    shown: &ShownImages,
    share_image: Option<&str>,
    out: &D,
    cache: &Path,
    reuse: bool,
    jobs: usize,
) -> Result<(), D::Error> {
    let published: Vec<&MediaFile> = media
        .files()
        .filter(|file| publishes_original(file, shown) || share_image == Some(file.output.as_str()))
        .collect();
    parallel::map_parallel(published.len(), jobs, |index| {
        publish_original(published[index], out, cache, reuse)
    })?;
    Ok(())
}

/// Whether the caller publishes `file` as it is, before its variants are written: not
/// when a page shows it with variants, which may replace it; `encode_variants` (in
/// `variants.rs`) then publishes it if they do not.
pub fn publishes_original(file: &MediaFile, shown: &ShownImages) -> bool {
    file.variants.is_empty() || !shown.shows(file)
}

/// Publishes `file` at its output path: a JPEG, PNG or WebP without its metadata (see
/// the module's notes), made once and kept in the media cache folder `cache` (made again
/// unless `reuse`), any other file as it is.
pub fn publish_original<D: Destination>(
    file: &MediaFile,
    out: &D,
    cache: &Path,
    reuse: bool,
) -> Result<(), D::Error> {
    let Some(format) = format_of(&file.path) else {
        return out.copy_file(&file.source, &file.output);
    };
    let cached = stripped_cache_file(cache, &file.output);
    if !(reuse && cached.is_file()) {
        let bytes = fs::read(&file.source).map_err(|e| MediaError::io(&file.source, e))?;
        let stripped =
            without_metadata(format, &bytes).map_err(|reason| MediaError::Unstrippable {
                path: file.source.clone(),
                reason,
            })?;
        fs::create_dir_all(cache).map_err(|e| MediaError::io(cache, e))?;
        store(&cached, &stripped)?;
    }
    // A copy of the cache file, as the variants are put (see `write_variant`).
    out.copy_file(&cached, &file.output)
}

/// The cache file of the stripped original published at `output`: its name hashes the
/// source's bytes, so one name is one content.
fn stripped_cache_file(cache: &Path, output: &str) -> PathBuf {
    cache.join(format!("{STRIPPING}__{}", output.replace('/', "__")))
}

/// The file's bytes without metadata, or what is wrong with its structure.
fn without_metadata(format: Format, bytes: &[u8]) -> Result<Vec<u8>, String> {
    match format {
        Format::Jpeg => jpeg_without_metadata(bytes),
        Format::Png => png_without_metadata(bytes),
        Format::Webp => webp_without_metadata(bytes),
    }
}

/// A big-endian TIFF block of EXIF holding only `orientation`.
fn exif_of_orientation(orientation: Orientation) -> Vec<u8> {
    let mut tiff: Vec<u8> = b"MM\0\x2a\0\0\0\x08".to_vec();
    tiff.extend(1u16.to_be_bytes());
    tiff.extend(0x0112u16.to_be_bytes());
    tiff.extend(3u16.to_be_bytes());
    tiff.extend(1u32.to_be_bytes());
    tiff.extend([0, orientation.to_exif(), 0, 0]);
    tiff.extend(0u32.to_be_bytes());
    tiff
}

/// The orientation an EXIF block gives, when it turns or flips the picture.
fn turning(tiff: &[u8]) -> Option<Orientation> {
    Orientation::from_exif_chunk(tiff).filter(|&o| o != Orientation::NoTransforms)
}

const EXIF_HEADER: &[u8] = b"Exif\0\0";

/// Whether a JPEG marker segment (`marker`, its payload) is kept: JFIF (APP0), the ICC
/// profile (APP2 `ICC_PROFILE`), the Adobe colour transform (APP14) and every segment
/// that is not an application one or a comment (tables, frames, scans). EXIF and XMP
/// (APP1), IPTC (APP13), comments, and the other applications' blocks (multi-picture
/// indexes, makers' notes) go.
fn keeps_jpeg_segment(marker: u8, payload: &[u8]) -> bool {
    match marker {
        0xE0 | 0xEE => true,
        0xE2 => payload.starts_with(b"ICC_PROFILE\0"),
        0xE1 | 0xE3..=0xED | 0xEF | 0xFE => false,
        _ => true,
    }
}

/// A JPEG without metadata segments ([`keeps_jpeg_segment`]); its orientation, if it
/// turns the picture, in an EXIF segment of its own. Ends at the first image's end: what
/// phones append after it (a multi-picture file's depth map or preview) goes too.
fn jpeg_without_metadata(bytes: &[u8]) -> Result<Vec<u8>, String> {
    if !bytes.starts_with(&[0xFF, 0xD8]) {
        return Err("it does not start as a JPEG".into());
    }
    let mut out = Vec::with_capacity(bytes.len());
    out.extend([0xFF, 0xD8]);
    let mut orientation = None;
    // Where the orientation's EXIF segment goes: after JFIF, if the file starts with it.
    let mut exif_at = out.len();
    let mut at = 2;
    loop {
        if bytes.get(at) != Some(&0xFF) {
            return Err(format!("byte {at} is not the start of a JPEG segment"));
        }
        while bytes.get(at) == Some(&0xFF) {
            at += 1;
        }
        let Some(&marker) = bytes.get(at) else {
            return Err("it ends before its end-of-image marker".into());
        };
        at += 1;
        match marker {
            0xD9 => {
                out.extend([0xFF, 0xD9]);
                break;
            }
            // Markers without a length (restart markers, TEM).
            0x01 | 0xD0..=0xD7 => {
                out.extend([0xFF, marker]);
                continue;
            }
            _ => {}
        }
        let length = match bytes.get(at..at + 2) {
            Some(&[high, low]) => usize::from(u16::from_be_bytes([high, low])),
            _ => return Err("it ends inside a segment's length".into()),
        };
        let Some(payload) = bytes.get(at + 2..at + length).filter(|_| length >= 2) else {
            return Err(format!("the segment at byte {} ends past the file", at - 2));
        };
        if marker == 0xE1 && orientation.is_none() {
            orientation = payload.strip_prefix(EXIF_HEADER).and_then(turning);
        }
        if keeps_jpeg_segment(marker, payload) {
            out.extend([0xFF, marker]);
            out.extend(&bytes[at..at + length]);
            if marker == 0xE0 && exif_at == 2 {
                exif_at = out.len();
            }
        }
        at += length;
        if marker == 0xDA {
            // The scan's entropy-coded data runs to the next marker that is neither a
            // stuffed 0xFF (FF 00) nor a restart marker.
            let start = at;
            loop {
                let Some(offset) = bytes[at..].iter().position(|&b| b == 0xFF) else {
                    return Err("it ends inside its image data".into());
                };
                at += offset;
                match bytes.get(at + 1) {
                    Some(0x00 | 0xD0..=0xD7) => at += 2,
                    Some(_) => break,
                    None => return Err("it ends inside its image data".into()),
                }
            }
            out.extend(&bytes[start..at]);
        }
    }
    if let Some(orientation) = orientation {
        let mut segment = EXIF_HEADER.to_vec();
        segment.extend(exif_of_orientation(orientation));
        let mut app1 = vec![0xFF, 0xE1];
        app1.extend(((segment.len() + 2) as u16).to_be_bytes());
        app1.extend(segment);
        out.splice(exif_at..exif_at, app1);
    }
    Ok(out)
}

/// The PNG chunks kept: the critical ones, and those that say how to show the pixels
/// (transparency, colour space, pixel density, animation). Text (where XMP and
/// software names live), EXIF and times go, as do chunks this list does not know.
const PNG_KEPT_CHUNKS: &[&[u8; 4]] = &[
    b"tRNS", b"gAMA", b"cHRM", b"sRGB", b"iCCP", b"cICP", b"mDCV", b"cLLI", b"sBIT", b"bKGD",
    b"pHYs", b"acTL", b"fcTL", b"fdAT",
];

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// A PNG without metadata chunks ([`PNG_KEPT_CHUNKS`]); its orientation, if it turns the
/// picture, in an `eXIf` chunk of its own. Ends at `IEND`.
fn png_without_metadata(bytes: &[u8]) -> Result<Vec<u8>, String> {
    if !bytes.starts_with(PNG_SIGNATURE) {
        return Err("it does not start as a PNG".into());
    }
    let mut out = Vec::with_capacity(bytes.len());
    out.extend(PNG_SIGNATURE);
    let mut orientation = None;
    let mut at = PNG_SIGNATURE.len();
    loop {
        let Some(header) = bytes.get(at..at + 8) else {
            return Err("it ends before its IEND chunk".into());
        };
        let length = u32::from_be_bytes([header[0], header[1], header[2], header[3]]) as usize;
        let kind: [u8; 4] = [header[4], header[5], header[6], header[7]];
        let Some(chunk) = bytes.get(at..at + 12 + length) else {
            return Err(format!("the chunk at byte {at} ends past the file"));
        };
        let critical = kind[0].is_ascii_uppercase();
        if &kind == b"eXIf" && orientation.is_none() {
            orientation = turning(&chunk[8..8 + length]);
        }
        if critical || PNG_KEPT_CHUNKS.contains(&&kind) {
            if &kind == b"IDAT" || &kind == b"IEND" {
                if let Some(orientation) = orientation.take() {
                    // Before the image data, where the PNG specification puts eXIf.
                    out.extend(png_chunk(b"eXIf", &exif_of_orientation(orientation)));
                }
            }
            out.extend(chunk);
        }
        at += 12 + length;
        if &kind == b"IEND" {
            return Ok(out);
        }
    }
}

/// A PNG chunk: its length, type, data and CRC.
fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut chunk = (data.len() as u32).to_be_bytes().to_vec();
    chunk.extend(kind);
    chunk.extend(data);
    chunk.extend(crc32(&chunk[4..]).to_be_bytes());
    chunk
}

/// The CRC-32 (ISO-HDLC) a PNG chunk ends with.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// The VP8X flags of the EXIF and XMP chunks.
const WEBP_EXIF_FLAG: u8 = 0x08;
const WEBP_XMP_FLAG: u8 = 0x04;

/// A WebP without its `EXIF` and `XMP ` chunks; its orientation, if it turns the
/// picture, in an `EXIF` chunk of its own (and the VP8X flags saying so).
fn webp_without_metadata(bytes: &[u8]) -> Result<Vec<u8>, String> {
    if bytes.len() < 12 || &bytes[..4] != b"RIFF" || &bytes[8..12] != b"WEBP" {
        return Err("it does not start as a WebP".into());
    }
    let mut chunks: Vec<Vec<u8>> = Vec::new();
    let mut orientation = None;
    let mut at = 12;
    while at < bytes.len() {
        let Some(header) = bytes.get(at..at + 8) else {
            return Err(format!("the chunk at byte {at} ends past the file"));
        };
        let length = u32::from_le_bytes([header[4], header[5], header[6], header[7]]) as usize;
        let padded = length + length % 2;
        let Some(chunk) = bytes.get(at..at + 8 + length) else {
            return Err(format!("the chunk at byte {at} ends past the file"));
        };
        match &chunk[..4] {
            b"EXIF" => orientation = orientation.or_else(|| turning(&chunk[8..])),
            b"XMP " => {}
            _ => {
                let mut kept = chunk.to_vec();
                kept.resize(8 + padded, 0);
                chunks.push(kept);
            }
        }
        at += 8 + padded;
    }
    if let Some(vp8x) = chunks.iter_mut().find(|chunk| chunk.starts_with(b"VP8X")) {
        if let Some(flags) = vp8x.get_mut(8) {
            *flags &= !(WEBP_EXIF_FLAG | WEBP_XMP_FLAG);
            if orientation.is_some() {
                *flags |= WEBP_EXIF_FLAG;
            }
        }
    } else {
        // A simple WebP (no VP8X) cannot carry EXIF, so there was nothing to keep.
        orientation = None;
    }
    if let Some(orientation) = orientation {
        let exif = exif_of_orientation(orientation);
        let mut chunk = b"EXIF".to_vec();
        chunk.extend((exif.len() as u32).to_le_bytes());
        chunk.extend(&exif);
        chunk.resize(8 + exif.len() + exif.len() % 2, 0);
        // After the image data, where the WebP container puts EXIF.
        chunks.push(chunk);
    }
    let body: usize = chunks.iter().map(Vec::len).sum();
    let mut out = b"RIFF".to_vec();
    out.extend(((4 + body) as u32).to_le_bytes());
    out.extend(b"WEBP");
    for chunk in chunks {
        out.extend(chunk);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageDecoder, ImageReader};
    use sitegen_content::testing::{phone_jpeg, quarters, shows_quarters_upright};

    /// The bytes of the phone's EXIF that must not be published: its make, serial
    /// number and GPS position.
    const PRIVATE: &[&[u8]] = &[
        sitegen_content::testing::PHONE_MAKE,
        sitegen_content::testing::PHONE_SERIAL,
        sitegen_content::testing::PHONE_LATITUDE,
    ];

    fn carries_private_exif(bytes: &[u8]) -> bool {
        PRIVATE
            .iter()
            .any(|private| bytes.windows(private.len()).any(|w| w == *private))
    }

    fn decoded(bytes: &[u8]) -> (image::DynamicImage, Orientation) {
        let mut decoder = ImageReader::new(std::io::Cursor::new(bytes))
            .with_guessed_format()
            .unwrap()
            .into_decoder()
            .unwrap();
        let orientation = decoder.orientation().unwrap();
        (
            image::DynamicImage::from_decoder(decoder).unwrap(),
            orientation,
        )
    }

    #[test]
    fn a_phone_jpeg_loses_its_exif_but_keeps_its_pixels_and_orientation() {
        for orientation in [1, 6, 3] {
            let photo = phone_jpeg(&quarters(320, 240, 8), orientation);
            assert!(carries_private_exif(&photo));
            let stripped = jpeg_without_metadata(&photo).unwrap();
            assert!(
                !carries_private_exif(&stripped),
                "orientation {orientation}"
            );
            assert!(stripped.len() < photo.len());
            let (pixels, kept) = decoded(&stripped);
            let (original, original_orientation) = decoded(&photo);
            assert_eq!(kept, original_orientation);
            assert_eq!(pixels.to_rgb8(), original.to_rgb8(), "not re-encoded");
            let mut upright = pixels;
            upright.apply_orientation(kept);
            assert!(shows_quarters_upright(&upright.to_rgb8(), 24));
        }
    }

    #[test]
    fn a_jpeg_keeps_its_icc_profile_and_loses_xmp_iptc_comments_and_appended_pictures() {
        use image::codecs::jpeg::JpegEncoder;
        use image::ImageEncoder;
        let p3 = moxcms::ColorProfile::new_display_p3().encode().unwrap();
        let mut plain = Vec::new();
        let mut encoder = JpegEncoder::new_with_quality(&mut plain, 90);
        encoder.set_icc_profile(p3.clone()).unwrap();
        encoder
            .write_image(
                quarters(64, 64, 0).as_raw(),
                64,
                64,
                image::ExtendedColorType::Rgb8,
            )
            .unwrap();
        let segment = |marker: u8, payload: &[u8]| {
            let mut bytes = vec![0xFF, marker];
            bytes.extend(((payload.len() + 2) as u16).to_be_bytes());
            bytes.extend(payload);
            bytes
        };
        let mut photo = plain[..2].to_vec();
        photo.extend(segment(
            0xE1,
            b"http://ns.adobe.com/xap/1.0/\0<x:xmpmeta owner=\"JoBloggs\"/>",
        ));
        photo.extend(segment(0xED, b"Photoshop 3.0\0IPTC by JoBloggs"));
        photo.extend(segment(0xFE, b"taken by JoBloggs"));
        photo.extend(segment(0xE2, b"MPF\0index of the depth map"));
        photo.extend(&plain[2..]);
        photo.extend(b"\xFF\xD8 a depth map by JoBloggs \xFF\xD9");
        let stripped = jpeg_without_metadata(&photo).unwrap();
        assert!(
            !stripped.windows(8).any(|w| w == b"JoBloggs"),
            "{stripped:?}"
        );
        assert!(!stripped.windows(3).any(|w| w == b"MPF"));
        let mut decoder = ImageReader::new(std::io::Cursor::new(&stripped))
            .with_guessed_format()
            .unwrap()
            .into_decoder()
            .unwrap();
        assert_eq!(decoder.icc_profile().unwrap(), Some(p3));
        assert_eq!(stripped, jpeg_without_metadata(&plain).unwrap());
        assert_eq!(stripped, plain, "a file without metadata is kept as it is");
    }

    #[test]
    fn a_broken_jpeg_is_said_to_be_so() {
        let photo = phone_jpeg(&quarters(64, 64, 0), 1);
        for cut in [3, 40, photo.len() - 2] {
            assert!(
                jpeg_without_metadata(&photo[..cut]).is_err(),
                "cut at {cut}"
            );
        }
        assert!(jpeg_without_metadata(b"\x89PNG").is_err());
    }

    fn png_with(chunks: &[(&[u8; 4], &[u8])]) -> Vec<u8> {
        let mut plain = Vec::new();
        quarters(32, 32, 0)
            .write_to(
                &mut std::io::Cursor::new(&mut plain),
                image::ImageFormat::Png,
            )
            .unwrap();
        // After IHDR (8 + 25 bytes), as editors write them.
        let mut png = plain[..33].to_vec();
        for (kind, data) in chunks {
            png.extend(png_chunk(kind, data));
        }
        png.extend(&plain[33..]);
        png
    }

    #[test]
    fn a_png_loses_its_text_and_exif_but_keeps_its_colour_chunks_and_orientation() {
        let mut exif = exif_of_orientation(Orientation::Rotate90);
        exif.extend(sitegen_content::testing::PHONE_SERIAL);
        let png = png_with(&[
            (b"iTXt", b"XML:com.adobe.xmp\0\0\0\0\0<x owner='JoBloggs'/>"),
            (b"tEXt", b"Author\0Jo"),
            (b"eXIf", &exif),
            (b"gAMA", &45455u32.to_be_bytes()),
        ]);
        let stripped = png_without_metadata(&png).unwrap();
        assert!(!stripped.windows(8).any(|w| w == b"JoBloggs"));
        assert!(!carries_private_exif(&stripped));
        assert!(stripped.windows(4).any(|w| w == b"gAMA"));
        let (pixels, orientation) = decoded(&stripped);
        assert_eq!(orientation, Orientation::Rotate90);
        assert_eq!(pixels.to_rgb8(), quarters(32, 32, 0));
        let plain = png_with(&[]);
        assert_eq!(png_without_metadata(&plain).unwrap(), plain);
    }

    #[test]
    fn a_webp_loses_its_exif_and_xmp() {
        let mut webp = webp::Encoder::from_rgb(quarters(32, 32, 0).as_raw(), 32, 32)
            .encode_simple(true, 100.0)
            .unwrap()
            .to_vec();
        // As a VP8X file with EXIF and XMP chunks, as cameras' converters write it.
        let image = webp[12..].to_vec();
        let mut vp8x = b"VP8X".to_vec();
        vp8x.extend(10u32.to_le_bytes());
        vp8x.extend([WEBP_EXIF_FLAG | WEBP_XMP_FLAG, 0, 0, 0, 31, 0, 0, 31, 0, 0]);
        let mut exif = exif_of_orientation(Orientation::Rotate180);
        exif.extend(sitegen_content::testing::PHONE_SERIAL);
        let mut exif_chunk = b"EXIF".to_vec();
        exif_chunk.extend((exif.len() as u32).to_le_bytes());
        exif_chunk.extend(&exif);
        exif_chunk.resize(8 + exif.len() + exif.len() % 2, 0);
        let mut body = vp8x;
        body.extend(&image);
        body.extend(exif_chunk);
        body.extend(b"XMP \x0e\0\0\0owner=JoBloggs");
        webp = b"RIFF".to_vec();
        webp.extend(((4 + body.len()) as u32).to_le_bytes());
        webp.extend(b"WEBP");
        webp.extend(body);
        let stripped = webp_without_metadata(&webp).unwrap();
        assert!(!carries_private_exif(&stripped));
        assert!(!stripped.windows(8).any(|w| w == b"JoBloggs"));
        let pixels = webp::Decoder::new(&stripped).decode().unwrap();
        assert_eq!(pixels.to_vec(), quarters(32, 32, 0).into_raw());
        let exif_at = stripped.windows(4).position(|w| w == b"EXIF").unwrap();
        assert_eq!(
            Orientation::from_exif_chunk(&stripped[exif_at + 8..]),
            Some(Orientation::Rotate180)
        );
        assert_eq!(stripped[12 + 8] & WEBP_EXIF_FLAG, WEBP_EXIF_FLAG);
        assert_eq!(stripped[12 + 8] & WEBP_XMP_FLAG, 0);
    }

    #[test]
    fn the_originals_of_images_shown_with_variants_wait_for_them_but_the_site_share_image() {
        use crate::destination::testing::Folder;
        use crate::shown::shown_images;
        let dir = tempfile::tempdir().unwrap();
        let content = dir.path().join("content");
        fs::create_dir_all(content.join("media")).unwrap();
        for name in ["shown", "linked"] {
            let photo = phone_jpeg(&quarters(1200, 800, 16), 1);
            fs::write(content.join(format!("media/{name}.jpg")), photo).unwrap();
        }
        let mut media = sitegen_content::testing::media_index(
            &content,
            &["media/shown.jpg", "media/linked.jpg"],
        );
        crate::variants::plan_variants(&mut media);
        let shown_file = media.get("media/shown.jpg").unwrap().clone();
        let linked_file = media.get("media/linked.jpg").unwrap().clone();
        let page = format!(r#"{{"src":"{}"}}"#, media.url(&shown_file.output));
        let shown = shown_images(&media, [page.as_str()], "{}");
        let cache = dir.path().join("cache");

        let site = Folder::new(&dir.path().join("site")).unwrap();
        publish_originals(&media, &shown, None, &site, &cache, true, 2).unwrap();
        assert!(site.dir().join(&linked_file.output).is_file());
        assert!(!site.dir().join(&shown_file.output).exists());

        let shared = Folder::new(&dir.path().join("shared")).unwrap();
        let share_image = Some(shown_file.output.as_str());
        publish_originals(&media, &shown, share_image, &shared, &cache, true, 2).unwrap();
        for file in [&shown_file, &linked_file] {
            let published = fs::read(shared.dir().join(&file.output)).unwrap();
            assert!(!carries_private_exif(&published), "{}", file.output);
        }
    }

    #[test]
    fn the_png_crc_is_the_standard_one() {
        assert_eq!(crc32(b"IEND"), 0xAE42_6082);
    }
}
