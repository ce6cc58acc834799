//! Diagnostics: one per problem, in the gcc/rustc shape editors parse.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

use crate::codes::{ErrorCode, Severity};

/// A byte range in a content file.
pub type Span = Range<usize>;

/// One problem found in the content, by the link check, or by a build or the preview
/// server.
///
/// Its [`Display`](fmt::Display) form (the plain form of [`Diagnostic::render`])
/// starts with `LOCATION: error[CODE]: MESSAGE` (or `warning[CODE]:`), the location
/// being `PATH:LINE:COL` (see [`Location`]), followed by the offending line, a caret
/// under the offending text and `= help: …`. A problem of a whole file has no
/// `LINE:COL`, and one of no file (a missing content folder, a failed build step) no
/// location at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning (always the severity of `code`).
    pub severity: Severity,
    /// The rule that found the problem.
    pub code: ErrorCode,
    /// Where the problem is.
    pub location: Location,
    /// What is wrong, in one line.
    pub message: String,
    /// What to do about it: a suggestion computed from the content (e.g.
    /// `did you mean "dialysis"?`), else the catalogue's hint for `code`; `None` when
    /// the message says it already.
    pub hint: Option<String>,
    /// The offending line without its line break; a long line is cut around the
    /// caret, with `…` where text was left out.
    pub source_line: Option<String>,
    /// How many characters of `source_line` come before the caret.
    pub caret_offset: usize,
    /// How many characters of `source_line` the caret underlines (at least 1).
    pub length: usize,
}

/// Where a [`Diagnostic`] is, as its first line names it.
///
/// Files are named as the user knows them: a content file relative to the content
/// root's parent (`content/products.toml`), a page of the build under the output
/// folder (`dist/aboutUs.html`), a web source (`web/src/app/NavBar.tsx`). A
/// place in a table that is not text (a spreadsheet's cell, shown
/// `products.xlsx:Products!C12`) is one more variant beside these, shown by
/// [`Location`]'s `Display` and ordered by [`Location::sort_key`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Location {
    /// In no file: a missing content folder, a build step that failed.
    Nowhere,
    /// A whole file, e.g. a missing one: `PATH`.
    File(PathBuf),
    /// A place in a text file: `PATH:LINE:COL`. A CSV file's cell is named the same
    /// way, by its record's line and its field's number.
    Text {
        /// The file, as shown.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column, counted in characters.
        column: usize,
    },
    /// A cell of a spreadsheet: `PATH:SHEET!CELL` (`products.xlsx:Products!C12`), or a
    /// whole row, `PATH:SHEET!12:12`, when no cell holds the problem.
    Cell {
        /// The file, as shown.
        path: PathBuf,
        /// The sheet's name.
        sheet: String,
        /// 1-based row.
        row: usize,
        /// 0-based column (A is 0); `None` for the whole row.
        column: Option<usize>,
    },
}

impl Location {
    /// The file, if the problem is in one.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Location::Nowhere => None,
            Location::File(path) | Location::Text { path, .. } | Location::Cell { path, .. } => {
                Some(path)
            }
        }
    }

    /// The 1-based line, or 0 when the location is not a line of a text file.
    pub fn line(&self) -> usize {
        match self {
            Location::Text { line, .. } => *line,
            Location::Cell { row, .. } => *row,
            Location::Nowhere | Location::File(_) => 0,
        }
    }

    /// The 1-based column in characters, or 0 when the location is not in a text file.
    pub fn column(&self) -> usize {
        match self {
            Location::Text { column, .. } => *column,
            Location::Cell { column, .. } => column.map_or(0, |column| column + 1),
            Location::Nowhere | Location::File(_) => 0,
        }
    }

    /// The order diagnostics are listed in: by file, then by place in the file (a
    /// whole file's problems before those at a line), problems of no file first.
    pub fn sort_key(&self) -> (&Path, usize, usize) {
        (
            self.path().unwrap_or(Path::new("")),
            self.line(),
            self.column(),
        )
    }
}

impl fmt::Display for Location {
    /// `PATH:LINE:COL`, `PATH:SHEET!CELL`, `PATH`, or nothing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Nowhere => Ok(()),
            Location::File(path) => write!(f, "{}", path.display()),
            Location::Text { path, line, column } => {
                write!(f, "{}:{line}:{column}", path.display())
            }
            Location::Cell {
                path,
                sheet,
                row,
                column: Some(column),
            } => write!(
                f,
                "{}:{sheet}!{}{row}",
                path.display(),
                column_letters(*column)
            ),
            Location::Cell {
                path,
                sheet,
                row,
                column: None,
            } => write!(f, "{}:{sheet}!{row}:{row}", path.display()),
        }
    }
}

/// A spreadsheet's name of the 0-based column `column`: `0` → `A`, `26` → `AA`.
pub fn column_letters(mut column: usize) -> String {
    let mut letters = Vec::new();
    loop {
        letters.push(b'A' + (column % 26) as u8);
        if column < 26 {
            break;
        }
        column = column / 26 - 1;
    }
    letters.reverse();
    String::from_utf8(letters).unwrap_or_default()
}

/// Lines up to this many characters are shown whole; longer ones are cut.
pub const MAX_SHOWN_LINE: usize = 200;
/// When a line is cut: how many characters are shown before the caret …
const CONTEXT_BEFORE: usize = 60;
/// … and how many characters the shown part has at most (without the `…` marks).
const SHOWN_WIDTH: usize = 160;

impl Diagnostic {
    /// A diagnostic about `span` of `file`. `suggestion` is a hint computed from the
    /// content; without one, the catalogue's hint for `code` is shown.
    pub fn at(
        file: &SourceFile,
        span: &Span,
        code: ErrorCode,
        message: impl Into<String>,
        suggestion: Option<String>,
    ) -> Diagnostic {
        let located = file.locate(span);
        let (source_line, caret_offset, length) =
            cut_around(located.line_text, located.column - 1, located.length);
        Diagnostic {
            severity: code.severity(),
            code,
            location: Location::Text {
                path: file.display_path.clone(),
                line: located.line,
                column: located.column,
            },
            message: message.into(),
            hint: Some(suggestion.unwrap_or_else(|| code.hint().to_string())),
            source_line: Some(source_line),
            caret_offset,
            length,
        }
    }

    /// A diagnostic about `span` (byte offsets) of `text`, a file other than a content
    /// file (a page of the build, a web source) shown as `display_path`; the hint is the
    /// catalogue's. The link check reports with it.
    pub fn in_text(
        display_path: impl Into<PathBuf>,
        text: &str,
        span: &Span,
        code: ErrorCode,
        message: impl Into<String>,
    ) -> Diagnostic {
        let file = SourceFile::new(display_path.into(), text.to_owned());
        Diagnostic::at(&file, span, code, message, None)
    }

    /// A diagnostic about a whole file (e.g. a missing file), or about no file when
    /// `display_path` is empty; the hint is the catalogue's.
    pub fn file(display_path: PathBuf, code: ErrorCode, message: impl Into<String>) -> Diagnostic {
        let location = if display_path.as_os_str().is_empty() {
            Location::Nowhere
        } else {
            Location::File(display_path)
        };
        Diagnostic {
            location,
            ..Diagnostic::new(code, message)
        }
    }

    /// A diagnostic about no file (a build step that failed, the preview server); the
    /// hint is the catalogue's. Shown as `error[CODE]: MESSAGE` and `= help: …`.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: code.severity(),
            code,
            location: Location::Nowhere,
            message: message.into(),
            hint: Some(code.hint().to_string()),
            source_line: None,
            caret_offset: 0,
            length: 1,
        }
    }

    /// This diagnostic without the catalogue's hint, for a message that carries the
    /// hint of its own case.
    pub fn without_hint(self) -> Diagnostic {
        Diagnostic { hint: None, ..self }
    }

    /// The first line only: `PATH:LINE:COL: error[CODE]: MESSAGE`.
    pub fn headline(&self) -> String {
        self.render_headline(&Palette::PLAIN)
    }

    /// The whole diagnostic, with ANSI colours when `colored` (red errors, yellow
    /// warnings, a blue gutter, as rustc does); without, exactly the Display form.
    pub fn render(&self, colored: bool) -> String {
        let palette = if colored {
            Palette::ANSI
        } else {
            Palette::PLAIN
        };
        let mut text = self.render_headline(&palette);
        let accent = palette.severity(self.severity);
        // Only a line of text has a number in the gutter (a cell's row is no line).
        let number = match &self.location {
            Location::Text { line, .. } if *line > 0 => line.to_string(),
            _ => String::new(),
        };
        let gutter = " ".repeat(number.len());
        let bar = palette.paint(palette.gutter, "|");
        if let Some(source) = &self.source_line {
            let indent: String = source
                .chars()
                .take(self.caret_offset)
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            let carets = palette.paint(accent, &"^".repeat(self.length.max(1)));
            let number = palette.paint(palette.gutter, &number);
            text.push_str(&format!(
                "\n{gutter} {bar}\n{number} {bar} {source}\n{gutter} {bar} {indent}{carets}"
            ));
        }
        if let Some(hint) = &self.hint {
            let equals = palette.paint(palette.gutter, "=");
            let help = palette.paint(palette.bold, "help");
            text.push_str(&format!("\n{gutter} {equals} {help}: {hint}"));
        }
        text
    }

    fn render_headline(&self, palette: &Palette) -> String {
        let location = match self.location {
            Location::Nowhere => String::new(),
            _ => format!("{}: ", self.location),
        };
        let severity = palette.paint(
            palette.severity(self.severity),
            &format!("{}[{}]", self.severity, self.code),
        );
        let message = palette.paint(palette.bold, &self.message);
        format!("{location}{severity}: {message}")
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(false))
    }
}

/// Sorts `diagnostics` in the order they are listed: by [`Location::sort_key`], then
/// by code.
pub fn sort(diagnostics: &mut [Diagnostic]) {
    diagnostics
        .sort_by(|a, b| (a.location.sort_key(), a.code).cmp(&(b.location.sort_key(), b.code)));
}

/// The JSON the preview's error overlay reads: what the terminal shows, as separate
/// fields, so the page builds it from text nodes. `location` is the first line's
/// location as shown (empty for none); `path`, `line` and `column` are its parts
/// (`""` and 0 where it has none).
impl serde::Serialize for Diagnostic {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = serializer.serialize_struct("Diagnostic", 11)?;
        out.serialize_field("severity", self.severity.as_str())?;
        out.serialize_field("code", self.code.code())?;
        out.serialize_field("location", &self.location.to_string())?;
        let path = self.location.path().map(|path| path.display().to_string());
        out.serialize_field("path", &path.unwrap_or_default())?;
        out.serialize_field("line", &self.location.line())?;
        out.serialize_field("column", &self.location.column())?;
        out.serialize_field("message", &self.message)?;
        out.serialize_field("hint", &self.hint)?;
        out.serialize_field("source_line", &self.source_line)?;
        out.serialize_field("caret_offset", &self.caret_offset)?;
        out.serialize_field("caret_length", &self.length)?;
        out.end()
    }
}

/// `text` in the colour of `severity` (bold red or bold yellow) when `colored`,
/// for the command line's own lines (a failed check's summary, a link problem).
pub fn paint_severity(severity: Severity, text: &str, colored: bool) -> String {
    let palette = if colored {
        Palette::ANSI
    } else {
        Palette::PLAIN
    };
    palette.paint(palette.severity(severity), text)
}

/// The ANSI styles of a rendering; all empty for plain text.
struct Palette {
    error: &'static str,
    warning: &'static str,
    gutter: &'static str,
    bold: &'static str,
    reset: &'static str,
}

impl Palette {
    const PLAIN: Palette = Palette {
        error: "",
        warning: "",
        gutter: "",
        bold: "",
        reset: "",
    };
    const ANSI: Palette = Palette {
        error: "\x1b[1;31m",
        warning: "\x1b[1;33m",
        gutter: "\x1b[1;34m",
        bold: "\x1b[1m",
        reset: "\x1b[0m",
    };

    fn severity(&self, severity: Severity) -> &'static str {
        match severity {
            Severity::Error => self.error,
            Severity::Warning => self.warning,
        }
    }

    fn paint(&self, style: &str, text: &str) -> String {
        if style.is_empty() || text.is_empty() {
            text.to_string()
        } else {
            format!("{style}{text}{}", self.reset)
        }
    }
}

/// A line to show under a headline: the whole line when it is short, else a part
/// around the caret with `…` marks (a minified 50 MB line must not be echoed).
/// Takes the caret's start and length in characters; returns the text and the
/// caret's start and length in it.
fn cut_around(line: &str, caret: usize, length: usize) -> (String, usize, usize) {
    let length = length.max(1);
    let total = line.chars().count();
    if total <= MAX_SHOWN_LINE {
        return (line.to_string(), caret, length);
    }
    let caret = caret.min(total);
    let end = (caret.saturating_sub(CONTEXT_BEFORE) + SHOWN_WIDTH).min(total);
    let start = end.saturating_sub(SHOWN_WIDTH).min(caret);
    let byte = |index: usize| {
        line.char_indices()
            .nth(index)
            .map_or(line.len(), |(i, _)| i)
    };
    let (from, to) = (byte(start), byte(end));
    let mut shown = String::with_capacity(to - from + 6);
    if start > 0 {
        shown.push('…');
    }
    shown.push_str(&line[from..to]);
    if end < total {
        shown.push('…');
    }
    let offset = caret - start + usize::from(start > 0);
    (shown, offset, length.min(end.saturating_sub(caret)).max(1))
}

/// Where a span of a [`SourceFile`] starts: its line, its column in characters, the
/// line's text and how many characters of the span are on that line.
pub struct Position<'a> {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// The line's text, without its line break.
    pub line_text: &'a str,
    /// The span's characters on that line (at least 1).
    pub length: usize,
}

/// A text file's content with its line starts, to turn byte offsets into positions.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// Path shown in diagnostics.
    pub display_path: PathBuf,
    /// The file's text.
    pub text: String,
    line_starts: Vec<usize>,
}

impl SourceFile {
    /// `text`, shown in diagnostics as `display_path`.
    pub fn new(display_path: PathBuf, text: String) -> SourceFile {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        SourceFile {
            display_path,
            text,
            line_starts,
        }
    }

    /// Where a span starts: 1-based line and column (in characters), the line's
    /// text and the caret length (the span's characters on that line, at least 1).
    pub fn locate(&self, span: &Span) -> Position<'_> {
        let offset = floor_char_boundary(&self.text, span.start.min(self.text.len()));
        let line_index = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let line_start = self.line_starts.get(line_index).copied().unwrap_or(0);
        let line_end = self.text[line_start..]
            .find('\n')
            .map_or(self.text.len(), |i| line_start + i);
        let line_text = self.text[line_start..line_end].trim_end_matches('\r');
        let column = self.text[line_start..offset].chars().count() + 1;
        let end = floor_char_boundary(&self.text, span.end.clamp(offset, line_end));
        let length = self.text[offset..end].chars().count().max(1);
        Position {
            line: line_index + 1,
            column,
            line_text,
            length,
        }
    }

    /// The source text of a span (empty if out of range).
    pub fn slice(&self, span: &Span) -> &str {
        self.text.get(span.clone()).unwrap_or("")
    }
}

fn floor_char_boundary(text: &str, mut index: usize) -> usize {
    index = index.min(text.len());
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

/// The path shown in diagnostics for `relative` inside `content_dir`: relative to
/// the content root's parent, e.g. `content/products.toml`.
pub fn display_path(content_dir: &Path, relative: &str) -> PathBuf {
    let name = content_dir.file_name().map(PathBuf::from).or_else(|| {
        content_dir
            .canonicalize()
            .ok()
            .and_then(|p| p.file_name().map(PathBuf::from))
    });
    match name {
        Some(name) => name.join(relative),
        None => content_dir.join(relative),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_matches_the_contract_shape() {
        let mut text = String::new();
        for _ in 0..11 {
            text.push_str("# filler\n");
        }
        text.push_str("category = \"dialisys\"\n");
        let file = SourceFile::new(PathBuf::from("content/products.toml"), text.clone());
        let start = text.find("\"dialisys\"").unwrap_or(0);
        let d = Diagnostic::at(
            &file,
            &(start..start + 10),
            ErrorCode::UnknownCategory,
            "unknown category \"dialisys\"",
            Some("did you mean \"dialysis\"?".into()),
        );
        assert_eq!(
            d.to_string(),
            "content/products.toml:12:12: error[E0202]: unknown category \"dialisys\"\n   |\n12 | category = \"dialisys\"\n   |            ^^^^^^^^^^\n   = help: did you mean \"dialysis\"?"
        );
    }

    #[test]
    fn a_spreadsheet_cell_or_row_is_named_as_the_spreadsheet_names_it() {
        let cell = |column| Location::Cell {
            path: PathBuf::from("products.xlsx"),
            sheet: "Products".into(),
            row: 12,
            column,
        };
        assert_eq!(cell(Some(2)).to_string(), "products.xlsx:Products!C12");
        assert_eq!(cell(Some(27)).to_string(), "products.xlsx:Products!AB12");
        assert_eq!(cell(None).to_string(), "products.xlsx:Products!12:12");
        assert_eq!(
            cell(Some(2)).sort_key(),
            (Path::new("products.xlsx"), 12, 3)
        );
        let mut d = Diagnostic::new(ErrorCode::UnknownCategory, "unknown category \"dialisys\"");
        d.location = cell(Some(2));
        d.hint = Some("did you mean \"dialysis\"?".into());
        assert_eq!(
            d.to_string(),
            "products.xlsx:Products!C12: error[E0202]: unknown category \"dialisys\"\n = help: did you mean \"dialysis\"?"
        );
        assert_eq!(
            (column_letters(0), column_letters(25), column_letters(26)),
            ("A".into(), "Z".into(), "AA".into())
        );
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let file = SourceFile::new(PathBuf::from("x.toml"), "a = \"é\" # ü\nb = 1".into());
        let offset = "a = \"é\" # ".len();
        let at = file.locate(&(offset..offset + 2));
        assert_eq!((at.line, at.column), (1, 11));
        let at = file.locate(&(14..15));
        assert_eq!((at.line, at.column, at.line_text), (2, 1, "b = 1"));
    }

    fn unknown_category_at_line_12() -> Diagnostic {
        let mut text = "# filler\n".repeat(11);
        text.push_str("category = \"dialisys\"\n");
        let start = text.find('"').unwrap_or(0);
        let file = SourceFile::new(PathBuf::from("content/products.toml"), text);
        Diagnostic::at(
            &file,
            &(start..start + 10),
            ErrorCode::UnknownCategory,
            "unknown category \"dialisys\"",
            Some("did you mean \"dialysis\"?".into()),
        )
    }

    #[test]
    fn colours_are_red_for_errors_yellow_for_warnings_blue_for_the_gutter() {
        let error = unknown_category_at_line_12();
        assert_eq!(
            error.render(true),
            "content/products.toml:12:12: \x1b[1;31merror[E0202]\x1b[0m: \
             \x1b[1munknown category \"dialisys\"\x1b[0m\n   \x1b[1;34m|\x1b[0m\n\
             \x1b[1;34m12\x1b[0m \x1b[1;34m|\x1b[0m category = \"dialisys\"\n   \x1b[1;34m|\x1b[0m            \
             \x1b[1;31m^^^^^^^^^^\x1b[0m\n   \x1b[1;34m=\x1b[0m \x1b[1mhelp\x1b[0m: \
             did you mean \"dialysis\"?"
        );
        assert_eq!(error.render(false), error.to_string());
        let file = SourceFile::new(PathBuf::from("site.toml"), "a = \"x@example.com\"".into());
        let warning = Diagnostic::at(&file, &(4..19), ErrorCode::ExampleEmail, "example", None);
        let shown = warning.render(true);
        assert!(
            shown.starts_with("site.toml:1:5: \x1b[1;33mwarning[W0001]\x1b[0m: "),
            "{shown:?}"
        );
        assert!(
            shown.contains("\x1b[1;33m^^^^^^^^^^^^^^^\x1b[0m"),
            "{shown:?}"
        );
    }

    #[test]
    fn without_a_suggestion_the_hint_comes_from_the_catalogue() {
        let file = SourceFile::new(PathBuf::from("x.toml"), "a = 1".into());
        let d = Diagnostic::at(&file, &(4..5), ErrorCode::WrongType, "wrong", None);
        assert_eq!(d.hint.as_deref(), Some(ErrorCode::WrongType.hint()));
        let d = Diagnostic::file(PathBuf::from("x.toml"), ErrorCode::FileUnreadable, "gone");
        assert_eq!(d.hint.as_deref(), Some(ErrorCode::FileUnreadable.hint()));
    }

    #[test]
    fn a_problem_without_a_position_has_no_made_up_line_and_column() {
        let d = Diagnostic::file(
            PathBuf::from("content/timeline.toml"),
            ErrorCode::FileUnreadable,
            "content file not found",
        );
        assert_eq!(
            d.headline(),
            "content/timeline.toml: error[E0002]: content file not found"
        );
        let d = Diagnostic::file(
            PathBuf::new(),
            ErrorCode::ContentDirMissing,
            "content directory not found: /srv/site/content",
        );
        assert_eq!(
            d.to_string(),
            format!(
                "error[E0004]: content directory not found: /srv/site/content\n = help: {}",
                ErrorCode::ContentDirMissing.hint()
            )
        );
    }

    #[test]
    fn a_long_line_is_cut_around_the_caret() {
        let line = format!("x = \"{}BAD{}\"", "a".repeat(5000), "b".repeat(5000));
        let start = line.find("BAD").unwrap_or(0);
        let file = SourceFile::new(PathBuf::from("x.toml"), line.clone());
        let d = Diagnostic::at(
            &file,
            &(start..start + 3),
            ErrorCode::WrongType,
            "bad",
            None,
        );
        assert_eq!(d.location.column(), start + 1);
        let shown = d.source_line.clone().unwrap_or_default();
        assert_eq!(shown.chars().count(), SHOWN_WIDTH + 2, "{shown}");
        assert!(shown.starts_with('…') && shown.ends_with('…'), "{shown}");
        let before: String = shown.chars().take(d.caret_offset).collect();
        assert_eq!(before, format!("…{}", "a".repeat(CONTEXT_BEFORE)));
        assert_eq!(d.length, 3);
        let text = d.to_string();
        assert!(text.len() < 1000, "{text}");
        let caret_line = text.lines().find(|l| l.contains('^')).unwrap_or_default();
        let source_line = text.lines().find(|l| l.contains("BAD")).unwrap_or_default();
        assert_eq!(
            caret_line
                .find('^')
                .map(|i| caret_line[..i].chars().count()),
            source_line
                .find("BAD")
                .map(|i| source_line[..i].chars().count())
        );
    }

    #[test]
    fn cutting_keeps_short_lines_and_handles_both_ends() {
        assert_eq!(cut_around("short", 2, 1), ("short".to_string(), 2, 1));
        let line = "é".repeat(1000);
        let (shown, caret, length) = cut_around(&line, 0, 5000);
        assert_eq!((shown.chars().count(), caret), (SHOWN_WIDTH + 1, 0));
        assert_eq!(length, SHOWN_WIDTH);
        let (shown, caret, _) = cut_around(&line, 1000, 1);
        assert!(shown.starts_with('…') && !shown.ends_with('…'));
        assert_eq!(caret, SHOWN_WIDTH + 1);
    }

    #[test]
    fn display_path_is_relative_to_the_content_parent() {
        assert_eq!(
            display_path(Path::new("/site/content"), "products.toml"),
            PathBuf::from("content/products.toml")
        );
    }

    #[test]
    fn a_location_is_shown_as_its_first_line_names_it_and_sorts_by_file_then_place() {
        let text = Location::Text {
            path: "content/products.toml".into(),
            line: 412,
            column: 12,
        };
        assert_eq!(text.to_string(), "content/products.toml:412:12");
        let file = Location::File("content/products.toml".into());
        assert_eq!(file.to_string(), "content/products.toml");
        assert_eq!(Location::Nowhere.to_string(), "");
        assert!(Location::Nowhere.sort_key() < file.sort_key());
        assert!(file.sort_key() < text.sort_key());
    }

    #[test]
    fn the_overlay_json_holds_what_the_terminal_shows() {
        let json = serde_json::to_value(unknown_category_at_line_12()).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "severity": "error", "code": "E0202",
                "location": "content/products.toml:12:12",
                "path": "content/products.toml", "line": 12, "column": 12,
                "message": "unknown category \"dialisys\"",
                "hint": "did you mean \"dialysis\"?",
                "source_line": "category = \"dialisys\"",
                "caret_offset": 11, "caret_length": 10,
            })
        );
        let failure = Diagnostic::new(ErrorCode::WebAppBuild, "vite failed").without_hint();
        let json = serde_json::to_value(failure).unwrap();
        assert_eq!(
            (
                &json["location"],
                &json["path"],
                &json["line"],
                &json["hint"]
            ),
            (
                &serde_json::json!(""),
                &serde_json::json!(""),
                &serde_json::json!(0),
                &serde_json::Value::Null
            )
        );
    }

    #[test]
    fn a_failure_of_no_file_shows_its_code_message_and_hint() {
        let failure = Diagnostic::new(ErrorCode::UnsafeOutput, "refusing");
        assert_eq!(
            failure.to_string(),
            format!(
                "error[E0812]: refusing\n = help: {}",
                ErrorCode::UnsafeOutput.hint()
            )
        );
        assert_eq!(failure.without_hint().to_string(), "error[E0812]: refusing");
    }
}
