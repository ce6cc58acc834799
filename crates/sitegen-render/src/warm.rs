//! What a builder keeps between builds: `sitegen serve`'s warm workers, last renders
//! and memory of its output; nothing for a one-off build.

use std::path::Path;
use std::sync::{Mutex, MutexGuard};

use sitegen_buildcache::cache::Key;
use sitegen_buildcache::record;
use sitegen_buildcache::renders::Renders;
use sitegen_content::{Diagnostic, ReadMemory};
use sitegen_links::LinkGraph;
use sitegen_media::share::DrawingChecks;
use sitegen_pages::lastmod::RouteHashes;
use sitegen_routes::{LastPlan, PageMemory, PagePlanner, Published, Routing};
use sitegen_search::SearchIndex;
use sitegen_workers::prerender::Prerenderer;
use sitegen_workers::worker_pool::PoolWorkers;

use crate::error::BuildError;
use crate::pages::{SharedInputs, WrittenMemory, WrittenPages};

/// What `sitegen serve` keeps between builds. Starting Node and loading the bundle
/// costs far more than rendering the few routes one edit changes, and writing the
/// thousands of files of a whole site far more than the few an edit changes.
#[derive(Default)]
struct WarmState {
    /// The web build the workers' bundle came from.
    bundle: String,
    /// Each idle worker with the key of the layout it holds.
    idle: Vec<(Prerenderer, Key)>,
    /// What the last build left in the output folder (a folder replaced by someone
    /// else since is rebuilt whole).
    output: Option<record::Output>,
    /// The link check of that output: the next check of it looks again only at the
    /// pages an update can change the answer of.
    links: Option<LinkGraph>,
    /// The last build's renders.
    renders: Renders,
    /// The page data of the last plan, reused where a view is unchanged.
    pages: PageMemory,
    /// What the last build wrote each page from, and the page's keys.
    written: WrittenPages,
    /// The last build's search index, updated where documents changed.
    search: Option<SearchIndex>,
    /// The content hash of each sitemap page of the last build, for its `<lastmod>`.
    route_hashes: RouteHashes,
    /// The last build's redirect rules and client redirect map.
    routing: Option<Routing>,
    /// What the check of each drawing pages are shared with found.
    drawings: DrawingChecks,
    /// What the last load kept of the content files it read: `None` between a load
    /// and its end (a load that panics leaves nothing to trust).
    read: Option<ReadMemory>,
    /// The problems of the route literals of the web app's sources, with the
    /// fingerprint of the web app's inputs (its sources among them) they were found in.
    source_links: Option<(String, Vec<Diagnostic>)>,
}

/// A builder's memory between builds: [`Warm::kept`] for a builder of many builds,
/// [`Warm::none`] for a one-off build, whose workers exit with it.
pub(crate) struct Warm(Option<Mutex<WarmState>>);

impl Warm {
    pub fn none() -> Self {
        Self(None)
    }

    pub fn kept() -> Self {
        Self(Some(Mutex::default()))
    }

    /// Whether this builder keeps anything between builds.
    pub fn is_kept(&self) -> bool {
        self.0.is_some()
    }

    fn state(&self) -> Option<MutexGuard<'_, WarmState>> {
        self.0
            .as_ref()
            .map(|state| state.lock().unwrap_or_else(|p| p.into_inner()))
    }

    /// Whether the last build's output, remembered, is the folder at `out_dir`.
    pub fn remembers_output_in(&self, out_dir: &Path) -> bool {
        self.state().is_some_and(|state| {
            state
                .output
                .as_ref()
                .is_some_and(|output| output.is_in(out_dir))
        })
    }

    /// The last build's output, taken, when it is the folder at `out_dir`, with its
    /// link check if it is remembered.
    pub fn take_output_in(&self, out_dir: &Path) -> Option<(record::Output, Option<LinkGraph>)> {
        let mut state = self.state()?;
        let links = state.links.take();
        let output = state.output.take()?;
        output.is_in(out_dir).then_some((output, links))
    }

    /// Keeps `output`, and the link check of it, for the next build; gives the output
    /// back when this builder keeps nothing (a one-off build records it in the cache
    /// folder instead).
    pub fn remember_output(
        &self,
        output: Option<record::Output>,
        links: Option<LinkGraph>,
    ) -> Option<record::Output> {
        match self.state() {
            Some(mut state) => {
                state.links = links.filter(|_| output.is_some());
                state.output = output;
                None
            }
            None => output,
        }
    }

    /// Calls `save` with the last build's output, if this builder remembers one.
    pub fn with_output(&self, save: impl FnOnce(&record::Output)) {
        if let Some(output) = self
            .state()
            .as_ref()
            .and_then(|state| state.output.as_ref())
        {
            save(output);
        }
    }

    /// Whether idle workers of the web build `bundle` wait for the next build.
    pub fn has_idle_workers_of(&self, bundle: &str) -> bool {
        self.state()
            .is_some_and(|state| state.bundle == bundle && !state.idle.is_empty())
    }

    /// The last build's renders (taken: a failed build starts over from the cache
    /// folder).
    pub fn take_renders(&self) -> Renders {
        self.state()
            .map(|mut state| std::mem::take(&mut state.renders))
            .unwrap_or_default()
    }

    /// The problems of the web app's route literals: `check`'s, unless the last build
    /// found them in sources of the same `fingerprint` (when known).
    pub fn source_link_problems(
        &self,
        fingerprint: Option<&str>,
        check: impl FnOnce() -> Vec<Diagnostic>,
    ) -> Vec<Diagnostic> {
        let (Some(fingerprint), Some(mut state)) = (fingerprint, self.state()) else {
            return check();
        };
        match &state.source_links {
            Some((seen, problems)) if seen == fingerprint => problems.clone(),
            _ => {
                let problems = check();
                state.source_links = Some((fingerprint.to_string(), problems.clone()));
                problems
            }
        }
    }

    /// What plans the page data: with the last plan's memory for a warm builder (taken,
    /// to give back with [`Warm::remember_pages`]), afresh for a one-off build.
    /// What the last load kept of the content files, taken for this build's load:
    /// `None` for a one-off build, which keeps nothing.
    pub fn take_read_memory(&self) -> Option<ReadMemory> {
        self.state()
            .map(|mut state| state.read.take().unwrap_or_default())
    }

    /// Keeps what this build's load kept of the content files, for the next load.
    pub fn remember_read_memory(&self, memory: ReadMemory) {
        if let Some(mut state) = self.state() {
            state.read = Some(memory);
        }
    }

    /// What the last checks of the shared drawings found, taken for this build's.
    pub fn take_drawing_checks(&self) -> DrawingChecks {
        self.state()
            .map(|mut state| std::mem::take(&mut state.drawings))
            .unwrap_or_default()
    }

    /// Keeps what this build's checks of the shared drawings found, for the next.
    pub fn remember_drawing_checks(&self, checks: DrawingChecks) {
        if let Some(mut state) = self.state() {
            state.drawings = checks;
        }
    }

    pub fn page_planner(&self) -> PagePlanner {
        match self.state() {
            Some(mut state) => PagePlanner::remembering(std::mem::take(&mut state.pages)),
            None => PagePlanner::fresh(),
        }
    }

    /// Keeps what `planner` remembers for the next plan. Its pages depend only on their
    /// views, not on whether the build that planned them succeeds.
    pub fn remember_pages(&self, planner: PagePlanner) {
        if let (Some(memory), Some(mut state)) = (planner.into_memory(), self.state()) {
            state.pages = memory;
        }
    }

    /// Keeps the plan of a build that ended: the next plan takes its product routes
    /// where they are made of the same ([`LastPlan`]).
    pub fn remember_plan(&self, published: Published) {
        if let Some(mut state) = self.state() {
            let Published {
                content, routes, ..
            } = published;
            state.pages.remember_plan(LastPlan::new(content, routes));
        }
    }

    /// What the last build wrote each page from (taken), for a build whose pages share
    /// what `shared` gives; nothing for a one-off build.
    pub fn written_pages(&self, shared: impl FnOnce() -> SharedInputs) -> WrittenMemory {
        match self.state() {
            Some(mut state) => WrittenMemory::after(std::mem::take(&mut state.written), shared()),
            None => WrittenMemory::none(),
        }
    }

    pub fn remember_written_pages(&self, written: WrittenPages) {
        if let Some(mut state) = self.state() {
            state.written = written;
        }
    }

    /// The last build's search index, taken.
    pub fn take_search_index(&self) -> Option<SearchIndex> {
        self.state()?.search.take()
    }

    pub fn remember_search_index(&self, index: SearchIndex) {
        if let Some(mut state) = self.state() {
            state.search = Some(index);
        }
    }

    /// The last build's hashes of its sitemap pages, taken (none for a one-off build).
    pub fn take_route_hashes(&self) -> RouteHashes {
        self.state()
            .map(|mut state| std::mem::take(&mut state.route_hashes))
            .unwrap_or_default()
    }

    /// Keeps this build's hashes of its sitemap pages, when `make` them is worth it: for
    /// a builder that builds again.
    pub fn remember_route_hashes(&self, make: impl FnOnce() -> RouteHashes) {
        if let Some(mut state) = self.state() {
            state.route_hashes = make();
        }
    }

    /// The last build's redirect rules and map, taken.
    pub fn take_routing(&self) -> Option<Routing> {
        self.state()?.routing.take()
    }

    pub fn remember_routing(&self, routing: Routing) {
        if let Some(mut state) = self.state() {
            state.routing = Some(routing);
        }
    }

    pub fn remember_renders(&self, renders: Renders) {
        if let Some(mut state) = self.state() {
            state.renders = renders;
        }
    }

    /// The idle workers that run `bundle`, each with `layout_json` (whose key is
    /// `layout`); workers of an older bundle are stopped.
    pub fn take_idle_workers(
        &self,
        bundle: &str,
        layout: &Key,
        layout_json: &str,
    ) -> Vec<Prerenderer> {
        let Some(mut state) = self.state() else {
            return Vec::new();
        };
        let idle = std::mem::take(&mut state.idle);
        if state.bundle != bundle {
            // Dropping them kills them.
            return Vec::new();
        }
        idle.into_iter()
            .map(|(worker, held)| {
                if held != *layout {
                    worker.set_layout(layout_json);
                }
                worker
            })
            .collect()
    }

    /// After the prerender: a warm builder keeps every worker for the next build; a
    /// one-off build lets those that rendered exit, checking that they did so cleanly,
    /// and stops the others (one booted early may still be loading the bundle).
    pub fn keep_or_finish(
        &self,
        bundle: &str,
        layout: &Key,
        workers: PoolWorkers,
    ) -> Result<(), BuildError> {
        match self.state() {
            Some(mut state) => {
                state.bundle = bundle.to_string();
                state.idle = workers
                    .used
                    .into_iter()
                    .chain(workers.unused)
                    .map(|worker| (worker, layout.clone()))
                    .collect();
                Ok(())
            }
            None => {
                for worker in workers.used {
                    worker.finish()?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn the_source_links_are_checked_again_only_when_the_web_inputs_changed() {
        let checks = Cell::new(0);
        let check = || {
            checks.set(checks.get() + 1);
            vec![Diagnostic::new(
                sitegen_content::ErrorCode::UnknownRouteLiteral,
                "x",
            )]
        };
        let kept = Warm::kept();
        assert_eq!(kept.source_link_problems(Some("a"), check).len(), 1);
        assert_eq!(kept.source_link_problems(Some("a"), check).len(), 1);
        assert_eq!(checks.get(), 1, "same sources: the last answer");
        kept.source_link_problems(Some("b"), check);
        kept.source_link_problems(None, check);
        assert_eq!(checks.get(), 3, "other or unknown sources: checked");
        let once = Warm::none();
        once.source_link_problems(Some("a"), check);
        once.source_link_problems(Some("a"), check);
        assert_eq!(checks.get(), 5, "a one-off build keeps nothing");
    }
}
