//! The URLs of the pages a build writes, gathered as it writes each one, for the link
//! check: it then reads no page back from disk, and it parses and checks the markup of
//! a frame (shared by thousands of product pages) once, not once a page. A page with a
//! problem is checked again whole, from its file, to tell where the problem is.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock};

use sitegen_buildcache::cache::Key;
use sitegen_links::UrlGroup;
use sitegen_workers::rendered::Markup;

/// The URLs of a frame's markup, and whether they are all fine (known once checked).
struct FrameUrls {
    urls: UrlGroup,
    fine: OnceLock<bool>,
}

/// The URLs of a written page: its own, and its frame's.
struct PageUrls {
    own: UrlGroup,
    frame: Option<Arc<FrameUrls>>,
}

/// The URLs of the pages written so far, by their path in the output.
#[derive(Default)]
pub struct PageLinks {
    pages: Mutex<HashMap<String, PageUrls>>,
    frames: Mutex<HashMap<Key, Arc<FrameUrls>>>,
}

impl PageLinks {
    /// Gathers the URLs of the page written at `relative` as `html`, whose body is
    /// `markup` if it was prerendered.
    pub fn add(&self, relative: &str, html: &str, markup: Option<&Markup>) {
        let page = match markup.and_then(|markup| frame_around(html, markup)) {
            Some((outside, frame)) => PageUrls {
                own: unique(outside.into_iter().flat_map(sitegen_links::page_urls)),
                frame: Some(self.frame_urls(frame)),
            },
            None => PageUrls {
                own: unique(sitegen_links::page_urls(html)),
                frame: None,
            },
        };
        self.pages
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(relative.to_string(), page);
    }

    fn frame_urls(&self, frame: &sitegen_workers::rendered::Frame) -> Arc<FrameUrls> {
        let mut frames = self.frames.lock().unwrap_or_else(|p| p.into_inner());
        frames
            .entry(frame.key.clone())
            .or_insert_with(|| {
                let markup = &frame.markup;
                let urls = [markup.before.as_str(), &markup.after];
                Arc::new(FrameUrls {
                    urls: unique(urls.into_iter().flat_map(sitegen_links::page_urls)),
                    fine: OnceLock::new(),
                })
            })
            .clone()
    }

    /// The pages gathered, for the link check.
    pub fn into_gathered(self) -> GatheredLinks {
        GatheredLinks {
            pages: self.pages.into_inner().unwrap_or_else(|p| p.into_inner()),
        }
    }
}

/// The URLs of every page a build wrote.
pub struct GatheredLinks {
    pages: HashMap<String, PageUrls>,
}

impl GatheredLinks {
    /// Whether the page at `relative` was written by this build and none of its URLs
    /// has a problem (`has_problem` tells); false for a page to check from its file.
    pub fn all_fine(&self, relative: &str, has_problem: &(dyn Fn(&str) -> bool + Sync)) -> bool {
        let Some(page) = self.pages.get(relative) else {
            return false;
        };
        let frame_fine = page.frame.as_ref().is_none_or(|frame| {
            *frame
                .fine
                .get_or_init(|| !frame.urls.iter().any(|url| has_problem(url)))
        });
        frame_fine && !page.own.iter().any(|url| has_problem(url))
    }

    /// The URLs of the page at `relative`, if this build wrote it: its own and its
    /// frame's (a group shared by every page of that frame).
    pub fn url_groups(&self, relative: &str) -> Option<Vec<UrlGroup>> {
        let page = self.pages.get(relative)?;
        let frame = page.frame.as_ref().map(|frame| frame.urls.clone());
        Some([page.own.clone()].into_iter().chain(frame).collect())
    }
}

/// `html` without its body's frame (the parts before, between and after the frame's
/// markup), and that frame; `None` if the body is not framed, or not found in `html`.
fn frame_around<'h, 'm>(
    html: &'h str,
    markup: &'m Markup,
) -> Option<([&'h str; 3], &'m sitegen_workers::rendered::Frame)> {
    let Markup::Framed { frame, screen, .. } = markup else {
        return None;
    };
    let (before, after) = (&frame.markup.before, &frame.markup.after);
    let frame_start = find_long(html, before)?;
    let screen_start = frame_start + before.len();
    let after_start = screen_start + screen.len();
    if !html.get(after_start..)?.starts_with(after.as_str()) {
        return None;
    }
    Some((
        [
            &html[..frame_start],
            &html[screen_start..after_start],
            &html[after_start + after.len()..],
        ],
        frame,
    ))
}

/// Where `needle` first starts in `haystack`. `str::find` prepares a search over the
/// whole needle, and a frame's markup is about 20 KB: that preparation, on every page,
/// cost more than the rest of gathering its links. This looks for the needle's first
/// few bytes and compares the rest where they are.
fn find_long(haystack: &str, needle: &str) -> Option<usize> {
    let mut probe_end = needle.len().min(64);
    while !needle.is_char_boundary(probe_end) {
        probe_end -= 1;
    }
    haystack
        .match_indices(&needle[..probe_end])
        .map(|(start, _)| start)
        .find(|&start| haystack[start..].starts_with(needle))
}

/// Each URL once, in the order first seen.
fn unique(urls: impl Iterator<Item = String>) -> UrlGroup {
    let mut seen = HashSet::new();
    urls.filter(|url| seen.insert(url.clone())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sitegen_workers::rendered::{Frame, FrameMarkup};

    fn framed_page(screen: &str) -> (String, Markup) {
        let frame = Arc::new(Frame::new(FrameMarkup {
            before: r#"<header><a href="/">Home</a><a href="/products">All</a></header><main>"#
                .into(),
            after: r#"</main><footer><a href="/contact">Contact</a></footer>"#.into(),
        }));
        let markup = Markup::Framed {
            frame,
            hoisted: r#"<link rel="preload" href="/media/a.webp">"#.into(),
            screen: screen.into(),
        };
        let html = format!(
            r#"<html><head><link href="/assets/app.css"></head><body><div id="root">{}</div></body></html>"#,
            markup.html()
        );
        (html, markup)
    }

    #[test]
    fn a_framed_page_has_the_urls_of_the_whole_page() {
        let (html, markup) =
            framed_page(r#"<h1>A</h1><a href="/products/1/a">A</a><a href="/">Home</a>"#);
        let links = PageLinks::default();
        links.add("products/1/a/index.html", &html, Some(&markup));
        let page = &links.pages.lock().unwrap()["products/1/a/index.html"];
        let gathered: HashSet<&String> = page
            .own
            .iter()
            .chain(page.frame.as_ref().unwrap().urls.iter())
            .collect();
        let whole: Vec<String> = sitegen_links::page_urls(&html).collect();
        assert_eq!(gathered, whole.iter().collect());
        assert_eq!(
            *page.frame.as_ref().unwrap().urls,
            ["/", "/products", "/contact"]
        );
    }

    #[test]
    fn a_frame_is_checked_once_and_a_page_with_a_problem_or_unknown_is_not_fine() {
        let links = PageLinks::default();
        for (name, screen) in [("a", "<p>A</p>"), ("b", r#"<a href="/nowhere">x</a>"#)] {
            let (html, markup) = framed_page(screen);
            links.add(&format!("{name}.html"), &html, Some(&markup));
        }
        links.add("plain.html", r#"<a href="/contact">c</a>"#, None);
        let gathered = links.into_gathered();
        let checked = Mutex::new(Vec::new());
        let has_problem = |url: &str| {
            checked.lock().unwrap().push(url.to_string());
            url == "/nowhere"
        };
        assert!(gathered.all_fine("a.html", &has_problem));
        assert!(!gathered.all_fine("b.html", &has_problem));
        assert!(gathered.all_fine("plain.html", &has_problem));
        assert!(!gathered.all_fine("kept-from-the-last-build.html", &has_problem));
        let checked = checked.into_inner().unwrap();
        assert_eq!(checked.iter().filter(|url| *url == "/products").count(), 1);
    }

    #[test]
    fn a_long_needle_is_found_where_it_starts_whole() {
        let needle = format!("<nav>{}</nav>é", "x".repeat(100));
        let near_miss = format!("<nav>{}</nav>", "x".repeat(100));
        let haystack = format!("{near_miss}<p>{needle}{needle}");
        assert_eq!(find_long(&haystack, &needle), haystack.find(&needle));
        assert_eq!(find_long(&near_miss, &needle), None);
        assert_eq!(find_long("aé", "é"), Some(1));
        assert_eq!(find_long("abc", ""), Some(0));
    }

    #[test]
    fn a_body_not_found_in_its_page_is_gathered_whole() {
        let (html, markup) = framed_page("<p>A</p>");
        let altered = html.replace("<main>", "<main class=\"x\">");
        let links = PageLinks::default();
        links.add("a.html", &altered, Some(&markup));
        let page = &links.pages.lock().unwrap()["a.html"];
        assert!(page.frame.is_none());
        assert!(page.own.contains(&"/contact".to_string()));
    }
}
