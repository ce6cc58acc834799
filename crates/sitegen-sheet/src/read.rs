//! Reading an imported file into rows of cells: `.xlsx`, `.xls`, `.ods` with calamine,
//! `.csv` with csv (UTF-8, a BOM allowed).

use std::path::Path;

use std::collections::HashMap;

use calamine::{open_workbook_auto, Data, Reader};
use sitegen_content::ErrorCode;

use crate::cells::{CellRef, CellValue, Problems};
use crate::dates::{self, DateParts, Position, Shown};

/// The formats a sheet can be read from or written to, by file extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Excel 2007 and later (read and written).
    Xlsx,
    /// Excel 97-2003 (read only).
    Xls,
    /// OpenDocument (read only).
    Ods,
    /// Comma-separated values, UTF-8 (read and written).
    Csv,
}

impl Format {
    /// The format a file's extension names.
    pub fn of(path: &Path) -> Option<Format> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        match extension.as_str() {
            "xlsx" | "xlsm" => Some(Format::Xlsx),
            "xls" => Some(Format::Xls),
            "ods" => Some(Format::Ods),
            "csv" => Some(Format::Csv),
            _ => None,
        }
    }
}

/// One row of a sheet.
#[derive(Debug, Clone)]
pub struct Row {
    /// Where the row is (its first cell).
    pub at: CellRef,
    /// The cells, from the first column on.
    pub cells: Vec<CellValue>,
}

/// Every row of the file's first sheet, in order.
#[derive(Debug, Default)]
pub struct Grid {
    /// The rows, blank ones included.
    pub rows: Vec<Row>,
}

/// Reads the file at `path`; a file that cannot be read is one problem at its start.
pub fn read_grid(path: &Path, format: Format, problems: &mut Problems) -> Option<Grid> {
    match format {
        Format::Csv => read_csv(path, problems),
        Format::Xlsx | Format::Xls | Format::Ods => read_workbook(path, format, problems),
    }
}

fn unreadable(problems: &mut Problems, at: CellRef, why: String) -> Option<Grid> {
    problems.push(at, ErrorCode::SheetUnreadable, why, None);
    None
}

fn read_csv(path: &Path, problems: &mut Problems) -> Option<Grid> {
    let start = CellRef::Csv { line: 1, column: 1 };
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) => {
            return unreadable(problems, start, format!("the file cannot be read: {error}"))
        }
    };
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    if let Err(error) = std::str::from_utf8(bytes) {
        let bad = error.valid_up_to();
        let before = &bytes[..bad];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |at| at + 1);
        // The text before the bad byte is valid UTF-8, so this counts characters.
        let column = String::from_utf8_lossy(&before[line_start..])
            .chars()
            .count()
            + 1;
        problems.push(
            CellRef::Csv { line, column },
            ErrorCode::SheetNotUtf8,
            format!(
                "the file is not UTF-8 text: byte 0x{:02X} (it was probably saved as Windows-1252 \"CSV (Comma delimited)\")",
                bytes[bad]
            ),
            None,
        );
        return None;
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes);
    let mut grid = Grid::default();
    // Lines are counted here from the record's byte offset: with CRLF line ends the
    // reader's own count lags one line behind.
    let (mut counted_to, mut line) = (0, 1);
    let mut line_at = |byte: usize| {
        let byte = byte.min(bytes.len());
        line += bytes[counted_to..byte]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        counted_to = byte;
        // A record of a CRLF file starts at the `\n` that ends the line before.
        line + usize::from(bytes.get(byte) == Some(&b'\n'))
    };
    for record in reader.records() {
        match record {
            Ok(record) => {
                let line = line_at(record.position().map_or(0, |p| p.byte() as usize));
                grid.rows.push(Row {
                    at: CellRef::Csv { line, column: 1 },
                    cells: record
                        .iter()
                        .map(|field| {
                            if field.is_empty() {
                                CellValue::Empty
                            } else {
                                CellValue::Text(field.to_string())
                            }
                        })
                        .collect(),
                });
            }
            Err(error) => {
                let line = error.position().map_or(1, |p| p.line() as usize);
                return unreadable(
                    problems,
                    CellRef::Csv { line, column: 1 },
                    format!("the CSV cannot be read: {error}"),
                );
            }
        }
    }
    Some(grid)
}

fn read_workbook(path: &Path, format: Format, problems: &mut Problems) -> Option<Grid> {
    let sheet_start = |sheet: &str| CellRef::Sheet {
        sheet: sheet.to_string(),
        row: 1,
        column: Some(0),
    };
    let mut workbook = match open_workbook_auto(path) {
        Ok(workbook) => workbook,
        Err(error) => {
            return unreadable(
                problems,
                sheet_start("1"),
                format!("the spreadsheet cannot be read: {error}"),
            )
        }
    };
    let Some(name) = workbook.sheet_names().first().cloned() else {
        return unreadable(
            problems,
            sheet_start("1"),
            "the spreadsheet has no sheet".into(),
        );
    };
    let range = match workbook.worksheet_range(&name) {
        Ok(range) => range,
        Err(error) => {
            return unreadable(
                problems,
                sheet_start(&name),
                format!("sheet \"{name}\" cannot be read: {error}"),
            )
        }
    };
    let (first_row, first_column) = range.start().unwrap_or((0, 0));
    let shown_dates = shown_dates(path, format, &range);
    let mut grid = Grid::default();
    for (offset, cells) in range.rows().enumerate() {
        // Columns before the used range are empty: keep positions absolute.
        let mut row: Vec<CellValue> = vec![CellValue::Empty; first_column as usize];
        let row_at = first_row + offset as u32;
        row.extend(cells.iter().enumerate().map(|(column, data)| {
            let position = (row_at, first_column + column as u32);
            cell_value(data, shown_dates.get(&position))
        }));
        grid.rows.push(Row {
            at: CellRef::Sheet {
                sheet: name.clone(),
                row: first_row as usize + offset + 1,
                column: Some(0),
            },
            cells: row,
        });
    }
    Some(grid)
}

/// How each date cell of the sheet is shown, read from the file only when it has one.
/// An `.xls` file's dates are shown as `2024-01-02` (its formats are in records calamine
/// does not pass on).
fn shown_dates(
    path: &Path,
    format: Format,
    range: &calamine::Range<Data>,
) -> HashMap<Position, Shown> {
    let (first_row, first_column) = range.start().unwrap_or((0, 0));
    let dates: Vec<Position> = range
        .used_cells()
        .filter(|(_, _, data)| {
            matches!(
                data,
                Data::DateTime(_) | Data::DateTimeIso(_) | Data::DurationIso(_)
            )
        })
        .map(|(row, column, _)| (first_row + row as u32, first_column + column as u32))
        .collect();
    match format {
        _ if dates.is_empty() => HashMap::new(),
        Format::Xlsx => dates::xlsx_formats(path, &dates),
        Format::Ods => dates::ods_texts(path, &dates),
        Format::Xls | Format::Csv => HashMap::new(),
    }
}

/// A cell's value; a date as the file shows it (`2024-01-02` when it does not say).
fn cell_value(data: &Data, shown: Option<&Shown>) -> CellValue {
    let parts = match data {
        Data::Empty => return CellValue::Empty,
        Data::String(text) => return CellValue::Text(text.clone()),
        Data::Int(number) => return CellValue::Number(*number as f64),
        Data::Float(number) => return CellValue::Number(*number),
        Data::Bool(flag) => return CellValue::Bool(*flag),
        Data::Error(error) => return CellValue::Error(error.to_string()),
        Data::DateTime(date) => {
            let (year, month, day, hour, minute, second, _) = date.to_ymd_hms_milli();
            Some(DateParts {
                year,
                month,
                day,
                hour,
                minute,
                second,
            })
        }
        Data::DateTimeIso(text) => dates::iso_parts(text),
        Data::DurationIso(text) => dates::iso_time_parts(text),
    };
    match (parts, data) {
        (Some(parts), _) => date_cell(&parts, shown),
        (None, Data::DateTimeIso(text) | Data::DurationIso(text)) => CellValue::Text(text.clone()),
        (None, _) => CellValue::Empty,
    }
}

fn date_cell(parts: &DateParts, shown: Option<&Shown>) -> CellValue {
    let serial = dates::parts_serial(parts);
    let shown = match shown {
        Some(Shown::Format(format)) => dates::format_date(parts, dates::weekday(serial), format),
        Some(Shown::Text(text)) => text.clone(),
        None => dates::iso_text(parts),
    };
    CellValue::Date { serial, shown }
}
