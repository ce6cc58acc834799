//! What editors and deployers ask of the command line (issue 14): `--base-url`,
//! drafts, stable product links and aliases, home sections, `sitegen new`. A module of
//! `cli.rs`, whose helpers it shares.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use super::{content_copy, edit, page_data, repo_root};

fn sitegen_in(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sitegen"));
    command
        .args(args)
        .current_dir(dir)
        .env_remove("SITEGEN_BASE_URL");
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().expect("sitegen runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Product 2 a draft, product 3 with an old path, the home page with three sections.
fn editorial_content(content: &Path) {
    let products = content.join("products.toml");
    edit(&products, "id = 2\n", "id = 2\ndraft = true\n");
    edit(
        &products,
        "id = 3\n",
        "id = 3\naliases = [\"/old/catalogue/item-3\"]\n",
    );
    edit(
        &content.join("home.toml"),
        "[hero]",
        "sections = [\"map\", \"hero\", \"stats\"]\n\n[hero]",
    );
}

fn build(tmp: &Path, out: &str, extra: &[&str], env: &[(&str, &str)]) -> Output {
    let web = repo_root().join("web");
    let templates = repo_root().join("templates");
    let mut args = vec![
        "build",
        "--out",
        out,
        "--web",
        web.to_str().unwrap(),
        "--templates",
        templates.to_str().unwrap(),
        "--jobs",
        "2",
    ];
    args.extend_from_slice(extra);
    sitegen_in(tmp, &args, env)
}

/// One production build of edited content answers points 1 to 4: the flag's base URL
/// (over the environment's) everywhere, no draft anywhere, the redirects, the home order.
#[test]
fn a_production_build_uses_the_base_url_flag_leaves_drafts_out_redirects_old_urls_and_orders_the_home(
) {
    let (tmp, content) = content_copy();
    editorial_content(&content);
    let output = build(
        tmp.path(),
        "dist",
        &["--base-url", "https://preview.example.net/"],
        &[("SITEGEN_BASE_URL", "https://env.example.org")],
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let dist = tmp.path().join("dist");

    // 1. The base URL.
    let home = read(&dist.join("index.html"));
    assert!(
        home.contains("<link rel=\"canonical\" href=\"https://preview.example.net/\">"),
        "{home}"
    );
    assert!(
        home.contains("https://preview.example.net/media/"),
        "og:image is absolute on the preview"
    );
    assert!(
        home.contains("\"url\":\"https://preview.example.net/\""),
        "JSON-LD"
    );
    assert!(!home.contains("www.example.com") && !home.contains("env.example.org"));
    let sitemap = read(&dist.join("sitemap.xml"));
    assert!(
        sitemap.contains("<loc>https://preview.example.net/products</loc>"),
        "{sitemap}"
    );
    assert!(!sitemap.contains("www.example.com"));
    assert!(
        read(&dist.join("robots.txt")).contains("Sitemap: https://preview.example.net/sitemap.xml")
    );

    // 2. No draft anywhere.
    assert!(
        !dist.join("products/2").exists(),
        "no page, no fallback page"
    );
    assert!(!sitemap.contains("/products/2/"));
    let products = page_data(&dist.join("products.html"));
    assert!(!products.contains("\"id\":2,") && !products.contains("\"draft\""));
    assert!(!read(&dist.join("data/redirects.json")).contains("\"2\":"));

    // 3. Stable product links and aliases.
    let redirects = read(&dist.join("_redirects"));
    let product3 = redirects
        .lines()
        .find(|line| line.starts_with("/products/3 "))
        .expect("a rule for /products/3");
    let route = product3.split_whitespace().nth(1).unwrap().to_string();
    assert!(route.starts_with("/products/3/"), "{route}");
    assert!(
        redirects.contains(&format!("{route} {route} 200\n")),
        "the page is served as it is"
    );
    assert!(
        !dist.join("products/3.html").exists(),
        "no fallback page: the rule, else the 404 page's app"
    );
    assert!(redirects.contains(&format!("/old/catalogue/item-3 {route} 301\n")));
    assert!(
        redirects.ends_with("/products/:id/:slug /products/:id 301\n"),
        "{redirects}"
    );
    let fallback = read(&dist.join("old/catalogue/item-3.html"));
    assert!(
        fallback.contains(&format!("content=\"0; url={route}\"")),
        "{fallback}"
    );
    assert!(fallback.contains(&format!("href=\"https://preview.example.net{route}\"")));

    // 4. The home page: map, hero, stats, and the others' data absent.
    let (map, hero, stats) = (
        home.find("map-section").expect("map"),
        home.find("Delivering Trust and Innovation").expect("hero"),
        home.find("Excellence in Healthcare Support")
            .expect("stats"),
    );
    assert!(map < hero && hero < stats);
    let home_data = page_data(&dist.join("index.html"));
    assert!(
        home_data.contains("\"sections\":[\"map\",\"hero\",\"stats\"]"),
        "{home_data}"
    );
    assert!(!home_data.contains("\"testimonials\"") && !home_data.contains("\"showcase\""));
    // The block routes keep their blocks.
    assert!(page_data(&dist.join("testimonial.html")).contains("\"testimonials\""));
}

#[test]
fn build_with_drafts_publishes_them_marked() {
    let (tmp, content) = content_copy();
    editorial_content(&content);
    let output = build(tmp.path(), "preview", &["--drafts"], &[]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let dist = tmp.path().join("preview");
    let page = fs::read_dir(dist.join("products/2"))
        .expect("product 2's folder")
        .map(|entry| entry.unwrap().path())
        .find(|path| {
            path.extension()
                .is_some_and(|extension| extension == "html")
        })
        .expect("product 2's page");
    assert!(page_data(&page).contains("\"draft\":true"));
    assert!(page_data(&dist.join("products.html")).contains("\"draft\":true"));
    // The default origin when neither the flag nor the environment names one.
    assert!(read(&dist.join("robots.txt")).contains("https://www.example.com/sitemap.xml"));
}

#[test]
fn a_bad_base_url_is_refused_before_anything_is_touched() {
    let tmp = tempfile::tempdir().unwrap();
    for (args, env) in [
        (vec!["build", "--base-url", "preview.example.net"], vec![]),
        (
            vec!["build", "--base-url", "https://x.net/sub/path"],
            vec![],
        ),
        (vec!["build"], vec![("SITEGEN_BASE_URL", "ftp://x.net")]),
        (vec!["serve", "--base-url", "nope"], vec![]),
    ] {
        let output = sitegen_in(tmp.path(), &args, &env);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?} {}",
            text(&output.stderr)
        );
        assert!(
            text(&output.stderr).contains("--base-url"),
            "{}",
            text(&output.stderr)
        );
    }
    assert_eq!(
        fs::read_dir(tmp.path()).unwrap().count(),
        0,
        "nothing written"
    );
}

#[test]
fn check_counts_the_drafts() {
    let (tmp, content) = content_copy();
    let web = repo_root().join("web");
    let check = |tmp: &Path| sitegen_in(tmp, &["check", "--web", web.to_str().unwrap()], &[]);
    let output = check(tmp.path());
    assert!(
        text(&output.stdout).contains(", 0 drafts ("),
        "{}",
        text(&output.stdout)
    );
    editorial_content(&content);
    edit(
        &content.join("certificates.toml"),
        "[[certificate]]\n",
        "[[certificate]]\ndraft = true\n",
    );
    let output = check(tmp.path());
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(
        text(&output.stdout).contains(", 2 drafts ("),
        "{}",
        text(&output.stdout)
    );
}

#[test]
fn an_unknown_or_repeated_home_section_is_a_positioned_error() {
    let (tmp, content) = content_copy();
    edit(
        &content.join("home.toml"),
        "[hero]",
        "sections = [\"hero\", \"testimonial\", \"hero\"]\n\n[hero]",
    );
    let line = read(&content.join("home.toml"))
        .lines()
        .position(|l| l.starts_with("sections"))
        .unwrap()
        + 1;
    let output = sitegen_in(
        tmp.path(),
        &["check", "--web", repo_root().join("web").to_str().unwrap()],
        &[],
    );
    assert_eq!(output.status.code(), Some(1));
    let errors = text(&output.stderr);
    assert!(
        errors.contains(&format!(
            "content/home.toml:{line}:21: error[E0604]: unknown home section \"testimonial\""
        )),
        "{errors}"
    );
    assert!(
        errors.contains("= help: did you mean \"testimonials\"?"),
        "{errors}"
    );
    assert!(errors.contains(&format!(
        "content/home.toml:{line}:36: error[E0605]: home section \"hero\" is listed twice"
    )));
}

#[test]
fn new_appends_a_draft_product_with_the_next_id_and_keeps_the_file() {
    let (tmp, content) = content_copy();
    let web = repo_root().join("web");
    let web = web.to_str().unwrap();
    let products = content.join("products.toml");
    let before = read(&products);

    let refused = sitegen_in(
        tmp.path(),
        &[
            "new",
            "product",
            "--category",
            "dialisys",
            "--title",
            "Portable RO Unit",
            "--web",
            web,
        ],
        &[],
    );
    assert_eq!(refused.status.code(), Some(2));
    let errors = text(&refused.stderr);
    assert!(
        errors.contains("error: unknown category \"dialisys\""),
        "{errors}"
    );
    assert!(
        errors.contains("= help: did you mean \"dialysis\"?"),
        "{errors}"
    );
    assert_eq!(read(&products), before, "nothing written");

    let output = sitegen_in(
        tmp.path(),
        &[
            "new",
            "product",
            "--category",
            "dialysis",
            "--title",
            "Portable RO Unit",
            "--web",
            web,
        ],
        &[],
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let after = read(&products);
    assert!(
        after.starts_with(&before.trim_end().to_string()),
        "the file is kept as it was"
    );
    let max_id = before
        .lines()
        .filter_map(|l| l.strip_prefix("id = ")?.parse::<u32>().ok())
        .max()
        .unwrap();
    let shown = text(&output.stdout);
    let location = shown
        .lines()
        .find(|l| l.starts_with("content/products.toml:"))
        .unwrap_or_else(|| panic!("{shown}"));
    let line: usize = location.rsplit(':').next().unwrap().parse().unwrap();
    let entry: Vec<&str> = after.lines().skip(line - 1).take(7).collect();
    assert_eq!(
        entry,
        [
            "[[product]]".to_string(),
            format!("id = {}", max_id + 1),
            "title = \"Portable RO Unit\"".into(),
            "description = \"Describe Portable RO Unit here.\"".into(),
            "category = \"dialysis\"".into(),
            "subcategory = \"Dialysis Machines\"".into(),
            "draft = true".into(),
        ]
    );
    assert!(
        shown.contains("content/ is valid") && shown.contains(", 1 draft ("),
        "{shown}"
    );

    // A service and a certificate go after the last of their kind.
    for (kind, file) in [
        ("service", "services.toml"),
        ("certificate", "certificates.toml"),
    ] {
        let output = sitegen_in(
            tmp.path(),
            &["new", kind, "--title", "Portable RO Unit", "--web", web],
            &[],
        );
        assert!(output.status.success(), "{kind}: {}", text(&output.stderr));
        assert!(read(&content.join(file)).contains("id = \"portable-ro-unit\""));
        let again = sitegen_in(
            tmp.path(),
            &["new", kind, "--title", "Portable RO Unit", "--web", web],
            &[],
        );
        assert_eq!(again.status.code(), Some(2), "a taken id is refused");
    }
}
