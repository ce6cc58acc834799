//! Editing by JSON: documents by paths from their root, merging, conflicts against the
//! value read, and the writes that change nothing.

use serde_json::json;

use crate::*;
use sitegen_content::files::PRODUCTS;

/// A content folder holding `file` with `text`.
fn folder(file: &str, text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(file), text).unwrap();
    let content = dir.path().to_path_buf();
    (dir, content)
}

fn path(steps: &[serde_json::Value]) -> FieldPath {
    FieldPath(
        steps
            .iter()
            .map(|step| match step {
                serde_json::Value::String(key) => PathStep::Key(key.clone()),
                other => PathStep::Index(other.as_u64().unwrap() as usize),
            })
            .collect(),
    )
}

const SITE: &str = "# The company.\nname = \"Acme\" # shown everywhere\n\n[contact]\n# Office hours too.\nphone = '+91 1234' # the main line\nemails = [\"a@x.in\",  \"b@x.in\"]\n\n[[office]]\ncity = \"Vasai\"\n";

#[test]
fn a_documents_value_is_set_by_its_path_keeping_every_other_byte() {
    let (_dir, content) = folder("site.toml", SITE);
    let mut edit = ContentEdit::open_document(&content, "site.toml").unwrap();
    let phone = path(&[json!("contact"), json!("phone")]);
    assert_eq!(edit.get_json(None, &phone).unwrap(), json!("+91 1234"));
    edit.set_json(None, &phone, &json!("+91 5678"), None)
        .unwrap();
    edit.set_json(
        None,
        &path(&[json!("contact"), json!("emails"), json!(1)]),
        &json!("c@x.in"),
        None,
    )
    .unwrap();
    edit.set_json(
        None,
        &path(&[json!("office"), json!(0), json!("city")]),
        &json!("Pune"),
        None,
    )
    .unwrap();
    assert_eq!(
        edit.text().0,
        SITE.replace("'+91 1234'", "'+91 5678'")
            .replace("\"b@x.in\"", "\"c@x.in\"")
            .replace("Vasai", "Pune")
    );
}

#[test]
fn setting_the_values_already_there_changes_no_byte_and_writes_nothing() {
    let (_dir, content) = folder("site.toml", SITE);
    let mut edit = ContentEdit::open_document(&content, "site.toml").unwrap();
    let whole = edit.get_json(None, &FieldPath::default()).unwrap();
    for (key, value) in whole.as_object().unwrap() {
        edit.set_json(None, &FieldPath::key(key), value, Some(value))
            .unwrap();
    }
    assert_eq!(edit.text().0, SITE);
    assert!(!edit.commit().unwrap());
}

#[test]
fn an_object_is_merged_key_by_key() {
    let (_dir, content) = folder("site.toml", SITE);
    let mut edit = ContentEdit::open_document(&content, "site.toml").unwrap();
    let contact = json!({ "phone": "+91 1234", "emails": ["a@x.in", "b@x.in"], "fax": "1" });
    edit.set_json(None, &FieldPath::key("contact"), &contact, None)
        .unwrap();
    let text = edit.text().0;
    assert!(
        text.contains("phone = '+91 1234' # the main line\n"),
        "{text}"
    );
    assert!(text.contains("fax = \"1\""), "{text}");
    // A key left out of the object is removed.
    edit.set_json(
        None,
        &FieldPath::key("contact"),
        &json!({ "phone": "+91 1234" }),
        None,
    )
    .unwrap();
    let text = edit.text().0;
    assert!(!text.contains("emails") && !text.contains("fax"), "{text}");
}

#[test]
fn null_removes_and_one_past_the_end_appends() {
    let (_dir, content) = folder("site.toml", SITE);
    let mut edit = ContentEdit::open_document(&content, "site.toml").unwrap();
    let emails = |at| path(&[json!("contact"), json!("emails"), json!(at)]);
    edit.set_json(None, &emails(2), &json!("d@x.in"), None)
        .unwrap();
    edit.set_json(None, &emails(0), &serde_json::Value::Null, None)
        .unwrap();
    assert_eq!(
        edit.get_json(None, &FieldPath::key("contact")).unwrap()["emails"],
        json!(["b@x.in", "d@x.in"])
    );
    edit.set_json(
        None,
        &path(&[json!("office"), json!(1)]),
        &json!({ "city": "Thane" }),
        None,
    )
    .unwrap();
    assert!(
        edit.text().0.ends_with("[[office]]\ncity = \"Thane\"\n"),
        "{}",
        edit.text().0
    );
    edit.set_json(
        None,
        &path(&[json!("office"), json!(0)]),
        &serde_json::Value::Null,
        None,
    )
    .unwrap();
    assert!(!edit.text().0.contains("Vasai"));
    edit.set_json(
        None,
        &FieldPath::key("name"),
        &serde_json::Value::Null,
        None,
    )
    .unwrap();
    assert!(!edit.text().0.contains("Acme"));
    // Two past the end is nowhere.
    let error = edit
        .set_json(None, &emails(9), &json!("x"), None)
        .unwrap_err();
    assert!(matches!(error, EditError::NoSuchField { .. }), "{error}");
    let error = edit
        .set_json(None, &FieldPath::key("name"), &json!([1, null]), None)
        .unwrap_err();
    assert!(matches!(error, EditError::WrongValue { .. }), "{error}");
}

#[test]
fn a_value_changed_on_disk_since_it_was_read_is_a_conflict() {
    let (_dir, content) = folder("site.toml", SITE);
    let mut edit = ContentEdit::open_document(&content, "site.toml").unwrap();
    let name = FieldPath::key("name");
    // The editor read "Old name"; the disk now says "Acme".
    let conflict = edit
        .set_json(None, &name, &json!("Mine"), Some(&json!("Old name")))
        .unwrap();
    assert_eq!(
        conflict,
        Some(Conflict {
            disk: json!("Acme"),
            yours: json!("Mine")
        })
    );
    assert!(!edit.is_changed());
    // Read as it is on disk: no conflict.
    assert_eq!(
        edit.set_json(None, &name, &json!("Mine"), Some(&json!("Acme")))
            .unwrap(),
        None
    );
    // The disk changed to the same value: nothing to refuse.
    let mut again = ContentEdit::open_document(&content, "site.toml").unwrap();
    assert_eq!(
        again
            .set_json(None, &name, &json!("Acme"), Some(&json!("Old")))
            .unwrap(),
        None
    );
    // A value added on disk where the editor read none.
    let phone = path(&[json!("contact"), json!("phone")]);
    assert!(again
        .set_json(None, &phone, &json!("1"), Some(&serde_json::Value::Null))
        .unwrap()
        .is_some());
}

#[test]
fn an_entrys_values_are_set_by_paths_from_the_entry() {
    let (_dir, content) = folder(
        "products.toml",
        "[[product]]\nid = 1\ntitle = \"A\"\n\n[[product]]\nid = 2 # second\ntitle = \"B\"\n",
    );
    let mut edit = ContentEdit::open(&content, &PRODUCTS).unwrap();
    let id = EntryId::Number(2);
    assert_eq!(
        edit.get_json(Some(&id), &FieldPath::key("title")).unwrap(),
        json!("B")
    );
    edit.set_json(
        Some(&id),
        &FieldPath::key("title"),
        &json!("C"),
        Some(&json!("B")),
    )
    .unwrap();
    assert_eq!(
        edit.text().0,
        "[[product]]\nid = 1\ntitle = \"A\"\n\n[[product]]\nid = 2 # second\ntitle = \"C\"\n"
    );
    let error = edit
        .set_json(
            Some(&EntryId::Number(3)),
            &FieldPath::key("title"),
            &json!("x"),
            None,
        )
        .unwrap_err();
    assert_eq!(error.to_string(), "no product has id 3");
}

#[test]
fn a_document_locator_gives_paths_from_the_root() {
    let locator = Locator::new(SITE, "");
    let at = |line, column| locator.at(line, column).unwrap().field.to_string();
    assert_eq!(at(2, 1), "name");
    assert_eq!(at(6, 9), "contact.phone");
    assert_eq!(at(7, 23), "emails[1]".replace("emails", "contact.emails"));
    assert_eq!(at(10, 8), "office[0].city");
    assert_eq!(locator.at(6, 9).unwrap().id, None);
}

#[test]
fn a_write_is_refused_when_the_disk_is_not_what_was_expected() {
    let (_dir, content) = folder("site.toml", SITE);
    let file = content.join("site.toml");
    let error = write_if_unchanged(&file, b"something else", b"new").unwrap_err();
    assert!(matches!(error, EditError::ChangedOnDisk { .. }));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), SITE);
    write_if_unchanged(&file, SITE.as_bytes(), b"new").unwrap();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "new");
}

#[test]
fn a_crlf_file_stays_crlf_and_line_breaks_of_values_are_escaped() {
    let text = "[[product]]\r\nid = 1 # one\r\ntitle = \"A\"\r\n";
    let (_dir, content) = folder("products.toml", text);
    let mut edit = ContentEdit::open(&content, &PRODUCTS).unwrap();
    let id = EntryId::Number(1);
    edit.set_json(
        Some(&id),
        &FieldPath::key("title"),
        &json!("two\nlines"),
        None,
    )
    .unwrap();
    edit.apply(Change::Set {
        entry: id,
        field: FieldPath::key("description"),
        value: Some("from\r\na sheet".into()),
    })
    .unwrap();
    assert_eq!(
        edit.text().0,
        "[[product]]\r\nid = 1 # one\r\ntitle = \"two\\nlines\"\r\ndescription = \"from\\r\\na sheet\"\r\n"
    );
}
