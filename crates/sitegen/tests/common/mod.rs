//! Helpers shared by the CLI integration tests.
#![allow(dead_code)] // each test crate uses its own part

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub use sitegen_content::testing::copy_dir;

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub fn sitegen(args: &[&str]) -> Output {
    sitegen_in(&repo_root(), &[], args)
}

/// Runs sitegen in `cwd` with extra environment variables.
pub fn sitegen_in(cwd: &Path, env: &[(&str, &str)], args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sitegen"))
        .args(args)
        .envs(env.iter().copied())
        .current_dir(cwd)
        .output()
        .expect("sitegen runs")
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Every file under `dir` with its bytes.
pub fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    walk(dir)
        .into_iter()
        .map(|path| {
            (
                path.strip_prefix(dir).unwrap().to_path_buf(),
                fs::read(&path).unwrap(),
            )
        })
        .collect()
}

/// A copy of the real content in `<tmp>/content`, so diagnostics read `content/…`.
pub fn content_copy() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let content = tmp.path().join("content");
    copy_dir(&repo_root().join("content"), &content);
    (tmp, content)
}

/// A project folder holding a copy of the real content with only its first eight
/// products, so that the many builds of a test stay quick.
pub fn small_project() -> (tempfile::TempDir, PathBuf) {
    let (tmp, content) = content_copy();
    let products = content.join("products.toml");
    let text = fs::read_to_string(&products).unwrap();
    let kept: Vec<&str> = text.split("[[product]]").take(9).collect();
    fs::write(&products, kept.join("[[product]]")).unwrap();
    (tmp, content)
}

/// `sitegen build` of `content` into `out` with the repository's web app and
/// templates, run in `cwd`, with extra environment variables and arguments.
pub fn build_command(
    cwd: &Path,
    env: &[(&str, &str)],
    content: &str,
    out: &str,
    extra: &[&str],
) -> Command {
    let web = repo_root().join("web");
    let templates = repo_root().join("templates");
    let mut command = Command::new(env!("CARGO_BIN_EXE_sitegen"));
    command
        .args(["build", "--content", content, "--out", out, "--web"])
        .arg(web)
        .arg("--templates")
        .arg(templates)
        .args(extra)
        .envs(env.iter().copied())
        .current_dir(cwd);
    command
}

/// [`build_command`] without extra arguments, run to its end.
pub fn build_in(cwd: &Path, env: &[(&str, &str)], content: &str, out: &str) -> Output {
    build_command(cwd, env, content, out, &[])
        .output()
        .expect("sitegen runs")
}

/// [`build_in`] the repository.
pub fn build(env: &[(&str, &str)], content: &Path, out: &Path) -> Output {
    build_in(
        &repo_root(),
        env,
        content.to_str().unwrap(),
        out.to_str().unwrap(),
    )
}

/// The route data a page of the output carries (its embedded `route`), as JSON text:
/// `page` is the page's file, e.g. `dist/products.html`.
pub fn page_data(page: &Path) -> String {
    let html =
        std::fs::read_to_string(page).unwrap_or_else(|error| panic!("{}: {error}", page.display()));
    let start = r#"<script id="__SITEGEN_DATA__" type="application/json">"#;
    let from = html.rfind(start).expect("the page carries its data") + start.len();
    let end = from + html[from..].find("</script>").expect("the data's end");
    let embedded: serde_json::Value = serde_json::from_str(&html[from..end]).unwrap();
    embedded["route"].to_string()
}

/// The `content` of the first `<meta property|name="{name}" content="…">` of `html`.
pub fn meta(html: &str, name: &str) -> String {
    let tag = [
        format!(r#"<meta property="{name}" content=""#),
        format!(r#"<meta name="{name}" content=""#),
    ]
    .into_iter()
    .find_map(|tag| html.find(&tag).map(|start| start + tag.len()))
    .unwrap_or_else(|| panic!("no {name} in {html}"));
    let end = html[tag..].find('"').unwrap();
    html[tag..tag + end].to_string()
}

/// Replaces the first `from` of the file at `path` with `to` (the file must hold it).
pub fn edit(path: &Path, from: &str, to: &str) {
    let text = fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{} has no {from:?}", path.display());
    fs::write(path, text.replacen(from, to, 1)).unwrap();
}
