//! What a build prints while it runs: plain progress lines when piped (a bar only on a
//! terminal), and nothing but errors with `--quiet`.

mod common;

use std::fs;

use common::*;

fn build_with(
    content: &std::path::Path,
    out: &std::path::Path,
    env: &[(&str, &str)],
    extra: &[&str],
) -> std::process::Output {
    build_command(
        &repo_root(),
        env,
        content.to_str().unwrap(),
        out.to_str().unwrap(),
        extra,
    )
    .output()
    .expect("sitegen runs")
}

/// The `STAGE DONE/TOTAL ITEMS (S s)` lines of `stage` in `text`, as (done, total).
fn progress_lines(text: &str, stage: &str, items: &str) -> Vec<(usize, usize)> {
    text.lines()
        .filter_map(|line| {
            let rest = line.strip_prefix(stage)?.strip_prefix(' ')?;
            let (count, rest) = rest.split_once(' ')?;
            let (seconds, _) = rest
                .strip_prefix(items)?
                .strip_prefix(" (")?
                .split_once(" s)")?;
            seconds.parse::<u64>().ok()?;
            let (done, total) = count.split_once('/')?;
            Some((done.parse().ok()?, total.parse().ok()?))
        })
        .collect()
}

#[test]
fn a_piped_build_prints_plain_progress_lines_and_no_bar() {
    let (tmp, content) = small_project();
    let out = tmp.path().join("dist");
    // A line per item (no waiting between lines), so that a small site shows them;
    // --precompress, so that the compression stage has lines too.
    let output = build_with(
        &content,
        &out,
        &[("SITEGEN_PROGRESS_INTERVAL_MS", "0"), ("CI", "")],
        &["--precompress"],
    );
    let text = stderr(&output);
    assert!(output.status.success(), "{text}");
    let summary = stdout(&output);
    let routes: usize = summary
        .split("built ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("no summary: {summary}"));
    let rendered = progress_lines(&text, "rendered", "routes");
    assert!(rendered.len() >= routes, "{text}");
    assert!(
        rendered.iter().all(|(_, total)| *total == routes),
        "{rendered:?}"
    );
    assert_eq!(rendered.last(), Some(&(routes, routes)), "{text}");
    assert!(
        rendered.windows(2).all(|pair| pair[0].0 <= pair[1].0),
        "{rendered:?}"
    );
    for (stage, items) in [("checked", "pages"), ("compressed", "files")] {
        let lines = progress_lines(&text, stage, items);
        let last = lines
            .last()
            .unwrap_or_else(|| panic!("no {stage} line: {text}"));
        assert_eq!(last.0, last.1, "{stage}: {lines:?}");
    }
    assert!(
        !text.contains('\r') && !text.contains('\x1b'),
        "a bar was drawn: {text:?}"
    );
}

#[test]
fn a_quiet_build_that_fails_prints_only_its_errors() {
    let (tmp, content) = small_project();
    let products = content.join("products.toml");
    let text = fs::read_to_string(&products).unwrap();
    fs::write(
        &products,
        text.replacen("category = \"", "category = \"x", 1),
    )
    .unwrap();
    let output = build_with(&content, &tmp.path().join("dist"), &[], &["--quiet"]);
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(
        text.contains("error[E0202]"),
        "errors are still printed: {text}"
    );
    assert!(
        !text.contains("warning["),
        "--quiet prints no warnings: {text}"
    );
    assert!(
        progress_lines(&text, "rendered", "routes").is_empty(),
        "{text}"
    );
    assert_eq!(stdout(&output), "");
}

#[test]
fn a_quiet_build_prints_nothing_when_it_succeeds() {
    let (tmp, content) = small_project();
    let out = tmp.path().join("dist");
    let output = build_with(
        &content,
        &out,
        &[("SITEGEN_PROGRESS_INTERVAL_MS", "0")],
        &["--quiet"],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "");
    assert_eq!(stderr(&output), "");
    assert!(out.join("index.html").is_file());
}
