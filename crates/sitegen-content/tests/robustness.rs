//! Arbitrary bytes and mutated valid TOML never panic: a load always yields
//! content or diagnostics, and content exactly when there is no error.
//!
//! A deterministic fuzz loop with a seeded generator (no extra dependency), so a
//! failure reproduces with the printed seed and iteration.

use sitegen_content::testing::copy_dir;
use std::fs;
use std::path::{Path, PathBuf};

use sitegen_content::{load, view, LoadReport, PolicyKind, RegistrationType};

/// xorshift64*: small, deterministic, good enough to pick mutations.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

const FILES: &[&str] = &[
    "site.toml",
    "navigation.toml",
    "catalogue.toml",
    "products.toml",
    "services.toml",
    "home.toml",
    "about.toml",
    "certificates.toml",
    "policies/privacy.toml",
    "policies/terms.toml",
    "policies/shipping.toml",
    "policies/payment.toml",
    "timeline.toml",
    "pages.toml",
];

/// Fragments that make TOML interesting: structure, quotes, numbers, Unicode,
/// paths, placeholders, routes.
const TOKENS: &[&str] = &[
    "\"",
    "'",
    "[",
    "]",
    "[[",
    "]]",
    "{",
    "}",
    "=",
    ",",
    "\n",
    "#",
    ".",
    "\\",
    "\"\"\"",
    "-1",
    "0",
    "1e400",
    "nan",
    "inf",
    "true",
    "2026-01-01",
    "é",
    "✓",
    "\u{0}",
    "\r\n",
    "media/../../x.png",
    "media/brand/logo.svg",
    "{support_email}",
    "{x}",
    "/services/",
    "x = 1\n",
    "[[product]]\n",
    "[footer]\n",
    "id = 12\n",
    "\t",
    "   ",
];

fn valid_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid/content")
}

fn mutate(rng: &mut Rng, original: &[u8]) -> Vec<u8> {
    let mut bytes = original.to_vec();
    for _ in 0..=rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(6) {
            0 if !bytes.is_empty() => {
                let i = at.min(bytes.len() - 1);
                bytes[i] ^= 1 << rng.below(8);
            }
            1 => {
                let token = TOKENS[rng.below(TOKENS.len())].as_bytes();
                bytes.splice(at..at, token.iter().copied());
            }
            2 => {
                let end = (at + rng.below(40)).min(bytes.len());
                bytes.drain(at..end);
            }
            3 => {
                // Duplicate a slice (repeats keys, tables, entries).
                let end = (at + rng.below(200)).min(bytes.len());
                let copy: Vec<u8> = bytes[at..end].to_vec();
                let to = rng.below(bytes.len() + 1);
                bytes.splice(to..to, copy);
            }
            4 => {
                let random: Vec<u8> = (0..rng.below(8)).map(|_| rng.next() as u8).collect();
                bytes.splice(at..at, random);
            }
            _ => bytes.truncate(at),
        }
    }
    bytes
}

/// The invariants of every load, and every view and display must not panic.
fn check(report: &LoadReport, context: &str) {
    assert_eq!(report.content.is_some(), report.errors() == 0, "{context}");
    assert!(
        report.content.is_some() || !report.diagnostics.is_empty(),
        "{context}"
    );
    for diagnostic in &report.diagnostics {
        assert!(
            diagnostic.line >= 1 && diagnostic.column >= 1,
            "{context}: {diagnostic}"
        );
        let shown = diagnostic.to_string();
        assert!(shown.starts_with(&diagnostic.headline()), "{context}");
    }
    if let Some(c) = &report.content {
        let _ = view::layout(c);
        let _ = view::home(c);
        let _ = view::products_page(c);
        for p in &c.products {
            let _ = view::product_page(c, p);
        }
        let _ = view::services_page(c);
        for s in &c.services {
            let _ = view::service_page(c, s);
        }
        let _ = view::certificates_page(c);
        let _ = view::railway_page(c);
        let _ = view::registrations_page(c, RegistrationType::Pcmd);
        let _ = view::about(c);
        for kind in PolicyKind::ALL {
            let _ = view::policy(c, kind);
        }
        let _ = view::timeline(c);
    }
}

#[test]
fn mutated_valid_toml_never_panics() {
    let seed = 0x5173_6e67_656e_u64;
    let mut rng = Rng(seed);
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    copy_dir(&valid_dir(), &content);
    for iteration in 0..400 {
        let file = FILES[rng.below(FILES.len())];
        let path = content.join(file);
        let original = fs::read(valid_dir().join(file)).unwrap();
        fs::write(&path, mutate(&mut rng, &original)).unwrap();
        let report = load(&content);
        check(
            &report,
            &format!("seed {seed:#x}, iteration {iteration}, file {file}"),
        );
        fs::write(&path, original).unwrap();
    }
}

#[test]
fn arbitrary_bytes_never_panic() {
    let seed = 0xdead_beef_u64;
    let mut rng = Rng(seed);
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    copy_dir(&valid_dir(), &content);
    for iteration in 0..150 {
        let file = FILES[rng.below(FILES.len())];
        let length = rng.below(600);
        let bytes: Vec<u8> = (0..length)
            .map(|_| {
                // Mostly printable, so the parser gets past the first byte.
                if rng.below(4) == 0 {
                    rng.next() as u8
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
    copy_dir(&valid_dir(), &content);
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
