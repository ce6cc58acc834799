//! Incremental builds are exact, as a property: after each build's random edits (1 to 4
//! of 25 kinds: products, their images, drafts and aliases, services, the catalogue's
//! categories and page size, navigation, certificates, the home and about pages, site.toml, a
//! template, a web source, an image replaced, build options, a build killed before the
//! next), a build that reuses the build cache and updates the folder its last build
//! left in place writes the same bytes as a clean build (`--no-cache`, another cache
//! folder), and a warm builder updating its output in place (what `sitegen serve` does
//! on every save) holds the same files as the clean build, but the compressed twins.
//!
//! What each build edits is drawn from a seed, printed first (and with every failure);
//! `SITEGEN_TEST_SEED=N` replays one. One test draws a new seed each run, one keeps a
//! fixed seed.

mod common;
#[path = "incremental/toml_text.rs"]
mod toml_text;

use std::fs;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};

use common::{copy_dir, repo_root, snapshot, stderr, stdout};
use sitegen_render::{BuildError, BuildOptions, Builder};
use toml_text::{
    blocks_of, field, replace_in, set_field, toggle_line, with_line, without_line, write_blocks,
    write_picture,
};

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

/// What one edit changes: a project folder (`content/`, `templates/`), the web app
/// copy, or the options of the builds that follow.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Edit {
    AddProduct,
    RemoveProduct,
    RenameProduct,
    MoveProduct,
    DescribeProduct,
    ToggleProductDraft,
    ToggleProductAlias,
    AddProductImage,
    RemoveProductImage,
    ChangePhone,
    ChangeTemplate,
    ChangeWebSource,
    ReplaceImage,
    DescribeService,
    ChangeServiceBullet,
    RenameCategory,
    AddSubcategory,
    ChangePageSize,
    RelabelNavigation,
    RenameCertificate,
    ReorderHomeSections,
    ChangeAboutText,
    ToggleDraftsOption,
    ChangeBaseUrl,
    KillNextBuild,
}

const EDITS: [Edit; 25] = [
    Edit::AddProduct,
    Edit::RemoveProduct,
    Edit::RenameProduct,
    Edit::MoveProduct,
    Edit::DescribeProduct,
    Edit::ToggleProductDraft,
    Edit::ToggleProductAlias,
    Edit::AddProductImage,
    Edit::RemoveProductImage,
    Edit::ChangePhone,
    Edit::ChangeTemplate,
    Edit::ChangeWebSource,
    Edit::ReplaceImage,
    Edit::DescribeService,
    Edit::ChangeServiceBullet,
    Edit::RenameCategory,
    Edit::AddSubcategory,
    Edit::ChangePageSize,
    Edit::RelabelNavigation,
    Edit::RenameCertificate,
    Edit::ReorderHomeSections,
    Edit::ChangeAboutText,
    Edit::ToggleDraftsOption,
    Edit::ChangeBaseUrl,
    Edit::KillNextBuild,
];

/// Where a build may be killed (`SITEGEN_FAULT`), before the next one runs: the ends of
/// stages every build goes through.
const KILL_POINTS: [&str; 5] = ["content", "media", "prerender", "write", "link check"];

/// The build options the edits change, the same for every kind of build compared.
#[derive(Debug, Clone, Default, PartialEq)]
struct Options {
    drafts: bool,
    base_url: Option<String>,
    /// The next incremental build is first run and killed at this point.
    kill_at: Option<&'static str>,
}

impl Options {
    fn args(&self) -> Vec<String> {
        let mut args = Vec::new();
        if self.drafts {
            args.push("--drafts".to_string());
        }
        if let Some(url) = &self.base_url {
            args.extend(["--base-url".to_string(), url.clone()]);
        }
        args
    }
}

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

    /// What `sitegen serve` builds into `preview/` with `options`.
    fn preview_options(&self, web: &Path, options: &Options) -> BuildOptions {
        BuildOptions {
            content_dir: self.content(),
            out_dir: self.root.join("preview"),
            web_dir: web.to_path_buf(),
            templates_dir: self.templates(),
            jobs: None,
            base_url: options
                .base_url
                .as_deref()
                .map(|url| sitegen_content::HttpUrl::parse_origin(url).unwrap()),
            media: Default::default(),
            drafts: options.drafts,
            reuse_cache: true,
            precompress: false,
            worker_timeout: sitegen_workers::prerender::DEFAULT_WORKER_TIMEOUT,
            load: Default::default(),
            host: None,
        }
    }

    /// `sitegen build` into `dist/`, with or without the cache; what it printed.
    fn build(&self, web: &Path, extra: &[String], seed: u64) -> String {
        let output = self
            .build_command(web, extra)
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

    /// A `sitegen build` killed (SIGKILL) when it reaches `point`.
    fn killed_build(&self, web: &Path, extra: &[String], point: &str, seed: u64) {
        let output = self
            .build_command(web, extra)
            .env("SITEGEN_FAULT", format!("{point}:KILL"))
            .output()
            .expect("sitegen runs");
        assert_eq!(
            std::os::unix::process::ExitStatusExt::signal(&output.status),
            Some(9),
            "seed {seed}: the build was not killed at {point}: {}",
            stderr(&output)
        );
    }

    fn build_command(&self, web: &Path, extra: &[String]) -> std::process::Command {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_sitegen"));
        command
            .arg("build")
            .arg("--content")
            .arg(self.content())
            .arg("--out")
            .arg(self.root.join("dist"))
            .arg("--web")
            .arg(web)
            .arg("--templates")
            .arg(self.templates())
            .args(extra);
        command
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

/// Rewrites the `pick`-th block of `file` with `change`.
fn edit_block(file: &Path, marker: &str, random: &mut Random, change: impl FnOnce(&str) -> String) {
    let (head, mut blocks) = blocks_of(file, marker);
    let pick = random.below(blocks.len());
    blocks[pick] = change(&blocks[pick]);
    write_blocks(file, marker, &head, &blocks);
}

/// Applies `edit` (its `step`-th), drawing what it touches from `random`.
fn apply(
    edit: Edit,
    step: usize,
    project: &Project,
    web: &Path,
    options: &mut Options,
    random: &mut Random,
) {
    let (head, mut blocks) = product_blocks(project);
    let pick = random.below(blocks.len());
    let content = project.content();
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
        // Two products stay, so that the catalogue keeps a related product.
        Edit::RemoveProduct if blocks.len() > 2 => {
            blocks.remove(pick);
            write_products(project, &head, &blocks);
        }
        Edit::RemoveProduct => {}
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
        Edit::DescribeProduct => {
            blocks[pick] = set_field(
                &blocks[pick],
                "description",
                &format!("\"Described again in step {step}.\""),
            );
            write_products(project, &head, &blocks);
        }
        Edit::ToggleProductDraft => {
            blocks[pick] = toggle_line(&blocks[pick], "draft", "draft = true");
            write_products(project, &head, &blocks);
        }
        Edit::ToggleProductAlias => {
            let alias = format!("aliases = [\"/old/items/step-{step}\"]");
            blocks[pick] = toggle_line(&blocks[pick], "aliases", &alias);
            write_products(project, &head, &blocks);
        }
        Edit::AddProductImage => {
            let name = format!("media/products/added-{step}.png");
            write_picture(&content.join(&name), (random.below(200) + 30) as u8);
            let without = without_line(&blocks[pick], "image");
            blocks[pick] = with_line(&without, &format!("image = \"{name}\""));
            write_products(project, &head, &blocks);
        }
        Edit::RemoveProductImage => {
            match blocks.iter().position(|block| block.contains("\nimage = ")) {
                Some(index) => {
                    let image = field(&blocks[index], "image").trim_matches('"').to_string();
                    blocks[index] = without_line(&blocks[index], "image");
                    write_products(project, &head, &blocks);
                    fs::remove_file(content.join(image)).unwrap();
                }
                None => apply(Edit::AddProductImage, step, project, web, options, random),
            }
        }
        Edit::ChangePhone => {
            // The first phone number's last five digits.
            let site = content.join("site.toml");
            let text = fs::read_to_string(&site).unwrap();
            let start = text
                .find("\"+91 00000 ")
                .expect("site.toml holds a placeholder phone")
                + "\"+91 00000 ".len();
            let changed = format!(
                "{}{:05}{}",
                &text[..start],
                10_000 + step,
                &text[start + 5..]
            );
            fs::write(site, changed).unwrap();
        }
        Edit::ChangeTemplate => replace_in(
            &project.templates().join("page.html"),
            "<meta charset=\"utf-8\">",
            &format!("<meta charset=\"utf-8\">\n<!-- edit {step} -->"),
        ),
        // The 404 page's words: a screen of every build, which only this edit touches.
        Edit::ChangeWebSource => replace_in(
            &web.join("src/components/not-found/NotFoundMessage.tsx"),
            "Oops!",
            &format!("Oops! ({step})"),
        ),
        Edit::ReplaceImage => {
            let poster = content.join("media/home/hero-poster.jpg");
            let (width, height) = image::image_dimensions(&poster).unwrap();
            let shade = (random.below(200) + 30) as u8;
            let picture = image::RgbImage::from_fn(width, height, |x, y| {
                image::Rgb([shade, (x % 256) as u8, (y % 256) as u8])
            });
            picture.save(&poster).unwrap();
        }
        Edit::DescribeService => edit_block(
            &content.join("services.toml"),
            "[[service]]",
            random,
            |block| {
                block.replacen(
                    "description = \"",
                    &format!("description = \"Step {step}. "),
                    1,
                )
            },
        ),
        Edit::ChangeServiceBullet => edit_block(
            &content.join("services.toml"),
            "[[service]]",
            random,
            |block| {
                block.replacen(
                    "services_list = [\n  \"",
                    &format!("services_list = [\n  \"Step {step}: "),
                    1,
                )
            },
        ),
        Edit::RenameCategory => edit_block(
            &content.join("catalogue.toml"),
            "[[category]]",
            random,
            |block| {
                let name = field(block, "name").trim_matches('"').to_string();
                set_field(block, "name", &format!("\"{name} {step}\""))
            },
        ),
        Edit::AddSubcategory => edit_block(
            &content.join("catalogue.toml"),
            "[[category]]",
            random,
            |block| {
                let list = field(block, "subcategories");
                let longer = format!("{}, \"Added Range {step}\"]", list.trim_end_matches(']'));
                set_field(block, "subcategories", &longer)
            },
        ),
        // 1 to 3 products a page (the listings gain or lose later pages), or the default.
        Edit::ChangePageSize => {
            let catalogue = content.join("catalogue.toml");
            let text = fs::read_to_string(&catalogue).unwrap();
            let kept: String = text
                .lines()
                .filter(|line| !line.starts_with("page_size = "))
                .map(|line| format!("{line}\n"))
                .collect();
            let size = random.below(4);
            let changed = match size {
                0 => kept,
                _ => kept.replacen(
                    "[[category]]",
                    &format!("page_size = {size}\n\n[[category]]"),
                    1,
                ),
            };
            fs::write(catalogue, changed).unwrap();
        }
        Edit::RelabelNavigation => {
            let navigation = content.join("navigation.toml");
            let text = fs::read_to_string(&navigation).unwrap();
            let labels: Vec<usize> = text
                .lines()
                .enumerate()
                .filter(|(_, line)| line.starts_with("label = \""))
                .map(|(index, _)| index)
                .collect();
            let chosen = labels[random.below(labels.len())];
            let changed: String = text
                .lines()
                .enumerate()
                .map(|(index, line)| match index == chosen {
                    true => format!("{} {step}\"\n", line.trim_end_matches('"')),
                    false => format!("{line}\n"),
                })
                .collect();
            fs::write(navigation, changed).unwrap();
        }
        Edit::RenameCertificate => edit_block(
            &content.join("certificates.toml"),
            "[[certificate]]",
            random,
            |block| {
                let title = field(block, "title").trim_matches('"').to_string();
                set_field(block, "title", &format!("\"{title} {step}\""))
            },
        ),
        Edit::ReorderHomeSections => {
            let home = content.join("home.toml");
            let text = fs::read_to_string(&home).unwrap();
            let mut sections: Vec<&str> = sitegen_content::HomeSection::names().collect();
            random.shuffle(&mut sections);
            sections.truncate(4 + random.below(4));
            let line = format!(
                "sections = [{}]\n",
                sections
                    .iter()
                    .map(|name| format!("\"{name}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            let body: String = text
                .lines()
                .filter(|l| !l.starts_with("sections = "))
                .map(|l| format!("{l}\n"))
                .collect();
            let (before, after) = body.split_once("\n[").unwrap();
            fs::write(home, format!("{before}\n{line}\n[{after}")).unwrap();
        }
        Edit::ChangeAboutText => replace_in(
            &content.join("about.toml"),
            "paragraphs = [\n  \"",
            &format!("paragraphs = [\n  \"Step {step}. "),
        ),
        Edit::ToggleDraftsOption => options.drafts = !options.drafts,
        Edit::ChangeBaseUrl => {
            options.base_url = match options.base_url {
                Some(_) => None,
                None => Some(format!("https://preview-{step}.example.com")),
            }
        }
        Edit::KillNextBuild => options.kill_at = Some(KILL_POINTS[random.below(KILL_POINTS.len())]),
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

/// Dates every build of these tests, in this process and in the `sitegen` it runs, on
/// one day: a run across midnight dated a clean build's pages a day after the pages a
/// warm builder had left unchanged since the day before (both right, and different).
fn pin_the_build_day() {
    static PINNED: std::sync::Once = std::sync::Once::new();
    PINNED.call_once(|| std::env::set_var("SOURCE_DATE_EPOCH", "1767225600"));
}

fn project(root: &Path, name: &str) -> Project {
    pin_the_build_day();
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
fn assert_same(incremental: &Path, clean: &Path, what: &str, seed: u64, done: &[Vec<Edit>]) {
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

/// Asserts that the preview of `preview` holds the files of a clean build
/// (`--no-cache`) of its content and templates, made in `clean`.
fn assert_preview_is_a_clean_build(
    preview: &Project,
    clean: &Project,
    web: &Path,
    done: &[Vec<Edit>],
) {
    mirror(preview, clean);
    clean.build(web, &["--no-cache".to_string()], 0);
    assert_same(
        &preview.root.join("preview"),
        &clean.root.join("dist"),
        "preview",
        0,
        done,
    );
}

/// How many builds a run makes, each after 1 to 4 edits.
const BUILDS: usize = 30;

/// Builds the project `BUILDS` times after random edits drawn from `seed`, and compares
/// each cached build and each warm preview with a clean build.
fn incremental_builds_equal_clean_builds(seed: u64) {
    // First, so that a failure anywhere (in an edit too) shows the seed to replay.
    eprintln!("seed {seed} (replay with SITEGEN_TEST_SEED={seed})");
    let mut random = Random(seed | 1);
    // Its own stream, so that a seed makes the same edits as before there were checks.
    let mut checks = Random(seed.rotate_left(17) | 1);
    let tmp = tempfile::tempdir().unwrap();
    let web = web_copy(tmp.path());
    let incremental = project(tmp.path(), "incremental");
    let clean = project(tmp.path(), "clean");
    let mut options = Options::default();
    let mut warm = Builder::warm(incremental.preview_options(&web, &options));
    let mut serial = 0;
    let mut done: Vec<Vec<Edit>> = Vec::new();
    for build in 0..=BUILDS {
        let mut edits = Vec::new();
        // The browser editor's check of a save hands its content to the build the
        // save starts: one made before this build's edits is stale, and refused.
        if checks.below(3) == 0 {
            check_a_save(&warm);
        }
        if build > 0 {
            let before = options.clone();
            for _ in 0..=random.below(4) {
                serial += 1;
                let edit = EDITS[random.below(EDITS.len())];
                apply(edit, serial, &incremental, &web, &mut options, &mut random);
                edits.push(edit);
            }
            if (&before.drafts, &before.base_url) != (&options.drafts, &options.base_url) {
                // As a preview restarted with other options.
                warm = Builder::warm(incremental.preview_options(&web, &options));
            }
        }
        done.push(edits.clone());
        mirror(&incremental, &clean);
        let args = options.args();

        if let Some(point) = options.kill_at.take() {
            incremental.killed_build(&web, &args, point, seed);
        }
        let said = incremental.build(&web, &args, seed);
        // Into the folder its last build left, and the pages' bundle unchanged: the
        // build updates that folder in place (what is compared next).
        let whole_site_expected = edits
            .iter()
            .any(|edit| matches!(edit, Edit::ChangeWebSource | Edit::KillNextBuild));
        if build > 0 && !whole_site_expected {
            assert!(
                said.contains("in place"),
                "seed {seed}, after {done:?}: {said}"
            );
        }
        let mut clean_args = args.clone();
        clean_args.push("--no-cache".to_string());
        clean.build(&web, &clean_args, seed);
        assert_same(
            &incremental.root.join("dist"),
            &clean.root.join("dist"),
            "cached build",
            seed,
            &done,
        );

        // One made after them is taken.
        if checks.below(2) == 0 {
            check_a_save(&warm);
        }
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

/// Checks products.toml as `builder`'s content holds it now, as the browser editor
/// checks a save (the save's text is the file's).
fn check_a_save(builder: &Builder) {
    let options = builder.options();
    let products = fs::read_to_string(options.content_dir.join("products.toml")).unwrap();
    builder.save_checker().check(
        &options.content_dir,
        &options.load,
        &[("products.toml", products.as_str())],
    );
}

#[test]
fn incremental_builds_equal_clean_builds_after_random_edits() {
    let seed = std::env::var("SITEGEN_TEST_SEED")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
        });
    incremental_builds_equal_clean_builds(seed);
}

#[test]
fn incremental_builds_equal_clean_builds_after_the_fixed_seeds_edits() {
    incremental_builds_equal_clean_builds(20_261_126);
}

/// A warm builder (`sitegen serve`'s, on every save) reuses the page data and pages whose
/// inputs did not change: after each edit of a product (its text, title, draft, image,
/// category, aliases) or of data many pages share, its preview holds the files of a
/// clean build. The page size changes early, so that the product edits after it are
/// made on listings of several pages (a listing page of the same products is reused).
#[test]
fn a_warm_builder_after_each_edit_of_shared_data_equals_a_clean_build() {
    const STEPS: [Edit; 16] = [
        Edit::DescribeProduct,
        Edit::ChangePageSize,
        Edit::RenameProduct,
        Edit::RenameCategory,
        Edit::DescribeProduct,
        Edit::RelabelNavigation,
        Edit::ChangePhone,
        Edit::ToggleProductDraft,
        Edit::AddProduct,
        Edit::RemoveProduct,
        Edit::ToggleProductDraft,
        Edit::AddProductImage,
        Edit::ReplaceImage,
        Edit::RemoveProductImage,
        Edit::MoveProduct,
        Edit::ToggleProductAlias,
    ];
    let tmp = tempfile::tempdir().unwrap();
    let web = web_copy(tmp.path());
    let incremental = project(tmp.path(), "incremental");
    let clean = project(tmp.path(), "clean");
    let mut options = Options::default();
    let warm = Builder::warm(incremental.preview_options(&web, &options));
    let silent = &sitegen_render::progress::Silent;
    warm.build(silent).expect("the first build");
    let mut random = Random(7);
    let mut done = Vec::new();
    for (step, edit) in STEPS.into_iter().enumerate() {
        apply(
            edit,
            step + 1,
            &incremental,
            &web,
            &mut options,
            &mut random,
        );
        done.push(vec![edit]);
        warm.build(silent)
            .unwrap_or_else(|error| panic!("after {done:?}: {error}"));
        assert_preview_is_a_clean_build(&incremental, &clean, &web, &done);
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
    let warm = Builder::warm(preview.preview_options(&web, &Options::default()));
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
    assert_preview_is_a_clean_build(&preview, &clean, &web, &[]);
}
