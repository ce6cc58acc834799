//! `docs/architecture.md` says which crate depends on which; the Cargo manifests decide.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

type Dependencies = BTreeMap<String, BTreeSet<String>>;

/// The workspace's crates, each with the workspace crates among its `[dependencies]`.
fn from_manifests(repo: &Path) -> Dependencies {
    let mut crates = Dependencies::new();
    for entry in fs::read_dir(repo.join("crates")).unwrap() {
        let manifest = entry.unwrap().path().join("Cargo.toml");
        let Ok(text) = fs::read_to_string(&manifest) else {
            continue;
        };
        let document: toml_edit::DocumentMut = text.parse().unwrap();
        let name = document["package"]["name"].as_str().unwrap().to_string();
        let dependencies = document
            .get("dependencies")
            .and_then(|table| table.as_table_like())
            .map(|table| {
                table
                    .iter()
                    .map(|(dependency, _)| dependency.to_string())
                    .filter(|dependency| dependency.starts_with("sitegen"))
                    .collect()
            })
            .unwrap_or_default();
        crates.insert(name, dependencies);
    }
    crates
}

/// The table of "The crates" in `docs/architecture.md`: each row's crate and the crates
/// its last column names.
fn from_architecture(text: &str) -> Dependencies {
    let section = text
        .split("\n## The crates\n")
        .nth(1)
        .expect("docs/architecture.md has a section \"The crates\"");
    let section = section.split("\n## ").next().unwrap_or(section);
    let names = |cell: &str| -> BTreeSet<String> {
        cell.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    };
    section
        .lines()
        .filter(|line| line.starts_with("| `"))
        .map(|row| {
            let cells: Vec<&str> = row.trim_matches('|').split('|').collect();
            let name = names(cells[0]).into_iter().next().unwrap();
            (name, names(cells.last().unwrap()))
        })
        .collect()
}

#[test]
fn the_architecture_names_every_crate_with_the_dependencies_of_its_manifest() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let documented =
        from_architecture(&fs::read_to_string(repo.join("docs/architecture.md")).unwrap());
    let actual = from_manifests(&repo);
    assert_eq!(
        documented, actual,
        "docs/architecture.md's table of the crates disagrees with the Cargo manifests"
    );
}

/// Each crate's dependencies but those another of its dependencies already reaches: the
/// arrows of the picture of the crates.
fn without_implied(crates: &Dependencies) -> Dependencies {
    fn reached(crates: &Dependencies, from: &str, found: &mut BTreeSet<String>) {
        for dependency in &crates[from] {
            if found.insert(dependency.clone()) {
                reached(crates, dependency, found);
            }
        }
    }
    crates
        .iter()
        .map(|(name, dependencies)| {
            let mut through_others = BTreeSet::new();
            for dependency in dependencies {
                reached(crates, dependency, &mut through_others);
            }
            let direct = dependencies.difference(&through_others).cloned().collect();
            (name.clone(), direct)
        })
        .collect()
}

/// The arrows (`a --> b`) of the first Mermaid picture of "The crates", with every crate
/// of the table, so that a crate without arrows is in it too.
fn from_picture(text: &str) -> Dependencies {
    let section = text.split("\n## The crates\n").nth(1).unwrap();
    let section = section.split("\n## ").next().unwrap_or(section);
    let picture = section
        .split("```mermaid\n")
        .nth(1)
        .expect("\"The crates\" has a Mermaid picture")
        .split("```")
        .next()
        .unwrap();
    let mut arrows: Dependencies = from_architecture(text)
        .into_keys()
        .map(|name| (name, BTreeSet::new()))
        .collect();
    for line in picture.lines() {
        if let Some((from, to)) = line.trim().split_once(" --> ") {
            arrows
                .entry(from.to_string())
                .or_default()
                .insert(to.to_string());
        }
    }
    arrows
}

#[test]
fn the_picture_of_the_crates_draws_the_dependencies_no_other_implies() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let drawn = from_picture(&fs::read_to_string(repo.join("docs/architecture.md")).unwrap());
    assert_eq!(
        drawn,
        without_implied(&from_manifests(&repo)),
        "docs/architecture.md's picture of the crates disagrees with the Cargo manifests"
    );
}

#[test]
fn an_arrow_another_path_implies_is_left_out() {
    let crates: Dependencies = [("a", vec!["b", "c"]), ("b", vec!["c"]), ("c", vec![])]
        .into_iter()
        .map(|(name, on)| {
            (
                name.to_string(),
                on.into_iter().map(str::to_string).collect(),
            )
        })
        .collect();
    let drawn = without_implied(&crates);
    assert_eq!(drawn["a"], BTreeSet::from(["b".to_string()]));
    assert_eq!(drawn["b"], BTreeSet::from(["c".to_string()]));
}

#[test]
fn the_table_is_read_row_by_row_with_none_for_no_dependency() {
    let text = "# A\n\n## The crates\n\n| crate | job | depends on |\n|---|---|---|\n\
                | `a` | the top | `b`, `c` |\n| `c` | the bottom | none |\n\n## Next\n\n| `d` | x | `a` |\n";
    let table = from_architecture(text);
    assert_eq!(table.len(), 2);
    assert_eq!(
        table["a"],
        BTreeSet::from(["b".to_string(), "c".to_string()])
    );
    assert!(table["c"].is_empty());
}

/// The Rust files under `dir`, recursively.
fn rust_files(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            found.push(path);
        }
    }
}

/// Whether `path` (relative to a crate's `src/`) is named by the one rule for unit-test
/// files: a module's tests are `tests.rs` beside it, split by topic under `tests/`.
fn named_as_unit_tests(path: &Path) -> bool {
    path.file_name().is_some_and(|name| name == "tests.rs")
        || path.components().any(|part| part.as_os_str() == "tests")
}

/// Whether a file's stem says it holds tests: one of its words (split at `_`) is `test`
/// or `tests`. `testing.rs` is no test (the helpers other crates' tests import), nor is
/// a home section's `06_testimonials.rs`.
fn named_for_tests(stem: &str) -> bool {
    stem.split('_')
        .any(|word| word == "test" || word == "tests")
}

#[test]
fn unit_test_files_are_tests_rs_or_under_a_tests_folder() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut misnamed = Vec::new();
    for entry in fs::read_dir(repo.join("crates")).unwrap() {
        let src = entry.unwrap().path().join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        for file in files {
            let relative = file.strip_prefix(&src).unwrap();
            let stem = relative.file_stem().unwrap().to_string_lossy();
            if named_for_tests(&stem) && !named_as_unit_tests(relative) {
                misnamed.push(file.strip_prefix(&repo).unwrap().display().to_string());
            }
        }
    }
    assert!(
        misnamed.is_empty(),
        "name these tests.rs, or move them to a tests/ folder beside their module: {misnamed:?}"
    );
}

#[test]
fn the_unit_test_naming_rule_takes_tests_rs_and_a_tests_folder_only() {
    assert!(named_as_unit_tests(Path::new("tests.rs")));
    assert!(named_as_unit_tests(Path::new("output/tests.rs")));
    assert!(named_as_unit_tests(Path::new("tests/bytes.rs")));
    assert!(named_as_unit_tests(Path::new("values/tests/load.rs")));
    assert!(!named_as_unit_tests(Path::new("tests_bytes.rs")));
    assert!(!named_as_unit_tests(Path::new("values/load_tests.rs")));
    assert!(named_for_tests("load_tests") && named_for_tests("tests_bytes"));
    assert!(!named_for_tests("testing") && !named_for_tests("06_testimonials"));
}

/// The crates whose code calls the display of a build's progress (the command line's
/// reporter): the command line (the reporter), `sitegen-render` (which hands it to the
/// relay at the start of a build) and `sitegen-output` (which defines it and the
/// relay). The stages and the crates below tell a `Tally` at most, whose one relay
/// thread calls the display; a crate that needs no count hands its work back to the
/// stage that calls it.
const REPORTING_CRATES: &[&str] = &["sitegen", "sitegen-render", "sitegen-output"];

/// Whether `code` takes or implements a build's progress.
fn reports_progress(code: &str) -> bool {
    ["dyn Progress", "progress::Progress", "impl Progress for"]
        .iter()
        .any(|name| code.contains(name))
}

#[test]
fn no_crate_but_the_pipeline_and_those_it_names_reports_a_builds_progress() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut calling_up = Vec::new();
    for entry in fs::read_dir(repo.join("crates")).unwrap() {
        let krate = entry.unwrap().path();
        let name = krate.file_name().unwrap().to_string_lossy().to_string();
        if REPORTING_CRATES.contains(&name.as_str()) {
            continue;
        }
        let mut files = Vec::new();
        rust_files(&krate.join("src"), &mut files);
        for file in files {
            if reports_progress(&fs::read_to_string(&file).unwrap()) {
                calling_up.push(file.strip_prefix(&repo).unwrap().display().to_string());
            }
        }
    }
    assert!(
        calling_up.is_empty(),
        "these call the display of a build's progress: tell the tally a stage gives \
         them (sitegen_output::progress::Tally), or answer the stage, which tells it \
         (crates/sitegen-render/src/stages/): {calling_up:?}"
    );
}

#[test]
fn taking_or_implementing_the_progress_is_reporting_it() {
    assert!(reports_progress("fn run(progress: &dyn Progress)"));
    assert!(reports_progress("use sitegen_output::progress::Progress;"));
    assert!(reports_progress("impl Progress for Reporter {"));
    assert!(!reports_progress("let in_progress = true;"));
}
