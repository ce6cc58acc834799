//! Diagnostics: one per problem, in the gcc/rustc shape editors parse.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

use crate::codes::{ErrorCode, Severity};

/// A byte range in a content file.
pub type Span = Range<usize>;

/// One problem found in the content.
///
/// Its [`Display`](fmt::Display) form starts with `PATH:LINE:COL: error: MESSAGE`
/// (or `warning:`), followed by the offending line, a caret under the offending
/// text and, when there is one, `= help: …`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning (always the severity of `code`).
    pub severity: Severity,
    /// The rule that found the problem.
    pub code: ErrorCode,
    /// The file, relative to the content root's parent (e.g. `content/products.toml`).
    pub path: PathBuf,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// What is wrong, in one line.
    pub message: String,
    /// What to do about it (e.g. `did you mean "dialysis"?`).
    pub hint: Option<String>,
    /// The text of the offending line, without its line break.
    pub source_line: Option<String>,
    /// How many characters of `source_line` the caret underlines (at least 1).
    pub length: usize,
}

impl Diagnostic {
    /// A diagnostic about `span` of `file`.
    pub(crate) fn at(
        file: &SourceFile,
        span: &Span,
        code: ErrorCode,
        message: impl Into<String>,
        hint: Option<String>,
    ) -> Diagnostic {
        let (line, column, source_line, length) = file.locate(span);
        Diagnostic {
            severity: code.severity(),
            code,
            path: file.display_path.clone(),
            line,
            column,
            message: message.into(),
            hint,
            source_line,
            length,
        }
    }

    /// A diagnostic about a whole file (e.g. a missing file): line 1, column 1.
    pub(crate) fn file(
        display_path: PathBuf,
        code: ErrorCode,
        message: impl Into<String>,
        hint: Option<String>,
    ) -> Diagnostic {
        Diagnostic {
            severity: code.severity(),
            code,
            path: display_path,
            line: 1,
            column: 1,
            message: message.into(),
            hint,
            source_line: None,
            length: 1,
        }
    }

    /// The first line only: `PATH:LINE:COL: error: MESSAGE`.
    pub fn headline(&self) -> String {
        format!(
            "{}:{}:{}: {}: {}",
            self.path.display(),
            self.line,
            self.column,
            self.severity,
            self.message
        )
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.headline())?;
        let number = self.line.to_string();
        let gutter = " ".repeat(number.len());
        if let Some(source) = &self.source_line {
            let indent: String = source
                .chars()
                .take(self.column.saturating_sub(1))
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            write!(f, "\n{gutter} |\n{number} | {source}\n{gutter} | {indent}")?;
            f.write_str(&"^".repeat(self.length.max(1)))?;
        }
        if let Some(hint) = &self.hint {
            write!(f, "\n{gutter} = help: {hint}")?;
        }
        Ok(())
    }
}

/// A content file's text with its line starts, to turn byte offsets into positions.
#[derive(Debug, Clone)]
pub(crate) struct SourceFile {
    /// Path shown in diagnostics.
    pub display_path: PathBuf,
    /// The file's text.
    pub text: String,
    line_starts: Vec<usize>,
}

impl SourceFile {
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

    /// 1-based line and column (in characters) of a byte offset, the line's text and
    /// the caret length (the span's characters on that line, at least 1).
    pub fn locate(&self, span: &Span) -> (usize, usize, Option<String>, usize) {
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
        (line_index + 1, column, Some(line_text.to_string()), length)
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
pub(crate) fn display_path(content_dir: &Path, relative: &str) -> PathBuf {
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
            "content/products.toml:12:12: error: unknown category \"dialisys\"\n   |\n12 | category = \"dialisys\"\n   |            ^^^^^^^^^^\n   = help: did you mean \"dialysis\"?"
        );
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let file = SourceFile::new(PathBuf::from("x.toml"), "a = \"é\" # ü\nb = 1".into());
        let offset = "a = \"é\" # ".len();
        let (line, column, _, _) = file.locate(&(offset..offset + 2));
        assert_eq!((line, column), (1, 11));
        let (line, column, source, _) = file.locate(&(14..15));
        assert_eq!((line, column, source.as_deref()), (2, 1, Some("b = 1")));
    }

    #[test]
    fn display_path_is_relative_to_the_content_parent() {
        assert_eq!(
            display_path(Path::new("/site/content"), "products.toml"),
            PathBuf::from("content/products.toml")
        );
    }
}
