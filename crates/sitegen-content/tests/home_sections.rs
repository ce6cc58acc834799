//! A home-page section is one Rust type and one React component: its file in
//! `src/model/home/` (its table, checks and view; `build.rs` registers it) and its
//! component in `web/src/pages/home/sections/`, registered by its kind. No other code
//! names a section, so adding one touches those two files, and its content.

use std::fs;
use std::path::{Path, PathBuf};

use sitegen_content::HomeSection;

/// Where the sections' Rust files are, relative to the repository.
const RUST_SECTIONS: &str = "crates/sitegen-content/src/model/home";
/// Where the sections' components are: the first screen's, and the rest's (a chunk of its own).
const REACT_SECTIONS: [&str; 2] = [
    "web/src/pages/home/sections/first-screen",
    "web/src/pages/home/sections/below-the-fold",
];
/// The block routes' table (which home block each block route of `routes.rs` shows):
/// a route names its block there; a section needs no route.
const BLOCK_ROUTES: &str = "web/src/pages/home/HomeBlockPage.tsx";
/// The code that could name a section: the crates that load and view the content, and
/// the web app.
const CODE: [&str; 3] = [
    "crates/sitegen-content/src",
    "crates/sitegen-view/src",
    "web/src",
];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The code files under `dir`, but tests, test helpers and generated files.
fn code_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if !matches!(name.as_str(), "tests" | "__tests__" | "testing") {
                code_files(&path, found);
            }
        } else if [".rs", ".ts", ".tsx"].iter().any(|ext| name.ends_with(ext))
            && name != "tests.rs"
            && !name.contains(".gen.")
        {
            found.push(path);
        }
    }
}

/// Whether `text` names `kind` as a string (`'map'`, `"map"`) outside comments.
fn names(text: &str, kind: &str) -> bool {
    let quoted = [format!("'{kind}'"), format!("\"{kind}\"")];
    text.lines()
        .map(str::trim_start)
        .filter(|line| !line.starts_with("//") && !line.starts_with('*') && !line.starts_with("/*"))
        .any(|line| quoted.iter().any(|q| line.contains(q.as_str())))
}

#[test]
fn every_section_is_one_rust_file_and_one_react_file_and_named_nowhere_else() {
    let repo = repo();
    let mut files = Vec::new();
    for dir in CODE {
        code_files(&repo.join(dir), &mut files);
    }
    let texts: Vec<(String, String)> = files
        .iter()
        .map(|file| {
            let relative = file.strip_prefix(&repo).unwrap().display().to_string();
            (relative, fs::read_to_string(file).unwrap())
        })
        .collect();
    let rust_files: Vec<String> = fs::read_dir(repo.join(RUST_SECTIONS))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    for kind in HomeSection::names() {
        let rust: Vec<&String> = rust_files
            .iter()
            .filter(|name| {
                name.split_once('_').is_some_and(|(place, rest)| {
                    place.bytes().all(|b| b.is_ascii_digit()) && rest == format!("{kind}.rs")
                })
            })
            .collect();
        assert_eq!(
            rust.len(),
            1,
            "{kind}: one file NN_{kind}.rs in {RUST_SECTIONS}"
        );
        let naming: Vec<&str> = texts
            .iter()
            .filter(|(path, text)| path != BLOCK_ROUTES && names(text, kind))
            .map(|(path, _)| path.as_str())
            .collect();
        assert_eq!(naming.len(), 1, "{kind} is named by {naming:?}");
        let react = naming[0];
        assert!(
            REACT_SECTIONS.iter().any(|dir| react.starts_with(dir)),
            "{kind} is named by {react}, which is no section component"
        );
        let (_, text) = texts.iter().find(|(path, _)| path == react).unwrap();
        assert!(
            text.contains(&format!("defineHomeSection('{kind}'")),
            "{react} registers {kind}"
        );
    }
}

#[test]
fn a_section_is_found_named_as_a_string_not_in_a_comment() {
    assert!(names("const a = 'map';", "map"));
    assert!(names("x(\"map\")", "map"));
    assert!(!names("// the 'map' section", "map"));
    assert!(!names(" * `'map'` is", "map"));
    assert!(!names("const mapper = 'maps';", "map"));
}
