//! `sitegen-sheet` is the product catalogue as a spreadsheet: `sitegen export products`
//! writes it (`.xlsx` for people, `.csv`), `sitegen import products` reads it back
//! (`.xlsx`, `.xls`, `.ods` with calamine, `.csv`) into changes of `products.toml`.
//!
//! What it is for: the columns (a product's TOML keys as headers, `spec: NAME` per
//! specification, `#` notes), reading cells despite Excel's habits, reporting every
//! problem at its cell (`products.xlsx:Products!C12`, `products.csv:12:3`), and
//! turning rows into the typed changes of the content engine (`sitegen-edit`), which
//! checks and writes them.
//!
//! What it is not for: changing the TOML itself, or checking content (the engine and
//! `sitegen-content` do both), or the command line.

#![warn(missing_docs)]

pub mod cells;
pub mod columns;
pub mod dates;
pub mod import;
pub mod read;
pub mod reference;
pub mod write;

pub use cells::CellRef;
pub use columns::{Column, Field, LIST_SEPARATOR, NOTE_PREFIX, SPEC_PREFIX};
pub use import::{import_products, ImportOptions, ImportOutcome, Summary, LISTED_CHANGES};
pub use read::Format;
pub use reference::{reference_markdown, REFERENCE_FILE};
pub use write::{
    category_choices, export_products, export_table, write_table, CategoryChoice, ExportError,
    ExportTable,
};

#[cfg(test)]
mod tests;
