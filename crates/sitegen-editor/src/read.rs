//! Reading for the forms: the files, a file's entries, one entry, a whole document,
//! the choices (categories, media), and the media themselves.
//!
//! A file is parsed once per revision (the SHA-256 of its bytes): a request reads the
//! file's bytes and hashes them, and parses again only when they changed, so the list
//! of 10,000 products is built once, not on every request.

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, OnceLock};

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path as UrlPath, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::Value as Json;
use sha2::{Digest, Sha256};
use sitegen_content::routes::{self, DataKind, ROUTES};
use sitegen_content::{ContentFile, FileSchema, CONTENT_FILES};

use crate::api::{self, EntryId, FileKind, MediaKind};
use crate::error::reply;
use crate::{ApiError, Editor};

/// A content file as parsed at one revision.
pub struct Parsed {
    /// The SHA-256 of its bytes, in hex.
    pub revision: String,
    /// The whole file as JSON.
    pub value: Json,
    /// The answer of `/entries` (files of entries), built on first use: at 10,000
    /// products even writing its JSON takes a while.
    entries_answer: OnceLock<axum::body::Bytes>,
}

/// The SHA-256 of `bytes` in hex: a file's revision.
pub fn revision(bytes: &[u8]) -> String {
    format!("{:x}", Sha256::digest(bytes))
}

/// The schemas `sitegen schema` writes, by file name.
fn schemas() -> &'static HashMap<&'static str, Json> {
    static SCHEMAS: OnceLock<HashMap<&'static str, Json>> = OnceLock::new();
    SCHEMAS.get_or_init(|| sitegen_content::schemas().into_iter().collect())
}

/// The array of tables a file's entries are in, when the editor lists it as entries:
/// a file of one array whose tables must have an `id` (`[[product]]`). Other files
/// are edited as one document, by paths from their root.
pub fn entry_table(file: &ContentFile) -> Option<&'static str> {
    let [table] = file.tables else {
        return None;
    };
    let schema = schemas().get(file.schema.file_name())?;
    let mut items = &schema["properties"][*table]["items"];
    if let Some(name) = items["$ref"]
        .as_str()
        .and_then(|r| r.strip_prefix("#/$defs/"))
    {
        items = &schema["$defs"][name];
    }
    let required = items["required"].as_array()?;
    required.iter().any(|key| key == "id").then_some(*table)
}

/// The content file at `path` (relative to `content/`), and where it is: only the
/// files of the table of content files, and only inside the content folder (a
/// symbolic link leading out of it is refused).
pub(crate) fn content_file(
    editor: &Editor,
    path: &str,
) -> Result<(&'static ContentFile, PathBuf), ApiError> {
    let file = sitegen_content::files::content_file(path).ok_or_else(|| {
        let known: Vec<&str> = CONTENT_FILES.iter().map(|file| file.path).collect();
        ApiError::not_found(format!(
            "{path:?} is not a content file the editor knows (it edits {})",
            known.join(", ")
        ))
    })?;
    let full = inside(&editor.options.content_dir, file.path)?;
    Ok((file, full))
}

/// `relative` under `folder`, when it exists and stays inside `folder` once its
/// symbolic links are followed; `relative` must be a plain relative path (no `..`,
/// no absolute path, no dotfile).
pub(crate) fn inside(folder: &Path, relative: &str) -> Result<PathBuf, ApiError> {
    let plain = !relative.is_empty()
        && !relative.contains('\\')
        && !relative.contains(':')
        && Path::new(relative).components().all(|part| match part {
            Component::Normal(name) => !name.to_string_lossy().starts_with('.'),
            _ => false,
        });
    if !plain {
        return Err(ApiError::bad_request(format!(
            "{relative:?} is not a plain path inside the content folder"
        )));
    }
    let missing = || ApiError::not_found(format!("{relative} does not exist"));
    let root = folder.canonicalize().map_err(|_| missing())?;
    let full = folder
        .join(relative)
        .canonicalize()
        .map_err(|_| missing())?;
    if !full.starts_with(&root) {
        return Err(ApiError::forbidden(format!(
            "{relative} leads out of the content folder"
        )));
    }
    Ok(full)
}

/// The file parsed at its current revision (from the cache when unchanged).
pub(crate) fn parsed(
    editor: &Editor,
    file: &ContentFile,
    full: &Path,
) -> Result<Arc<Parsed>, ApiError> {
    let bytes = std::fs::read(full).map_err(ApiError::io)?;
    let revision = revision(&bytes);
    let cached = || {
        editor.parsed.lock().ok().and_then(|cache| {
            cache
                .get(file.path)
                .filter(|parsed| parsed.revision == revision)
                .cloned()
        })
    };
    if let Some(cached) = cached() {
        return Ok(cached);
    }
    // One parse at a time: a request arriving while the same text is parsed (the
    // warm-up's, at 10,000 products) waits for it rather than parsing it again.
    let _parsing = editor.parsing.lock();
    if let Some(cached) = cached() {
        return Ok(cached);
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| ApiError::bad_request(format!("{} is not UTF-8 text", file.path)))?;
    let document = toml_edit::Document::parse(text).map_err(|error| {
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "{} is not valid TOML ({}): fix it first (sitegen check)",
                file.path,
                error.message()
            ),
        )
    })?;
    let parsed = Arc::new(Parsed {
        revision,
        value: sitegen_edit::json::table_json(document.as_table()),
        entries_answer: OnceLock::new(),
    });
    if let Ok(mut cache) = editor.parsed.lock() {
        cache.insert(file.path.to_string(), parsed.clone());
    }
    Ok(parsed)
}

/// Runs `work` off the async threads (it reads and parses files).
pub(crate) async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(ApiError::io)?
}

/// `GET /_edit/api/files`: every content file, in the table's order.
pub(crate) async fn files(State(editor): State<Arc<Editor>>) -> Result<Response, ApiError> {
    blocking(move || {
        let mut files = Vec::new();
        for file in CONTENT_FILES {
            // An optional file that is absent (synonyms.toml) is not offered.
            let Ok(bytes) = std::fs::read(editor.options.content_dir.join(file.path)) else {
                continue;
            };
            let table = entry_table(file);
            files.push(api::ContentFile {
                path: file.path.to_string(),
                title: file.title.to_string(),
                holds: file.holds.to_string(),
                kind: match table {
                    Some(_) => FileKind::Entries,
                    None => FileKind::Document,
                },
                table: table.map(str::to_string),
                schema: schemas()
                    .get(file.schema.file_name())
                    .cloned()
                    .unwrap_or_default(),
                revision: revision(&bytes),
            });
        }
        Ok(reply(StatusCode::OK, &api::FileList { files }))
    })
    .await
}

/// The query of the reading routes.
#[derive(Deserialize)]
pub(crate) struct FileQuery {
    pub(crate) path: String,
    pub(crate) id: Option<String>,
}

pub(crate) fn query(
    query: Result<Query<FileQuery>, QueryRejection>,
) -> Result<FileQuery, ApiError> {
    query
        .map(|Query(query)| query)
        .map_err(|rejection| ApiError::bad_request(rejection.body_text()))
}

/// The entries of a file listed as entries, or a 400 saying it is a document.
fn entries_of<'a>(file: &ContentFile, parsed: &'a Parsed) -> Result<&'a [Json], ApiError> {
    let table = entry_table(file).ok_or_else(|| {
        ApiError::bad_request(format!(
            "{} is one document, not a list of entries (use /_edit/api/file)",
            file.path
        ))
    })?;
    Ok(parsed.value[table].as_array().map_or(&[], Vec::as_slice))
}

/// `GET /_edit/api/entries?path=`: a summary of each entry for the list.
pub(crate) async fn entries(
    State(editor): State<Arc<Editor>>,
    asked: Result<Query<FileQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let asked = query(asked)?;
    blocking(move || {
        let (file, full) = content_file(&editor, &asked.path)?;
        let answer = entries_answer(&editor, file, &full)?;
        Ok((
            [
                (header::CONTENT_TYPE, "application/json"),
                (header::CACHE_CONTROL, "no-store"),
            ],
            answer,
        )
            .into_response())
    })
    .await
}

/// The answer of `/entries` for `file` at its current revision.
fn entries_answer(
    editor: &Editor,
    file: &ContentFile,
    full: &Path,
) -> Result<axum::body::Bytes, ApiError> {
    let parsed = parsed(editor, file, full)?;
    let entries = entries_of(file, &parsed)?;
    let answer = parsed.entries_answer.get_or_init(|| {
        let numbers: Vec<i64> = entries.iter().filter_map(|e| e["id"].as_i64()).collect();
        let next_id = (numbers.len() == entries.len() && !numbers.is_empty())
            .then(|| numbers.iter().max().map_or(1, |max| max + 1));
        let answer = api::EntryList {
            revision: parsed.revision.clone(),
            next_id,
            entries: entries
                .iter()
                .filter_map(|entry| summary(file, entry))
                .collect(),
        };
        serde_json::to_vec(&answer).unwrap_or_default().into()
    });
    Ok(answer.clone())
}

/// Parses the files of entries and builds their lists ahead of the first request (at
/// 10,000 products that takes a moment the editor's first screen would wait for).
pub(crate) fn warm(editor: &Editor) {
    for file in CONTENT_FILES
        .iter()
        .filter(|file| entry_table(file).is_some())
    {
        if let Ok((file, full)) = content_file(editor, file.path) {
            let _ = entries_answer(editor, file, &full);
        }
    }
}

/// What the list shows of an entry. An entry whose id is neither a whole number nor a
/// text (which `sitegen check` refuses) cannot be opened by it, so it is not listed.
fn summary(file: &ContentFile, entry: &Json) -> Option<api::EntrySummary> {
    let text = |key: &str| entry[key].as_str().map(str::to_string);
    Some(api::EntrySummary {
        id: EntryId::of(&entry["id"])?,
        title: ["title", "name", "label"]
            .into_iter()
            .find_map(text)
            .unwrap_or_default(),
        category: text("category"),
        subcategory: text("subcategory"),
        draft: entry["draft"].as_bool(),
        route: entry_route(file, entry),
    })
}

/// The page an entry is shown on, if it has one of its own.
pub fn entry_route(file: &ContentFile, entry: &Json) -> Option<String> {
    let id = match &entry["id"] {
        Json::Number(number) => number.to_string(),
        Json::String(text) => text.clone(),
        _ => return None,
    };
    match file.schema {
        FileSchema::Products => {
            let title = entry["title"].as_str().unwrap_or_default();
            Some(routes::PRODUCT.path_with(&[&id, &routes::slug(title)]))
        }
        FileSchema::Services => Some(routes::SERVICE.path_with(&[&id])),
        FileSchema::Catalogue => Some(routes::category_path(&id)),
        _ => None,
    }
}

/// The page that shows a document file, if one does.
pub fn document_route(file: &ContentFile) -> Option<&'static str> {
    let data = match file.schema {
        FileSchema::Home => DataKind::Home,
        FileSchema::About => DataKind::About,
        FileSchema::Timeline => DataKind::Timeline,
        FileSchema::Certificates => DataKind::Certificates,
        FileSchema::Policy => DataKind::Policy(
            routes::PolicyKind::ALL
                .into_iter()
                .find(|kind| kind.content_file().path == file.path)?,
        ),
        _ => return None,
    };
    ROUTES
        .iter()
        .filter(|route| route.data == data)
        .find_map(|route| route.static_path())
}

/// The id of `?id=` as the file writes it: a number for integer ids.
fn id_json(id: &str) -> Json {
    id.parse::<i64>()
        .map_or_else(|_| Json::from(id), Json::from)
}

/// `GET /_edit/api/entry?path=&id=`: one entry as JSON, with its page.
pub(crate) async fn entry(
    State(editor): State<Arc<Editor>>,
    asked: Result<Query<FileQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let asked = query(asked)?;
    blocking(move || {
        let (file, full) = content_file(&editor, &asked.path)?;
        let id = asked
            .id
            .as_deref()
            .ok_or_else(|| ApiError::bad_request("the query needs id="))?;
        let parsed = parsed(&editor, file, &full)?;
        let wanted = id_json(id);
        let entry = entries_of(file, &parsed)?
            .iter()
            .find(|entry| entry["id"] == wanted || entry["id"].as_str() == Some(id))
            .ok_or_else(|| {
                ApiError::not_found(format!("{} has no entry with id {id}", file.path))
            })?;
        let answer = api::ContentValue {
            revision: parsed.revision.clone(),
            value: entry,
            route: entry_route(file, entry),
        };
        Ok(reply(StatusCode::OK, &answer))
    })
    .await
}

/// `GET /_edit/api/file?path=`: a whole file as JSON (any file; the documents' form).
pub(crate) async fn file(
    State(editor): State<Arc<Editor>>,
    asked: Result<Query<FileQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let asked = query(asked)?;
    blocking(move || {
        let (file, full) = content_file(&editor, &asked.path)?;
        let parsed = parsed(&editor, file, &full)?;
        let answer = api::ContentValue {
            revision: parsed.revision.clone(),
            value: &parsed.value,
            route: document_route(file).map(str::to_string),
        };
        Ok(reply(StatusCode::OK, &answer))
    })
    .await
}

/// `GET /_edit/api/options`: the categories with their subcategories, and the media.
pub(crate) async fn options(State(editor): State<Arc<Editor>>) -> Result<Response, ApiError> {
    blocking(move || {
        let (file, full) = content_file(&editor, sitegen_content::files::CATALOGUE.path)?;
        let catalogue = parsed(&editor, file, &full)?;
        let categories = catalogue.value["category"]
            .as_array()
            .map_or(&[][..], Vec::as_slice)
            .iter()
            .filter_map(|category| {
                Some(api::Category {
                    name: category["id"].as_str()?.to_string(),
                    title: category["name"].as_str().map(str::to_string),
                    subcategories: category["subcategories"]
                        .as_array()
                        .map_or(&[][..], Vec::as_slice)
                        .iter()
                        .filter_map(|name| name.as_str().map(str::to_string))
                        .collect(),
                })
            })
            .collect();
        let answer = api::Options {
            categories,
            media: media_list(&editor.options.content_dir),
        };
        Ok(reply(StatusCode::OK, &answer))
    })
    .await
}

/// What kind of media a file name is, if the pickers offer it.
pub(crate) fn media_kind(name: &str) -> Option<MediaKind> {
    let extension = name.rsplit_once('.')?.1.to_ascii_lowercase();
    match extension.as_str() {
        "png" | "jpg" | "jpeg" | "webp" | "svg" | "gif" => Some(MediaKind::Image),
        "pdf" => Some(MediaKind::Pdf),
        _ => None,
    }
}

/// Every image and PDF under `content/media`, by path (`media/x.png`), with its size
/// and, for a raster image, its dimensions (read from its header).
fn media_list(content_dir: &Path) -> Vec<api::MediaFile> {
    let mut media: Vec<api::MediaFile> = walkdir::WalkDir::new(content_dir.join("media"))
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|entry| !entry.file_name().to_string_lossy().starts_with('.'))
        .filter_map(Result::ok)
        .filter(|entry| entry.file_type().is_file())
        .filter_map(|entry| {
            let relative = entry.path().strip_prefix(content_dir).ok()?;
            let path = relative.to_string_lossy().replace('\\', "/");
            let kind = media_kind(&path)?;
            let bytes = entry.metadata().ok()?.len();
            let size = imagesize::size(entry.path()).ok();
            Some(api::MediaFile {
                path,
                kind,
                bytes,
                width: size.map(|size| size.width),
                height: size.map(|size| size.height),
            })
        })
        .collect();
    media.sort_by(|a, b| a.path.cmp(&b.path));
    media
}

/// `GET /_edit/media/PATH`: a file of `content/media/` (the pickers' thumbnails).
pub(crate) async fn media(
    State(editor): State<Arc<Editor>>,
    UrlPath(path): UrlPath<String>,
) -> Result<Response, ApiError> {
    blocking(move || {
        let media = editor.options.content_dir.join("media");
        let full = inside(&media, &path)?;
        if !inside(&editor.options.content_dir, "media")
            .is_ok_and(|folder| full.starts_with(folder))
        {
            return Err(ApiError::forbidden(format!(
                "{path} leads out of the content folder"
            )));
        }
        let bytes = std::fs::read(&full)
            .map_err(|_| ApiError::not_found(format!("{path} is not a file")))?;
        let mime = mime_guess::from_path(&full).first_or_octet_stream();
        Ok((
            [
                (header::CONTENT_TYPE, mime.to_string()),
                (header::CACHE_CONTROL, "no-cache".to_string()),
                // An SVG opened by itself runs no script.
                (
                    header::CONTENT_SECURITY_POLICY,
                    "default-src 'none'; style-src 'unsafe-inline'; sandbox".to_string(),
                ),
            ],
            bytes,
        )
            .into_response())
    })
    .await
}
