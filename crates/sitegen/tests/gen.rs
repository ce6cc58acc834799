//! `sitegen gen` writes the web app's generated route files.

use std::fs;
use std::path::Path;
use std::process::Command;

#[test]
fn gen_writes_the_committed_route_table_into_the_web_folder() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let tmp = tempfile::tempdir().unwrap();
    let web = tmp.path().join("web");
    let run = || {
        Command::new(env!("CARGO_BIN_EXE_sitegen"))
            .args(["gen", "--web", web.to_str().unwrap()])
            .output()
            .unwrap()
    };
    let output = run();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let files = [
        "src/lib/route-paths.gen.ts",
        "src/lib/route-modules.gen.ts",
        "src/app/route-table.gen.ts",
    ];
    for file in files {
        let name = Path::new(file).file_name().unwrap().to_str().unwrap();
        assert!(String::from_utf8_lossy(&output.stdout).contains(&format!("{name}: written")));
        assert_eq!(
            fs::read_to_string(web.join(file)).unwrap(),
            fs::read_to_string(repo.join("web").join(file)).unwrap(),
            "web/{file} is stale: run `sitegen gen`"
        );
    }
    // A second run finds nothing to do.
    let again = run();
    for file in files {
        let name = Path::new(file).file_name().unwrap().to_str().unwrap();
        assert!(String::from_utf8_lossy(&again.stdout).contains(&format!("{name}: unchanged")));
    }
}
