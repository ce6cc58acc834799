//! `sitegen new product|service|certificate`: append a valid entry (a draft) with the
//! next free id to the right content file, keeping the file's comments and
//! formatting, say where it is, then check the content.
//!
//! The file is read with `toml_edit` (ids, categories) and the entry is formatted by
//! it; the entry's text goes in after the last entry of its kind, so every other byte
//! of the file stays as the editor wrote it.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use sitegen_content::files::{self, ContentFile};
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
    let path = entry.content.join(entry.kind.file());
    let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let document: DocumentMut = text.parse().with_context(|| {
        format!(
            "{} is not valid TOML: fix it first (sitegen check)",
            path.display()
        )
    })?;
    let table = match new_table(entry, &document) {
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
    let (updated, line) = insert_entry(&text, entry.kind.table(), &table);
    // The result must still read as TOML before it replaces the file.
    updated
        .parse::<DocumentMut>()
        .context("the new entry would not be valid TOML (a bug in sitegen new)")?;
    fs::write(&path, &updated).with_context(|| format!("writing {}", path.display()))?;
    println!(
        "added {} {} as a draft (remove `draft = true` to publish it); edit it at:",
        entry.kind.table(),
        id_shown(&table)
    );
    println!(
        "{}:{line}",
        shown_path(&entry.content, entry.kind.file()).display()
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

fn new_table(entry: &NewEntry, document: &DocumentMut) -> Result<Table, Refused> {
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
            let next = entries(document, "product")
                .filter_map(|p| p.get("id").and_then(Item::as_integer))
                .max()
                .unwrap_or(0)
                + 1;
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
            let taken = entries(document, entry.kind.table())
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

/// `text` with `[[name]]` + `table` after the last `[[name]]` entry (before the next
/// table header, or at the end), and the 1-based line of the new header.
fn insert_entry(text: &str, name: &str, table: &Table) -> (String, usize) {
    let mut rendered = DocumentMut::new();
    let mut array = ArrayOfTables::new();
    array.push(table.clone());
    rendered.insert(name, Item::ArrayOfTables(array));
    let entry = format!("{}\n", rendered.to_string().trim_end());

    let header = format!("[[{name}]]");
    let starts: Vec<usize> = line_starts(text).collect();
    // The line at `start`, without its indentation.
    let line_at = |start: usize| text[start..].trim_start_matches([' ', '\t']);
    let last_own = starts
        .iter()
        .rposition(|&start| line_at(start).starts_with(&header));
    let next_other = last_own.and_then(|own| {
        let mut next = (own + 1..starts.len()).find(|&k| {
            line_at(starts[k]).starts_with('[') && !line_at(starts[k]).starts_with(&header)
        })?;
        // Comments right above the next header belong to it.
        while next > own + 1 && line_at(starts[next - 1]).starts_with(['#', '\n', '\r']) {
            next -= 1;
        }
        Some(starts[next])
    });
    let (before, after) = match next_other {
        Some(at) => text.split_at(at),
        None => (text, ""),
    };
    let before = before.trim_end_matches(['\n', '\r', ' ', '\t']);
    let separator = if before.is_empty() { "" } else { "\n\n" };
    let line = before.lines().count() + if before.is_empty() { 1 } else { 2 };
    let tail = if after.is_empty() {
        String::new()
    } else {
        format!("\n{}", after.trim_start_matches(['\n', '\r']))
    };
    (format!("{before}{separator}{entry}{tail}"), line)
}

fn line_starts(text: &str) -> impl Iterator<Item = usize> + '_ {
    std::iter::once(0).chain(
        text.match_indices('\n')
            .map(|(i, _)| i + 1)
            .filter(move |&i| i < text.len()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(id: i64) -> Table {
        let mut table = Table::new();
        table["id"] = value(id);
        table
    }

    #[test]
    fn an_entry_goes_after_the_last_of_its_kind_and_keeps_the_rest() {
        let text =
            "# top comment\n[[certificate]]\nid = \"a\" # why\n\n[[registration]]\nid = \"r\"\n";
        let (updated, line) = insert_entry(text, "certificate", &table(1));
        assert_eq!(
            updated,
            "# top comment\n[[certificate]]\nid = \"a\" # why\n\n[[certificate]]\nid = 1\n\n[[registration]]\nid = \"r\"\n"
        );
        assert_eq!(updated.lines().nth(line - 1), Some("[[certificate]]"));
        assert_eq!(line, 5);
    }

    #[test]
    fn the_comment_over_the_next_kind_stays_with_it() {
        let text = "[[certificate]]\nid = \"a\"\n\n# Railway\n[[registration]]\n";
        let (updated, _) = insert_entry(text, "certificate", &table(1));
        assert_eq!(
            updated,
            "[[certificate]]\nid = \"a\"\n\n[[certificate]]\nid = 1\n\n# Railway\n[[registration]]\n"
        );
    }

    #[test]
    fn an_entry_of_the_last_kind_is_appended() {
        let (updated, line) = insert_entry("[[product]]\nid = 1\n\n\n", "product", &table(2));
        assert_eq!(updated, "[[product]]\nid = 1\n\n[[product]]\nid = 2\n");
        assert_eq!(line, 4);
        let (updated, line) = insert_entry("", "product", &table(1));
        assert_eq!((updated.as_str(), line), ("[[product]]\nid = 1\n", 1));
    }
}
