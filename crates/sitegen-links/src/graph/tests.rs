use std::collections::BTreeMap;

use super::*;
use crate::html::check_page;
use crate::route_table::RouteTable;

/// A small deterministic random source (xorshift), so that a failing sequence repeats.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[self.below(from.len())]
    }
}

const PAGES: &[&str] = &[
    "index.html",
    "a/index.html",
    "b/index.html",
    "c.html",
    "d/e/index.html",
    "404.html",
];
const OTHER_FILES: &[&str] = &["m/x.png", "m/y.png", "s/1.json", "a/data.json"];
const URLS: &[&str] = &[
    "/",
    "/a",
    "/a/",
    "/b",
    "/c.html",
    "/d/e",
    "/d//e/",
    "/m/x.png",
    "/m/y.png",
    "/s/1.json",
    "/a/data.json",
    "/old",
    "/old/",
    "/gone",
    "/nope",
    "relative",
    "https://exa mple.com",
    "https://example.com/ok",
    "/a#top",
    "/%zz",
    "#top",
    "/x/../a",
];
const ALIASES: &[&str] = &["/old", "/b", "/gone/", "/m/x.png"];

/// A site: each file's text (a page's markup), its `_redirects`, and the links of the
/// frame some pages are written in.
#[derive(Clone, Default)]
struct Site {
    files: BTreeMap<String, String>,
    redirects: String,
    frame: Vec<String>,
    framed: HashSet<String>,
}

impl Site {
    fn links(urls: &[String]) -> String {
        urls.iter()
            .map(|url| format!("<a href=\"{url}\">x</a>\n"))
            .collect()
    }

    fn page(&self, page: &str, own: &[String]) -> String {
        if self.framed.contains(page) {
            format!(
                "<header>{}</header>{}",
                Self::links(&self.frame),
                Self::links(own)
            )
        } else {
            Self::links(own)
        }
    }

    fn index(&self) -> OutputIndex {
        OutputIndex::new(self.files.keys().cloned().collect(), &self.redirects)
    }

    /// What a whole check of the site reports.
    fn full_check(&self) -> Vec<Diagnostic> {
        let index = self.index();
        index
            .pages()
            .into_iter()
            .flat_map(|page| {
                check_page(
                    &self.files[page],
                    &format!("dist/{page}"),
                    &index,
                    &RouteTable::of_site(),
                )
            })
            .collect()
    }

    /// The graph of a whole check of the site, with its problems.
    fn whole_graph(&self, frame: &UrlGroup) -> (LinkGraph, Vec<Diagnostic>) {
        let index = self.index();
        let checked = index
            .pages()
            .into_iter()
            .map(|page| (page.to_string(), self.check(page, frame, &index)))
            .collect();
        LinkGraph::new(self.index(), checked)
    }

    /// The check of `page`, its URLs in two groups: the frame's (one group shared by
    /// every framed page) and its own.
    fn check(&self, page: &str, frame: &UrlGroup, index: &OutputIndex) -> PageCheck {
        let html = &self.files[page];
        let problems = check_page(html, &format!("dist/{page}"), index, &RouteTable::of_site());
        let mut seen = HashSet::new();
        let all: Vec<String> = crate::page_urls(html)
            .filter(|url| seen.insert(url.clone()))
            .collect();
        let mut urls = vec![UrlGroup::from(all)];
        if self.framed.contains(page) {
            urls.push(frame.clone());
        }
        PageCheck { urls, problems }
    }
}

fn random_urls(dice: &mut Dice) -> Vec<String> {
    (0..dice.below(4))
        .map(|_| dice.pick(URLS).to_string())
        .collect()
}

/// One random edit: a page written (new or changed), a file removed or added, the
/// redirects or the frame changed.
fn edit(site: &mut Site, dice: &mut Dice) {
    match dice.below(6) {
        0 | 1 => {
            let page = dice.pick(PAGES);
            if dice.below(3) == 0 {
                site.framed.insert(page.to_string());
            }
            let html = site.page(page, &random_urls(dice));
            site.files.insert(page.to_string(), html);
        }
        2 => {
            let kind = if dice.below(2) == 0 {
                PAGES
            } else {
                OTHER_FILES
            };
            let file = dice.pick(kind);
            site.files.remove(file);
        }
        3 => {
            site.files
                .insert(dice.pick(OTHER_FILES).to_string(), String::new());
        }
        4 => {
            site.redirects = (0..dice.below(3))
                .map(|_| format!("{} /a 301\n", dice.pick(ALIASES)))
                .collect();
        }
        _ => {
            site.frame = random_urls(dice);
            let framed: Vec<String> = site
                .framed
                .iter()
                .filter(|page| site.files.contains_key(*page))
                .cloned()
                .collect();
            for page in framed {
                // Its own links stay: they are what follows the frame's.
                let own_start = site.files[&page].find("</header>").map_or(0, |at| at + 9);
                let own = site.files[&page][own_start..].to_string();
                let html = format!("<header>{}</header>{own}", Site::links(&site.frame));
                site.files.insert(page, html);
            }
        }
    }
}

#[test]
fn an_incremental_check_reports_what_a_whole_check_reports_after_any_edits() {
    for seed in 1..=300u64 {
        let mut dice = Dice(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut site = Site::default();
        for _ in 0..4 {
            edit(&mut site, &mut dice);
        }
        let mut frame = UrlGroup::from(site.frame.clone());
        let (mut graph, problems) = site.whole_graph(&frame);
        assert_eq!(problems, site.full_check(), "seed {seed}, first check");
        for step in 0..25 {
            let before = site.clone();
            for _ in 0..=dice.below(3) {
                edit(&mut site, &mut dice);
            }
            if site.frame != before.frame {
                frame = UrlGroup::from(site.frame.clone());
            }
            let changed: HashSet<&str> = site
                .files
                .iter()
                .filter(|(file, html)| before.files.get(*file) != Some(html))
                .map(|(file, _)| file.as_str())
                .collect();
            let index = site.index();
            let checked = graph
                .pages_to_check(&index, &changed)
                .into_iter()
                .map(|page| (page.to_string(), site.check(page, &frame, &index)))
                .collect();
            let problems = graph.update(index, checked);
            assert_eq!(problems, site.full_check(), "seed {seed}, step {step}");
        }
    }
}

#[test]
fn only_the_changed_page_and_the_pages_linking_to_a_name_that_went_are_checked_again() {
    let mut site = Site::default();
    let page = |urls: &[&str]| Site::links(&urls.iter().map(|u| u.to_string()).collect::<Vec<_>>());
    site.files
        .insert("index.html".into(), page(&["/a", "/m/x.png"]));
    site.files.insert("a/index.html".into(), page(&["/"]));
    site.files
        .insert("b/index.html".into(), page(&["/a", "/s/1.json"]));
    site.files.insert("m/x.png".into(), String::new());
    site.files.insert("s/1.json".into(), String::new());
    let (graph, problems) = site.whole_graph(&UrlGroup::from(Vec::new()));
    assert!(problems.is_empty(), "{problems:?}");

    // One page's text changed, a file nobody links to added: that page alone.
    site.files.insert("a/index.html".into(), page(&["/", "/b"]));
    site.files.insert("s/2.json".into(), String::new());
    let changed = HashSet::from(["a/index.html"]);
    assert_eq!(
        graph.pages_to_check(&site.index(), &changed),
        ["a/index.html"]
    );

    // A file gone: the pages linking to it too.
    site.files.remove("m/x.png");
    assert_eq!(
        graph.pages_to_check(&site.index(), &changed),
        ["a/index.html", "index.html"]
    );
}
