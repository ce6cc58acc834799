//! The committed JSON Schemas (`schemas/` at the repository root) and the `#:schema`
//! directives of the real content stay in step with the Rust content model.

use std::fs;
use std::path::{Path, PathBuf};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `*.toml` under `content/`, relative to it, with `/` separators.
fn content_toml_files() -> Vec<String> {
    let content = repo_root().join("content");
    let mut files = Vec::new();
    let mut pending = vec![content.clone()];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if !path.ends_with("media") {
                    pending.push(path);
                }
            } else if path.extension().is_some_and(|e| e == "toml") {
                let relative = path.strip_prefix(&content).unwrap();
                files.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn committed_schema_files_equal_what_the_content_model_produces() {
    let dir = repo_root().join("schemas");
    let expected = sitegen_content::schema_files();
    let stale = "the JSON Schemas are out of date: run `sitegen gen` (or `sitegen schema`) \
                 at the repository root and commit schemas/";
    for (name, text) in &expected {
        let committed = fs::read_to_string(dir.join(name)).unwrap_or_default();
        assert!(committed == *text, "schemas/{name}: {stale}");
    }
    let mut on_disk: Vec<String> = fs::read_dir(&dir)
        .unwrap_or_else(|_| panic!("no schemas/ folder: {stale}"))
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".schema.json"))
        .collect();
    on_disk.sort();
    let mut names: Vec<String> = expected.iter().map(|(n, _)| n.to_string()).collect();
    names.sort();
    assert_eq!(on_disk, names, "schemas/ holds other files: {stale}");
}

#[test]
fn every_content_file_starts_with_the_schema_directive_of_its_kind() {
    let files = content_toml_files();
    assert!(files.len() >= 14, "{files:?}");
    for file in files {
        let schema = sitegen_content::schema_for(&file)
            .unwrap_or_else(|| panic!("content/{file} has no schema"));
        let up = "../".repeat(file.matches('/').count() + 1);
        let text = fs::read_to_string(repo_root().join("content").join(&file)).unwrap();
        let first = text.lines().next().unwrap_or_default();
        assert_eq!(
            first,
            format!("#:schema {up}schemas/{schema}"),
            "first line of content/{file}"
        );
        let target = repo_root()
            .join("content")
            .join(&file)
            .parent()
            .unwrap()
            .join(format!("{up}schemas/{schema}"));
        assert!(
            target.is_file(),
            "content/{file} points to a missing schema"
        );
    }
}

#[test]
fn the_loader_ignores_the_schema_directive_and_counts_its_line() {
    let report = sitegen_content::load(&repo_root().join("content"));
    let errors: Vec<String> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == sitegen_content::Severity::Error)
        .map(|d| d.to_string())
        .collect();
    assert_eq!(errors, Vec::<String>::new());

    let tmp = tempfile::tempdir().unwrap();
    let content = tmp.path().join("content");
    fs::create_dir_all(&content).unwrap();
    let site = fs::read_to_string(repo_root().join("content/site.toml")).unwrap();
    assert!(site.starts_with("#:schema ../schemas/site.schema.json\n"));
    let line = site
        .lines()
        .position(|l| l.starts_with("founded = "))
        .unwrap()
        + 1;
    fs::write(
        content.join("site.toml"),
        site.replacen("founded = ", "founded = \"x\" #", 1),
    )
    .unwrap();
    let report = sitegen_content::load(&content);
    let site_errors: Vec<String> = report
        .diagnostics
        .iter()
        .map(|d| d.to_string())
        .filter(|d| d.contains("\"founded\""))
        .collect();
    assert_eq!(site_errors.len(), 1, "{site_errors:?}");
    assert!(
        site_errors[0].starts_with(&format!("content/site.toml:{line}:11: error[E0103]:")),
        "{}",
        site_errors[0]
    );
}
