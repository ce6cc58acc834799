//! Lists the home page's sections for `src/model/home.rs`: each is one file of
//! `src/model/home/`, named `NN_key.rs`, where `NN` is its place in the default order
//! of home.toml's `sections` and `key` its table in home.toml. Its first `//!` lines
//! describe it (home.toml's JSON Schema shows them) and it implements
//! `HomeSectionKind` for its type. So adding a section is adding its file: nothing
//! else names it. (`tests.rs` there is the unit tests' own.)

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

const SECTIONS_DIR: &str = "src/model/home";
const KIND_TRAIT_IMPL: &str = "impl HomeSectionKind for ";

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let dir = Path::new(&manifest).join(SECTIONS_DIR);
    println!("cargo:rerun-if-changed=build.rs");
    // A directory: cargo reruns this when a file in it is added, removed or changed.
    println!("cargo:rerun-if-changed={SECTIONS_DIR}");
    let registry = registry(&section_files(&dir));
    std::fs::write(Path::new(&out).join("home_sections.rs"), registry)
        .expect("writing the home sections' registry");
}

/// The `.rs` files of `dir`, by name (so by their `NN_`), but `tests.rs` (the unit tests
/// of `model/home.rs`).
fn section_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|error| panic!("reading {}: {error}", dir.display()))
        .map(|entry| entry.expect("reading a home section's file").path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "rs"))
        .filter(|path| path.file_name().is_some_and(|name| name != "tests.rs"))
        .collect();
    files.sort();
    files
}

/// The module of every section, then the `home_sections!` invocation that lists them.
fn registry(files: &[PathBuf]) -> String {
    let mut modules = String::new();
    let mut entries = String::new();
    for path in files {
        let stem = path
            .file_stem()
            .and_then(|stem| stem.to_str())
            .unwrap_or_default();
        let key = match stem.split_once('_') {
            Some((place, key)) if place.bytes().all(|b| b.is_ascii_digit()) && !key.is_empty() => key,
            _ => panic!(
                "{}: a home section's file is named NN_key.rs (its place in the default order, then its table in home.toml), e.g. 08_awards.rs",
                path.display()
            ),
        };
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|error| panic!("reading {}: {error}", path.display()));
        let docs: Vec<&str> = text
            .lines()
            .map_while(|line| line.strip_prefix("//!"))
            .collect();
        if docs.is_empty() {
            panic!(
                "{}: a home section's file starts with `//!` lines that describe it",
                path.display()
            );
        }
        let section_type = text
            .split_once(KIND_TRAIT_IMPL)
            .map(|(_, rest)| {
                rest.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .next()
                    .unwrap_or_default()
            })
            .filter(|name| !name.is_empty())
            .unwrap_or_else(|| {
                panic!(
                    "{}: a home section's file holds `{KIND_TRAIT_IMPL}TheSection`",
                    path.display()
                )
            });
        let _ = writeln!(
            modules,
            "#[path = {:?}]\npub mod {key};",
            path.display().to_string()
        );
        for doc in docs {
            let _ = writeln!(entries, "    #[doc = {doc:?}]");
        }
        let _ = writeln!(
            entries,
            "    {key}: {variant} = {key}::{section_type},",
            variant = upper_camel(key)
        );
    }
    format!("{modules}\nhome_sections! {{\n{entries}}}\n")
}

/// `services_slider` → `ServicesSlider`.
fn upper_camel(key: &str) -> String {
    key.split('_')
        .map(|word| {
            let mut chars = word.chars();
            chars
                .next()
                .map(|first| first.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        })
        .collect()
}
