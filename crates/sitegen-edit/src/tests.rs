mod bytes;
mod json;
mod spellings;
mod splice;

use super::*;
use sitegen_content::files::PRODUCTS;
use sitegen_content::testing::{copy_dir, valid_content_dir};
use toml_edit::value;

/// A copy of the valid fixture site.
fn site() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    copy_dir(&valid_content_dir(), &content);
    (dir, content)
}

fn set(id: i64, field: &str, to: impl Into<Value>) -> Change {
    Change::Set {
        entry: EntryId::Number(id),
        field: FieldPath::key(field),
        value: Some(to.into()),
    }
}

#[test]
fn a_set_value_changes_only_its_own_bytes() {
    let (_dir, content) = site();
    let path = content.join("products.toml");
    let before = std::fs::read_to_string(&path)
        .unwrap()
        .replace("id = 13\n", "id = 13 # keep this comment\n")
        .replace("title = \"Dialyser", "title = 'Dialyser")
        .replace("Reprocessing Unit\"", "Reprocessing Unit'");
    std::fs::write(&path, &before).unwrap();
    let mut edit = ContentEdit::open(&content, &PRODUCTS).unwrap();
    edit.apply(set(13, "title", "Dialyser Reprocessor"))
        .unwrap();
    assert_eq!(edit.check(&LoadOptions::default()).errors(), 0);
    assert!(edit.commit().unwrap());
    let after = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        after,
        before.replace("'Dialyser Reprocessing Unit'", "'Dialyser Reprocessor'")
    );
    assert!(after.contains("id = 13 # keep this comment\n"));
}

#[test]
fn nothing_is_written_without_a_change() {
    let (_dir, content) = site();
    let edit = ContentEdit::open(&content, &PRODUCTS).unwrap();
    assert!(!edit.commit().unwrap());
    assert_eq!(edit.text().0, edit.original());
}

#[test]
fn a_nested_value_is_set_in_place() {
    let (_dir, content) = site();
    let path = content.join("products.toml");
    let before = std::fs::read_to_string(&path).unwrap().replacen(
        "subcategory = \"Dialysis Machines\"\n",
        "subcategory = \"Dialysis Machines\"\nspecifications = [ { name = \"Weight\", value = \"12 kg\" } ]\n",
        1,
    );
    std::fs::write(&path, &before).unwrap();
    let mut edit = ContentEdit::open(&content, &PRODUCTS).unwrap();
    let field = FieldPath::key("specifications")
        .then(PathStep::Index(0))
        .then(PathStep::Key("value".into()));
    edit.apply(Change::Set {
        entry: EntryId::Number(12),
        field,
        value: Some("13 kg".into()),
    })
    .unwrap();
    assert_eq!(edit.text().0, before.replace("\"12 kg\"", "\"13 kg\""));
}

#[test]
fn entries_are_added_after_the_last_and_removed_with_their_lines() {
    let (_dir, content) = site();
    let mut edit = ContentEdit::open(&content, &PRODUCTS).unwrap();
    let mut table = Table::new();
    table["id"] = value(edit.max_number_id() + 1);
    table["title"] = value("Infusion Pump");
    table["description"] = value("Placeholder description.");
    table["category"] = value("dialysis");
    table["subcategory"] = value("Dialysis Machines");
    edit.apply(Change::Add { entry: table }).unwrap();
    edit.apply(Change::Remove {
        entry: EntryId::Number(14),
    })
    .unwrap();
    let report = edit.check(&LoadOptions::default());
    assert_eq!(report.errors(), 0, "{:?}", report.diagnostics);
    let (text, line) = edit.text();
    assert!(!text.contains("id = 14\n"));
    let line = line.unwrap();
    assert_eq!(text.lines().nth(line - 1), Some("[[product]]"));
    assert!(text.ends_with("title = \"Infusion Pump\"\ndescription = \"Placeholder description.\"\ncategory = \"dialysis\"\nsubcategory = \"Dialysis Machines\"\n"));
}

#[test]
fn a_change_is_checked_across_files_before_it_is_written() {
    let (_dir, content) = site();
    let before = std::fs::read(content.join("products.toml")).unwrap();
    let mut edit = ContentEdit::open(&content, &PRODUCTS).unwrap();
    edit.apply(set(12, "category", "dialisys")).unwrap();
    let report = edit.check(&LoadOptions::default());
    let problem = &report.diagnostics[0];
    assert_eq!(problem.code, ErrorCode::UnknownCategory);
    assert_eq!(problem.hint.as_deref(), Some("did you mean \"dialysis\"?"));
    let (line, column) = (problem.location.line(), problem.location.column());
    let at = edit.locator().at(line, column).unwrap();
    assert_eq!(at.id, Some(EntryId::Number(12)));
    assert_eq!(at.field, FieldPath::key("category"));
    // Checking wrote nothing.
    assert_eq!(
        std::fs::read(content.join("products.toml")).unwrap(),
        before
    );
}

#[test]
fn a_file_changed_on_disk_since_it_was_read_is_not_overwritten() {
    let (_dir, content) = site();
    let path = content.join("products.toml");
    let mut edit = ContentEdit::open(&content, &PRODUCTS).unwrap();
    edit.apply(set(12, "title", "Changed here")).unwrap();
    let theirs = format!("{}# changed by another program\n", edit.original());
    std::fs::write(&path, &theirs).unwrap();
    let error = edit.commit().unwrap_err();
    assert!(matches!(error, EditError::ChangedOnDisk { .. }), "{error}");
    assert_eq!(
        error.to_diagnostic("content/products.toml".into()).code,
        ErrorCode::FileChangedOnDisk
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), theirs);
}

#[test]
fn a_change_of_a_missing_entry_or_field_is_refused() {
    let (_dir, content) = site();
    let mut edit = ContentEdit::open(&content, &PRODUCTS).unwrap();
    let error = edit.apply(set(999, "title", "x")).unwrap_err();
    assert_eq!(error.to_string(), "no product has id 999");
    let error = edit
        .apply(Change::Set {
            entry: EntryId::Number(12),
            field: FieldPath::key("specifications").then(PathStep::Index(3)),
            value: Some("x".into()),
        })
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "product 12 has no specifications[3] to change"
    );
    assert!(!edit.is_changed());
}

#[test]
fn edits_of_the_document_a_save_wrote_give_the_bytes_of_edits_of_the_file_parsed_again() {
    let (_dir, content) = site();
    let edits = [
        set(13, "title", "Dialyser Reprocessor"),
        set(13, "description", "Reprocesses dialysers."),
        Change::Set {
            entry: EntryId::Number(40),
            field: FieldPath::key("subcategory"),
            value: None,
        },
        set(12, "brand", "Acme"),
        Change::Remove {
            entry: EntryId::Number(13),
        },
        set(14, "title", "After a removal"),
    ];
    let mut written: Option<Written> = None;
    for change in edits {
        let mut parsed = ContentEdit::open(&content, &PRODUCTS).unwrap();
        let mut kept = match written.take() {
            Some(written) => ContentEdit::from_written(&content, PRODUCTS.path, "product", written),
            None => ContentEdit::open(&content, &PRODUCTS).unwrap(),
        };
        assert_eq!(kept.original(), parsed.original());
        parsed.apply(change.clone()).unwrap();
        kept.apply(change).unwrap();
        assert_eq!(kept.text(), parsed.text());
        assert!(kept.commit().unwrap());
        written = kept.into_written();
        assert_eq!(
            written.as_ref().map(Written::text),
            Some(parsed.text().0.as_str())
        );
    }
    // An entry added is inserted as text: the document alone no longer renders it.
    let mut edit = ContentEdit::from_written(&content, PRODUCTS.path, "product", written.unwrap());
    let mut entry = Table::new();
    entry.insert("id", value(900));
    edit.apply(Change::Add { entry }).unwrap();
    assert!(edit.into_written().is_none());
}
