//! How the command line shows content problems: codes, colours, order, summary,
//! `sitegen explain`, and the positions and cuts of issue 11 point 12.
//!
//! The snapshots under `tests/snapshots/` are compared byte for byte;
//! `SITEGEN_BLESS=1 cargo test -p sitegen --test diagnostics` rewrites them (review the diff).

use sitegen_content::testing::{copy_dir, valid_content_dir};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use sitegen_content::ErrorCode;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A small valid site (the content crate's fixture) in `<tmp>/content`.
fn small_site() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(&valid_content_dir(), &tmp.path().join("content"));
    tmp
}

fn edit(path: &Path, from: &str, to: &str) {
    let text = fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{} has no {from:?}", path.display());
    fs::write(path, text.replacen(from, to, 1)).unwrap();
}

/// Runs sitegen in `dir` (so paths read `content/…`), without a terminal.
fn sitegen_in(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sitegen"));
    command.args(args).current_dir(dir).env_remove("NO_COLOR");
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().expect("sitegen runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The small site with two errors in one product (a category written by its name,
/// a missing image), a typo in navigation.toml, one warning in site.toml and an error
/// in timeline.toml, which sorts after site.toml.
fn broken_small_site() -> tempfile::TempDir {
    let tmp = small_site();
    let content = tmp.path().join("content");
    edit(
        &content.join("products.toml"),
        "category = \"dialysis\"\nsubcategory = \"Dialysis Machines\"\nimage = \"media/products/hemodialysis.svg\"",
        "category = \"Dialysis Products\"\nsubcategory = \"Dialysis Machines\"\nimage = \"media/products/hemodialysis.png\"",
    );
    edit(
        &content.join("site.toml"),
        "support_email = \"support@medical.test\"",
        "support_email = \"support@example.com\"",
    );
    edit(
        &content.join("navigation.toml"),
        "service = \"dialysis-center\"",
        "service = \"dialysis-centre\"",
    );
    edit(
        &content.join("timeline.toml"),
        "heading = \"Our Journey\"",
        "heading = 2002",
    );
    tmp
}

/// The run's stderr with the time, which varies, written `N ms`.
fn without_timing(text: &str) -> String {
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        match line.rfind(" ms)") {
            Some(end) => {
                let start = line[..end].rfind('(').map_or(end, |i| i + 1);
                let digits = &line[start..end];
                if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
                    out.push_str(&format!("{}N{}", &line[..start], &line[end..]));
                    continue;
                }
                out.push_str(line);
            }
            None => out.push_str(line),
        }
    }
    out
}

fn assert_snapshot(name: &str, actual: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(name);
    if std::env::var_os("SITEGEN_BLESS").is_some() {
        fs::write(&path, actual).unwrap();
    }
    let expected = fs::read_to_string(&path).unwrap_or_default();
    assert!(
        expected == actual,
        "{name} differs (SITEGEN_BLESS=1 rewrites it):\n--- expected\n{expected}\n--- actual\n{actual}"
    );
}

#[test]
fn plain_and_coloured_diagnostics_match_their_snapshots() {
    let tmp = broken_small_site();
    let plain = sitegen_in(tmp.path(), &["check", "--color", "never"], &[]);
    assert_eq!(plain.status.code(), Some(1));
    assert_snapshot("check-plain.txt", &without_timing(&stderr(&plain)));
    let coloured = sitegen_in(tmp.path(), &["check", "--color", "always"], &[]);
    assert_eq!(coloured.status.code(), Some(1));
    assert_snapshot("check-colored.txt", &without_timing(&stderr(&coloured)));
}

#[test]
fn colour_follows_the_color_flag_and_no_color() {
    let tmp = broken_small_site();
    let has_colour = |output: &Output| stderr(output).contains("\x1b[");
    let always = sitegen_in(tmp.path(), &["check", "--color", "always"], &[]);
    assert!(stderr(&always).contains("\x1b[1;31merror[E0202]\x1b[0m"));
    assert!(stderr(&always).contains("\x1b[1;33mwarning[W0001]\x1b[0m"));
    assert!(stderr(&always).contains("\x1b[1;34m|\x1b[0m"));
    // An explicit --color always wins over NO_COLOR, as in cargo.
    assert!(has_colour(&sitegen_in(
        tmp.path(),
        &["check", "--color=always"],
        &[("NO_COLOR", "1")]
    )));
    assert!(!has_colour(&sitegen_in(
        tmp.path(),
        &["check", "--color", "never"],
        &[]
    )));
    // auto: not a terminal here, so no colour.
    assert!(!has_colour(&sitegen_in(tmp.path(), &["check"], &[])));
    // The flag is global: also before the command.
    assert!(has_colour(&sitegen_in(
        tmp.path(),
        &["--color", "always", "check"],
        &[]
    )));
    assert_eq!(
        sitegen_in(tmp.path(), &["check", "--color", "sometimes"], &[])
            .status
            .code(),
        Some(2)
    );
}

/// Runs `sitegen check` under a pseudo-terminal (util-linux `script`), where
/// `auto` colours unless NO_COLOR is set.
fn check_on_a_terminal(dir: &Path, no_color: Option<&str>) -> Option<String> {
    let program = env!("CARGO_BIN_EXE_sitegen");
    let mut command = Command::new("script");
    command
        .args(["-qec", &format!("'{program}' check"), "/dev/null"])
        .current_dir(dir)
        .env_remove("NO_COLOR");
    if let Some(value) = no_color {
        command.env("NO_COLOR", value);
    }
    let output = command.output().ok()?;
    Some(String::from_utf8_lossy(&output.stdout).into_owned())
}

#[test]
fn on_a_terminal_auto_colours_unless_no_color_is_set() {
    let tmp = broken_small_site();
    // `script` (util-linux, on every Debian) gives sitegen a terminal.
    let coloured = check_on_a_terminal(tmp.path(), None).expect("`script` runs");
    assert!(
        coloured.contains("error[E0202]"),
        "`script` did not run sitegen: {coloured:?}"
    );
    assert!(coloured.contains("\x1b[1;31merror[E0202]"), "{coloured:?}");
    let plain = check_on_a_terminal(tmp.path(), Some("1")).unwrap_or_default();
    assert!(
        plain.contains("error[E0202]") && !plain.contains("\x1b[1;31m"),
        "{plain:?}"
    );
    // An empty NO_COLOR does not count (no-color.org).
    let empty = check_on_a_terminal(tmp.path(), Some("")).unwrap_or_default();
    assert!(empty.contains("\x1b[1;31merror[E0202]"), "{empty:?}");
}

/// The headline kinds of stderr, in order: `error`, `warning` or `summary`.
fn outline(text: &str) -> Vec<&'static str> {
    text.lines()
        .filter_map(|line| {
            if line.contains(": error[") || line.starts_with("error[") {
                Some("error")
            } else if line.contains(": warning[") {
                Some("warning")
            } else if line.contains(" failed: ") {
                Some("summary")
            } else {
                None
            }
        })
        .collect()
}

#[test]
fn errors_come_first_then_warnings_then_one_summary_line() {
    let tmp = broken_small_site();
    let check = sitegen_in(tmp.path(), &["check"], &[]);
    let text = stderr(&check);
    assert_eq!(
        outline(&text),
        ["error", "error", "error", "error", "warning", "summary"],
        "{text}"
    );
    // timeline.toml sorts after the warning's site.toml: the severity orders first.
    assert!(
        text.contains("content/timeline.toml:2:11: error[E0103]"),
        "{text}"
    );
    let last = text.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("check failed: 4 errors, 1 warning in content/ ("),
        "{last}"
    );

    let build = sitegen_in(
        tmp.path(),
        &[
            "build",
            "--out",
            "dist",
            "--web",
            "web",
            "--templates",
            "templates",
        ],
        &[],
    );
    assert_eq!(build.status.code(), Some(1));
    let text = stderr(&build);
    assert_eq!(
        outline(&text),
        ["error", "error", "error", "error", "warning", "summary"],
        "{text}"
    );
    assert_eq!(
        text.lines().last().unwrap_or_default(),
        "build failed: 4 errors, 1 warning in the content; dist was left as it was"
    );
}

#[test]
fn a_valid_check_says_what_it_checked() {
    let tmp = small_site();
    let output = sitegen_in(tmp.path(), &["check"], &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    let line = stdout(&output);
    assert!(
        line.starts_with(
            "content/ is valid: 5 products, 3 categories, 3 services, 2 certificates, \
             2 registrations, "
        ),
        "{line}"
    );
    assert!(
        line.trim_end().ends_with(" ms)") && line.contains("(0 warnings, "),
        "{line}"
    );
}

#[test]
fn every_error_of_one_product_shows_in_one_run_with_the_id_for_a_name() {
    let tmp = broken_small_site();
    let text = stderr(&sitegen_in(tmp.path(), &["check"], &[]));
    assert!(
        text.contains(
            "content/products.toml:5:12: error[E0202]: unknown category \"Dialysis Products\"\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("= help: did you mean \"dialysis\"?"),
        "{text}"
    );
    assert!(
        text.contains("content/products.toml:7:9: error[E0402]: media file"),
        "{text}"
    );
}

#[test]
fn explain_prints_one_entry_and_all_of_them() {
    let root = repo_root();
    let output = sitegen_in(&root, &["explain", "E0202"], &[]);
    assert!(output.status.success());
    assert_eq!(stdout(&output), ErrorCode::UnknownCategory.explanation());
    assert!(stdout(&output).starts_with("## E0202: unknown category\n"));
    assert_eq!(
        stdout(&sitegen_in(&root, &["explain", "w0003"], &[])),
        ErrorCode::JobTemplateMissing.explanation()
    );
    let all = sitegen_in(&root, &["explain", "--all"], &[]);
    assert!(all.status.success());
    assert_eq!(
        stdout(&all),
        fs::read_to_string(root.join("docs/errors.md")).unwrap()
    );
}

#[test]
fn explain_rejects_an_unknown_code_with_a_suggestion() {
    let output = sitegen_in(&repo_root(), &["explain", "E0220"], &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stdout(&output).is_empty());
    let text = stderr(&output);
    assert!(
        text.starts_with("error: unknown error code \"E0220\"; did you mean \"E0202\"?"),
        "{text}"
    );
    let output = sitegen_in(&repo_root(), &["explain", "nonsense"], &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("sitegen explain --all"));
    assert_eq!(
        sitegen_in(&repo_root(), &["explain"], &[]).status.code(),
        Some(2)
    );
}

#[test]
fn invalid_utf8_is_shown_at_its_byte() {
    let tmp = small_site();
    let path = tmp.path().join("content/products.toml");
    let mut bytes = fs::read(&path).unwrap();
    let at = bytes
        .windows(9)
        .position(|w| w == b"Slit Lamp")
        .expect("fixture has Slit Lamp")
        + 5;
    bytes[at] = 0xe9;
    fs::write(&path, &bytes).unwrap();
    let line = bytes[..at].iter().filter(|b| **b == b'\n').count() + 1;
    let column = at - bytes[..at].iter().rposition(|b| *b == b'\n').unwrap();
    let text = stderr(&sitegen_in(tmp.path(), &["check"], &[]));
    assert!(
        text.starts_with(&format!(
            "content/products.toml:{line}:{column}: error[E0003]: content file is not UTF-8 text: invalid byte 0xE9\n"
        )),
        "{text}"
    );
}

#[test]
fn a_very_long_line_is_cut_around_the_caret() {
    let tmp = small_site();
    let products = tmp.path().join("content/products.toml");
    let long = "x".repeat(2_000_000);
    edit(
        &products,
        "description = \"Placeholder description.\"",
        &format!("description = \"{long}\" oops"),
    );
    let output = sitegen_in(tmp.path(), &["check"], &[]);
    assert_eq!(output.status.code(), Some(1));
    let text = stderr(&output);
    assert!(text.len() < 2_000, "{} bytes of stderr", text.len());
    let source = text
        .lines()
        .find(|line| line.contains(" | …"))
        .unwrap_or_else(|| panic!("no cut line in {text}"));
    assert!(source.ends_with("\" oops"), "{source}");
    let caret = text
        .lines()
        .find(|line| line.contains('^'))
        .unwrap_or_default();
    let column = |line: &str, index: usize| line[..index].chars().count();
    assert_eq!(
        caret.find('^').map(|i| column(caret, i)),
        source.find("oops").map(|i| column(source, i)),
        "{text}"
    );
}

#[test]
fn a_missing_content_folder_is_named_by_its_absolute_path() {
    let tmp = tempfile::tempdir().unwrap();
    let missing = tmp.path().join("nowhere/content");
    let output = sitegen_in(
        tmp.path(),
        &["check", "--content", missing.to_str().unwrap()],
        &[],
    );
    assert_eq!(output.status.code(), Some(1));
    let text = stderr(&output);
    assert!(
        text.starts_with(&format!(
            "error[E0004]: content directory not found: {}\n",
            missing.display()
        )),
        "{text}"
    );
    assert!(!text.contains(":1:1"), "{text}");
    let relative = stderr(&sitegen_in(
        tmp.path(),
        &["check", "--content", "nowhere"],
        &[],
    ));
    let absolute = tmp.path().canonicalize().unwrap().join("nowhere");
    let shown = relative.lines().next().unwrap_or_default();
    assert!(
        shown.ends_with(&format!("not found: {}", absolute.display()))
            || shown.ends_with(&format!(
                "not found: {}",
                tmp.path().join("nowhere").display()
            )),
        "{relative}"
    );
}
