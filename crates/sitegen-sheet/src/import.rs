//! Importing a sheet of products: rows become typed changes of `products.toml` (only
//! the values that differ), checked by the checks of `sitegen check`, each problem
//! reported at its cell, written atomically only when there is no error.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::Path;

use sitegen_content::{display_path, Diagnostic, ErrorCode, LoadOptions, Severity};
use sitegen_edit::{Change, ContentEdit, EditError, EntryId, FieldPath, PathStep};
use toml_edit::{Array, InlineTable, Item, Table, Value};

use crate::cells::{
    number_read_from, number_text, read_flag, read_id, read_list, read_text, spreadsheet_change,
    CellRef, CellValue, Problems, Reported,
};
use crate::columns::{map_headers, Column, Field, FieldKind, SPECIFICATIONS_KEY};
use crate::read::{read_grid, Format};
use crate::write::specifications;

/// How many changes a dry run lists before it only counts the rest.
pub const LISTED_CHANGES: usize = 50;

/// What an import may do.
#[derive(Debug, Clone, Copy, Default)]
pub struct ImportOptions {
    /// Report what would change, write nothing.
    pub dry_run: bool,
    /// Remove the products that are not in the sheet (else they are kept).
    pub delete_missing: bool,
    /// Take a number or date cell that a spreadsheet made of a product's text (`0042`
    /// made 42), instead of keeping the text with a warning.
    pub accept_spreadsheet_numbers: bool,
    /// The limits the content is checked against.
    pub load: LoadOptions,
}

/// What an import found and did.
#[derive(Debug, Default)]
pub struct ImportOutcome {
    /// Every problem, those of the sheet at their cells.
    pub diagnostics: Vec<Diagnostic>,
    /// What changed (or would); `None` when the sheet could not be read.
    pub summary: Option<Summary>,
    /// One line per changed value, added or removed product, in sheet order.
    pub changes: Vec<String>,
    /// Whether products.toml was written.
    pub written: bool,
}

impl ImportOutcome {
    /// How many diagnostics are errors.
    pub fn errors(&self) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count()
    }
}

/// The counts an import reports.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Summary {
    /// The sheet as named on the command line.
    pub file: String,
    /// Data rows (blank rows not counted).
    pub rows: usize,
    /// Products with at least one changed value.
    pub changed_products: usize,
    /// Values changed in them.
    pub changed_values: usize,
    /// Ids of the products added, in sheet order.
    pub added: Vec<i64>,
    /// Ids of the products removed (`--delete-missing`).
    pub removed: Vec<i64>,
    /// Products of the file not in the sheet, kept.
    pub kept: usize,
    /// Rows whose product did not change.
    pub unchanged: usize,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} rows: {} products changed ({} values), {} added",
            self.file,
            thousands(self.rows),
            thousands(self.changed_products),
            thousands(self.changed_values),
            thousands(self.added.len()),
        )?;
        if !self.added.is_empty() {
            write!(f, " (ids {})", id_ranges(&self.added))?;
        }
        write!(
            f,
            ", {} removed, {} unchanged",
            thousands(self.removed.len()),
            thousands(self.unchanged)
        )?;
        if self.kept > 0 {
            write!(
                f,
                "; {} products not in the sheet kept (--delete-missing removes them)",
                thousands(self.kept)
            )?;
        }
        Ok(())
    }
}

/// `10000` → `10,000`.
pub fn thousands(count: usize) -> String {
    let digits = count.to_string();
    let mut shown = String::new();
    for (n, digit) in digits.chars().enumerate() {
        if n > 0 && (digits.len() - n).is_multiple_of(3) {
            shown.push(',');
        }
        shown.push(digit);
    }
    shown
}

/// `[259, 260, 261, 300]` → `259–261, 300`.
fn id_ranges(ids: &[i64]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut at = 0;
    while at < ids.len() {
        let mut end = at;
        while end + 1 < ids.len() && ids[end + 1] == ids[end] + 1 {
            end += 1;
        }
        parts.push(if end > at {
            format!("{}–{}", ids[at], ids[end])
        } else {
            ids[at].to_string()
        });
        at = end + 1;
    }
    parts.join(", ")
}

/// One data row, read.
struct SheetRow {
    at: CellRef,
    id: Option<i64>,
    /// Each field column's value (`None`: blank), or `Err` when its cell was wrong.
    fields: Vec<(Field, usize, Result<Option<Value>, Reported>)>,
    /// Each specification column's value.
    specifications: Vec<(String, usize, Option<String>)>,
    /// The number and date cells of its text columns, by column: a spreadsheet may have
    /// made them of text (see [`spreadsheet_change`]).
    typed_cells: Vec<(usize, CellValue)>,
}

impl SheetRow {
    fn typed_cell(&self, column: usize) -> Option<&CellValue> {
        self.typed_cells
            .iter()
            .find(|(at, _)| *at == column)
            .map(|(_, cell)| cell)
    }
}

/// Where each product's cells are, to report the checks' problems there.
struct RowPlace {
    at: CellRef,
    columns: HashMap<&'static str, usize>,
    /// The column of each specification of the product as it will be, in order.
    specification_columns: Vec<Option<usize>>,
}

impl RowPlace {
    /// The row's cells of its fields; the specifications' are set once known.
    fn of(row: &SheetRow) -> RowPlace {
        RowPlace {
            at: row.at.clone(),
            columns: row
                .fields
                .iter()
                .map(|(field, column, _)| (field.key(), *column))
                .collect(),
            specification_columns: Vec::new(),
        }
    }
}

/// Imports the sheet at `sheet` into `content_dir/products.toml`. `before_write` runs
/// after the checks passed, just before the file is written (the crash tests stop the
/// process there).
pub fn import_products(
    content_dir: &Path,
    sheet: &Path,
    options: &ImportOptions,
    before_write: &mut dyn FnMut(),
) -> Result<ImportOutcome, EditError> {
    let shown = sheet.display().to_string();
    let mut outcome = ImportOutcome::default();
    let mut problems = Problems::default();
    let Some(format) = Format::of(sheet) else {
        outcome.diagnostics.push(Diagnostic::file(
            shown.clone().into(),
            ErrorCode::SheetUnreadable,
            "unknown file type: use a .xlsx, .xls, .ods or .csv file",
        ));
        return Ok(outcome);
    };
    let Some(grid) = read_grid(sheet, format, &mut problems) else {
        outcome.diagnostics = to_diagnostics(&shown, problems);
        return Ok(outcome);
    };
    let mut rows = grid
        .rows
        .iter()
        .filter(|row| !row.cells.iter().all(CellValue::is_blank));
    let Some(header) = rows.next() else {
        outcome.diagnostics.push(Diagnostic::file(
            shown.clone().into(),
            ErrorCode::MissingColumn,
            "the sheet is empty: it needs a header row and a row per product",
        ));
        return Ok(outcome);
    };
    let headers: Vec<(CellRef, String)> = header
        .cells
        .iter()
        .enumerate()
        .map(|(at, cell)| {
            let text = match cell {
                CellValue::Text(text) => text.clone(),
                CellValue::Empty => String::new(),
                other => format!("{other:?}"),
            };
            (header.at.at_column(at), text)
        })
        .collect();
    let columns = map_headers(&headers, &header.at.row(), &mut problems);
    let sheet_rows: Vec<SheetRow> = rows
        .map(|row| read_row(row, &columns, &mut problems))
        .collect();

    let mut edit = ContentEdit::open(content_dir, &sitegen_content::files::PRODUCTS)?;
    let mut summary = Summary {
        file: shown.clone(),
        rows: sheet_rows.len(),
        ..Summary::default()
    };
    let mut next_id = sheet_rows
        .iter()
        .filter_map(|row| row.id)
        .max()
        .unwrap_or(0)
        .max(edit.max_number_id());
    let mut places: HashMap<i64, RowPlace> = HashMap::new();
    let mut in_sheet: HashSet<i64> = HashSet::new();
    let id_column = columns.iter().position(|c| c == &Column::Field(Field::ID));
    for row in &sheet_rows {
        let id = match row.id {
            Some(id) => id,
            None if row_has_bad_id(row, id_column, &problems) => continue,
            None => {
                next_id += 1;
                next_id
            }
        };
        if !in_sheet.insert(id) {
            let first = places.get(&id).map_or(0, |place| place.at.order().0);
            problems.push(
                row.at.at_column(id_column.unwrap_or(0)),
                ErrorCode::Duplicate,
                format!("duplicate product id {id}: also in row {first}"),
                None,
            );
            continue;
        }
        let entry = EntryId::Number(id);
        let (place, changes, lines) = match edit.entry(&entry) {
            Some(table) => {
                let (place, changes, lines) = update(table, id, row, options, &mut problems);
                if lines.is_empty() {
                    summary.unchanged += 1;
                } else {
                    summary.changed_products += 1;
                    summary.changed_values += lines.len();
                }
                (place, changes, lines)
            }
            // A new product with a wrong cell (reported) is not added half.
            None if row.fields.iter().any(|(_, _, value)| value.is_err()) => continue,
            None => {
                let (place, table) = new_product(id, row);
                summary.added.push(id);
                let title = shown_value(table.get("title").and_then(Item::as_value));
                let line = format!("id {id} added: {title}");
                (place, vec![Change::Add { entry: table }], vec![line])
            }
        };
        places.insert(id, place);
        outcome.changes.extend(lines);
        for change in changes {
            edit.apply(change)?;
        }
    }
    let missing: Vec<(i64, String)> = edit
        .entries()
        .filter_map(|table| {
            let id = table.get("id").and_then(Item::as_integer)?;
            (!in_sheet.contains(&id))
                .then(|| (id, shown_value(table.get("title").and_then(Item::as_value))))
        })
        .collect();
    for (id, title) in missing {
        if options.delete_missing {
            edit.apply(Change::Remove {
                entry: EntryId::Number(id),
            })?;
            summary.removed.push(id);
            outcome.changes.push(format!("id {id} removed: {title}"));
        } else {
            summary.kept += 1;
        }
    }

    let mut placed: Vec<(CellRef, Diagnostic)> = Vec::new();
    let mut diagnostics = Vec::new();
    // Without a change the content is as `sitegen check` finds it: nothing to add.
    if edit.is_changed() {
        let report = edit.check(&options.load);
        let products_path = display_path(content_dir, sitegen_content::files::PRODUCTS.path);
        let locator = edit.locator();
        for diagnostic in report.diagnostics {
            let location = &diagnostic.location;
            let place = (location.path() == Some(products_path.as_path()))
                .then(|| locator.at(location.line(), location.column()))
                .flatten()
                .and_then(|at| match at.id {
                    Some(EntryId::Number(id)) => places.get(&id).map(|place| (place, at.field)),
                    _ => None,
                });
            match place {
                Some((place, field)) => {
                    let at = cell_of(place, &field);
                    let located =
                        at.diagnostic(&shown, diagnostic.code, diagnostic.message, diagnostic.hint);
                    placed.push((at, located));
                }
                // The content's standing warnings are `sitegen check`'s to report.
                None if diagnostic.severity == Severity::Warning => {}
                None => diagnostics.push(diagnostic),
            }
        }
    }
    placed.extend(problems.found.into_iter().map(|(at, code, message, hint)| {
        let located = at.diagnostic(&shown, code, message, hint);
        (at, located)
    }));
    placed.sort_by_key(|(at, _)| at.order());
    outcome.diagnostics = placed
        .into_iter()
        .map(|(_, d)| d)
        .chain(diagnostics)
        .collect();
    outcome.summary = Some(summary);
    if outcome.errors() == 0 && !options.dry_run && edit.is_changed() {
        before_write();
        outcome.written = edit.commit()?;
    }
    Ok(outcome)
}

/// Whether the row's id cell held something that is not an id (reported already).
fn row_has_bad_id(row: &SheetRow, id_column: Option<usize>, problems: &Problems) -> bool {
    let Some(column) = id_column else {
        return false;
    };
    let at = row.at.at_column(column);
    problems
        .found
        .iter()
        .any(|(place, code, _, _)| *code == ErrorCode::InvalidIdCell && *place == at)
}

fn to_diagnostics(shown: &str, problems: Problems) -> Vec<Diagnostic> {
    problems
        .found
        .into_iter()
        .map(|(at, code, message, hint)| at.diagnostic(shown, code, message, hint))
        .collect()
}

/// The cell of `field` in the product's row, or the row when no column holds it.
fn cell_of(place: &RowPlace, field: &FieldPath) -> CellRef {
    let column = match field.0.as_slice() {
        [PathStep::Key(key), PathStep::Index(at), ..] if key == SPECIFICATIONS_KEY => {
            place.specification_columns.get(*at).copied().flatten()
        }
        [PathStep::Key(key), ..] => place.columns.get(key.as_str()).copied(),
        _ => None,
    };
    match column {
        Some(column) => place.at.at_column(column),
        None => place.at.row(),
    }
}

fn read_row(row: &crate::read::Row, columns: &[Column], problems: &mut Problems) -> SheetRow {
    let mut read = SheetRow {
        at: row.at.clone(),
        id: None,
        fields: Vec::new(),
        specifications: Vec::new(),
        typed_cells: Vec::new(),
    };
    for (at, column) in columns.iter().enumerate() {
        let cell = row.cells.get(at).unwrap_or(&CellValue::Empty);
        let place = row.at.at_column(at);
        let text_column = match column {
            Column::Field(field) => field.kind() == FieldKind::Text,
            Column::Specification(_) => true,
            Column::Ignored => false,
        };
        let typed = match cell {
            CellValue::Number(_) | CellValue::Date { .. } => Some(cell.clone()),
            // A spreadsheet saves a CSV file's number cells as their numbers' text.
            CellValue::Text(text) if matches!(row.at, CellRef::Csv { .. }) => {
                number_read_from(text).map(CellValue::Number)
            }
            _ => None,
        };
        if let Some(typed) = typed.filter(|_| text_column) {
            read.typed_cells.push((at, typed));
        }
        match column {
            Column::Ignored => {}
            Column::Field(Field::ID) => read.id = read_id(cell, &place, problems).ok().flatten(),
            Column::Field(field) => {
                let value = match field.kind() {
                    FieldKind::Id | FieldKind::Text => {
                        match read_text(cell, &place, problems) {
                            // A blank cell would remove the key: said here, at the cell.
                            None if field.required() => {
                                problems.push(
                                    place,
                                    ErrorCode::EmptyText,
                                    format!("{} must not be empty", field.key()),
                                    None,
                                );
                                Err(Reported)
                            }
                            text => Ok(text.map(Value::from)),
                        }
                    }
                    FieldKind::Flag => {
                        read_flag(cell, &place, problems).map(|f| f.map(Value::from))
                    }
                    FieldKind::List => Ok(read_list(cell, &place, problems)
                        .map(|items| Value::Array(items.iter().collect::<Array>()))),
                };
                read.fields.push((*field, at, value));
            }
            Column::Specification(name) => {
                let value = read_text(cell, &place, problems);
                read.specifications.push((name.clone(), at, value));
            }
        }
    }
    read
}

/// Whether two values mean the same (quoting and layout aside).
fn same(old: Option<&Value>, new: Option<&Value>) -> bool {
    match (old, new) {
        (None, None) => true,
        (Some(Value::String(a)), Some(Value::String(b))) => a.value() == b.value(),
        (Some(Value::Integer(a)), Some(Value::Integer(b))) => a.value() == b.value(),
        (Some(Value::Boolean(a)), Some(Value::Boolean(b))) => a.value() == b.value(),
        (Some(Value::Array(a)), Some(Value::Array(b))) => {
            a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| same(Some(x), Some(y)))
        }
        _ => false,
    }
}

/// A value as the change list shows it: `"text"`, `12`, `(empty)`.
fn shown_value(value: Option<&Value>) -> String {
    match value {
        None => "(empty)".to_string(),
        Some(Value::String(text)) => format!("\"{}\"", text.value()),
        Some(other) => other.to_string().trim().to_string(),
    }
}

fn spec_value(name: &str, value: &str) -> Value {
    let mut pair = InlineTable::new();
    pair.insert("name", name.into());
    pair.insert("value", value.into());
    pair.fmt();
    Value::InlineTable(pair)
}

/// The specifications as a TOML array, one per line.
fn spec_array(specs: &[(String, String)]) -> Value {
    let mut array: Array = specs
        .iter()
        .map(|(name, value)| spec_value(name, value))
        .collect();
    for item in array.iter_mut() {
        item.decor_mut().set_prefix("\n  ");
        item.decor_mut().set_suffix("");
    }
    array.set_trailing("\n");
    array.set_trailing_comma(true);
    Value::Array(array)
}

/// Whether the cell at `column` of `row` is a spreadsheet's reading of the product's
/// text `current` (`0042` made 42) rather than a change, said at the cell. Unless the
/// import accepts such values, the text is kept.
fn kept_from_spreadsheet(
    current: &str,
    row: &SheetRow,
    column: usize,
    options: &ImportOptions,
    problems: &mut Problems,
) -> bool {
    let Some(cell) = row.typed_cell(column) else {
        return false;
    };
    let Some(why) = spreadsheet_change(current, cell) else {
        return false;
    };
    if options.accept_spreadsheet_numbers {
        return false;
    }
    let at = row.at.at_column(column);
    let made = match cell {
        CellValue::Date { shown, .. } => format!("the date {shown}"),
        CellValue::Number(number) => format!("the number {}", number_text(*number)),
        _ => return false,
    };
    // This says more than the warning that a long number may have been rounded.
    problems
        .found
        .retain(|(place, code, _, _)| !(*code == ErrorCode::NumberInTextColumn && *place == at));
    problems.push(
        at,
        ErrorCode::SpreadsheetChangedValue,
        format!("the spreadsheet made {made} of \"{current}\" ({why}): \"{current}\" is kept"),
        None,
    );
    true
}

/// The changes that make the product `table` what the sheet's row says, a line per
/// changed value for the change list, and where its cells are.
fn update(
    table: &Table,
    id: i64,
    row: &SheetRow,
    options: &ImportOptions,
    problems: &mut Problems,
) -> (RowPlace, Vec<Change>, Vec<String>) {
    let entry = EntryId::Number(id);
    let mut changes = Vec::new();
    let mut lines = Vec::new();
    let mut place = RowPlace::of(row);
    for (field, column, value) in &row.fields {
        let Ok(value) = value else { continue };
        let old = table.get(field.key()).and_then(Item::as_value);
        if same(old, value.as_ref()) {
            continue;
        }
        if let Some(current) = old.and_then(Value::as_str) {
            if kept_from_spreadsheet(current, row, *column, options, problems) {
                continue;
            }
        }
        lines.push(format!(
            "id {id} {}: {} → {}",
            field.key(),
            shown_value(old),
            shown_value(value.as_ref())
        ));
        changes.push(Change::Set {
            entry: entry.clone(),
            field: FieldPath::key(field.key()),
            value: value.clone(),
        });
    }
    let old_specs = specifications(table);
    let mut new_specs = old_specs.clone();
    // Each specification's place in the file as it is now (`None`: added), so that a
    // change reaches it in whichever way the file spells the list.
    let mut slots: Vec<Option<usize>> = (0..old_specs.len()).map(Some).collect();
    let mut value_sets: Vec<(usize, String)> = Vec::new();
    let mut removed: Vec<usize> = Vec::new();
    let mut spec_line = |name: &str, old: &str, new: Option<&String>| {
        let new = new.map_or("(empty)".to_string(), |value| format!("\"{value}\""));
        lines.push(format!("id {id} spec: {name}: {old} → {new}"));
    };
    for (name, column, value) in &row.specifications {
        let found = new_specs
            .iter()
            .position(|(spec, _)| spec.eq_ignore_ascii_case(name));
        if let (Some(at), Some(value)) = (found, value) {
            let current = &new_specs[at].1;
            if current != value && kept_from_spreadsheet(current, row, *column, options, problems) {
                continue;
            }
        }
        match (found, value) {
            (Some(at), Some(value)) if new_specs[at].1 != *value => {
                spec_line(name, &format!("\"{}\"", new_specs[at].1), Some(value));
                new_specs[at].1 = value.clone();
                if let Some(slot) = slots[at] {
                    value_sets.push((slot, value.clone()));
                }
            }
            (Some(at), None) => {
                spec_line(name, &format!("\"{}\"", new_specs[at].1), None);
                new_specs.remove(at);
                removed.extend(slots.remove(at));
            }
            (None, Some(value)) => {
                spec_line(name, "(empty)", Some(value));
                new_specs.push((name.clone(), value.clone()));
                slots.push(None);
            }
            _ => {}
        }
    }
    let spec_change = |field: FieldPath, value: Option<Value>| Change::Set {
        entry: entry.clone(),
        field,
        value,
    };
    let at_spec = |at: usize| FieldPath::key(SPECIFICATIONS_KEY).then(PathStep::Index(at));
    if old_specs.is_empty() && !new_specs.is_empty() {
        changes.push(spec_change(
            FieldPath::key(SPECIFICATIONS_KEY),
            Some(spec_array(&new_specs)),
        ));
    } else if new_specs.is_empty() && !old_specs.is_empty() {
        changes.push(spec_change(FieldPath::key(SPECIFICATIONS_KEY), None));
    } else {
        // Values in place, then the removed from the last, then the added at the end:
        // every other specification keeps its bytes and the list its spelling.
        for (slot, value) in value_sets {
            let field = at_spec(slot).then(PathStep::Key("value".into()));
            changes.push(spec_change(field, Some(value.into())));
        }
        removed.sort_unstable_by(|a, b| b.cmp(a));
        for slot in removed {
            changes.push(spec_change(at_spec(slot), None));
        }
        let kept = slots.iter().filter(|slot| slot.is_some()).count();
        for (offset, (name, value)) in new_specs.iter().skip(kept).enumerate() {
            changes.push(spec_change(
                at_spec(kept + offset),
                Some(spec_value(name, value)),
            ));
        }
    }
    place.specification_columns = new_specs
        .iter()
        .map(|(name, _)| {
            row.specifications
                .iter()
                .find(|(column_name, _, _)| column_name.eq_ignore_ascii_case(name))
                .map(|(_, column, _)| *column)
        })
        .collect();
    (place, changes, lines)
}

/// The table of a product new to the file, and where its cells are.
fn new_product(id: i64, row: &SheetRow) -> (RowPlace, Table) {
    let mut table = Table::new();
    table.insert("id", Item::Value(Value::from(id)));
    let mut place = RowPlace::of(row);
    for (field, _, value) in &row.fields {
        if let Ok(Some(value)) = value {
            table.insert(field.key(), Item::Value(value.clone()));
        }
    }
    let specs: Vec<(String, String)> = row
        .specifications
        .iter()
        .filter_map(|(name, column, value)| {
            let value = value.clone()?;
            place.specification_columns.push(Some(*column));
            Some((name.clone(), value))
        })
        .collect();
    if !specs.is_empty() {
        table.insert(SPECIFICATIONS_KEY, Item::Value(spec_array(&specs)));
    }
    (place, table)
}
