//! The property of byte preservation: on random documents with comments everywhere
//! (inline, between tables, inside and after arrays), CRLF or LF line ends,
//! multi-line strings, quoted and dotted keys, random edits of values change only
//! those values' bytes.

use serde_json::{json, Value as Json};
use sitegen_content::testing::fuzz::Rng;
use toml_edit::{Document, Item, Table, Value};

use crate::*;

/// Words of the strings, some that need escaping.
const WORDS: &[&str] = &[
    "alpha",
    "beta gamma",
    "quote\"d",
    "back\\slash",
    "ünï",
    "tab\there",
    "",
];

struct Writer<'a> {
    rng: &'a mut Rng,
    /// How the dotted keys' first part is written: toml_edit keeps one spelling of a
    /// table's key, so it is the same in the whole document.
    dotted: &'static str,
    newline: &'static str,
    text: String,
}

impl Writer<'_> {
    fn line(&mut self, line: &str) {
        self.text.push_str(line);
        self.text.push_str(self.newline);
    }

    fn maybe_comment_line(&mut self) {
        match self.rng.below(4) {
            0 => self.line("# a comment line"),
            1 => self.line(""),
            _ => {}
        }
    }

    fn word(&mut self) -> &'static str {
        WORDS[self.rng.below(WORDS.len())]
    }

    fn scalar(&mut self) -> String {
        match self.rng.below(6) {
            0 => json!(self.word()).to_string(),
            1 => format!("'{}'", self.word().replace(['\'', '\n'], "")),
            2 => format!("\"\"\"first line{nl}second line \"\"\"", nl = self.newline),
            3 => (self.rng.below(2000) as i64 - 1000).to_string(),
            4 => ["true", "false"][self.rng.below(2)].to_string(),
            _ => format!("'''raw{nl}lines'''", nl = self.newline),
        }
    }

    fn value(&mut self) -> String {
        match self.rng.below(8) {
            0 => {
                let nl = self.newline;
                format!(
                    "[{nl}  {}, # inside{nl}  {},{nl}] ",
                    self.scalar_one_line(),
                    self.scalar_one_line()
                )
            }
            1 => format!("[ {}, {} ]", self.scalar_one_line(), self.scalar_one_line()),
            2 => format!(
                "{{ a = {}, b = {} }}",
                self.scalar_one_line(),
                self.scalar_one_line()
            ),
            _ => self.scalar(),
        }
    }

    fn scalar_one_line(&mut self) -> String {
        loop {
            let scalar = self.scalar();
            if !scalar.contains('\n') {
                return scalar;
            }
        }
    }

    fn pairs(&mut self, count: usize) {
        // The dotted keys of a table come last and together: toml_edit holds them as
        // one table, written where its first key is.
        let first_dotted = self.rng.below(count + 1);
        for key in 0..count {
            self.maybe_comment_line();
            let value = self.value();
            let comment = ["", " # why", "   #trailing"][self.rng.below(3)];
            let quoted = match self.rng.below(3) {
                0 => format!("\"k{key}\""),
                1 => format!("'k{key}'"),
                _ => format!("k{key}"),
            };
            let key = match key >= first_dotted {
                true => format!("{}{quoted}", self.dotted),
                false => quoted,
            };
            self.line(&format!("{key} = {value}{comment}"));
        }
    }
}

pub(super) fn random_document(rng: &mut Rng) -> String {
    let newline = ["\n", "\r\n"][rng.below(2)];
    let dotted = ["dotted.", "\"dotted\" . "][rng.below(2)];
    let mut writer = Writer {
        rng,
        dotted,
        newline,
        text: String::new(),
    };
    writer.line("# a file comment");
    let top = 1 + writer.rng.below(4);
    writer.pairs(top);
    writer.maybe_comment_line();
    writer.line("[section] # a table");
    let inner = 1 + writer.rng.below(3);
    writer.pairs(inner);
    for _ in 0..1 + writer.rng.below(3) {
        writer.maybe_comment_line();
        writer.line("[[entry]]");
        let inner = 1 + writer.rng.below(3);
        writer.pairs(inner);
    }
    writer.line("# after everything");
    writer.text
}

/// The paths of every scalar of `json`.
fn leaves(json: &Json, path: Vec<PathStep>, out: &mut Vec<Vec<PathStep>>) {
    match json {
        Json::Object(object) => {
            for (key, value) in object {
                let mut inner = path.clone();
                inner.push(PathStep::Key(key.clone()));
                leaves(value, inner, out);
            }
        }
        Json::Array(items) => {
            for (at, value) in items.iter().enumerate() {
                let mut inner = path.clone();
                inner.push(PathStep::Index(at));
                leaves(value, inner, out);
            }
        }
        _ => out.push(path),
    }
}

/// The byte span of the value at `path` in `document`.
fn span_at(document: &Document<String>, path: &[PathStep]) -> std::ops::Range<usize> {
    enum At<'a> {
        Table(&'a Table),
        Value(&'a Value),
    }
    let mut at = At::Table(document.as_table());
    for step in path {
        at = match (at, step) {
            (At::Table(table), PathStep::Key(key)) => match table.get(key).unwrap() {
                Item::Value(value) => At::Value(value),
                Item::Table(table) => At::Table(table),
                _ => unreachable!("arrays of tables are resolved by resolve_tables"),
            },
            (At::Table(_), PathStep::Index(_)) => unreachable!(),
            (At::Value(Value::Array(array)), PathStep::Index(index)) => {
                At::Value(array.get(*index).unwrap())
            }
            (At::Value(Value::InlineTable(table)), PathStep::Key(key)) => {
                At::Value(table.get(key).unwrap())
            }
            _ => unreachable!(),
        };
    }
    match at {
        At::Value(value) => value.span().unwrap(),
        At::Table(_) => unreachable!(),
    }
}

/// `text` without the byte `spans`.
fn without(text: &str, mut spans: Vec<std::ops::Range<usize>>) -> String {
    spans.sort_by_key(|span| span.start);
    let mut kept = String::new();
    let mut from = 0;
    for span in spans {
        kept.push_str(&text[from..span.start]);
        kept.push('|');
        from = span.end;
    }
    kept.push_str(&text[from..]);
    kept
}

/// The byte span of the value at `path`, also through a top-level array of tables
/// (`entry`, position, key…).
fn resolve_tables(document: &Document<String>, path: &[PathStep]) -> std::ops::Range<usize> {
    if let [PathStep::Key(array), PathStep::Index(at), rest @ ..] = path {
        if let Some(tables) = document.get(array).and_then(Item::as_array_of_tables) {
            return span_in_table(tables.get(*at).unwrap(), rest);
        }
    }
    span_at(document, path)
}

fn span_in_table(table: &Table, path: &[PathStep]) -> std::ops::Range<usize> {
    let Some((PathStep::Key(key), rest)) = path.split_first() else {
        unreachable!()
    };
    let mut value = match table.get(key).unwrap() {
        // Dotted keys (`dotted.k0 = …`).
        Item::Table(inner) => return span_in_table(inner, rest),
        item => item.as_value().unwrap(),
    };
    for step in rest {
        value = match (value, step) {
            (Value::Array(array), PathStep::Index(index)) => array.get(*index).unwrap(),
            (Value::InlineTable(inline), PathStep::Key(key)) => inline.get(key).unwrap(),
            _ => unreachable!(),
        };
    }
    value.span().unwrap()
}

fn new_value(rng: &mut Rng, old: &Json) -> Json {
    match old {
        Json::String(text) => json!(format!("{text} {}", WORDS[rng.below(WORDS.len())])),
        Json::Number(number) => json!(number.as_i64().unwrap_or(0) + 1 + rng.below(50) as i64),
        Json::Bool(flag) => json!(!flag),
        _ => unreachable!(),
    }
}

#[test]
fn random_edits_change_only_the_edited_values_bytes() {
    let seed = 0x5EED_u64;
    let mut rng = Rng(seed);
    for iteration in 0..300 {
        let text = random_document(&mut rng);
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("doc.toml"), &text).unwrap();
        let mut edit = ContentEdit::open_document(dir.path(), "doc.toml")
            .unwrap_or_else(|error| panic!("iteration {iteration}: {error}\n{text}"));
        let before = edit.get_json(None, &FieldPath::default()).unwrap();
        let mut paths = Vec::new();
        leaves(&before, Vec::new(), &mut paths);
        // Edit one to four distinct values.
        let mut chosen: Vec<Vec<PathStep>> = Vec::new();
        for _ in 0..1 + rng.below(4) {
            let path = paths[rng.below(paths.len())].clone();
            if !chosen.contains(&path) {
                chosen.push(path);
            }
        }
        let mut expected = before.clone();
        for path in &chosen {
            let field = FieldPath(path.clone());
            let old = edit.get_json(None, &field).unwrap();
            let new = new_value(&mut rng, &old);
            edit.set_json(None, &field, &new, Some(&old)).unwrap();
            *pointer(&mut expected, path) = new;
        }
        let (after, _) = edit.text();
        let context = || {
            format!("iteration {iteration} (seed {seed:#x}), edits {chosen:?}\n--- before\n{text}\n--- after\n{after}")
        };
        let old_document = Document::parse(text.clone()).unwrap();
        let new_document =
            Document::parse(after.clone()).unwrap_or_else(|e| panic!("{e}\n{}", context()));
        // The values are the expected ones…
        assert_eq!(
            json::table_json(new_document.as_table()),
            expected,
            "{}",
            context()
        );
        // …and every byte outside the edited values is the same.
        let old_spans = chosen
            .iter()
            .map(|path| resolve_tables(&old_document, path))
            .collect();
        let new_spans = chosen
            .iter()
            .map(|path| resolve_tables(&new_document, path))
            .collect();
        assert_eq!(
            without(&text, old_spans),
            without(&after, new_spans),
            "{}",
            context()
        );
    }
}

fn pointer<'a>(json: &'a mut Json, path: &[PathStep]) -> &'a mut Json {
    path.iter().fold(json, |json, step| match step {
        PathStep::Key(key) => &mut json[key.as_str()],
        PathStep::Index(index) => &mut json[*index],
    })
}
