//! The date each page of the sitemap last changed (its `<lastmod>`), kept between
//! builds in the build cache (`lastmod/`), one store per output folder: each sitemap
//! URL with a hash of its route's data and the date that hash was first seen. A page
//! whose data hashes the same keeps its date; a new or changed one gets the build's
//! date. The hash is of the data the page carries (title, description, breadcrumb and
//! the screen's data), not of its HTML: a new web bundle changes every page's asset
//! names but no page's content, and must not date every page anew.
//!
//! The store is history, not a cache of a computation: `--no-cache` still reads it.
//! Without it (a fresh clone, a CI run that keeps no cache) every page gets the
//! build's date.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use sitegen_routes::PlannedRoute;
pub use sitegen_sitefiles::{Day, SOURCE_DATE_EPOCH};
use sitegen_workers::{write_atomically, Key};

/// Bumped whenever the store's meaning changes (what is hashed): it names the stores,
/// so an older one is not found and every page is dated anew once.
const VERSION: u32 = 1;

/// The sub-folder of the build cache that holds one store per output folder.
const STORES: &str = "lastmod";

/// What a page shows of its route, declared once: what, changed, dates the page anew.
/// Its hash is stored with the date ([`content_hash`]), and a remembered route showing
/// the same keeps its hash ([`RouteHashes::hash`]).
struct Shown<'r> {
    title: &'r str,
    description: &'r str,
    breadcrumb: &'r [(String, String)],
    page: &'r Arc<RawValue>,
}

impl<'r> Shown<'r> {
    fn of(route: &'r PlannedRoute) -> Self {
        // Every field named, so that one added to a route is placed here or left out
        // on purpose.
        let PlannedRoute {
            path: _,
            title,
            description,
            page,
            in_sitemap: _,
            breadcrumb,
            product: _,
        } = route;
        Self {
            title,
            description,
            breadcrumb,
            page,
        }
    }

    fn hash(&self) -> Key {
        let breadcrumb = serde_json::to_vec(self.breadcrumb).unwrap_or_default();
        Key::of(&[
            self.title.as_bytes(),
            self.description.as_bytes(),
            &breadcrumb,
            self.page.get().as_bytes(),
        ])
    }

    /// Whether it is the same as `last`; the page data by identity, as a warm planner
    /// keeps it where a view is unchanged (other data is hashed again).
    fn same_as(&self, last: &Shown) -> bool {
        Arc::ptr_eq(self.page, last.page)
            && self.title == last.title
            && self.description == last.description
            && self.breadcrumb == last.breadcrumb
    }
}

/// The hash of what a page shows of its route ([`Shown`]).
pub fn content_hash(route: &PlannedRoute) -> Key {
    Shown::of(route).hash()
}

/// A warm builder's [`content_hash`] of each sitemap route of its last build, by path,
/// with the route it was taken of: a route planned again from the same page data (the
/// planner reuses it where a view is unchanged) is not hashed again, so that after an
/// edit the hashing is of the pages it changed.
#[derive(Default)]
pub struct RouteHashes {
    by_path: HashMap<String, (PlannedRoute, Key)>,
}

impl RouteHashes {
    /// The hash of `route`, and whether it is the remembered one (the same route).
    pub fn hash(&self, route: &PlannedRoute) -> (Key, bool) {
        let shown = Shown::of(route);
        match self.by_path.get(&route.path) {
            Some((last, key)) if shown.same_as(&Shown::of(last)) => (key.clone(), true),
            _ => (shown.hash(), false),
        }
    }

    /// Remembers the hashes of `routes` ([`RouteHashes::hash`] of each), to reuse in
    /// the next build: only the routes not remembered are copied (after an edit, the
    /// few it changed), and the routes no longer listed are forgotten.
    pub fn update(&mut self, routes: &[&PlannedRoute], hashes: &[(Key, bool)]) {
        for (route, (key, remembered)) in routes.iter().zip(hashes) {
            if !remembered {
                let entry = ((*route).clone(), key.clone());
                self.by_path.insert(route.path.clone(), entry);
            }
        }
        // Every listed path is in the map now: more entries are of routes gone.
        if self.by_path.len() != routes.len() {
            let listed: HashSet<&str> = routes.iter().map(|route| route.path.as_str()).collect();
            self.by_path
                .retain(|path, _| listed.contains(path.as_str()));
        }
    }
}

/// One URL's entry: the hash its page had and the day it was first seen with it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Seen {
    hash: Key,
    since: Day,
}

/// The dates of one output folder's sitemap URLs.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Lastmods {
    urls: HashMap<String, Seen>,
}

impl Lastmods {
    /// The date of each of `pages` (URL and content hash) for a build on `today`: the
    /// stored one where the hash is the stored one, else `today`. Answers them in order,
    /// with the store that remembers exactly these pages.
    pub fn dated(self, pages: &[(String, Key)], today: &Day) -> (Vec<Day>, Lastmods) {
        let mut last = self.urls;
        let mut urls = HashMap::with_capacity(pages.len());
        let mut dates = Vec::with_capacity(pages.len());
        for (url, hash) in pages {
            let seen = match last.remove(url) {
                Some(seen) if seen.hash == *hash => seen,
                _ => Seen {
                    hash: hash.clone(),
                    since: today.clone(),
                },
            };
            dates.push(seen.since.clone());
            urls.insert(url.clone(), seen);
        }
        (dates, Lastmods { urls })
    }
}

/// Where the store of the output folder `out_dir` lies in the build cache `cache_dir`:
/// named by the folder's absolute path, as its record (`sitegen-buildcache`'s `record.rs`), so that a
/// preview folder (drafts shown) keeps dates of its own.
pub fn path_for(cache_dir: &Path, out_dir: &Path) -> PathBuf {
    // Through its parent, which exists before the first build does, so that a path
    // through a link names the same store before and after.
    let absolute = fs::canonicalize(out_dir)
        .or_else(|_| match (out_dir.parent(), out_dir.file_name()) {
            (Some(parent), Some(name)) => fs::canonicalize(if parent.as_os_str().is_empty() {
                Path::new(".")
            } else {
                parent
            })
            .map(|parent| parent.join(name)),
            _ => std::path::absolute(out_dir),
        })
        .or_else(|_| std::path::absolute(out_dir))
        .unwrap_or_else(|_| out_dir.to_path_buf());
    let name = Key::of(&[absolute.as_os_str().as_encoded_bytes()]);
    cache_dir
        .join(STORES)
        .join(format!("v{VERSION}-{}.json", name.as_str()))
}

/// The store at `path`; empty when there is none or it cannot be read (then every
/// page is dated today, as after a fresh clone).
pub fn load(path: &Path) -> Lastmods {
    fs::read(path)
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default()
}

/// Saves `lastmods` at `path`, once the build's output is in place. Failures are
/// ignored: the next build then dates every page anew, which is not wrong, only less
/// precise.
pub fn save(path: &Path, lastmods: &Lastmods) {
    if let (Some(parent), Ok(bytes)) = (path.parent(), serde_json::to_vec(lastmods)) {
        let _ = fs::create_dir_all(parent).and_then(|()| write_atomically(path, &bytes));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> Day {
        Day::from_text(text)
    }

    fn page(url: &str, data: &str) -> (String, Key) {
        (url.to_string(), Key::of(&[data.as_bytes()]))
    }

    #[test]
    fn without_a_store_every_page_is_dated_today() {
        let (dates, _) = Lastmods::default().dated(
            &[page("https://e.com/", "a"), page("https://e.com/b", "b")],
            &day("2026-12-06"),
        );
        assert_eq!(dates, vec![day("2026-12-06"), day("2026-12-06")]);
    }

    #[test]
    fn an_unchanged_page_keeps_its_date_and_a_changed_or_new_one_is_dated_today() {
        let (_, store) = Lastmods::default().dated(
            &[page("/same", "a"), page("/edited", "b"), page("/gone", "c")],
            &day("2026-01-01"),
        );
        let (dates, store) = store.dated(
            &[page("/same", "a"), page("/edited", "B"), page("/new", "d")],
            &day("2026-02-02"),
        );
        assert_eq!(
            dates,
            vec![day("2026-01-01"), day("2026-02-02"), day("2026-02-02")]
        );
        // A page gone is forgotten: back later, it is new.
        assert!(!store.urls.contains_key("/gone"));
        let (dates, _) = store.dated(&[page("/edited", "B")], &day("2026-03-03"));
        assert_eq!(dates, vec![day("2026-02-02")]);
    }

    #[test]
    fn the_store_survives_a_save_and_a_missing_or_broken_one_is_empty() {
        let dir = tempfile::tempdir().unwrap();
        let path = path_for(dir.path(), &dir.path().join("dist"));
        assert!(load(&path).urls.is_empty());
        let (_, store) = Lastmods::default().dated(&[page("/a", "a")], &day("2026-01-01"));
        save(&path, &store);
        let (dates, _) = load(&path).dated(&[page("/a", "a")], &day("2026-05-05"));
        assert_eq!(dates, vec![day("2026-01-01")]);
        fs::write(&path, b"{not json").unwrap();
        assert!(load(&path).urls.is_empty());
    }

    #[test]
    fn a_remembered_hash_serves_the_same_route_and_a_changed_one_is_hashed_again() {
        let route = &PlannedRoute {
            path: "/aboutUs".to_string(),
            title: "About".to_string(),
            description: "Who we are".to_string(),
            page: serde_json::value::RawValue::from_string(r#"{"a":1}"#.to_string())
                .unwrap()
                .into(),
            in_sitemap: true,
            breadcrumb: vec![("About".to_string(), "/aboutUs".to_string())],
            product: None,
        };
        let mut remembered = RouteHashes::default();
        remembered.update(&[route], &[(Key::of(&[b"remembered"]), false)]);
        assert_eq!(remembered.hash(route), (Key::of(&[b"remembered"]), true));
        let retitled = PlannedRoute {
            title: format!("{} (new)", route.title),
            ..route.clone()
        };
        assert_eq!(remembered.hash(&retitled), (content_hash(&retitled), false));
        assert_ne!(content_hash(&retitled), content_hash(route));
        // The same data planned anew (another `Arc`) is hashed again, to the same hash.
        let replanned = PlannedRoute {
            page: serde_json::value::RawValue::from_string(route.page.get().to_string())
                .unwrap()
                .into(),
            ..route.clone()
        };
        assert_eq!(remembered.hash(&replanned), (content_hash(route), false));
    }

    #[test]
    fn the_remembered_hashes_follow_the_routes_listed() {
        let route = |path: &str| PlannedRoute {
            path: path.to_string(),
            title: path.to_string(),
            description: String::new(),
            page: serde_json::value::RawValue::from_string("{}".to_string())
                .unwrap()
                .into(),
            in_sitemap: true,
            breadcrumb: Vec::new(),
            product: None,
        };
        let (a, b, c) = (route("/a"), route("/b"), route("/c"));
        let mut hashes = RouteHashes::default();
        let first: Vec<_> = [&a, &b].iter().map(|r| hashes.hash(r)).collect();
        hashes.update(&[&a, &b], &first);
        let second: Vec<_> = [&a, &c].iter().map(|r| hashes.hash(r)).collect();
        assert_eq!((second[0].1, second[1].1), (true, false), "/a kept, /c new");
        hashes.update(&[&a, &c], &second);
        assert!(!hashes.hash(&b).1, "/b, no longer listed, is forgotten");
        assert!(hashes.hash(&a).1 && hashes.hash(&c).1);
    }

    #[test]
    fn each_output_folder_has_a_store_of_its_own() {
        let cache = Path::new("/cache");
        assert_ne!(
            path_for(cache, Path::new("/site/dist")),
            path_for(cache, Path::new("/site/preview"))
        );
    }
}
