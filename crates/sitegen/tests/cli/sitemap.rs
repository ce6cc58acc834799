//! The sitemap's `<lastmod>` dates from the command line: kept by a build that changes
//! nothing, moved for the pages an edit changes only, the build's date taken from
//! `SOURCE_DATE_EPOCH`. A module of `cli.rs`.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use super::{build_command, edit, small_project, stderr};

/// The first of January to April 2026 at 00:00 UTC, in seconds since 1970.
const JANUARY: &str = "1767225600";
const FEBRUARY: &str = "1769904000";
const MARCH: &str = "1772323200";
const APRIL: &str = "1775001600";

/// Builds `content` into `dist` of `project` with `SOURCE_DATE_EPOCH` set to `epoch`;
/// answers the build's warnings and its sitemap.
fn build_dated(project: &Path, epoch: &str) -> (String, String) {
    let output = build_command(
        project,
        &[("SOURCE_DATE_EPOCH", epoch)],
        "content",
        "dist",
        &["--jobs", "2"],
    )
    .output()
    .expect("sitegen runs");
    assert!(output.status.success(), "{}", stderr(&output));
    let xml = fs::read_to_string(project.join("dist/sitemap.xml")).unwrap();
    (stderr(&output), xml)
}

/// Builds `content` into `dist` of `project` on the day `epoch`; answers the sitemap's
/// date of each URL.
fn build_on(project: &Path, epoch: &str) -> BTreeMap<String, String> {
    let (_, xml) = build_dated(project, epoch);
    assert!(xml.contains("<urlset"), "{xml}");
    xml.split("<url>")
        .skip(1)
        .map(|entry| {
            let between = |start: &str, end: &str| {
                let from = entry.find(start).unwrap() + start.len();
                entry[from..from + entry[from..].find(end).unwrap()].to_string()
            };
            (
                between("<loc>", "</loc>"),
                between("<lastmod>", "</lastmod>"),
            )
        })
        .collect()
}

#[test]
fn lastmod_dates_stay_put_until_a_page_changes_and_then_move_for_its_pages_alone() {
    let (tmp, content) = small_project();
    let first = build_on(tmp.path(), JANUARY);
    assert!(first.len() > 20, "{first:?}");
    assert!(first.values().all(|date| date == "2026-01-01"), "{first:?}");

    // Nothing changed: every date, and so the file, is as it was.
    let before = fs::read(tmp.path().join("dist/sitemap.xml")).unwrap();
    assert_eq!(build_on(tmp.path(), FEBRUARY), first);
    assert_eq!(
        fs::read(tmp.path().join("dist/sitemap.xml")).unwrap(),
        before
    );

    // A new description shows on the product's page alone.
    edit(
        &content.join("products.toml"),
        "title = \"Slit Lamp\"\ndescription = \"",
        "title = \"Slit Lamp\"\ndescription = \"Now with a new lamp. ",
    );
    let described = build_on(tmp.path(), MARCH);
    assert_eq!(
        dated_on(&described, "2026-03-01"),
        ["https://www.example.com/products/1/slit-lamp"]
    );
    assert_eq!(described.len(), first.len());

    // A new title shows on the product's (new) page, the listings and the products
    // that list it as related; the rest keep their dates.
    edit(
        &content.join("products.toml"),
        "title = \"Auto Refractometer\"",
        "title = \"Auto Refractometer Pro\"",
    );
    let renamed = build_on(tmp.path(), APRIL);
    let moved = dated_on(&renamed, "2026-04-01");
    for url in [
        "https://www.example.com/products/2/auto-refractometer-pro",
        "https://www.example.com/products",
        "https://www.example.com/products/category/ophthalmic",
    ] {
        assert!(moved.contains(&url), "{url} not dated anew: {moved:?}");
    }
    assert!(!renamed.contains_key("https://www.example.com/products/2/auto-refractometer"));
    for url in &moved {
        assert!(
            url.contains("/products"),
            "{url} does not show the product: {moved:?}"
        );
    }
    assert_eq!(renamed["https://www.example.com/aboutUs"], "2026-01-01");
    // Dated by its new description or by its related product's new title, not before.
    assert_ne!(
        renamed["https://www.example.com/products/1/slit-lamp"],
        "2026-01-01"
    );
}

/// The URLs of `dates` dated `day`.
fn dated_on<'a>(dates: &'a BTreeMap<String, String>, day: &str) -> Vec<&'a str> {
    dates
        .iter()
        .filter(|(_, date)| *date == day)
        .map(|(url, _)| url.as_str())
        .collect()
}

#[test]
fn a_source_date_epoch_that_is_no_unix_time_is_a_warning_and_the_clock_dates_the_pages() {
    let (tmp, _content) = small_project();
    let (text, xml) = build_dated(tmp.path(), "yesterday");
    assert!(text.contains("W0009"), "{text}");
    assert!(text.contains("\"yesterday\""), "{text}");
    assert!(xml.contains("<lastmod>20"), "{xml}");
}
