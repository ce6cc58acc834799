//! The routes' page data, serialised with its keys sorted (docs/data-contract.md §3),
//! and what a warm builder remembers of it between builds: after an edit most views
//! are the same, and sorting a view's keys (through a `serde_json::Value` tree) costs
//! several times more than writing it out as declared and comparing the bytes.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde::Serialize;
use serde_json::value::RawValue;

/// The page data of a warm builder's last plan, by route path.
#[derive(Default)]
pub(crate) struct PageMemory(HashMap<String, Remembered>);

struct Remembered {
    /// The view serialised in its fields' declared order.
    view: Box<[u8]>,
    /// The page data made from it, keys sorted.
    page: Arc<RawValue>,
}

/// Makes the page data of one plan: each afresh, or (a warm builder) the last plan's
/// where the view serialises to the same bytes, which give the same sorted JSON.
pub(crate) struct PagePlanner {
    /// The last plan's memory and this plan's; `None` when nothing is kept.
    memory: Option<(PageMemory, Mutex<PageMemory>)>,
}

impl PagePlanner {
    /// Makes every page afresh and remembers nothing (`sitegen build`, `sitegen check`).
    pub(crate) fn fresh() -> Self {
        Self { memory: None }
    }

    /// Reuses the pages of `last` whose views are unchanged, and remembers this plan's.
    pub(crate) fn remembering(last: PageMemory) -> Self {
        Self {
            memory: Some((last, Mutex::default())),
        }
    }

    /// The page data of the route at `path`, whose screen shows `view`.
    pub(crate) fn page(&self, path: &str, view: &impl Serialize) -> Arc<RawValue> {
        let Some((last, next)) = &self.memory else {
            return page_json(view);
        };
        let remembered = last.0.get(path);
        let mut bytes = Vec::with_capacity(remembered.map_or(1024, |r| r.view.len()));
        if serde_json::to_writer(&mut bytes, view).is_err() {
            return page_json(view);
        }
        let page = match remembered {
            Some(remembered) if *remembered.view == *bytes => remembered.page.clone(),
            _ => page_json(view),
        };
        next.lock().unwrap_or_else(|p| p.into_inner()).0.insert(
            path.to_string(),
            Remembered {
                view: bytes.into_boxed_slice(),
                page: page.clone(),
            },
        );
        page
    }

    /// What this plan remembers for the next one; `None` for a fresh planner.
    pub(crate) fn into_memory(self) -> Option<PageMemory> {
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
        assert_eq!(memory.0.len(), 2, "this plan's routes only");
        assert!(Arc::ptr_eq(&memory.0["/a"].page, &changed));
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
