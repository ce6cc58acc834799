//! A save renders only the entries it changed: the text spliced from the one read
//! is, byte for byte, the text of the whole document rendered.

use serde_json::{json, Value as Json};
use sitegen_content::testing::fuzz::Rng;

use crate::*;

fn repository_text(relative: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../content")
        .join(relative);
    std::fs::read_to_string(path).unwrap()
}

fn edit_of(text: &str, array: &str) -> ContentEdit {
    ContentEdit::from_text(Path::new("content"), "file.toml", array, text.to_string()).unwrap()
}

/// The changed text, which must have been spliced; it is the whole rendering's.
fn spliced(edit: &ContentEdit) -> String {
    let whole = edit.render_whole().0;
    let Some((spliced, ranges)) = edit.spliced() else {
        panic!("not spliced:\n{whole}");
    };
    assert_same(&spliced, &whole);
    // The ranges a next save starts from are those a scan finds.
    assert_eq!(
        Some(ranges),
        locate::entry_ranges(&spliced, &edit.array),
        "the entries' ranges"
    );
    assert_eq!(edit.text().0, whole);
    spliced
}

/// The changed text, which must have been rendered whole.
fn rendered_whole(edit: &ContentEdit) -> String {
    assert!(edit.spliced().is_none(), "spliced");
    let (text, _) = edit.text();
    assert_eq!(text, edit.render_whole().0);
    text
}

fn assert_same(spliced: &str, whole: &str) {
    if spliced != whole {
        let at = spliced
            .bytes()
            .zip(whole.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        let from = spliced[..at].rfind('\n').map_or(0, |n| n + 1);
        panic!(
            "the splice differs at byte {at}:\n--- spliced\n{}\n--- whole\n{}",
            &spliced[from..(at + 200).min(spliced.len())],
            &whole[from..(at + 200).min(whole.len())]
        );
    }
}

fn number(id: i64) -> EntryId {
    EntryId::Number(id)
}

fn set(edit: &mut ContentEdit, id: &EntryId, field: FieldPath, value: Json) {
    assert_eq!(edit.set_json(Some(id), &field, &value, None).unwrap(), None);
}

fn remove(edit: &mut ContentEdit, id: EntryId) {
    edit.apply(Change::Remove { entry: id }).unwrap();
}

fn key(key: &str) -> FieldPath {
    FieldPath::key(key)
}

/// Each kind of edit, as a function of an edit and the ids of the file's first,
/// middle and last entries.
type Edit = fn(&mut ContentEdit, [EntryId; 3]);

const EDITS: &[(&str, Edit)] = &[
    ("title of the first", |e, [first, _, _]| {
        set(e, &first, key("title"), json!("New title"))
    }),
    ("title of the last", |e, [_, _, last]| {
        set(e, &last, key("title"), json!("New title"))
    }),
    (
        "description with quotes, line breaks, unicode",
        |e, [_, middle, _]| {
            set(
                e,
                &middle,
                key("description"),
                json!("He said \"fine\"\nthen\tleft — ünïcode ✓ 'single' \\ back"),
            )
        },
    ),
    ("a field it did not have", |e, [_, middle, _]| {
        set(e, &middle, key("brand"), json!("Acme"))
    }),
    (
        "a list it did not have, then an item of it",
        |e, [_, middle, _]| {
            set(e, &middle, key("aliases"), json!(["one", "two"]));
            let item = key("aliases").then(PathStep::Index(1));
            set(e, &middle, item, json!("deux"));
        },
    ),
    (
        "specifications it did not have, then one of them",
        |e, [first, _, _]| {
            let specifications = json!([{ "name": "Weight", "value": "12 kg" }]);
            set(e, &first, key("specifications"), specifications);
            let value = key("specifications")
                .then(PathStep::Index(0))
                .then(PathStep::Key("value".into()));
            set(e, &first, value, json!("13 kg"));
            let next = key("specifications").then(PathStep::Index(1));
            set(e, &first, next, json!({ "name": "Power", "value": "50 W" }));
        },
    ),
    ("a field removed", |e, [_, _, last]| {
        set(e, &last, key("subcategory"), Json::Null)
    }),
    ("the first removed", |e, [first, _, _]| remove(e, first)),
    ("the last removed", |e, [_, _, last]| remove(e, last)),
    ("several changed and removed", |e, [first, middle, last]| {
        set(e, &last, key("title"), json!("Last"));
        set(e, &first, key("title"), json!("First"));
        remove(e, middle.clone());
        set(e, &last, key("description"), json!("Changed twice"));
        set(e, &first, key("brand"), json!("Acme"));
    }),
    ("changed, then removed", |e, [_, middle, _]| {
        set(e, &middle, key("title"), json!("Soon gone"));
        remove(e, middle);
    }),
];

/// Ids of the first, a middle and the last entry of `edit`.
fn ends(edit: &ContentEdit) -> [EntryId; 3] {
    let ids: Vec<EntryId> = edit.entries().filter_map(EntryId::of).collect();
    [
        ids[0].clone(),
        ids[ids.len() / 2].clone(),
        ids[ids.len() - 1].clone(),
    ]
}

fn every_edit_is_spliced(text: &str, array: &str) {
    for (name, edit_with) in EDITS {
        let mut edit = edit_of(text, array);
        let ids = ends(&edit);
        edit_with(&mut edit, ids);
        let changed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| spliced(&edit)));
        let changed = changed.unwrap_or_else(|_| panic!("edit: {name}"));
        assert_ne!(changed, text, "{name}");
    }
}

#[test]
fn edits_of_the_repository_products_are_spliced_as_rendered_whole() {
    every_edit_is_spliced(&repository_text("products.toml"), "product");
}

#[test]
fn edits_of_both_arrays_of_the_certificates_are_spliced() {
    let text = repository_text("certificates.toml");
    for array in ["certificate", "registration"] {
        let mut edit = edit_of(&text, array);
        let [first, middle, last] = ends(&edit);
        set(&mut edit, &first, key("title"), json!("First"));
        set(&mut edit, &last, key("title"), json!("Last"));
        remove(&mut edit, middle);
        spliced(&edit);
    }
}

/// `count` products: those of the repository again and again with new ids.
fn many_products(count: usize) -> String {
    let text = repository_text("products.toml");
    let first = text.find("[[product]]").unwrap();
    let entries: Vec<&str> = text[first..]
        .split_inclusive("\n\n")
        .filter(|entry| entry.starts_with("[[product]]"))
        .collect();
    let mut many = text[..first].to_string();
    for n in 0..count {
        let entry = entries[n % entries.len()];
        let id_line = entry.lines().nth(1).unwrap();
        assert!(id_line.starts_with("id = "));
        many.push_str(&entry.replacen(id_line, &format!("id = {}", n + 1), 1));
    }
    many
}

#[test]
fn edits_of_thousands_of_products_are_spliced() {
    let text = many_products(3000);
    assert_eq!(text.matches("[[product]]").count(), 3000);
    every_edit_is_spliced(&text, "product");
}

#[test]
fn edits_of_the_document_a_save_wrote_are_spliced() {
    let text = repository_text("products.toml");
    let mut edit = edit_of(&text, "product");
    set(&mut edit, &number(3), key("title"), json!("Saved once"));
    let mut written = edit.into_written().unwrap();
    for (name, edit_with) in EDITS.iter().chain(EDITS) {
        let before = written.text().to_string();
        let mut kept =
            ContentEdit::from_written(Path::new("content"), "file.toml", "product", written);
        assert!(kept.read_ranges.is_some(), "{name}");
        let mut parsed = edit_of(&before, "product");
        let ids = ends(&kept);
        edit_with(&mut kept, ids.clone());
        edit_with(&mut parsed, ids);
        let changed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| spliced(&kept)));
        let changed = changed.unwrap_or_else(|_| panic!("edit: {name}"));
        assert_eq!(changed, parsed.text().0, "{name}");
        written = kept.into_written().unwrap();
        assert!(written.entry_ranges.is_some(), "{name}");
    }
}

const TRICKY: &str = r#"#:schema ../schemas/products.schema.json
# A [[product]] in a comment.
title = "root"

[other]
note = """
[[product]]
id = 99
# a comment"""

# The first product.
  [[product]]  # its header comment
id = 1 # one
title = "One"
description = """
A line.

[[product]]
# not a comment"""
aliases = [
  "a", # inside
  "b",
]
specs = { name = "x", "value" = 'y]' }

# Between.

[[product]]
id = 2
title = 'Two'
raw = '''
[[product]]
id = 3 '''
[product.details]
weight = "2 kg"
# Above its own tables.
[[product.parts]]
name = "lid"
[[product.parts]]
name = "base"

[[product]]
id = 3
title = "Three"
empty = {}
nested = [[1, 2], [3]]

# Before another kind.
[[registration]]
id = "r"

[[product]]
id = 4
title = "Four"
# At the end.

"#;

#[test]
fn strings_and_comments_that_look_like_headers_belong_to_their_entry() {
    let ranges = locate::entry_ranges(TRICKY, "product").unwrap();
    let starts: Vec<&str> = ranges
        .iter()
        .map(|range| TRICKY[range.clone()].trim_start().lines().next().unwrap())
        .collect();
    assert_eq!(
        starts,
        [
            "# The first product.",
            "# Between.",
            "[[product]]",
            "[[product]]"
        ],
        "{ranges:?}"
    );
    assert!(TRICKY[ranges[0].clone()].ends_with("specs = { name = \"x\", \"value\" = 'y]' }\n"));
    assert!(TRICKY[ranges[1].clone()].ends_with("name = \"base\"\n"));
    assert!(TRICKY[ranges[2].clone()].ends_with("nested = [[1, 2], [3]]\n"));
    assert!(TRICKY[ranges[3].clone()].ends_with("title = \"Four\"\n"));
    for id in 1..=4 {
        for (field, value) in [
            (key("title"), json!("Changed")),
            (key("added"), json!("new")),
            (key("id"), json!(id + 10)),
        ] {
            let mut edit = edit_of(TRICKY, "product");
            set(&mut edit, &number(id), field, value);
            spliced(&edit);
        }
        let mut edit = edit_of(TRICKY, "product");
        remove(&mut edit, number(id));
        spliced(&edit);
    }
    let mut edit = edit_of(TRICKY, "product");
    let part = key("parts")
        .then(PathStep::Index(1))
        .then(PathStep::Key("name".into()));
    set(&mut edit, &number(2), part, json!("bottom"));
    set(&mut edit, &number(2), key("details"), Json::Null);
    spliced(&edit);
}

#[test]
fn what_the_splice_cannot_be_sure_of_is_rendered_whole() {
    let text = repository_text("products.toml");
    let title = |edit: &mut ContentEdit| set(edit, &number(2), key("title"), json!("Changed"));
    let cases = [
        ("line ends converted", text.replace('\n', "\r\n")),
        (
            "one line end CRLF",
            text.replacen("id = 5\n", "id = 5\r\n", 1),
        ),
        ("a byte order mark", format!("\u{feff}{text}")),
        ("no last line end", text.trim_end().to_string()),
        (
            "a dotted key",
            text.replacen("id = 7\n", "id = 7\nx.y = 1\n", 1),
        ),
        (
            "a dotted key in an inline table",
            text.replacen("id = 7\n", "id = 7\nx = { y.z = 1 }\n", 1),
        ),
        (
            "a header with spaces",
            text.replacen("[[product]]\nid = 7", "[[ product ]]\nid = 7", 1),
        ),
        (
            "a quoted header",
            text.replacen("[[product]]\nid = 7", "[[\"product\"]]\nid = 7", 1),
        ),
        ("duplicate ids", text.replacen("id = 7\n", "id = 2\n", 1)),
    ];
    for (name, text) in cases {
        let mut edit = edit_of(&text, "product");
        title(&mut edit);
        let changed =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| rendered_whole(&edit)));
        let changed = changed.unwrap_or_else(|_| panic!("case: {name}"));
        assert!(changed.contains("title = \"Changed\""), "{name}");
    }
    let crlf = text.replace('\n', "\r\n");
    let mut edit = edit_of(&crlf, "product");
    title(&mut edit);
    assert_eq!(
        rendered_whole(&edit),
        crlf.replacen("title = \"Auto Refractometer\"", "title = \"Changed\"", 1)
    );

    // A change of the document's own keys.
    let mut edit = edit_of(&text, "product");
    title(&mut edit);
    edit.set_json(None, &key("note"), &json!("x"), None)
        .unwrap();
    rendered_whole(&edit);

    // An entry added.
    let mut edit = edit_of(&text, "product");
    title(&mut edit);
    let mut entry = Table::new();
    entry.insert("id", toml_edit::value(900));
    edit.apply(Change::Add { entry }).unwrap();
    assert!(edit.spliced().is_none());

    // A document edited by paths from its root.
    let mut edit = edit_of(&text, "");
    let path = key("product")
        .then(PathStep::Index(1))
        .then(PathStep::Key("title".into()));
    edit.set_json(None, &path, &json!("Changed"), None).unwrap();
    rendered_whole(&edit);
}

/// Random entries with comments, blank lines, multi-line strings and arrays, own
/// tables, and tables of other kinds between them.
fn random_products(rng: &mut Rng) -> String {
    let mut text = String::from("# Products\n");
    let lines = [
        "",
        "# a comment",
        "  # an indented comment",
        "# [[product]] in a comment",
        "\t",
    ];
    let values = [
        "\"plain\"",
        "'literal'",
        "\"\"\"\n[[product]]\nid = 0\n# not a comment\"\"\"",
        "'''\n[other]\n'''",
        "\"\"\"two\nlines\"\"\"\"\"",
        "[\n  1, # one\n  2,\n]",
        "{ a = \"]\", b = [1, [2]] }",
        "12 # a number",
        "\"with \\\"escaped\\\" quotes and \\\\\"",
    ];
    for id in 1..=(2 + rng.below(8)) {
        for _ in 0..rng.below(3) {
            text.push_str(lines[rng.below(lines.len())]);
            text.push('\n');
        }
        if rng.below(6) == 0 {
            text.push_str(&format!("[other_{id}]\nx = 1\n\n"));
        }
        text.push_str(["[[product]]\n", "[[product]] # header\n", "  [[product]]\n"][rng.below(3)]);
        text.push_str(&format!("id = {id}\n"));
        for field in 0..rng.below(4) {
            if rng.below(3) == 0 {
                text.push_str(lines[rng.below(lines.len())]);
                text.push('\n');
            }
            text.push_str(&format!("f{field} = {}\n", values[rng.below(values.len())]));
        }
        match rng.below(4) {
            0 => text.push_str("[product.own]\nx = \"y\"\n"),
            1 => text
                .push_str("\n[[product.parts]]\nname = \"a\"\n[[product.parts]]\nname = \"b\"\n"),
            _ => {}
        }
    }
    for _ in 0..rng.below(3) {
        text.push_str(lines[rng.below(lines.len())]);
        text.push('\n');
    }
    text
}

#[test]
fn random_edits_of_random_entries_are_spliced_as_rendered_whole() {
    let mut rng = Rng(0x5911CE_u64);
    for iteration in 0..400 {
        let text = random_products(&mut rng);
        let mut edit = edit_of(&text, "product");
        let count = edit.entries().count() as i64;
        let mut removed = Vec::new();
        for _ in 0..1 + rng.below(4) {
            let id = 1 + rng.below(count as usize) as i64;
            if removed.contains(&id) {
                continue;
            }
            match rng.below(5) {
                0 => {
                    remove(&mut edit, number(id));
                    removed.push(id);
                }
                1 => set(&mut edit, &number(id), key("f0"), Json::Null),
                2 => set(&mut edit, &number(id), key("parts"), Json::Null),
                3 => set(&mut edit, &number(id), key("added"), json!([1, "two"])),
                _ => set(
                    &mut edit,
                    &number(id),
                    key("title"),
                    json!("a \"new\" title"),
                ),
            }
        }
        if !edit.is_changed() {
            continue;
        }
        let checked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| spliced(&edit)));
        if checked.is_err() {
            panic!("iteration {iteration}:\n{text}");
        }
    }
}

/// What the scan accepts, toml_edit writes back unchanged: so an entry not changed
/// keeps the bytes the whole rendering gives it.
#[test]
fn a_text_the_scan_accepts_is_rendered_unchanged() {
    // Whether `text` is accepted (and then rendered unchanged).
    let check = |text: &str, array: &str| {
        let accepted = locate::entry_ranges(text, array).is_some();
        if accepted {
            let document: DocumentMut = text.parse().unwrap();
            assert_same(&document.to_string(), text);
        }
        accepted
    };
    for (file, array) in [
        ("products.toml", "product"),
        ("certificates.toml", "registration"),
        ("services.toml", "service"),
    ] {
        assert!(check(&repository_text(file), array), "{file}");
    }
    assert!(check(TRICKY, "product"));
    let mut rng = Rng(0xACCE_u64);
    let documents = (0..300)
        .filter(|_| check(&super::bytes::random_document(&mut rng), "entry"))
        .count();
    let products = (0..300)
        .filter(|_| check(&random_products(&mut rng), "product"))
        .count();
    assert_eq!(products, 300);
    // Most have CRLF line ends or dotted keys, which the scan refuses.
    assert!(documents > 0);
}
