//! The property that every TOML spelling `sitegen check` accepts survives the sheet and
//! the editor: products.toml files are generated with inline tables, arrays of tables,
//! quoted keys, literal and multi-line strings and comments between items; an export
//! then import changes no byte, nor does an editor save of the values read, and a value
//! changed, a specification added or one removed either way keeps the spelling while
//! every other byte stays (150 files passed once; the test makes 12).

use std::path::Path;

use serde_json::{json, Value as Json};
use sitegen_content::testing::fuzz::Rng;
use sitegen_content::testing::{copy_dir, valid_content_dir};
use sitegen_edit::{ContentEdit, EntryId, FieldPath, PathStep};

use crate::*;

/// How many files are generated, of five products each: every file is checked once
/// (by the import of a change), about 0.15 s each in a debug build.
const CASES: usize = 12;

/// How many of the files are also loaded by `sitegen check`'s reader.
const TYPED_CASES: usize = 3;

/// The values of a product of the typed model that the sheet has columns for.
fn typed_json(product: &sitegen_content::Product) -> Json {
    let specifications: Vec<Json> = (product.specifications.iter().flatten())
        .map(|spec| json!({ "name": spec.name.value.to_string(), "value": spec.value.to_string() }))
        .collect();
    json!({
        "id": product.id(),
        "title": product.title.to_string(),
        "description": product.description.to_string(),
        "brand": product.brand.as_ref().map(ToString::to_string),
        "specifications": specifications,
    })
}

/// The values [`typed_json`] holds, of a product as the editor reads it.
fn sheet_values(product: &Json) -> Json {
    json!({
        "id": product["id"],
        "title": product["title"],
        "description": product["description"],
        "brand": product["brand"],
        "specifications": product.get("specifications").cloned().unwrap_or(json!([])),
    })
}

/// A string and how it is written: `"…"`, `'…'`, `"""…"""` or `'''…'''`.
#[derive(Clone)]
struct Spelled {
    text: String,
    kind: usize,
}

impl Spelled {
    fn render(&self) -> String {
        let text = &self.text;
        match self.kind {
            0 => json!(text).to_string(),
            1 => format!("'{text}'"),
            2 => format!("\"\"\"{text}\"\"\""),
            _ => format!("'''{text}'''"),
        }
    }
}

/// How a product's specifications are written.
#[derive(Clone, Copy, PartialEq, Debug)]
enum SpecsSpelling {
    /// `specifications = [{ name = "A", value = "1" }, …]`
    InlineOneLine,
    /// One inline table a line, comments between them.
    InlineLines,
    /// `[[product.specifications]]` tables.
    Tables,
}

/// A specification; a new one (`fresh`) is written as toml_edit writes a value it makes.
#[derive(Clone)]
struct Spec {
    name: Spelled,
    value: Spelled,
    /// Picks its comments and quoting, so that another one removed changes nothing here.
    layout: u64,
    fresh: bool,
}

impl Spec {
    fn inline(&self, rng: &mut Rng) -> String {
        if self.fresh {
            let (name, value) = (json!(self.name.text), json!(self.value.text));
            return format!("{{ name = {name}, value = {value} }}");
        }
        format!(
            "{{ {} = {}, {} = {} }}",
            key(rng, "name"),
            self.name.render(),
            key(rng, "value"),
            self.value.render()
        )
    }
}

#[derive(Clone)]
struct Product {
    id: i64,
    title: Spelled,
    description: Spelled,
    category: &'static str,
    subcategory: &'static str,
    brand: Option<Spelled>,
    specs: Vec<Spec>,
    specs_spelling: SpecsSpelling,
    /// Picks the comments, quoting and blank lines, the same at every rendering.
    layout: u64,
    /// How the key of the file's array of products is written (`product`, `"product"`).
    array: &'static str,
}

/// The fixture's products: their ids, categories and subcategories stay, so that
/// the other files' references hold.
const FIXTURE: [(i64, &str, &str, &str); 5] = [
    (12, "Hemodialysis Machine", "dialysis", "Dialysis Machines"),
    (
        13,
        "Dialyser Reprocessing Unit",
        "dialysis",
        "Dialysis Equipments",
    ),
    (14, "Hemodialysis Machine", "dialysis", "Dialysis Machines"),
    (
        40,
        "Digital X-Ray (DR) <script>alert(1)</script>",
        "radiology",
        "Imaging & Diagnostic Products",
    ),
    (77, "Slit Lamp", "ophthalmic", "Ophthalmic Equipments"),
];
/// The product whose page the navigation links to by its title.
const LINKED_PRODUCT: i64 = 12;
const SPEC_NAMES: [&str; 4] = ["Weight", "Power", "Class", "Warranty"];
const SPEC_VALUES: [&str; 4] = ["12 kg", "230 V / 50 Hz", "Class IIa", "2 years, on site"];

fn spelled(rng: &mut Rng, text: &str, line_breaks: bool) -> Spelled {
    let kind = rng.below(4);
    let text = match (kind, line_breaks) {
        (2 | 3, true) if rng.below(2) == 0 => text.replacen(' ', "\n", 1),
        _ => text.to_string(),
    };
    Spelled { text, kind }
}

fn random_product(
    rng: &mut Rng,
    array: &'static str,
    (id, title, category, subcategory): (i64, &str, &'static str, &'static str),
) -> Product {
    let title = spelled(rng, title, false);
    let description = spelled(rng, "Placeholder description, two lines.", true);
    let brand = (rng.below(2) == 0).then(|| spelled(rng, "Fresenius", false));
    let mut specs = Vec::new();
    for (at, name) in SPEC_NAMES.iter().enumerate() {
        if rng.below(2) == 0 {
            let value = SPEC_VALUES[(at + rng.below(2)) % SPEC_VALUES.len()];
            specs.push(Spec {
                name: spelled(rng, name, false),
                value: spelled(rng, value, false),
                layout: rng.next_u64() | 1,
                fresh: false,
            });
        }
    }
    let specs_spelling = [
        SpecsSpelling::InlineOneLine,
        SpecsSpelling::InlineLines,
        SpecsSpelling::Tables,
    ][rng.below(3)];
    Product {
        id,
        title,
        description,
        category,
        subcategory,
        brand,
        specs,
        specs_spelling,
        layout: rng.next_u64() | 1,
        array,
    }
}

/// `key` bare, or quoted one way or the other.
fn key(rng: &mut Rng, key: &str) -> String {
    match rng.below(4) {
        0 => format!("\"{key}\""),
        1 => format!("'{key}'"),
        _ => key.to_string(),
    }
}

fn comment_line(rng: &mut Rng, text: &mut String) {
    match rng.below(4) {
        0 => text.push_str("# a comment between the keys\n"),
        1 => text.push('\n'),
        _ => {}
    }
}

fn trailing_comment(rng: &mut Rng) -> &'static str {
    ["", " # why", "   #trailing"][rng.below(3)]
}

impl Product {
    fn render(&self) -> String {
        let rng = &mut Rng(self.layout);
        let mut text = String::new();
        text.push_str(&format!("[[{}]]{}\n", self.array, trailing_comment(rng)));
        text.push_str(&format!("{} = {}\n", key(rng, "id"), self.id));
        let pair = |rng: &mut Rng, text: &mut String, name: &str, value: String| {
            comment_line(rng, text);
            let comment = trailing_comment(rng);
            text.push_str(&format!("{} = {value}{comment}\n", key(rng, name)));
        };
        pair(rng, &mut text, "title", self.title.render());
        pair(rng, &mut text, "description", self.description.render());
        pair(rng, &mut text, "category", json!(self.category).to_string());
        pair(
            rng,
            &mut text,
            "subcategory",
            json!(self.subcategory).to_string(),
        );
        if self.id == 12 {
            pair(
                rng,
                &mut text,
                "image",
                "'media/products/hemodialysis.svg'".into(),
            );
        }
        if let Some(brand) = &self.brand {
            pair(rng, &mut text, "brand", brand.render());
        }
        if self.specs.is_empty() {
            return text;
        }
        match self.specs_spelling {
            SpecsSpelling::InlineOneLine => {
                let items: Vec<String> = (self.specs.iter())
                    .map(|spec| spec.inline(&mut Rng(spec.layout)))
                    .collect();
                let value = format!("[{}]", items.join(", "));
                pair(rng, &mut text, "specifications", value);
            }
            SpecsSpelling::InlineLines => {
                let mut value = String::from("[\n");
                for spec in &self.specs {
                    let rng = &mut Rng(spec.layout);
                    if spec.fresh {
                        value.push_str(&format!("  {},\n", spec.inline(rng)));
                        continue;
                    }
                    if rng.below(2) == 0 {
                        value.push_str("  # a comment between the items\n");
                    }
                    let inline = spec.inline(rng);
                    value.push_str(&format!("  {inline},{}\n", trailing_comment(rng)));
                }
                value.push(']');
                pair(rng, &mut text, "specifications", value);
            }
            SpecsSpelling::Tables => {
                // One spelling of the headers a product, as of the products' headers.
                let array = self.array;
                let headers = [
                    format!("[[{array}.specifications]]"),
                    format!("[[ {array}.specifications ]]"),
                    format!("[[{array}.\"specifications\"]]"),
                ];
                let header = &headers[rng.below(headers.len())];
                for spec in &self.specs {
                    let rng = &mut Rng(spec.layout);
                    let (name, value) = (&spec.name, &spec.value);
                    if spec.fresh {
                        let (name, value) = (json!(name.text), json!(value.text));
                        text.push_str(&format!("\n{header}\nname = {name}\nvalue = {value}\n"));
                        continue;
                    }
                    comment_line(rng, &mut text);
                    text.push_str(&format!("{header}\n"));
                    text.push_str(&format!("{} = {}\n", key(rng, "name"), name.render()));
                    comment_line(rng, &mut text);
                    text.push_str(&format!(
                        "{} = {}{}\n",
                        key(rng, "value"),
                        value.render(),
                        trailing_comment(rng)
                    ));
                }
            }
        }
        text
    }

    /// The product as the editor reads it.
    fn json(&self) -> Json {
        let mut object = serde_json::Map::new();
        object.insert("id".into(), json!(self.id));
        object.insert("title".into(), json!(self.title.text));
        object.insert("description".into(), json!(self.description.text));
        object.insert("category".into(), json!(self.category));
        object.insert("subcategory".into(), json!(self.subcategory));
        if self.id == 12 {
            object.insert("image".into(), json!("media/products/hemodialysis.svg"));
        }
        if let Some(brand) = &self.brand {
            object.insert("brand".into(), json!(brand.text));
        }
        if !self.specs.is_empty() {
            let specs = (self.specs.iter())
                .map(|spec| json!({ "name": spec.name.text, "value": spec.value.text }))
                .collect();
            object.insert("specifications".into(), Json::Array(specs));
        }
        Json::Object(object)
    }
}

fn render(products: &[Product]) -> String {
    let mut text = String::from("#:schema ../schemas/products.schema.json\n# The catalogue.\n\n");
    let blocks: Vec<String> = products.iter().map(Product::render).collect();
    text.push_str(&blocks.join("\n"));
    text
}

/// A copy of the valid site whose products.toml is `text`.
fn site_with(text: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    copy_dir(&valid_content_dir(), &content);
    std::fs::write(content.join("products.toml"), text).unwrap();
    (dir, content)
}

fn import(content: &Path, sheet: &Path) -> ImportOutcome {
    import_products(content, sheet, &ImportOptions::default(), &mut || {}).unwrap()
}

/// The CSV file `sheet` with `change` applied to its rows (header first).
fn edit_csv(sheet: &Path, change: impl FnOnce(&mut Vec<Vec<String>>)) {
    let mut reader = csv::Reader::from_path(sheet).unwrap();
    let mut rows: Vec<Vec<String>> = vec![reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_string)
        .collect()];
    for record in reader.records() {
        rows.push(record.unwrap().iter().map(str::to_string).collect());
    }
    change(&mut rows);
    let mut writer = csv::Writer::from_path(sheet).unwrap();
    for row in rows {
        writer.write_record(row).unwrap();
    }
    writer.flush().unwrap();
}

fn products_json(content: &Path) -> Vec<Json> {
    let mut edit = ContentEdit::open(content, &sitegen_content::files::PRODUCTS).unwrap();
    let ids: Vec<EntryId> = FIXTURE
        .iter()
        .map(|(id, _, _, _)| EntryId::Number(*id))
        .collect();
    ids.iter()
        .map(|id| edit.get_json(Some(id), &FieldPath::default()).unwrap())
        .collect()
}

/// How a generated file is changed, the same way through the sheet and the editor.
#[derive(Debug, Clone, Copy)]
enum Edit {
    Title,
    Description,
    SpecValue(usize),
    /// A specification "Colour" added after the others.
    AddSpec,
    RemoveSpec(usize),
}

/// The name of the specification [`Edit::AddSpec`] adds: none of [`SPEC_NAMES`].
const ADDED_SPEC: &str = "Colour";

impl Edit {
    fn apply(self, product: &mut Product) {
        match self {
            Edit::Title => product.title.text.push_str(" Pro"),
            Edit::Description => product.description.text.push_str(" More."),
            Edit::SpecValue(at) => product.specs[at].value.text.push_str(" max"),
            Edit::AddSpec => product.specs.push(Spec {
                name: Spelled {
                    text: ADDED_SPEC.into(),
                    kind: 0,
                },
                value: Spelled {
                    text: "Blue".into(),
                    kind: 0,
                },
                layout: 1,
                fresh: true,
            }),
            Edit::RemoveSpec(at) => {
                product.specs.remove(at);
            }
        }
    }
}

#[test]
fn every_spelling_survives_the_sheet_and_the_editor_byte_for_byte() {
    let seed = 0x5BE11_u64;
    let mut rng = Rng(seed);
    for case in 0..CASES {
        // toml_edit keeps one spelling of an array's key, the first table's: the key
        // is written alike in every header of the file.
        let array = ["product", "\"product\""][rng.below(2)];
        let products: Vec<Product> = (FIXTURE.iter())
            .map(|fixture| random_product(&mut rng, array, *fixture))
            .collect();
        let text = render(&products);
        let context = |what: &str, after: &str| {
            let first = (text.lines().zip(after.lines()))
                .position(|(a, b)| a != b)
                .map_or(String::new(), |line| {
                    format!("first differing line {}\n", line + 1)
                });
            format!("case {case} (seed {seed:#x}): {what}\n{first}--- before\n{text}\n--- after\n{after}")
        };
        let (dir, content) = site_with(&text);
        let expected: Vec<Json> = products.iter().map(Product::json).collect();
        assert_eq!(products_json(&content), expected, "{}", context("read", ""));
        // What the sheet and the editor read is what `sitegen check`'s typed model
        // holds (loaded for a few files only: a load takes a while).
        if case < TYPED_CASES {
            let report = sitegen_content::load(&content);
            let typed = report.content.expect("the generated content is valid");
            let typed: Vec<Json> = (typed.products.iter()).map(typed_json).collect();
            let read: Vec<Json> = expected.iter().map(sheet_values).collect();
            assert_eq!(typed, read, "{}", context("typed model", ""));
        }

        // The sheet shows every specification, however it is written…
        let opened = ContentEdit::open(&content, &sitegen_content::files::PRODUCTS).unwrap();
        let tables: Vec<&toml_edit::Table> = opened.entries().collect();
        let table = export_table(&tables);
        for (row, product) in products.iter().enumerate() {
            for Spec { name, value, .. } in &product.specs {
                let column = table
                    .columns
                    .iter()
                    .position(|c| *c == Column::Specification(name.text.clone()));
                let cell = column.map(|at| table.rows[row][at].clone());
                assert_eq!(
                    cell,
                    Some(write::ExportCell::Text(value.text.clone())),
                    "{}",
                    context("export", "")
                );
            }
        }
        // …and an import of the sheet as exported changes no byte.
        let sheet = dir.path().join("products.csv");
        export_products(&content, &sheet).unwrap();
        let outcome = import(&content, &sheet);
        assert_eq!(outcome.diagnostics, vec![], "{}", context("import", ""));
        assert_eq!(
            outcome.summary.as_ref().map(|s| s.unchanged),
            Some(products.len())
        );
        assert_eq!(
            std::fs::read_to_string(content.join("products.toml")).unwrap(),
            text
        );

        // An editor save of every value as read changes no byte.
        let mut edit = ContentEdit::open(&content, &sitegen_content::files::PRODUCTS).unwrap();
        for (product, json) in products.iter().zip(&expected) {
            let id = EntryId::Number(product.id);
            for (key, value) in json.as_object().unwrap() {
                edit.set_json(Some(&id), &FieldPath::key(key), value, Some(value))
                    .unwrap();
            }
        }
        assert_eq!(
            edit.text().0,
            text,
            "{}",
            context("editor save", &edit.text().0)
        );

        // One value changed keeps its spelling, and every other byte stays.
        let at = rng.below(products.len());
        let edits: Vec<Edit> = [Edit::Title, Edit::Description]
            .into_iter()
            .filter(|edit| products[at].id != LINKED_PRODUCT || !matches!(edit, Edit::Title))
            .chain((0..products[at].specs.len()).map(Edit::SpecValue))
            // A list keeps a first item's spelling (one gone, or one new in a file of no
            // specifications, is the key's, written by the sheet's own layout).
            .chain((!products[at].specs.is_empty()).then_some(Edit::AddSpec))
            .chain(
                (0..products[at].specs.len())
                    .filter(|_| products[at].specs.len() > 1)
                    .map(Edit::RemoveSpec),
            )
            .collect();
        let change = edits[rng.below(edits.len())];
        let mut changed = products.clone();
        change.apply(&mut changed[at]);
        let wanted = render(&changed);

        let mut edit = ContentEdit::open(&content, &sitegen_content::files::PRODUCTS).unwrap();
        let id = EntryId::Number(products[at].id);
        let (field, value) = match change {
            Edit::Title => (FieldPath::key("title"), json!(changed[at].title.text)),
            Edit::Description => (
                FieldPath::key("description"),
                json!(changed[at].description.text),
            ),
            Edit::SpecValue(spec) => (
                FieldPath::key("specifications")
                    .then(PathStep::Index(spec))
                    .then(PathStep::Key("value".into())),
                json!(changed[at].specs[spec].value.text),
            ),
            // The editor's list sends the whole list.
            Edit::AddSpec | Edit::RemoveSpec(_) => (
                FieldPath::key("specifications"),
                changed[at].json()["specifications"].clone(),
            ),
        };
        edit.set_json(Some(&id), &field, &value, None).unwrap();
        assert_eq!(
            edit.text().0,
            wanted,
            "{}",
            context(
                &format!("editor {change:?} of {}", products[at].id),
                &edit.text().0
            )
        );

        edit_csv(&sheet, |rows| {
            if matches!(change, Edit::AddSpec)
                && !rows[0]
                    .iter()
                    .any(|h| h == &format!("{SPEC_PREFIX} {ADDED_SPEC}"))
            {
                rows[0].push(format!("{SPEC_PREFIX} {ADDED_SPEC}"));
                for row in rows.iter_mut().skip(1) {
                    row.push(String::new());
                }
            }
            let header = &rows[0];
            let spec_column = |name: &str| {
                let name = format!("{SPEC_PREFIX} {name}");
                header.iter().position(|h| h.eq_ignore_ascii_case(&name))
            };
            let specs = &products[at].specs;
            let (column, new) = match change {
                Edit::Title => (
                    header.iter().position(|h| h == "title"),
                    changed[at].title.text.clone(),
                ),
                Edit::Description => (
                    header.iter().position(|h| h == "description"),
                    changed[at].description.text.clone(),
                ),
                Edit::SpecValue(spec) => (
                    spec_column(&specs[spec].name.text),
                    changed[at].specs[spec].value.text.clone(),
                ),
                Edit::AddSpec => (spec_column(ADDED_SPEC), "Blue".to_string()),
                Edit::RemoveSpec(spec) => (spec_column(&specs[spec].name.text), String::new()),
            };
            rows[at + 1][column.unwrap()] = new;
        });
        let outcome = import(&content, &sheet);
        // The import checks the content with `sitegen check`'s rules: no problem.
        assert_eq!(
            outcome.diagnostics,
            vec![],
            "{}",
            context("import of a change", "")
        );
        let after = std::fs::read_to_string(content.join("products.toml")).unwrap();
        assert_eq!(
            after,
            wanted,
            "{}",
            context(&format!("sheet {change:?} of {}", products[at].id), &after)
        );
    }
}
