//! Which entry and field a diagnostic points at: the import reports a problem at the
//! cell that holds the value, and the editor beside the field. Also where each
//! entry's bytes are, for a save that renders only the entries it changed.

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

/// The byte range of each `[[array]]` entry of `text`, in file order, as toml_edit
/// renders it: from the blank and comment lines above its header (its header's
/// decor) to the end of its last line, with its own `[array.…]` tables. `None` when
/// the text holds something a splice of toml_edit's rendering cannot be sure of: a
/// line end other than `\n`, a last line without one, a byte order mark, a dotted
/// key or a table header that is not plain (toml_edit writes those differently than
/// read), a table of the array not under an entry.
pub(crate) fn entry_ranges(text: &str, array: &str) -> Option<Vec<Range<usize>>> {
    let bytes = text.as_bytes();
    if text.contains('\r') || text.starts_with('\u{feff}') || !text.ends_with('\n') {
        return (text.is_empty()).then(Vec::new);
    }
    let mut ranges = Vec::new();
    // The start of the entry being read, if a line belongs to one.
    let mut open: Option<usize> = None;
    // Just after the last line that is not blank or a comment: a header's decor
    // starts there.
    let mut content_end = 0;
    let mut at = 0;
    while at < bytes.len() {
        let first = at + bytes[at..].iter().position(|&b| b != b' ' && b != b'\t')?;
        let line_end =
            |from: usize| Some(from + bytes[from..].iter().position(|&b| b == b'\n')? + 1);
        match bytes[first] {
            b'\n' | b'#' => at = line_end(first)?,
            b'[' => {
                let line_end = line_end(first)?;
                match header(&text[first..line_end - 1], array)? {
                    Header::Entry => {
                        if let Some(start) = open {
                            ranges.push(start..content_end);
                        }
                        open = Some(content_end);
                    }
                    Header::OfEntry if open.is_none() => return None,
                    Header::OfEntry => {}
                    Header::Other => {
                        if let Some(start) = open.take() {
                            ranges.push(start..content_end);
                        }
                    }
                }
                at = line_end;
                content_end = at;
            }
            _ => {
                at = key_value_end(text, first)?;
                content_end = at;
            }
        }
    }
    if let Some(start) = open {
        ranges.push(start..content_end);
    }
    Some(ranges)
}

enum Header {
    /// `[[array]]`.
    Entry,
    /// `[array.…]` or `[[array.…]]`: a table of the entry above.
    OfEntry,
    Other,
}

/// What the header `line` (without its line end) opens; `None` unless its name is
/// bare keys without spaces and only a comment follows it.
fn header(line: &str, array: &str) -> Option<Header> {
    let (double, inner) = match line.strip_prefix("[[") {
        Some(rest) => (true, rest),
        None => (false, line.strip_prefix('[')?),
    };
    let close = if double { "]]" } else { "]" };
    let end = inner.find(']')?;
    let (name, rest) = inner.split_at(end);
    let rest = rest.strip_prefix(close)?.trim_start_matches([' ', '\t']);
    if !(rest.is_empty() || rest.starts_with('#')) {
        return None;
    }
    let bare = |key: &str| {
        !key.is_empty()
            && key
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    };
    let mut keys = name.split('.');
    if !keys.clone().all(bare) {
        return None;
    }
    if keys.next() != Some(array) {
        return Some(Header::Other);
    }
    match (keys.next().is_some(), double) {
        (true, _) => Some(Header::OfEntry),
        (false, true) => Some(Header::Entry),
        (false, false) => None,
    }
}

/// Just after the line end that ends the key/value starting at `at` (its value may
/// go on over lines); `None` for a dotted key or anything not understood.
fn key_value_end(text: &str, at: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = key_end(text, at)?;
    // The arrays and inline tables open.
    let mut open = Vec::new();
    loop {
        match *bytes.get(at)? {
            b'\n' if open.is_empty() => return Some(at + 1),
            b'"' => at = string_end(text, at, b'"')?,
            b'\'' => at = string_end(text, at, b'\'')?,
            b'#' => at += bytes[at..].iter().position(|&b| b == b'\n')?,
            b'[' => {
                open.push(b']');
                at += 1;
            }
            b'{' => {
                open.push(b'}');
                at = key_end(text, at + 1)?;
            }
            close @ (b']' | b'}') => {
                if open.pop() != Some(close) {
                    return None;
                }
                at += 1;
            }
            b',' if open.last() == Some(&b'}') => at = key_end(text, at + 1)?,
            _ => at += 1,
        }
    }
}

/// Just after the `=` of the (not dotted) key starting at or after `at`; at the `}`
/// of an empty inline table.
fn key_end(text: &str, at: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let spaces = |at: usize| {
        at + bytes[at..]
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count()
    };
    let mut at = spaces(at);
    match *bytes.get(at)? {
        b'}' => return Some(at),
        quote @ (b'"' | b'\'') => {
            if bytes[at..].starts_with(&[quote; 3]) {
                return None;
            }
            at = string_end(text, at, quote)?;
        }
        _ => {
            let bare = bytes[at..]
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_' || **b == b'-')
                .count();
            if bare == 0 {
                return None;
            }
            at += bare;
        }
    }
    at = spaces(at);
    (bytes.get(at) == Some(&b'=')).then_some(at + 1)
}

/// Just after the string (basic with `"`, literal with `'`, one line or three
/// quotes) starting at `start` of `text`, which is valid TOML.
fn string_end(text: &str, start: usize, quote: u8) -> Option<usize> {
    let bytes = text.as_bytes();
    let multi_line = bytes[start..].starts_with(&[quote; 3]);
    let content = start + if multi_line { 3 } else { 1 };
    let mut at = content;
    loop {
        let next = at + text.get(at..)?.find(char::from(quote))?;
        let backslashes = bytes[content..next]
            .iter()
            .rev()
            .take_while(|&&b| b == b'\\')
            .count();
        if quote == b'"' && backslashes % 2 == 1 {
            at = next + 1;
            continue;
        }
        if !multi_line {
            return Some(next + 1);
        }
        let quotes = bytes[next..].iter().take_while(|&&b| b == quote).count();
        if quotes >= 3 {
            // Up to two quotes before the closing three are the string's.
            return Some(next + quotes);
        }
        at = next + quotes;
    }
}
