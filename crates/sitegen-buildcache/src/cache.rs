//! The build cache (`target/sitegen-cache/` beside the content folder): what one build
//! computed that the next can reuse, addressed by a hash of everything it was computed
//! from: the prerendered bodies of the routes (keyed by the web build, the layout, the
//! URL and the route's data) with their frames (see [`crate::render_cache`]), in packs
//! under `render/` ([`BuildCache`]), and, in `media/`, the WebP variants of the images
//! (keyed by the source's hash, see `sitegen-media`). Beside them, not entries of this
//! cache but records of each output folder: `outputs/` ([`crate::record`]) and the
//! sitemap's dates, `lastmod/` (`sitegen-pages`' `lastmod.rs`). (Compressed twins need
//! no cache: an unchanged file takes its twins from the output folder the build
//! replaces, see [`sitegen_output::compress::precompress`].)
//!
//! Because an entry's key is the hash of all its inputs, an entry is never stale: a
//! changed input is a different key. Reads that fail are misses and writes that fail
//! are skipped: a broken cache makes a build slower, never wrong. `--no-cache` reads
//! nothing from it and refills it.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

pub use sitegen_workers::{write_atomically, Key};

use sitegen_output::os::PositionedFile;

/// The folder of the build cache for a content folder: `target/sitegen-cache` in the
/// folder that holds it (ignored by git with the rest of `target/`).
pub fn dir_for(content_dir: &Path) -> PathBuf {
    sitegen_output::out_dir::parent_of(content_dir)
        .unwrap_or_else(|| PathBuf::from("."))
        .join("target")
        .join("sitegen-cache")
}

/// The media cache's folder (WebP variants and share PNGs) in the build cache `dir`.
pub fn media_dir(dir: &Path) -> PathBuf {
    dir.join("media")
}

/// The sub-folder of the renders: a route's prerendered body, modules and status, and
/// the frames they share (JSON, [`crate::render_cache`]), in packs.
const RENDERS: &str = "render";

/// A sealed pack's name ends so; one being written ends in `.tmp-{pid}`.
const PACK_EXTENSION: &str = "pack";

/// The last bytes of a sealed pack.
const PACK_MAGIC: &[u8; 8] = b"SGPACK1\n";

/// An index entry: the key (hex), then the value's offset and length (u64 LE each).
const INDEX_ENTRY_LEN: usize = 64 + 8 + 8;

/// The footer: the index's offset and its number of entries (u64 LE each), the magic.
const FOOTER_LEN: usize = 8 + 8 + PACK_MAGIC.len();

/// Packs beyond this many are merged into the next one a build writes: each `sitegen
/// serve` rebuild seals a small pack.
const MAX_PACKS: usize = 8;

/// Reads and writes the cached renders, remembering which ones this build used.
///
/// The entries live in packs, not a file each: at 10,000 products a file each meant
/// 10,000 files created (and renamed) per cold build, on file systems where creating
/// a file is the slow part of writing a small one. A pack is one file: its values, an
/// index of their keys and a footer. A build appends what it stores to a pack of its
/// own under a temporary name and seals it when it ends (an interrupted build leaves
/// no pack another would read); it reads the sealed packs of earlier builds by offset.
pub struct BuildCache {
    dir: PathBuf,
    /// False for `--no-cache`: every read is a miss.
    read: bool,
    /// The sealed packs found when this build began, and where each key is in them.
    packs: Vec<Pack>,
    held: HashMap<Key, Held>,
    /// The sealed packs that could not be read whole, for [`BuildCache::finish`] to remove.
    damaged: Vec<PathBuf>,
    /// The pack this build writes, opened at its first new entry.
    writing: Mutex<Option<PackWriter>>,
    used: Mutex<HashSet<Key>>,
}

/// A key, and its value's offset and length in a pack.
type IndexEntry = (Key, u64, u64);

/// A sealed pack, open for reading.
struct Pack {
    path: PathBuf,
    file: PositionedFile,
}

/// Where an entry is: in which of [`BuildCache::packs`], at which offset, how long.
#[derive(Clone, Copy)]
struct Held {
    pack: usize,
    offset: u64,
    len: u64,
}

/// A pack being written: its values so far and their index.
struct PackWriter {
    temporary: PathBuf,
    file: BufWriter<fs::File>,
    written: u64,
    index: Vec<IndexEntry>,
    keys: HashSet<Key>,
}

impl BuildCache {
    /// The cache in `dir`; with `read` false it is only written.
    pub fn new(dir: impl Into<PathBuf>, read: bool) -> Self {
        let dir = dir.into();
        let mut packs = Vec::new();
        let mut held = HashMap::new();
        let mut damaged = Vec::new();
        for path in pack_paths(&dir.join(RENDERS)) {
            // A pack that cannot be read whole is as good as absent.
            let Some((pack, index)) = open_pack(&path) else {
                damaged.push(path);
                continue;
            };
            let number = packs.len();
            for (key, offset, len) in index {
                held.entry(key).or_insert(Held {
                    pack: number,
                    offset,
                    len,
                });
            }
            packs.push(pack);
        }
        Self {
            dir,
            read,
            packs,
            held,
            damaged,
            writing: Mutex::default(),
            used: Mutex::default(),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
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
        let held = *self.held.get(key)?;
        let mut bytes = vec![0; usize::try_from(held.len).ok()?];
        self.packs[held.pack]
            .file
            .read_exact_at(&mut bytes, held.offset)
            .ok()?;
        self.mark_used(key);
        Some(bytes)
    }

    /// Counts an entry as used by this build without reading it (the caller holds its
    /// value already), so that pruning keeps it.
    pub fn keep(&self, key: &Key) {
        self.mark_used(key);
    }

    /// Stores an entry in this build's pack, unless the cache holds it already (a
    /// `--no-cache` build computes what it holds again): its key is the hash of its
    /// inputs, so it holds these very bytes.
    pub fn put(&self, key: &Key, bytes: &[u8]) {
        self.mark_used(key);
        if self.held.contains_key(key) {
            return;
        }
        let mut writing = self.writing.lock().unwrap_or_else(|p| p.into_inner());
        if writing.is_none() {
            *writing = PackWriter::create(&self.dir.join(RENDERS));
        }
        let failed = writing
            .as_mut()
            .is_some_and(|pack| pack.append(key, bytes).is_err());
        if failed {
            // Unwritable (a full disk): this build stores nothing more.
            if let Some(pack) = writing.take() {
                pack.discard();
            }
        }
    }

    /// How many entries this build used or stored.
    #[cfg(test)]
    pub fn used(&self) -> usize {
        self.used
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .len()
    }

    /// Seals this build's pack and prunes: the entries this build did not use go once
    /// they outnumber the used ones, so the cache stays bounded (about twice one build)
    /// while two kinds of builds of the same content (`sitegen serve` with drafts,
    /// `sitegen build` without) keep theirs. The used entries of the packs dropped, and
    /// all entries of the packs beyond `MAX_PACKS`, move into this build's pack.
    pub fn finish(mut self) {
        let used = std::mem::take(
            self.used
                .get_mut()
                .unwrap_or_else(|poisoned| poisoned.into_inner()),
        );
        let unused = self.held.keys().filter(|key| !used.contains(*key)).count();
        let drop_unused = unused > used.len();
        let merge = self.packs.len() >= MAX_PACKS;
        if drop_unused || merge {
            let mut writing = self
                .writing
                .get_mut()
                .unwrap_or_else(|p| p.into_inner())
                .take()
                .or_else(|| PackWriter::create(&self.dir.join(RENDERS)));
            let moved = writing.as_mut().is_some_and(|pack| {
                self.held
                    .iter()
                    .filter(|(key, _)| !drop_unused || used.contains(*key))
                    .all(|(key, held)| self.move_entry(key, *held, pack))
            });
            // The old packs go only once what they held that stays is in the new one.
            let sealed = writing.is_some_and(PackWriter::seal);
            if sealed && moved {
                for old in &self.packs {
                    let _ = fs::remove_file(&old.path);
                }
            }
        }
        for path in &self.damaged {
            let _ = fs::remove_file(path);
        }
        remove_abandoned_packs(&self.dir.join(RENDERS));
    }

    /// Copies an entry of an old pack into `pack`; false if it could not be read or written.
    fn move_entry(&self, key: &Key, held: Held, pack: &mut PackWriter) -> bool {
        if pack.keys.contains(key) {
            return true;
        }
        let Ok(len) = usize::try_from(held.len) else {
            return false;
        };
        let mut bytes = vec![0; len];
        self.packs[held.pack]
            .file
            .read_exact_at(&mut bytes, held.offset)
            .is_ok()
            && pack.append(key, &bytes).is_ok()
    }
}

impl Drop for BuildCache {
    /// Seals this build's pack, whether the build succeeded or not: its entries are
    /// renders of their inputs all the same.
    fn drop(&mut self) {
        let writing = self.writing.get_mut().unwrap_or_else(|p| p.into_inner());
        if let Some(pack) = writing.take() {
            pack.seal();
        }
    }
}

impl PackWriter {
    fn create(dir: &Path) -> Option<Self> {
        static PACKS: AtomicU64 = AtomicU64::new(0);
        fs::create_dir_all(dir).ok()?;
        let name = format!(
            "{}-{}-{}",
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |since| since.as_nanos()),
            std::process::id(),
            PACKS.fetch_add(1, Ordering::Relaxed)
        );
        let temporary = dir.join(format!("{name}.tmp-{}", std::process::id()));
        let file = fs::File::create_new(&temporary).ok()?;
        Some(Self {
            temporary,
            file: BufWriter::new(file),
            written: 0,
            index: Vec::new(),
            keys: HashSet::new(),
        })
    }

    fn append(&mut self, key: &Key, bytes: &[u8]) -> std::io::Result<()> {
        self.file.write_all(bytes)?;
        self.index
            .push((key.clone(), self.written, bytes.len() as u64));
        self.keys.insert(key.clone());
        self.written += bytes.len() as u64;
        Ok(())
    }

    /// Writes the index and footer and gives the pack its final name; true once sealed.
    /// An empty pack is not kept.
    fn seal(mut self) -> bool {
        if self.index.is_empty() {
            self.discard();
            return true;
        }
        let index_offset = self.written;
        let mut tail = Vec::with_capacity(self.index.len() * INDEX_ENTRY_LEN + FOOTER_LEN);
        for (key, offset, len) in &self.index {
            tail.extend_from_slice(key.as_str().as_bytes());
            tail.extend_from_slice(&offset.to_le_bytes());
            tail.extend_from_slice(&len.to_le_bytes());
        }
        tail.extend_from_slice(&index_offset.to_le_bytes());
        tail.extend_from_slice(&(self.index.len() as u64).to_le_bytes());
        tail.extend_from_slice(PACK_MAGIC);
        let sealed = self.temporary.with_extension(PACK_EXTENSION);
        let written = self
            .file
            .write_all(&tail)
            .and_then(|()| self.file.flush())
            .and_then(|()| fs::rename(&self.temporary, &sealed));
        if written.is_err() {
            self.discard();
            return false;
        }
        true
    }

    fn discard(self) {
        let _ = fs::remove_file(&self.temporary);
    }
}

/// The sealed packs in `dir`, oldest first (their names start with their creation time).
fn pack_paths(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == PACK_EXTENSION))
        .collect();
    paths.sort();
    paths
}

/// Opens a sealed pack and reads its index; `None` unless its footer and index are whole.
fn open_pack(path: &Path) -> Option<(Pack, Vec<IndexEntry>)> {
    let file = PositionedFile::new(fs::File::open(path).ok()?);
    let file_len = file.len().ok()?;
    let footer_offset = file_len.checked_sub(FOOTER_LEN as u64)?;
    let mut footer = [0; FOOTER_LEN];
    file.read_exact_at(&mut footer, footer_offset).ok()?;
    let number = |at: usize| u64::from_le_bytes(footer[at..at + 8].try_into().unwrap_or_default());
    let (index_offset, entries) = (number(0), number(8));
    if &footer[16..] != PACK_MAGIC
        || index_offset.checked_add(entries.checked_mul(INDEX_ENTRY_LEN as u64)?)? != footer_offset
    {
        return None;
    }
    let mut index_bytes = vec![0; usize::try_from(footer_offset - index_offset).ok()?];
    file.read_exact_at(&mut index_bytes, index_offset).ok()?;
    let mut index = Vec::with_capacity(index_bytes.len() / INDEX_ENTRY_LEN);
    for entry in index_bytes.chunks_exact(INDEX_ENTRY_LEN) {
        let key = std::str::from_utf8(&entry[..64]).ok()?;
        let offset = u64::from_le_bytes(entry[64..72].try_into().ok()?);
        let len = u64::from_le_bytes(entry[72..80].try_into().ok()?);
        if offset.checked_add(len)? > index_offset {
            return None;
        }
        index.push((Key::from_stored(key.to_string()), offset, len));
    }
    Some((
        Pack {
            path: path.to_path_buf(),
            file,
        },
        index,
    ))
}

/// Removes the packs that builds no longer running left unsealed (killed), and the
/// entries of the cache's first format (a file each, named by its key).
fn remove_abandoned_packs(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for path in entries.flatten().map(|entry| entry.path()) {
        let abandoned = match path.extension().and_then(|ext| ext.to_str()) {
            Some(extension) => extension
                .strip_prefix("tmp-")
                .and_then(|pid| pid.parse().ok())
                .is_some_and(|pid: u32| !sitegen_workers::os::process_is_alive(pid)),
            None => path
                .file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| {
                    name.len() == 64 && name.bytes().all(|byte| byte.is_ascii_hexdigit())
                }),
        };
        if abandoned {
            let _ = fs::remove_file(&path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_lives_in_target_beside_the_content_folder() {
        assert_eq!(
            media_dir(&dir_for(Path::new("content"))),
            Path::new("./target/sitegen-cache/media")
        );
        assert_eq!(
            dir_for(Path::new("/site/content")),
            Path::new("/site/target/sitegen-cache")
        );
    }

    #[test]
    fn keys_depend_on_every_part_and_on_where_parts_split() {
        let key = Key::of(&[b"ab", b"c"]);
        assert_eq!(key, Key::of(&[b"ab", b"c"]));
        assert_ne!(key, Key::of(&[b"a", b"bc"]));
        assert_ne!(key, Key::of(&[b"ab", b"d"]));
        assert_eq!(key.as_str().len(), 64);
    }

    #[test]
    fn an_entry_put_is_read_back_by_the_next_build() {
        let dir = tempfile::tempdir().unwrap();
        let key = Key::of(&[b"page"]);
        let cache = BuildCache::new(dir.path().join("cache"), true);
        assert_eq!(cache.get(&key), None);
        cache.put(&key, b"<p>hi</p>");
        cache.put(&Key::of(&[b"empty"]), b"");
        cache.finish();
        let next = BuildCache::new(dir.path().join("cache"), true);
        assert_eq!(next.get(&key).as_deref(), Some(&b"<p>hi</p>"[..]));
        assert_eq!(next.get(&Key::of(&[b"empty"])).as_deref(), Some(&b""[..]));
        assert_eq!(next.get(&Key::of(&[b"other"])), None);
        assert_eq!(packs(&dir.path().join("cache")).len(), 1, "one pack");
    }

    fn packs(dir: &Path) -> Vec<PathBuf> {
        pack_paths(&dir.join(RENDERS))
    }

    #[test]
    fn a_build_that_fails_or_is_dropped_still_seals_its_pack() {
        let dir = tempfile::tempdir().unwrap();
        let key = Key::of(&[b"page"]);
        BuildCache::new(dir.path(), true).put(&key, b"kept");
        assert_eq!(
            BuildCache::new(dir.path(), true).get(&key).as_deref(),
            Some(&b"kept"[..])
        );
    }

    #[test]
    fn without_reading_every_lookup_misses_but_entries_are_still_stored() {
        let dir = tempfile::tempdir().unwrap();
        let key = Key::of(&[b"page"]);
        let clean = BuildCache::new(dir.path(), false);
        clean.put(&key, b"fresh");
        assert_eq!(clean.get(&key), None);
        clean.finish();
        let next = BuildCache::new(dir.path(), true);
        assert_eq!(next.get(&key).as_deref(), Some(&b"fresh"[..]));
    }

    #[test]
    fn an_entry_the_cache_holds_is_not_written_again() {
        let dir = tempfile::tempdir().unwrap();
        let key = Key::of(&[b"page"]);
        BuildCache::new(dir.path(), true).put(&key, b"same");
        let before = packs(dir.path());
        let clean = BuildCache::new(dir.path(), false);
        clean.put(&key, b"same");
        assert_eq!(clean.used(), 1, "it still counts as used");
        clean.finish();
        assert_eq!(packs(dir.path()), before, "no new pack");
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
        cache.finish();
    }

    #[test]
    fn a_damaged_pack_is_a_miss_and_is_removed() {
        let dir = tempfile::tempdir().unwrap();
        let key = Key::of(&[b"page"]);
        BuildCache::new(dir.path(), true).put(&key, b"value");
        let [pack] = &packs(dir.path())[..] else {
            panic!("one pack");
        };
        let bytes = fs::read(pack).unwrap();
        fs::write(pack, &bytes[..bytes.len() - 1]).unwrap();
        let next = BuildCache::new(dir.path(), true);
        assert_eq!(next.get(&key), None);
        next.finish();
        assert!(!pack.exists());
    }

    #[test]
    fn packs_left_by_killed_builds_and_the_first_format_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let renders = dir.path().join(RENDERS);
        fs::create_dir_all(&renders).unwrap();
        // No process has an id this large (the kernel's limit is 2^22).
        let killed = renders.join("1-2-3.tmp-99999999");
        let running = renders.join(format!("1-2-4.tmp-{}", std::process::id()));
        let first_format = renders.join(Key::of(&[b"old"]).as_str());
        for path in [&killed, &running, &first_format] {
            fs::write(path, "x").unwrap();
        }
        BuildCache::new(dir.path(), true).finish();
        // Where the system cannot tell a dead build, its pack is kept.
        assert_eq!(
            killed.exists(),
            !sitegen_workers::os::KNOWS_PROCESS_LIVENESS
        );
        assert!(running.exists(), "a build still writing keeps its pack");
        assert!(!first_format.exists());
    }

    #[test]
    fn pruning_keeps_what_the_build_used_and_drops_the_rest_once_it_dominates() {
        let dir = tempfile::tempdir().unwrap();
        let key = |name: &str| Key::of(&[name.as_bytes()]);
        let old = BuildCache::new(dir.path(), true);
        for name in ["a", "b", "c"] {
            old.put(&key(name), name.as_bytes());
        }
        old.finish();
        // 2 used (one read, one stored), 2 unused: the other build's entries stay.
        let next = BuildCache::new(dir.path(), true);
        next.get(&key("a")).unwrap();
        next.put(&key("z"), b"z");
        next.finish();
        let mid = BuildCache::new(dir.path(), true);
        assert!(mid.get(&key("c")).is_some());
        drop(mid);
        // 1 used of 5, 4 unused: those go, and what stays is in one pack.
        let last = BuildCache::new(dir.path(), true);
        last.keep(&key("z"));
        last.finish();
        assert_eq!(packs(dir.path()).len(), 1);
        let after = BuildCache::new(dir.path(), true);
        assert_eq!(after.get(&key("z")).as_deref(), Some(&b"z"[..]));
        for name in ["a", "b", "c"] {
            assert!(after.get(&key(name)).is_none(), "{name}");
        }
    }

    #[test]
    fn the_packs_of_many_small_builds_are_merged_without_losing_entries() {
        let dir = tempfile::tempdir().unwrap();
        let key = |n: usize| Key::of(&[n.to_string().as_bytes()]);
        // The first build stores 20 entries; each later one reads them and stores one.
        let first = BuildCache::new(dir.path(), true);
        for n in 0..20 {
            first.put(&key(n), n.to_string().as_bytes());
        }
        first.finish();
        for n in 20..20 + MAX_PACKS {
            let build = BuildCache::new(dir.path(), true);
            for earlier in 0..n {
                build.get(&key(earlier)).unwrap();
            }
            build.put(&key(n), n.to_string().as_bytes());
            build.finish();
        }
        assert!(packs(dir.path()).len() <= MAX_PACKS);
        let after = BuildCache::new(dir.path(), true);
        for n in 0..20 + MAX_PACKS {
            assert_eq!(after.get(&key(n)), Some(n.to_string().into_bytes()), "{n}");
        }
    }
}
