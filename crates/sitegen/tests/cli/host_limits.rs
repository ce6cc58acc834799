//! `sitegen build` warns when the content's own redirects pass a host's documented
//! limit (the stable product links are left out of `_redirects` when they would). A
//! module of `cli.rs`, whose helpers it shares.

use std::fs;

use super::{build_command, edit, small_project};

#[test]
fn a_build_with_more_aliases_than_a_host_takes_warns_naming_the_host_and_the_limit() {
    let (tmp, content) = small_project();
    let aliases: Vec<String> = (0..1_000).map(|n| format!("\"/old/item-{n}\"")).collect();
    edit(
        &content.join("products.toml"),
        "id = 3\n",
        &format!("id = 3\naliases = [{}]\n", aliases.join(", ")),
    );
    let output = build_command(tmp.path(), &[], "content", "dist", &["--jobs", "2"])
        .output()
        .expect("sitegen runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    // 1,000 aliases, the route alias and the 17 listings' page 1: past GitLab's 1,000
    // rules, within the others.
    assert!(
        stderr.contains(
            "dist/_redirects: warning[W0004]: GitLab Pages takes at most 1,000 rules in _redirects; this site has 1,018"
        ),
        "{stderr}"
    );
    assert!(!stderr.contains("Cloudflare Pages takes"), "{stderr}");
    let rules = fs::read_to_string(tmp.path().join("dist/_redirects")).unwrap();
    assert!(
        !rules.contains("/products/:id/:slug"),
        "the product rules are left out: {rules}"
    );
    // The folder aliases still arrive on every host, through their fallback pages.
    assert!(
        fs::read_to_string(tmp.path().join("dist/old/item-999.html"))
            .unwrap()
            .contains("url=/products/3/")
    );
}
