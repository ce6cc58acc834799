//! Content files as written: what the checks across files read from a file's TOML
//! tables whether or not its typed value loads (ids, names, references), so that one
//! wrong field hides no other problem. A whole load (`load.rs`) and a reread of
//! products.toml (`reread.rs`) both read products this way.

use toml::de::{DeTable, DeValue};

use crate::de::{lookup, Kept, Located};
use crate::files;
use crate::media::MediaCache;

/// An entry of catalogue.toml or services.toml as written, including entries that
/// failed to load, so that references to them are not reported twice and a
/// reference by name can be pointed to the id.
pub(crate) struct RawEntry {
    pub id: Located<String>,
    /// The category's `name` or the service's `title`, when it is a string.
    pub name: Option<Located<String>>,
    /// A category's `subcategories`, when they are an array of strings.
    pub subcategories: Option<Vec<String>>,
}

/// The references a file makes to other files, found in its tables as written so
/// that a wrong field elsewhere (a missing image, say) hides none of them.
#[derive(Default)]
pub struct RawRefs {
    /// Category ids (home showcase tabs).
    pub categories: Vec<Located<String>>,
    /// Service ids (navigation entries, home service cards).
    pub services: Vec<Located<String>>,
    /// Routes (`to` of navigation entries and footer links).
    pub routes: Vec<Located<String>>,
}

/// The ids of certificates.toml as written, for the duplicate check.
pub(crate) struct RawCertificates {
    pub certificates: Vec<Located<String>>,
    pub registrations: Vec<Located<String>>,
}

/// A product as written, including one that failed to load, so that its references
/// are checked even when another of its fields is wrong (every error of an entry is
/// reported in one run).
#[derive(Clone)]
pub(crate) struct RawProduct {
    /// The id, when it is an integer (as written).
    pub id: Option<Located<String>>,
    pub category: Option<Located<String>>,
    pub subcategory: Option<Located<String>>,
}

impl Kept for RawProduct {
    fn shift(&mut self, by: isize) {
        self.id.shift(by);
        self.category.shift(by);
        self.subcategory.shift(by);
    }
    fn same_media(&self, _media: &mut MediaCache) -> bool {
        true
    }
}

/// The tables of the array of tables `array` of `root` (`[[array]]`).
fn raw_tables<'t, 'i>(root: &'t DeTable<'i>, array: &str) -> Vec<&'t DeTable<'i>> {
    let Some(items) = lookup(root, array) else {
        return Vec::new();
    };
    let DeValue::Array(items) = items.get_ref() else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|item| match item.get_ref() {
            DeValue::Table(table) => Some(table),
            _ => None,
        })
        .collect()
}

/// The string value of `field` in `table`, with its span.
fn raw_string(table: &DeTable<'_>, field: &str) -> Option<Located<String>> {
    let value = lookup(table, field)?;
    match value.get_ref() {
        DeValue::String(s) => Some(Located {
            value: s.to_string(),
            span: value.span(),
        }),
        _ => None,
    }
}

/// The integer value of `field` in `table`, as written, with its span.
fn raw_integer(table: &DeTable<'_>, field: &str) -> Option<Located<String>> {
    let value = lookup(table, field)?;
    match value.get_ref() {
        DeValue::Integer(i) => Some(Located {
            value: i64::from_str_radix(i.as_str().trim_start_matches('+'), i.radix())
                .ok()?
                .to_string(),
            span: value.span(),
        }),
        _ => None,
    }
}

/// The entries of `[[array]]` with a string `id`, and their `name_key` and subcategories.
pub(crate) fn raw_entries(root: &DeTable<'_>, array: &str, name_key: &str) -> Vec<RawEntry> {
    raw_tables(root, array)
        .into_iter()
        .filter_map(|table| {
            let subcategories = lookup(table, "subcategories").and_then(|value| {
                let DeValue::Array(items) = value.get_ref() else {
                    return None;
                };
                items
                    .iter()
                    .map(|item| match item.get_ref() {
                        DeValue::String(s) => Some(s.to_string()),
                        _ => None,
                    })
                    .collect()
            });
            Some(RawEntry {
                id: raw_string(table, "id")?,
                name: raw_string(table, name_key),
                subcategories,
            })
        })
        .collect()
}

/// The table under `key` of `table`.
pub(crate) fn raw_table<'t, 'i>(table: &'t DeTable<'i>, key: &str) -> Option<&'t DeTable<'i>> {
    match lookup(table, key)?.get_ref() {
        DeValue::Table(inner) => Some(inner),
        _ => None,
    }
}

/// The string `field` of every table of `[[array]]` in `table`.
pub(crate) fn raw_strings(table: &DeTable<'_>, array: &str, field: &str) -> Vec<Located<String>> {
    raw_tables(table, array)
        .into_iter()
        .filter_map(|item| raw_string(item, field))
        .collect()
}

pub(crate) fn raw_navigation(root: &DeTable<'_>) -> RawRefs {
    fn entries(tables: Vec<&DeTable<'_>>, refs: &mut RawRefs) {
        for table in tables {
            refs.routes.extend(raw_string(table, "to"));
            refs.services.extend(raw_string(table, "service"));
            entries(raw_tables(table, "entries"), refs);
        }
    }
    let mut refs = RawRefs::default();
    entries(raw_tables(root, files::NAVIGATION.entry_table()), &mut refs);
    if let Some(footer) = raw_table(root, "footer") {
        refs.routes.extend(raw_strings(footer, "quick_links", "to"));
        refs.routes.extend(raw_strings(footer, "legal_links", "to"));
    }
    refs
}

pub(crate) fn raw_products(root: &DeTable<'_>) -> Vec<RawProduct> {
    raw_tables(root, files::PRODUCTS.entry_table())
        .into_iter()
        .map(|table| RawProduct {
            id: raw_integer(table, "id"),
            category: raw_string(table, "category"),
            subcategory: raw_string(table, "subcategory"),
        })
        .collect()
}
