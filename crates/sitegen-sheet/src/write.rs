//! Writing the catalogue: `.xlsx` made for people (a frozen bold header, column widths,
//! ids as numbers, drop-down lists of the categories and subcategories) or `.csv`
//! (UTF-8 with a header row).

use std::path::Path;

use rust_xlsxwriter::{DataValidation, Format as CellFormat, Formula, Workbook};
use toml_edit::{Item, Table, Value};

use crate::columns::{Column, Field, FieldKind, LIST_SEPARATOR, SPECIFICATIONS_KEY};
use crate::read::Format;

/// The name of the exported sheet of products.
pub const PRODUCTS_SHEET: &str = "Products";
/// The hidden sheet that holds the drop-down lists.
const LISTS_SHEET: &str = "Lists";
/// The width of a `spec: NAME` column, in characters.
const SPEC_WIDTH: f64 = 18.0;

/// A category as the drop-down lists offer it.
#[derive(Debug, Clone)]
pub struct CategoryChoice {
    /// Its id.
    pub id: String,
    /// Its subcategories.
    pub subcategories: Vec<String>,
}

/// One exported cell.
#[derive(Debug, Clone, PartialEq)]
pub enum ExportCell {
    /// Nothing.
    Empty,
    /// A whole number (ids).
    Number(i64),
    /// Text.
    Text(String),
}

impl ExportCell {
    fn text(&self) -> String {
        match self {
            ExportCell::Empty => String::new(),
            ExportCell::Number(number) => number.to_string(),
            ExportCell::Text(text) => text.clone(),
        }
    }
}

/// The catalogue as a table: the columns and one row of cells per product.
#[derive(Debug, Clone)]
pub struct ExportTable {
    /// The columns, fields first, then one per specification name.
    pub columns: Vec<Column>,
    /// One row per product, in file order.
    pub rows: Vec<Vec<ExportCell>>,
}

/// The text of a value that is not what its field expects (the checks report it):
/// exported as written, so nothing is lost.
fn as_written(value: &Value) -> String {
    value.to_string().trim().to_string()
}

/// The cell of `field` for the product `table`.
pub fn field_cell(table: &Table, field: Field) -> ExportCell {
    let Some(value) = table.get(field.key()).and_then(Item::as_value) else {
        return ExportCell::Empty;
    };
    match (field.kind(), value) {
        (FieldKind::Id, Value::Integer(id)) => ExportCell::Number(*id.value()),
        (FieldKind::Text, Value::String(text)) => ExportCell::Text(text.value().clone()),
        (FieldKind::Flag, Value::Boolean(flag)) => ExportCell::Text(flag.value().to_string()),
        (FieldKind::List, Value::Array(items)) => ExportCell::Text(
            items
                .iter()
                .map(|item| {
                    item.as_str()
                        .map_or_else(|| as_written(item), str::to_string)
                })
                .collect::<Vec<_>>()
                .join(LIST_SEPARATOR),
        ),
        (_, other) => ExportCell::Text(as_written(other)),
    }
}

/// The specifications of the product `table`: name and value pairs, read as the
/// editor reads them, whichever way the file spells them (an array of inline tables,
/// or `[[product.specifications]]` tables).
pub fn specifications(table: &Table) -> Vec<(String, String)> {
    let Some(item) = table.get(SPECIFICATIONS_KEY) else {
        return Vec::new();
    };
    let serde_json::Value::Array(items) = sitegen_edit::json::item_json(item) else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|pair| {
            let name = pair.get("name")?.as_str()?;
            let value = pair.get("value").and_then(|value| value.as_str());
            Some((name.to_string(), value.unwrap_or_default().to_string()))
        })
        .collect()
}

/// The export of `products` (the `[[product]]` tables, in file order).
pub fn export_table(products: &[&Table]) -> ExportTable {
    let mut names: Vec<String> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for table in products {
        for (name, _) in specifications(table) {
            if seen.insert(name.to_lowercase()) {
                names.push(name);
            }
        }
    }
    let mut columns: Vec<Column> = Field::all().iter().copied().map(Column::Field).collect();
    columns.extend(names.iter().cloned().map(Column::Specification));
    let rows = products
        .iter()
        .map(|table| {
            let specs = specifications(table);
            columns
                .iter()
                .map(|column| match column {
                    Column::Field(field) => field_cell(table, *field),
                    Column::Specification(name) => specs
                        .iter()
                        .find(|(spec, _)| spec.eq_ignore_ascii_case(name))
                        .map_or(ExportCell::Empty, |(_, value)| {
                            ExportCell::Text(value.clone())
                        }),
                    Column::Ignored => ExportCell::Empty,
                })
                .collect()
        })
        .collect();
    ExportTable { columns, rows }
}

/// Why an export failed.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The extension names no format sitegen writes.
    #[error("cannot write {0}: use a .xlsx or .csv file name")]
    Format(String),
    /// Writing failed.
    #[error("cannot write {path}: {message}")]
    Write {
        /// The file.
        path: String,
        /// Why.
        message: String,
    },
}

/// Writes `table` to `path` in the format its extension names.
pub fn write_table(
    table: &ExportTable,
    categories: &[CategoryChoice],
    path: &Path,
) -> Result<(), ExportError> {
    let shown = path.display().to_string();
    let failed = |message: String| ExportError::Write {
        path: shown.clone(),
        message,
    };
    match Format::of(path) {
        Some(Format::Csv) => write_csv(table, path).map_err(|e| failed(e.to_string())),
        Some(Format::Xlsx) => {
            write_xlsx(table, categories, path).map_err(|e| failed(e.to_string()))
        }
        _ => Err(ExportError::Format(shown)),
    }
}

fn write_csv(table: &ExportTable, path: &Path) -> Result<(), csv::Error> {
    let mut writer = csv::Writer::from_path(path)?;
    writer.write_record(table.columns.iter().map(Column::header))?;
    for row in &table.rows {
        writer.write_record(row.iter().map(ExportCell::text))?;
    }
    writer.flush()?;
    Ok(())
}

fn write_xlsx(
    table: &ExportTable,
    categories: &[CategoryChoice],
    path: &Path,
) -> Result<(), rust_xlsxwriter::XlsxError> {
    let mut workbook = Workbook::new();
    let bold = CellFormat::new().set_bold();
    // Text columns stay text when an editor types a code with leading zeros.
    let text = CellFormat::new().set_num_format("@");
    // Excel's last row: the drop-downs also cover the rows an editor adds.
    let last_row = 1_048_575;

    let sheet = workbook.add_worksheet();
    sheet.set_name(PRODUCTS_SHEET)?;
    for (at, column) in table.columns.iter().enumerate() {
        let at = at as u16;
        sheet.write_string_with_format(0, at, column.header(), &bold)?;
        let width = match column {
            Column::Field(field) => field.width(),
            _ => SPEC_WIDTH,
        };
        sheet.set_column_width(at, width)?;
        if column != &Column::Field(Field::ID) {
            sheet.set_column_format(at, &text)?;
        }
    }
    sheet.set_freeze_panes(1, 0)?;
    for (offset, row) in table.rows.iter().enumerate() {
        let row_number = offset as u32 + 1;
        for (at, cell) in row.iter().enumerate() {
            match cell {
                ExportCell::Empty => {}
                ExportCell::Number(number) => {
                    sheet.write_number(row_number, at as u16, *number as f64)?;
                }
                ExportCell::Text(value) => {
                    sheet.write_string_with_format(row_number, at as u16, value, &text)?;
                }
            }
        }
    }
    // The lists live on a hidden sheet: a list typed into the rule is limited to 255
    // characters, which the subcategories pass.
    let mut subcategories: Vec<&str> = Vec::new();
    for category in categories {
        for name in &category.subcategories {
            if !subcategories.contains(&name.as_str()) {
                subcategories.push(name);
            }
        }
    }
    let column_of = |field: Field| {
        table
            .columns
            .iter()
            .position(|column| column == &Column::Field(field))
            .map(|at| at as u16)
    };
    let rules = [
        (Field::CATEGORY, "A", categories.len()),
        (Field::SUBCATEGORY, "B", subcategories.len()),
    ];
    for (field, letter, count) in rules {
        if let (Some(at), true) = (column_of(field), count > 0) {
            let list = Formula::new(format!("={LISTS_SHEET}!${letter}$1:${letter}${count}"));
            let rule = DataValidation::new()
                .allow_list_formula(list)
                .set_error_title(format!("Unknown {}", field.key()))?
                .set_error_message(format!(
                    "Choose a {} of catalogue.toml from the list.",
                    field.key()
                ))?;
            sheet.add_data_validation(1, at, last_row, at, &rule)?;
        }
    }
    let lists = workbook.add_worksheet();
    lists.set_name(LISTS_SHEET)?;
    for (row, category) in categories.iter().enumerate() {
        lists.write_string(row as u32, 0, &category.id)?;
    }
    for (row, name) in subcategories.iter().enumerate() {
        lists.write_string(row as u32, 1, *name)?;
    }
    lists.set_hidden(true);
    workbook.save(path)
}

/// The categories of `content_dir/catalogue.toml` as written (none when it cannot be
/// read: the sheet then has no drop-down lists, and the import's checks still apply).
pub fn category_choices(content_dir: &Path) -> Vec<CategoryChoice> {
    let Ok(catalogue) =
        sitegen_edit::ContentEdit::open(content_dir, &sitegen_content::files::CATALOGUE)
    else {
        return Vec::new();
    };
    catalogue
        .entries()
        .filter_map(|table| {
            let id = table.get("id")?.as_str()?.to_string();
            let subcategories = table
                .get("subcategories")
                .and_then(Item::as_array)
                .map(|names| {
                    names
                        .iter()
                        .filter_map(|n| n.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default();
            Some(CategoryChoice { id, subcategories })
        })
        .collect()
}

/// Writes every product of `content_dir/products.toml` to `path` (`.xlsx` or `.csv`);
/// returns how many.
pub fn export_products(content_dir: &Path, path: &Path) -> Result<usize, ExportError> {
    let products = sitegen_edit::ContentEdit::open(content_dir, &sitegen_content::files::PRODUCTS)
        .map_err(|error| ExportError::Write {
            path: path.display().to_string(),
            message: error.to_string(),
        })?;
    let tables: Vec<&Table> = products.entries().collect();
    let table = export_table(&tables);
    write_table(&table, &category_choices(content_dir), path)?;
    Ok(table.rows.len())
}
