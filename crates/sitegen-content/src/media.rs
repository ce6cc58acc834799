//! Media files: checking the paths content names, reading their dimensions and
//! naming their hashed output files. The smaller copies the build makes of an image
//! (WebP variants) are named elsewhere (`sitegen-view`) and made by `sitegen-render`;
//! a [`MediaFile`] only holds the ones the build set.

use std::collections::{BTreeMap, HashMap};
use std::path::{Component, Path, PathBuf};
use std::time::SystemTime;

use sha2::{Digest, Sha256};

use sitegen_diagnostics::ErrorCode;

/// One media file the content uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaFile {
    /// The path as written in the content, relative to `content/` (e.g. `media/brand/logo.svg`).
    pub path: String,
    /// Where to read the file: the content directory joined with `path`.
    pub source: PathBuf,
    /// Where the file goes inside `dist/`: `path` with the first 8 hex characters of
    /// the SHA-256 of its bytes before the extension, e.g. `media/brand/logo.3f2a9c1e.svg`.
    pub output: String,
    /// Width in pixels (0 for video).
    pub width: u32,
    /// Height in pixels (0 for video).
    pub height: u32,
    /// Size of the source file in bytes.
    pub bytes: u64,
    /// The SHA-256 of the file's bytes: [`MediaFile::output`] carries its first 8 hex
    /// characters, and the names of the files made from this one are hashed from it.
    pub sha256: [u8; 32],
    /// The smaller copies of this image the build makes (its responsive WebP
    /// variants), narrowest first, which the JSON views list. Empty after loading:
    /// the build sets the planned ones (named by `sitegen-view`), encodes them and keeps
    /// those smaller than this file (`sitegen-media`, [`MediaIndex::set_variants`])
    /// before any view lists them.
    pub variants: Vec<MediaVariant>,
}

/// A smaller copy of a media file that the build made (a responsive WebP variant).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaVariant {
    /// Where the copy goes inside `dist/`, e.g. `media/home/poster.640w.1a2b3c4d.webp`.
    pub output: String,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels (the source's aspect ratio, rounded).
    pub height: u32,
}

/// Every media file the content references, by content path, and where the site
/// serves them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MediaIndex {
    files: BTreeMap<String, MediaFile>,
    /// The media origin when the media live on their own (`media_url`); `None` when
    /// the site serves them itself.
    origin: Option<String>,
}

impl MediaIndex {
    /// The URL pages name the media file at `output` by ([`crate::media_url`]).
    pub fn url(&self, output: &str) -> String {
        media_url(self.origin.as_deref(), output)
    }

    /// The media origin, when the media live on their own.
    pub fn origin(&self) -> Option<&str> {
        self.origin.as_deref()
    }

    /// Serves the media at `origin` (`None`: from the site itself). Set once, by the
    /// build, before any view is made.
    pub fn set_origin(&mut self, origin: Option<String>) {
        self.origin = origin;
    }

    /// Every referenced media file, ordered by content path.
    pub fn files(&self) -> impl Iterator<Item = &MediaFile> {
        self.files.values()
    }

    /// The media file the content path (e.g. `media/brand/logo.svg`) names.
    pub fn get(&self, path: &str) -> Option<&MediaFile> {
        self.files.get(path)
    }

    /// How many distinct media files the content uses.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// Whether the content uses no media at all.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Sets every file's variants to what `variants(file)` gives for it: the build
    /// sets the planned ones, then keeps those it wrote.
    pub fn set_variants(&mut self, mut variants: impl FnMut(&MediaFile) -> Vec<MediaVariant>) {
        for file in self.files.values_mut() {
            file.variants = variants(file);
        }
    }
}

/// Why a media path cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MediaProblem {
    pub code: ErrorCode,
    pub message: String,
}

impl MediaProblem {
    fn new(code: ErrorCode, message: impl Into<String>) -> MediaProblem {
        MediaProblem {
            code,
            message: message.into(),
        }
    }
}

/// Resolves media paths once each, remembering the outcome.
#[derive(Debug)]
pub(crate) struct MediaCache {
    content_dir: PathBuf,
    canonical_root: Option<PathBuf>,
    /// The longest side an image may have ([`crate::LoadOptions::max_image_side`]).
    max_image_side: u32,
    resolved: BTreeMap<String, Result<MediaFile, MediaProblem>>,
    /// What the last load found of the images and videos it read.
    last: MediaMemory,
    /// The stamp of each image or video file read by this load, as it was read.
    stamps: HashMap<String, Stamp>,
}

/// The size and modification time of a media file: a file a load read, found with the
/// same stamp at the next load, holds the same bytes (an editor's save or a copy gives
/// it another time).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Stamp {
    bytes: u64,
    modified: SystemTime,
}

impl Stamp {
    pub(crate) fn of(source: &Path) -> Option<Stamp> {
        let metadata = std::fs::metadata(source).ok()?;
        Some(Stamp {
            bytes: metadata.len(),
            modified: metadata.modified().ok()?,
        })
    }
}

/// What a load kept of the images and videos it read (see [`crate::load_again`]): each
/// file with its stamp then, so that the next load neither reads, hashes nor parses
/// again a file whose stamp is the same.
#[derive(Debug, Default)]
pub(crate) struct MediaMemory(HashMap<String, (Stamp, MediaFile)>);

impl MediaMemory {
    /// Each media file read (its path as the content names it), with its stamp then.
    pub(crate) fn stamps(&self) -> impl Iterator<Item = (&str, &Stamp)> {
        self.0
            .iter()
            .map(|(path, (stamp, _))| (path.as_str(), stamp))
    }
}

/// The largest brochure a product may offer for download (10 MB): a buyer on a
/// hospital's mobile connection should get it in seconds.
pub const MAX_DOCUMENT_BYTES: u64 = 10 * 1024 * 1024;

/// `bytes` as people read a file size: `1.2 MB`, `340 KB`.
pub fn human_size(bytes: u64) -> String {
    const MB: f64 = 1024.0 * 1024.0;
    if bytes as f64 >= MB {
        format!("{:.1} MB", bytes as f64 / MB)
    } else {
        format!("{} KB", bytes.div_ceil(1024).max(1))
    }
}

/// File extensions accepted as images.
const IMAGE_EXTENSIONS: &[&str] = &["png", "jpg", "jpeg", "gif", "webp", "avif"];
/// File extensions accepted as video.
const VIDEO_EXTENSIONS: &[&str] = &["mp4", "webm"];

impl MediaCache {
    pub fn new(content_dir: &Path, max_image_side: u32) -> MediaCache {
        MediaCache {
            content_dir: content_dir.to_path_buf(),
            canonical_root: content_dir.canonicalize().ok(),
            max_image_side,
            resolved: BTreeMap::new(),
            last: MediaMemory::default(),
            stamps: HashMap::new(),
        }
    }

    /// This cache, taking the files `last` found again where their stamp is the same.
    pub fn remembering(self, last: MediaMemory) -> MediaCache {
        MediaCache { last, ..self }
    }

    /// What to keep of the images and videos this load read, for the next.
    pub fn memory(&self) -> MediaMemory {
        MediaMemory(
            self.stamps
                .iter()
                .filter_map(|(path, stamp)| match self.resolved.get(path) {
                    Some(Ok(file)) => Some((path.clone(), (stamp.clone(), file.clone()))),
                    _ => None,
                })
                .collect(),
        )
    }

    /// Checks `path` and reads the file it names (once per path).
    pub fn resolve(&mut self, path: &str) -> Result<MediaFile, MediaProblem> {
        if let Some(done) = self.resolved.get(path) {
            return done.clone();
        }
        let outcome = self.resolve_uncached(path);
        self.resolved.insert(path.to_string(), outcome.clone());
        outcome
    }

    /// Checks `path` as a downloadable document: a PDF (by its first bytes) of at most
    /// [`MAX_DOCUMENT_BYTES`]. It is published like any media file.
    pub fn resolve_document(&mut self, path: &str) -> Result<MediaFile, MediaProblem> {
        // Images never resolve a .pdf path, so a cached success of one is this document's.
        if let Some(done @ Ok(_)) = self.resolved.get(path) {
            if path.to_ascii_lowercase().ends_with(".pdf") {
                return done.clone();
            }
        }
        let outcome = self.resolve_document_uncached(path);
        if outcome.is_ok() {
            self.resolved.insert(path.to_string(), outcome.clone());
        }
        outcome
    }

    fn resolve_document_uncached(&self, path: &str) -> Result<MediaFile, MediaProblem> {
        check_media_path(path)?;
        // The size first: a huge file is refused before it is read.
        let size = std::fs::metadata(self.content_dir.join(path)).map_or(0, |m| m.len());
        if size > MAX_DOCUMENT_BYTES {
            return Err(MediaProblem::new(
                ErrorCode::BrochureTooLarge,
                format!(
                    "brochure \"{path}\" is {}, more than {}",
                    human_size(size),
                    human_size(MAX_DOCUMENT_BYTES)
                ),
            ));
        }
        let (source, bytes) = self.read_inside(path)?;
        if !bytes.starts_with(b"%PDF-") || !path.to_ascii_lowercase().ends_with(".pdf") {
            return Err(MediaProblem::new(
                ErrorCode::BrochureNotPdf,
                format!("brochure \"{path}\" is not a PDF file"),
            ));
        }
        Ok(media_file(path, source, &bytes, (0, 0)))
    }

    /// The successfully resolved files, as the content's media index.
    pub fn into_index(self) -> MediaIndex {
        MediaIndex {
            files: self
                .resolved
                .into_iter()
                .filter_map(|(path, outcome)| outcome.ok().map(|file| (path, file)))
                .collect(),
            origin: None,
        }
    }

    /// The bytes of the media file `path`, checked to be inside the content folder.
    fn read_inside(&self, path: &str) -> Result<(PathBuf, Vec<u8>), MediaProblem> {
        let source = self.source_inside(path)?;
        let bytes = std::fs::read(&source).map_err(|error| {
            MediaProblem::new(
                ErrorCode::MediaUnreadable,
                format!("media file \"{path}\" cannot be read: {error}"),
            )
        })?;
        Ok((source, bytes))
    }

    /// The file `path` names, once checked to be inside the content directory.
    fn source_inside(&self, path: &str) -> Result<PathBuf, MediaProblem> {
        check_media_path(path)?;
        let source = self.content_dir.join(path);
        let canonical = source.canonicalize().map_err(|_| {
            MediaProblem::new(
                ErrorCode::MediaMissing,
                format!("media file \"{path}\" not found"),
            )
        })?;
        if let Some(root) = &self.canonical_root {
            if !canonical.starts_with(root) {
                return Err(MediaProblem::new(
                    ErrorCode::MediaOutsideContent,
                    format!("media path \"{path}\" leads outside the content directory"),
                ));
            }
        }
        Ok(source)
    }

    /// [`MediaCache::resolve`] of a path not resolved yet by this load: the last
    /// load's file while its stamp is the same, else the file read and checked.
    fn resolve_uncached(&mut self, path: &str) -> Result<MediaFile, MediaProblem> {
        let source = self.source_inside(path)?;
        // Stamped before it is read: a file changed meanwhile has another stamp next time.
        let Some(stamp) = Stamp::of(&source) else {
            return self.read_and_check(path);
        };
        if let Some((then, file)) = self.last.0.get(path) {
            if *then == stamp {
                let file = file.clone();
                self.stamps.insert(path.to_string(), stamp);
                return Ok(file);
            }
        }
        let outcome = self.read_and_check(path);
        if outcome.is_ok() {
            self.stamps.insert(path.to_string(), stamp);
        }
        outcome
    }

    fn read_and_check(&self, path: &str) -> Result<MediaFile, MediaProblem> {
        let (source, bytes) = self.read_inside(path)?;
        let extension = Path::new(path)
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .unwrap_or_default();
        if let Some(problem) = wrong_format(path, &extension, &bytes) {
            return Err(problem);
        }
        let unreadable = |reason: String| {
            MediaProblem::new(
                ErrorCode::MediaUnreadable,
                format!("media file \"{path}\" is not a readable image or video: {reason}"),
            )
        };
        let (width, height) = if extension == "svg" {
            let document = parse_svg(&bytes).map_err(unreadable)?;
            if let Some(found) = svg_active_content(&document) {
                return Err(MediaProblem::new(
                    ErrorCode::UnsafeSvg,
                    format!("drawing \"{path}\" would run script or load other files: {found}"),
                ));
            }
            svg_size(&document).map_err(unreadable)?
        } else {
            dimensions(&extension, &bytes).map_err(unreadable)?
        };
        let limit = self.max_image_side;
        if width.max(height) > limit {
            return Err(MediaProblem::new(
                ErrorCode::MediaTooLarge,
                format!("image \"{path}\" is {width}×{height} px, more than {limit} px on a side"),
            ));
        }
        Ok(media_file(path, source, &bytes, (width, height)))
    }
}

/// The file `path` read from `source`, named after its bytes' hash.
fn media_file(path: &str, source: PathBuf, bytes: &[u8], (width, height): (u32, u32)) -> MediaFile {
    let sha256: [u8; 32] = Sha256::digest(bytes).into();
    MediaFile {
        path: path.to_string(),
        source,
        output: hashed_output(path, &sha256),
        width,
        height,
        bytes: bytes.len() as u64,
        sha256,
        variants: Vec::new(),
    }
}

/// Media paths are relative to `content/`, start with `media/` and never climb out.
fn check_media_path(path: &str) -> Result<(), MediaProblem> {
    let outside = |why: &str| {
        Err(MediaProblem::new(
            ErrorCode::MediaOutsideContent,
            format!("media path \"{path}\" {why}"),
        ))
    };
    if path.contains('\\') {
        return outside("must use / as separator");
    }
    if !path.starts_with("media/") {
        return outside("must start with media/");
    }
    // Path::components() drops inner `.` segments silently, so look at the text too.
    let escapes = Path::new(path)
        .components()
        .any(|c| !matches!(c, Component::Normal(_)));
    if escapes
        || path
            .split('/')
            .any(|segment| matches!(segment, "" | "." | ".."))
    {
        return outside("must not contain .., . or empty segments");
    }
    Ok(())
}

/// The longest side an image may have: decoding and resizing cost memory and time in
/// its area (a 12,000 px square took 16 s and 757 MB).
pub const MAX_IMAGE_SIDE: u32 = 8000;

/// Whether a PNG or JPEG file ends where its own structure says it does: a file cut
/// short has a readable header (so its size is known) but cannot be decoded.
fn truncation(extension: &str, bytes: &[u8]) -> Result<(), String> {
    const CUT_SHORT: &str = "the file is cut short (truncated); export or copy it again";
    match extension {
        "png" => {
            // Chunks after the 8-byte signature: length, type, data, CRC, up to IEND.
            let mut offset = 8;
            loop {
                let Some(header) = bytes.get(offset..offset + 8) else {
                    return Err(CUT_SHORT.into());
                };
                let length = u32::from_be_bytes([header[0], header[1], header[2], header[3]]);
                let end = offset + 12 + length as usize;
                if end > bytes.len() {
                    return Err(CUT_SHORT.into());
                }
                if &header[4..8] == b"IEND" {
                    return Ok(());
                }
                offset = end;
            }
        }
        "jpg" | "jpeg" => match bytes.windows(2).rposition(|pair| pair == [0xFF, 0xD9]) {
            Some(_) => Ok(()),
            None => Err(CUT_SHORT.into()),
        },
        _ => Ok(()),
    }
}

/// An image file the pages could not show as its name says: empty, a HEIC photo, or
/// bytes of another raster format than its extension (judged by their first bytes).
fn wrong_format(path: &str, extension: &str, bytes: &[u8]) -> Option<MediaProblem> {
    if bytes.is_empty() && (IMAGE_EXTENSIONS.contains(&extension) || extension == "svg") {
        return Some(MediaProblem::new(
            ErrorCode::MediaUnreadable,
            format!("media file \"{path}\" is empty (0 bytes): copy or export it again"),
        ));
    }
    // An ISO media file of a HEIF brand: `....ftypheic`, `ftypmif1`, …
    let heif = bytes.get(4..8) == Some(b"ftyp".as_slice())
        && bytes.get(8..12).is_some_and(|brand| {
            [
                b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"mif1", b"msf1",
            ]
            .iter()
            .any(|known| brand == known.as_slice())
        });
    if heif || matches!(extension, "heic" | "heif") {
        return Some(MediaProblem::new(
            ErrorCode::HeicPhoto,
            format!(
                "image \"{path}\" is a HEIC photo (the iPhone's format), which most browsers cannot show; export it as a JPEG"
            ),
        ));
    }
    let actual = if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        "png"
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        "jpg"
    } else if bytes.starts_with(b"GIF8") {
        "gif"
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        "webp"
    } else {
        return None;
    };
    let named = match extension {
        "jpeg" => "jpg",
        other => other,
    };
    (IMAGE_EXTENSIONS.contains(&extension) && named != actual).then(|| {
        MediaProblem::new(
            ErrorCode::MediaMisnamed,
            format!(
                "image \"{path}\" is a {} file named .{extension}: rename it to .{actual}",
                actual.to_ascii_uppercase()
            ),
        )
    })
}

/// The dimensions of an image other than a drawing (video: 0×0), or why the bytes are
/// not one.
fn dimensions(extension: &str, bytes: &[u8]) -> Result<(u32, u32), String> {
    if VIDEO_EXTENSIONS.contains(&extension) {
        let is_mp4 = bytes.get(4..8) == Some(b"ftyp".as_slice());
        let is_webm = bytes.starts_with(&[0x1A, 0x45, 0xDF, 0xA3]);
        return match (extension, is_mp4, is_webm) {
            ("mp4", true, _) | ("webm", _, true) => Ok((0, 0)),
            _ => Err(format!("not an {extension} video")),
        };
    }
    if !IMAGE_EXTENSIONS.contains(&extension) {
        return Err(format!(
            "unsupported file type \".{extension}\" (use png, jpg, jpeg, gif, webp, avif, svg, mp4 or webm)"
        ));
    }
    let size = imagesize::blob_size(bytes).map_err(|e| e.to_string())?;
    truncation(extension, bytes)?;
    let width = u32::try_from(size.width).map_err(|_| "width too large".to_string())?;
    let height = u32::try_from(size.height).map_err(|_| "height too large".to_string())?;
    if width == 0 || height == 0 {
        return Err("zero width or height".into());
    }
    // A phone stores a portrait photo as landscape pixels turned by its EXIF
    // orientation: pages show it, and its variants are made, the right way up.
    if turned_sideways(extension, bytes) {
        return Ok((height, width));
    }
    Ok((width, height))
}

/// Whether the EXIF orientation of a JPEG or PNG turns it by a quarter (orientations
/// 5 to 8), so that it is shown with its width and height swapped.
fn turned_sideways(extension: &str, bytes: &[u8]) -> bool {
    use image::metadata::Orientation;
    use image::ImageDecoder;
    if !matches!(extension, "jpg" | "jpeg" | "png") {
        return false;
    }
    let orientation = image::ImageReader::new(std::io::Cursor::new(bytes))
        .with_guessed_format()
        .ok()
        .and_then(|reader| reader.into_decoder().ok())
        .and_then(|mut decoder| decoder.orientation().ok());
    matches!(
        orientation,
        Some(
            Orientation::Rotate90
                | Orientation::Rotate270
                | Orientation::Rotate90FlipH
                | Orientation::Rotate270FlipH
        )
    )
}

/// An SVG file's XML, whose root is an `<svg>` element.
fn parse_svg(bytes: &[u8]) -> Result<roxmltree::Document<'_>, String> {
    let text = std::str::from_utf8(bytes).map_err(|_| "SVG is not UTF-8".to_string())?;
    let document = roxmltree::Document::parse(text.trim_start_matches('\u{feff}'))
        .map_err(|error| format!("SVG is not XML: {error}"))?;
    if document.root_element().tag_name().name() != "svg" {
        return Err("no <svg> element".into());
    }
    Ok(document)
}

/// What in an SVG file (its bytes) would run script or load another file when it is
/// opened by itself (see [`svg_active_content`]); `None` for a harmless drawing or bytes
/// that are no SVG (which other checks refuse).
pub fn unsafe_svg_content(bytes: &[u8]) -> Option<String> {
    svg_active_content(&parse_svg(bytes).ok()?)
}

/// Elements that run script or hold a page of HTML.
const SCRIPT_ELEMENTS: &[&str] = &[
    "script",
    "foreignobject",
    "iframe",
    "embed",
    "object",
    "handler",
    "listener",
];

/// The first thing in a drawing that would run script or load another file when the
/// drawing is opened by itself, with its line: a script element, an event handler
/// (`on…=`), a link or image (`href`, `src`) that leads outside the drawing (anything
/// but `#id` and embedded raster images), an animation of a link or handler, or a style
/// that imports or points at another file.
fn svg_active_content(document: &roxmltree::Document<'_>) -> Option<String> {
    let line = |node: roxmltree::Node<'_, '_>| document.text_pos_at(node.range().start).row;
    for node in document.descendants() {
        if node.is_text() {
            let in_style = node
                .parent_element()
                .is_some_and(|parent| parent.tag_name().name().eq_ignore_ascii_case("style"));
            if in_style && external_style(node.text().unwrap_or_default()) {
                return Some(format!(
                    "line {}: a <style> that loads another file",
                    line(node)
                ));
            }
            continue;
        }
        if !node.is_element() {
            continue;
        }
        let element = node.tag_name().name();
        if SCRIPT_ELEMENTS.contains(&element.to_ascii_lowercase().as_str()) {
            return Some(format!("line {}: a <{element}> element", line(node)));
        }
        for attribute in node.attributes() {
            let name = attribute.name();
            let value = attribute.value();
            let lower = name.to_ascii_lowercase();
            let found = if lower.starts_with("on") {
                Some(format!("an event handler {name}=\"…\""))
            } else if (lower == "href" || lower == "src") && !inside_drawing(value) {
                Some(format!("a reference to {value:?} outside the drawing"))
            } else if lower == "attributename" && {
                let animated = value.trim().to_ascii_lowercase();
                animated.starts_with("on") || animated.ends_with("href")
            } {
                Some(format!("an animation of {value:?}"))
            } else if lower == "style" && external_style(value) {
                Some("a style that loads another file".to_string())
            } else {
                None
            };
            if let Some(found) = found {
                return Some(format!("line {}: <{element}> has {found}", line(node)));
            }
        }
    }
    None
}

/// Whether a link or image's target stays in the drawing: a fragment (`#id`) or an
/// embedded raster image.
fn inside_drawing(target: &str) -> bool {
    let target = target.trim();
    let lower = target.to_ascii_lowercase();
    target.starts_with('#')
        || [
            "data:image/png",
            "data:image/jpeg",
            "data:image/gif",
            "data:image/webp",
        ]
        .iter()
        .any(|raster| lower.starts_with(raster))
}

/// Whether CSS imports a style sheet or points at a file (`url(…)` other than `#id`).
fn external_style(css: &str) -> bool {
    let css = css.to_ascii_lowercase();
    css.contains("@import")
        || css.split("url(").skip(1).any(|rest| {
            let target = rest.trim_start().trim_start_matches(['"', '\'']);
            !inside_drawing(target)
        })
}

/// Reads `width`/`height` of the root `<svg>` element, or else its `viewBox`.
fn svg_size(document: &roxmltree::Document<'_>) -> Result<(u32, u32), String> {
    let svg = document.root_element();
    let width = svg.attribute("width").and_then(svg_length);
    let height = svg.attribute("height").and_then(svg_length);
    if let (Some(width), Some(height)) = (width, height) {
        return positive(width, height);
    }
    let view_box: Vec<f64> = svg
        .attribute("viewBox")
        .unwrap_or("")
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
        .filter_map(|s| s.parse().ok())
        .collect();
    match view_box.as_slice() {
        [_, _, w, h] => positive(width.unwrap_or(*w), height.unwrap_or(*h)),
        _ => Err("SVG has neither width and height nor a viewBox".into()),
    }
}

fn positive(width: f64, height: f64) -> Result<(u32, u32), String> {
    if width.is_finite() && height.is_finite() && width >= 0.5 && height >= 0.5 {
        // Rounded pixel sizes; SVGs larger than u32 pixels do not occur.
        Ok((
            width.round().min(f64::from(u32::MAX)) as u32,
            height.round().min(f64::from(u32::MAX)) as u32,
        ))
    } else {
        Err("SVG has a zero or invalid size".into())
    }
}

/// A length in user units or px; relative units (%, em) are not sizes.
fn svg_length(value: &str) -> Option<f64> {
    let value = value.trim();
    let number = value.strip_suffix("px").unwrap_or(value);
    number.parse::<f64>().ok()
}

/// The first 8 hex characters of `digest`: the hash every content-hashed output name
/// carries (`logo.3f2a9c1e.svg`, and the files the build makes from it).
pub fn short_hash(digest: &[u8]) -> String {
    digest
        .iter()
        .take(4)
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// `media/a/b.svg` with the [`short_hash`] of its bytes' SHA-256 `sha256`:
/// `media/a/b.1a2b3c4d.svg`.
pub(crate) fn hashed_output(path: &str, sha256: &[u8; 32]) -> String {
    let hash = short_hash(sha256);
    let file_start = path.rfind('/').map_or(0, |i| i + 1);
    match path[file_start..].rfind('.') {
        Some(dot) if dot > 0 => {
            let dot = file_start + dot;
            format!("{}.{hash}{}", &path[..dot], &path[dot..])
        }
        _ => format!("{path}.{hash}"),
    }
}

/// The URL pages name a media file by: `output` (its path inside the output folder,
/// e.g. `media/brand/logo.3f2a9c1e.svg`) from the site's root (`/media/…`), or on the
/// media origin when the media live on their own (`https://media.example.com/media/…`).
/// Every media URL of the site is formed here.
pub fn media_url(origin: Option<&str>, output: &str) -> String {
    format!("{}/{output}", origin.unwrap_or_default())
}

#[cfg(test)]
mod tests;
