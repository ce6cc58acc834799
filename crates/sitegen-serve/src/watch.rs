//! Watching source folders and calling back once per burst of changes.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::Duration;

use notify::{RecursiveMode, Watcher as _};

use crate::error::ServeError;

/// Changes closer together than this are one change (an editor's save is several events
/// within a few milliseconds); short, as it adds to every save-to-reload.
const DEBOUNCE: Duration = Duration::from_millis(50);

/// How many changes have been seen so far, counted as they happen (not per burst): a
/// build compares the count before and after reading its sources.
#[derive(Clone, Default)]
pub struct Changes(Arc<AtomicU64>);

impl Changes {
    pub fn count(&self) -> u64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// Keeps the watch alive; dropping it stops watching.
pub struct Watcher {
    _inner: notify::RecommendedWatcher,
}

/// Calls `on_change` on a background thread after each burst of changes under `paths`
/// (folders that do not exist are skipped), with the count of changes, which goes on
/// counting while `on_change` runs.
pub fn watch(
    paths: &[PathBuf],
    mut on_change: impl FnMut(&Changes) + Send + 'static,
) -> Result<Watcher, ServeError> {
    let (sender, receiver) = mpsc::channel();
    let changes = Changes::default();
    let counter = changes.clone();
    let mut inner = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        if event.is_ok_and(|event| !event.kind.is_access()) {
            counter.0.fetch_add(1, Ordering::SeqCst);
            let _ = sender.send(());
        }
    })
    .map_err(|e| ServeError::Watch {
        path: PathBuf::new(),
        message: e.to_string(),
    })?;
    for path in paths.iter().filter(|path| path.exists()) {
        inner
            .watch(path, RecursiveMode::Recursive)
            .map_err(|e| ServeError::Watch {
                path: path.clone(),
                message: e.to_string(),
            })?;
    }
    thread::spawn(move || {
        while receiver.recv().is_ok() {
            while receiver.recv_timeout(DEBOUNCE).is_ok() {}
            on_change(&changes);
        }
    });
    Ok(Watcher { _inner: inner })
}
