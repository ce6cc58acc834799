//! What a builder keeps between builds (`sitegen serve`'s warm workers, last renders
//! and memory of its output) and what a build knows of the output it replaces.

use std::thread::JoinHandle;

use sitegen_workers::prerender::Prerenderer;
use sitegen_workers::worker_pool::PoolWorkers;

use crate::cache::Key;
use crate::error::BuildError;
use crate::pages::Renders;
use crate::record;
use crate::webapp::LockedWebApp;
use crate::Builder;

/// What `sitegen serve` keeps between builds. Starting Node and loading the bundle
/// costs far more than rendering the few routes one edit changes, and writing the
/// thousands of files of a whole site far more than the few an edit changes.
#[derive(Default)]
pub(crate) struct WarmState {
    /// The web build the workers' bundle came from.
    bundle: String,
    /// Each idle worker with the key of the layout it holds.
    idle: Vec<(Prerenderer, Key)>,
    /// What the last build left in the output folder (a folder replaced by someone
    /// else since is rebuilt whole).
    output: Option<record::Output>,
    /// The last build's renders.
    renders: Renders,
}

impl Builder {
    /// What the output folder holds, when the build can update it in place
    /// ([`crate::output::Staging::update`]): for a warm builder, what its last build
    /// left if the folder is still that one; else (a one-off build, or the first of a
    /// warm builder) what the cache records of it ([`record`]), read by `recorded`.
    /// Never when the web app was rebuilt (every page changes), nor for a build that
    /// precompresses (the page twins are not in the manifest).
    pub(crate) fn previous_output(
        &self,
        web_rebuilt: bool,
        recorded: Option<JoinHandle<Option<record::Output>>>,
    ) -> Option<record::Output> {
        if self.options.precompress || web_rebuilt {
            return None;
        }
        let out_dir = &self.options.out_dir;
        let remembered = self.warm.as_ref().and_then(|warm| {
            let output = warm
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .output
                .take()?;
            output.is_in(out_dir).then_some(output)
        });
        remembered.or_else(|| recorded?.join().ok().flatten())
    }

    /// Starts reading what the cache records of the output folder, when the build may
    /// update it in place and no warm builder remembers it: the record is checked
    /// against every file of the folder (0.3 s at 10,000 products), on a thread of its
    /// own while the content loads.
    pub(crate) fn start_reading_recorded_output(
        &self,
    ) -> Option<JoinHandle<Option<record::Output>>> {
        let options = &self.options;
        let remembered = self.warm.as_ref().is_some_and(|warm| {
            let warm = warm.lock().unwrap_or_else(|p| p.into_inner());
            warm.output
                .as_ref()
                .is_some_and(|output| output.is_in(&options.out_dir))
        });
        if options.precompress || !options.reuse_cache || remembered {
            return None;
        }
        let cache_dir = self.cache_dir.clone();
        let out_dir = options.out_dir.clone();
        Some(std::thread::spawn(move || {
            record::load(&cache_dir, &out_dir)
        }))
    }

    /// A warm builder's renders of its last build (taken: a failed build starts over
    /// from the cache folder).
    pub(crate) fn take_renders(&self) -> Renders {
        self.warm
            .as_ref()
            .map(|warm| std::mem::take(&mut warm.lock().unwrap_or_else(|p| p.into_inner()).renders))
            .unwrap_or_default()
    }

    pub(crate) fn remember_renders(&self, renders: Renders) {
        if let Some(warm) = &self.warm {
            warm.lock().unwrap_or_else(|p| p.into_inner()).renders = renders;
        }
    }

    /// Keeps what the output just committed holds, for the next build: a warm builder
    /// in memory, a one-off build as the output's record in the cache folder.
    pub(crate) fn remember_output(&self, output: Option<record::Output>) {
        match (&self.warm, output) {
            (Some(warm), output) => warm.lock().unwrap_or_else(|p| p.into_inner()).output = output,
            (None, Some(output)) => record::save(&self.cache_dir, &self.options.out_dir, &output),
            (None, None) => {}
        }
    }

    /// For a warm builder (`sitegen serve`, as it stops): records its last output in
    /// the cache ([`record`]), so that the next `sitegen build` into that folder updates
    /// it in place rather than making a whole new site. A folder changed since, by
    /// anyone, voids the record as usual.
    pub fn keep_record(&self) {
        let Some(warm) = &self.warm else {
            return;
        };
        let warm = warm.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(output) = &warm.output {
            record::save(&self.cache_dir, &self.options.out_dir, output);
        }
    }

    /// The first prerender worker, started before the content is loaded when the web
    /// app is built already and no warm worker waits for it.
    pub(crate) fn boot_worker(&self, web: &LockedWebApp) -> Option<Prerenderer> {
        let warm_ones_wait = self.warm.as_ref().is_some_and(|warm| {
            let warm = warm.lock().unwrap_or_else(|p| p.into_inner());
            warm.bundle == web.fingerprint() && !warm.idle.is_empty()
        });
        if !web.is_built() || warm_ones_wait {
            return None;
        }
        let (script, dir) = web.prerender_worker();
        // One that cannot start is started (and its error reported) when needed.
        Prerenderer::spawn(&script, dir, self.options.worker_timeout).ok()
    }

    /// The idle warm workers that run `bundle`, each with `layout_json` (whose key is
    /// `layout`); workers of an older bundle are stopped.
    pub(crate) fn take_idle_workers(
        &self,
        bundle: &str,
        layout: &Key,
        layout_json: &str,
    ) -> Vec<Prerenderer> {
        let Some(warm) = &self.warm else {
            return Vec::new();
        };
        let mut warm = warm.lock().unwrap_or_else(|p| p.into_inner());
        let idle = std::mem::take(&mut warm.idle);
        if warm.bundle != bundle {
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
    pub(crate) fn keep_or_finish(
        &self,
        bundle: &str,
        layout: &Key,
        workers: PoolWorkers,
    ) -> Result<(), BuildError> {
        match &self.warm {
            Some(warm) => {
                let mut warm = warm.lock().unwrap_or_else(|p| p.into_inner());
                warm.bundle = bundle.to_string();
                warm.idle = workers
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
