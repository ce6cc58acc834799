//! Cells: where one is (`Products!C12`, or line 12 field 3 of a CSV file), what it
//! holds, and how its value is read despite Excel's habits (numbers for ids, trailing
//! spaces, long numbers shown as `1.2E+13`).

use std::fmt;
use std::path::PathBuf;

use sitegen_content::{Diagnostic, ErrorCode, Location};

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
fn number_text(number: f64) -> String {
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
