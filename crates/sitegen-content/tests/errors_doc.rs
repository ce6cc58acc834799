//! The committed error reference (`docs/errors.md`) stays in step with the error
//! catalogue (`src/codes.rs`), as `schemas.rs` does for the JSON Schemas.

use std::fs;
use std::path::Path;

#[test]
fn committed_error_reference_equals_what_the_catalogue_produces() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/errors.md");
    let committed = fs::read_to_string(&path).unwrap_or_default();
    let expected = sitegen_content::ErrorCode::reference_markdown();
    if std::env::var_os("SITEGEN_BLESS").is_some() && committed != expected {
        fs::write(&path, &expected).unwrap();
        return;
    }
    assert!(
        committed == expected,
        "docs/errors.md is out of date: run `cargo run -p sitegen -- explain --all > docs/errors.md` \
         at the repository root (or SITEGEN_BLESS=1 cargo test -p sitegen-content --test errors_doc) \
         and commit it"
    );
}
