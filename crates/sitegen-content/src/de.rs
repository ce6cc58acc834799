//! Reading typed values out of the spanned TOML tree, reporting every problem.
//!
//! Serde stops at the first error; here every field of every table is read, each
//! problem becomes a [`Diagnostic`] with its position, and a value that fails only
//! makes its own field (and so its enclosing table) absent.

use std::borrow::Cow;
use std::ops::Deref;

use schemars::{JsonSchema, Schema, SchemaGenerator};
use toml::de::{DeTable, DeValue};

use crate::media::MediaCache;
use sitegen_diagnostics::ErrorCode;
use sitegen_diagnostics::{Diagnostic, SourceFile, Span};

/// The state of reading one content file.
pub(crate) struct Cx<'a> {
    /// The file being read.
    pub file: &'a SourceFile,
    /// Where problems go.
    pub diagnostics: &'a mut Vec<Diagnostic>,
    /// Media files seen so far.
    pub media: &'a mut MediaCache,
    /// The key whose value is being read, for messages.
    key: Option<&'static str>,
}

impl<'a> Cx<'a> {
    pub fn new(
        file: &'a SourceFile,
        diagnostics: &'a mut Vec<Diagnostic>,
        media: &'a mut MediaCache,
    ) -> Cx<'a> {
        Cx {
            file,
            diagnostics,
            media,
            key: None,
        }
    }

    /// Records a problem at `span` of the current file.
    pub fn report(
        &mut self,
        span: &Span,
        code: ErrorCode,
        message: impl Into<String>,
        hint: Option<String>,
    ) {
        self.diagnostics
            .push(Diagnostic::at(self.file, span, code, message, hint));
    }

    /// Records that `value` is not of the `expected` type.
    pub fn wrong_type(&mut self, value: &DeValue<'_>, span: &Span, expected: &str) {
        let found = type_name(value);
        let message = match self.key {
            Some(key) => format!("\"{key}\" should be {expected}, found {found}"),
            None => format!("expected {expected}, found {found}"),
        };
        self.report(span, ErrorCode::WrongType, message, None);
    }

    /// Reads the field `key` of `table` (whose header is at `table_span`).
    pub fn field<T: FromToml>(
        &mut self,
        table: &DeTable<'_>,
        table_span: &Span,
        key: &'static str,
    ) -> Option<T> {
        let saved = self.key.replace(key);
        let value = match lookup(table, key) {
            Some(value) => T::from_toml(value.get_ref(), &value.span(), self),
            None => T::absent(key, table_span, self),
        };
        self.key = saved;
        value
    }

    /// Reports every key of `table` that is not in `known`.
    pub fn unknown_keys(&mut self, table: &DeTable<'_>, known: &[&str]) {
        for (key, _) in table.iter() {
            let name: &str = key.get_ref();
            if known.contains(&name) {
                continue;
            }
            let hint = sitegen_diagnostics::did_you_mean(name, known.iter().copied())
                .or_else(|| Some(format!("expected one of: {}", known.join(", "))));
            self.report(
                &key.span(),
                ErrorCode::UnknownKey,
                format!("unknown key \"{name}\""),
                hint,
            );
        }
    }
}

/// The value stored under `key`, if any.
pub(crate) fn lookup<'t, 'i>(
    table: &'t DeTable<'i>,
    key: &str,
) -> Option<&'t toml::Spanned<DeValue<'i>>> {
    table
        .iter()
        .find(|(k, _)| k.get_ref().as_ref() == key)
        .map(|(_, v)| v)
}

fn type_name(value: &DeValue<'_>) -> &'static str {
    match value {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a float",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a date-time",
        DeValue::Array(_) => "an array",
        DeValue::Table(_) => "a table",
    }
}

/// A type that can be read from a spanned TOML value, reporting its problems.
pub(crate) trait FromToml: Sized {
    /// Reads the value; `None` when it is unusable (the problem is already reported).
    fn from_toml(value: &DeValue<'_>, span: &Span, cx: &mut Cx<'_>) -> Option<Self>;

    /// Called when the key is absent: required by default.
    fn absent(key: &str, table_span: &Span, cx: &mut Cx<'_>) -> Option<Self> {
        cx.report(
            table_span,
            ErrorCode::MissingField,
            format!("missing required field \"{key}\""),
            None,
        );
        None
    }
}

/// A value with the byte range it came from in its content file.
#[derive(Debug, Clone, PartialEq)]
pub struct Located<T> {
    /// The value.
    pub value: T,
    /// Where it is written (bytes of its file).
    pub span: Span,
}

impl<T> Deref for Located<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T: FromToml> FromToml for Located<T> {
    fn from_toml(value: &DeValue<'_>, span: &Span, cx: &mut Cx<'_>) -> Option<Self> {
        T::from_toml(value, span, cx).map(|value| Located {
            value,
            span: span.clone(),
        })
    }
    fn absent(key: &str, table_span: &Span, cx: &mut Cx<'_>) -> Option<Self> {
        T::absent(key, table_span, cx).map(|value| Located {
            value,
            span: table_span.clone(),
        })
    }
}

/// An entry a load keeps for the next one (see [`crate::reread`]): read again unchanged
/// after an edit above it in its file made the file longer or shorter, it is the same
/// entry written elsewhere, whose media files must still be what they were.
pub(crate) trait Kept {
    /// Moves every span of `self` by `by` bytes.
    fn shift(&mut self, by: isize);
    /// Whether every media file `self` names resolves in `media` as when it was read (a
    /// file changed on disk has another hash); resolving them makes them this load's.
    fn same_media(&self, media: &mut MediaCache) -> bool;
}

impl<T: Kept> Kept for Located<T> {
    fn shift(&mut self, by: isize) {
        let moved = |at: usize| at.checked_add_signed(by).expect("a span stays in its file");
        self.span = moved(self.span.start)..moved(self.span.end);
        self.value.shift(by);
    }
    fn same_media(&self, media: &mut MediaCache) -> bool {
        self.value.same_media(media)
    }
}

impl<T: Kept> Kept for Option<T> {
    fn shift(&mut self, by: isize) {
        if let Some(value) = self {
            value.shift(by);
        }
    }
    fn same_media(&self, media: &mut MediaCache) -> bool {
        self.as_ref().is_none_or(|value| value.same_media(media))
    }
}

impl<T: Kept> Kept for Vec<T> {
    fn shift(&mut self, by: isize) {
        for value in self {
            value.shift(by);
        }
    }
    fn same_media(&self, media: &mut MediaCache) -> bool {
        self.iter().all(|value| value.same_media(media))
    }
}

/// Values that hold no span and name no media file.
macro_rules! plain_values {
    ($($ty:ty),* $(,)?) => {
        $(impl Kept for $ty {
            fn shift(&mut self, _by: isize) {}
            fn same_media(&self, _media: &mut MediaCache) -> bool {
                true
            }
        })*
    };
}

plain_values!(u32, bool, String, crate::Text, crate::Prose);

impl<T: JsonSchema> JsonSchema for Located<T> {
    fn inline_schema() -> bool {
        T::inline_schema()
    }
    fn schema_name() -> Cow<'static, str> {
        T::schema_name()
    }
    fn schema_id() -> Cow<'static, str> {
        T::schema_id()
    }
    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        T::json_schema(generator)
    }
}

impl<T: FromToml> FromToml for Option<T> {
    fn from_toml(value: &DeValue<'_>, span: &Span, cx: &mut Cx<'_>) -> Option<Self> {
        T::from_toml(value, span, cx).map(Some)
    }
    fn absent(_key: &str, _table_span: &Span, _cx: &mut Cx<'_>) -> Option<Self> {
        Some(None)
    }
}

/// An array whose every element must be valid: one bad element makes it unusable
/// (after every element was checked).
impl<T: FromToml> FromToml for Vec<T> {
    fn from_toml(value: &DeValue<'_>, span: &Span, cx: &mut Cx<'_>) -> Option<Self> {
        let DeValue::Array(array) = value else {
            cx.wrong_type(value, span, "an array");
            return None;
        };
        let items: Vec<Option<T>> = array
            .iter()
            .map(|item| T::from_toml(item.get_ref(), &item.span(), cx))
            .collect();
        items.into_iter().collect()
    }
}

/// An array of entries (products, services, …) that keeps the valid entries when
/// some are broken, so that the checks across entries still run on the rest.
/// Absent means empty.
#[derive(Debug, Clone, PartialEq)]
pub struct List<T>(pub Vec<T>);

impl<T: FromToml> FromToml for List<T> {
    fn from_toml(value: &DeValue<'_>, span: &Span, cx: &mut Cx<'_>) -> Option<Self> {
        let DeValue::Array(array) = value else {
            cx.wrong_type(value, span, "an array of tables");
            return None;
        };
        Some(List(
            array
                .iter()
                .filter_map(|item| T::from_toml(item.get_ref(), &item.span(), cx))
                .collect(),
        ))
    }
    fn absent(_key: &str, _table_span: &Span, _cx: &mut Cx<'_>) -> Option<Self> {
        Some(List(Vec::new()))
    }
}

impl<T: JsonSchema> JsonSchema for List<T> {
    fn schema_name() -> Cow<'static, str> {
        Vec::<T>::schema_name()
    }
    fn schema_id() -> Cow<'static, str> {
        Vec::<T>::schema_id()
    }
    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        Vec::<T>::json_schema(generator)
    }
    fn inline_schema() -> bool {
        true
    }
    // Absent means empty: not a required key.
    fn _schemars_private_is_option() -> bool {
        true
    }
}

impl FromToml for String {
    fn from_toml(value: &DeValue<'_>, span: &Span, cx: &mut Cx<'_>) -> Option<Self> {
        match value {
            // Ids, references and paths: one line each.
            DeValue::String(s) => allowed_characters(s.to_string(), span, cx, Lines::One),
            _ => {
                cx.wrong_type(value, span, "a string");
                None
            }
        }
    }
}

impl FromToml for bool {
    fn from_toml(value: &DeValue<'_>, span: &Span, cx: &mut Cx<'_>) -> Option<Self> {
        match value {
            DeValue::Boolean(b) => Some(*b),
            _ => {
                cx.wrong_type(value, span, "a boolean");
                None
            }
        }
    }
}

impl FromToml for u32 {
    fn from_toml(value: &DeValue<'_>, span: &Span, cx: &mut Cx<'_>) -> Option<Self> {
        let DeValue::Integer(integer) = value else {
            cx.wrong_type(value, span, "an integer");
            return None;
        };
        let text = integer.as_str();
        match u32::from_str_radix(text.trim_start_matches('+'), integer.radix()) {
            Ok(number) => Some(number),
            Err(_) => {
                let why = if text.starts_with('-') {
                    "must not be negative"
                } else {
                    "is too large"
                };
                let message = match cx.key {
                    Some(key) => format!("\"{key}\" {why}"),
                    None => format!("number {why}"),
                };
                cx.report(span, ErrorCode::NumberOutOfRange, message, None);
                None
            }
        }
    }
}

/// A number as written, keeping how many decimals it has.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Number {
    /// The value.
    pub value: f64,
    /// How many digits follow the decimal point in the source (0 for integers).
    pub decimals: u32,
    /// Whether it was written as a TOML integer.
    pub integer: bool,
}

impl FromToml for Number {
    fn from_toml(value: &DeValue<'_>, span: &Span, cx: &mut Cx<'_>) -> Option<Self> {
        match value {
            DeValue::Integer(integer) => {
                let parsed = i64::from_str_radix(integer.as_str(), integer.radix());
                match parsed {
                    // Counters never need more than 53 bits of precision.
                    Ok(number) => Some(Number {
                        value: number as f64,
                        decimals: 0,
                        integer: true,
                    }),
                    Err(_) => {
                        cx.report(
                            span,
                            ErrorCode::NumberOutOfRange,
                            "number is too large",
                            None,
                        );
                        None
                    }
                }
            }
            DeValue::Float(float) => {
                let text = float.as_str();
                let Ok(number) = text.parse::<f64>() else {
                    cx.wrong_type(value, span, "a finite number");
                    return None;
                };
                if !number.is_finite() {
                    cx.wrong_type(value, span, "a finite number");
                    return None;
                }
                let mantissa = text.split(['e', 'E']).next().unwrap_or("");
                let decimals = mantissa.split_once('.').map_or(0, |(_, fraction)| {
                    fraction.chars().filter(char::is_ascii_digit).count()
                });
                Some(Number {
                    value: number,
                    decimals: u32::try_from(decimals).unwrap_or(u32::MAX),
                    integer: false,
                })
            }
            _ => {
                cx.wrong_type(value, span, "a number");
                None
            }
        }
    }
}

impl JsonSchema for Number {
    fn schema_name() -> Cow<'static, str> {
        "number".into()
    }
    fn inline_schema() -> bool {
        true
    }
    fn json_schema(_generator: &mut SchemaGenerator) -> Schema {
        schemars::json_schema!({ "type": "number" })
    }
}

/// The table of `value`, or a wrong-type report.
pub(crate) fn expect_table<'v, 'i>(
    value: &'v DeValue<'i>,
    span: &Span,
    cx: &mut Cx<'_>,
) -> Option<&'v DeTable<'i>> {
    match value {
        DeValue::Table(table) => Some(table),
        _ => {
            cx.wrong_type(value, span, "a table");
            None
        }
    }
}

/// Declares a content table: the struct (with its JSON Schema) and its reader,
/// which reads every field, then rejects unknown keys.
///
/// A field may name its TOML key explicitly: `kind as "type": RegistrationType`.
macro_rules! content_table {
    // A table whose entries a load may keep for the next (see `Kept`): the entries of
    // a large file read again after an edit.
    (
        $(#[$meta:meta])*
        $vis:vis movable struct $name:ident {
            $(
                $(#[$fmeta:meta])*
                pub $field:ident $(as $key:literal)? : $ty:ty
            ),* $(,)?
        }
    ) => {
        $crate::de::content_table! {
            $(#[$meta])*
            $vis struct $name {
                $(
                    $(#[$fmeta])*
                    pub $field $(as $key)? : $ty
                ),*
            }
        }

        impl $crate::de::Kept for $name {
            fn shift(&mut self, by: isize) {
                $( $crate::de::Kept::shift(&mut self.$field, by); )*
            }
            fn same_media(&self, media: &mut $crate::media::MediaCache) -> bool {
                true $( && $crate::de::Kept::same_media(&self.$field, media) )*
            }
        }
    };
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $(
                $(#[$fmeta:meta])*
                pub $field:ident $(as $key:literal)? : $ty:ty
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, schemars::JsonSchema)]
        #[serde(deny_unknown_fields)]
        $vis struct $name {
            $(
                $(#[$fmeta])*
                $(#[serde(rename = $key)])?
                pub $field: $ty,
            )*
        }

        impl $name {
            /// The TOML keys this table accepts.
            pub const KEYS: &'static [&'static str] = &[$($crate::de::content_table!(@key $field $(, $key)?)),*];
        }

        impl $crate::de::FromToml for $name {
            fn from_toml(
                value: &toml::de::DeValue<'_>,
                span: &::sitegen_diagnostics::Span,
                cx: &mut $crate::de::Cx<'_>,
            ) -> Option<Self> {
                let table = $crate::de::expect_table(value, span, cx)?;
                $(
                    let $field: Option<$ty> =
                        cx.field(table, span, $crate::de::content_table!(@key $field $(, $key)?));
                )*
                cx.unknown_keys(table, Self::KEYS);
                Some($name { $( $field: $field?, )* })
            }
        }
    };
    (@key $field:ident, $key:literal) => { $key };
    (@key $field:ident) => { stringify!($field) };
}

pub(crate) use content_table;

/// How many lines a text may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lines {
    /// A title, a name, an id: no line break, no tab.
    One,
    /// A description, a paragraph, a quote: line breaks and tabs allowed.
    Several,
}

/// The first character of `text` that it may not hold, with its place (counted in
/// characters from 1): a control character (only line breaks and tabs in a text of
/// several lines), or a direction override.
pub fn forbidden_character(text: &str, lines: Lines) -> Option<(usize, char)> {
    let allowed = |c: char| match c {
        '\n' | '\r' | '\t' | '\u{2028}' | '\u{2029}' => lines == Lines::Several,
        '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => false,
        c => !c.is_control(),
    };
    (1..).zip(text.chars()).find(|&(_, c)| !allowed(c))
}

/// A forbidden character's name in an error message.
fn character_name(c: char) -> &'static str {
    match c {
        '\0' => "NUL",
        '\u{1b}' => "ESC",
        '\n' | '\r' | '\u{2028}' | '\u{2029}' => "a line break",
        '\t' => "a tab",
        '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => "a direction override",
        _ => "a control character",
    }
}

/// `text` when it holds only characters it may; else reports the first that it may not.
pub(crate) fn allowed_characters(
    text: String,
    span: &Span,
    cx: &mut Cx<'_>,
    lines: Lines,
) -> Option<String> {
    let Some((place, c)) = forbidden_character(&text, lines) else {
        return Some(text);
    };
    let kind = match lines {
        Lines::One => "a one-line text",
        Lines::Several => "a text",
    };
    cx.report(
        span,
        ErrorCode::ForbiddenCharacter,
        format!(
            "{kind} holds {} (U+{:04X}) as its character {place}",
            character_name(c),
            u32::from(c)
        ),
        None,
    );
    None
}

#[cfg(test)]
mod tests {
    use crate::test_support::{codes, load_edited, single};
    use sitegen_diagnostics::ErrorCode;

    #[test]
    fn unknown_key() {
        let report = load_edited(&[(
            "products.toml",
            "title = \"Slit Lamp\"",
            "titel = \"Slit Lamp\"",
        )]);
        // The misspelt key is unknown and the real one is then missing.
        assert_eq!(
            codes(&report),
            vec![ErrorCode::MissingField, ErrorCode::UnknownKey]
        );
        let unknown = report.diagnostics[1].to_string();
        assert!(
            unknown.starts_with("content/products.toml:32:1: error[E0101]: unknown key \"titel\""),
            "{unknown}"
        );
        assert!(
            unknown.ends_with("= help: did you mean \"title\"?"),
            "{unknown}"
        );
    }

    #[test]
    fn unknown_key_is_rejected_the_same_in_every_kind() {
        let files = [
            ("site.toml", "short_name ="),
            ("navigation.toml", "label = \"Home\""),
            ("catalogue.toml", "short_name ="),
            ("services.toml", "has_gallery ="),
            ("home.toml", "tagline ="),
            ("about.toml", "text = \"Safer"),
            ("certificates.toml", "title = \"GST"),
            ("policies/privacy.toml", "updated ="),
            ("timeline.toml", "source_label ="),
            ("pages.toml", "description = \"Get"),
        ];
        for (file, anchor) in files {
            let report = load_edited(&[(file, anchor, &format!("colour = 1\n{anchor}"))]);
            assert_eq!(codes(&report), vec![ErrorCode::UnknownKey], "{file}");
            assert_eq!(report.diagnostics[0].message, "unknown key \"colour\"");
        }
    }

    #[test]
    fn missing_field() {
        let report = load_edited(&[("services.toml", "description = \"Imaging centres.\"\n", "")]);
        let shown = single(
            &report,
            ErrorCode::MissingField,
            "missing required field \"description\"",
        );
        assert!(shown.starts_with("content/services.toml:11:1:"), "{shown}");
        assert!(shown.contains("11 | [[service]]"), "{shown}");
    }

    #[test]
    fn wrong_type() {
        let report = load_edited(&[("products.toml", "id = 13", "id = \"13\"")]);
        let shown = single(
            &report,
            ErrorCode::WrongType,
            "\"id\" should be an integer, found a string",
        );
        assert!(shown.ends_with(ErrorCode::WrongType.hint()), "{shown}");
    }

    #[test]
    fn number_out_of_range() {
        let report = load_edited(&[("home.toml", "height = 450", "height = -450")]);
        single(
            &report,
            ErrorCode::NumberOutOfRange,
            "\"height\" must not be negative",
        );
        let report = load_edited(&[("products.toml", "id = 13", "id = 0")]);
        single(
            &report,
            ErrorCode::NumberOutOfRange,
            "product id must be a positive integer, found 0",
        );
    }

    #[test]
    fn an_error_in_one_entry_does_not_hide_errors_in_others() {
        let report = load_edited(&[
            (
                "products.toml",
                "description = \"Placeholder description.\"",
                "description = 12",
            ),
            (
                "products.toml",
                "category = \"radiology\"",
                "category = \"radiologi\"",
            ),
        ]);
        assert_eq!(
            codes(&report),
            vec![ErrorCode::WrongType, ErrorCode::UnknownCategory]
        );
    }
}
