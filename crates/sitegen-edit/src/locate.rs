//! Which entry and field a diagnostic points at: the import reports a problem at the
//! cell that holds the value, and the editor beside the field.

use std::ops::Range;

use toml_edit::{Document, Item, Table, Value};

use crate::{EntryId, FieldPath, PathStep};

/// The entry (and the value in it, if one holds the position) a position points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldAt {
    /// The entry's 0-based position among the entries of its kind.
    pub position: usize,
    /// The entry's id, when it has a readable one.
    pub id: Option<EntryId>,
    /// The value's path in the entry; empty when the position is the entry itself
    /// (its header, or a problem of the whole entry such as a missing key).
    pub field: FieldPath,
}

/// The spans of every entry and value of one text, for finding what a position holds.
pub struct Locator {
    line_starts: Vec<usize>,
    text: String,
    /// Where each entry starts (its header), with its id, in file order.
    entries: Vec<(usize, Option<EntryId>)>,
    /// The span of each value (from its key to its end) with its entry and path.
    values: Vec<(Range<usize>, usize, FieldPath)>,
}

impl Locator {
    /// The spans of `text`'s entries of the array of tables `array`; a text that is
    /// not valid TOML has none. With an empty `array` the whole document is one entry
    /// (without an id) and paths start at its root: `["contact", "phone"]`.
    pub fn new(text: &str, array: &str) -> Locator {
        let mut locator = Locator {
            line_starts: std::iter::once(0)
                .chain(text.match_indices('\n').map(|(i, _)| i + 1))
                .collect(),
            text: text.to_string(),
            entries: Vec::new(),
            values: Vec::new(),
        };
        let Ok(document) = Document::parse(text) else {
            return locator;
        };
        if array.is_empty() {
            locator.entries.push((0, None));
            locator.table(0, document.as_table(), FieldPath::default());
            return locator;
        }
        let Some(tables) = document.get(array).and_then(Item::as_array_of_tables) else {
            return locator;
        };
        for (position, table) in tables.iter().enumerate() {
            let start = table.span().map_or(0, |span| span.start);
            let id = table.get("id").and_then(Item::as_value).and_then(|id| {
                id.as_integer()
                    .map(EntryId::Number)
                    .or_else(|| id.as_str().map(|s| EntryId::Text(s.to_string())))
            });
            locator.entries.push((start, id));
            locator.table(position, table, FieldPath::default());
        }
        locator
    }

    /// The values of `table` of the entry at `position` (every table of a document is
    /// entry 0), by path: also those of its `[[…]]` tables (`[[product.specifications]]`).
    fn table(&mut self, position: usize, table: &Table, path: FieldPath) {
        for (key, item) in table.iter() {
            let inner = path.clone().then(PathStep::Key(key.to_string()));
            match item {
                Item::Value(value) => {
                    let key_start = table.key(key).and_then(|k| k.span()).map(|span| span.start);
                    self.value(position, key_start, value, inner);
                }
                Item::Table(table) => self.table(position, table, inner),
                Item::ArrayOfTables(tables) => {
                    for (at, table) in tables.iter().enumerate() {
                        if let Some(span) = table.span() {
                            let element = inner.clone().then(PathStep::Index(at));
                            self.values.push((span, position, element.clone()));
                        }
                        self.table(position, table, inner.clone().then(PathStep::Index(at)));
                    }
                }
                Item::None => {}
            }
        }
    }

    fn value(&mut self, position: usize, from: Option<usize>, value: &Value, path: FieldPath) {
        let Some(span) = value.span() else {
            return;
        };
        let start = from.unwrap_or(span.start).min(span.start);
        self.values.push((start..span.end, position, path.clone()));
        match value {
            Value::Array(array) => {
                for (at, inner) in array.iter().enumerate() {
                    self.value(
                        position,
                        None,
                        inner,
                        path.clone().then(PathStep::Index(at)),
                    );
                }
            }
            Value::InlineTable(table) => {
                for (key, inner) in table.iter() {
                    let key_start = table.key(key).and_then(|k| k.span()).map(|span| span.start);
                    let inner_path = path.clone().then(PathStep::Key(key.to_string()));
                    self.value(position, key_start, inner, inner_path);
                }
            }
            _ => {}
        }
    }

    /// What the 1-based `line` and `column` (in characters) point at, if an entry.
    pub fn at(&self, line: usize, column: usize) -> Option<FieldAt> {
        let line_start = *self.line_starts.get(line.checked_sub(1)?)?;
        let offset = line_start
            + self.text[line_start..]
                .chars()
                .take(column.saturating_sub(1))
                .map(char::len_utf8)
                .sum::<usize>();
        let position = self
            .entries
            .partition_point(|(start, _)| *start <= offset)
            .checked_sub(1)?;
        // Values are in entry order: those of this entry are one run.
        let first = self.values.partition_point(|(_, at, _)| *at < position);
        let end = self.values.partition_point(|(_, at, _)| *at <= position);
        // The innermost value holding the position: the shortest span.
        let field = self.values[first..end]
            .iter()
            .filter(|(span, _, _)| span.contains(&offset))
            .min_by_key(|(span, _, _)| span.len())
            .map(|(_, _, path)| path.clone())
            .unwrap_or_default();
        Some(FieldAt {
            position,
            id: self.entries[position].1.clone(),
            field,
        })
    }
}
