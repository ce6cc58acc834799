//! Where a page's render comes from: a warm builder's memory of its last build, the
//! build cache ([`RenderCache`]), or a worker; and where it is kept for the next build.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use sitegen_workers::rendered::Rendered;
use sitegen_workers::worker_pool::{Affinity, WorkerPool};
use sitegen_workers::WorkerError;

use crate::cache::Key;
use crate::render_cache::RenderCache;

/// Renders by their cache key.
pub type Renders = HashMap<Key, Arc<Rendered>>;

/// The renders of one build.
pub struct PageRenders<'a> {
    /// What every render depends on besides its URL and route data: the bundle and the
    /// layout.
    inputs: Key,
    /// The renders of earlier builds, and this build's for the next.
    cache: RenderCache<'a>,
    /// A warm builder's renders of its previous build, by key: read from memory, not
    /// from the cache folder (no file reads, no JSON parsing on a save).
    remembered: Renders,
    /// This build's renders, for the next build of a warm builder; `None` otherwise.
    to_remember: Option<Mutex<Renders>>,
    /// How many routes the workers rendered (the others came from the cache).
    prerendered: AtomicUsize,
}

impl<'a> PageRenders<'a> {
    /// The renders of a build whose renders depend on `inputs`, found in `cache` and
    /// `remembered`; `remember` keeps this build's for the next one.
    pub fn new(inputs: Key, cache: RenderCache<'a>, remembered: Renders, remember: bool) -> Self {
        Self {
            inputs,
            cache,
            remembered,
            to_remember: remember.then(Mutex::default),
            prerendered: AtomicUsize::new(0),
        }
    }

    /// The key of what the app renders for `url` with `route_json`.
    pub fn key(&self, url: &str, route_json: &str) -> Key {
        Key::of(&[
            self.inputs.as_str().as_bytes(),
            url.as_bytes(),
            route_json.as_bytes(),
        ])
    }

    /// What the app renders for `url` with `route_json`, whose key is `key`: from the
    /// cache when it holds the same inputs, else from a worker (and then stored).
    pub fn render(
        &self,
        pool: &WorkerPool,
        affinity: &mut Affinity,
        url: &str,
        route_json: &str,
        key: Key,
    ) -> Result<Arc<Rendered>, WorkerError> {
        let found = match self.remembered.get(&key) {
            Some(rendered) => {
                self.cache.keep(&key, Some(rendered));
                Some(rendered.clone())
            }
            None => self.cache.get(&key).map(Arc::new),
        };
        let rendered = match found {
            Some(rendered) => rendered,
            None => {
                let rendered =
                    pool.with_worker(affinity, |worker| worker.render(url, route_json))?;
                self.prerendered.fetch_add(1, Ordering::Relaxed);
                self.cache.put(&key, &rendered);
                Arc::new(rendered)
            }
        };
        self.remember(key, &rendered);
        Ok(rendered)
    }

    /// For a warm builder, keeps a render for its next build.
    fn remember(&self, key: Key, rendered: &Arc<Rendered>) {
        if let Some(renders) = &self.to_remember {
            renders
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .insert(key, rendered.clone());
        }
    }

    /// A page the output holds as it is: its render is neither read nor made, only
    /// kept in the cache (and, for a warm builder that has it, in memory).
    pub fn reuse(&self, key: Key) {
        let remembered = self.remembered.get(&key);
        self.cache
            .keep(&key, remembered.map(|rendered| &**rendered));
        if let Some(rendered) = remembered {
            self.remember(key, rendered);
        }
    }

    /// How many routes the workers rendered, and the renders to remember for the next
    /// build (`None` unless a warm builder asked for them).
    pub fn finish(self) -> (usize, Option<Renders>) {
        (
            self.prerendered.into_inner(),
            self.to_remember
                .map(|renders| renders.into_inner().unwrap_or_else(|p| p.into_inner())),
        )
    }
}
