//! The routes' page data, serialised with its keys sorted (docs/data-contract.md §3),
//! and what a warm builder remembers of it between builds: after an edit most views
//! are the same, and sorting a view's keys (through a `serde_json::Value` tree) costs
//! several times more than writing it out as declared and comparing the bytes.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde::Serialize;
use serde_json::value::RawValue;
use sitegen_media::variants;

use super::reuse::LastPlan;

/// The page data of a warm builder's last plan, by route path, and that plan.
#[derive(Default)]
pub struct PageMemory {
    pages: HashMap<String, Remembered>,
    /// The last plan's content and routes, once its build ended (products reused).
    plan: Option<LastPlan>,
}

impl PageMemory {
    /// Keeps `plan`, the plan this memory was made with, for the next plan.
    pub fn remember_plan(&mut self, plan: LastPlan) {
        self.plan = Some(plan);
    }
}

#[derive(Clone)]
struct Remembered {
    /// The view serialised in its fields' declared order.
    view: Arc<[u8]>,
    /// The page data made from it, keys sorted.
    page: Arc<RawValue>,
    /// The media the page data shows, once asked for ([`PagePlanner::shown_srcs`]).
    srcs: Option<Arc<[String]>>,
}

/// Makes the page data of one plan: each afresh, or (a warm builder) the last plan's
/// where the view serialises to the same bytes, which give the same sorted JSON.
pub struct PagePlanner {
    /// The last plan's memory and this plan's; `None` when nothing is kept.
    memory: Option<(PageMemory, Mutex<PageMemory>)>,
    /// The last plan, until its product routes are taken ([`PagePlanner::take_last_plan`]).
    last_plan: Mutex<Option<LastPlan>>,
}

impl PagePlanner {
    /// Makes every page afresh and remembers nothing (`sitegen build`, `sitegen check`).
    pub fn fresh() -> Self {
        Self {
            memory: None,
            last_plan: Mutex::default(),
        }
    }

    /// Reuses the pages of `last` whose views are unchanged, and remembers this plan's.
    pub fn remembering(mut last: PageMemory) -> Self {
        let last_plan = Mutex::new(last.plan.take());
        Self {
            memory: Some((last, Mutex::default())),
            last_plan,
        }
    }

    /// The last plan, once: a warm builder's, after a build that ended.
    pub(crate) fn take_last_plan(&self) -> Option<LastPlan> {
        self.last_plan
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
    }

    /// Keeps the last plan's page data of the route at `path` in this plan's memory: the
    /// route is the last plan's ([`super::reuse`]).
    pub(crate) fn keep(&self, path: &str) {
        self.kept(path);
    }

    /// The last plan's page data of the route at `path`, kept in this plan's memory,
    /// for a page whose view is known to be the last plan's without making it (a
    /// listing page of the same products, [`super::listing`]); `None` when there is
    /// none.
    pub(crate) fn kept(&self, path: &str) -> Option<Arc<RawValue>> {
        let (last, next) = self.memory.as_ref()?;
        let remembered = last.pages.get(path)?;
        let mut next = next.lock().unwrap_or_else(|p| p.into_inner());
        next.pages.insert(path.to_string(), remembered.clone());
        Some(remembered.page.clone())
    }

    /// The page data of the route at `path`, whose screen shows `view`.
    pub(crate) fn page(&self, path: &str, view: &impl Serialize) -> Arc<RawValue> {
        let Some((last, next)) = &self.memory else {
            return page_json(view);
        };
        let remembered = last.pages.get(path);
        let mut bytes = Vec::with_capacity(remembered.map_or(1024, |r| r.view.len()));
        if serde_json::to_writer(&mut bytes, view).is_err() {
            return page_json(view);
        }
        let (page, srcs) = match remembered {
            Some(remembered) if *remembered.view == *bytes => {
                (remembered.page.clone(), remembered.srcs.clone())
            }
            _ => (page_json(view), None),
        };
        next.lock().unwrap_or_else(|p| p.into_inner()).pages.insert(
            path.to_string(),
            Remembered {
                view: bytes.into(),
                page: page.clone(),
                srcs,
            },
        );
        page
    }

    /// The `src` of each media file that `page`, the page data of the route at `path`,
    /// shows ([`variants::shown_srcs`]): a warm builder finds them once per page data
    /// and keeps them while the page data is reused.
    pub(crate) fn shown_srcs(&self, path: &str, page: &Arc<RawValue>) -> Arc<[String]> {
        let find = || variants::shown_srcs(page.get()).into();
        let Some((_, next)) = &self.memory else {
            return find();
        };
        let mut next = next.lock().unwrap_or_else(|p| p.into_inner());
        match next.pages.get_mut(path) {
            Some(remembered) if Arc::ptr_eq(&remembered.page, page) => {
                remembered.srcs.get_or_insert_with(find).clone()
            }
            _ => find(),
        }
    }

    /// What this plan remembers for the next one; `None` for a fresh planner.
    pub fn into_memory(self) -> Option<PageMemory> {
        self.memory
            .map(|(_, next)| next.into_inner().unwrap_or_else(|p| p.into_inner()))
    }
}

/// A screen's data, serialised through `Value`, as every JSON file: its keys sorted
/// (docs/data-contract.md §3).
pub(crate) fn page_json(page: &impl Serialize) -> Arc<RawValue> {
    // The views serialise to JSON whatever they hold: maps have string keys.
    let sorted = serde_json::to_value(page).expect("a view serialises to JSON");
    serde_json::value::to_raw_value(&sorted)
        .expect("a value serialises to JSON")
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct View {
        zebra: u32,
        apple: &'static str,
    }

    #[test]
    fn a_remembered_page_is_reused_only_for_the_same_view() {
        let first = PagePlanner::remembering(PageMemory::default());
        let page = first.page(
            "/a",
            &View {
                zebra: 1,
                apple: "x",
            },
        );
        assert_eq!(page.get(), r#"{"apple":"x","zebra":1}"#, "keys sorted");
        let memory = first.into_memory().unwrap();

        let second = PagePlanner::remembering(memory);
        let same = second.page(
            "/a",
            &View {
                zebra: 1,
                apple: "x",
            },
        );
        assert!(Arc::ptr_eq(&page, &same), "the same view: the page reused");
        let changed = second.page(
            "/a",
            &View {
                zebra: 2,
                apple: "x",
            },
        );
        assert_eq!(changed.get(), r#"{"apple":"x","zebra":2}"#);
        let elsewhere = second.page(
            "/b",
            &View {
                zebra: 1,
                apple: "x",
            },
        );
        assert!(
            !Arc::ptr_eq(&page, &elsewhere),
            "another route: made afresh"
        );
        let memory = second.into_memory().unwrap();
        assert_eq!(memory.pages.len(), 2, "this plan's routes only");
        assert!(Arc::ptr_eq(&memory.pages["/a"].page, &changed));
    }

    #[derive(Serialize)]
    struct Picture {
        src: &'static str,
    }

    #[test]
    fn the_media_a_page_shows_are_found_once_while_its_page_data_is_reused() {
        let picture = Picture {
            src: "/media/a.1234abcd.png",
        };
        let first = PagePlanner::remembering(PageMemory::default());
        let page = first.page("/a", &picture);
        let srcs = first.shown_srcs("/a", &page);
        assert_eq!(&*srcs, ["/media/a.1234abcd.png".to_string()]);
        let second = PagePlanner::remembering(first.into_memory().unwrap());
        let same = second.page("/a", &picture);
        assert!(Arc::ptr_eq(&srcs, &second.shown_srcs("/a", &same)), "kept");
        let other = second.page(
            "/b",
            &Picture {
                src: "/media/b.1234abcd.png",
            },
        );
        assert_eq!(
            &*second.shown_srcs("/b", &other),
            ["/media/b.1234abcd.png".to_string()]
        );
        let fresh = PagePlanner::fresh();
        assert_eq!(fresh.shown_srcs("/a", &page), srcs, "found afresh, alike");
    }

    #[test]
    fn a_fresh_planner_remembers_nothing() {
        let fresh = PagePlanner::fresh();
        assert_eq!(
            fresh
                .page(
                    "/a",
                    &View {
                        zebra: 1,
                        apple: "x"
                    }
                )
                .get(),
            r#"{"apple":"x","zebra":1}"#
        );
        assert!(fresh.into_memory().is_none());
    }
}
