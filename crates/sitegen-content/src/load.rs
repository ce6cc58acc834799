//! Reading the content directory: every file, every problem, then the checks
//! across entries and files.

use std::collections::HashMap;
use std::path::Path;

use toml::de::{DeTable, DeValue};

use crate::check;
use crate::codes::{ErrorCode, Severity};
use crate::de::{lookup, Cx, FromToml};
use crate::diagnostic::{display_path, Diagnostic, SourceFile};
use crate::media::MediaCache;
use crate::model::{
    About, CatalogueFile, CertificatesFile, Home, Navigation, PagesFile, Policies, Policy,
    PolicyKind, ProductsFile, ServicesFile, Site, Timeline,
};
use crate::{Content, LoadReport};

/// One content file after reading: its text (when readable), its typed value (when
/// it loaded without problems in its own fields) and what the checks across files
/// need to know of it even when parts failed to load.
pub(crate) struct FileLoad<T, R = ()> {
    pub file: Option<SourceFile>,
    pub value: Option<T>,
    /// `None` when the file is missing or not valid TOML.
    pub raw: Option<R>,
}

/// The ids and names written in catalogue.toml, including entries that failed to
/// load, so that references to them are not reported twice.
#[derive(Default)]
pub(crate) struct RawCatalogue {
    pub ids: Vec<String>,
}

/// Every file of the content directory, as read.
pub(crate) struct Loaded {
    pub site: FileLoad<Site>,
    pub navigation: FileLoad<Navigation>,
    pub catalogue: FileLoad<CatalogueFile, RawCatalogue>,
    pub products: FileLoad<ProductsFile, Vec<String>>,
    pub services: FileLoad<ServicesFile, Vec<String>>,
    pub home: FileLoad<Home>,
    pub about: FileLoad<About>,
    pub certificates: FileLoad<CertificatesFile>,
    pub policies: Vec<(PolicyKind, FileLoad<Policy>)>,
    pub timeline: FileLoad<Timeline>,
    pub pages: FileLoad<PagesFile>,
}

struct Loader<'a> {
    content_dir: &'a Path,
    diagnostics: Vec<Diagnostic>,
    media: MediaCache,
}

impl Loader<'_> {
    fn file<T: FromToml, R>(
        &mut self,
        relative: &str,
        raw: impl FnOnce(&DeTable<'_>) -> R,
    ) -> FileLoad<T, R> {
        let shown = display_path(self.content_dir, relative);
        let text = match std::fs::read(self.content_dir.join(relative)) {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => text,
                Err(_) => {
                    self.diagnostics.push(Diagnostic::file(
                        shown,
                        ErrorCode::FileUnreadable,
                        "content file is not UTF-8 text",
                        Some("save the file as UTF-8".into()),
                    ));
                    return FileLoad {
                        file: None,
                        value: None,
                        raw: None,
                    };
                }
            },
            Err(error) => {
                let message = if error.kind() == std::io::ErrorKind::NotFound {
                    "content file not found".to_string()
                } else {
                    format!("content file cannot be read: {error}")
                };
                self.diagnostics.push(Diagnostic::file(
                    shown,
                    ErrorCode::FileUnreadable,
                    message,
                    Some(ErrorCode::FileUnreadable.hint().into()),
                ));
                return FileLoad {
                    file: None,
                    value: None,
                    raw: None,
                };
            }
        };
        let file = SourceFile::new(shown, text);
        let (root, errors) = DeTable::parse_recoverable(&file.text);
        // Recovery after a syntax error yields follow-on errors and a guessed tree:
        // report the first error only and leave the file's values out.
        if let Some(first) = errors
            .iter()
            .min_by_key(|e| e.span().map_or(0, |s| s.start))
        {
            let span = first.span().unwrap_or(0..0);
            let message = first.message().lines().next().unwrap_or("invalid TOML");
            self.diagnostics.push(Diagnostic::at(
                &file,
                &span,
                ErrorCode::TomlSyntax,
                format!("TOML syntax error: {message}"),
                None,
            ));
            return FileLoad {
                file: Some(file),
                value: None,
                raw: None,
            };
        }
        let root_span = root.span();
        let table = root.into_inner();
        let raw = raw(&table);
        let root_value = DeValue::Table(table);
        let value = {
            let mut cx = Cx::new(&file, &mut self.diagnostics, &mut self.media);
            T::from_toml(&root_value, &root_span, &mut cx)
        };
        FileLoad {
            file: Some(file),
            value,
            raw: Some(raw),
        }
    }
}

/// The string (or integer) values of `field` in each table of the array `array` of `root`.
fn raw_strings(root: &DeTable<'_>, array: &str, field: &str) -> Vec<String> {
    let Some(items) = lookup(root, array) else {
        return Vec::new();
    };
    let DeValue::Array(items) = items.get_ref() else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|item| match item.get_ref() {
            DeValue::Table(table) => lookup(table, field),
            _ => None,
        })
        .filter_map(|value| match value.get_ref() {
            DeValue::String(s) => Some(s.to_string()),
            DeValue::Integer(i) => Some(i.to_string()),
            _ => None,
        })
        .collect()
}

/// Loads and checks the content directory (see [`crate::load`]).
pub(crate) fn load(content_dir: &Path) -> LoadReport {
    if !content_dir.is_dir() {
        // One problem, not one per missing file.
        let shown = content_dir
            .file_name()
            .map_or_else(|| content_dir.to_path_buf(), std::path::PathBuf::from);
        return LoadReport {
            content: None,
            diagnostics: vec![Diagnostic::file(
                shown,
                ErrorCode::FileUnreadable,
                "content directory not found",
                Some("pass the directory that holds site.toml (default: content/)".into()),
            )],
        };
    }
    let mut loader = Loader {
        content_dir,
        diagnostics: Vec::new(),
        media: MediaCache::new(content_dir),
    };
    let site = loader.file("site.toml", |_| ());
    let navigation = loader.file("navigation.toml", |_| ());
    let catalogue = loader.file("catalogue.toml", |root| RawCatalogue {
        ids: raw_strings(root, "category", "id"),
    });
    let products = loader.file("products.toml", |root| raw_strings(root, "product", "id"));
    let services = loader.file("services.toml", |root| raw_strings(root, "service", "id"));
    let home = loader.file("home.toml", |_| ());
    let about = loader.file("about.toml", |_| ());
    let certificates = loader.file("certificates.toml", |_| ());
    let policies = PolicyKind::ALL
        .iter()
        .map(|kind| {
            let relative = format!("policies/{}.toml", kind.file_stem());
            (*kind, loader.file(&relative, |_| ()))
        })
        .collect();
    let timeline = loader.file("timeline.toml", |_| ());
    let pages = loader.file("pages.toml", |_| ());
    let loaded = Loaded {
        site,
        navigation,
        catalogue,
        products,
        services,
        home,
        about,
        certificates,
        policies,
        timeline,
        pages,
    };
    let mut diagnostics = loader.diagnostics;
    check::run(&loaded, &mut diagnostics);
    diagnostics.sort_by(|a, b| {
        (&a.path, a.line, a.column, a.code).cmp(&(&b.path, b.line, b.column, b.code))
    });
    diagnostics.dedup();

    let has_errors = diagnostics.iter().any(|d| d.severity == Severity::Error);
    let content = if has_errors {
        None
    } else {
        assemble(content_dir, loaded, loader.media)
    };
    if content.is_none() && !has_errors {
        // Unreachable by construction: every absent value was reported as an error.
        diagnostics.push(Diagnostic::file(
            display_path(content_dir, ""),
            ErrorCode::FileUnreadable,
            "content is incomplete",
            None,
        ));
    }
    LoadReport {
        content,
        diagnostics,
    }
}

fn assemble(content_dir: &Path, loaded: Loaded, media: MediaCache) -> Option<Content> {
    let mut policies: HashMap<PolicyKind, Policy> = loaded
        .policies
        .into_iter()
        .filter_map(|(kind, load)| load.value.map(|policy| (kind, policy)))
        .collect();
    let certificates = loaded.certificates.value?;
    Some(Content {
        root: content_dir.to_path_buf(),
        site: loaded.site.value?,
        navigation: loaded.navigation.value?,
        categories: loaded.catalogue.value?.category.0,
        products: loaded.products.value?.product.0,
        services: loaded.services.value?.service.0,
        home: loaded.home.value?,
        about: loaded.about.value?,
        certificates: certificates.certificate.0,
        registrations: certificates.registration.0,
        policies: Policies {
            privacy: policies.remove(&PolicyKind::Privacy)?,
            terms: policies.remove(&PolicyKind::Terms)?,
            shipping: policies.remove(&PolicyKind::Shipping)?,
            payment: policies.remove(&PolicyKind::Payment)?,
        },
        timeline: loaded.timeline.value?,
        pages: loaded.pages.value?.page.0,
        media: media.into_index(),
    })
}

#[cfg(test)]
mod tests {
    use crate::codes::ErrorCode;
    use crate::test_support::{codes, load_edited, single, valid_copy};

    #[test]
    fn toml_syntax() {
        let report = load_edited(&[(
            "products.toml",
            "title = \"Slit Lamp\"",
            "title = \"Slit Lamp",
        )]);
        let shown = single(
            &report,
            ErrorCode::TomlSyntax,
            "TOML syntax error: invalid basic string, expected `\"`",
        );
        assert!(shown.starts_with("content/products.toml:32:"), "{shown}");
    }

    #[test]
    fn a_syntax_error_in_one_file_does_not_hide_errors_in_others() {
        let report = load_edited(&[
            ("home.toml", "[map]", "[map"),
            (
                "products.toml",
                "category = \"radiology\"",
                "category = \"radiologi\"",
            ),
            ("site.toml", "founded = 2002", "founded = \"2002\""),
        ]);
        assert_eq!(
            codes(&report),
            vec![
                ErrorCode::TomlSyntax,
                ErrorCode::UnknownCategory,
                ErrorCode::WrongType
            ]
        );
        assert!(report.content.is_none());
    }

    #[test]
    fn a_missing_content_directory_is_one_problem() {
        let dir = tempfile::tempdir().unwrap();
        let report = crate::load(&dir.path().join("content"));
        let lines: Vec<String> = report.diagnostics.iter().map(|d| d.headline()).collect();
        assert_eq!(
            lines,
            vec!["content:1:1: error: content directory not found"]
        );
    }

    #[test]
    fn a_byte_order_mark_is_accepted() {
        let (_dir, content) = valid_copy();
        let text = std::fs::read_to_string(content.join("pages.toml")).unwrap();
        std::fs::write(content.join("pages.toml"), format!("\u{feff}{text}")).unwrap();
        let report = crate::load(&content);
        assert!(report.diagnostics.is_empty() && report.content.is_some());
    }

    #[test]
    fn file_unreadable() {
        let (_dir, content) = valid_copy();
        std::fs::remove_file(content.join("timeline.toml")).unwrap();
        std::fs::write(content.join("pages.toml"), [0xff, 0xfe, 0x00]).unwrap();
        let report = crate::load(&content);
        let lines: Vec<String> = report.diagnostics.iter().map(|d| d.headline()).collect();
        assert_eq!(
            lines,
            vec![
                "content/pages.toml:1:1: error: content file is not UTF-8 text",
                "content/timeline.toml:1:1: error: content file not found",
            ]
        );
    }
}
