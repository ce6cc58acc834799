//! The columns of the products sheet: one per field of a product (its TOML key as
//! the header), one per specification name (`spec: NAME`), and note columns (`#…`).

use sitegen_content::{did_you_mean, ErrorCode, Product};

use crate::cells::{CellRef, Problems};

/// A header starting with this names a specification: `spec: Weight`.
pub const SPEC_PREFIX: &str = "spec:";
/// A header starting with this is a note column, which the import ignores.
pub const NOTE_PREFIX: char = '#';
/// Between the items of a list field (`aliases`) in one cell.
pub const LIST_SEPARATOR: &str = " | ";

/// A field of a product with a column of its own (every key but `specifications`,
/// which spreads over the `spec: NAME` columns).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    /// `id`
    Id,
    /// `title`
    Title,
    /// `description`
    Description,
    /// `category`
    Category,
    /// `subcategory`
    Subcategory,
    /// `image`
    Image,
    /// `draft`
    Draft,
    /// `aliases`
    Aliases,
    /// `brand`
    Brand,
    /// `model`
    Model,
    /// `brochure`
    Brochure,
}

/// How a field's cells are read and written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldKind {
    /// A whole positive number (`id`).
    Id,
    /// Text.
    Text,
    /// `true`, `false` or empty.
    Flag,
    /// Texts separated by [`LIST_SEPARATOR`].
    List,
}

impl Field {
    /// Every field, in the order of the product's keys (the export's column order).
    pub const ALL: [Field; 11] = [
        Field::Id,
        Field::Title,
        Field::Description,
        Field::Category,
        Field::Subcategory,
        Field::Image,
        Field::Draft,
        Field::Aliases,
        Field::Brand,
        Field::Model,
        Field::Brochure,
    ];

    /// The TOML key, which is also the column's header.
    pub fn key(self) -> &'static str {
        match self {
            Field::Id => "id",
            Field::Title => "title",
            Field::Description => "description",
            Field::Category => "category",
            Field::Subcategory => "subcategory",
            Field::Image => "image",
            Field::Draft => "draft",
            Field::Aliases => "aliases",
            Field::Brand => "brand",
            Field::Model => "model",
            Field::Brochure => "brochure",
        }
    }

    /// How its cells are read.
    pub fn kind(self) -> FieldKind {
        match self {
            Field::Id => FieldKind::Id,
            Field::Draft => FieldKind::Flag,
            Field::Aliases => FieldKind::List,
            _ => FieldKind::Text,
        }
    }

    /// Whether a sheet must have its column: every key a product must have.
    pub fn required(self) -> bool {
        matches!(
            self,
            Field::Id | Field::Title | Field::Description | Field::Category | Field::Subcategory
        )
    }

    /// The column width in the exported .xlsx, in characters.
    pub fn width(self) -> f64 {
        match self {
            Field::Id | Field::Draft => 8.0,
            Field::Title => 40.0,
            Field::Description => 60.0,
            Field::Image | Field::Brochure | Field::Aliases => 32.0,
            Field::Subcategory => 28.0,
            Field::Category | Field::Brand | Field::Model => 18.0,
        }
    }
}

/// The key of the product that the `spec: NAME` columns fill.
pub const SPECIFICATIONS_KEY: &str = "specifications";

/// What a column of a sheet holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Column {
    /// A field of the product.
    Field(Field),
    /// The specification of this name.
    Specification(String),
    /// A note (`#…`) or an empty column: ignored.
    Ignored,
}

impl Column {
    /// The header the export writes.
    pub fn header(&self) -> String {
        match self {
            Column::Field(field) => field.key().to_string(),
            Column::Specification(name) => format!("{SPEC_PREFIX} {name}"),
            Column::Ignored => String::new(),
        }
    }
}

/// A header as compared: lower case, without spaces and `_` (so `Sub Category`,
/// `sub_category` and `subcategory` are one column).
pub fn normalise(header: &str) -> String {
    header
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '_')
        .flat_map(char::to_lowercase)
        .collect()
}

/// The column a header names, or `None` when it names nothing known.
pub fn column_of(header: &str) -> Option<Column> {
    let trimmed = header.trim();
    if trimmed.is_empty() || trimmed.starts_with(NOTE_PREFIX) {
        return Some(Column::Ignored);
    }
    let prefix = trimmed.get(..SPEC_PREFIX.len());
    if prefix.is_some_and(|p| p.eq_ignore_ascii_case(SPEC_PREFIX)) {
        // The name keeps its case: it is shown on the product's page.
        let name = trimmed[SPEC_PREFIX.len()..].trim();
        return (!name.is_empty()).then(|| Column::Specification(name.to_string()));
    }
    let normal = normalise(trimmed);
    Field::ALL
        .into_iter()
        .find(|field| normalise(field.key()) == normal)
        .map(Column::Field)
}

/// The columns of a header row, with a problem at each unknown or repeated header and
/// for each required column that is missing (at the header row).
pub fn map_headers(
    headers: &[(CellRef, String)],
    header_row: &CellRef,
    problems: &mut Problems,
) -> Vec<Column> {
    let mut columns: Vec<Column> = Vec::with_capacity(headers.len());
    for (at, header) in headers {
        let column = match column_of(header) {
            Some(column) => column,
            None => {
                let known = Field::ALL.iter().map(|field| field.key());
                let hint = did_you_mean(&normalise(header), known);
                problems.push(
                    at.clone(),
                    ErrorCode::UnknownColumn,
                    format!("unknown column \"{}\"", header.trim()),
                    hint,
                );
                Column::Ignored
            }
        };
        let repeated = column != Column::Ignored
            && columns.iter().any(|seen| match (seen, &column) {
                (Column::Specification(a), Column::Specification(b)) => {
                    a.to_lowercase() == b.to_lowercase()
                }
                (a, b) => a == b,
            });
        if repeated {
            problems.push(
                at.clone(),
                ErrorCode::MissingColumn,
                format!("column \"{}\" appears twice", header.trim()),
                None,
            );
            columns.push(Column::Ignored);
            continue;
        }
        columns.push(column);
    }
    for field in Field::ALL.into_iter().filter(|field| field.required()) {
        if !columns.contains(&Column::Field(field)) {
            problems.push(
                header_row.clone(),
                ErrorCode::MissingColumn,
                format!("the sheet has no \"{}\" column", field.key()),
                None,
            );
        }
    }
    columns
}

/// Whether the fields here and the product's keys are the same list, so that a new
/// key of the model cannot be forgotten by the sheet.
pub fn fields_match_the_model() -> bool {
    let mut keys: Vec<&str> = Field::ALL.iter().map(|field| field.key()).collect();
    keys.push(SPECIFICATIONS_KEY);
    let mut model: Vec<&str> = Product::KEYS.to_vec();
    keys.sort_unstable();
    model.sort_unstable();
    keys == model
}
