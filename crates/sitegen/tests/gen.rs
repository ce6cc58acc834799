//! `sitegen gen` writes every generated file of the repository.

use std::fs;
use std::path::Path;
use std::process::Command;

#[test]
fn gen_writes_every_committed_generated_file_into_the_root_folder() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    // The web tests' data is the views of the valid content fixture.
    let fixture = "crates/sitegen-content/tests/fixtures/valid/content";
    sitegen_content::testing::copy_dir(&repo.join(fixture), &root.join(fixture));
    // Its §1's table of content files is generated into the data contract.
    let contract = "docs/data-contract.md";
    fs::create_dir_all(root.join("docs")).unwrap();
    fs::copy(repo.join(contract), root.join(contract)).unwrap();
    let run = || {
        Command::new(env!("CARGO_BIN_EXE_sitegen"))
            .args(["gen", "--root", root.to_str().unwrap()])
            // The command-line reference shows neither the environment nor the terminal.
            .env("SITEGEN_JOBS", "3")
            .env("COLUMNS", "40")
            .output()
            .unwrap()
    };
    let output = run();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    // Every file gen reports, each as `PATH: written` (or `unchanged`: the data
    // contract, copied in above), equals the committed one: the list is gen's own.
    let reported: Vec<(String, &str)> = stdout
        .lines()
        .filter_map(|line| line.rsplit_once(": "))
        .map(|(path, state)| {
            let relative = Path::new(path)
                .strip_prefix(root)
                .unwrap_or(Path::new(path));
            (relative.display().to_string(), state)
        })
        .collect();
    for expected in [
        "web/src/content/contract.gen.ts",
        "web/src/editor/logic/api.gen.ts",
        "schemas/products.schema.json",
        "docs/errors.md",
        "docs/cli.md",
        "docs/spreadsheet.md",
        contract,
    ] {
        assert!(
            reported.iter().any(|(file, _)| file == expected),
            "gen did not report {expected}\n{stdout}"
        );
    }
    for (file, state) in &reported {
        let expected_state = if file == contract {
            "unchanged"
        } else {
            "written"
        };
        assert_eq!(*state, expected_state, "{file}\n{stdout}");
        assert_eq!(
            fs::read_to_string(root.join(file)).unwrap(),
            fs::read_to_string(repo.join(file)).unwrap(),
            "{file} is stale: run `sitegen gen`"
        );
    }
    // A second run finds nothing to do.
    let again = String::from_utf8_lossy(&run().stdout).to_string();
    assert!(!again.contains("written"), "{again}");
}

#[test]
fn gen_without_the_valid_fixture_says_what_is_missing_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_sitegen"))
        .args(["gen", "--root", tmp.path().to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("valid content fixture"), "{stderr}");
    assert_eq!(fs::read_dir(tmp.path()).unwrap().count(), 0);
}
