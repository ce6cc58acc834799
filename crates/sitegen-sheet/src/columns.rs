//! The columns of the products sheet: one per field of a product (its TOML key as
//! the header), one per specification name (`spec: NAME`), and note columns (`#…`).

use std::sync::OnceLock;

use serde_json::Value;
use sitegen_content::{did_you_mean, ErrorCode, Product};

use crate::cells::{CellRef, Problems};

/// A header starting with this names a specification: `spec: Weight`.
pub const SPEC_PREFIX: &str = "spec:";
/// A header starting with this is a note column, which the import ignores.
pub const NOTE_PREFIX: char = '#';
/// Between the items of a list field (`aliases`) in one cell.
pub const LIST_SEPARATOR: &str = " | ";

/// A field of a product with a column of its own (every key but `specifications`,
/// which spreads over the `spec: NAME` columns), named by its TOML key. The fields are
/// read from the product's JSON Schema, so a key added to the model has its column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Field(&'static str);

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

/// The key of the product that the `spec: NAME` columns fill.
pub const SPECIFICATIONS_KEY: &str = "specifications";

/// The product's JSON Schema: its properties and the keys it requires.
pub(crate) struct ProductSchema {
    pub properties: serde_json::Map<String, Value>,
    pub required: Vec<String>,
}

/// The `Product` definition of the products file's schema, read once.
pub(crate) fn product_schema() -> &'static ProductSchema {
    static SCHEMA: OnceLock<ProductSchema> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        let schema = sitegen_content::schemas()
            .into_iter()
            .find(|(name, _)| *name == "products.schema.json")
            .map(|(_, schema)| schema)
            .unwrap_or_default();
        let product = &schema["$defs"]["Product"];
        let properties = product["properties"]
            .as_object()
            .cloned()
            .unwrap_or_default();
        let required = product["required"]
            .as_array()
            .map(|keys| {
                keys.iter()
                    .filter_map(|k| k.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        ProductSchema {
            properties,
            required,
        }
    })
}

/// Column widths in the exported .xlsx, in characters, where the default does not fit.
const WIDTHS: &[(&str, f64)] = &[
    ("id", 8.0),
    ("draft", 8.0),
    ("title", 40.0),
    ("description", 60.0),
    ("image", 32.0),
    ("brochure", 32.0),
    ("aliases", 32.0),
    ("subcategory", 28.0),
];

/// The width of every other column.
const DEFAULT_WIDTH: f64 = 18.0;

impl Field {
    /// `id`: the column that says which product a row is.
    pub const ID: Field = Field("id");
    /// `title`
    pub const TITLE: Field = Field("title");
    /// `category`: offered as a list of the catalogue's category ids.
    pub const CATEGORY: Field = Field("category");
    /// `subcategory`: offered as a list of the catalogue's subcategories.
    pub const SUBCATEGORY: Field = Field("subcategory");

    /// Every field, in the order of the product's keys (the export's column order).
    pub fn all() -> &'static [Field] {
        static ALL: OnceLock<Vec<Field>> = OnceLock::new();
        ALL.get_or_init(|| {
            Product::KEYS
                .iter()
                .copied()
                .filter(|key| *key != SPECIFICATIONS_KEY)
                .map(Field)
                .collect()
        })
    }

    /// The TOML key, which is also the column's header.
    pub fn key(self) -> &'static str {
        self.0
    }

    /// How its cells are read: by the schema's type of the key.
    pub fn kind(self) -> FieldKind {
        let property = &product_schema().properties.get(self.0);
        match property.and_then(|p| p["type"].as_str()) {
            Some("integer") => FieldKind::Id,
            Some("boolean") => FieldKind::Flag,
            Some("array") => FieldKind::List,
            _ => FieldKind::Text,
        }
    }

    /// Whether a sheet must have its column: every key a product must have.
    pub fn required(self) -> bool {
        product_schema().required.iter().any(|key| key == self.0)
    }

    /// The column width in the exported .xlsx, in characters.
    pub fn width(self) -> f64 {
        WIDTHS
            .iter()
            .find(|(key, _)| *key == self.0)
            .map_or(DEFAULT_WIDTH, |(_, width)| *width)
    }
}

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
    Field::all()
        .iter()
        .copied()
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
                let known = Field::all().iter().map(|field| field.key());
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
    for field in Field::all()
        .iter()
        .copied()
        .filter(|field| field.required())
    {
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
