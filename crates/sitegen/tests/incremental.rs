//! Incremental builds are exact: after each of a series of random edits to a project
//! (content, a template, a web source, an image), a build that reuses the build cache
//! and updates the folder its last build left in place writes the same bytes as a
//! clean build (`--no-cache`, another cache folder), and a
//! warm builder updating its output in place (what `sitegen serve` does on every save)
//! holds the same files as the clean build, but the compressed twins.
//!
//! The order of the edits and what they touch are drawn from a seed, printed with every
//! failure; `SITEGEN_TEST_SEED=N` replays one.

mod common;

use std::fs;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};

use common::{copy_dir, repo_root, snapshot, stderr, stdout};
use sitegen_render::{BuildError, BuildOptions, Builder};

/// A small deterministic generator (xorshift64*): the test needs no crate for it.
struct Random(u64);

impl Random {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % bound
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for last in (1..items.len()).rev() {
            items.swap(last, self.below(last + 1));
        }
    }
}

/// The edits of the issue, each applied to a project folder (`content/`,
/// `templates/`) and the web app copy.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Edit {
    AddProduct,
    RemoveProduct,
    RenameProduct,
    MoveProduct,
    ChangePhone,
    ChangeTemplate,
    ChangeWebSource,
    ReplaceImage,
}

const EDITS: [Edit; 8] = [
    Edit::AddProduct,
    Edit::RemoveProduct,
    Edit::RenameProduct,
    Edit::MoveProduct,
    Edit::ChangePhone,
    Edit::ChangeTemplate,
    Edit::ChangeWebSource,
    Edit::ReplaceImage,
];

/// A project with its own content, templates and build cache (in `target/` beside
/// the content), sharing one copy of the web app.
struct Project {
    root: PathBuf,
}

impl Project {
    fn content(&self) -> PathBuf {
        self.root.join("content")
    }

    fn templates(&self) -> PathBuf {
        self.root.join("templates")
    }

    /// What `sitegen serve --no-drafts` builds into `preview/`.
    fn preview_options(&self, web: &Path) -> BuildOptions {
        BuildOptions {
            content_dir: self.content(),
            out_dir: self.root.join("preview"),
            web_dir: web.to_path_buf(),
            templates_dir: self.templates(),
            jobs: None,
            base_url: None,
            drafts: false,
            reuse_cache: true,
            precompress: false,
        }
    }

    /// `sitegen build` into `dist/`, with or without the cache; what it printed.
    fn build(&self, web: &Path, extra: &[&str], seed: u64) -> String {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_sitegen"))
            .arg("build")
            .arg("--content")
            .arg(self.content())
            .arg("--out")
            .arg(self.root.join("dist"))
            .arg("--web")
            .arg(web)
            .arg("--templates")
            .arg(self.templates())
            .args(extra)
            .output()
            .expect("sitegen runs");
        assert!(
            output.status.success(),
            "seed {seed}: build {extra:?} failed:\n{}{}",
            stdout(&output),
            stderr(&output)
        );
        stdout(&output)
    }
}

fn products_file(project: &Project) -> PathBuf {
    project.content().join("products.toml")
}

/// The `[[product]]` blocks of products.toml and the text before them.
fn product_blocks(project: &Project) -> (String, Vec<String>) {
    let text = fs::read_to_string(products_file(project)).unwrap();
    let mut parts = text.split("[[product]]");
    let head = parts.next().unwrap().to_string();
    (head, parts.map(str::to_string).collect())
}

fn write_products(project: &Project, head: &str, blocks: &[String]) {
    let mut text = head.to_string();
    for block in blocks {
        text.push_str("[[product]]");
        text.push_str(block);
    }
    fs::write(products_file(project), text).unwrap();
}

/// The value of `key = …` in a product block.
fn field<'a>(block: &'a str, key: &str) -> &'a str {
    block
        .lines()
        .find_map(|line| line.strip_prefix(&format!("{key} = ")))
        .unwrap_or_else(|| panic!("no {key} in {block}"))
}

fn set_field(block: &str, key: &str, value: &str) -> String {
    block
        .lines()
        .map(|line| {
            if line.starts_with(&format!("{key} = ")) {
                format!("{key} = {value}")
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// The categories and their first subcategory, as catalogue.toml lists them.
fn categories(project: &Project) -> Vec<(String, String)> {
    let text = fs::read_to_string(project.content().join("catalogue.toml")).unwrap();
    text.split("[[category]]")
        .skip(1)
        .map(|block| {
            let id = field(block, "id").trim_matches('"').to_string();
            let subcategories = field(block, "subcategories");
            let first = subcategories
                .trim_start_matches('[')
                .split('"')
                .nth(1)
                .unwrap()
                .to_string();
            (id, first)
        })
        .collect()
}

/// Applies `edit` (its `step`-th), drawing what it touches from `random`.
fn apply(edit: Edit, step: usize, project: &Project, web: &Path, random: &mut Random) {
    let (head, mut blocks) = product_blocks(project);
    let pick = random.below(blocks.len());
    match edit {
        Edit::AddProduct => {
            let next_id = blocks
                .iter()
                .map(|block| field(block, "id").parse::<u32>().unwrap())
                .max()
                .unwrap()
                + 1;
            let (category, subcategory) = {
                let all = categories(project);
                all[random.below(all.len())].clone()
            };
            blocks.push(format!(
                "\nid = {next_id}\ntitle = \"Added Monitor {step}\"\ndescription = \"Added in step {step}.\"\ncategory = \"{category}\"\nsubcategory = \"{subcategory}\"\n\n"
            ));
            write_products(project, &head, &blocks);
        }
        Edit::RemoveProduct => {
            blocks.remove(pick);
            write_products(project, &head, &blocks);
        }
        Edit::RenameProduct => {
            blocks[pick] = set_field(
                &blocks[pick],
                "title",
                &format!("\"Renamed Device {step}\""),
            );
            write_products(project, &head, &blocks);
        }
        Edit::MoveProduct => {
            let all = categories(project);
            let current = field(&blocks[pick], "category")
                .trim_matches('"')
                .to_string();
            let others: Vec<_> = all.iter().filter(|(id, _)| *id != current).collect();
            let (category, subcategory) = others[random.below(others.len())];
            let moved = set_field(&blocks[pick], "category", &format!("\"{category}\""));
            blocks[pick] = set_field(&moved, "subcategory", &format!("\"{subcategory}\""));
            write_products(project, &head, &blocks);
        }
        Edit::ChangePhone => {
            let site = project.content().join("site.toml");
            let text = fs::read_to_string(&site).unwrap();
            let changed = text.replacen("+91 00000 00001", &format!("+91 00000 1000{step}"), 1);
            assert_ne!(text, changed, "site.toml holds the placeholder phone");
            fs::write(site, changed).unwrap();
        }
        Edit::ChangeTemplate => {
            let page = project.templates().join("page.html");
            let text = fs::read_to_string(&page).unwrap();
            let changed = text.replacen(
                "<meta charset=\"utf-8\">",
                &format!("<meta charset=\"utf-8\">\n<!-- edit {step} -->"),
                1,
            );
            assert_ne!(text, changed, "the template has its charset line");
            fs::write(page, changed).unwrap();
        }
        Edit::ChangeWebSource => {
            let screen = web.join("src/pages/products/ProductsPage.tsx");
            let text = fs::read_to_string(&screen).unwrap();
            let changed = text.replacen("'Show Filters'", &format!("'Show Filters {step}'"), 1);
            assert_ne!(
                text, changed,
                "the products screen has its Show Filters label"
            );
            fs::write(screen, changed).unwrap();
        }
        Edit::ReplaceImage => {
            let poster = project.content().join("media/home/hero-poster.jpg");
            let (width, height) = image::image_dimensions(&poster).unwrap();
            let shade = (random.below(200) + 30) as u8;
            let picture = image::RgbImage::from_fn(width, height, |x, y| {
                image::Rgb([shade, (x % 256) as u8, (y % 256) as u8])
            });
            picture.save(&poster).unwrap();
        }
    }
}

/// A copy of the repository's web app whose sources can be edited: its own sources,
/// configuration and bundles, the packages linked.
fn web_copy(root: &Path) -> PathBuf {
    let web = root.join("web");
    fs::create_dir_all(&web).unwrap();
    for entry in fs::read_dir(repo_root().join("web")).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        let to = web.join(&name);
        match name.to_str().unwrap() {
            "node_modules" => symlink(entry.path(), to).unwrap(),
            "test-results" | "playwright-report" | ".sitegen-build.lock" => {}
            _ if entry.path().is_dir() => copy_dir(&entry.path(), &to),
            _ => {
                fs::copy(entry.path(), to).unwrap();
            }
        }
    }
    web
}

fn project(root: &Path, name: &str) -> Project {
    let project = Project {
        root: root.join(name),
    };
    copy_dir(&repo_root().join("templates"), &project.templates());
    let (_tmp, content) = common::small_project();
    copy_dir(&content, &project.content());
    project
}

/// Makes `to` hold the same content and templates as `from`.
fn mirror(from: &Project, to: &Project) {
    for folder in ["content", "templates"] {
        let _ = fs::remove_dir_all(to.root.join(folder));
        copy_dir(&from.root.join(folder), &to.root.join(folder));
    }
}

/// Asserts that `incremental` holds the files of `clean` (but the compressed twins,
/// when it has none: a preview is not precompressed).
fn assert_same(incremental: &Path, clean: &Path, what: &str, seed: u64, done: &[Edit]) {
    let incremental = snapshot(incremental);
    let twins = incremental
        .keys()
        .any(|path| path.extension().is_some_and(|e| e == "br"));
    let mut clean = snapshot(clean);
    if !twins {
        clean.retain(|path, _| !path.extension().is_some_and(|e| e == "br" || e == "gz"));
    }
    let differing: Vec<_> = clean
        .keys()
        .chain(incremental.keys())
        .filter(|path| clean.get(*path) != incremental.get(*path))
        .take(10)
        .collect();
    assert!(
        differing.is_empty(),
        "seed {seed}, after {done:?}: the {what} differs from a clean one in {differing:?}"
    );
}

#[test]
fn incremental_builds_equal_clean_builds_after_random_edits() {
    let seed: u64 = std::env::var("SITEGEN_TEST_SEED")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
        })
        | 1;
    let mut random = Random(seed);
    let tmp = tempfile::tempdir().unwrap();
    let web = web_copy(tmp.path());
    let incremental = project(tmp.path(), "incremental");
    let clean = project(tmp.path(), "clean");
    let warm = Builder::warm(incremental.preview_options(&web));

    let mut edits = EDITS.to_vec();
    random.shuffle(&mut edits);
    let mut done = Vec::new();
    for step in 0..=edits.len() {
        if step > 0 {
            let edit = edits[step - 1];
            apply(edit, step, &incremental, &web, &mut random);
            done.push(edit);
        }
        mirror(&incremental, &clean);

        let said = incremental.build(&web, &[], seed);
        // Into the folder its last build left, and the pages' bundle unchanged: the
        // build updates that folder in place (what is compared next).
        if step > 0 && done.last() != Some(&Edit::ChangeWebSource) {
            assert!(
                said.contains("in place"),
                "seed {seed}, after {done:?}: {said}"
            );
        }
        clean.build(&web, &["--no-cache"], seed);
        assert_same(
            &incremental.root.join("dist"),
            &clean.root.join("dist"),
            "cached build",
            seed,
            &done,
        );

        // The clean build's files but the compressed twins a preview does without.
        warm.build(&sitegen_render::progress::Silent)
            .unwrap_or_else(|error| panic!("seed {seed}, after {done:?}: {error}"));
        assert_same(
            &incremental.root.join("preview"),
            &clean.root.join("dist"),
            "preview updated in place",
            seed,
            &done,
        );
    }
}

/// The build after a cold build, of the same content, writes nothing: not even the
/// media the cold build made (WebP variants, share PNGs), which later builds take
/// from the cache.
#[test]
fn a_build_of_unchanged_content_after_a_cold_build_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let web = repo_root().join("web");
    let site = project(tmp.path(), "site");
    let cold = site.build(&web, &[], 0);
    assert!(!cold.contains("in place"), "{cold}");
    let again = site.build(&web, &[], 0);
    assert!(
        again.contains(" in place: 0 files written, 0 removed, "),
        "{again}"
    );
}

/// An editor's typo in `sitegen serve`: the failed build leaves the preview and what
/// the builder knows of it as they were, so the fix updates it in place (a few files,
/// not a whole new site, which takes seconds at 10,000 products), and the preview is
/// then the clean build's.
#[test]
fn after_a_failed_build_a_warm_builder_still_updates_in_place() {
    let tmp = tempfile::tempdir().unwrap();
    let web = repo_root().join("web");
    let preview = project(tmp.path(), "preview");
    let warm = Builder::warm(preview.preview_options(&web));
    let silent = &sitegen_render::progress::Silent;
    warm.build(silent).expect("the first build");

    let products = products_file(&preview);
    let text = fs::read_to_string(&products).unwrap();
    let line = "description = \"Lorem ipsum";
    fs::write(
        &products,
        text.replacen(line, "description = Lorem ipsum", 1),
    )
    .unwrap();
    assert!(
        matches!(warm.build(silent), Err(BuildError::Content(_))),
        "the typo fails the build"
    );
    fs::write(
        &products,
        text.replacen(line, "description = \"Fixed. Lorem ipsum", 1),
    )
    .unwrap();
    let summary = warm.build(silent).expect("the fixed build");
    let changes = summary
        .in_place
        .expect("the fix updated the preview in place");
    // Removed: only the search index's chunks that held the old text (they are named
    // by their bytes, so the edit replaces them).
    assert!(
        changes.written > 0
            && changes.written < changes.unchanged
            && changes.removed < changes.written,
        "{changes:?}"
    );

    let clean = project(tmp.path(), "clean");
    mirror(&preview, &clean);
    clean.build(&web, &["--no-cache"], 0);
    assert_same(
        &preview.root.join("preview"),
        &clean.root.join("dist"),
        "preview",
        0,
        &[],
    );
}
