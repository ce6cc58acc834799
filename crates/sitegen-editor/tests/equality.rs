//! The editor's check is `sitegen check`'s: on a corpus of invalid fixtures made from
//! the valid site (one bad value of every value of every file: a number for a text,
//! an empty text, a text for a number or a flag), the set of (code, file, line,
//! column, message) a save reports equals what `sitegen check` reports for the same
//! text on disk.

mod common;

use std::collections::BTreeSet;

use axum::http::StatusCode;
use common::Site;
use serde_json::{json, Value};
use sitegen_content::{LoadOptions, Location, CONTENT_FILES};
use sitegen_edit::{ContentEdit, FieldPath, PathStep};

type Problem = (String, Option<String>, Option<usize>, Option<usize>, String);

/// The paths of every scalar of `json`, as JSON lists.
fn leaves(json: &Value, path: Vec<Value>, out: &mut Vec<Vec<Value>>) {
    match json {
        Value::Object(object) => object
            .iter()
            .for_each(|(key, value)| leaves(value, [path.clone(), vec![json!(key)]].concat(), out)),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .for_each(|(at, value)| leaves(value, [path.clone(), vec![json!(at)]].concat(), out)),
        _ => out.push(path),
    }
}

fn bad_values(old: &Value) -> Vec<Value> {
    match old {
        Value::String(_) => vec![json!(42), json!("")],
        Value::Number(_) => vec![json!("x"), json!(-1)],
        Value::Bool(_) => vec![json!("yes")],
        _ => vec![],
    }
}

fn field(path: &[Value]) -> FieldPath {
    FieldPath(
        path.iter()
            .map(|step| match step {
                Value::String(key) => PathStep::Key(key.clone()),
                other => PathStep::Index(other.as_u64().unwrap() as usize),
            })
            .collect(),
    )
}

fn from_editor(problems: &Value) -> BTreeSet<Problem> {
    problems
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["code"].as_str().unwrap().to_string(),
                p["file"].as_str().map(str::to_string),
                p["line"].as_u64().map(|n| n as usize),
                p["column"].as_u64().map(|n| n as usize),
                p["message"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn from_check(report: &sitegen_content::LoadReport) -> BTreeSet<Problem> {
    report
        .diagnostics
        .iter()
        .map(|d| {
            let file = d.location.path().map(|path| {
                let mut parts = path.components();
                parts.next();
                parts.as_path().to_string_lossy().replace('\\', "/")
            });
            let (line, column) = match d.location {
                Location::Text { line, column, .. } => (Some(line), Some(column)),
                _ => (None, None),
            };
            (
                d.code.code().to_string(),
                file,
                line,
                column,
                d.message.clone(),
            )
        })
        .collect()
}

#[tokio::test]
async fn the_editors_problems_are_sitegen_checks_on_a_corpus_of_invalid_fixtures() {
    let site = Site::new();
    // The same site again, where each fixture is written for `sitegen check`.
    let on_disk = tempfile::tempdir().unwrap();
    let checked = on_disk.path().join("content");
    sitegen_content::testing::copy_dir(&site.content, &checked);

    let mut fixtures = Vec::new();
    for file in CONTENT_FILES
        .iter()
        .filter(|f| site.content.join(f.path).exists())
    {
        let mut edit = ContentEdit::open_document(&site.content, file.path).unwrap();
        let whole = edit.get_json(None, &FieldPath::default()).unwrap();
        let mut paths = Vec::new();
        leaves(&whole, Vec::new(), &mut paths);
        for path in paths {
            let old = edit.get_json(None, &field(&path)).unwrap();
            for bad in bad_values(&old) {
                fixtures.push((file.path, path.clone(), bad));
            }
        }
    }
    // Every third, in file order: every file and kind of value, in a test's time.
    let (mut invalid, mut compared) = (0, 0);
    for (path, steps, bad) in fixtures.into_iter().step_by(3) {
        let original = site.read(path);
        let (status, body) = site
            .save(
                json!({ "path": path, "changes": [{ "op": "set", "field": steps, "value": bad }] }),
            )
            .await;
        let editor = match status {
            StatusCode::UNPROCESSABLE_ENTITY => from_editor(&body["problems"]),
            StatusCode::OK => {
                site.write(path, &original);
                from_editor(&body["warnings"])
            }
            other => panic!("{path} {steps:?} = {bad}: {other} {body}"),
        };

        let mut edit = ContentEdit::open_document(&checked, path).unwrap();
        edit.set_json(None, &field(&steps), &bad, None).unwrap();
        std::fs::write(checked.join(path), edit.text().0).unwrap();
        let report = sitegen_render::check(&checked, &LoadOptions::default());
        std::fs::write(checked.join(path), &original).unwrap();
        compared += 1;
        if report.errors() > 0 {
            invalid += 1;
        }
        assert_eq!(
            editor,
            from_check(&report),
            "{path} {steps:?} = {bad}: the editor's problems (left) differ from sitegen check's"
        );
    }
    eprintln!("{compared} fixtures compared, {invalid} invalid");
    assert!(invalid >= 100, "only {invalid} invalid fixtures");
}
