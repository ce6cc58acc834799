//! `sitegen-edit` changes content files the one way every tool shares: `sitegen new`,
//! `sitegen import` and the browser editor.
//!
//! What it is for:
//! - typed [`Change`]s (set a field, add an entry, remove an entry) applied to the
//!   TOML document with `toml_edit`, so every byte that is not a changed value stays
//!   (comments, blank lines, key order, quoting);
//! - checking the result with the checks of `sitegen check`, across all files, before
//!   anything is written ([`ContentEdit::check`]), and saying which entry and field a
//!   diagnostic is about ([`ContentEdit::locate`]);
//! - refusing to write over a file that changed on disk since it was read, and writing
//!   atomically: a temporary file renamed over the old one ([`ContentEdit::commit`]).
//!
//! What it is not for: reading spreadsheets or command lines (the `sitegen` binary and
//! `sitegen-sheet` turn those into changes), or deciding what a change means.
//!
//! ```no_run
//! use sitegen_edit::{Change, ContentEdit, EntryId, FieldPath};
//! let content = std::path::Path::new("content");
//! let mut edit = ContentEdit::open(content, &sitegen_content::files::PRODUCTS).unwrap();
//! edit.apply(Change::Set {
//!     entry: EntryId::Number(12),
//!     field: FieldPath::key("title"),
//!     value: Some("Hemodialysis Machine HD-2".into()),
//! })
//! .unwrap();
//! let report = edit.check(&Default::default());
//! if report.errors() == 0 {
//!     edit.commit().unwrap();
//! }
//! ```

#![warn(missing_docs)]

mod insert;
pub mod json;
mod locate;
mod splice;

use std::collections::HashMap;
use std::fmt;
use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};

use sitegen_content::{ContentFile, Diagnostic, ErrorCode, LoadOptions, LoadReport};
use toml_edit::{ArrayOfTables, DocumentMut, Item, Table, Value};

pub use insert::insert_entries;
pub use json::Conflict;
pub use locate::{FieldAt, Locator};
use splice::Touched;

/// Which entry of the file's array of tables a change is about, by its `id`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum EntryId {
    /// An integer id (products).
    Number(i64),
    /// A text id (services, certificates).
    Text(String),
}

impl EntryId {
    fn of(table: &Table) -> Option<EntryId> {
        let id = table.get("id")?.as_value()?;
        id.as_integer()
            .map(EntryId::Number)
            .or_else(|| id.as_str().map(|text| EntryId::Text(text.to_string())))
    }
}

impl fmt::Display for EntryId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EntryId::Number(id) => write!(f, "{id}"),
            EntryId::Text(id) => write!(f, "\"{id}\""),
        }
    }
}

/// One step of a path inside an entry: a key of a table, or a position in an array.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PathStep {
    /// A key, e.g. `title`.
    Key(String),
    /// A 0-based position in an array, e.g. the third specification.
    Index(usize),
}

/// Where a value is inside an entry: `title`, or `specifications[2].value`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct FieldPath(pub Vec<PathStep>);

impl FieldPath {
    /// The path of a top-level key.
    pub fn key(key: &str) -> FieldPath {
        FieldPath(vec![PathStep::Key(key.to_string())])
    }

    /// This path followed by `step`.
    pub fn then(mut self, step: PathStep) -> FieldPath {
        self.0.push(step);
        self
    }
}

impl fmt::Display for FieldPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, step) in self.0.iter().enumerate() {
            match step {
                PathStep::Key(key) if n == 0 => f.write_str(key)?,
                PathStep::Key(key) => write!(f, ".{key}")?,
                PathStep::Index(index) => write!(f, "[{index}]")?,
            }
        }
        Ok(())
    }
}

/// A typed change of one content file's array of tables (`[[product]]`, …).
#[derive(Debug, Clone)]
pub enum Change {
    /// Sets the value at `field` of the entry `entry` (`None` removes the key; one
    /// past the end of a list appends). The old value's surrounding spaces, comment
    /// and spelling stay, and a list written as `[[…]]` tables stays tables.
    Set {
        /// The entry.
        entry: EntryId,
        /// Where in the entry.
        field: FieldPath,
        /// The new value, or `None` to remove the key.
        value: Option<Value>,
    },
    /// Adds `entry` after the last entry of its kind.
    Add {
        /// The new entry's keys and values.
        entry: Table,
    },
    /// Removes the entry (with the comment lines above it).
    Remove {
        /// The entry.
        entry: EntryId,
    },
}

/// Why a change or a write was refused.
#[derive(Debug, thiserror::Error)]
pub enum EditError {
    /// The file cannot be read or written.
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        error: std::io::Error,
    },
    /// The file is not valid TOML, so it cannot be changed safely.
    #[error("{path} is not valid TOML ({message}): fix it first (sitegen check)")]
    NotToml {
        /// The file.
        path: PathBuf,
        /// The parser's message.
        message: String,
    },
    /// No entry has the id the change names.
    #[error("no {array} has id {id}")]
    NoSuchEntry {
        /// The array's name, e.g. `product`.
        array: String,
        /// The id asked for.
        id: EntryId,
    },
    /// The path of a change leads to no value that can be set.
    #[error("{array} {id} has no {field} to change")]
    NoSuchField {
        /// The array's name.
        array: String,
        /// The entry.
        id: EntryId,
        /// The path asked for.
        field: FieldPath,
    },
    /// A value that TOML cannot hold, or of the wrong shape for its place.
    #[error("{field}: {message}")]
    WrongValue {
        /// Where it was to go.
        field: FieldPath,
        /// What is wrong with it.
        message: String,
    },
    /// The file changed on disk since it was read: nothing was written.
    #[error("{path} changed on disk since it was read: nothing was written")]
    ChangedOnDisk {
        /// The file.
        path: PathBuf,
    },
}

impl EditError {
    /// The error as a diagnostic of the file it concerns, for the command line and
    /// the editor, which report every problem the same way.
    pub fn to_diagnostic(&self, shown_path: PathBuf) -> Diagnostic {
        let code = match self {
            EditError::Io { .. } => ErrorCode::FileUnreadable,
            EditError::NotToml { .. } => ErrorCode::TomlSyntax,
            EditError::NoSuchEntry { .. } | EditError::NoSuchField { .. } => {
                ErrorCode::MissingField
            }
            EditError::WrongValue { .. } => ErrorCode::WrongType,
            EditError::ChangedOnDisk { .. } => ErrorCode::FileChangedOnDisk,
        };
        let message = match self {
            EditError::ChangedOnDisk { .. } => {
                "the file changed on disk since it was read: nothing was written".to_string()
            }
            other => other.to_string(),
        };
        Diagnostic::file(shown_path, code, message)
    }
}

/// A file's text as a save wrote it, with its document parsed
/// ([`ContentEdit::into_written`]).
pub struct Written {
    text: String,
    document: DocumentMut,
    /// The array and the byte ranges of its entries in `text`, when the save spliced
    /// them in: the next save needs not scan the text for them.
    entry_ranges: Option<(String, Vec<Range<usize>>)>,
}

impl Written {
    /// The text written.
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// One content file being changed: the text as read (to detect changes on disk),
/// the document with the changes applied so far, and the entries added.
pub struct ContentEdit {
    content_dir: PathBuf,
    relative: String,
    array: String,
    read: String,
    document: DocumentMut,
    /// Entries to add, inserted as text after the last entry of their kind.
    added: Vec<Table>,
    /// The position of each id in the array, built on first use.
    index: Option<HashMap<EntryId, usize>>,
    /// The keys of the file's entries in the order they first come, which an entry
    /// added follows (read once: an import may add thousands).
    key_order: Option<Vec<String>>,
    changed: bool,
    /// What the changes touched, so that a save renders only the entries changed.
    touched: Touched,
    /// Whether two entries have the same id (an error of the checks).
    duplicate_ids: bool,
    /// [`ContentEdit::text`] since the last change: a save checks, locates and writes
    /// the same text, which at 10,000 products takes a while to render.
    rendered: std::sync::OnceLock<Rendered>,
    /// The byte ranges of the entries in `read`, when the save that wrote it knew them.
    read_ranges: Option<Vec<Range<usize>>>,
}

/// [`ContentEdit::text`]'s text and line, with the entries' byte ranges in it when
/// it was spliced.
struct Rendered {
    text: String,
    first_added_line: Option<usize>,
    entry_ranges: Option<Vec<Range<usize>>>,
}

impl ContentEdit {
    /// Reads `file` of `content_dir`, whose entries are its main array of tables
    /// (`[[product]]` of `products.toml`, as the table of content files declares).
    pub fn open(content_dir: &Path, file: &ContentFile) -> Result<ContentEdit, EditError> {
        ContentEdit::open_array(content_dir, file.path, file.entry_table())
    }

    /// [`ContentEdit::open`] with the array given by name (`registration`, the second
    /// array of `certificates.toml`).
    pub fn open_array(
        content_dir: &Path,
        relative: &str,
        array: &str,
    ) -> Result<ContentEdit, EditError> {
        let path = content_dir.join(relative);
        let read = std::fs::read_to_string(&path).map_err(|error| EditError::Io {
            path: path.clone(),
            error,
        })?;
        ContentEdit::from_text(content_dir, relative, array, read)
    }

    /// [`ContentEdit::open_array`] of a text that is not on disk (a file as another
    /// commit holds it): [`ContentEdit::text`] gives it changed, byte for byte where
    /// nothing changed; [`ContentEdit::commit`] writes it over the file only if the
    /// file holds `read`.
    pub fn from_text(
        content_dir: &Path,
        relative: &str,
        array: &str,
        read: String,
    ) -> Result<ContentEdit, EditError> {
        let path = content_dir.join(relative);
        let document: DocumentMut =
            read.parse()
                .map_err(|error: toml_edit::TomlError| EditError::NotToml {
                    path: path.clone(),
                    message: error.message().to_string(),
                })?;
        Ok(ContentEdit {
            content_dir: content_dir.to_path_buf(),
            relative: relative.to_string(),
            array: array.to_string(),
            read,
            document,
            added: Vec::new(),
            index: None,
            key_order: None,
            changed: false,
            touched: Touched::default(),
            duplicate_ids: false,
            rendered: std::sync::OnceLock::new(),
            read_ranges: None,
        })
    }

    /// [`ContentEdit::from_text`] of the text a last save wrote, with the document
    /// [`ContentEdit::into_written`] gave back: no parse (at 10,000 products, parsing
    /// takes longer than the rest of a save). The caller makes sure the file still
    /// holds that text.
    pub fn from_written(
        content_dir: &Path,
        relative: &str,
        array: &str,
        written: Written,
    ) -> ContentEdit {
        let read_ranges = written
            .entry_ranges
            .filter(|(of, _)| of == array)
            .map(|(_, ranges)| ranges);
        ContentEdit {
            content_dir: content_dir.to_path_buf(),
            relative: relative.to_string(),
            array: array.to_string(),
            read: written.text,
            document: written.document,
            added: Vec::new(),
            index: None,
            key_order: None,
            changed: false,
            touched: Touched::default(),
            duplicate_ids: false,
            rendered: std::sync::OnceLock::new(),
            read_ranges,
        }
    }

    /// The changed text and the document that renders it, to edit again without
    /// parsing ([`ContentEdit::from_written`]); `None` when the document alone does
    /// not render the text: entries were added (they are inserted as text) or the line
    /// ends converted.
    pub fn into_written(self) -> Option<Written> {
        if !self.added.is_empty() || converts_line_ends(&self.read) {
            return None;
        }
        let (text, _) = self.text();
        let ranges = match self.changed {
            true => self.rendered.get().and_then(|r| r.entry_ranges.clone()),
            false => self.read_ranges,
        };
        Some(Written {
            text,
            document: self.document,
            entry_ranges: ranges.map(|ranges| (self.array, ranges)),
        })
    }

    /// Reads `relative` of `content_dir` as one document, edited by paths from its
    /// root (`site.toml`, or `certificates.toml` with its two arrays).
    pub fn open_document(content_dir: &Path, relative: &str) -> Result<ContentEdit, EditError> {
        ContentEdit::open_array(content_dir, relative, "")
    }

    /// The file's path relative to the content folder, e.g. `products.toml`.
    pub fn relative(&self) -> &str {
        &self.relative
    }

    /// The text as it was read.
    pub fn original(&self) -> &str {
        &self.read
    }

    /// The entries as they are now (without those added).
    pub fn entries(&self) -> impl Iterator<Item = &Table> {
        self.document
            .get(&self.array)
            .and_then(Item::as_array_of_tables)
            .into_iter()
            .flat_map(ArrayOfTables::iter)
    }

    /// The entry with `id`, if there is one (without those added).
    pub fn entry(&mut self, id: &EntryId) -> Option<&Table> {
        let at = *self.positions().get(id)?;
        self.entries().nth(at)
    }

    /// The largest integer id of the file's entries, including those added.
    pub fn max_number_id(&self) -> i64 {
        self.entries()
            .chain(&self.added)
            .filter_map(|table| table.get("id").and_then(Item::as_integer))
            .max()
            .unwrap_or(0)
    }

    /// Whether any change was applied.
    pub fn is_changed(&self) -> bool {
        self.changed
    }

    fn positions(&mut self) -> &HashMap<EntryId, usize> {
        if self.index.is_none() {
            let mut index = HashMap::new();
            let mut duplicates = false;
            for (at, table) in self.entries().enumerate() {
                // With duplicate ids (an error of the checks) the first one is changed.
                if let Some(id) = EntryId::of(table) {
                    match index.entry(id) {
                        std::collections::hash_map::Entry::Vacant(free) => {
                            free.insert(at);
                        }
                        std::collections::hash_map::Entry::Occupied(_) => duplicates = true,
                    }
                }
            }
            self.duplicate_ids |= duplicates;
            self.index = Some(index);
        }
        self.index.get_or_insert_with(HashMap::new)
    }

    fn entries_mut(&mut self) -> Option<&mut ArrayOfTables> {
        self.document
            .get_mut(&self.array)
            .and_then(Item::as_array_of_tables_mut)
    }

    /// Applies `change` to the document. Nothing is checked or written yet.
    pub fn apply(&mut self, change: Change) -> Result<(), EditError> {
        match change {
            Change::Set {
                entry,
                field,
                value,
            } => {
                let at = self.position(&entry)?;
                self.touch(at);
                let array = self.array.clone();
                let table = self
                    .entries_mut()
                    .and_then(|tables| tables.get_mut(at))
                    .ok_or_else(|| EditError::NoSuchEntry {
                        array: array.clone(),
                        id: entry.clone(),
                    })?;
                match json::set_value_in(table, &field.0, value.map(json::one_line)) {
                    Ok(true) => {}
                    Ok(false) => {
                        return Err(EditError::NoSuchField {
                            array,
                            id: entry,
                            field,
                        })
                    }
                    Err(message) => return Err(EditError::WrongValue { field, message }),
                }
            }
            Change::Add { mut entry } => {
                for (_, item) in entry.iter_mut() {
                    if let Item::Value(value) = item {
                        *value = json::one_line(value.clone());
                    }
                }
                if self.key_order.is_none() {
                    self.key_order = Some(json::key_order(self.entries()));
                }
                let order = self.key_order.as_deref().unwrap_or_default();
                let entry = json::in_key_order(entry, order);
                self.added.push(entry)
            }
            Change::Remove { entry } => {
                let at = self.position(&entry)?;
                if let Some(tables) = self.entries_mut() {
                    let table = tables.remove(at);
                    self.touched.remove(at, table);
                }
                self.index = None;
            }
        }
        self.changed = true;
        self.rendered = std::sync::OnceLock::new();
        Ok(())
    }

    /// The table an entry's paths start at: the entry's, or the document's root.
    fn root_mut(&mut self, entry: Option<&EntryId>) -> Result<&mut Table, EditError> {
        let Some(id) = entry else {
            return Ok(self.document.as_table_mut());
        };
        let at = self.position(id)?;
        let array = self.array.clone();
        self.entries_mut()
            .and_then(|tables| tables.get_mut(at))
            .ok_or(EditError::NoSuchEntry {
                array,
                id: id.clone(),
            })
    }

    /// The value at `field` of `entry` (of the document's root without one) as JSON,
    /// `null` when the key is absent.
    pub fn get_json(
        &mut self,
        entry: Option<&EntryId>,
        field: &FieldPath,
    ) -> Result<serde_json::Value, EditError> {
        let table = self.root_mut(entry)?;
        match field.0.is_empty() {
            true => Ok(json::table_json(table)),
            false => json::get_in(table, &field.0).ok_or_else(|| self.no_field(entry, field)),
        }
    }

    fn no_field(&self, entry: Option<&EntryId>, field: &FieldPath) -> EditError {
        EditError::NoSuchField {
            array: self.array.clone(),
            id: entry
                .cloned()
                .unwrap_or(EntryId::Text(self.relative.clone())),
            field: field.clone(),
        }
    }

    /// Sets the value at `field` of `entry` (of the document's root without one) to
    /// `value` (`null` removes it; one past the end of a list appends), replacing
    /// only the parts that differ. With a `base` (the value the editor read, `null`
    /// for none), a value that changed on disk since to something else than `value`
    /// is not set: the [`Conflict`] is returned.
    pub fn set_json(
        &mut self,
        entry: Option<&EntryId>,
        field: &FieldPath,
        value: &serde_json::Value,
        base: Option<&serde_json::Value>,
    ) -> Result<Option<Conflict>, EditError> {
        let disk = self.get_json(entry, field)?;
        if let Some(base) = base {
            if disk != *base && disk != *value {
                return Ok(Some(Conflict {
                    disk,
                    yours: value.clone(),
                }));
            }
        }
        // Nothing to change: the file is not rewritten, not even in toml_edit's layout
        // (which groups a table's dotted keys where the first one is).
        if disk == *value {
            return Ok(None);
        }
        match entry {
            Some(id) => {
                let at = self.position(id)?;
                self.touch(at);
            }
            None => self.touched.outside = true,
        }
        let table = self.root_mut(entry)?;
        match json::set_in(table, &field.0, value) {
            Ok(true) => {}
            Ok(false) => return Err(self.no_field(entry, field)),
            Err(message) => {
                return Err(EditError::WrongValue {
                    field: field.clone(),
                    message,
                })
            }
        }
        self.changed = true;
        self.rendered = std::sync::OnceLock::new();
        Ok(None)
    }

    /// Notes that the entry now at `at` is about to change, keeping it as read.
    fn touch(&mut self, at: usize) {
        let read_at = self.touched.read_position(at);
        if self.touched.changed.contains_key(&read_at) {
            return;
        }
        let table = self
            .document
            .get(&self.array)
            .and_then(Item::as_array_of_tables)
            .and_then(|tables| tables.get(at));
        match table {
            Some(table) => {
                self.touched.changed.insert(read_at, table.clone());
            }
            None => self.touched.outside = true,
        }
    }

    fn position(&mut self, id: &EntryId) -> Result<usize, EditError> {
        self.positions()
            .get(id)
            .copied()
            .ok_or_else(|| EditError::NoSuchEntry {
                array: self.array.clone(),
                id: id.clone(),
            })
    }

    /// The file's text with every change applied, and the 1-based line of the first
    /// entry added (if any).
    pub fn text(&self) -> (String, Option<usize>) {
        let rendered = self.rendered.get_or_init(|| self.render());
        (rendered.text.clone(), rendered.first_added_line)
    }

    fn render(&self) -> Rendered {
        let (text, first_added_line, entry_ranges) = match self.changed {
            false => (self.read.clone(), None, None),
            true => match self.spliced() {
                Some((text, ranges)) => (text, None, Some(ranges)),
                None => {
                    let (text, line) = self.render_whole();
                    (text, line, None)
                }
            },
        };
        Rendered {
            text,
            first_added_line,
            entry_ranges,
        }
    }

    /// [`ContentEdit::render`] of the whole document.
    fn render_whole(&self) -> (String, Option<usize>) {
        let text = self.document.to_string();
        if self.added.is_empty() {
            return (line_ends_like(&self.read, text), None);
        }
        let (text, line) = insert_entries(&text, &self.array, &self.added);
        (line_ends_like(&self.read, text), Some(line))
    }

    /// Checks the content as it would be with the changes, with the checks of
    /// `sitegen check` across every file.
    pub fn check(&self, options: &LoadOptions) -> LoadReport {
        let (text, _) = self.text();
        sitegen_content::load_with_texts(
            &self.content_dir,
            options,
            &[(self.relative.as_str(), text.as_str())],
        )
    }

    /// A [`Locator`] of the changed text: which entry and field a diagnostic of this
    /// file points at.
    pub fn locator(&self) -> Locator {
        Locator::new(&self.text().0, &self.array)
    }

    /// Writes the changed file: refused when the file on disk is no longer the text
    /// that was read; else a temporary file beside it is renamed over it. Returns
    /// whether anything was written (nothing is when no change was applied).
    pub fn commit(&self) -> Result<bool, EditError> {
        if !self.changed {
            return Ok(false);
        }
        let (text, _) = self.text();
        if text == self.read {
            return Ok(false);
        }
        write_if_unchanged(
            &self.content_dir.join(&self.relative),
            self.read.as_bytes(),
            text.as_bytes(),
        )?;
        Ok(true)
    }
}

/// `text` with the line ends of `original`: toml_edit ends the lines it writes with
/// `\n`, which would turn every line of a CRLF file (Windows editors) into a change.
/// Only a file of CRLF alone is converted: there every bare `\n` is toml_edit's or a
/// line break of a multi-line string changed, which is then a CRLF like the others
/// (new values never hold a line break, see [`json::json_value`]).
fn line_ends_like(original: &str, text: String) -> String {
    if !converts_line_ends(original) {
        return text;
    }
    let mut converted = String::with_capacity(text.len() + text.len() / 32);
    let mut previous = '\0';
    for c in text.chars() {
        if c == '\n' && previous != '\r' {
            converted.push('\r');
        }
        converted.push(c);
        previous = c;
    }
    converted
}

/// Whether [`line_ends_like`] converts the line ends of a text changed from `original`:
/// when `original` ends every line with CRLF.
fn converts_line_ends(original: &str) -> bool {
    let crlf = original.matches("\r\n").count();
    crlf != 0 && crlf == original.matches('\n').count()
}

/// Writes `bytes` to `path` when the file still holds `expected` (else
/// [`EditError::ChangedOnDisk`]): a temporary file beside it, with its permissions,
/// renamed over it, so a reader sees the old bytes or the new ones, never a mix.
pub fn write_if_unchanged(path: &Path, expected: &[u8], bytes: &[u8]) -> Result<(), EditError> {
    let io = |error| EditError::Io {
        path: path.to_path_buf(),
        error,
    };
    let on_disk = std::fs::read(path).map_err(io)?;
    if on_disk != expected {
        return Err(EditError::ChangedOnDisk {
            path: path.to_path_buf(),
        });
    }
    let folder = path.parent().unwrap_or(Path::new("."));
    let mut temporary = tempfile::NamedTempFile::new_in(folder).map_err(io)?;
    temporary.write_all(bytes).map_err(io)?;
    temporary.as_file().sync_all().map_err(io)?;
    let permissions = std::fs::metadata(path).map_err(io)?.permissions();
    std::fs::set_permissions(temporary.path(), permissions).map_err(io)?;
    temporary.persist(path).map_err(|error| io(error.error))?;
    Ok(())
}

#[cfg(test)]
mod tests;
