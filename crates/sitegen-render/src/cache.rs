//! The build cache (`target/sitegen-cache/` beside the content folder): what one build
//! computed that the next can reuse, addressed by a hash of everything it was computed
//! from: the prerendered bodies of the routes (keyed by the web build, the layout, the
//! URL and the route's data) with their frames (see [`crate::render_cache`]) and, in `media/`, the WebP variants of the images (keyed
//! by the source's hash, see [`crate::media`]). (Compressed twins need no cache: an
//! unchanged file takes its twins from the output folder the build replaces, see
//! [`crate::cdn::precompress`].)
//!
//! Because an entry's name is the hash of all its inputs, an entry is never stale: a
//! changed input is a different name. Reads that fail are misses and writes that fail
//! are skipped: a broken cache makes a build slower, never wrong. `--no-cache` reads
//! nothing from it and refills it.

use std::collections::HashSet;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use sha2::{Digest, Sha256};

/// The folder of the build cache for a content folder: `target/sitegen-cache` in the
/// folder that holds it (ignored by git with the rest of `target/`).
pub fn dir_for(content_dir: &Path) -> PathBuf {
    crate::out_dir::parent_of(content_dir)
        .unwrap_or_else(|| PathBuf::from("."))
        .join("target")
        .join("sitegen-cache")
}

/// The name of an entry: the hex SHA-256 of its inputs.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Key(String);

impl Key {
    /// The key of `parts`, each length-prefixed so that no two lists of parts collide
    /// by concatenation (`["ab", "c"]` and `["a", "bc"]`).
    pub fn of(parts: &[&[u8]]) -> Self {
        let mut hasher = Sha256::new();
        for part in parts {
            hasher.update((part.len() as u64).to_le_bytes());
            hasher.update(part);
        }
        Self(format!("{:x}", hasher.finalize()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Writes `path` under a temporary name unique to this write and renames it, so a
/// reader (another thread or build) never sees half of a cache entry, and an
/// interrupted build leaves no truncated entry that a later build would trust.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let mut name = path.as_os_str().to_os_string();
    name.push(format!(
        ".tmp-{}-{}",
        std::process::id(),
        WRITES.fetch_add(1, Ordering::Relaxed)
    ));
    let temporary = PathBuf::from(name);
    let written = fs::File::create(&temporary).and_then(|mut file| file.write_all(bytes));
    match written.and_then(|()| fs::rename(&temporary, path)) {
        Ok(()) => Ok(()),
        Err(error) => {
            let _ = fs::remove_file(&temporary);
            Err(error)
        }
    }
}

/// The sub-folder of the renders: a route's prerendered body, modules and status, and
/// the frames they share (JSON, [`crate::render_cache`]).
const RENDERS: &str = "render";

/// Reads and writes the cached renders, remembering which ones this build used.
pub struct BuildCache {
    dir: PathBuf,
    /// False for `--no-cache`: every read is a miss.
    read: bool,
    used: Mutex<HashSet<Key>>,
}

impl BuildCache {
    /// The cache in `dir`; with `read` false it is only written.
    pub fn new(dir: impl Into<PathBuf>, read: bool) -> Self {
        Self {
            dir: dir.into(),
            read,
            used: Mutex::new(HashSet::new()),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path(&self, key: &Key) -> PathBuf {
        self.dir.join(RENDERS).join(key.as_str())
    }

    fn mark_used(&self, key: &Key) {
        self.used
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .insert(key.clone());
    }

    /// The entry's bytes, if the cache has it.
    pub fn get(&self, key: &Key) -> Option<Vec<u8>> {
        if !self.read {
            return None;
        }
        let bytes = fs::read(self.path(key)).ok()?;
        self.mark_used(key);
        Some(bytes)
    }

    /// Counts an entry as used by this build without reading it (the caller holds its
    /// value already), so that pruning keeps it.
    pub fn keep(&self, key: &Key) {
        self.mark_used(key);
    }

    /// Stores an entry (atomically, see [`write_atomically`]), unless the cache holds
    /// it already (a `--no-cache` build computes what it holds again): its name is the
    /// hash of its inputs, so it holds these very bytes, and replacing it would only
    /// cost a new file and a deleted one (which slows every file created after it on a
    /// file system without a journal).
    pub fn put(&self, key: &Key, bytes: &[u8]) {
        self.mark_used(key);
        let path = self.path(key);
        if fs::metadata(&path).is_ok_and(|held| held.len() == bytes.len() as u64) {
            return;
        }
        if let Some(folder) = path.parent() {
            let _ = fs::create_dir_all(folder).and_then(|()| write_atomically(&path, bytes));
        }
    }

    /// How many entries this build used or stored.
    pub fn used(&self) -> usize {
        self.used
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .len()
    }

    /// Removes the entries this build did not use, once they outnumber the used ones:
    /// the cache stays bounded (about twice one build) while two kinds of builds of the
    /// same content (`sitegen serve` with drafts, `sitegen build` without) keep theirs.
    pub fn prune(&self) {
        let used = self
            .used
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let Ok(entries) = fs::read_dir(self.dir.join(RENDERS)) else {
            return;
        };
        let unused: Vec<PathBuf> = entries
            .flatten()
            .filter(|entry| !used.contains(&Key(entry.file_name().to_string_lossy().into_owned())))
            .map(|entry| entry.path())
            .collect();
        if unused.len() > used.len() {
            for path in unused {
                let _ = fs::remove_file(path);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_depend_on_every_part_and_on_where_parts_split() {
        let key = Key::of(&[b"ab", b"c"]);
        assert_eq!(key, Key::of(&[b"ab", b"c"]));
        assert_ne!(key, Key::of(&[b"a", b"bc"]));
        assert_ne!(key, Key::of(&[b"ab", b"d"]));
        assert_eq!(key.as_str().len(), 64);
    }

    #[test]
    fn an_entry_put_is_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let cache = BuildCache::new(dir.path().join("cache"), true);
        let key = Key::of(&[b"page"]);
        assert_eq!(cache.get(&key), None);
        cache.put(&key, b"<p>hi</p>");
        assert_eq!(cache.get(&key).as_deref(), Some(&b"<p>hi</p>"[..]));
        assert_eq!(cache.get(&Key::of(&[b"other"])), None);
    }

    #[test]
    fn without_reading_every_lookup_misses_but_entries_are_still_stored() {
        let dir = tempfile::tempdir().unwrap();
        let key = Key::of(&[b"page"]);
        let clean = BuildCache::new(dir.path(), false);
        clean.put(&key, b"fresh");
        assert_eq!(clean.get(&key), None);
        let next = BuildCache::new(dir.path(), true);
        assert_eq!(next.get(&key).as_deref(), Some(&b"fresh"[..]));
    }

    #[test]
    fn an_entry_the_cache_holds_is_not_written_again() {
        let dir = tempfile::tempdir().unwrap();
        let key = Key::of(&[b"page"]);
        BuildCache::new(dir.path(), true).put(&key, b"same");
        let path = dir.path().join(RENDERS).join(key.as_str());
        let inode = |path: &Path| {
            use std::os::unix::fs::MetadataExt;
            fs::metadata(path).unwrap().ino()
        };
        let before = inode(&path);
        let clean = BuildCache::new(dir.path(), false);
        clean.put(&key, b"same");
        assert_eq!(inode(&path), before, "the entry was replaced");
        assert_eq!(clean.used(), 1, "it still counts as used");
    }

    #[test]
    fn an_unwritable_cache_is_no_error() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a-file");
        fs::write(&file, "").unwrap();
        let cache = BuildCache::new(file.join("cache"), true);
        let key = Key::of(&[b"x"]);
        cache.put(&key, b"lost");
        assert_eq!(cache.get(&key), None);
    }

    #[test]
    fn pruning_keeps_what_the_build_used_and_drops_the_rest_once_it_dominates() {
        let dir = tempfile::tempdir().unwrap();
        let key = |name: &str| Key::of(&[name.as_bytes()]);
        let old = BuildCache::new(dir.path(), true);
        for name in ["a", "b", "c"] {
            old.put(&key(name), name.as_bytes());
        }
        // 2 used (one read, one kept), 2 unused: the other build's entries stay.
        let next = BuildCache::new(dir.path(), true);
        next.get(&key("a")).unwrap();
        next.put(&key("z"), b"z");
        next.prune();
        assert!(next.get(&key("c")).is_some());
        // 1 used of 5, 4 unused: those go.
        let last = BuildCache::new(dir.path(), true);
        last.keep(&key("z"));
        last.prune();
        assert!(last.get(&key("z")).is_some());
        for name in ["a", "b", "c"] {
            assert!(last.get(&key(name)).is_none(), "{name}");
        }
    }
}
