//! Values as JSON, and setting a value from JSON anywhere in a document: the browser
//! editor sends and receives JSON, and a file of single tables (`site.toml`) or of
//! several arrays (`certificates.toml`) is edited by paths from its root.
//!
//! A value is set by merging: only the parts of it that differ from what the file
//! holds are replaced, each keeping its spaces and comment, so that saving a form
//! whose values did not change writes the same bytes.

use serde_json::{Map, Number, Value as Json};
use toml_edit::{Array, ArrayOfTables, InlineTable, Item, Table, Value};

use crate::PathStep;

/// A `set` refused because the value changed on disk since the editor read it.
#[derive(Debug, Clone, PartialEq)]
pub struct Conflict {
    /// The value on disk now (`null` when it is gone).
    pub disk: Json,
    /// The value the change would have set.
    pub yours: Json,
}

/// An item as JSON: tables and inline tables are objects, arrays of tables arrays.
pub fn item_json(item: &Item) -> Json {
    match item {
        Item::None => Json::Null,
        Item::Value(value) => value_json(value),
        Item::Table(table) => table_json(table),
        Item::ArrayOfTables(tables) => Json::Array(tables.iter().map(table_json).collect()),
    }
}

/// A table as a JSON object, in the file's key order.
pub fn table_json(table: &Table) -> Json {
    Json::Object(
        table
            .iter()
            .map(|(key, item)| (key.to_string(), item_json(item)))
            .collect(),
    )
}

/// A value as JSON; a date or time is its TOML text.
pub fn value_json(value: &Value) -> Json {
    match value {
        Value::String(text) => Json::String(text.value().clone()),
        Value::Integer(number) => Json::Number((*number.value()).into()),
        Value::Float(number) => Number::from_f64(*number.value()).map_or(Json::Null, Json::Number),
        Value::Boolean(flag) => Json::Bool(*flag.value()),
        Value::Datetime(datetime) => Json::String(datetime.value().to_string()),
        Value::Array(array) => Json::Array(array.iter().map(value_json).collect()),
        Value::InlineTable(table) => Json::Object(
            table
                .iter()
                .map(|(key, value)| (key.to_string(), value_json(value)))
                .collect(),
        ),
    }
}

/// A JSON value as a TOML value; `null` has none (a key set to `null` is removed).
pub fn json_value(json: &Json) -> Result<Value, String> {
    Ok(match json {
        Json::Null => return Err("null is not a TOML value".to_string()),
        Json::Bool(flag) => Value::from(*flag),
        Json::Number(number) => match (number.as_i64(), number.as_f64()) {
            (Some(integer), _) => Value::from(integer),
            (None, Some(float)) => Value::from(float),
            _ => return Err(format!("{number} is out of range")),
        },
        Json::String(text) => one_line_string(text),
        Json::Array(items) => {
            let mut array = Array::new();
            for item in items {
                array.push(json_value(item)?);
            }
            Value::Array(array)
        }
        Json::Object(object) => Value::InlineTable(inline_table(object)?),
    })
}

/// A string as a one-line basic string, every line break escaped: a value written
/// into a file never brings line ends of its own (a CRLF file stays CRLF).
fn one_line_string(text: &str) -> Value {
    // JSON's escapes are TOML's (serde_json writes no `\/`); DEL, which TOML wants
    // escaped and JSON does not, falls back to toml_edit's own choice.
    serde_json::to_string(text)
        .ok()
        .and_then(|quoted| quoted.parse::<Value>().ok())
        .unwrap_or_else(|| Value::from(text))
}

/// `value` with every string that holds a line break written on one line (see
/// [`one_line_string`]): for the typed changes of the spreadsheet and the command line.
pub fn one_line(value: Value) -> Value {
    match value {
        Value::String(text) if text.value().contains(['\n', '\r']) => {
            let mut new = one_line_string(text.value());
            *new.decor_mut() = text.decor().clone();
            new
        }
        Value::Array(mut array) => {
            for item in array.iter_mut() {
                *item = one_line(item.clone());
            }
            Value::Array(array)
        }
        Value::InlineTable(mut table) => {
            for (_, item) in table.iter_mut() {
                *item = one_line(item.clone());
            }
            Value::InlineTable(table)
        }
        other => other,
    }
}

fn inline_table(object: &Map<String, Json>) -> Result<InlineTable, String> {
    let mut table = InlineTable::new();
    for (key, value) in object {
        if !value.is_null() {
            table.insert(key, json_value(value)?);
        }
    }
    Ok(table)
}

/// A JSON object as a table (an entry added, a table appended to an array of tables).
pub fn json_table(json: &Json) -> Result<Table, String> {
    let Json::Object(object) = json else {
        return Err(format!("expected an object, not {json}"));
    };
    let mut table = Table::new();
    for (key, value) in object {
        if !value.is_null() {
            table.insert(key, Item::Value(json_value(value)?));
        }
    }
    Ok(table)
}

/// A place that holds values, reached by walking a path.
enum Slot<'a> {
    Table(&'a mut Table),
    Inline(&'a mut InlineTable),
    Array(&'a mut Array),
    Tables(&'a mut ArrayOfTables),
}

impl<'a> Slot<'a> {
    fn of_item(item: &'a mut Item) -> Option<Slot<'a>> {
        match item {
            Item::Table(table) => Some(Slot::Table(table)),
            Item::ArrayOfTables(tables) => Some(Slot::Tables(tables)),
            Item::Value(value) => Slot::of_value(value),
            Item::None => None,
        }
    }

    fn of_value(value: &'a mut Value) -> Option<Slot<'a>> {
        match value {
            Value::Array(array) => Some(Slot::Array(array)),
            Value::InlineTable(table) => Some(Slot::Inline(table)),
            _ => None,
        }
    }

    fn child(self, step: &PathStep) -> Option<Slot<'a>> {
        match (self, step) {
            (Slot::Table(table), PathStep::Key(key)) => Slot::of_item(table.get_mut(key)?),
            (Slot::Inline(table), PathStep::Key(key)) => Slot::of_value(table.get_mut(key)?),
            (Slot::Array(array), PathStep::Index(at)) => Slot::of_value(array.get_mut(*at)?),
            (Slot::Tables(tables), PathStep::Index(at)) => Some(Slot::Table(tables.get_mut(*at)?)),
            _ => None,
        }
    }

    /// The JSON of the value at `step`, `null` when there is none.
    fn get(&self, step: &PathStep) -> Option<Json> {
        Some(match (self, step) {
            (Slot::Table(table), PathStep::Key(key)) => {
                table.get(key).map_or(Json::Null, item_json)
            }
            (Slot::Inline(table), PathStep::Key(key)) => {
                table.get(key).map_or(Json::Null, value_json)
            }
            (Slot::Array(array), PathStep::Index(at)) => {
                array.get(*at).map_or(Json::Null, value_json)
            }
            (Slot::Tables(tables), PathStep::Index(at)) => {
                tables.get(*at).map_or(Json::Null, table_json)
            }
            _ => return None,
        })
    }

    /// Sets the value at `step` to `json` (`null` removes it; the index one past the
    /// end of an array appends); whether the step fits the place.
    fn set(self, step: &PathStep, json: &Json) -> Result<bool, String> {
        match (self, step) {
            (Slot::Table(table), PathStep::Key(key)) => {
                if json.is_null() {
                    table.remove(key);
                    return Ok(true);
                }
                match table.get_mut(key) {
                    Some(Item::Value(old)) => merge_value(old, json)?,
                    Some(Item::Table(old)) => merge_table(old, json)?,
                    Some(Item::ArrayOfTables(old)) => merge_tables(old, json)?,
                    _ => {
                        table.insert(key, Item::Value(json_value(json)?));
                    }
                }
                Ok(true)
            }
            (Slot::Inline(table), PathStep::Key(key)) => {
                if json.is_null() {
                    table.remove(key);
                    return Ok(true);
                }
                match table.get_mut(key) {
                    Some(old) => merge_value(old, json)?,
                    None => {
                        table.insert(key, json_value(json)?);
                    }
                }
                Ok(true)
            }
            (Slot::Array(array), PathStep::Index(at)) => {
                let len = array.len();
                match (array.get_mut(*at), json.is_null()) {
                    (Some(_), true) => {
                        array.remove(*at);
                    }
                    (Some(old), false) => merge_value(old, json)?,
                    (None, false) if *at == len => array.push(json_value(json)?),
                    (None, _) => return Ok(false),
                }
                Ok(true)
            }
            (Slot::Tables(tables), PathStep::Index(at)) => {
                let len = tables.len();
                match (tables.get_mut(*at), json.is_null()) {
                    (Some(_), true) => {
                        tables.remove(*at);
                    }
                    (Some(old), false) => merge_table(old, json)?,
                    (None, false) if *at == len => tables.push(json_table(json)?),
                    (None, _) => return Ok(false),
                }
                Ok(true)
            }
            _ => Ok(false),
        }
    }
}

/// The JSON of the value at `path` under `root` (`null` when the last step holds
/// none); `None` when the path leads through something that holds no values.
pub fn get_in(root: &mut Table, path: &[PathStep]) -> Option<Json> {
    let (last, parents) = path.split_last()?;
    let mut slot = Slot::Table(root);
    for step in parents {
        slot = slot.child(step)?;
    }
    slot.get(last)
}

/// Sets the value at `path` under `root` to `json` by merging (see the module's
/// text); `Ok(false)` when the path leads nowhere, `Err` for a value TOML cannot hold.
pub fn set_in(root: &mut Table, path: &[PathStep], json: &Json) -> Result<bool, String> {
    let Some((last, parents)) = path.split_last() else {
        return Ok(false);
    };
    let mut slot = Slot::Table(root);
    for step in parents {
        match slot.child(step) {
            Some(child) => slot = child,
            None => return Ok(false),
        }
    }
    slot.set(last, json)
}

/// `old` becomes `json`, replacing only the parts that differ.
fn merge_value(old: &mut Value, json: &Json) -> Result<(), String> {
    if value_json(old) == *json {
        return Ok(());
    }
    match (&mut *old, json) {
        (Value::InlineTable(table), Json::Object(object)) => {
            table.retain(|key, _| object.get(key).is_some_and(|value| !value.is_null()));
            for (key, value) in object {
                Slot::Inline(table).set(&PathStep::Key(key.clone()), value)?;
            }
        }
        (Value::Array(array), Json::Array(items)) if array.len() == items.len() => {
            for (at, item) in items.iter().enumerate() {
                if item.is_null() {
                    return Err("null is not a TOML value".to_string());
                }
                Slot::Array(array).set(&PathStep::Index(at), item)?;
            }
        }
        _ => {
            let mut new = json_value(json)?;
            *new.decor_mut() = old.decor().clone();
            *old = new;
        }
    }
    Ok(())
}

fn merge_table(old: &mut Table, json: &Json) -> Result<(), String> {
    let Json::Object(object) = json else {
        return Err(format!("expected an object, not {json}"));
    };
    if table_json(old) == *json {
        return Ok(());
    }
    let gone: Vec<String> = old
        .iter()
        .map(|(key, _)| key.to_string())
        .filter(|key| object.get(key).is_none_or(Json::is_null))
        .collect();
    for key in gone {
        old.remove(&key);
    }
    for (key, value) in object {
        Slot::Table(old).set(&PathStep::Key(key.clone()), value)?;
    }
    Ok(())
}

fn merge_tables(old: &mut ArrayOfTables, json: &Json) -> Result<(), String> {
    let Json::Array(items) = json else {
        return Err(format!("expected a list of tables, not {json}"));
    };
    while old.len() > items.len() {
        old.remove(old.len() - 1);
    }
    for (at, item) in items.iter().enumerate() {
        match old.get_mut(at) {
            Some(table) => merge_table(table, item)?,
            None => old.push(json_table(item)?),
        }
    }
    Ok(())
}
