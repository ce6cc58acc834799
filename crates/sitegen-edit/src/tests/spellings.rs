//! Every spelling of TOML survives a change: a string keeps its quotes, a list its
//! lines, a table its dotted keys or `[[…]]` headers, and a new entry or item is
//! written like those around it.

use serde_json::json;

use crate::*;

/// A content folder holding `file` with `text`.
fn folder(file: &str, text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(file), text).unwrap();
    let content = dir.path().to_path_buf();
    (dir, content)
}

fn keys(steps: &[&str]) -> FieldPath {
    FieldPath(
        steps
            .iter()
            .map(|key| PathStep::Key(key.to_string()))
            .collect(),
    )
}

const NAVIGATION: &str = "[[item]]\nlabel = \"Home\"\nto = \"/\"\n\n[footer]\nquick_links = [\n  { label = \"Home\", to = \"/\" },\n  { label = \"Products\", to = \"/products\" },\n  { label = \"Contact\", to = \"/contact\" },\n]\n";

#[test]
fn adding_a_quick_link_changes_only_the_new_items_bytes() {
    let (_dir, content) = folder("navigation.toml", NAVIGATION);
    let quick_links = keys(&["footer", "quick_links"]);
    let with_blogs = NAVIGATION.replace(
        "  { label = \"Contact\", to = \"/contact\" },\n",
        "  { label = \"Contact\", to = \"/contact\" },\n  { label = \"Blogs\", to = \"/blogs\" },\n",
    );

    // The editor's list sends the whole list…
    let mut edit = ContentEdit::open_document(&content, "navigation.toml").unwrap();
    let mut links = edit.get_json(None, &quick_links).unwrap();
    let base = links.clone();
    links
        .as_array_mut()
        .unwrap()
        .push(json!({ "label": "Blogs", "to": "/blogs" }));
    edit.set_json(None, &quick_links, &links, Some(&base))
        .unwrap();
    assert_eq!(edit.text().0, with_blogs);

    // …or the one item one past the end.
    let mut edit = ContentEdit::open_document(&content, "navigation.toml").unwrap();
    let after_last = quick_links.clone().then(PathStep::Index(3));
    edit.set_json(
        None,
        &after_last,
        &json!({ "to": "/blogs", "label": "Blogs" }),
        None,
    )
    .unwrap();
    assert_eq!(edit.text().0, with_blogs);
}

#[test]
fn removing_or_inserting_a_quick_link_changes_only_that_items_line() {
    let (_dir, content) = folder("navigation.toml", NAVIGATION);
    let quick_links = keys(&["footer", "quick_links"]);
    let products = "  { label = \"Products\", to = \"/products\" },\n";

    let mut edit = ContentEdit::open_document(&content, "navigation.toml").unwrap();
    let mut links = edit.get_json(None, &quick_links).unwrap();
    links.as_array_mut().unwrap().remove(1);
    edit.set_json(None, &quick_links, &links, None).unwrap();
    assert_eq!(edit.text().0, NAVIGATION.replace(products, ""));

    let mut edit = ContentEdit::open_document(&content, "navigation.toml").unwrap();
    let mut links = edit.get_json(None, &quick_links).unwrap();
    (links.as_array_mut().unwrap()).insert(1, json!({ "label": "About", "to": "/about" }));
    edit.set_json(None, &quick_links, &links, None).unwrap();
    let about = "  { label = \"About\", to = \"/about\" },\n";
    assert_eq!(
        edit.text().0,
        NAVIGATION.replace(products, &format!("{about}{products}"))
    );
}

const PRODUCTS: &str = "[[product]]\nid = 1\ntitle = \"Slit Lamp\"\ndescription = \"A lamp.\"\ncategory = \"ophthalmic\"\nsubcategory = \"General\"\n";

#[test]
fn a_new_entry_has_its_keys_in_the_order_of_the_files_entries() {
    let (_dir, content) = folder("products.toml", PRODUCTS);
    let mut edit = ContentEdit::open(&content, &sitegen_content::files::PRODUCTS).unwrap();
    let entry = json!({
        "category": "ophthalmic",
        "description": "A scope.",
        "id": 2,
        "subcategory": "General",
        "title": "Scope",
        "brand": "Acme",
    });
    let entry = json::json_table(&entry).unwrap();
    edit.apply(Change::Add { entry }).unwrap();
    assert_eq!(
        edit.text().0,
        format!("{PRODUCTS}\n[[product]]\nid = 2\ntitle = \"Scope\"\ndescription = \"A scope.\"\ncategory = \"ophthalmic\"\nsubcategory = \"General\"\nbrand = \"Acme\"\n")
    );
}

#[test]
fn a_table_added_to_an_array_of_tables_has_its_keys_in_its_siblings_order() {
    let text =
        "[[social]]\nlabel = \"Facebook\"\nkind = \"facebook\"\nurl = \"https://facebook.com/x\"\n";
    let (_dir, content) = folder("site.toml", text);
    let mut edit = ContentEdit::open_document(&content, "site.toml").unwrap();
    let second = FieldPath::key("social").then(PathStep::Index(1));
    let new = json!({ "url": "https://x.com/x", "label": "X", "kind": "x" });
    edit.set_json(None, &second, &new, None).unwrap();
    assert_eq!(
        edit.text().0,
        format!("{text}\n[[social]]\nlabel = \"X\"\nkind = \"x\"\nurl = \"https://x.com/x\"\n")
    );
}

#[test]
fn a_changed_string_keeps_its_spelling_when_its_text_allows() {
    let text = "a = 'C:\\path' # literal\nb = \"\"\"\nline one\nline two\"\"\"\nc = '''\nraw\\lines'''\nd = 'plain'\n";
    let (_dir, content) = folder("doc.toml", text);
    let mut edit = ContentEdit::open_document(&content, "doc.toml").unwrap();
    let set = |edit: &mut ContentEdit, key: &str, value: &str| {
        edit.set_json(None, &FieldPath::key(key), &json!(value), None)
            .unwrap();
    };
    set(&mut edit, "a", "D:\\other");
    set(&mut edit, "b", "line \"one\"\nline three");
    set(&mut edit, "c", "raw\\more\nlines");
    // A quote cannot be in a literal string: the text is then a basic string.
    set(&mut edit, "d", "it's");
    assert_eq!(
        edit.text().0,
        "a = 'D:\\other' # literal\nb = \"\"\"\nline \\\"one\\\"\nline three\"\"\"\nc = '''\nraw\\more\nlines'''\nd = \"it's\"\n"
    );
}

#[test]
fn dotted_keys_stay_dotted_when_set_or_added() {
    let text = "name = \"Acme\"\ncontact.phone = \"+91 1\" # main\ncontact.\"e-mail\" = 'a@x.in'\n";
    let (_dir, content) = folder("site.toml", text);
    let mut edit = ContentEdit::open_document(&content, "site.toml").unwrap();
    edit.set_json(None, &keys(&["contact", "phone"]), &json!("+91 2"), None)
        .unwrap();
    edit.set_json(None, &keys(&["contact", "e-mail"]), &json!("b@x.in"), None)
        .unwrap();
    edit.set_json(None, &keys(&["contact", "fax"]), &json!("+91 3"), None)
        .unwrap();
    assert_eq!(
        edit.text().0,
        "name = \"Acme\"\ncontact.phone = \"+91 2\" # main\ncontact.\"e-mail\" = 'b@x.in'\ncontact.fax = \"+91 3\"\n"
    );
}

const SPEC_TABLES: &str = "[[product]]\nid = 1\ntitle = \"Lamp\"\n\n[[product.specifications]]\nname = \"Weight\"\nvalue = '12 kg' # net\n\n# The power the lamp draws.\n[[product.specifications]]\nname = \"Power\"\nvalue = \"20 W\"\n\n[[product]]\nid = 2\ntitle = \"Scope\"\n";

#[test]
fn specifications_written_as_tables_are_changed_as_tables() {
    let (_dir, content) = folder("products.toml", SPEC_TABLES);
    let mut edit = ContentEdit::open(&content, &sitegen_content::files::PRODUCTS).unwrap();
    let spec = |at: usize| FieldPath::key("specifications").then(PathStep::Index(at));
    let one = EntryId::Number(1);
    let mut colour = toml_edit::InlineTable::new();
    colour.insert("value", "Blue".into());
    colour.insert("name", "Colour".into());
    let changes = [
        (
            spec(0).then(PathStep::Key("value".into())),
            Some("13 kg".into()),
        ),
        (spec(1), None),
        (spec(1), Some(Value::InlineTable(colour))),
    ];
    for (field, value) in changes {
        edit.apply(Change::Set {
            entry: one.clone(),
            field,
            value,
        })
        .unwrap();
    }
    assert_eq!(
        edit.text().0,
        "[[product]]\nid = 1\ntitle = \"Lamp\"\n\n[[product.specifications]]\nname = \"Weight\"\nvalue = '13 kg' # net\n\n[[product.specifications]]\nname = \"Colour\"\nvalue = \"Blue\"\n\n[[product]]\nid = 2\ntitle = \"Scope\"\n"
    );
}

#[test]
fn a_position_in_a_specification_table_is_located_at_its_field() {
    let locator = Locator::new(SPEC_TABLES, "product");
    let line = SPEC_TABLES
        .lines()
        .position(|l| l == "value = \"20 W\"")
        .unwrap()
        + 1;
    let at = locator.at(line, 9).unwrap();
    assert_eq!(at.id, Some(EntryId::Number(1)));
    assert_eq!(
        at.field,
        FieldPath::key("specifications")
            .then(PathStep::Index(1))
            .then(PathStep::Key("value".into()))
    );
    let second = SPEC_TABLES.lines().position(|l| l == "id = 2").unwrap() + 1;
    assert_eq!(locator.at(second, 1).unwrap().id, Some(EntryId::Number(2)));
}

#[test]
fn a_save_of_the_values_as_read_keeps_dotted_keys_apart() {
    let text = "contact.phone = \"+91 1\"\nname = \"Acme\"\ncontact.email = 'a@x.in'\n";
    let (_dir, content) = folder("site.toml", text);
    let mut edit = ContentEdit::open_document(&content, "site.toml").unwrap();
    let whole = edit.get_json(None, &FieldPath::default()).unwrap();
    for (key, value) in whole.as_object().unwrap() {
        edit.set_json(None, &FieldPath::key(key), value, Some(value))
            .unwrap();
    }
    assert_eq!(edit.text().0, text);
    assert!(!edit.commit().unwrap());
}

#[test]
fn an_item_added_to_a_list_leaves_the_comments_on_their_lines() {
    let text = "links = [\n  \"a\", # first\n  \"b\", # second\n]\nbare = [\n  \"a\",\n  \"b\" # last\n]\nwords = [ \"x\", \"y\" ]\n";
    let (_dir, content) = folder("doc.toml", text);
    let set = |list: &str, value: serde_json::Value| {
        let mut edit = ContentEdit::open_document(&content, "doc.toml").unwrap();
        edit.set_json(None, &FieldPath::key(list), &value, None)
            .unwrap();
        edit.text().0
    };
    assert_eq!(
        set("links", json!(["a", "b", "c"])),
        text.replace("  \"b\", # second\n", "  \"b\", # second\n  \"c\",\n")
    );
    assert_eq!(
        set("links", json!(["a", "z", "b"])),
        text.replace("  \"a\", # first\n", "  \"a\", # first\n  \"z\",\n")
    );
    assert_eq!(
        set("bare", json!(["a", "b", "c"])),
        text.replace("  \"b\" # last\n]", "  \"b\", # last\n  \"c\"\n]")
    );
    assert_eq!(
        set("words", json!(["x", "y", "w"])),
        text.replace("[ \"x\", \"y\" ]", "[ \"x\", \"y\", \"w\" ]")
    );
}

#[test]
fn an_item_removed_from_a_list_takes_its_own_line_and_comment_only() {
    let text = "links = [\n  \"a\", # first\n  # about b\n  \"b\", # second\n  \"c\", # third\n]\nbare = [\n  \"a\",\n  \"b\" # last\n]\nwords = [ \"x\", \"y\" ]\n";
    let (_dir, content) = folder("doc.toml", text);
    let set = |list: &str, value: serde_json::Value| {
        let mut edit = ContentEdit::open_document(&content, "doc.toml").unwrap();
        edit.set_json(None, &FieldPath::key(list), &value, None)
            .unwrap();
        edit.text().0
    };
    assert_eq!(
        set("links", json!(["a", "c"])),
        text.replace("  # about b\n  \"b\", # second\n", "")
    );
    assert_eq!(
        set("links", json!(["a", "b"])),
        text.replace("  \"c\", # third\n", "")
    );
    assert_eq!(
        set("links", json!(["b", "c"])),
        text.replace("  \"a\", # first\n", "")
    );
    assert_eq!(
        set("bare", json!(["a"])),
        text.replace("  \"a\",\n  \"b\" # last\n]", "  \"a\"\n]")
    );
    assert_eq!(
        set("words", json!(["y"])),
        text.replace("[ \"x\", \"y\" ]", "[ \"y\" ]")
    );
}
