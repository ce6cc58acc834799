//! Arbitrary bytes and mutated valid TOML never panic: a load always yields
//! content or diagnostics, and content exactly when there is no error.
//!
//! A deterministic fuzz loop with a seeded generator (`sitegen_content::testing::fuzz`,
//! no extra dependency), so a failure reproduces with the printed seed and iteration.

use std::fs;

use sitegen_content::testing::fuzz::{mutated_loads, Rng, TOKENS};
use sitegen_content::testing::{copy_dir, valid_content_dir};
use sitegen_content::{load, LoadReport, CONTENT_FILES};

/// The invariants of every load; displaying a diagnostic must not panic. (The views of
/// the content that loads are fuzzed by `sitegen-view`'s `tests/robustness.rs`.)
fn check(report: &LoadReport, context: &str) {
    assert_eq!(report.content.is_some(), report.errors() == 0, "{context}");
    assert!(
        report.content.is_some() || !report.diagnostics.is_empty(),
        "{context}"
    );
    for diagnostic in &report.diagnostics {
        assert!(
            diagnostic.location.line() >= 1 && diagnostic.location.column() >= 1,
            "{context}: {diagnostic}"
        );
        let shown = diagnostic.to_string();
        assert!(shown.starts_with(&diagnostic.headline()), "{context}");
    }
}

#[test]
fn mutated_valid_toml_never_panics() {
    let dir = tempfile::tempdir().unwrap();
    mutated_loads(dir.path(), 0x5173_6e67_656e, 400, check);
}

#[test]
fn arbitrary_bytes_never_panic() {
    let seed = 0xdead_beef_u64;
    let mut rng = Rng(seed);
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    copy_dir(&valid_content_dir(), &content);
    for iteration in 0..150 {
        let file = CONTENT_FILES[rng.below(CONTENT_FILES.len())].path;
        let length = rng.below(600);
        let bytes: Vec<u8> = (0..length)
            .map(|_| {
                // Mostly printable, so the parser gets past the first byte.
                if rng.below(4) == 0 {
                    rng.next_u64() as u8
                } else {
                    TOKENS[rng.below(TOKENS.len())]
                        .bytes()
                        .next()
                        .unwrap_or(b'x')
                        .max(b' ')
                        .wrapping_add(rng.below(3) as u8)
                }
            })
            .collect();
        fs::write(content.join(file), &bytes).unwrap();
        let report = load(&content);
        assert!(report.content.is_none() || report.errors() == 0);
        check(
            &report,
            &format!("seed {seed:#x}, iteration {iteration}, file {file}"),
        );
    }
}

#[test]
fn deeply_nested_input_does_not_overflow_the_stack() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    copy_dir(&valid_content_dir(), &content);
    let depth = 5000;
    let nested = format!(
        "[[item]]\nlabel = \"x\"\nto = \"/\"\nentries = {}{}\n",
        "[{label = \"x\", to = \"/\", entries = ".repeat(depth),
        "[]}]".repeat(depth)
    );
    fs::write(content.join("navigation.toml"), nested).unwrap();
    let report = load(&content);
    check(&report, "deep navigation");
    fs::write(
        content.join("pages.toml"),
        format!("x = {}{}", "[".repeat(depth), "]".repeat(depth)),
    )
    .unwrap();
    let report = load(&content);
    check(&report, "deep arrays");
}
