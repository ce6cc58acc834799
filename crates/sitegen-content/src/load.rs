//! Reading the content directory: every file, every problem, then the checks
//! across entries and files.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use toml::de::{DeTable, DeValue};

use crate::content::{Content, SiteWide};
use crate::de::{Cx, FromToml, List};
use crate::files;
use crate::media::{MediaCache, MediaMemory, Stamp};
use crate::model::{
    About, CatalogueFile, CertificatesFile, Home, Navigation, PagesFile, Policies, Policy,
    PolicyKind, Product, ProductsFile, ServicesFile, Site, Synonyms, Timeline,
};
use crate::raw::{
    raw_entries, raw_navigation, raw_products, raw_strings, RawCertificates, RawEntry, RawProduct,
    RawRefs,
};
use crate::reread::{ProductsMemory, ReadProducts};
use sitegen_diagnostics::{display_path, Diagnostic, SourceFile};
use sitegen_diagnostics::{ErrorCode, Severity};

/// One content file after reading: its text (when readable), its typed value (when
/// it loaded without problems in its own fields) and what the checks across files
/// need to know of it even when parts failed to load.
pub(crate) struct FileLoad<T, R = ()> {
    pub file: Option<SourceFile>,
    pub value: Option<T>,
    /// `None` when the file is missing or not valid TOML.
    pub raw: Option<R>,
}

/// Every file of the content directory, as read.
pub(crate) struct Loaded {
    pub site: FileLoad<Site>,
    pub navigation: FileLoad<Navigation, RawRefs>,
    pub catalogue: FileLoad<CatalogueFile, Vec<RawEntry>>,
    pub products: FileLoad<ProductsFile, Vec<RawProduct>>,
    pub services: FileLoad<ServicesFile, Vec<RawEntry>>,
    pub home: FileLoad<Home, RawRefs>,
    pub about: FileLoad<About>,
    pub certificates: FileLoad<CertificatesFile, RawCertificates>,
    pub policies: Vec<(PolicyKind, FileLoad<Policy>)>,
    pub timeline: FileLoad<Timeline>,
    pub pages: FileLoad<PagesFile>,
    /// Absent (`file` is `None`) when the content has no synonyms.toml.
    pub synonyms: FileLoad<Synonyms>,
}

struct Loader<'a> {
    content_dir: &'a Path,
    /// Files read from these texts instead of the disk (see [`crate::load_with_texts`]).
    texts: &'a [(&'a str, &'a str)],
    diagnostics: Vec<Diagnostic>,
    media: MediaCache,
    /// Each content file read from disk, with its stamp as it was read (`None` when it
    /// was absent).
    read_from_disk: Vec<(String, Option<Stamp>)>,
}

impl Loader<'_> {
    /// [`Loader::file`] for a file the content may leave out: its absence is no problem.
    fn optional_file<T: FromToml>(&mut self, relative: &str) -> FileLoad<T> {
        let given = self.texts.iter().any(|(path, _)| *path == relative);
        if !given && !self.content_dir.join(relative).exists() {
            self.read_from_disk.push((relative.to_string(), None));
            return FileLoad {
                file: None,
                value: None,
                raw: None,
            };
        }
        self.file(relative, |_| ())
    }

    fn file<T: FromToml, R>(
        &mut self,
        relative: &str,
        raw: impl FnOnce(&DeTable<'_>) -> R,
    ) -> FileLoad<T, R> {
        match self.source(relative) {
            Some(file) => self.parsed(file, raw),
            None => FileLoad {
                file: None,
                value: None,
                raw: None,
            },
        }
    }

    /// products.toml, read again from `last` (see [`crate::reread`]) when it has one
    /// and that can be done, else whole; with what to keep for the next load when
    /// `keep` and every product loaded without a problem.
    fn products(
        &mut self,
        last: Option<ProductsMemory>,
        keep: bool,
    ) -> (
        FileLoad<ProductsFile, Vec<RawProduct>>,
        Option<ProductsMemory>,
    ) {
        let Some(file) = self.source(files::PRODUCTS.path) else {
            let unread = FileLoad {
                file: None,
                value: None,
                raw: None,
            };
            return (unread, None);
        };
        let again = last.and_then(|last| {
            let mut cx = Cx::new(&file, &mut self.diagnostics, &mut self.media);
            last.read_again(&file, &mut cx)
        });
        let reported = self.diagnostics.len();
        let (read, file) = match again {
            Some(read) => (read, file),
            None => {
                #[cfg(test)]
                crate::reread::tests::note_whole_parse();
                let load = self.parsed(file, raw_products);
                if !keep || self.diagnostics.len() != reported {
                    return (load, None);
                }
                let (file, value, raw) = match load {
                    FileLoad {
                        file: Some(file),
                        value: Some(value),
                        raw: Some(raw),
                    } => (file, value, raw),
                    load => return (load, None),
                };
                match ReadProducts::of_whole(&file.text, value.product.0, raw) {
                    Ok(read) => (read, file),
                    Err((products, raw)) => return (products_load(file, products, raw), None),
                }
            }
        };
        let memory = keep.then(|| read.keep(&file.text));
        (products_load(file, read.products, read.raw), memory)
    }

    /// The text of the content file `relative`, or `None` when it cannot be read
    /// (the problem reported).
    fn source(&mut self, relative: &str) -> Option<SourceFile> {
        let shown = display_path(self.content_dir, relative);
        let given = self.texts.iter().find(|(path, _)| *path == relative);
        let read = match given {
            Some((_, text)) => Ok(text.as_bytes().to_vec()),
            None => {
                let path = self.content_dir.join(relative);
                // Stamped before it is read: a file changed meanwhile has another stamp.
                self.read_from_disk
                    .push((relative.to_string(), Stamp::of(&path)));
                std::fs::read(path)
            }
        };
        let text = match read {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => text,
                Err(error) => {
                    self.diagnostics.push(not_utf8(shown, error));
                    return None;
                }
            },
            Err(error) => {
                let message = if error.kind() == std::io::ErrorKind::NotFound {
                    "content file not found".to_string()
                } else {
                    format!("content file cannot be read: {error}")
                };
                self.diagnostics
                    .push(Diagnostic::file(shown, ErrorCode::FileUnreadable, message));
                return None;
            }
        };
        Some(SourceFile::new(shown, text))
    }

    /// The file's typed value, parsed whole, with what `raw` finds in its tables.
    fn parsed<T: FromToml, R>(
        &mut self,
        file: SourceFile,
        raw: impl FnOnce(&DeTable<'_>) -> R,
    ) -> FileLoad<T, R> {
        let mut scratch = String::new();
        let (root, errors) = crate::parse::document(&file.text, &mut scratch);
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

/// Reads `text` as the content file `relative` of `content_dir` into a `T`, as a load
/// reads each file: for the tests of types of their own (a test-only home section).
#[cfg(test)]
pub(crate) fn load_file<T: FromToml, R>(
    content_dir: &Path,
    relative: &str,
    text: &str,
    raw: impl FnOnce(&DeTable<'_>) -> R,
) -> (FileLoad<T, R>, Vec<Diagnostic>) {
    let texts = [(relative, text)];
    let mut loader = Loader {
        content_dir,
        texts: &texts,
        diagnostics: Vec::new(),
        media: MediaCache::new(content_dir, crate::media::MAX_IMAGE_SIDE),
        read_from_disk: Vec::new(),
    };
    let load = loader.file(relative, raw);
    (load, loader.diagnostics)
}

/// products.toml read from `file`: its products, all loaded, and as written.
fn products_load(
    file: SourceFile,
    products: Vec<Product>,
    raw: Vec<RawProduct>,
) -> FileLoad<ProductsFile, Vec<RawProduct>> {
    FileLoad {
        file: Some(file),
        value: Some(ProductsFile {
            product: List(products),
        }),
        raw: Some(raw),
    }
}

/// The problem of a file that is not UTF-8, at the line and column of its first
/// bad byte (the text before it is valid, so positions there are exact).
fn not_utf8(shown: std::path::PathBuf, error: std::string::FromUtf8Error) -> Diagnostic {
    let bad = error.utf8_error().valid_up_to();
    let byte = error.as_bytes().get(bad).copied().unwrap_or(0);
    // Lossy decoding keeps every byte before `bad` and puts U+FFFD at `bad`.
    let file = SourceFile::new(
        shown,
        String::from_utf8_lossy(error.as_bytes()).into_owned(),
    );
    Diagnostic::at(
        &file,
        &(bad..bad + '\u{fffd}'.len_utf8()),
        ErrorCode::FileNotUtf8,
        format!("content file is not UTF-8 text: invalid byte 0x{byte:02X}"),
        None,
    )
}

/// What a load may be told (the command line reads them from its flags and the
/// environment).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoadOptions {
    /// The longest side an image may have, in pixels (see [`crate::MAX_IMAGE_SIDE`]).
    pub max_image_side: u32,
}

impl Default for LoadOptions {
    fn default() -> Self {
        Self {
            max_image_side: crate::media::MAX_IMAGE_SIDE,
        }
    }
}

/// What [`crate::load`] found: the content (when there is no error) and every diagnostic.
#[derive(Debug, Clone)]
pub struct LoadReport {
    /// The checked content; `Some` iff no diagnostic has error severity.
    pub content: Option<Content>,
    /// Every problem found, errors and warnings, sorted by path and position.
    pub diagnostics: Vec<Diagnostic>,
}

impl LoadReport {
    /// How many diagnostics are errors.
    pub fn errors(&self) -> usize {
        self.count(Severity::Error)
    }

    /// How many diagnostics are warnings.
    pub fn warnings(&self) -> usize {
        self.count(Severity::Warning)
    }

    fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }
}

/// What a load keeps of the files it read, to read them again faster after an edit
/// (for a builder of many builds, `sitegen serve`): the products of the last clean
/// products.toml (see [`crate::load_again`]).
#[derive(Default)]
pub struct ReadMemory {
    products: Option<ProductsMemory>,
    /// The images and videos read, with the stamps of their files then.
    media: MediaMemory,
    /// The content files read from disk, with their stamps then.
    read_from_disk: Vec<(String, Option<Stamp>)>,
}

impl ReadMemory {
    /// The stamps of the files of `content_dir` the load read from disk: its content
    /// files (not those given as texts) and the media files it read.
    pub fn disk_stamps(&self, content_dir: &Path) -> DiskStamps {
        let content_files = self
            .read_from_disk
            .iter()
            .map(|(path, stamp)| (path.as_str(), stamp.clone()));
        let media = self
            .media
            .stamps()
            .map(|(path, stamp)| (path, Some(stamp.clone())));
        DiskStamps(
            content_files
                .chain(media)
                .map(|(path, stamp)| (content_dir.join(path), stamp))
                .collect(),
        )
    }
}

/// Files with their size and modification time as a load read them (see
/// [`ReadMemory::disk_stamps`]).
#[derive(Debug, Clone, Default)]
pub struct DiskStamps(Vec<(PathBuf, Option<Stamp>)>);

impl DiskStamps {
    /// Whether every file has its stamp still (an absent one is still absent): then
    /// the disk holds what the load read.
    pub fn unchanged(&self) -> bool {
        self.0.iter().all(|(path, stamp)| Stamp::of(path) == *stamp)
    }
}

/// The content files as read, with the problems reading found, before the rules
/// across files run (see [`crate::load`]: read, then check, then assemble).
pub(crate) struct Read {
    pub loaded: Loaded,
    pub diagnostics: Vec<Diagnostic>,
    media: MediaCache,
    /// What to keep for the next load, when the last was given.
    pub memory: Option<ReadMemory>,
}

/// Reads every file of the content directory, from what the last load kept of them
/// when `last` is given (and then keeping what the next may use). `Err` is the one
/// problem when the directory itself is missing (not one per file).
pub(crate) fn read(
    content_dir: &Path,
    options: &LoadOptions,
    texts: &[(&str, &str)],
    last: Option<ReadMemory>,
) -> Result<Read, Box<Diagnostic>> {
    if !content_dir.is_dir() {
        // One problem, not one per missing file; the full path says where sitegen looked.
        let absolute = std::path::absolute(content_dir).unwrap_or_else(|_| content_dir.into());
        let what = if content_dir.exists() {
            "content directory is not a directory"
        } else {
            "content directory not found"
        };
        return Err(Box::new(Diagnostic::file(
            std::path::PathBuf::new(),
            ErrorCode::ContentDirMissing,
            format!("{what}: {}", absolute.display()),
        )));
    }
    let keep = last.is_some();
    let (last_products, last_media) = match last {
        Some(ReadMemory {
            products, media, ..
        }) => (products, media),
        None => (None, MediaMemory::default()),
    };
    let mut loader = Loader {
        content_dir,
        texts,
        diagnostics: Vec::new(),
        media: MediaCache::new(content_dir, options.max_image_side).remembering(last_media),
        read_from_disk: Vec::new(),
    };
    let site = loader.file(files::SITE.path, |_| ());
    let navigation = loader.file(files::NAVIGATION.path, raw_navigation);
    let catalogue = loader.file(files::CATALOGUE.path, |root| {
        raw_entries(root, files::CATALOGUE.entry_table(), "name")
    });
    let (products, kept_products) = loader.products(last_products, keep);
    let services = loader.file(files::SERVICES.path, |root| {
        raw_entries(root, files::SERVICES.entry_table(), "title")
    });
    let home = loader.file(files::HOME.path, Home::references);
    let about = loader.file(files::ABOUT.path, |_| ());
    let certificates = loader.file(files::CERTIFICATES.path, |root| {
        let [certificate, registration] = files::CERTIFICATES.tables else {
            unreachable!("certificates.toml declares its two tables")
        };
        RawCertificates {
            certificates: raw_strings(root, certificate, "id"),
            registrations: raw_strings(root, registration, "id"),
        }
    });
    let policies = PolicyKind::ALL
        .iter()
        .map(|kind| (*kind, loader.file(kind.content_file().path, |_| ())))
        .collect();
    let timeline = loader.file(files::TIMELINE.path, |_| ());
    let pages = loader.file(files::PAGES.path, |_| ());
    let synonyms = loader.optional_file(files::SYNONYMS.path);
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
        synonyms,
    };
    Ok(Read {
        loaded,
        diagnostics: loader.diagnostics,
        memory: keep.then(|| ReadMemory {
            products: kept_products,
            media: loader.media.memory(),
            read_from_disk: std::mem::take(&mut loader.read_from_disk),
        }),
        media: loader.media,
    })
}

/// The report of what was read and checked: every problem in file order, and the
/// content when none is an error.
pub(crate) fn assemble(content_dir: &Path, read: Read) -> LoadReport {
    let Read {
        loaded,
        mut diagnostics,
        media,
        memory: _,
    } = read;
    sitegen_diagnostics::sort(&mut diagnostics);
    diagnostics.dedup();

    let has_errors = diagnostics.iter().any(|d| d.severity == Severity::Error);
    let content = if has_errors {
        None
    } else {
        build_content(content_dir, loaded, media)
    };
    if content.is_none() && !has_errors {
        // Unreachable by construction: every absent value was reported as an error.
        diagnostics.push(Diagnostic::file(
            display_path(content_dir, ""),
            ErrorCode::FileUnreadable,
            "content is incomplete",
        ));
    }
    LoadReport {
        content,
        diagnostics,
    }
}

fn build_content(content_dir: &Path, loaded: Loaded, media: MediaCache) -> Option<Content> {
    let mut policies: HashMap<PolicyKind, Policy> = loaded
        .policies
        .into_iter()
        .filter_map(|(kind, load)| load.value.map(|policy| (kind, policy)))
        .collect();
    let certificates = loaded.certificates.value?;
    let catalogue = loaded.catalogue.value?;
    // A page_size of 0 is reported by the checks, which keep this from being built.
    let page_size = catalogue
        .page_size
        .map_or(crate::DEFAULT_PAGE_SIZE, |size| size.value as usize);
    let products = loaded.products.value?.product.0;
    Some(Content {
        site_wide: SiteWide {
            root: content_dir.to_path_buf(),
            site: loaded.site.value?,
            navigation: loaded.navigation.value?,
            categories: catalogue.category.0,
            page_size: std::num::NonZeroUsize::new(page_size)?,
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
            synonyms: loaded.synonyms.value.unwrap_or_default(),
            media: media.into_index(),
        },
        products,
    })
}

#[cfg(test)]
mod tests {
    use crate::test_support::{codes, load_edited, single, valid_copy};
    use sitegen_diagnostics::ErrorCode;

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
        let absolute = dir.path().join("content");
        assert!(absolute.is_absolute());
        assert_eq!(
            lines,
            vec![format!(
                "error[E0004]: content directory not found: {}",
                absolute.display()
            )]
        );
        let relative = crate::load(std::path::Path::new("no-such-content-dir"));
        let expected = std::env::current_dir().unwrap().join("no-such-content-dir");
        assert_eq!(
            relative.diagnostics[0].message,
            format!("content directory not found: {}", expected.display())
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
                "content/pages.toml:1:1: error[E0003]: content file is not UTF-8 text: invalid byte 0xFF",
                "content/timeline.toml: error[E0002]: content file not found",
            ]
        );
    }

    #[test]
    fn invalid_utf8_is_reported_at_its_line_and_column() {
        let (_dir, content) = valid_copy();
        let path = content.join("products.toml");
        let text = std::fs::read_to_string(&path).unwrap();
        let at = text.find("Slit Lamp").unwrap() + "Slit ".len();
        let mut bytes = text.into_bytes();
        bytes[at] = 0xe9; // "é" in Latin-1, as an editor saving in the wrong encoding writes it
        std::fs::write(&path, &bytes).unwrap();
        let line = bytes[..at].iter().filter(|b| **b == b'\n').count() + 1;
        let column = at - bytes[..at].iter().rposition(|b| *b == b'\n').unwrap();
        let report = crate::load(&content);
        let shown = single(
            &report,
            ErrorCode::FileNotUtf8,
            "content file is not UTF-8 text: invalid byte 0xE9",
        );
        assert!(
            shown.starts_with(&format!("content/products.toml:{line}:{column}: ")),
            "{shown}"
        );
        assert!(shown.contains("title = \"Slit \u{fffd}amp\"\n"), "{shown}");
        assert_eq!(report.diagnostics[0].caret_offset, column - 1);
    }
}
