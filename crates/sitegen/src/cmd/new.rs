//! `sitegen new product|service|certificate`: append a valid entry (a draft) with the
//! next free id to the right content file, keeping the file's comments and
//! formatting, say where it is, then check the content.
//!
//! The entry is added by the content engine (`sitegen-edit`), as an import adds one:
//! after the last entry of its kind, every other byte of the file kept, written
//! atomically and refused if the file changed meanwhile.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use sitegen_content::files::{self, ContentFile};
use sitegen_edit::{Change, ContentEdit};
use toml_edit::{value, Array, ArrayOfTables, DocumentMut, Item, Table};

/// What to add.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum Kind {
    /// A `[[product]]` of products.toml.
    Product,
    /// A `[[service]]` of services.toml.
    Service,
    /// A `[[certificate]]` of certificates.toml.
    Certificate,
}

impl Kind {
    /// The content file its entries are in.
    fn content_file(self) -> ContentFile {
        match self {
            Kind::Product => files::PRODUCTS,
            Kind::Service => files::SERVICES,
            Kind::Certificate => files::CERTIFICATES,
        }
    }
    fn file(self) -> &'static str {
        self.content_file().path
    }
    fn table(self) -> &'static str {
        self.content_file().entry_table()
    }
}

/// The new entry as asked on the command line.
pub struct NewEntry {
    pub kind: Kind,
    pub title: String,
    pub category: Option<String>,
    pub subcategory: Option<String>,
    pub id: Option<String>,
    pub content: PathBuf,
    pub web: PathBuf,
    /// The limits the content is checked against afterwards.
    pub load: sitegen_content::LoadOptions,
}

/// A mistake in the command line: printed as a diagnostic, exit 2, nothing written.
struct Refused {
    message: String,
    hint: Option<String>,
}

fn refused(message: impl Into<String>, hint: Option<String>) -> Refused {
    Refused {
        message: message.into(),
        hint,
    }
}

pub fn run(entry: &NewEntry) -> anyhow::Result<ExitCode> {
    let mut edit = ContentEdit::open_array(&entry.content, entry.kind.file(), entry.kind.table())
        .map_err(|error| anyhow::anyhow!(error))?;
    let table = match new_table(entry, &edit) {
        Ok(table) => table,
        Err(Refused { message, hint }) => {
            eprintln!("error: {message}");
            if let Some(hint) = hint {
                eprintln!("  = help: {hint}");
            }
            eprintln!("nothing was written");
            return Ok(ExitCode::from(2));
        }
    };
    let shown = id_shown(&table);
    edit.apply(Change::Add { entry: table })
        .map_err(|error| anyhow::anyhow!(error))?;
    let (updated, line) = edit.text();
    // The result must still read as TOML before it replaces the file.
    updated
        .parse::<DocumentMut>()
        .context("the new entry would not be valid TOML (a bug in sitegen new)")?;
    edit.commit().map_err(|error| anyhow::anyhow!(error))?;
    println!(
        "added {} {shown} as a draft (remove `draft = true` to publish it); edit it at:",
        entry.kind.table(),
    );
    println!(
        "{}:{}",
        shown_path(&entry.content, entry.kind.file()).display(),
        line.unwrap_or(1)
    );
    super::check::run(&entry.content, &entry.web, &entry.load)
}

/// How the content file is named in messages: `content/products.toml`.
fn shown_path(content: &Path, file: &str) -> PathBuf {
    content.join(file)
}

fn id_shown(table: &Table) -> String {
    match table.get("id").and_then(Item::as_value) {
        Some(id) if id.as_integer().is_some() => id.to_string().trim().to_string(),
        Some(id) => id.as_str().map_or_else(String::new, |s| format!("\"{s}\"")),
        None => String::new(),
    }
}

/// The entries of kind `name` in `document`.
fn entries<'d>(document: &'d DocumentMut, name: &str) -> impl Iterator<Item = &'d Table> {
    document
        .get(name)
        .and_then(Item::as_array_of_tables)
        .into_iter()
        .flat_map(ArrayOfTables::iter)
}

fn new_table(entry: &NewEntry, edit: &ContentEdit) -> Result<Table, Refused> {
    let title = entry.title.trim();
    if title.is_empty() {
        return Err(refused(
            "the title is empty",
            Some("pass --title \"…\"".into()),
        ));
    }
    let mut table = Table::new();
    match entry.kind {
        Kind::Product => {
            if entry.id.is_some() {
                return Err(refused(
                    "a product gets the next free id: --id is for services and certificates",
                    None,
                ));
            }
            let (category, subcategory) = product_category(entry)?;
            let next = edit.max_number_id() + 1;
            table["id"] = value(next);
            table["title"] = value(title);
            table["description"] = value(format!("Describe {title} here."));
            table["category"] = value(category);
            table["subcategory"] = value(subcategory);
        }
        Kind::Service | Kind::Certificate => {
            if entry.category.is_some() || entry.subcategory.is_some() {
                return Err(refused(
                    "--category and --subcategory are for products",
                    None,
                ));
            }
            let id = entry
                .id
                .clone()
                .unwrap_or_else(|| sitegen_content::routes::slug(title));
            if id.trim().is_empty() {
                return Err(refused("the id would be empty", Some("pass --id".into())));
            }
            let taken = edit
                .entries()
                .any(|t| t.get("id").and_then(Item::as_str) == Some(id.as_str()));
            if taken {
                return Err(refused(
                    format!(
                        "{} id \"{id}\" already exists in {}",
                        entry.kind.table(),
                        entry.kind.file()
                    ),
                    Some("pass another --id".into()),
                ));
            }
            table["id"] = value(id);
            table["title"] = value(title);
            if let Kind::Service = entry.kind {
                table["description"] = value(format!("Describe {title} here."));
                table["services_list"] = value(Array::new());
                table["has_gallery"] = value(false);
                table["gallery_count"] = value(0);
            }
        }
    }
    table["draft"] = value(true);
    Ok(table)
}

/// The category id and subcategory of a new product, checked against catalogue.toml
/// (the subcategory defaults to the category's first).
fn product_category(entry: &NewEntry) -> Result<(String, String), Refused> {
    let Some(category) = &entry.category else {
        return Err(refused(
            "a product needs a category",
            Some("pass --category ID (an id of catalogue.toml)".into()),
        ));
    };
    let path = entry.content.join("catalogue.toml");
    let catalogue: DocumentMut = fs::read_to_string(&path)
        .ok()
        .and_then(|text| text.parse().ok())
        .ok_or_else(|| refused(format!("{} cannot be read", path.display()), None))?;
    let categories: Vec<&Table> = entries(&catalogue, "category").collect();
    let ids: Vec<&str> = categories
        .iter()
        .filter_map(|c| c.get("id").and_then(Item::as_str))
        .collect();
    let Some(found) = categories
        .iter()
        .find(|c| c.get("id").and_then(Item::as_str) == Some(category.as_str()))
    else {
        let hint = sitegen_content::did_you_mean(category, ids.iter().copied())
            .unwrap_or_else(|| format!("the categories are: {}", ids.join(", ")));
        return Err(refused(
            format!("unknown category \"{category}\""),
            Some(hint),
        ));
    };
    let subcategories: Vec<&str> = found
        .get("subcategories")
        .and_then(Item::as_array)
        .map(|a| a.iter().filter_map(|v| v.as_str()).collect())
        .unwrap_or_default();
    let subcategory = match &entry.subcategory {
        Some(asked) if subcategories.contains(&asked.as_str()) => asked.clone(),
        Some(asked) => {
            let hint = sitegen_content::did_you_mean(asked, subcategories.iter().copied())
                .unwrap_or_else(|| format!("\"{category}\" has: {}", subcategories.join(", ")));
            return Err(refused(
                format!("subcategory \"{asked}\" is not in category \"{category}\""),
                Some(hint),
            ));
        }
        None => subcategories
            .first()
            .map(|s| s.to_string())
            .ok_or_else(|| {
                refused(
                    format!("category \"{category}\" has no subcategories"),
                    None,
                )
            })?,
    };
    Ok((category.clone(), subcategory))
}
