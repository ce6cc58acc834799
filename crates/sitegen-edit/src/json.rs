//! Values as JSON, and setting a value from JSON anywhere in a document: the browser
//! editor sends and receives JSON, and a file of single tables (`site.toml`) or of
//! several arrays (`certificates.toml`) is edited by paths from its root.
//!
//! A value is set by merging: only the parts of it that differ from what the file
//! holds are replaced, each keeping its spaces, comment and spelling (a literal or
//! multi-line string, dotted keys, `[[…]]` tables), so that saving a form whose values
//! did not change writes the same bytes. An item added to a list or an array of
//! tables is written like its neighbours: on its own line, its keys in their order.

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

/// A string as a one-line basic string, every line break escaped: a new value
/// never brings line ends of its own (a CRLF file stays CRLF); only a multi-line
/// string changed keeps its lines ([`spelled_like`]).
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
                        remove_laid_out(array, *at);
                    }
                    (Some(old), false) => merge_value(old, json)?,
                    (None, false) if *at == len => {
                        insert_laid_out(array, len, json_value(json)?);
                    }
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
                    (None, false) if *at == len => {
                        let new = ordered_like(json_table(json)?, tables.iter());
                        tables.push(new);
                    }
                    (None, _) => return Ok(false),
                }
                Ok(true)
            }
            _ => Ok(false),
        }
    }
}

impl Slot<'_> {
    /// Puts the formatted `value` at `step` (a value there keeps its spaces and
    /// comment; one past the end of a list appends); whether the step fits the place.
    fn put(self, step: &PathStep, value: Value) -> bool {
        match (self, step) {
            (Slot::Table(table), PathStep::Key(key)) => {
                match table.get_mut(key) {
                    Some(Item::Value(old)) => *old = spelled_like(old, value),
                    _ => {
                        table.insert(key, Item::Value(value));
                    }
                }
                true
            }
            (Slot::Inline(table), PathStep::Key(key)) => {
                match table.get_mut(key) {
                    Some(old) => *old = spelled_like(old, value),
                    None => {
                        table.insert(key, value);
                    }
                }
                true
            }
            (Slot::Array(array), PathStep::Index(at)) if *at <= array.len() => {
                match array.get_mut(*at) {
                    Some(old) => *old = spelled_like(old, value),
                    None => {
                        insert_laid_out(array, *at, value);
                    }
                }
                true
            }
            (Slot::Tables(tables), PathStep::Index(at)) if *at == tables.len() => {
                let Value::InlineTable(inline) = value else {
                    return false;
                };
                let mut table = Table::new();
                for (key, value) in inline.iter() {
                    table.insert(key, Item::Value(value.clone()));
                }
                let new = ordered_like(table, tables.iter());
                tables.push(new);
                true
            }
            _ => false,
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

/// Sets the value at `path` under `root` to the TOML `value` (`None` removes it): a
/// value already there is merged with it as [`set_in`] does, keeping its spelling; a
/// new one is written as `value` is formatted. `Ok(false)` when the path leads nowhere.
pub(crate) fn set_value_in(
    root: &mut Table,
    path: &[PathStep],
    value: Option<Value>,
) -> Result<bool, String> {
    let Some(value) = value else {
        return set_in(root, path, &Json::Null);
    };
    let json = value_json(&value);
    if get_in(root, path).is_some_and(|old| !old.is_null()) && !holds_datetime(&value) {
        return set_in(root, path, &json);
    }
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
    Ok(slot.put(last, value))
}

/// Whether `value` holds a date or time, which JSON would turn into text.
fn holds_datetime(value: &Value) -> bool {
    match value {
        Value::Datetime(_) => true,
        Value::Array(array) => array.iter().any(holds_datetime),
        Value::InlineTable(table) => table.iter().any(|(_, value)| holds_datetime(value)),
        _ => false,
    }
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
        (Value::Array(array), Json::Array(items)) => merge_array(array, items)?,
        _ => {
            let new = spelled_like(old, json_value(json)?);
            *old = new;
        }
    }
    Ok(())
}

/// `array` becomes `items`: the items alike at its start and at its end stay as they
/// are, those between are merged in place, and the items added or removed are the
/// only others that change, each added one laid out like its neighbour (on a line of
/// its own in a list of one item a line).
fn merge_array(array: &mut Array, items: &[Json]) -> Result<(), String> {
    if items.iter().any(Json::is_null) {
        return Err("null is not a TOML value".to_string());
    }
    let old: Vec<Json> = array.iter().map(value_json).collect();
    let same_start = old.iter().zip(items).take_while(|(a, b)| a == b).count();
    let room = old.len().min(items.len()) - same_start;
    let same_end = (old.iter().rev())
        .zip(items.iter().rev())
        .take(room)
        .take_while(|(a, b)| a == b)
        .count();
    let old_middle = old.len() - same_end - same_start;
    let new_middle = &items[same_start..items.len() - same_end];
    let merged = old_middle.min(new_middle.len());
    for (offset, item) in new_middle[..merged].iter().enumerate() {
        if let Some(value) = array.get_mut(same_start + offset) {
            merge_value(value, item)?;
        }
    }
    for _ in merged..old_middle {
        remove_laid_out(array, same_start + merged);
    }
    for (offset, item) in new_middle[merged..].iter().enumerate() {
        let at = same_start + merged + offset;
        insert_laid_out(array, at, json_value(item)?);
    }
    Ok(())
}

/// Inserts `new` at `at` of `array` laid out like the items around it: in a list of one
/// item a line it gets a line of its own (a comment that ends the line before stays
/// there), else the spaces of the item it follows; an inline table gets its keys in
/// that item's order.
fn insert_laid_out(array: &mut Array, at: usize, mut new: Value) {
    let len = array.len();
    let neighbour = match at {
        0 => array.get(0),
        _ => array.get(at - 1),
    };
    let Some(neighbour) = neighbour.cloned() else {
        array.insert_formatted(at, new);
        return;
    };
    if let (Value::InlineTable(table), Some(like)) = (&mut new, neighbour.as_inline_table()) {
        let order: Vec<&str> = like.iter().map(|(key, _)| key).collect();
        table.sort_values_by(|a, _, b, _| rank(&order, a.get()).cmp(&rank(&order, b.get())));
    }
    *new.decor_mut() = neighbour.decor().clone();
    let appended = at == len;
    // The last item's spaces and comment before `]` (without a trailing comma) go
    // after the new last item, past the comma the last item now needs.
    let last_suffix = raw(neighbour.decor().suffix());
    if appended {
        let before_last = match len {
            1 => String::new(),
            _ => array
                .get(len - 2)
                .map_or(String::new(), |v| raw(v.decor().suffix())),
        };
        if let Some(last) = array.get_mut(len - 1) {
            last.decor_mut().set_suffix(before_last);
        }
    }
    // What ends the line of the item before, up to the next item (or the bracket).
    let (between, moved_suffix) = match array.get(at) {
        Some(next) => (raw(next.decor().prefix()), false),
        None if appended && last_suffix.contains('\n') => (last_suffix, true),
        None => (
            array.trailing().as_str().unwrap_or_default().to_string(),
            false,
        ),
    };
    let Some((line_end, rest)) = between.split_once('\n') else {
        // One line: the spaces between items (the first item's are those after `[`).
        let separator = match array.get(at.max(2) - 1).filter(|_| len > 1) {
            Some(item) => raw(item.decor().prefix()),
            None => " ".to_string(),
        };
        match array.get_mut(0).filter(|_| at == 0) {
            Some(first) => {
                new.decor_mut().set_prefix(raw(first.decor().prefix()));
                first.decor_mut().set_prefix(separator);
            }
            None => new.decor_mut().set_prefix(separator),
        }
        array.insert_formatted(at, new);
        return;
    };
    let own = match appended {
        true => raw(neighbour.decor().prefix()),
        false => rest.to_string(),
    };
    let indent = own.rsplit('\n').next().unwrap_or_default();
    new.decor_mut().set_prefix(format!("{line_end}\n{indent}"));
    let rest = format!("\n{rest}");
    match (array.get_mut(at), moved_suffix) {
        (Some(next), _) => next.decor_mut().set_prefix(rest),
        (None, true) => new.decor_mut().set_suffix(rest),
        (None, false) => array.set_trailing(rest),
    }
    array.insert_formatted(at, new);
}

/// Removes the item at `at` of `array` with its own line in a list of one item a line:
/// the comment that ends the line before stays there, the item's own comment goes.
fn remove_laid_out(array: &mut Array, at: usize) {
    let Some(removed) = array.get(at) else {
        return;
    };
    let prefix = raw(removed.decor().prefix());
    let suffix = raw(removed.decor().suffix());
    let last = at + 1 == array.len();
    array.remove(at);
    let Some((line_end_before, _)) = prefix.split_once('\n') else {
        // One line: the first item's spaces after `[` stay.
        if let (0, Some(next)) = (at, array.get_mut(0)) {
            next.decor_mut().set_prefix(prefix);
        }
        return;
    };
    if last && suffix.contains('\n') {
        // No trailing comma: the line break before `]` was the removed item's.
        let rest = suffix.split_once('\n').map_or("", |(_, rest)| rest);
        if let Some(new_last) = array.get_mut(at.wrapping_sub(1)) {
            new_last
                .decor_mut()
                .set_suffix(format!("{line_end_before}\n{rest}"));
        }
        return;
    }
    let after = match array.get(at) {
        Some(next) => raw(next.decor().prefix()),
        None => array.trailing().as_str().unwrap_or_default().to_string(),
    };
    if let Some((_, rest)) = after.split_once('\n') {
        let after = format!("{line_end_before}\n{rest}");
        match array.get_mut(at) {
            Some(next) => next.decor_mut().set_prefix(after),
            None => array.set_trailing(after),
        }
    }
}

/// The text of a prefix, suffix or trailing part of a document read ("" when none).
fn raw(text: Option<&toml_edit::RawString>) -> String {
    text.and_then(|raw| raw.as_str())
        .unwrap_or_default()
        .to_string()
}

/// Where `key` comes in `order` (the keys not in it last, in their own order).
fn rank(order: &[&str], key: &str) -> usize {
    order.iter().position(|k| *k == key).unwrap_or(order.len())
}

/// `table` (a table added to an array of tables) with its keys in the order they
/// first come in `siblings`, the tables of its kind already in the file: a JSON
/// object's keys arrive in alphabetical order.
fn ordered_like<'a>(table: Table, siblings: impl Iterator<Item = &'a Table>) -> Table {
    in_key_order(table, &key_order(siblings))
}

/// The keys of `tables` in the order they first come.
pub(crate) fn key_order<'a>(tables: impl Iterator<Item = &'a Table>) -> Vec<String> {
    let mut order: Vec<String> = Vec::new();
    for table in tables {
        for (key, _) in table.iter() {
            if !order.iter().any(|known| known == key) {
                order.push(key.to_string());
            }
        }
    }
    order
}

/// `table` with its keys in `order` (those not in it last, in their own order).
pub(crate) fn in_key_order(table: Table, order: &[String]) -> Table {
    let order: Vec<&str> = order.iter().map(String::as_str).collect();
    let mut items: Vec<(toml_edit::Key, Item)> = table
        .iter()
        .filter_map(|(key, _)| {
            let (key, item) = table.get_key_value(key)?;
            Some((key.clone(), item.clone()))
        })
        .collect();
    items.sort_by_key(|(key, _)| rank(&order, key.get()));
    let mut ordered = Table::new();
    *ordered.decor_mut() = table.decor().clone();
    for (key, item) in items {
        ordered.insert_formatted(&key, item);
    }
    ordered
}

/// `new` with the spelling of `old` where its text allows it (a literal string stays
/// literal, a multi-line string multi-line), and with `old`'s spaces and comment.
fn spelled_like(old: &Value, mut new: Value) -> Value {
    if let (Value::String(before), Value::String(after)) = (old, &new) {
        let raw = before.as_repr().and_then(|repr| repr.as_raw().as_str());
        if let Some(spelled) = raw.and_then(|raw| spell_as(raw, after.value())) {
            new = spelled;
        }
    }
    *new.decor_mut() = old.decor().clone();
    new
}

/// `text` as a string of the kind `raw` is (`'…'`, `'''…'''` or `"""…"""`), if it
/// can be written so and reads back as `text`.
fn spell_as(raw: &str, text: &str) -> Option<Value> {
    let control = |c: char| c.is_control() && c != '\t' && c != '\n';
    // A line break right after the opening quotes is not part of the text: kept.
    let opening_break = |quotes: &str| {
        let rest = raw.strip_prefix(quotes).unwrap_or_default();
        if rest.starts_with('\n') || rest.starts_with("\r\n") {
            "\n"
        } else {
            ""
        }
    };
    // A CRLF file's line breaks are read as `\r\n` and written as they are.
    let lone_control = |text: &str| text.replace("\r\n", "\n").chars().any(control);
    let spelled = if raw.starts_with("'''") {
        if text.contains("'''") || text.ends_with('\'') || lone_control(text) {
            return None;
        }
        format!("'''{}{text}'''", opening_break("'''"))
    } else if raw.starts_with("\"\"\"") {
        let mut body = String::with_capacity(text.len());
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\r' if chars.peek() == Some(&'\n') => body.push(c),
                '\\' => body.push_str("\\\\"),
                '"' => body.push_str("\\\""),
                c if control(c) => body.push_str(&format!("\\u{:04X}", c as u32)),
                c => body.push(c),
            }
        }
        format!("\"\"\"{}{body}\"\"\"", opening_break("\"\"\""))
    } else if raw.starts_with('\'') {
        if text.contains('\'') || text.contains('\n') || text.chars().any(control) {
            return None;
        }
        format!("'{text}'")
    } else {
        return None;
    };
    let value: Value = spelled.parse().ok()?;
    (value.as_str() == Some(text)).then_some(value)
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
    // Fewer tables: those removed are the ones after the tables alike at the start, so
    // that the others keep their bytes (a table cannot be inserted between others).
    let same_start = (old.iter())
        .zip(items)
        .take_while(|(table, item)| table_json(table) == **item)
        .count();
    while old.len() > items.len() {
        old.remove(same_start);
    }
    for (at, item) in items.iter().enumerate() {
        match old.get_mut(at) {
            Some(table) => merge_table(table, item)?,
            None => {
                let new = ordered_like(json_table(item)?, old.iter());
                old.push(new);
            }
        }
    }
    Ok(())
}
