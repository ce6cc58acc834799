//! The editor's HTTP API as types, declared once: the bodies the routes take and
//! answer (docs/editor.md). `sitegen gen` writes their TypeScript ([`TYPESCRIPT_FILE`]),
//! which the front end's calls (`web/src/editor/logic/api.ts`) read and send, so neither
//! side can change the API alone.
//!
//! Content values that are any JSON (an entry, a field's value, a JSON Schema) stay
//! [`Json`]; their TypeScript types are the front end's (`json.ts`, `json-schema.ts`).

use std::fmt;

use serde::de::{self, Deserializer, Unexpected};
use serde::{Deserialize, Serialize};
use serde_json::Value as Json;
use ts_rs::{TypeVisitor, TS};

/// Where the API's TypeScript types are committed, relative to the repository root.
pub const TYPESCRIPT_FILE: &str = "web/src/editor/logic/api.gen.ts";

/// What the generated TypeScript imports: the front end's names for any JSON.
pub const TYPESCRIPT_IMPORTS: &str = "import type { Json, JsonObject } from './json';\n\
     import type { JsonSchema } from './json-schema';\n";

/// Visits the API's types for their TypeScript declarations.
pub fn visit_types(visitor: &mut impl TypeVisitor) {
    visitor.visit::<FileList>();
    visitor.visit::<EntryList>();
    visitor.visit::<ContentValue<'static>>();
    visitor.visit::<Options>();
    visitor.visit::<SaveRequest>();
    visitor.visit::<Saved>();
    visitor.visit::<Refused>();
    visitor.visit::<Conflicted>();
    visitor.visit::<UndoRequest>();
    visitor.visit::<Undone>();
    visitor.visit::<Uploaded>();
    visitor.visit::<PublishAnswer>();
    visitor.visit::<PublishRequest>();
    visitor.visit::<History>();
    visitor.visit::<ErrorAnswer>();
}

/// An entry's id as its file writes it: a whole number (products) or a text (services).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(untagged)]
pub enum EntryId {
    Number(#[ts(type = "number")] i64),
    Text(String),
}

impl From<EntryId> for sitegen_edit::EntryId {
    fn from(id: EntryId) -> Self {
        match id {
            EntryId::Number(id) => sitegen_edit::EntryId::Number(id),
            EntryId::Text(id) => sitegen_edit::EntryId::Text(id),
        }
    }
}

impl From<&sitegen_edit::EntryId> for EntryId {
    fn from(id: &sitegen_edit::EntryId) -> Self {
        match id {
            sitegen_edit::EntryId::Number(id) => EntryId::Number(*id),
            sitegen_edit::EntryId::Text(id) => EntryId::Text(id.clone()),
        }
    }
}

impl EntryId {
    /// The id of `value` (an entry's `id`), when it is a whole number or a text.
    pub fn of(value: &Json) -> Option<EntryId> {
        match value {
            Json::Number(number) => number.as_i64().map(EntryId::Number),
            Json::String(text) => Some(EntryId::Text(text.clone())),
            _ => None,
        }
    }
}

// By hand, so that a wrong id says what an id is (an untagged enum would say only
// that no variant matched).
impl<'de> Deserialize<'de> for EntryId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct IdVisitor;
        impl de::Visitor<'_> for IdVisitor {
            type Value = EntryId;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an entry id (a whole number or a text)")
            }
            fn visit_i64<E: de::Error>(self, id: i64) -> Result<EntryId, E> {
                Ok(EntryId::Number(id))
            }
            fn visit_u64<E: de::Error>(self, id: u64) -> Result<EntryId, E> {
                i64::try_from(id)
                    .map(EntryId::Number)
                    .map_err(|_| E::invalid_value(Unexpected::Unsigned(id), &self))
            }
            fn visit_str<E: de::Error>(self, id: &str) -> Result<EntryId, E> {
                Ok(EntryId::Text(id.to_string()))
            }
        }
        deserializer.deserialize_any(IdVisitor)
    }
}

/// One step of a place inside a value: an object's key, or a 0-based position in a list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(untagged)]
pub enum FieldStep {
    Key(String),
    Index(usize),
}

/// A place inside a value, outermost first: `["specifications", 2, "value"]`.
pub type FieldPath = Vec<FieldStep>;

impl From<FieldStep> for sitegen_edit::PathStep {
    fn from(step: FieldStep) -> Self {
        match step {
            FieldStep::Key(key) => sitegen_edit::PathStep::Key(key),
            FieldStep::Index(at) => sitegen_edit::PathStep::Index(at),
        }
    }
}

impl From<&sitegen_edit::PathStep> for FieldStep {
    fn from(step: &sitegen_edit::PathStep) -> Self {
        match step {
            sitegen_edit::PathStep::Key(key) => FieldStep::Key(key.clone()),
            sitegen_edit::PathStep::Index(at) => FieldStep::Index(*at),
        }
    }
}

// By hand, for the same reason as the entry id's.
impl<'de> Deserialize<'de> for FieldStep {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct StepVisitor;
        impl de::Visitor<'_> for StepVisitor {
            type Value = FieldStep;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a key or a position in a list")
            }
            fn visit_u64<E: de::Error>(self, at: u64) -> Result<FieldStep, E> {
                usize::try_from(at)
                    .map(FieldStep::Index)
                    .map_err(|_| E::invalid_value(Unexpected::Unsigned(at), &self))
            }
            fn visit_i64<E: de::Error>(self, at: i64) -> Result<FieldStep, E> {
                match u64::try_from(at) {
                    Ok(at) => self.visit_u64(at),
                    Err(_) => Err(E::invalid_value(Unexpected::Signed(at), &self)),
                }
            }
            fn visit_str<E: de::Error>(self, key: &str) -> Result<FieldStep, E> {
                Ok(FieldStep::Key(key.to_string()))
            }
        }
        deserializer.deserialize_any(StepVisitor)
    }
}

/// A refused request (4xx, or 500 for a disk error): what is wrong, in plain words.
#[derive(Debug, Serialize, TS)]
pub struct ErrorAnswer {
    pub error: ErrorMessage,
}

/// The words of a refusal.
#[derive(Debug, Serialize, TS)]
pub struct ErrorMessage {
    pub message: String,
}

/// `GET /_edit/api/files`: every content file present, in the table's order.
#[derive(Debug, Serialize, TS)]
pub struct FileList {
    pub files: Vec<ContentFile>,
}

/// A content file the editor edits.
#[derive(Debug, Serialize, TS)]
pub struct ContentFile {
    /// Relative to `content/`: `products.toml`.
    pub path: String,
    /// What people call it: `Products`.
    pub title: String,
    /// What it holds, in a sentence.
    pub holds: String,
    pub kind: FileKind,
    /// For a file of entries, the array of tables they are in (`product`).
    pub table: Option<String>,
    /// Its JSON Schema, as `sitegen schema` writes it.
    #[ts(type = "JsonSchema")]
    pub schema: Json,
    /// The SHA-256 of its bytes, in hex.
    pub revision: String,
}

/// How a file is edited: as a list of entries, or as one document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum FileKind {
    Entries,
    Document,
}

/// `GET /_edit/api/entries?path=`: the list of a file of entries.
#[derive(Debug, Serialize, TS)]
pub struct EntryList {
    pub revision: String,
    /// The id a new entry takes: one more than the largest, when every id is a number.
    #[ts(type = "number | null")]
    pub next_id: Option<i64>,
    pub entries: Vec<EntrySummary>,
}

/// What the list shows of an entry.
#[derive(Debug, Serialize, TS)]
pub struct EntrySummary {
    pub id: EntryId,
    /// Its title, name or label.
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub category: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub subcategory: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub draft: Option<bool>,
    /// The page it is shown on, if it has one of its own.
    pub route: Option<String>,
}

/// `GET /_edit/api/entry?path=&id=` (one entry) and `GET /_edit/api/file?path=` (a
/// whole file): a value at the file's revision, and the page that shows it.
#[derive(Debug, Serialize, TS)]
pub struct ContentValue<'a> {
    pub revision: String,
    #[ts(type = "JsonObject")]
    pub value: &'a Json,
    pub route: Option<String>,
}

/// `GET /_edit/api/options`: what the pickers offer.
#[derive(Debug, Serialize, TS)]
pub struct Options {
    pub categories: Vec<Category>,
    pub media: Vec<MediaFile>,
}

/// A category with its subcategories.
#[derive(Debug, Serialize, TS)]
pub struct Category {
    /// The id a product's `category` holds.
    pub name: String,
    /// What people read.
    pub title: Option<String>,
    pub subcategories: Vec<String>,
}

/// An image or PDF of `content/media/`.
#[derive(Debug, Serialize, TS)]
pub struct MediaFile {
    /// Relative to `content/`: `media/x.png`.
    pub path: String,
    pub kind: MediaKind,
    #[ts(type = "number")]
    pub bytes: u64,
    /// A raster image's size in pixels, read from its header.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub width: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub height: Option<usize>,
}

/// What kind of media a file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum MediaKind {
    Image,
    Pdf,
}

/// `POST /_edit/api/save`: changes of one file.
#[derive(Debug, Deserialize, TS)]
pub struct SaveRequest {
    /// Relative to `content/`.
    pub path: String,
    pub changes: Vec<Change>,
}

/// A change of a save.
#[derive(Debug, Deserialize, TS)]
#[serde(tag = "op", rename_all = "lowercase")]
pub enum Change {
    /// Sets the value at `field` of `entry` (of the document's root without one);
    /// `null` removes it, the position one past the end of a list appends.
    Set {
        #[ts(optional)]
        entry: Option<EntryId>,
        field: FieldPath,
        #[serde(default)]
        #[ts(type = "Json")]
        value: Json,
        /// The value the editor read (`null`: none): when the disk holds another now,
        /// and not `value`, the change is a conflict. Without it, no check.
        #[serde(default, with = "present")]
        #[ts(optional, type = "Json")]
        base: Option<Json>,
    },
    /// Adds an entry to a file of entries.
    Add {
        #[ts(type = "JsonObject")]
        entry: Json,
    },
    /// Removes an entry (already gone is as good).
    Remove { entry: EntryId },
}

/// A field that is there, also as `null` (`Some(Json::Null)`); `None` only when absent.
mod present {
    use super::*;

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Json>, D::Error> {
        Json::deserialize(deserializer).map(Some)
    }
}

/// A save's 200: the file is as the changes made it (`written` false when they changed
/// nothing), with the warnings `sitegen check` gives: `warnings` at the values this save
/// set or the entries it added, `other_warnings` the site's others (placeholders the
/// company has still to replace), which the front end shows apart, once.
#[derive(Debug, Serialize, TS)]
pub struct Saved {
    pub written: bool,
    pub revision: String,
    pub warnings: Vec<Problem>,
    pub other_warnings: Vec<Problem>,
}

/// A save's or an undo's 422: the errors that would be, nothing written.
#[derive(Debug, Serialize, TS)]
pub struct Refused {
    #[ts(type = "false")]
    pub written: bool,
    pub problems: Vec<Problem>,
}

/// A save's 409: values changed on disk since they were read, nothing written.
#[derive(Debug, Serialize, TS)]
pub struct Conflicted {
    #[ts(type = "false")]
    pub written: bool,
    /// The file's revision on disk.
    pub revision: String,
    pub conflicts: Vec<Conflict>,
}

/// A value the editor changed that changed on disk too.
#[derive(Debug, Serialize, TS)]
pub struct Conflict {
    pub entry: Option<EntryId>,
    pub field: FieldPath,
    /// On disk now (`null`: gone).
    #[ts(type = "Json")]
    pub disk: Json,
    /// What the editor set.
    #[ts(type = "Json")]
    pub yours: Json,
}

/// A problem `sitegen check` finds, located at its entry and field when it can be.
#[derive(Debug, Serialize, TS)]
pub struct Problem {
    /// The error code: `E0202`.
    pub code: String,
    pub severity: Severity,
    pub message: String,
    pub hint: Option<String>,
    /// Relative to `content/`; null for a problem of no file.
    pub file: Option<String>,
    /// 1-based; null for a problem of a whole file.
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub entry: Option<EntryId>,
    pub field: Option<FieldPath>,
}

/// Whether a problem stops a save.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

/// `POST /_edit/api/undo`: the file whose last save to undo.
#[derive(Debug, Deserialize, TS)]
pub struct UndoRequest {
    pub path: String,
}

/// An undo's 200: the file is as it was before the save.
#[derive(Debug, Serialize, TS)]
pub struct Undone {
    pub revision: String,
}

/// An upload's 201: where the file is now.
#[derive(Debug, Serialize, TS)]
pub struct Uploaded {
    /// Relative to `content/`: `media/x.png`.
    pub path: String,
}

/// The outcome of `GET /_edit/api/publish` (what a publish would send: a dry run) and
/// of `POST /_edit/api/publish` (publishing). A refusal is a 409, the rest 200.
#[derive(Debug, Serialize, TS)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum PublishAnswer {
    /// The content is as last published.
    Nothing { author: Option<PublishAuthor> },
    /// What a publish would send, in editors' words (the lines `sitegen publish
    /// --dry-run` prints), and the message proposed from them.
    Plan {
        changes: Vec<String>,
        /// Content files compared as a whole, not being valid TOML on one side (W1101).
        whole_files: Vec<String>,
        message: String,
        remote: String,
        branch: String,
        /// Who the commit will be by; `null` when git has no author yet.
        author: Option<PublishAuthor>,
    },
    /// Published: one commit pushed.
    Published {
        changes: Vec<String>,
        /// The commit, in full.
        commit: String,
        remote: String,
        branch: String,
        /// Whether a colleague's changes published meanwhile were combined with these.
        combined: bool,
    },
    /// Nothing was published, and nothing lost.
    Refused {
        /// The catalogue's code: `E1107`.
        code: String,
        /// The catalogue's title of it.
        title: String,
        /// What happened.
        message: String,
        /// What to do, as the catalogue says it.
        hint: String,
        /// The values changed on both sides (E1107).
        conflicts: Vec<PublishConflict>,
    },
}

/// The author of a publish's commit.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
pub struct PublishAuthor {
    pub name: String,
    pub email: String,
}

/// `POST /_edit/api/publish`.
#[derive(Debug, Deserialize, TS)]
pub struct PublishRequest {
    /// The commit's message (the proposed one when empty).
    pub message: String,
    /// Kept in the clone's git configuration first, when git has no author.
    #[serde(default)]
    #[ts(optional)]
    pub author: Option<PublishAuthor>,
    /// Conflicts shown and decided for the editor's value ("keep mine"): published
    /// over the colleague's, as long as the colleague's is still the one shown.
    #[serde(default)]
    #[ts(as = "Option<Vec<PublishConflict>>", optional)]
    pub keep_mine: Vec<PublishConflict>,
}

/// A value changed here and, differently, by a colleague since the last publish.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
pub struct PublishConflict {
    /// The file, relative to `content/`.
    pub path: String,
    /// The entry, when the value is an entry's.
    pub entry: Option<ConflictEntry>,
    /// The field (`model`, `contact.phones`); `null` for a whole entry or file.
    pub field: Option<String>,
    /// The editor's value (`null`: removed).
    #[ts(type = "Json")]
    pub ours: Json,
    /// The colleague's value (`null`: removed).
    #[ts(type = "Json")]
    pub theirs: Json,
    /// The place and both values in words.
    #[serde(default)]
    pub words: String,
}

/// An entry of a conflict.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
pub struct ConflictEntry {
    /// Its array of tables: `product`.
    pub array: String,
    /// Its id as the file writes it.
    pub id: EntryId,
    /// Its title, name or label.
    pub title: Option<String>,
    /// How editors name it: `Product 17 · Hemodialysis Machine`.
    #[serde(default)]
    pub words: String,
}

/// `GET /_edit/api/history?path=&id=`: the versions of an entry (of the whole file
/// without `id`), newest first: only the commits that changed its values.
#[derive(Debug, Serialize, TS)]
pub struct History {
    pub versions: Vec<HistoryVersion>,
}

/// One version of an entry's history.
#[derive(Debug, Serialize, TS)]
pub struct HistoryVersion {
    /// The commit, in full.
    pub commit: String,
    pub author: String,
    pub email: String,
    /// ISO 8601, with the author's offset.
    pub date: String,
    /// The first line of the commit's message.
    pub subject: String,
    /// The entry's values in that version (`null`: the commit removed it).
    #[ts(type = "Json")]
    pub value: Json,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message<T: for<'de> Deserialize<'de> + fmt::Debug>(json: &str) -> String {
        serde_json::from_str::<T>(json).unwrap_err().to_string()
    }

    #[test]
    fn a_set_tells_an_absent_base_from_a_null_one() {
        let change = |json| serde_json::from_str::<Change>(json).unwrap();
        let base = |change| match change {
            Change::Set { base, .. } => base,
            other => panic!("{other:?}"),
        };
        assert_eq!(base(change(r#"{"op":"set","field":["a"]}"#)), None);
        assert_eq!(
            base(change(r#"{"op":"set","field":["a"],"base":null}"#)),
            Some(Json::Null)
        );
    }

    #[test]
    fn a_wrong_id_or_step_says_what_was_expected() {
        assert!(message::<EntryId>("[1]").contains("expected an entry id"));
        assert!(message::<EntryId>("1.5").contains("expected an entry id"));
        assert!(message::<FieldStep>("-1").contains("expected a key or a position"));
        assert!(message::<Change>(r#"{"op":"rename"}"#).contains("unknown variant `rename`"));
        assert_eq!(
            serde_json::from_str::<FieldPath>(r#"["specifications", 2]"#).unwrap(),
            [FieldStep::Key("specifications".into()), FieldStep::Index(2)]
        );
    }
}
