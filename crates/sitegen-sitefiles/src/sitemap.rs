//! The files that tell search engines what the site holds: `sitemap.xml`, listing
//! every route meant for them with the date it last changed (a [`Day`]), and
//! `robots.txt`, which points to it. Past the sitemaps protocol's limits of a file
//! (50,000 URLs, 50 MB uncompressed), `sitemap.xml` becomes an index of parts
//! (`sitemap-1.xml`, …), so that `robots.txt` names the same file whatever the size.

use std::ops::Range;

use crate::Day;

/// The most URLs and bytes one sitemap file may hold.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub urls: usize,
    pub bytes: usize,
}

/// The sitemaps protocol's limits (sitemaps.org): 50,000 URLs and 50 MB (52,428,800
/// bytes) a file, uncompressed; an index takes as many sitemaps.
pub const PROTOCOL_LIMITS: Limits = Limits {
    urls: 50_000,
    bytes: 52_428_800,
};

/// The file that robots.txt names: the one list, or the index of the parts.
pub const SITEMAP_FILE: &str = "sitemap.xml";

const XML_DECLARATION: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
const URLSET_START: &str = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
const URLSET_END: &str = "</urlset>\n";
const INDEX_START: &str = "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
const INDEX_END: &str = "</sitemapindex>\n";

/// One URL of the sitemap and the day its page last changed.
pub struct SitemapUrl {
    pub loc: String,
    pub lastmod: Day,
}

/// The sitemap's files (name in the output, text) for `urls`: `sitemap.xml` alone
/// while they fit `limits`, else `sitemap.xml` indexing `sitemap-1.xml`, … (their URLs
/// under `base_url`), each part as full as the limits let it be, in order. The index
/// dates each part by its newest page.
pub fn sitemap_files(urls: &[SitemapUrl], base_url: &str, limits: Limits) -> Vec<(String, String)> {
    let entries: Vec<String> = urls.iter().map(url_entry).collect();
    let parts = split(entries.iter().map(String::len), limits);
    if parts.len() <= 1 {
        return vec![(SITEMAP_FILE.to_string(), urlset(&entries))];
    }
    let mut index = format!("{XML_DECLARATION}{INDEX_START}");
    let mut files = Vec::with_capacity(parts.len() + 1);
    for (number, part) in parts.into_iter().enumerate() {
        let name = sitegen_hosts::names::sitemap_part_file(number + 1);
        let newest = urls[part.clone()].iter().map(|url| &url.lastmod).max();
        index.push_str("  <sitemap><loc>");
        index.push_str(&crate::markup::escape(&sitegen_content::absolute_url(
            base_url,
            &format!("/{name}"),
        )));
        index.push_str("</loc>");
        if let Some(newest) = newest {
            index.push_str(&format!("<lastmod>{}</lastmod>", newest.as_str()));
        }
        index.push_str("</sitemap>\n");
        files.push((name, urlset(&entries[part])));
    }
    index.push_str(INDEX_END);
    files.insert(0, (SITEMAP_FILE.to_string(), index));
    files
}

/// The `<url>` element of `url`, on a line of its own.
fn url_entry(url: &SitemapUrl) -> String {
    format!(
        "  <url><loc>{}</loc><lastmod>{}</lastmod></url>\n",
        crate::markup::escape(&url.loc),
        url.lastmod.as_str()
    )
}

/// A `<urlset>` of `entries`.
fn urlset(entries: &[String]) -> String {
    let mut xml = String::with_capacity(
        XML_DECLARATION.len()
            + URLSET_START.len()
            + entries.iter().map(String::len).sum::<usize>()
            + URLSET_END.len(),
    );
    xml.push_str(XML_DECLARATION);
    xml.push_str(URLSET_START);
    for entry in entries {
        xml.push_str(entry);
    }
    xml.push_str(URLSET_END);
    xml
}

/// The ranges of entries (their byte lengths `lengths`, in order) that make the files
/// of a sitemap: one while every entry fits a file within `limits`, else as few parts
/// as filling each in order gives. A part always takes at least one entry.
fn split(lengths: impl Iterator<Item = usize>, limits: Limits) -> Vec<Range<usize>> {
    let frame = XML_DECLARATION.len() + URLSET_START.len() + URLSET_END.len();
    let mut parts = Vec::new();
    let (mut start, mut count, mut bytes) = (0, 0, frame);
    for (at, length) in lengths.enumerate() {
        if count > 0 && (count == limits.urls || bytes + length > limits.bytes) {
            parts.push(start..at);
            (start, count, bytes) = (at, 0, frame);
        }
        count += 1;
        bytes += length;
    }
    if count > 0 {
        parts.push(start..start + count);
    }
    parts
}

/// `robots.txt` allowing everything and pointing to the sitemap.
pub fn robots(base_url: &str) -> String {
    format!(
        "User-agent: *\nAllow: /\n\nSitemap: {}\n",
        sitegen_content::absolute_url(base_url, &format!("/{SITEMAP_FILE}"))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(loc: &str, lastmod: &str) -> SitemapUrl {
        SitemapUrl {
            loc: loc.to_string(),
            lastmod: Day::from_text(lastmod),
        }
    }

    fn urls(count: usize) -> Vec<SitemapUrl> {
        (0..count)
            .map(|n| url(&format!("https://e.com/p/{n}"), "2026-01-01"))
            .collect()
    }

    fn names(files: &[(String, String)]) -> Vec<&str> {
        files.iter().map(|(name, _)| name.as_str()).collect()
    }

    fn locs(xml: &str) -> Vec<&str> {
        xml.split("<loc>")
            .skip(1)
            .map(|rest| &rest[..rest.find("</loc>").unwrap()])
            .collect()
    }

    const ROOMY: Limits = Limits {
        urls: 3,
        bytes: 1 << 20,
    };

    #[test]
    fn a_sitemap_within_the_limits_is_one_list_with_escaped_urls_and_their_dates() {
        let files = sitemap_files(
            &[url("https://e.com/a?b&c", "2026-12-06")],
            "https://e.com",
            ROOMY,
        );
        assert_eq!(names(&files), ["sitemap.xml"]);
        let xml = &files[0].1;
        assert!(xml.starts_with(XML_DECLARATION), "{xml}");
        assert!(
            xml.contains(
                "<url><loc>https://e.com/a?b&amp;c</loc><lastmod>2026-12-06</lastmod></url>"
            ),
            "{xml}"
        );
        assert!(xml.ends_with(URLSET_END));
        let full = sitemap_files(&urls(3), "https://e.com", ROOMY);
        assert_eq!(names(&full), ["sitemap.xml"]);
    }

    #[test]
    fn past_the_url_limit_the_sitemap_is_an_index_of_full_parts_in_order() {
        let files = sitemap_files(&urls(7), "https://e.com", ROOMY);
        assert_eq!(
            names(&files),
            [
                "sitemap.xml",
                "sitemap-1.xml",
                "sitemap-2.xml",
                "sitemap-3.xml"
            ]
        );
        assert!(files[0].1.contains("<sitemapindex"), "{}", files[0].1);
        assert_eq!(
            locs(&files[0].1),
            [
                "https://e.com/sitemap-1.xml",
                "https://e.com/sitemap-2.xml",
                "https://e.com/sitemap-3.xml"
            ]
        );
        let listed: Vec<&str> = files[1..].iter().flat_map(|(_, xml)| locs(xml)).collect();
        let all = urls(7);
        assert_eq!(
            listed,
            all.iter().map(|u| u.loc.as_str()).collect::<Vec<_>>()
        );
        assert_eq!(locs(&files[3].1).len(), 1);
    }

    #[test]
    fn past_the_byte_limit_the_sitemap_splits_and_no_part_passes_it() {
        let all = urls(10);
        let one = sitemap_files(&all, "https://e.com", ROOMY_URLS);
        let whole = one[0].1.len();
        let limits = Limits {
            urls: 100,
            bytes: whole / 2,
        };
        let files = sitemap_files(&all, "https://e.com", limits);
        assert!(files.len() >= 3, "{:?}", names(&files));
        for (name, xml) in &files[1..] {
            assert!(xml.len() <= limits.bytes, "{name}: {} bytes", xml.len());
            assert!(xml.ends_with(URLSET_END));
        }
        let listed = files[1..]
            .iter()
            .map(|(_, xml)| locs(xml).len())
            .sum::<usize>();
        assert_eq!(listed, 10);
    }

    const ROOMY_URLS: Limits = Limits {
        urls: 100,
        bytes: 1 << 20,
    };

    #[test]
    fn the_index_dates_each_part_by_its_newest_page() {
        let files = sitemap_files(
            &[
                url("https://e.com/a", "2026-03-01"),
                url("https://e.com/b", "2026-05-09"),
                url("https://e.com/c", "2026-04-30"),
                url("https://e.com/d", "2025-01-01"),
            ],
            "https://e.com",
            Limits {
                urls: 3,
                bytes: 1 << 20,
            },
        );
        let index = &files[0].1;
        assert!(
            index.contains(
                "<sitemap><loc>https://e.com/sitemap-1.xml</loc><lastmod>2026-05-09</lastmod></sitemap>"
            ),
            "{index}"
        );
        assert!(
            index.contains(
                "<sitemap><loc>https://e.com/sitemap-2.xml</loc><lastmod>2025-01-01</lastmod></sitemap>"
            ),
            "{index}"
        );
    }

    #[test]
    fn an_entry_larger_than_the_byte_limit_still_gets_a_part() {
        let parts = split(
            [10, 500, 10].into_iter(),
            Limits {
                urls: 10,
                bytes: 200,
            },
        );
        assert_eq!(parts, [0..1, 1..2, 2..3]);
    }

    /// The protocol's own numbers, on entry lengths alone (no 50 MB built).
    #[test]
    fn the_protocol_limits_are_50_000_urls_and_50_mb_a_file() {
        let short = 60;
        assert_eq!(
            split(std::iter::repeat_n(short, 50_000), PROTOCOL_LIMITS).len(),
            1
        );
        assert_eq!(
            split(std::iter::repeat_n(short, 50_001), PROTOCOL_LIMITS),
            [0..50_000, 50_000..50_001]
        );
        // 2,000-byte entries: as many as fit beside the frame, then one more.
        let long = 2_000;
        let frame = XML_DECLARATION.len() + URLSET_START.len() + URLSET_END.len();
        let fit = (PROTOCOL_LIMITS.bytes - frame) / long;
        assert_eq!(
            split(std::iter::repeat_n(long, fit), PROTOCOL_LIMITS).len(),
            1
        );
        assert_eq!(
            split(std::iter::repeat_n(long, fit + 1), PROTOCOL_LIMITS),
            [0..fit, fit..fit + 1]
        );
    }

    #[test]
    fn robots_names_the_sitemap() {
        assert_eq!(
            robots("https://e.com"),
            "User-agent: *\nAllow: /\n\nSitemap: https://e.com/sitemap.xml\n"
        );
    }
}
