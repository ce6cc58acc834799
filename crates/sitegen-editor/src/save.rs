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
use serde::de::DeserializeOwned;
use serde_json::Value as Json;
use sitegen_content::{Diagnostic, LoadReport, Location, Severity};
use sitegen_edit::{ContentEdit, EditError, EntryId, FieldPath, Locator};

use crate::api::{self, Change, SaveRequest, UndoRequest};
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

/// The body of a JSON request: `application/json`, within the limit, well-formed, of
/// the request's type (a refusal names the place that is not: `changes[0]`).
pub(crate) fn json_body<T: DeserializeOwned>(
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<T, ApiError> {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default();
    // The media type before any parameters (`; charset=utf-8`), which is case-blind.
    let media_type = content_type.split(';').next().unwrap_or_default().trim();
    if !media_type.eq_ignore_ascii_case("application/json") {
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
    let not_json = |error| ApiError::bad_request(format!("the body is not valid JSON: {error}"));
    let mut reader = serde_json::Deserializer::from_slice(&body);
    let request = serde_path_to_error::deserialize(&mut reader).map_err(|error| {
        let place = error.path().to_string();
        let error = error.into_inner();
        match error.classify() {
            serde_json::error::Category::Data if place == "." => {
                ApiError::bad_request(format!("the request: {error}"))
            }
            serde_json::error::Category::Data => {
                ApiError::bad_request(format!("the request's {place}: {error}"))
            }
            _ => not_json(error),
        }
    })?;
    reader.end().map_err(not_json)?;
    Ok(request)
}

/// `POST /_edit/api/save`.
pub(crate) async fn save(
    State(editor): State<Arc<Editor>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: SaveRequest = json_body(&headers, body)?;
    let _writing = editor.writing.lock().await;
    let editor = editor.clone();
    blocking(move || apply_and_write(&editor, request)).await
}

/// `POST /_edit/api/undo`.
pub(crate) async fn undo(
    State(editor): State<Arc<Editor>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: UndoRequest = json_body(&headers, body)?;
    let _writing = editor.writing.lock().await;
    let editor = editor.clone();
    blocking(move || restore(&editor, &request)).await
}

fn apply_and_write(editor: &Editor, request: SaveRequest) -> Result<Response, ApiError> {
    let path = request.path.as_str();
    // Known, and inside the content folder.
    let (file, _) = content_file(editor, path)?;
    let content_dir = &editor.options.content_dir;
    let table = entry_table(file);
    let opened = match (last_written(editor, file.path), table) {
        (Some(written), table) => Ok(ContentEdit::from_written(
            content_dir,
            file.path,
            table.unwrap_or_default(),
            written,
        )),
        (None, Some(table)) => ContentEdit::open_array(content_dir, file.path, table),
        (None, None) => ContentEdit::open_document(content_dir, file.path),
    };
    let mut edit = match opened {
        Ok(edit) => edit,
        Err(error @ EditError::NotToml { .. }) => {
            let shown = sitegen_content::display_path(content_dir, file.path);
            return Ok(refused(vec![problem(&error.to_diagnostic(shown), None)]));
        }
        Err(error) => return Err(ApiError::io(error)),
    };
    let touched = touched_values(&request.changes);
    let mut conflicts = Vec::new();
    let mut removed = Vec::new();
    for (n, change) in request.changes.into_iter().enumerate() {
        let wrong = |message: String| ApiError::bad_request(format!("change {}: {message}", n + 1));
        match change {
            Change::Set {
                entry,
                field,
                value,
                base,
            } => {
                let edited_entry = (entry.clone())
                    .map(|entry| named_entry(entry, table))
                    .transpose()
                    .map_err(wrong)?;
                if field.is_empty() {
                    return Err(wrong(
                        "\"field\" must be a non-empty list of keys and positions".to_string(),
                    ));
                }
                let field_path = FieldPath(field.iter().cloned().map(Into::into).collect());
                let conflict = |disk: Json| api::Conflict {
                    entry,
                    field,
                    disk,
                    yours: value.clone(),
                };
                match edit.set_json(edited_entry.as_ref(), &field_path, &value, base.as_ref()) {
                    Ok(None) => {}
                    Ok(Some(found)) => conflicts.push(conflict(found.disk)),
                    // The entry is gone from the disk since the editor read it.
                    Err(EditError::NoSuchEntry { .. }) if base.is_some() => {
                        conflicts.push(conflict(Json::Null))
                    }
                    Err(error @ EditError::NoSuchEntry { .. }) => {
                        return Err(ApiError::not_found(error.to_string()))
                    }
                    Err(error) => return Err(wrong(error.to_string())),
                }
            }
            Change::Add { entry } => {
                if table.is_none() {
                    return Err(wrong(format!(
                        "{path} has no entries to add to: set a path instead"
                    )));
                }
                let entry = sitegen_edit::json::json_table(&entry).map_err(wrong)?;
                edit.apply(sitegen_edit::Change::Add { entry })
                    .map_err(|e| wrong(e.to_string()))?;
            }
            Change::Remove { entry } => {
                let entry = named_entry(entry, table).map_err(wrong)?;
                removed.push(entry.to_string().trim_matches('"').to_string());
                match edit.apply(sitegen_edit::Change::Remove { entry }) {
                    // Already removed on disk: what the editor wanted.
                    Ok(()) | Err(EditError::NoSuchEntry { .. }) => {}
                    Err(error) => return Err(wrong(error.to_string())),
                }
            }
        }
    }
    if !conflicts.is_empty() {
        let answer = api::Conflicted {
            written: false,
            revision: revision(edit.original().as_bytes()),
            conflicts,
        };
        return Ok(reply(StatusCode::CONFLICT, &answer));
    }
    let (text, _) = edit.text();
    let options = &editor.options;
    let report = options
        .check
        .run(content_dir, &options.load, &[(file.path, &text)]);
    let mut problems = problems(editor, &report, file.path, &text);
    if report.errors() > 0 {
        for problem in &mut problems {
            explain_link_to_removed(problem, &removed);
        }
        return Ok(refused(problems));
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
    if let Ok(mut last) = editor.last_written.lock() {
        *last = edit
            .into_written()
            .map(|written| (file.path.to_string(), written));
    }
    let (warnings, other_warnings) = problems
        .into_iter()
        .filter(|problem| problem.severity == api::Severity::Warning)
        .partition(|problem| {
            problem.file.as_deref() == Some(file.path)
                && touched.iter().any(|(entry, field)| {
                    problem.entry == *entry
                        && problem
                            .field
                            .as_deref()
                            .unwrap_or_default()
                            .starts_with(field)
                })
        });
    let answer = api::Saved {
        written,
        revision: new_revision,
        warnings,
        other_warnings,
    };
    Ok(reply(StatusCode::OK, &answer))
}

/// What the last save wrote to `path`, taken, when the file still holds it byte for
/// byte; else nothing (the next save parses the file, and keeps that).
fn last_written(editor: &Editor, path: &str) -> Option<sitegen_edit::Written> {
    let mut last = editor.last_written.lock().ok()?;
    if last.as_ref()?.0 != path {
        return None;
    }
    let (_, written) = last.take()?;
    drop(last);
    let on_disk = std::fs::read(editor.options.content_dir.join(path)).ok()?;
    (on_disk == written.text().as_bytes()).then_some(written)
}

/// The values a save's changes set (an entry, or the document's root without one, and
/// the field) and the entries they add (the whole entry): the warnings found there are
/// the save's own.
fn touched_values(changes: &[Change]) -> Vec<(Option<api::EntryId>, api::FieldPath)> {
    changes
        .iter()
        .filter_map(|change| match change {
            Change::Set { entry, field, .. } => Some((entry.clone(), field.clone())),
            Change::Add { entry } => Some((entry.get("id").and_then(api::EntryId::of), Vec::new())),
            Change::Remove { .. } => None,
        })
        .collect()
}

/// A link the check finds broken because this save removes the entry it names: the
/// check cannot know the entry existed, so its did-you-mean would point at another.
fn explain_link_to_removed(problem: &mut api::Problem, removed: &[String]) {
    if problem.severity != api::Severity::Error {
        return;
    }
    let message = sitegen_content::percent_decode(&problem.message)
        .unwrap_or_else(|| problem.message.clone());
    let names = |id: &String| {
        message.contains(&format!("\"{id}\""))
            || message.contains(&format!("/{id}\""))
            || message.contains(&format!("/{id}/"))
    };
    if let Some(id) = removed.iter().find(|id| names(id)) {
        problem.hint = Some(format!(
            "this links to \"{id}\", which this save deletes: change or remove the link first, then delete the entry"
        ));
    }
}

/// The 422 of a save or an undo that would leave errors.
fn refused(problems: Vec<api::Problem>) -> Response {
    let answer = api::Refused {
        written: false,
        problems,
    };
    reply(StatusCode::UNPROCESSABLE_ENTITY, &answer)
}

fn restore(editor: &Editor, request: &UndoRequest) -> Result<Response, ApiError> {
    let path = request.path.as_str();
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
    let report = options.check.run(
        &options.content_dir,
        &options.load,
        &[(file.path, &before_text)],
    );
    if report.errors() > 0 {
        return Ok(refused(problems(editor, &report, file.path, &before_text)));
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
    let answer = api::Undone {
        revision: revision(&before),
    };
    Ok(reply(StatusCode::OK, &answer))
}

/// The entry a change names, in a file of entries (a file that is one document has
/// none: its changes are paths from its root).
fn named_entry(entry: api::EntryId, table: Option<&str>) -> Result<EntryId, String> {
    match table {
        Some(_) => Ok(entry.into()),
        None => Err("this file is one document: its changes name no \"entry\"".to_string()),
    }
}

/// Every diagnostic of `report` as a Problem, located at its entry and field: those
/// of `edited` in `text` (the file as it would be), those of other files as they are.
pub(crate) fn problems(
    editor: &Editor,
    report: &LoadReport,
    edited: &str,
    text: &str,
) -> Vec<api::Problem> {
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
            problem(diagnostic, locator)
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

/// A diagnostic as the API's Problem.
fn problem(diagnostic: &Diagnostic, locator: Option<&Locator>) -> api::Problem {
    let (line, column) = match diagnostic.location {
        Location::Text { line, column, .. } => (Some(line), Some(column)),
        _ => (None, None),
    };
    let at = locator
        .zip(line.zip(column))
        .and_then(|(locator, (line, column))| locator.at(line, column));
    api::Problem {
        code: diagnostic.code.code().to_string(),
        severity: match diagnostic.severity {
            Severity::Error => api::Severity::Error,
            Severity::Warning => api::Severity::Warning,
        },
        message: diagnostic.message.clone(),
        hint: diagnostic.hint.clone(),
        file: relative_file(diagnostic),
        line,
        column,
        entry: at.as_ref().and_then(|at| at.id.as_ref()).map(Into::into),
        field: at
            .as_ref()
            .filter(|at| !at.field.0.is_empty())
            .map(|at| at.field.0.iter().map(Into::into).collect()),
    }
}
