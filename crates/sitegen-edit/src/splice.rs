//! A save that renders only the entries it changed: the text as read, with the ranges
//! of the entries changed or removed replaced by how toml_edit renders them now, when
//! that is certain to give the bytes a render of the whole document gives.

use std::collections::BTreeMap;
use std::ops::Range;

use toml_edit::{ArrayOfTables, DocumentMut, Item, Key, Table};

use crate::{locate, ContentEdit};

impl ContentEdit {
    /// The text toml_edit renders for the document, built from `read` by rendering
    /// only the entries changed, with the byte ranges of the entries in it. `None`
    /// when that is not certain to give the same bytes: a change outside the entries,
    /// entries added, duplicate ids, a text the scan of [`locate::entry_ranges`]
    /// refuses (it refuses any `\r`, so line ends are never converted here), an entry
    /// as read that does not render to its range of `read`. `read` is the document's
    /// rendering before the changes: the text a save wrote (whose ranges it kept), or
    /// a text that the scan finds toml_edit writes back unchanged.
    pub(crate) fn spliced(&self) -> Option<(String, Vec<Range<usize>>)> {
        let touched = &self.touched;
        if self.array.is_empty()
            || touched.outside
            || self.duplicate_ids
            || !self.added.is_empty()
            || (touched.changed.is_empty() && touched.removed.is_empty())
        {
            return None;
        }
        let key = self.document.as_table().key(&self.array)?;
        let entries = self.document.get(&self.array)?.as_array_of_tables()?;
        let scanned;
        let ranges = match &self.read_ranges {
            Some(ranges) => ranges,
            None => {
                scanned = locate::entry_ranges(&self.read, &self.array)?;
                &scanned
            }
        };
        if ranges.len() != entries.len() + touched.removed.len() {
            return None;
        }
        // In the order of `read`: the entry as read, and as it is now unless removed.
        let mut spans: Vec<(usize, &Table, Option<&Table>)> = Vec::new();
        for (&read_at, as_read) in &touched.changed {
            let now = read_at - touched.removed.range(..read_at).count();
            spans.push((read_at, as_read, Some(entries.get(now)?)));
        }
        spans.extend(touched.removed.iter().map(|(&at, table)| (at, table, None)));
        spans.sort_by_key(|&(at, _, _)| at);
        let mut text = String::with_capacity(self.read.len() + 1024);
        let mut new_ranges = Vec::with_capacity(entries.len());
        // The ranges of the entries not touched move by what was spliced before them.
        let moved = |ranges: &[Range<usize>], length: usize, done: usize| {
            ranges
                .iter()
                .map(|range| range.start - done + length..range.end - done + length)
                .collect::<Vec<_>>()
        };
        let mut done = 0;
        // The first range of `read` not yet in `new_ranges`.
        let mut next = 0;
        for (read_at, as_read, now) in spans {
            let range = ranges.get(read_at)?.clone();
            if self.read.get(range.clone())? != render_entry(key, as_read)? {
                return None;
            }
            new_ranges.extend(moved(ranges.get(next..read_at)?, text.len(), done));
            text.push_str(&self.read[done..range.start]);
            if let Some(now) = now {
                let start = text.len();
                text.push_str(&render_entry(key, now)?);
                new_ranges.push(start..text.len());
            }
            done = range.end;
            next = read_at + 1;
        }
        new_ranges.extend(moved(ranges.get(next..)?, text.len(), done));
        text.push_str(&self.read[done..]);
        Some((text, new_ranges))
    }
}

/// The entries changed or removed since the text was read, by their position in it,
/// each with its table as read.
#[derive(Default)]
pub(crate) struct Touched {
    pub changed: BTreeMap<usize, Table>,
    pub removed: BTreeMap<usize, Table>,
    /// A change outside the entries (the document's own keys), or of an entry that
    /// could not be kept as read.
    pub outside: bool,
}

impl Touched {
    /// The position as read of the entry now at `at`.
    pub fn read_position(&self, at: usize) -> usize {
        let mut read_at = at;
        for &removed in self.removed.keys() {
            if removed > read_at {
                break;
            }
            read_at += 1;
        }
        read_at
    }

    /// Notes that the entry now at `at` was removed; `table` is how it was.
    pub fn remove(&mut self, at: usize, table: Table) {
        let read_at = self.read_position(at);
        let as_read = self.changed.remove(&read_at).unwrap_or(table);
        self.removed.insert(read_at, as_read);
    }
}

/// How toml_edit renders `table` as an entry of the array named by `key` inside a
/// whole document: its header with its decor, its values and its own tables. `None`
/// for a header without a decor of its own, which toml_edit writes differently when
/// it is the document's first table.
fn render_entry(key: &Key, table: &Table) -> Option<String> {
    table.decor().prefix()?;
    table.decor().suffix()?;
    let mut document = DocumentMut::new();
    let mut tables = ArrayOfTables::new();
    tables.push(table.clone());
    document.insert_formatted(key, Item::ArrayOfTables(tables));
    Some(document.to_string())
}
