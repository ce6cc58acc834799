//! Paged listings from the command line: catalogue.toml's `page_size` checked where it
//! is written, and a build that writes each later page with its data chunk, sitemap
//! entry, canonical URL and the redirect of page 1. A module of `cli.rs`.

use std::fs;

use super::{build_command, edit, sitegen_in, small_project, stderr};

fn set_page_size(content: &std::path::Path, value: &str) {
    edit(
        &content.join("catalogue.toml"),
        "[[category]]",
        &format!("page_size = {value}\n\n[[category]]"),
    );
}

#[test]
fn check_reports_a_page_size_of_zero_at_its_place_with_a_hint() {
    let (tmp, content) = small_project();
    set_page_size(&content, "0");
    let output = sitegen_in(tmp.path(), &[], &["check", "--content", "content"]);
    assert_eq!(output.status.code(), Some(1));
    let text = stderr(&output);
    assert!(
        text.contains(
            "content/catalogue.toml:4:13: error[E0105]: \"page_size\" must be at least 1, found 0"
        ),
        "{text}"
    );
    assert!(text.contains("leave it out for 250"), "{text}");
}

#[test]
fn a_build_with_small_pages_writes_each_later_page_of_each_listing() {
    let (tmp, content) = small_project();
    // The first 8 products of the real content, 3 a page: /products has 3 pages.
    set_page_size(&content, "3");
    let output = build_command(tmp.path(), &[], "content", "dist", &["--jobs", "2"])
        .output()
        .expect("sitegen runs");
    assert!(output.status.success(), "{}", stderr(&output));
    let dist = tmp.path().join("dist");
    for page in ["products/page/2", "products/page/3"] {
        let html = fs::read_to_string(dist.join(format!("{page}.html"))).unwrap();
        assert!(
            html.contains(&format!(
                "<link rel=\"canonical\" href=\"https://www.example.com/{page}\">"
            )),
            "{page}"
        );
        assert!(html.contains("aria-label=\"Product pages\""), "{page}");
    }
    assert!(!dist.join("products/page/4.html").exists());
    assert!(!dist.join("products/page/1.html").exists());
    let last: serde_json::Value =
        serde_json::from_str(&super::page_data(&dist.join("products/page/3.html"))).unwrap();
    assert_eq!(last["page"]["products"].as_array().unwrap().len(), 2);
    assert_eq!(last["page"]["paging"]["of"], 3);
    let sitemap = fs::read_to_string(dist.join("sitemap.xml")).unwrap();
    assert!(sitemap.contains("<loc>https://www.example.com/products/page/3</loc>"));
    let rules = fs::read_to_string(dist.join("_redirects")).unwrap();
    assert!(
        rules.contains("/products/page/1 /products 301\n"),
        "{rules}"
    );
}
