//! A content file as values: its entries by id with their fields, and its other
//! settings by path. What changed between two versions, and the three-way combination
//! of ours and a colleague's with the editor's engine ([`ContentEdit`]).

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use serde_json::Value as Json;
use sitegen_content::files::ContentFile;
use sitegen_edit::json::{item_json, table_json};
use sitegen_edit::{insert_entries, Change, ContentEdit, EntryId, FieldPath, PathStep};
use toml_edit::{DocumentMut, Item};

use crate::{EntryChange, EntryName, ValueConflict};

/// One entry: its fields as JSON, by top-level key.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Entry {
    pub(crate) fields: serde_json::Map<String, Json>,
}

impl Entry {
    fn title(&self) -> Option<String> {
        ["title", "name", "label"]
            .iter()
            .find_map(|key| self.fields.get(*key)?.as_str().map(str::to_string))
    }

    fn field(&self, key: &str) -> &Json {
        self.fields.get(key).unwrap_or(&Json::Null)
    }

    fn json(&self) -> Json {
        Json::Object(self.fields.clone())
    }
}

type EntryKey = (String, EntryId);

/// A content file's values.
#[derive(Debug, Default)]
pub(crate) struct Values {
    /// Entries by array and id, in the file's order.
    order: Vec<EntryKey>,
    entries: HashMap<EntryKey, Entry>,
    /// The other values: a top-level key, or a key of a top-level table (`contact.phones`).
    settings: Vec<(Vec<String>, Json)>,
}

impl Values {
    /// The values of `text`, or `None` when it is not valid TOML.
    pub(crate) fn parse(text: &str, file: &ContentFile) -> Option<Values> {
        let document: DocumentMut = text.parse().ok()?;
        let mut values = Values::default();
        for (key, item) in document.iter() {
            let entries = item
                .as_array_of_tables()
                .filter(|_| file.tables.contains(&key))
                .map(|tables| {
                    tables
                        .iter()
                        .map(|table| Some((entry_id(table)?, table)))
                        .collect::<Option<Vec<_>>>()
                });
            match (entries, item) {
                (Some(Some(entries)), _) => {
                    for (id, table) in entries {
                        let entry_key = (key.to_string(), id);
                        let Json::Object(fields) = table_json(table) else {
                            continue;
                        };
                        if !values.entries.contains_key(&entry_key) {
                            values.order.push(entry_key.clone());
                            values.entries.insert(entry_key, Entry { fields });
                        }
                    }
                }
                (_, Item::Table(table)) => {
                    for (inner, item) in table.iter() {
                        values
                            .settings
                            .push((vec![key.to_string(), inner.to_string()], item_json(item)));
                    }
                }
                _ => values
                    .settings
                    .push((vec![key.to_string()], item_json(item))),
            }
        }
        Some(values)
    }

    /// The values of the entry whose id is written `id` (`17`, `dialysis-setup`), in
    /// whichever array of tables it is.
    pub(crate) fn entry_json(&self, id: &str) -> Option<Json> {
        self.order
            .iter()
            .find(|(_, entry_id)| match entry_id {
                EntryId::Number(number) => number.to_string() == id,
                EntryId::Text(text) => text == id,
            })
            .and_then(|key| self.entries.get(key))
            .map(Entry::json)
    }

    fn setting(&self, path: &[String]) -> &Json {
        self.settings
            .iter()
            .find(|(at, _)| at == path)
            .map_or(&Json::Null, |(_, value)| value)
    }

    fn setting_paths<'a>(&'a self, other: &'a Values) -> Vec<&'a Vec<String>> {
        let mut seen = BTreeSet::new();
        self.settings
            .iter()
            .chain(&other.settings)
            .map(|(path, _)| path)
            .filter(|path| seen.insert(path.as_slice()))
            .collect()
    }

    fn entry_keys<'a>(&'a self, other: &'a Values) -> Vec<&'a EntryKey> {
        let mut keys: Vec<&EntryKey> = self.order.iter().collect();
        keys.extend(
            other
                .order
                .iter()
                .filter(|key| !self.entries.contains_key(*key)),
        );
        keys
    }
}

fn entry_id(table: &toml_edit::Table) -> Option<EntryId> {
    let id = table.get("id")?.as_value()?;
    id.as_integer()
        .map(EntryId::Number)
        .or_else(|| id.as_str().map(|text| EntryId::Text(text.to_string())))
}

fn name(key: &EntryKey, entry: Option<&Entry>) -> EntryName {
    EntryName {
        array: key.0.clone(),
        id: match &key.1 {
            EntryId::Number(number) => number.to_string(),
            EntryId::Text(text) => text.clone(),
        },
        title: entry.and_then(Entry::title),
    }
}

/// The fields whose values differ between two entries, in key order.
fn changed_fields(before: &Entry, after: &Entry) -> Vec<String> {
    let keys: BTreeSet<&String> = before.fields.keys().chain(after.fields.keys()).collect();
    keys.into_iter()
        .filter(|key| before.field(key) != after.field(key))
        .cloned()
        .collect()
}

/// What changed from `before` to `after`: entries added, removed or changed (with
/// their fields), and the settings changed.
pub(crate) fn changes(before: &Values, after: &Values) -> (Vec<EntryChange>, Vec<Vec<String>>) {
    let mut entries = Vec::new();
    for key in after.entry_keys(before) {
        let change = match (before.entries.get(key), after.entries.get(key)) {
            (None, Some(entry)) => EntryChange::Added(name(key, Some(entry))),
            (Some(entry), None) => EntryChange::Removed(name(key, Some(entry))),
            (Some(old), Some(new)) if old != new => {
                EntryChange::Changed(name(key, Some(new)), changed_fields(old, new))
            }
            _ => continue,
        };
        entries.push(change);
    }
    let settings = after
        .setting_paths(before)
        .into_iter()
        .filter(|path| before.setting(path) != after.setting(path))
        .cloned()
        .collect();
    (entries, settings)
}

/// One change to make on the colleague's version.
enum Step {
    Set(Option<EntryKey>, Vec<String>, Json),
    /// An entry of ours, added with its own text (its comments and spellings).
    Add(EntryKey),
    Remove(EntryKey),
}

/// Whether `found` is one of the conflicts `keep` decided for our value: the same
/// value, and the colleague's value still the one shown then.
pub(crate) fn decided(keep: &[ValueConflict], found: &ValueConflict) -> bool {
    let same_entry = |a: &Option<EntryName>, b: &Option<EntryName>| match (a, b) {
        (Some(a), Some(b)) => a.array == b.array && a.id == b.id,
        (None, None) => true,
        _ => false,
    };
    keep.iter().any(|kept| {
        kept.path == found.path
            && same_entry(&kept.entry, &found.entry)
            && kept.field == found.field
            && kept.theirs == found.theirs
    })
}

/// Our changes since `base` made on `theirs`, value by value: the combined text, or
/// every value both sides changed differently (but those of `keep`, where our value
/// is taken: a value of an entry, or a setting).
pub(crate) fn combine(
    relative: &str,
    file: &ContentFile,
    [base, ours, theirs]: [&Values; 3],
    [ours_text, theirs_text]: [&str; 2],
    keep: &[ValueConflict],
) -> Result<String, Vec<ValueConflict>> {
    let mut steps = Vec::new();
    let mut conflicts = Vec::new();
    let conflict =
        |entry: Option<EntryName>, field: Option<String>, ours: Json, theirs: Json| ValueConflict {
            path: relative.to_string(),
            entry,
            field,
            ours,
            theirs,
        };
    for path in ours.setting_paths(base) {
        let (was, now, their) = (base.setting(path), ours.setting(path), theirs.setting(path));
        if was == now || their == now {
            continue;
        }
        if their != was {
            let found = conflict(None, Some(path.join(".")), now.clone(), their.clone());
            if !decided(keep, &found) {
                conflicts.push(found);
                continue;
            }
        }
        steps.push(Step::Set(None, path.clone(), now.clone()));
    }
    for key in ours.entry_keys(base) {
        let (was, now, their) = (
            base.entries.get(key),
            ours.entries.get(key),
            theirs.entries.get(key),
        );
        match (was, now, their) {
            (Some(was), Some(now), _) if was == now => {}
            // Added here; the colleague added the same id too.
            (None, Some(now), Some(their)) if now != their => conflicts.push(conflict(
                Some(name(key, Some(now))),
                None,
                now.json(),
                their.json(),
            )),
            (None, Some(_), Some(_)) => {}
            (None, Some(_), None) => steps.push(Step::Add(key.clone())),
            // Removed here.
            (Some(was), None, Some(their)) if was != their => conflicts.push(conflict(
                Some(name(key, Some(their))),
                None,
                Json::Null,
                their.json(),
            )),
            (Some(_), None, Some(_)) => steps.push(Step::Remove(key.clone())),
            (Some(_), None, None) => {}
            // Changed here, removed by the colleague.
            (Some(_), Some(now), None) => conflicts.push(conflict(
                Some(name(key, Some(now))),
                None,
                now.json(),
                Json::Null,
            )),
            (Some(was), Some(now), Some(their)) => {
                for field in changed_fields(was, now) {
                    let (old, new, other) =
                        (was.field(&field), now.field(&field), their.field(&field));
                    if other == new {
                        continue;
                    }
                    if other != old {
                        // Lists of named rows (a product's specifications) are
                        // combined row by row: different rows changed are both kept.
                        if let Some(Some(merged)) = combine_rows(old, new, other) {
                            steps.push(Step::Set(Some(key.clone()), vec![field], merged));
                            continue;
                        }
                        let found = conflict(
                            Some(name(key, Some(now))),
                            Some(field.clone()),
                            new.clone(),
                            other.clone(),
                        );
                        if !decided(keep, &found) {
                            conflicts.push(found);
                            continue;
                        }
                    }
                    steps.push(Step::Set(Some(key.clone()), vec![field], new.clone()));
                }
            }
            (None, None, _) => {}
        }
    }
    if !conflicts.is_empty() {
        return Err(conflicts);
    }
    apply(relative, file, [ours_text, theirs_text], steps).map_err(|message| {
        vec![ValueConflict {
            path: relative.to_string(),
            entry: None,
            field: None,
            ours: Json::String(message),
            theirs: Json::Null,
        }]
    })
}

/// A list of rows that each have a `name` of their own (a product's specifications),
/// by name in its order; `None` for any other value.
fn named_rows(value: &Json) -> Option<Vec<(&str, &Json)>> {
    let rows: Vec<(&str, &Json)> = value
        .as_array()?
        .iter()
        .map(|row| Some((row.as_object()?.get("name")?.as_str()?, row)))
        .collect::<Option<_>>()?;
    let names: BTreeSet<&str> = rows.iter().map(|(name, _)| *name).collect();
    (names.len() == rows.len()).then_some(rows)
}

/// Three versions of a list of named rows combined row by row, on the colleague's
/// list: the rows changed, removed or added here, beside the colleague's. `None` when
/// the lists are not all named rows, or when ours reorders rows (then the list is one
/// value); `Some(None)` when a row changed on both sides differently.
fn combine_rows(base: &Json, ours: &Json, theirs: &Json) -> Option<Option<Json>> {
    let (base, ours, theirs) = (named_rows(base)?, named_rows(ours)?, named_rows(theirs)?);
    let find = |rows: &[(&str, &Json)], name: &str| {
        rows.iter()
            .find(|(row_name, _)| *row_name == name)
            .map(|(_, row)| (*row).clone())
    };
    let kept_order: Vec<&str> = (ours.iter().map(|(name, _)| *name))
        .filter(|name| find(&base, name).is_some())
        .collect();
    let base_order: Vec<&str> = (base.iter().map(|(name, _)| *name))
        .filter(|name| find(&ours, name).is_some())
        .collect();
    if kept_order != base_order {
        return None;
    }
    let mut merged: Vec<(String, Json)> = Vec::new();
    for (name, their_row) in &theirs {
        let their_row = (*their_row).clone();
        let row = match (find(&base, name), find(&ours, name)) {
            (Some(was), Some(now)) if now == was => Some(their_row),
            (Some(was), Some(now)) if their_row == was || their_row == now => Some(now),
            (Some(was), None) if their_row == was => None,
            (None, Some(now)) if now == their_row => Some(now),
            (None, None) => Some(their_row),
            _ => return Some(None),
        };
        if let Some(row) = row {
            merged.push((name.to_string(), row));
        }
    }
    // A row the colleague removed and we changed.
    for (name, was) in &base {
        let changed_here = find(&ours, name).is_some_and(|now| &now != *was);
        if find(&theirs, name).is_none() && changed_here {
            return Some(None);
        }
    }
    // Rows added here go after the row before them in ours.
    for (at, (name, row)) in ours.iter().enumerate() {
        if find(&base, name).is_some() || find(&theirs, name).is_some() {
            continue;
        }
        let after = ours[..at].iter().rev().find_map(|(before, _)| {
            merged
                .iter()
                .position(|(merged_name, _)| merged_name == before)
        });
        let place = after.map_or(0, |position| position + 1);
        merged.insert(place, (name.to_string(), (*row).clone()));
    }
    Some(Some(Json::Array(
        merged.into_iter().map(|(_, row)| row).collect(),
    )))
}

/// The steps made on `text`: the settings first, then each array's entries.
fn apply(
    relative: &str,
    file: &ContentFile,
    [ours_text, text]: [&str; 2],
    steps: Vec<Step>,
) -> Result<String, String> {
    // Ours as a document, for the tables of the entries it adds.
    let mut ours: Option<DocumentMut> = None;
    // The content folder is only where ContentEdit would write: nothing is written here.
    let nowhere = Path::new("");
    let mut text = text.to_string();
    let mut arrays: Vec<Option<String>> = vec![None];
    arrays.extend(file.tables.iter().map(|table| Some(table.to_string())));
    for array in arrays {
        let mine: Vec<&Step> = steps
            .iter()
            .filter(|step| match step {
                Step::Set(entry, ..) => entry.as_ref().map(|key| &key.0) == array.as_ref(),
                Step::Add(key) => Some(&key.0) == array.as_ref(),
                Step::Remove(key) => Some(&key.0) == array.as_ref(),
            })
            .collect();
        if mine.is_empty() {
            continue;
        }
        let mut edit = ContentEdit::from_text(
            nowhere,
            relative,
            array.as_deref().unwrap_or_default(),
            text.clone(),
        )
        .map_err(|error| error.to_string())?;
        let mut added = Vec::new();
        for step in mine {
            match step {
                Step::Set(entry, path, value) => {
                    let field = FieldPath(path.iter().cloned().map(PathStep::Key).collect());
                    edit.set_json(entry.as_ref().map(|key| &key.1), &field, value, None)
                        .map_err(|error| error.to_string())?;
                }
                Step::Add(key) => added.push(key),
                Step::Remove(key) => edit
                    .apply(Change::Remove {
                        entry: key.1.clone(),
                    })
                    .map_err(|error| error.to_string())?,
            }
        }
        text = edit.text().0;
        if let (false, Some(array)) = (added.is_empty(), &array) {
            if ours.is_none() {
                ours = Some(
                    ours_text
                        .parse()
                        .map_err(|error: toml_edit::TomlError| error.message().to_string())?,
                );
            }
            let mut tables: Vec<toml_edit::Table> = ours
                .as_ref()
                .and_then(|document| document.get(array))
                .and_then(Item::as_array_of_tables)
                .into_iter()
                .flat_map(|tables| tables.iter())
                .filter(|table| {
                    entry_id(table).is_some_and(|id| added.iter().any(|key| key.1 == id))
                })
                .cloned()
                .collect();
            // insert_entries puts one blank line before them: the first one's own goes.
            if let Some(first) = tables.first_mut() {
                let prefix = first.decor().prefix().and_then(|raw| raw.as_str());
                let kept = prefix.map(|text| text.trim_start_matches(['\n', '\r']).to_string());
                if let Some(kept) = kept {
                    first.decor_mut().set_prefix(kept);
                }
            }
            text = insert_entries(&text, array, &tables).0;
        }
    }
    Ok(text)
}
