//! Cells: where one is (`Products!C12`, or line 12 field 3 of a CSV file), what it
//! holds, and how its value is read despite Excel's habits (numbers for ids, trailing
//! spaces, long numbers shown as `1.2E+13`).

use std::fmt;
use std::path::PathBuf;

use sitegen_content::{Diagnostic, ErrorCode, Location};

use crate::dates;

/// Where a cell of an imported file is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CellRef {
    /// A cell of a spreadsheet: the sheet's name, the 1-based row and the 0-based column.
    Sheet {
        /// The sheet's name, e.g. `Products`.
        sheet: String,
        /// 1-based row.
        row: usize,
        /// 0-based column (A is 0).
        column: Option<usize>,
    },
    /// A field of a CSV file: the 1-based line and field number.
    Csv {
        /// 1-based line of the record.
        line: usize,
        /// 1-based field number.
        column: usize,
    },
}

impl CellRef {
    /// The same row, column `column` (0-based).
    pub fn at_column(&self, column: usize) -> CellRef {
        match self {
            CellRef::Sheet { sheet, row, .. } => CellRef::Sheet {
                sheet: sheet.clone(),
                row: *row,
                column: Some(column),
            },
            CellRef::Csv { line, .. } => CellRef::Csv {
                line: *line,
                column: column + 1,
            },
        }
    }

    /// The whole row (for a problem no cell holds).
    pub fn row(&self) -> CellRef {
        match self {
            CellRef::Sheet { sheet, row, .. } => CellRef::Sheet {
                sheet: sheet.clone(),
                row: *row,
                column: None,
            },
            CellRef::Csv { line, .. } => CellRef::Csv {
                line: *line,
                column: 1,
            },
        }
    }

    /// Its row and column, to list the problems of a sheet in reading order.
    pub fn order(&self) -> (usize, usize) {
        match self {
            CellRef::Sheet { row, column, .. } => (*row, column.map_or(0, |c| c + 1)),
            CellRef::Csv { line, column } => (*line, *column),
        }
    }

    /// This cell as a diagnostic's location in `file` (as shown, e.g. `products.xlsx`).
    pub fn location(&self, file: &str) -> Location {
        let path = PathBuf::from(file);
        match self {
            CellRef::Csv { line, column } => Location::Text {
                path,
                line: *line,
                column: *column,
            },
            CellRef::Sheet { sheet, row, column } => Location::Cell {
                path,
                sheet: sheet.clone(),
                row: *row,
                column: *column,
            },
        }
    }

    /// A diagnostic at this cell of `file`; without `hint`, the catalogue's hint for
    /// `code`.
    pub fn diagnostic(
        &self,
        file: &str,
        code: ErrorCode,
        message: String,
        hint: Option<String>,
    ) -> Diagnostic {
        let mut diagnostic = Diagnostic::new(code, message);
        diagnostic.location = self.location(file);
        if hint.is_some() {
            diagnostic.hint = hint;
        }
        diagnostic
    }
}

impl fmt::Display for CellRef {
    /// The cell as the spreadsheet names it (`Products!C12`, the row `Products!12:12`),
    /// or the line and field of a CSV file (`12:3`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = self.location("").to_string();
        f.write_str(shown.strip_prefix(':').unwrap_or(&shown))
    }
}

/// The problems found in a sheet, each at its cell.
#[derive(Debug, Default)]
pub struct Problems {
    /// Each problem with where it is.
    pub found: Vec<(CellRef, ErrorCode, String, Option<String>)>,
}

impl Problems {
    /// Records a problem at `at`.
    pub fn push(&mut self, at: CellRef, code: ErrorCode, message: String, hint: Option<String>) {
        self.found.push((at, code, message, hint));
    }
}

/// A cell could not be read; the problem is in the [`Problems`] the reader was given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reported;

/// What a cell holds.
#[derive(Debug, Clone, PartialEq)]
pub enum CellValue {
    /// Nothing.
    Empty,
    /// Text (every cell of a CSV file).
    Text(String),
    /// A number (a formula's value too).
    Number(f64),
    /// A date (or time of day): its 1900-system day number and the text the
    /// spreadsheet shows for it.
    Date {
        /// The day number, 45293 for 2024-01-02, the time of day as its fraction.
        serial: f64,
        /// The date as its number format shows it, e.g. `2024-01-02`.
        shown: String,
    },
    /// TRUE or FALSE.
    Bool(bool),
    /// A spreadsheet error such as `#N/A`.
    Error(String),
}

impl CellValue {
    /// Whether the cell holds nothing but spaces.
    pub fn is_blank(&self) -> bool {
        match self {
            CellValue::Empty => true,
            CellValue::Text(text) => text.trim().is_empty(),
            _ => false,
        }
    }
}

/// Numbers from this size on are shown by Excel as `1.2E+13` in a General cell: a code
/// typed into such a cell may have been rounded.
const LONG_NUMBER: f64 = 1e11;

/// A number as the sheet shows it in a General cell, without the exponent: `12`,
/// `12.5`.
pub fn number_text(number: f64) -> String {
    if number.fract() == 0.0 && number.abs() < 1e17 {
        format!("{}", number as i64)
    } else {
        format!("{number}")
    }
}

/// The text of a cell of a text column (`None` when blank), trimmed with a warning.
pub fn read_text(value: &CellValue, at: &CellRef, problems: &mut Problems) -> Option<String> {
    match value {
        CellValue::Empty => None,
        CellValue::Text(text) => {
            let trimmed = text.trim();
            if trimmed.is_empty() {
                return None;
            }
            if trimmed.len() != text.len() {
                problems.push(
                    at.clone(),
                    ErrorCode::TrimmedCell,
                    format!("spaces around \"{trimmed}\" were removed"),
                    None,
                );
            }
            Some(trimmed.to_string())
        }
        CellValue::Number(number) => {
            let text = number_text(*number);
            if number.abs() >= LONG_NUMBER {
                problems.push(
                    at.clone(),
                    ErrorCode::NumberInTextColumn,
                    format!("the number {text} in a text column may have been rounded by the spreadsheet"),
                    None,
                );
            }
            Some(text)
        }
        CellValue::Date { shown, .. } => Some(shown.trim().to_string()),
        CellValue::Bool(flag) => Some(if *flag { "TRUE" } else { "FALSE" }.to_string()),
        CellValue::Error(error) => {
            problems.push(
                at.clone(),
                ErrorCode::WrongType,
                format!("the cell holds the spreadsheet error {error}"),
                None,
            );
            None
        }
    }
}

/// The id in a cell: a whole positive number from a number cell (`12`, `12.0`) or
/// from text (`"0012"`); `Ok(None)` when blank.
pub fn read_id(
    value: &CellValue,
    at: &CellRef,
    problems: &mut Problems,
) -> Result<Option<i64>, Reported> {
    let mut refuse = |shown: String| {
        problems.push(
            at.clone(),
            ErrorCode::InvalidIdCell,
            format!("id must be a whole positive number, found {shown}"),
            None,
        );
        Err(Reported)
    };
    let number = match value {
        CellValue::Empty => return Ok(None),
        CellValue::Number(number) => *number,
        CellValue::Text(text) => {
            let text = text.trim();
            if text.is_empty() {
                return Ok(None);
            }
            let digits = text.strip_suffix(".0").unwrap_or(text);
            match digits.parse::<u64>() {
                Ok(number) if digits.bytes().all(|b| b.is_ascii_digit()) => number as f64,
                _ => return refuse(format!("\"{text}\"")),
            }
        }
        CellValue::Bool(flag) => return refuse(flag.to_string().to_uppercase()),
        CellValue::Date { shown, .. } => return refuse(format!("the date {shown}")),
        CellValue::Error(error) => return refuse(error.clone()),
    };
    if number.fract() != 0.0 || number < 1.0 || number > f64::from(u32::MAX) {
        return refuse(number_text(number));
    }
    Ok(Some(number as i64))
}

/// A `draft` cell: TRUE/FALSE (a boolean cell or the text, any case); `None` when blank.
pub fn read_flag(
    value: &CellValue,
    at: &CellRef,
    problems: &mut Problems,
) -> Result<Option<bool>, Reported> {
    match value {
        CellValue::Bool(flag) => Ok(Some(*flag)),
        value => match read_text(value, at, problems) {
            None => Ok(None),
            Some(text) if text.eq_ignore_ascii_case("true") => Ok(Some(true)),
            Some(text) if text.eq_ignore_ascii_case("false") => Ok(Some(false)),
            Some(text) => {
                problems.push(
                    at.clone(),
                    ErrorCode::WrongType,
                    format!("draft must be true, false or empty, found \"{text}\""),
                    None,
                );
                Err(Reported)
            }
        },
    }
}

/// A list cell: its items between [`crate::LIST_SEPARATOR`]s (spaces around them
/// ignored); `None` when blank.
pub fn read_list(value: &CellValue, at: &CellRef, problems: &mut Problems) -> Option<Vec<String>> {
    let text = read_text(value, at, problems)?;
    let separator = crate::LIST_SEPARATOR.trim();
    Some(
        text.split(separator)
            .map(str::trim)
            .filter(|item| !item.is_empty())
            .map(str::to_string)
            .collect(),
    )
}

/// Spreadsheets keep this many significant digits of a number.
const SPREADSHEET_DIGITS: i32 = 15;

/// `number` rounded to the digits a spreadsheet keeps.
fn kept_digits(number: f64) -> f64 {
    if number == 0.0 || !number.is_finite() {
        return number;
    }
    let scale = 10f64.powi(SPREADSHEET_DIGITS - 1 - number.abs().log10().floor() as i32);
    if scale.is_finite() && (number * scale).is_finite() {
        (number * scale).round() / scale
    } else {
        number
    }
}

/// The number a spreadsheet reads in `text` when it guesses types: `0042`, `1E5`,
/// `+12.50`, `1,000`, `50%`; `None` for text it keeps as text.
pub fn number_read_from(text: &str) -> Option<f64> {
    let text = text.trim();
    let (text, percent) = match text.strip_suffix('%') {
        Some(text) => (text, true),
        None => (text, false),
    };
    let unsigned = text.trim_start_matches(['+', '-']);
    if text.len() - unsigned.len() > 1
        || !unsigned.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        || !unsigned
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | ',' | 'e' | 'E' | '+' | '-'))
    {
        return None;
    }
    let number: f64 = text.replace(',', "").parse().ok()?;
    Some(if percent { number / 100.0 } else { number })
}

/// Why a spreadsheet made the cell `cell` of the text `current`, when it did: a number
/// cell whose number the text reads as, or a date cell whose day the text names. `None`
/// when the cell says something else (a real change) or is not a number or a date.
pub fn spreadsheet_change(current: &str, cell: &CellValue) -> Option<&'static str> {
    let current = current.trim();
    match cell {
        CellValue::Number(number) => {
            if number_read_from(current)
                .is_some_and(|read| kept_digits(read) == kept_digits(*number))
            {
                let digits = current.bytes().filter(u8::is_ascii_digit).count();
                let unsigned = current.trim_start_matches(['+', '-']);
                Some(if current.contains(['e', 'E']) {
                    "it read the exponent form as a number"
                } else if digits > SPREADSHEET_DIGITS as usize {
                    "it keeps 15 digits of a number"
                } else if unsigned.starts_with('0')
                    && unsigned[1..].starts_with(|c: char| c.is_ascii_digit())
                {
                    "it dropped the leading zeros"
                } else {
                    "it read the text as a number"
                })
            } else if number.fract() == 0.0
                && dates::text_date_serials(current).contains(&(*number as i64))
            {
                Some("it read the date as its day number")
            } else {
                None
            }
        }
        CellValue::Date { serial, .. } => dates::text_date_serials(current)
            .contains(&(serial.floor() as i64))
            .then_some("it read the text as a date and shows it in its own format"),
        _ => None,
    }
}
