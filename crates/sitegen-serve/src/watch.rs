//! Watching source folders and calling back once per burst of changes.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::Duration;

use notify::event::{AccessKind, AccessMode, ModifyKind, RenameMode};
use notify::{EventKind, RecursiveMode, Watcher as _};

use crate::error::ServeError;

/// Changes closer together than this are one change (an editor's save is several events
/// within a few milliseconds); short, as it adds to every save-to-reload.
const DEBOUNCE: Duration = Duration::from_millis(50);
/// The wait once a file is known whole (closed after writing, or renamed into place): a
/// save ends there, so only the other files of the same burst are waited for.
const SETTLE: Duration = Duration::from_millis(8);

/// What one file event says of a burst of changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Seen {
    /// Something changed: more may follow.
    Change,
    /// A file was renamed into place (an editor's atomic save): a change, complete.
    Renamed,
    /// A file was closed after writing: the writes before it, already seen, are complete.
    Closed,
}

impl Seen {
    /// What `kind` says, if anything: reads (opening, reading, closing unchanged) say
    /// nothing.
    fn of(kind: &EventKind) -> Option<Self> {
        match kind {
            EventKind::Access(AccessKind::Close(AccessMode::Write)) => Some(Self::Closed),
            EventKind::Modify(ModifyKind::Name(RenameMode::To | RenameMode::Both)) => {
                Some(Self::Renamed)
            }
            kind if kind.is_access() => None,
            _ => Some(Self::Change),
        }
    }

    /// Whether it changes the sources (a close ends writes that did).
    fn is_change(self) -> bool {
        self != Self::Closed
    }

    /// How long to wait for more after this.
    fn wait(self) -> Duration {
        match self {
            Self::Change => DEBOUNCE,
            Self::Renamed | Self::Closed => SETTLE,
        }
    }
}

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
        let Some(seen) = event.ok().and_then(|event| Seen::of(&event.kind)) else {
            return;
        };
        if seen.is_change() {
            counter.0.fetch_add(1, Ordering::SeqCst);
        }
        let _ = sender.send(seen);
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
        while let Some(()) = next_burst(&receiver) {
            on_change(&changes);
        }
    });
    Ok(Watcher { _inner: inner })
}

/// Waits for the next burst of changes and for its end: `None` once the watch is gone.
/// A burst begins with a change (a file closed unchanged begins none) and ends when
/// nothing more comes within the wait of its last event.
fn next_burst(receiver: &mpsc::Receiver<Seen>) -> Option<()> {
    let mut last = loop {
        let seen = receiver.recv().ok()?;
        if seen.is_change() {
            break seen;
        }
    };
    loop {
        match receiver.recv_timeout(last.wait()) {
            Ok(seen) => last = seen,
            Err(mpsc::RecvTimeoutError::Timeout) => return Some(()),
            Err(mpsc::RecvTimeoutError::Disconnected) => return Some(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use notify::event::{CreateKind, DataChange};

    #[test]
    fn reads_say_nothing_and_a_close_after_writing_ends_a_save() {
        let close_read = EventKind::Access(AccessKind::Close(AccessMode::Read));
        assert_eq!(Seen::of(&close_read), None);
        assert_eq!(Seen::of(&EventKind::Access(AccessKind::Any)), None);
        let close_write = EventKind::Access(AccessKind::Close(AccessMode::Write));
        assert_eq!(Seen::of(&close_write), Some(Seen::Closed));
        let renamed = EventKind::Modify(ModifyKind::Name(RenameMode::To));
        assert_eq!(Seen::of(&renamed), Some(Seen::Renamed));
        let written = EventKind::Modify(ModifyKind::Data(DataChange::Any));
        assert_eq!(Seen::of(&written), Some(Seen::Change));
        assert_eq!(
            Seen::of(&EventKind::Create(CreateKind::File)),
            Some(Seen::Change)
        );
        assert!(!Seen::Closed.is_change() && Seen::Renamed.is_change());
        assert!(Seen::Closed.wait() < Seen::Change.wait());
    }

    #[test]
    fn a_burst_begins_with_a_change_and_takes_in_what_follows() {
        let (sender, receiver) = mpsc::channel();
        for seen in [Seen::Closed, Seen::Change, Seen::Change, Seen::Closed] {
            sender.send(seen).unwrap();
        }
        assert_eq!(next_burst(&receiver), Some(()));
        assert!(receiver.try_recv().is_err(), "the whole burst was taken");
        // A file closed unchanged (nothing written) begins no burst.
        sender.send(Seen::Closed).unwrap();
        drop(sender);
        assert_eq!(next_burst(&receiver), None);
    }

    #[test]
    fn a_saved_file_is_noticed() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("site.toml");
        std::fs::write(&file, "a = 1\n").unwrap();
        let (told, bursts) = mpsc::channel();
        let _watcher = watch(&[dir.path().to_path_buf()], move |changes| {
            let _ = told.send(changes.count());
        })
        .unwrap();
        std::fs::write(&file, "a = 2\n").unwrap();
        let count = bursts
            .recv_timeout(Duration::from_secs(20))
            .expect("the save is noticed");
        assert!(count >= 1, "{count}");
    }
}
