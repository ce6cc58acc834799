//! The content files, declared once: each file's path, what an editor calls it, what
//! it holds, the arrays of tables its entries are written in and the schema it is
//! checked against. Loading, the JSON Schemas (`sitegen schema`), the test fixture,
//! `sitegen new`, data-contract §1 (`sitegen gen`) and an editor's list of files read
//! [`CONTENT_FILES`].

use crate::routes::PolicyKind;

/// The JSON Schema a content file is checked against: one per Rust type of a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileSchema {
    /// The schema of `site.toml`.
    Site,
    /// The schema of `navigation.toml`.
    Navigation,
    /// The schema of `catalogue.toml`.
    Catalogue,
    /// The schema of `products.toml`.
    Products,
    /// The schema of `services.toml`.
    Services,
    /// The schema of `home.toml`.
    Home,
    /// The schema of `about.toml`.
    About,
    /// The schema of `certificates.toml`.
    Certificates,
    /// The schema of the legal pages, `policies/*.toml`.
    Policy,
    /// The schema of `timeline.toml`.
    Timeline,
    /// The schema of `pages.toml`.
    Pages,
    /// The schema of `synonyms.toml`.
    Synonyms,
}

impl FileSchema {
    /// Its file name in `schemas/`, e.g. `products.schema.json`.
    pub fn file_name(self) -> &'static str {
        match self {
            FileSchema::Site => "site.schema.json",
            FileSchema::Navigation => "navigation.schema.json",
            FileSchema::Catalogue => "catalogue.schema.json",
            FileSchema::Products => "products.schema.json",
            FileSchema::Services => "services.schema.json",
            FileSchema::Home => "home.schema.json",
            FileSchema::About => "about.schema.json",
            FileSchema::Certificates => "certificates.schema.json",
            FileSchema::Policy => "policy.schema.json",
            FileSchema::Timeline => "timeline.schema.json",
            FileSchema::Pages => "pages.schema.json",
            FileSchema::Synonyms => "synonyms.schema.json",
        }
    }

    /// The files it checks, in [`CONTENT_FILES`] order.
    pub fn files(self) -> impl Iterator<Item = &'static ContentFile> {
        CONTENT_FILES.iter().filter(move |file| file.schema == self)
    }

    /// The files it checks, as one path: `products.toml`, or a pattern such as
    /// `policies/*.toml` when several files of a folder share it.
    pub fn applies_to(self) -> String {
        let mut files = self.files();
        match (files.next(), files.next()) {
            (Some(only), None) => only.path.to_string(),
            (Some(first), Some(_)) => match first.path.rsplit_once('/') {
                Some((folder, _)) => format!("{folder}/*.toml"),
                None => "*.toml".to_string(),
            },
            (None, _) => String::new(),
        }
    }
}

/// One content file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ContentFile {
    /// Its path relative to the content folder, with `/`: `products.toml`.
    pub path: &'static str,
    /// What an editor calls it: "Products".
    pub title: &'static str,
    /// What it holds, in a few words (data-contract §1).
    pub holds: &'static str,
    /// The arrays of tables its entries are written in (`[[product]]` is `product`),
    /// the main one first; empty for a file of single tables.
    pub tables: &'static [&'static str],
    /// The schema it is checked against.
    pub schema: FileSchema,
}

impl ContentFile {
    /// The array of tables its main entries are written in (`product`); empty for a
    /// file of single tables.
    pub fn entry_table(&self) -> &'static str {
        self.tables.first().copied().unwrap_or_default()
    }
}

/// `site.toml`.
pub const SITE: ContentFile = ContentFile {
    path: "site.toml",
    title: "Site",
    holds: "company facts, contact details, social links, e-mail service settings",
    tables: &[],
    schema: FileSchema::Site,
};
/// `navigation.toml`.
pub const NAVIGATION: ContentFile = ContentFile {
    path: "navigation.toml",
    title: "Navigation",
    holds: "menu items with their dropdown entries, footer quick and legal links",
    tables: &["item"],
    schema: FileSchema::Navigation,
};
/// `catalogue.toml`.
pub const CATALOGUE: ContentFile = ContentFile {
    path: "catalogue.toml",
    title: "Catalogue",
    holds: "the product categories with their subcategories",
    tables: &["category"],
    schema: FileSchema::Catalogue,
};
/// `products.toml`.
pub const PRODUCTS: ContentFile = ContentFile {
    path: "products.toml",
    title: "Products",
    holds: "the products",
    tables: &["product"],
    schema: FileSchema::Products,
};
/// `services.toml`.
pub const SERVICES: ContentFile = ContentFile {
    path: "services.toml",
    title: "Services",
    holds: "the service catalogue entries (keyed by serviceId)",
    tables: &["service"],
    schema: FileSchema::Services,
};
/// `home.toml`.
pub const HOME: ContentFile = ContentFile {
    path: "home.toml",
    title: "Home page",
    holds: "every block of the home page",
    tables: &[],
    schema: FileSchema::Home,
};
/// `about.toml`.
pub const ABOUT: ContentFile = ContentFile {
    path: "about.toml",
    title: "About us",
    holds: "the About Us page",
    tables: &[],
    schema: FileSchema::About,
};
/// `certificates.toml`.
pub const CERTIFICATES: ContentFile = ContentFile {
    path: "certificates.toml",
    title: "Certificates",
    holds: "certificates and railway registrations",
    tables: &["certificate", "registration"],
    schema: FileSchema::Certificates,
};
/// `policies/privacy.toml`.
pub const PRIVACY_POLICY: ContentFile = ContentFile {
    path: "policies/privacy.toml",
    title: "Privacy policy",
    holds: "the privacy policy",
    tables: &[],
    schema: FileSchema::Policy,
};
/// `policies/terms.toml`.
pub const TERMS: ContentFile = ContentFile {
    path: "policies/terms.toml",
    title: "Terms and conditions",
    holds: "the terms and conditions",
    tables: &[],
    schema: FileSchema::Policy,
};
/// `policies/shipping.toml`.
pub const SHIPPING_POLICY: ContentFile = ContentFile {
    path: "policies/shipping.toml",
    title: "Shipping policy",
    holds: "the shipping policy",
    tables: &[],
    schema: FileSchema::Policy,
};
/// `policies/payment.toml`.
pub const PAYMENT_POLICY: ContentFile = ContentFile {
    path: "policies/payment.toml",
    title: "Payment policy",
    holds: "the payment policy",
    tables: &[],
    schema: FileSchema::Policy,
};
/// `timeline.toml`.
pub const TIMELINE: ContentFile = ContentFile {
    path: "timeline.toml",
    title: "Timeline",
    holds: "the placeholder company timeline and the biography timeline",
    tables: &[],
    schema: FileSchema::Timeline,
};
/// `pages.toml`.
pub const PAGES: ContentFile = ContentFile {
    path: "pages.toml",
    title: "Page titles",
    holds: "title and meta description of each static route",
    tables: &["page"],
    schema: FileSchema::Pages,
};

/// `synonyms.toml`: optional, a content without it has no synonyms.
pub const SYNONYMS: ContentFile = ContentFile {
    path: "synonyms.toml",
    title: "Search words",
    holds: "the words buyers search with (optional): synonym groups and one-way mappings",
    tables: &["group", "one_way"],
    schema: FileSchema::Synonyms,
};

/// Every content file, in the order they are loaded and documented.
pub const CONTENT_FILES: &[ContentFile] = &[
    SITE,
    NAVIGATION,
    CATALOGUE,
    PRODUCTS,
    SERVICES,
    HOME,
    ABOUT,
    CERTIFICATES,
    PRIVACY_POLICY,
    TERMS,
    SHIPPING_POLICY,
    PAYMENT_POLICY,
    TIMELINE,
    PAGES,
    SYNONYMS,
];

impl PolicyKind {
    /// The file of this legal page.
    pub fn content_file(self) -> ContentFile {
        match self {
            PolicyKind::Privacy => PRIVACY_POLICY,
            PolicyKind::Terms => TERMS,
            PolicyKind::Shipping => SHIPPING_POLICY,
            PolicyKind::Payment => PAYMENT_POLICY,
        }
    }
}

/// The content file at `path` (relative to the content folder, with `/`), if it is one.
pub fn content_file(path: &str) -> Option<&'static ContentFile> {
    CONTENT_FILES.iter().find(|file| file.path == path)
}

/// The table of data-contract §1: each file (the files that share a schema in one
/// row), its name in an editor and what it holds, in Markdown.
pub fn files_table_markdown() -> String {
    let mut text = String::from("| file | name | holds |\n|---|---|---|\n");
    let mut seen = Vec::new();
    for file in CONTENT_FILES {
        if seen.contains(&file.schema) {
            continue;
        }
        seen.push(file.schema);
        let sharing: Vec<&ContentFile> = file.schema.files().collect();
        let (path, holds) = match sharing.as_slice() {
            [only] => (only.path.to_string(), only.holds.to_string()),
            _ => {
                let stems: Vec<&str> = sharing.iter().map(|f| stem(f.path)).collect();
                let folder = file.path.rsplit_once('/').map_or("", |(folder, _)| folder);
                (
                    format!("{folder}/{{{}}}.toml", stems.join(",")),
                    format!("the {}", plural_holds(&sharing)),
                )
            }
        };
        let names: Vec<&str> = sharing.iter().map(|f| f.title).collect();
        text.push_str(&format!("| `{path}` | {} | {holds} |\n", names.join(", ")));
    }
    text
}

/// A file's name without its folder and `.toml`: `privacy`.
fn stem(path: &str) -> &str {
    let name = path.rsplit_once('/').map_or(path, |(_, name)| name);
    name.strip_suffix(".toml").unwrap_or(name)
}

/// What several files of one schema hold together: their schema's name in plural
/// ("legal pages" for the policies).
fn plural_holds(files: &[&ContentFile]) -> String {
    match files.first().map(|file| file.schema) {
        Some(FileSchema::Policy) => "legal pages".to_string(),
        _ => files
            .iter()
            .map(|file| file.holds)
            .collect::<Vec<_>>()
            .join(", "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_has_a_distinct_path_and_a_title() {
        for (index, file) in CONTENT_FILES.iter().enumerate() {
            assert!(file.path.ends_with(".toml"), "{}", file.path);
            assert!(!file.title.is_empty() && !file.holds.is_empty());
            assert_eq!(content_file(file.path).map(|f| f.path), Some(file.path));
            assert!(
                CONTENT_FILES[..index].iter().all(|f| f.path != file.path),
                "{} is listed twice",
                file.path
            );
        }
        assert_eq!(content_file("README.md"), None);
    }

    #[test]
    fn every_legal_page_has_its_file_under_policies() {
        for kind in PolicyKind::ALL {
            let file = kind.content_file();
            assert_eq!(file.schema, FileSchema::Policy);
            assert!(file.path.starts_with("policies/"), "{}", file.path);
        }
        assert_eq!(FileSchema::Policy.applies_to(), "policies/*.toml");
        assert_eq!(FileSchema::Products.applies_to(), "products.toml");
    }

    #[test]
    fn the_contract_table_has_a_row_per_schema_with_the_policies_together() {
        let table = files_table_markdown();
        assert!(table.contains("| `products.toml` | Products | the products |\n"));
        assert!(table.contains(
            "| `policies/{privacy,terms,shipping,payment}.toml` | Privacy policy, \
             Terms and conditions, Shipping policy, Payment policy | the legal pages |\n"
        ));
        assert_eq!(table.lines().count(), 2 + 12);
    }
}
