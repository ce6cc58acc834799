//! Uploading an image or a brochure into `content/media/`: its type is read from its
//! bytes (never from its name), its name is made safe, and an existing file is never
//! replaced unless asked.

use std::io::Write;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;

use crate::api::Uploaded;
use crate::error::reply;
use crate::read::{blocking, inside};
use crate::{ApiError, Editor};

/// What an upload's bytes are, by their first bytes: its extension, or `None`.
pub fn sniff(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Some("png");
    }
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        return Some("jpg");
    }
    if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        return Some("webp");
    }
    if bytes.starts_with(b"%PDF-") {
        return Some("pdf");
    }
    let text = std::str::from_utf8(bytes).ok()?;
    let document = roxmltree::Document::parse(text.trim_start_matches('\u{feff}')).ok()?;
    (document.root_element().tag_name().name() == "svg").then_some("svg")
}

/// A safe file name for an upload called `name` whose bytes are of type `extension`:
/// the last part of any path, lower-case ASCII letters, digits, `-`, `_` and `.`
/// (every other run of characters one `-`), no leading dot or dash, ending in the
/// type's extension. `None` when nothing of the name is left.
pub fn safe_name(name: &str, extension: &str) -> Option<String> {
    let last = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let mut safe = String::new();
    for c in last.chars().flat_map(char::to_lowercase) {
        match c {
            'a'..='z' | '0'..='9' | '_' | '.' => safe.push(c),
            _ if !safe.ends_with('-') => safe.push('-'),
            _ => {}
        }
    }
    let stem = match safe.rsplit_once('.') {
        Some((stem, _)) => stem,
        None => &safe,
    };
    let stem = stem.trim_start_matches(['.', '-']);
    // The name is ASCII by now, so any byte is a character boundary.
    let stem = &stem[..stem.len().min(MAX_NAME_BYTES - 1 - extension.len())];
    let stem = stem.trim_end_matches(['.', '-']);
    (!stem.is_empty()).then(|| format!("{stem}.{extension}"))
}

/// The longest file name an upload is given, in bytes: well below the 255 bytes most
/// file systems allow, so a name stays readable in the pickers and in the content.
pub const MAX_NAME_BYTES: usize = 100;

/// The permissions of an uploaded file: readable by everyone, as a saved content file
/// is, so that a web server running as another user can serve it once it is built.
#[cfg(unix)]
const UPLOAD_MODE: u32 = 0o644;

/// The query of an upload.
#[derive(Deserialize)]
pub(crate) struct UploadQuery {
    name: String,
    #[serde(default)]
    overwrite: bool,
}

/// `POST /_edit/api/upload?name=&overwrite=`: the body is the file.
pub(crate) async fn upload(
    State(editor): State<Arc<Editor>>,
    query: Result<Query<UploadQuery>, QueryRejection>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let Query(query) = query.map_err(|rejection| ApiError::bad_request(rejection.body_text()))?;
    let body = body.map_err(|rejection| match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the file is over the limit of {} MB",
                crate::UPLOAD_LIMIT / (1024 * 1024)
            ),
        ),
        status => ApiError::new(status, rejection.body_text()),
    })?;
    let extension = sniff(&body).ok_or_else(|| {
        ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "the file is not a PNG, JPEG, WebP or SVG image or a PDF (read from its bytes)",
        )
    })?;
    if let Some(found) = sitegen_content::unsafe_svg_content(&body).filter(|_| extension == "svg") {
        let rule = sitegen_content::ErrorCode::UnsafeSvg;
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "the drawing would run script or load other files ({found}), so it is not saved: {} ({})",
                rule.hint(),
                rule.code()
            ),
        ));
    }
    let name = safe_name(&query.name, extension).ok_or_else(|| {
        ApiError::bad_request(format!(
            "{:?} leaves no file name once made safe",
            query.name
        ))
    })?;
    let _writing = editor.writing.lock().await;
    let editor = editor.clone();
    blocking(move || {
        let content_dir = &editor.options.content_dir;
        let media = content_dir.join("media");
        std::fs::create_dir_all(&media).map_err(ApiError::io)?;
        // The media folder itself must not lead out of the content folder.
        let folder = inside(content_dir, "media")?;
        let target = folder.join(&name);
        let mut temporary = tempfile::NamedTempFile::new_in(&folder).map_err(ApiError::io)?;
        temporary.write_all(&body).map_err(ApiError::io)?;
        // A temporary file is made readable by its owner alone.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let readable = std::fs::Permissions::from_mode(UPLOAD_MODE);
            temporary
                .as_file()
                .set_permissions(readable)
                .map_err(ApiError::io)?;
        }
        temporary.as_file().sync_all().map_err(ApiError::io)?;
        let exists = || {
            ApiError::conflict(format!(
                "media/{name} exists already: upload it with overwrite=true to replace it"
            ))
        };
        if query.overwrite {
            // Replacing a symbolic link would write wherever it leads.
            if std::fs::symlink_metadata(&target).is_ok_and(|meta| !meta.is_file()) {
                return Err(ApiError::conflict(format!(
                    "media/{name} is a link or a folder, not a file, so it is never replaced: upload the file under another name"
                )));
            }
            temporary
                .persist(&target)
                .map_err(|e| ApiError::io(e.error))?;
        } else {
            temporary
                .persist_noclobber(&target)
                .map_err(|error| match error.error.kind() {
                    std::io::ErrorKind::AlreadyExists => exists(),
                    _ => ApiError::io(error.error),
                })?;
        }
        let answer = Uploaded {
            path: format!("media/{name}"),
        };
        Ok(reply(StatusCode::CREATED, &answer))
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_type_is_read_from_the_bytes() {
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n...."), Some("png"));
        assert_eq!(sniff(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0]), Some("jpg"));
        assert_eq!(sniff(b"RIFF\x10\0\0\0WEBPVP8 "), Some("webp"));
        assert_eq!(sniff(b"%PDF-1.7\n"), Some("pdf"));
        assert_eq!(
            sniff(b"<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>"),
            Some("svg")
        );
        assert_eq!(sniff(b"<html><svg/></html>"), None);
        assert_eq!(sniff(b"MZ\x90\0"), None);
        assert_eq!(sniff(b""), None);
    }

    #[test]
    fn names_are_made_safe_and_take_the_types_extension() {
        assert_eq!(
            safe_name("Photo 1.PNG", "png").as_deref(),
            Some("photo-1.png")
        );
        assert_eq!(
            safe_name("../../etc/passwd", "png").as_deref(),
            Some("passwd.png")
        );
        assert_eq!(
            safe_name("C:\\x\\.hidden.jpg", "jpg").as_deref(),
            Some("hidden.jpg")
        );
        assert_eq!(
            safe_name("brochure.exe", "pdf").as_deref(),
            Some("brochure.pdf")
        );
        assert_eq!(
            safe_name("Ürün görseli.webp", "webp").as_deref(),
            Some("r-n-g-rseli.webp")
        );
        let long = format!("{}.png", "a".repeat(300));
        let shortened = safe_name(&long, "png").unwrap();
        assert_eq!(shortened.len(), MAX_NAME_BYTES);
        assert!(shortened.ends_with("aaa.png"), "{shortened}");
        assert_eq!(
            safe_name(&format!("{}x.svg", "ü".repeat(200)), "svg").as_deref(),
            Some("x.svg")
        );
        assert_eq!(safe_name("...", "png"), None);
        assert_eq!(safe_name("", "png"), None);
    }
}
