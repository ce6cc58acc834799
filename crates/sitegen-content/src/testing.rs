//! Helpers for benchmarks and tests of the crates built on this one.

use std::fmt::Write;
use std::path::Path;

use crate::media::{MediaCache, MediaIndex, MAX_IMAGE_SIDE};

/// The media index of the given content paths (e.g. `media/a.png`) under
/// `content_dir`, as loading content that references them would build it. Paths that
/// do not resolve are left out.
pub fn media_index(content_dir: &Path, paths: &[&str]) -> MediaIndex {
    let mut cache = MediaCache::new(content_dir, MAX_IMAGE_SIDE);
    for path in paths {
        let _ = cache.resolve(path);
    }
    cache.into_index()
}

/// The small valid site every crate's tests start from (`content/` of this crate's
/// `tests/fixtures/valid`): a few products and categories, every file of the contract.
pub fn valid_content_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid/content")
}

/// The content of [`valid_content_dir`], loaded.
///
/// # Panics
/// When it does not load (it is for tests).
pub fn load_valid_content() -> crate::Content {
    crate::load(&valid_content_dir())
        .content
        .expect("the valid fixture loads")
}

/// The drawings the pages of [`valid_content_dir`]'s site are shared with (as PNGs):
/// the product's own image, the categories' and the services' illustrations; not the
/// logo, the certificates or other drawings no page shares.
pub const VALID_SHARED_DRAWINGS: [&str; 6] = [
    "media/categories/dialysis.svg",
    "media/categories/ophthalmic.svg",
    "media/categories/radiology.svg",
    "media/products/hemodialysis.svg",
    "media/services/dialysis.svg",
    "media/services/radiology.svg",
];

/// Copies the folder `from` into `to` (created), recursively: a test's copy of a
/// content folder it then breaks.
///
/// # Panics
/// When a file cannot be read or written (it is for tests).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create the copy's folder");
    for entry in std::fs::read_dir(from).expect("read the folder to copy") {
        let entry = entry.expect("read a folder entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("file type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy a file");
        }
    }
}

/// Replaces, in each `(file, from, to)` of `edits`, the first `from` in
/// `content_dir/file` by `to`: a test's small edit of its copy of a content folder.
///
/// # Panics
/// When a file cannot be read or written, or does not contain its `from`.
pub fn edit_files(content_dir: &Path, edits: &[(&str, &str, &str)]) {
    for (file, from, to) in edits {
        let path = content_dir.join(file);
        let text = std::fs::read_to_string(&path).expect("read the file to edit");
        assert!(text.contains(from), "{file} does not contain {from:?}");
        std::fs::write(&path, text.replacen(from, to, 1)).expect("write the edited file");
    }
}

/// The text of a `products.toml` with `count` products (ids 1 to `count`), cycling
/// through `categories`, each given as `(category id, subcategory)`. Products have
/// no own image, so they use their category's. With no categories it is empty.
///
/// ```
/// let text = sitegen_content::testing::products_toml(2, &[("dialysis", "Dialysis Machines")]);
/// assert_eq!(text.matches("[[product]]").count(), 2);
/// ```
pub fn products_toml(count: usize, categories: &[(&str, &str)]) -> String {
    let mut text = String::with_capacity(count * 160);
    if categories.is_empty() {
        return text;
    }
    for index in 0..count {
        let (category, subcategory) = categories[index % categories.len()];
        // Writing to a String cannot fail.
        let _ = write!(
            text,
            "[[product]]\nid = {id}\ntitle = \"Generated Product {id}\"\ndescription = \"Placeholder description of generated product {id}.\"\ncategory = {category:?}\nsubcategory = {subcategory:?}\n\n",
            id = index + 1,
        );
    }
    text
}

/// A git configuration of no file, for the tests that run git: they see neither the
/// machine's author nor its settings.
pub const NO_GIT_CONFIGURATION: [(&str, &str); 2] = [
    ("GIT_CONFIG_GLOBAL", "/dev/null"),
    ("GIT_CONFIG_NOSYSTEM", "1"),
];

/// Runs git in `dir` with [`NO_GIT_CONFIGURATION`]; panics with its message on failure;
/// returns its output without the final line break.
pub fn git(dir: &Path, args: &[&str]) -> String {
    let output = std::process::Command::new("git")
        .args(args)
        .envs(NO_GIT_CONFIGURATION)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "git {args:?} in {}: {}",
        dir.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .trim_end()
        .to_string()
}

pub mod fuzz {
    //! The seeded fuzz loop of the robustness tests: mutations of the valid fixture
    //! site's files, deterministic (no extra dependency), so a failure reproduces from
    //! the printed seed and iteration.

    use std::fs;
    use std::path::Path;

    use crate::{load, LoadReport, CONTENT_FILES};

    /// xorshift64*: small, deterministic, good enough to pick mutations.
    pub struct Rng(pub u64);

    impl Rng {
        /// The next pseudo-random number.
        pub fn next_u64(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }

        /// A number below `n` (0 when `n` is 0).
        pub fn below(&mut self, n: usize) -> usize {
            if n == 0 {
                0
            } else {
                (self.next_u64() % n as u64) as usize
            }
        }
    }

    /// Fragments that make TOML interesting: structure, quotes, numbers, Unicode,
    /// paths, placeholders, routes.
    pub const TOKENS: &[&str] = &[
        "\"",
        "'",
        "[",
        "]",
        "[[",
        "]]",
        "{",
        "}",
        "=",
        ",",
        "\n",
        "#",
        ".",
        "\\",
        "\"\"\"",
        "-1",
        "0",
        "1e400",
        "nan",
        "inf",
        "true",
        "2026-01-01",
        "é",
        "✓",
        "\u{0}",
        "\r\n",
        "media/../../x.png",
        "media/brand/logo.svg",
        "{support_email}",
        "{x}",
        "/services/",
        "x = 1\n",
        "[[product]]\n",
        "[footer]\n",
        "id = 12\n",
        "\t",
        "   ",
    ];

    /// `original` with a few random flips, insertions (tokens or bytes), deletions,
    /// duplicated slices or a truncation.
    fn mutate(rng: &mut Rng, original: &[u8]) -> Vec<u8> {
        let mut bytes = original.to_vec();
        for _ in 0..=rng.below(4) {
            let at = rng.below(bytes.len() + 1);
            match rng.below(6) {
                0 if !bytes.is_empty() => {
                    let i = at.min(bytes.len() - 1);
                    bytes[i] ^= 1 << rng.below(8);
                }
                1 => {
                    let token = TOKENS[rng.below(TOKENS.len())].as_bytes();
                    bytes.splice(at..at, token.iter().copied());
                }
                2 => {
                    let end = (at + rng.below(40)).min(bytes.len());
                    bytes.drain(at..end);
                }
                3 => {
                    // Duplicate a slice (repeats keys, tables, entries).
                    let end = (at + rng.below(200)).min(bytes.len());
                    let copy: Vec<u8> = bytes[at..end].to_vec();
                    let to = rng.below(bytes.len() + 1);
                    bytes.splice(to..to, copy);
                }
                4 => {
                    let random: Vec<u8> = (0..rng.below(8)).map(|_| rng.next_u64() as u8).collect();
                    bytes.splice(at..at, random);
                }
                _ => bytes.truncate(at),
            }
        }
        bytes
    }

    /// Loads `iterations` variations of the valid fixture site copied into
    /// `work_dir/content`, each with one file mutated (seeded by `seed`), and hands each
    /// report to `each` with the seed, iteration and file that reproduce it.
    ///
    /// # Panics
    /// When the copy cannot be read or written (it is for tests).
    pub fn mutated_loads(
        work_dir: &Path,
        seed: u64,
        iterations: usize,
        mut each: impl FnMut(&LoadReport, &str),
    ) {
        let valid = super::valid_content_dir();
        let content = work_dir.join("content");
        super::copy_dir(&valid, &content);
        let mut rng = Rng(seed);
        for iteration in 0..iterations {
            let file = CONTENT_FILES[rng.below(CONTENT_FILES.len())].path;
            let path = content.join(file);
            // An optional file the fixture leaves out (synonyms.toml) mutates from nothing.
            let original = fs::read(valid.join(file)).unwrap_or_default();
            fs::write(&path, mutate(&mut rng, &original)).expect("write the mutation");
            each(
                &load(&content),
                &format!("seed {seed:#x}, iteration {iteration}, file {file}"),
            );
            fs::write(&path, original).expect("restore the file");
        }
    }
}

/// An upright `width`×`height` picture of four quarters: red top left, green top
/// right, blue bottom left, white bottom right, which any turn or flip moves. With a
/// `grain` above 0 each pixel is darkened by up to `grain - 1` levels in a fine
/// pattern, so that JPEG and WebP have something to compress.
pub fn quarters(width: u32, height: u32, grain: u32) -> image::RgbImage {
    image::RgbImage::from_fn(width, height, |x, y| {
        let darker = if grain == 0 {
            0
        } else {
            ((x * 7 + y * 13) % grain) as u8
        };
        let base: [u8; 3] = match (x < width / 2, y < height / 2) {
            (true, true) => [255, 0, 0],
            (false, true) => [0, 255, 0],
            (true, false) => [0, 0, 255],
            (false, false) => [255, 255, 255],
        };
        image::Rgb(base.map(|channel| channel.saturating_sub(darker)))
    })
}

/// Whether `image` (any size) shows [`quarters`] the right way up: the middle of each
/// quarter is within `tolerance` levels of its colour.
pub fn shows_quarters_upright(image: &image::RgbImage, tolerance: u8) -> bool {
    let (w, h) = image.dimensions();
    [
        (w / 4, h / 4, [255, 0, 0]),
        (3 * w / 4, h / 4, [0, 255, 0]),
        (w / 4, 3 * h / 4, [0, 0, 255]),
        (3 * w / 4, 3 * h / 4, [255, 255, 255]),
    ]
    .iter()
    .all(|&(x, y, colour): &(u32, u32, [u8; 3])| {
        let pixel = image.get_pixel(x, y).0;
        (0..3).all(|c| pixel[c].abs_diff(colour[c]) < tolerance)
    })
}

/// A phone's JPEG of the `upright` picture: its pixels stored turned as EXIF
/// `orientation` (1 to 8) says they must be turned back, the way cameras store a
/// portrait photo, with that orientation (and a camera make, a serial number and a GPS
/// position, see [`phone_exif`]) in its EXIF. Quality 95.
pub fn phone_jpeg(upright: &image::RgbImage, orientation: u8) -> Vec<u8> {
    phone_jpeg_at(upright, orientation, 95)
}

/// [`phone_jpeg`] at JPEG `quality` (phones write 90 to 95).
pub fn phone_jpeg_at(upright: &image::RgbImage, orientation: u8, quality: u8) -> Vec<u8> {
    use image::codecs::jpeg::JpegEncoder;
    use image::metadata::Orientation;
    use image::{DynamicImage, ImageEncoder};
    let applied = Orientation::from_exif(orientation).expect("an EXIF orientation, 1 to 8");
    // Orientations that turn a quarter one way are stored turned the other way.
    let stored_as = match applied {
        Orientation::Rotate90 => Orientation::Rotate270,
        Orientation::Rotate270 => Orientation::Rotate90,
        other => other,
    };
    let mut stored = DynamicImage::ImageRgb8(upright.clone());
    stored.apply_orientation(stored_as);
    let stored = stored.into_rgb8();
    let mut bytes = Vec::new();
    let mut encoder = JpegEncoder::new_with_quality(&mut bytes, quality);
    encoder
        .set_exif_metadata(phone_exif(orientation))
        .expect("the JPEG encoder writes EXIF");
    encoder
        .write_image(
            stored.as_raw(),
            stored.width(),
            stored.height(),
            image::ExtendedColorType::Rgb8,
        )
        .expect("a JPEG in memory");
    bytes
}

/// A baseline CMYK JPEG of `inks` (one (C, M, Y, K) ink coverage, 0 to 255, per 8×8
/// block, row by row, `blocks_wide` blocks a row) as Photoshop writes a catalogue's
/// photo: an Adobe APP14 segment (no colour transform) and the samples inverted (255 is
/// no ink). Each block is one flat colour (its DC coefficient alone), with every
/// quantisation step 1, so the file decodes to exactly those inks.
pub fn cmyk_jpeg(inks: &[[u8; 4]], blocks_wide: usize) -> Vec<u8> {
    // The standard tables of the JPEG specification (K.3): luminance DC and AC.
    const DC_BITS: [u8; 16] = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
    const DC_VALUES: [u8; 12] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    // Two AC symbols, of which only end of block ("00") is used.
    const AC_BITS: [u8; 16] = [0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    const AC_VALUES: [u8; 2] = [0, 1];
    assert!(blocks_wide > 0 && inks.len().is_multiple_of(blocks_wide));
    let width = (blocks_wide * 8) as u16;
    let height = (inks.len() / blocks_wide * 8) as u16;
    let mut out = vec![0xFF, 0xD8];
    let mut segment = |marker: u8, payload: &[u8]| {
        out.extend([0xFF, marker]);
        out.extend(((payload.len() + 2) as u16).to_be_bytes());
        out.extend(payload);
    };
    // Adobe, version 100, no flags, transform 0 (the samples are CMYK as they are).
    segment(0xEE, b"Adobe\0\x64\0\0\0\0\0");
    let mut quantisation = vec![0u8];
    quantisation.extend([1u8; 64]);
    segment(0xDB, &quantisation);
    let mut frame = vec![8];
    frame.extend(height.to_be_bytes());
    frame.extend(width.to_be_bytes());
    frame.push(4);
    for component in 1..=4 {
        frame.extend([component, 0x11, 0]);
    }
    segment(0xC0, &frame);
    for (class, bits, values) in [
        (0x00, &DC_BITS[..], &DC_VALUES[..]),
        (0x10, &AC_BITS[..], &AC_VALUES[..]),
    ] {
        let mut table = vec![class];
        table.extend(bits);
        table.extend(values);
        segment(0xC4, &table);
    }
    let mut scan = vec![4];
    for component in 1..=4 {
        scan.extend([component, 0x00]);
    }
    scan.extend([0, 63, 0]);
    segment(0xDA, &scan);
    // The canonical Huffman codes of the DC table, by category.
    let mut dc_codes = [(0u16, 0u8); 12];
    let (mut code, mut next) = (0u16, 0usize);
    for (length, &count) in DC_BITS.iter().enumerate() {
        for _ in 0..count {
            dc_codes[usize::from(DC_VALUES[next])] = (code, length as u8 + 1);
            code += 1;
            next += 1;
        }
        code <<= 1;
    }
    let mut bits = BitWriter::default();
    let mut predictions = [0i32; 4];
    for ink in inks {
        for component in 0..4 {
            // A flat block of level-shifted sample s has the DC coefficient 8 × s.
            let sample = 255 - i32::from(ink[component]);
            let dc = 8 * (sample - 128);
            let difference = dc - predictions[component];
            predictions[component] = dc;
            let category = (32 - difference.unsigned_abs().leading_zeros()) as usize;
            let (code, length) = dc_codes[category];
            bits.put(u32::from(code), length);
            let magnitude = if difference < 0 {
                difference - 1 + (1 << category)
            } else {
                difference
            };
            bits.put(magnitude as u32 & ((1 << category) - 1), category as u8);
            // End of block.
            bits.put(0, 2);
        }
    }
    out.extend(bits.finish());
    out.extend([0xFF, 0xD9]);
    out
}

/// The bits of a JPEG scan, most significant first, with a zero byte stuffed after
/// every 0xFF.
#[derive(Default)]
struct BitWriter {
    bytes: Vec<u8>,
    current: u32,
    filled: u8,
}

impl BitWriter {
    fn put(&mut self, value: u32, length: u8) {
        for bit in (0..length).rev() {
            self.current = (self.current << 1) | ((value >> bit) & 1);
            self.filled += 1;
            if self.filled == 8 {
                self.push_byte();
            }
        }
    }

    fn push_byte(&mut self) {
        let byte = self.current as u8;
        self.bytes.push(byte);
        if byte == 0xFF {
            self.bytes.push(0);
        }
        self.current = 0;
        self.filled = 0;
    }

    /// The bytes, the last one padded with 1 bits.
    fn finish(mut self) -> Vec<u8> {
        if self.filled > 0 {
            let pad = 8 - self.filled;
            self.current = (self.current << pad) | ((1 << pad) - 1);
            self.push_byte();
        }
        self.bytes
    }
}

/// The camera make [`phone_jpeg`] writes into its EXIF.
pub const PHONE_MAKE: &[u8] = b"PhoneMaker";

/// The body serial number [`phone_jpeg`] writes into its EXIF.
pub const PHONE_SERIAL: &[u8] = b"SN-4D2C-77819-QX";

/// The GPS latitude [`phone_jpeg`] writes into its EXIF, as its three big-endian
/// rationals (28° 36' 50.25"): bytes no picture data holds by chance.
pub const PHONE_LATITUDE: &[u8] = &[
    0, 0, 0, 28, 0, 0, 0, 1, 0, 0, 0, 36, 0, 0, 0, 1, 0, 0, 0x13, 0xA1, 0, 0, 0, 100,
];

/// A big-endian TIFF block of EXIF like a phone's: the orientation, a camera make
/// ([`PHONE_MAKE`]), an EXIF IFD with a body serial number ([`PHONE_SERIAL`]) and a GPS
/// IFD with a latitude ([`PHONE_LATITUDE`]).
pub fn phone_exif(orientation: u8) -> Vec<u8> {
    let entry = |tiff: &mut Vec<u8>, tag: u16, kind: u16, count: u32, value: [u8; 4]| {
        tiff.extend(tag.to_be_bytes());
        tiff.extend(kind.to_be_bytes());
        tiff.extend(count.to_be_bytes());
        tiff.extend(value);
    };
    let ifd_len = |entries: u32| 2 + entries * 12 + 4;
    let mut make = PHONE_MAKE.to_vec();
    make.resize(12, 0);
    let mut serial = PHONE_SERIAL.to_vec();
    serial.push(0);
    // IFD0 at 8 (4 entries), then the make's text, the EXIF IFD (1 entry), the serial
    // number's text, the GPS IFD (2 entries) and the latitude's rationals.
    let make_at: u32 = 8 + ifd_len(4);
    let exif_at = make_at + make.len() as u32;
    let serial_at = exif_at + ifd_len(1);
    let gps_at = serial_at + serial.len() as u32;
    let latitude_at = gps_at + ifd_len(2);
    let mut tiff: Vec<u8> = b"MM\0\x2a\0\0\0\x08".to_vec();
    tiff.extend(4u16.to_be_bytes());
    entry(
        &mut tiff,
        0x010F,
        2,
        make.len() as u32,
        make_at.to_be_bytes(),
    );
    entry(&mut tiff, 0x0112, 3, 1, [0, orientation, 0, 0]);
    entry(&mut tiff, 0x8769, 4, 1, exif_at.to_be_bytes());
    entry(&mut tiff, 0x8825, 4, 1, gps_at.to_be_bytes());
    tiff.extend(0u32.to_be_bytes());
    tiff.extend(&make);
    // The EXIF IFD: BodySerialNumber.
    tiff.extend(1u16.to_be_bytes());
    entry(
        &mut tiff,
        0xA431,
        2,
        serial.len() as u32,
        serial_at.to_be_bytes(),
    );
    tiff.extend(0u32.to_be_bytes());
    tiff.extend(&serial);
    // The GPS IFD: GPSLatitudeRef = "N", GPSLatitude.
    tiff.extend(2u16.to_be_bytes());
    entry(&mut tiff, 0x0001, 2, 2, [b'N', 0, 0, 0]);
    entry(&mut tiff, 0x0002, 5, 3, latitude_at.to_be_bytes());
    tiff.extend(0u32.to_be_bytes());
    tiff.extend(PHONE_LATITUDE);
    tiff
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::valid_copy;

    #[test]
    fn generated_products_load_without_problems() {
        let (_dir, content) = valid_copy();
        let text = products_toml(
            300,
            &[
                ("dialysis", "Dialysis Machines"),
                ("radiology", "Imaging & Diagnostic Products"),
            ],
        );
        std::fs::write(content.join("products.toml"), text).unwrap();
        std::fs::write(
            content.join("navigation.toml"),
            std::fs::read_to_string(content.join("navigation.toml"))
                .unwrap()
                .replace(
                    "/products/12/hemodialysis-machine",
                    "/products/12/generated-product-12",
                ),
        )
        .unwrap();
        let report = crate::load(&content);
        assert_eq!(report.diagnostics, vec![]);
        assert_eq!(report.content.map(|c| c.products.len()), Some(300));
    }
}
