//! Saving: typed changes applied with `sitegen-edit` onto the file as it is on disk
//! now, checked with `sitegen check`'s checks across every file, written atomically
//! only when no error remains; and undoing a save.
//!
//! A `set` carries the value the editor read (`base`): when the disk holds another
//! value now, and not the one being set, the save is refused with both (409) and
//! writes nothing. Changes to values that did not change on disk apply however old
//! the editor's copy of the file is.

use std::collections::HashMap;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::Response;
use serde_json::{json, Value as Json};
use sitegen_content::{Diagnostic, LoadReport, Location, Severity};
use sitegen_edit::{Change, ContentEdit, EditError, EntryId, FieldPath, Locator, PathStep};

use crate::error::reply;
use crate::read::{blocking, content_file, entry_table, revision};
use crate::{ApiError, Editor};

/// What undoing a file's last save needs.
pub(crate) struct UndoRecord {
    /// The file's bytes before the save.
    before: Vec<u8>,
    /// The revision the save wrote: undo is refused once the file is another.
    after: String,
}

/// The body of a JSON request: `application/json`, within the limit, well-formed.
pub(crate) fn json_body(
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json, ApiError> {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default();
    if !content_type.starts_with("application/json") {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            format!("the body must be JSON (Content-Type: application/json), not {content_type:?}"),
        ));
    }
    let body = body.map_err(|rejection| {
        let status = rejection.status();
        match status {
            StatusCode::PAYLOAD_TOO_LARGE => ApiError::new(
                status,
                format!("the body is over the limit of {} bytes", crate::JSON_LIMIT),
            ),
            _ => ApiError::new(status, rejection.body_text()),
        }
    })?;
    serde_json::from_slice(&body)
        .map_err(|error| ApiError::bad_request(format!("the body is not valid JSON: {error}")))
}

/// `POST /_edit/api/save`.
pub(crate) async fn save(
    State(editor): State<Arc<Editor>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request = json_body(&headers, body)?;
    let _writing = editor.writing.lock().await;
    let editor = editor.clone();
    blocking(move || apply_and_write(&editor, &request)).await
}

/// `POST /_edit/api/undo`.
pub(crate) async fn undo(
    State(editor): State<Arc<Editor>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request = json_body(&headers, body)?;
    let _writing = editor.writing.lock().await;
    let editor = editor.clone();
    blocking(move || restore(&editor, &request)).await
}

fn text_field<'a>(request: &'a Json, key: &str) -> Result<&'a str, ApiError> {
    request[key]
        .as_str()
        .ok_or_else(|| ApiError::bad_request(format!("the request needs \"{key}\" (a string)")))
}

fn apply_and_write(editor: &Editor, request: &Json) -> Result<Response, ApiError> {
    let path = text_field(request, "path")?;
    // Known, and inside the content folder.
    let (file, _) = content_file(editor, path)?;
    let content_dir = &editor.options.content_dir;
    let table = entry_table(file);
    let opened = match table {
        Some(table) => ContentEdit::open_array(content_dir, file.path, table),
        None => ContentEdit::open_document(content_dir, file.path),
    };
    let mut edit = match opened {
        Ok(edit) => edit,
        Err(error @ EditError::NotToml { .. }) => {
            let shown = sitegen_content::display_path(content_dir, file.path);
            let problem = problem_json(&error.to_diagnostic(shown), None);
            return Ok(reply(
                StatusCode::UNPROCESSABLE_ENTITY,
                json!({ "written": false, "problems": [problem] }),
            ));
        }
        Err(error) => return Err(ApiError::io(error)),
    };
    let changes = request["changes"]
        .as_array()
        .ok_or_else(|| ApiError::bad_request("the request needs \"changes\" (a list)"))?;
    let mut conflicts = Vec::new();
    for (n, change) in changes.iter().enumerate() {
        let refused =
            |message: String| ApiError::bad_request(format!("change {}: {message}", n + 1));
        match change["op"].as_str() {
            Some("set") => {
                let entry = entry_id(change.get("entry"), table).map_err(refused)?;
                let field = field_path(&change["field"]).map_err(refused)?;
                let value = change.get("value").unwrap_or(&Json::Null);
                let base = change.get("base");
                let conflict = |disk: Json| json!({ "entry": change.get("entry"), "field": change["field"], "disk": disk, "yours": value });
                match edit.set_json(entry.as_ref(), &field, value, base) {
                    Ok(None) => {}
                    Ok(Some(found)) => conflicts.push(conflict(found.disk)),
                    // The entry is gone from the disk since the editor read it.
                    Err(EditError::NoSuchEntry { .. }) if base.is_some() => {
                        conflicts.push(conflict(Json::Null))
                    }
                    Err(error @ EditError::NoSuchEntry { .. }) => {
                        return Err(ApiError::not_found(error.to_string()))
                    }
                    Err(error) => return Err(refused(error.to_string())),
                }
            }
            Some("add") => {
                if table.is_none() {
                    return Err(refused(format!(
                        "{path} has no entries to add to: set a path instead"
                    )));
                }
                let entry = sitegen_edit::json::json_table(&change["entry"]).map_err(refused)?;
                edit.apply(Change::Add { entry })
                    .map_err(|e| refused(e.to_string()))?;
            }
            Some("remove") => {
                let entry = entry_id(change.get("entry"), table)
                    .map_err(refused)?
                    .ok_or_else(|| refused("a remove needs \"entry\"".to_string()))?;
                match edit.apply(Change::Remove { entry }) {
                    // Already removed on disk: what the editor wanted.
                    Ok(()) | Err(EditError::NoSuchEntry { .. }) => {}
                    Err(error) => return Err(refused(error.to_string())),
                }
            }
            other => {
                return Err(refused(format!(
                    "\"op\" must be \"set\", \"add\" or \"remove\", not {}",
                    other.map_or("missing".to_string(), |op| format!("{op:?}"))
                )))
            }
        }
    }
    let disk_revision = revision(edit.original().as_bytes());
    if !conflicts.is_empty() {
        return Ok(reply(
            StatusCode::CONFLICT,
            json!({ "written": false, "revision": disk_revision, "conflicts": conflicts }),
        ));
    }
    let (text, _) = edit.text();
    let options = &editor.options;
    let report = (options.check)(content_dir, &options.load, &[(file.path, &text)]);
    let problems = problems(editor, &report, file.path, &text);
    if report.errors() > 0 {
        return Ok(reply(
            StatusCode::UNPROCESSABLE_ENTITY,
            json!({ "written": false, "problems": problems }),
        ));
    }
    let written = match edit.commit() {
        Ok(written) => written,
        Err(EditError::ChangedOnDisk { .. }) => {
            return Err(ApiError::conflict(format!(
                "{path} changed on disk while saving: nothing was written, save again"
            )))
        }
        Err(error) => return Err(ApiError::io(error)),
    };
    let new_revision = revision(text.as_bytes());
    if written {
        if let Ok(mut undo) = editor.undo.lock() {
            undo.insert(
                file.path.to_string(),
                UndoRecord {
                    before: edit.original().as_bytes().to_vec(),
                    after: new_revision.clone(),
                },
            );
        }
    }
    let warnings: Vec<&Json> = problems
        .iter()
        .filter(|problem| problem["severity"] == "warning")
        .collect();
    Ok(reply(
        StatusCode::OK,
        json!({ "written": written, "revision": new_revision, "warnings": warnings }),
    ))
}

fn restore(editor: &Editor, request: &Json) -> Result<Response, ApiError> {
    let path = text_field(request, "path")?;
    let (file, full) = content_file(editor, path)?;
    let (before, after) = match editor.undo.lock().ok().and_then(|undo| {
        undo.get(file.path)
            .map(|record| (record.before.clone(), record.after.clone()))
    }) {
        Some(record) => record,
        None => {
            return Err(ApiError::not_found(format!(
                "nothing to undo: no save of {path} since sitegen serve started"
            )))
        }
    };
    let disk = std::fs::read(&full).map_err(ApiError::io)?;
    if revision(&disk) != after {
        return Err(ApiError::conflict(format!(
            "{path} changed since the last save: undoing it would lose those changes"
        )));
    }
    let before_text = String::from_utf8_lossy(&before).into_owned();
    let options = &editor.options;
    let report = (options.check)(
        &options.content_dir,
        &options.load,
        &[(file.path, &before_text)],
    );
    if report.errors() > 0 {
        let problems = problems(editor, &report, file.path, &before_text);
        return Ok(reply(
            StatusCode::UNPROCESSABLE_ENTITY,
            json!({ "written": false, "problems": problems }),
        ));
    }
    match sitegen_edit::write_if_unchanged(&full, &disk, &before) {
        Ok(()) => {}
        Err(EditError::ChangedOnDisk { .. }) => {
            return Err(ApiError::conflict(format!(
                "{path} changed on disk while undoing: nothing was written"
            )))
        }
        Err(error) => return Err(ApiError::io(error)),
    }
    if let Ok(mut undo) = editor.undo.lock() {
        undo.remove(file.path);
    }
    Ok(reply(
        StatusCode::OK,
        json!({ "revision": revision(&before) }),
    ))
}

/// The entry a change names: a number or a text id; absent (or `null`) for a path
/// from the file's root.
fn entry_id(entry: Option<&Json>, table: Option<&str>) -> Result<Option<EntryId>, String> {
    match entry {
        None | Some(Json::Null) => Ok(None),
        Some(_) if table.is_none() => {
            Err("this file is one document: its changes name no \"entry\"".to_string())
        }
        Some(Json::Number(number)) => number
            .as_i64()
            .map(|id| Some(EntryId::Number(id)))
            .ok_or_else(|| format!("{number} is not an entry id")),
        Some(Json::String(id)) => Ok(Some(EntryId::Text(id.clone()))),
        Some(other) => Err(format!("{other} is not an entry id")),
    }
}

/// A field path: `["specifications", 2, "value"]`.
fn field_path(field: &Json) -> Result<FieldPath, String> {
    let steps = field
        .as_array()
        .filter(|steps| !steps.is_empty())
        .ok_or("\"field\" must be a non-empty list of keys and positions")?;
    steps
        .iter()
        .map(|step| match step {
            Json::String(key) => Ok(PathStep::Key(key.clone())),
            Json::Number(at) => at
                .as_u64()
                .and_then(|at| usize::try_from(at).ok())
                .map(PathStep::Index)
                .ok_or_else(|| format!("{at} is not a position in a list")),
            other => Err(format!("{other} is neither a key nor a position")),
        })
        .collect::<Result<Vec<_>, _>>()
        .map(FieldPath)
}

/// Every diagnostic of `report` as a Problem, located at its entry and field: those
/// of `edited` in `text` (the file as it would be), those of other files as they are.
pub(crate) fn problems(
    editor: &Editor,
    report: &LoadReport,
    edited: &str,
    text: &str,
) -> Vec<Json> {
    let mut locators: HashMap<String, Option<Locator>> = HashMap::new();
    report
        .diagnostics
        .iter()
        .map(|diagnostic| {
            let file = relative_file(diagnostic);
            let locator = file.as_ref().and_then(|file| {
                locators
                    .entry(file.clone())
                    .or_insert_with(|| locator(editor, file, edited, text))
                    .as_ref()
            });
            problem_json(diagnostic, locator)
        })
        .collect()
}

/// The file of a diagnostic relative to the content folder (its shown path less the
/// content folder's name).
fn relative_file(diagnostic: &Diagnostic) -> Option<String> {
    let path = diagnostic.location.path()?;
    let mut parts = path.components();
    parts.next()?;
    Some(parts.as_path().to_string_lossy().replace('\\', "/"))
}

fn locator(editor: &Editor, file: &str, edited: &str, text: &str) -> Option<Locator> {
    let content_file = sitegen_content::files::content_file(file)?;
    let array = entry_table(content_file).unwrap_or_default();
    if file == edited {
        return Some(Locator::new(text, array));
    }
    let on_disk = std::fs::read_to_string(editor.options.content_dir.join(file)).ok()?;
    Some(Locator::new(&on_disk, array))
}

/// A diagnostic as the contract's Problem.
fn problem_json(diagnostic: &Diagnostic, locator: Option<&Locator>) -> Json {
    let (line, column) = match diagnostic.location {
        Location::Text { line, column, .. } => (Some(line), Some(column)),
        _ => (None, None),
    };
    let at = locator
        .zip(line.zip(column))
        .and_then(|(locator, (line, column))| locator.at(line, column));
    let entry = at
        .as_ref()
        .and_then(|at| at.id.as_ref())
        .map(|id| match id {
            EntryId::Number(number) => json!(number),
            EntryId::Text(text) => json!(text),
        });
    let field = at.as_ref().filter(|at| !at.field.0.is_empty()).map(|at| {
        at.field
            .0
            .iter()
            .map(|step| match step {
                PathStep::Key(key) => json!(key),
                PathStep::Index(index) => json!(index),
            })
            .collect::<Vec<_>>()
    });
    json!({
        "code": diagnostic.code.code(),
        "severity": match diagnostic.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        },
        "message": diagnostic.message,
        "hint": diagnostic.hint,
        "file": relative_file(diagnostic),
        "line": line,
        "column": column,
        "entry": entry,
        "field": field,
    })
}
