//! `sitegen-content` reads the site's content directory (`content/`: TOML files and
//! media), checks it against the data contract (`docs/data-contract.md` §1) and
//! hands out typed [`Content`].
//!
//! What it is for:
//! - loading every content file with positions, reporting **every** problem of a run
//!   at once as a [`Diagnostic`] (`PATH:LINE:COL: error[CODE]: MESSAGE`, the offending line,
//!   a caret, a hint), each rule a variant of the [`ErrorCode`] catalogue;
//! - checking media files (existence, format, dimensions) and naming their hashed
//!   output files ([`MediaIndex`]);
//! - declaring every content file once ([`CONTENT_FILES`]: path, title, tables,
//!   schema) and exporting their JSON Schemas for editors ([`schemas`]);
//! - declaring every route once ([`ROUTES`]): the content's link checks, the
//!   renderer's plan and the web app's generated route files all read it;
//! - the home page's sections, each one type in one file of `src/model/home/` with its
//!   table, its checks and its view ([`HomeSectionKind`]), so that adding a section
//!   touches that file and its React component only: these views live here, beside their
//!   tables, and `sitegen-view` hands them on with the media of the build.
//!
//! [`load`] reads every file (`load.rs`), runs the rules across files (`check/`), then
//! assembles [`Content`]; `check` never loads and `load` never checks.
//!
//! What it is not for: the JSON views handed to React and their TypeScript types
//! (`sitegen-view`; the home sections' aside), expanding routes into pages, writing files, prerendering, serving
//! or command-line handling (those live in `sitegen-render`, `sitegen-serve` and the
//! `sitegen` binary). It never writes anything and never interprets markup: text is
//! plain text, and React escapes it.
//!
//! ```no_run
//! let report = sitegen_content::load(std::path::Path::new("content"));
//! for diagnostic in &report.diagnostics {
//!     eprintln!("{diagnostic}");
//! }
//! if let Some(content) = &report.content {
//!     println!("{} products", content.products.len());
//! }
//! ```

#![warn(missing_docs)]

mod check;
mod content;
mod de;
mod editorial;
pub mod files;
mod load;
mod media;
pub mod model;
mod parse;
mod raw;
mod reread;
pub mod routes;
mod schema;
pub mod search_words;
pub mod testing;
mod values;
pub mod views;

use std::path::Path;

pub use check::{fill_placeholders, limits, PLACEHOLDERS};
pub use content::{Content, SiteWide, DEFAULT_PAGE_SIZE};
pub use de::{List, Located, Number};
// The content reports through the diagnostics at the bottom of the workspace; they
// are re-exported so that a user of the content names one crate.
pub use editorial::DraftCount;
pub use files::{ContentFile, FileSchema, CONTENT_FILES};
pub use load::{DiskStamps, LoadOptions, LoadReport, ReadMemory};
pub use media::{
    human_size, media_url, short_hash, unsafe_svg_content, MediaFile, MediaIndex, MediaVariant,
    MAX_DOCUMENT_BYTES, MAX_IMAGE_SIDE,
};
pub use model::{
    About, Category, Certificate, Home, HomePageView, HomeSection, HomeSectionKind, HomeView,
    NavEntry, Navigation, PageMeta, Policies, Policy, PolicyKind, Product, Registration,
    SectionViews, ServiceEntry, Site, Specification, SynonymRule, Synonyms, Timeline,
};
pub use routes::{category_path, percent_decode, Breadcrumb, DataKind, Route, RouteKind, ROUTES};
pub use schema::{schema_files, schema_for, schemas};
pub use sitegen_diagnostics::did_you_mean;
pub use sitegen_diagnostics::{
    display_path, paint_severity, sort as sort_diagnostics, Diagnostic, ErrorCode, Location,
    Severity, Span,
};
pub use values::{
    absolute_url, link_problem, media_origin_problem, parse_media_origin, Brochure, Email,
    GeneratedMenu, HttpUrl, LinkUrl, MediaRef, Phone, Prose, RegistrationType, SocialKind, Text,
};

/// Loads and checks the content directory `content_dir` (e.g. `content/`).
///
/// Every file of data-contract §1 is read; all problems of all files are reported
/// (sorted by path, line and column). `content` is `Some` exactly when no
/// diagnostic is an error.
pub fn load(content_dir: &Path) -> LoadReport {
    load_with(content_dir, &LoadOptions::default())
}

/// [`load`] with `options`.
pub fn load_with(content_dir: &Path, options: &LoadOptions) -> LoadReport {
    load_with_texts(content_dir, options, &[])
}

/// [`load_with`] as if each content file of `texts` (a path relative to
/// `content_dir`, e.g. `products.toml`, and its text) held that text: how a change is
/// checked before it is written.
pub fn load_with_texts(
    content_dir: &Path,
    options: &LoadOptions,
    texts: &[(&str, &str)],
) -> LoadReport {
    load_reading(content_dir, options, texts, None).0
}

/// [`load_with_texts`] from what the last load kept of the files it read (a default
/// [`ReadMemory`] for the first), with what the next load may keep: a builder of many
/// builds (`sitegen serve`), or the editor checking its saves, parses again only what
/// an edit changed. The report is the one [`load_with_texts`] gives.
pub fn load_again(
    content_dir: &Path,
    options: &LoadOptions,
    texts: &[(&str, &str)],
    last: ReadMemory,
) -> (LoadReport, ReadMemory) {
    let (report, memory) = load_reading(content_dir, options, texts, Some(last));
    (report, memory.unwrap_or_default())
}

fn load_reading(
    content_dir: &Path,
    options: &LoadOptions,
    texts: &[(&str, &str)],
    last: Option<ReadMemory>,
) -> (LoadReport, Option<ReadMemory>) {
    // Read every file, run the rules across files, then assemble: `check` reads what
    // `load` read and `load` never calls `check`, so neither module depends on the other.
    match load::read(content_dir, options, texts, last) {
        Ok(mut read) => {
            check::run(&read.loaded, &mut read.diagnostics);
            let memory = read.memory.take();
            (load::assemble(content_dir, read), memory)
        }
        Err(missing_dir) => {
            let report = LoadReport {
                content: None,
                diagnostics: vec![*missing_dir],
            };
            (report, None)
        }
    }
}

#[cfg(test)]
pub(crate) mod test_support {
    //! Loading the valid fixture site with small edits, for the unit tests.

    use std::path::PathBuf;

    use crate::{load, ErrorCode, LoadReport};

    /// The valid fixture site's content directory.
    pub fn valid_content() -> PathBuf {
        crate::testing::valid_content_dir()
    }

    /// A copy of the valid site in a temporary `content/` directory.
    pub fn valid_copy() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let content = dir.path().join("content");
        crate::testing::copy_dir(&valid_content(), &content);
        (dir, content)
    }

    /// Loads the valid site after replacing, in each `(file, from, to)`, the first
    /// `from` by `to` (`from` must occur).
    pub fn load_edited(edits: &[(&str, &str, &str)]) -> LoadReport {
        let (_dir, content) = valid_copy();
        crate::testing::edit_files(&content, edits);
        load(&content)
    }

    /// The codes of a report's diagnostics, in order.
    pub fn codes(report: &LoadReport) -> Vec<ErrorCode> {
        report.diagnostics.iter().map(|d| d.code).collect()
    }

    /// Asserts the report has exactly the one diagnostic `code` with `message`,
    /// and returns it displayed.
    pub fn single(report: &LoadReport, code: ErrorCode, message: &str) -> String {
        let all: Vec<String> = report.diagnostics.iter().map(|d| d.to_string()).collect();
        assert_eq!(codes(report), vec![code], "{}", all.join("\n"));
        assert_eq!(report.diagnostics[0].message, message);
        assert_eq!(report.content.is_some(), report.errors() == 0);
        all[0].clone()
    }
}
