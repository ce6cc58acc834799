//! `sitegen build` warns when the content's own redirects pass a host's documented
//! limit (the stable product links are left out of `_redirects` when they would), and
//! when the output passes another limit of a host; with a host profile (`--host`) the
//! host's limits are errors, and the output is left as it was. A module of `cli.rs`,
//! whose helpers it shares.

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
    // One warning per host whose other limits the site passes: Vercel's routes are the
    // same rules and the 7 header rules.
    assert!(
        stderr.contains(
            "warning[W0006]: Vercel takes at most 1,024 routes in vercel.json (redirects and header rules); this site has 1,025: a deploy would fail"
        ),
        "{stderr}"
    );
    assert_eq!(stderr.matches("[W0006]").count(), 1, "{stderr}");
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

/// `count` aliases of product 3 in `content`'s products.toml.
fn add_aliases(content: &std::path::Path, count: usize) {
    let aliases: Vec<String> = (0..count).map(|n| format!("\"/old/item-{n}\"")).collect();
    edit(
        &content.join("products.toml"),
        "id = 3\n",
        &format!("id = 3\naliases = [{}]\n", aliases.join(", ")),
    );
}

#[test]
fn past_its_hosts_limit_a_build_fails_naming_the_host_and_leaves_the_output_as_it_was() {
    let (tmp, content) = small_project();
    let build = || {
        build_command(
            tmp.path(),
            &[],
            "content",
            "dist",
            &["--jobs", "2", "--host", "vercel"],
        )
        .output()
        .expect("sitegen runs")
    };
    let first = build();
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let dist = tmp.path().join("dist");
    // What Vercel reads, and nothing it does not.
    let config = fs::read_to_string(dist.join("vercel.json")).unwrap();
    assert!(config.contains("\"cleanUrls\": true"), "{config}");
    assert!(!dist.join("_redirects").exists() && !dist.join("_headers").exists());

    add_aliases(&content, 1_020);
    let failed = build();
    let stderr = String::from_utf8_lossy(&failed.stderr);
    assert_eq!(failed.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(
            "dist: error[E0813]: Vercel takes at most 1,024 routes in vercel.json (redirects and header rules); this site has 1,045"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("help: remove old aliases nobody uses"),
        "{stderr}"
    );
    assert!(stderr.contains("was left as it was"), "{stderr}");
    // The last output stays: no rule nor fallback page of the new aliases.
    assert_eq!(
        fs::read_to_string(dist.join("vercel.json")).unwrap(),
        config
    );
    assert!(!dist.join("old/item-0.html").exists());
}

#[test]
fn an_unknown_host_is_refused_before_anything_is_written() {
    let (tmp, _content) = small_project();
    let output = build_command(tmp.path(), &[], "content", "dist", &["--host", "netlfy"])
        .output()
        .expect("sitegen runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("did you mean \"netlify\"?"), "{stderr}");
    assert!(
        stderr.contains(
            "use one of: cloudflare-pages, netlify, vercel, github-pages, gitlab-pages, s3, nginx"
        ),
        "{stderr}"
    );
    assert!(!tmp.path().join("dist").exists());
}

#[test]
fn site_toml_names_the_host_and_the_flag_replaces_it() {
    let (tmp, content) = small_project();
    let site = content.join("site.toml");
    edit(&site, "\n[contact]\n", "\nhost = \"netlfy\"\n\n[contact]\n");
    let build = |extra: &[&str]| {
        let mut args = vec!["--jobs", "2"];
        args.extend_from_slice(extra);
        build_command(tmp.path(), &[], "content", "dist", &args)
            .output()
            .expect("sitegen runs")
    };
    let refused = build(&[]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("error[E0814]: \"netlfy\" is no host sitegen knows"),
        "{stderr}"
    );
    assert!(stderr.contains("did you mean \"netlify\"?"), "{stderr}");
    assert!(!tmp.path().join("dist").exists());

    edit(&site, "host = \"netlfy\"", "host = \"github-pages\"");
    let built = build(&[]);
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let dist = tmp.path().join("dist");
    // GitHub Pages reads neither file; it serves the files as they are.
    assert!(dist.join(".nojekyll").exists());
    assert!(!dist.join("_redirects").exists() && !dist.join("_headers").exists());

    let replaced = build(&["--host", "netlify"]);
    assert!(replaced.status.success());
    assert!(dist.join("_redirects").exists() && dist.join("_headers").exists());
    assert!(!dist.join(".nojekyll").exists());
}
