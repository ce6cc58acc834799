//! `sitegen schema` writes the JSON Schemas the content files point to.

use std::fs;
use std::path::Path;
use std::process::Command;

#[test]
fn schema_writes_the_committed_json_schemas_into_the_out_folder() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("schemas");
    let output = Command::new(env!("CARGO_BIN_EXE_sitegen"))
        .args(["schema", "--out", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let file_names = |folder: &Path| {
        let mut names: Vec<String> = fs::read_dir(folder)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    };
    // Every committed schema, and no other.
    let written = file_names(&out);
    assert_eq!(written, file_names(&repo.join("schemas")));
    let summary = format!("wrote {} JSON Schemas", written.len());
    assert!(String::from_utf8_lossy(&output.stdout).contains(&summary));
    for name in written {
        assert_eq!(
            fs::read_to_string(out.join(&name)).unwrap(),
            fs::read_to_string(repo.join("schemas").join(&name)).unwrap(),
            "{name}: run `sitegen schema`"
        );
    }
}
