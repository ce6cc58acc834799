//! Publishing from the editor, and an entry's history: the doors of `sitegen-publish`
//! that the Publish view and the History of a form use. Behind the same guards as a
//! save (the router's); git is asked for no password (no one could type it), and what
//! a request carries reaches git only as text (a message on stdin, an author as the
//! value of `git config`).

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use sitegen_publish::{EntryName, Outcome, PublishError, PublishOptions, ValueConflict};

use crate::api::{self, PublishAnswer, PublishRequest};
use crate::error::reply;
use crate::read::{blocking, content_file, entry_table, query, FileQuery};
use crate::save::json_body;
use crate::{ApiError, Editor};

/// `GET /_edit/api/publish`: what a publish would send now (a dry run: nothing is
/// fetched, committed or pushed), and who it would be by.
pub(crate) async fn plan(State(editor): State<Arc<Editor>>) -> Result<Response, ApiError> {
    blocking(move || {
        let content_dir = &editor.options.content_dir;
        let outcome = sitegen_publish::publish(&PublishOptions {
            content_dir: content_dir.clone(),
            message: None,
            dry_run: true,
            prompt: false,
            keep_mine: Vec::new(),
        });
        let author = || {
            sitegen_publish::author(content_dir)
                .ok()
                .flatten()
                .map(|author| api::PublishAuthor {
                    name: author.name,
                    email: author.email,
                })
        };
        Ok(answer(outcome, author))
    })
    .await
}

/// `POST /_edit/api/publish`: keeps the author given (when git had none), then
/// publishes with the message given, the conflicts decided for "keep mine" kept.
pub(crate) async fn publish(
    State(editor): State<Arc<Editor>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: PublishRequest = json_body(&headers, body)?;
    // One publish at a time: two would race for the branch. Saves go on meanwhile; the
    // engine combines a save made while publishing with what it published.
    let _publishing = editor.publishing.lock().await;
    let editor = editor.clone();
    blocking(move || {
        let content_dir = &editor.options.content_dir;
        if let Some(author) = request.author {
            let author = sitegen_publish::Author {
                name: author.name,
                email: author.email,
            };
            if let Err(error) = sitegen_publish::set_author(content_dir, &author) {
                return Ok(answer(Err(error), || None));
            }
        }
        let outcome = sitegen_publish::publish(&PublishOptions {
            content_dir: content_dir.clone(),
            message: Some(request.message),
            dry_run: false,
            prompt: false,
            keep_mine: request.keep_mine.into_iter().map(value_conflict).collect(),
        });
        Ok(answer(outcome, || None))
    })
    .await
}

/// `GET /_edit/api/history?path=&id=`.
pub(crate) async fn history(
    State(editor): State<Arc<Editor>>,
    asked: Result<Query<FileQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let asked = query(asked)?;
    blocking(move || {
        let (file, _) = content_file(&editor, &asked.path)?;
        if asked.id.is_some() && entry_table(file).is_none() {
            return Err(ApiError::bad_request(format!(
                "{} is one document: its history names no id",
                file.path
            )));
        }
        let versions =
            sitegen_publish::history(&editor.options.content_dir, file.path, asked.id.as_deref())
                .map_err(|error| ApiError::io(format!("{} ({})", error, error.code().code())))?;
        let answer = api::History {
            versions: versions
                .into_iter()
                .map(|version| api::HistoryVersion {
                    commit: version.commit,
                    author: version.author,
                    email: version.email,
                    date: version.date,
                    subject: version.subject,
                    value: version.value,
                })
                .collect(),
        };
        Ok(reply(StatusCode::OK, &answer))
    })
    .await
}

fn answer(
    outcome: Result<Outcome, PublishError>,
    author: impl FnOnce() -> Option<api::PublishAuthor>,
) -> Response {
    let lines = |plan: &sitegen_publish::Plan| -> Vec<String> {
        plan.changes.iter().map(ToString::to_string).collect()
    };
    let answer = match outcome {
        Ok(Outcome::NothingToPublish) => PublishAnswer::Nothing { author: author() },
        Ok(Outcome::DryRun(plan)) => PublishAnswer::Plan {
            changes: lines(&plan),
            whole_files: plan.whole_files.clone(),
            message: plan.message,
            remote: plan.remote,
            branch: plan.branch,
            author: author(),
        },
        Ok(Outcome::Published {
            plan,
            commit,
            combined,
        }) => PublishAnswer::Published {
            changes: lines(&plan),
            commit,
            remote: plan.remote,
            branch: plan.branch,
            combined,
        },
        Err(error) => {
            let code = error.code();
            let conflicts = match &error {
                PublishError::Conflicts(found) => found.iter().map(publish_conflict).collect(),
                _ => Vec::new(),
            };
            let answer = PublishAnswer::Refused {
                code: code.code().to_string(),
                title: code.title().to_string(),
                message: error.to_string(),
                hint: code.hint().to_string(),
                conflicts,
            };
            return reply(StatusCode::CONFLICT, &answer);
        }
    };
    reply(StatusCode::OK, &answer)
}

fn entry_id(id: &str) -> api::EntryId {
    id.parse::<i64>()
        .map_or_else(|_| api::EntryId::Text(id.to_string()), api::EntryId::Number)
}

fn publish_conflict(conflict: &ValueConflict) -> api::PublishConflict {
    api::PublishConflict {
        path: conflict.path.clone(),
        entry: conflict.entry.as_ref().map(|entry| api::ConflictEntry {
            array: entry.array.clone(),
            id: entry_id(&entry.id),
            title: entry.title.clone(),
            words: entry.to_string(),
        }),
        field: conflict.field.clone(),
        ours: conflict.ours.clone(),
        theirs: conflict.theirs.clone(),
        words: conflict.to_string(),
    }
}

fn value_conflict(conflict: api::PublishConflict) -> ValueConflict {
    ValueConflict {
        path: conflict.path,
        entry: conflict.entry.map(|entry| EntryName {
            array: entry.array,
            id: match entry.id {
                api::EntryId::Number(number) => number.to_string(),
                api::EntryId::Text(text) => text,
            },
            title: entry.title,
        }),
        field: conflict.field,
        ours: conflict.ours,
        theirs: conflict.theirs,
    }
}
