//! Atomic output: the site is written into a staging folder beside the output folder and
//! moved in only when the whole build succeeded (swapped in whole, or for an update in
//! place each changed file renamed over its old version), so a failed build never
//! leaves a half-built `dist/`.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::UNIX_EPOCH;

use walkdir::WalkDir;

use crate::folder_spread::FolderSpread;
use crate::out_dir::{self, Beside};
use sitegen_workers::fault;

use crate::twins;
use crate::OutputError;

/// What one file of the output holds, to tell whether the next build changed it: a
/// hash of its bytes (of a copied file: of its source's path, size and modification
/// time) and its size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Stamp {
    hash: u64,
    size: u64,
}

impl Stamp {
    pub fn of_bytes(bytes: &[u8]) -> Self {
        let mut hasher = DefaultHasher::new();
        bytes.hash(&mut hasher);
        Self {
            hash: hasher.finish(),
            size: bytes.len() as u64,
        }
    }

    fn of_copy(source: &Path) -> std::io::Result<Self> {
        let metadata = fs::metadata(source)?;
        let mut hasher = DefaultHasher::new();
        source.hash(&mut hasher);
        metadata.modified()?.hash(&mut hasher);
        Ok(Self {
            hash: hasher.finish(),
            size: metadata.len(),
        })
    }
}

/// The files of an output (relative, `/`-separated) and what they hold.
pub type Manifest = HashMap<String, Stamp>;

/// A file as it lies on disk: its size and modification time (nanoseconds since the
/// epoch), by which `sitegen-render`'s record tells a folder left as the build left it.
pub type OnDisk = (u64, u128);

/// The [`OnDisk`] of files (relative, `/`-separated).
pub type OnDiskFiles = HashMap<String, OnDisk>;

pub fn on_disk_of(metadata: &fs::Metadata) -> Option<OnDisk> {
    let modified = metadata.modified().ok()?.duration_since(UNIX_EPOCH).ok()?;
    Some((metadata.len(), modified.as_nanos()))
}

/// How [`Staging::write_file`] put a file in place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Written {
    /// Not at all: an update whose target holds it already.
    Skipped,
    /// Linked to the target's file, which holds the same bytes.
    Linked,
    /// Into a new file.
    Created,
}

/// What an update in place changes in its target, in files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Changes {
    /// New or changed files, moved in.
    pub written: usize,
    /// Files the new site lacks.
    pub removed: usize,
    /// Files left as they were.
    pub unchanged: usize,
}

/// A folder being filled with the next site.
pub struct Staging {
    dir: PathBuf,
    target: PathBuf,
    committed: bool,
    /// Every file of the next site so far.
    files: Mutex<Manifest>,
    /// For an update in place ([`Staging::update`]): what the target holds now.
    previous: Option<Manifest>,
    /// In an update, the files of the next site that land in the target (new or
    /// changed): what the commit and its bookkeeping look at, not every file.
    landing: Mutex<HashSet<String>>,
    /// How each file written lies on disk (renames into the target keep it).
    on_disk: Mutex<OnDiskFiles>,
    /// The folders made so far, so that a file's folder is made once, not tried per
    /// file (a 10,000-product site writes 30,000 files into 20,000 folders).
    folders: Mutex<HashSet<PathBuf>>,
    /// Spreads the folders over the file system when they come slowly.
    spread: FolderSpread,
    /// Whether the target exists: a new site links its unchanged files from it.
    target_exists: bool,
    /// Whether files the manifest does not list were written (compressed twins).
    unlisted: AtomicBool,
    /// When the media live on their own origin: the staging folder of the media
    /// folder, which receives every file under [`MEDIA_PREFIX`] and is committed first.
    media: Option<Box<Staging>>,
}

/// Where the media files lie inside the output (`media/…`), and inside the media
/// folder when they live on their own origin: the same paths, so one sync uploads them.
pub const MEDIA_PREFIX: &str = "media/";

impl Staging {
    /// Creates a staging folder next to `target` (same file system, so the final swap is
    /// atomic), first removing what interrupted builds left there. It holds the output
    /// marker from the start, so that whatever is cut short can be recognised as
    /// sitegen's and cleaned up.
    pub fn new(target: &Path) -> Result<Self, OutputError> {
        Self::create(target, None)
    }

    /// A staging folder that receives only the files that differ from `previous`, the
    /// manifest of what `target` holds, and whose commit moves just those into `target`
    /// and removes the files the new site lacks. `sitegen serve`, and `sitegen build`
    /// into the folder its last build left (`sitegen-render`'s record), rebuild this way: on a
    /// one-product edit they write a few files instead of thousands. Each file is
    /// replaced in one rename (never seen half-written), new files come before the
    /// changed ones that may link to them, and removed files go last, so every link of
    /// the site resolves at every moment of the commit.
    pub fn update(target: &Path, previous: Manifest) -> Result<Self, OutputError> {
        Self::create(target, Some(previous))
    }

    fn create(target: &Path, previous: Option<Manifest>) -> Result<Self, OutputError> {
        let parent = out_dir::parent_of(target).unwrap_or_else(|| PathBuf::from("."));
        fs::create_dir_all(&parent).map_err(|e| OutputError::io(&parent, e))?;
        out_dir::clean_leftovers(target).map_err(|e| OutputError::io(&parent, e))?;
        let dir = Beside::Staging
            .path(target, std::process::id())
            .ok_or_else(|| OutputError::io(target, std::io::ErrorKind::InvalidInput.into()))?;
        if dir.exists() {
            out_dir::remove_marker_last(&dir).map_err(|e| OutputError::io(&dir, e))?;
        }
        fs::create_dir(&dir).map_err(|e| OutputError::io(&dir, e))?;
        let spread = FolderSpread::default();
        spread.top(&dir);
        let staging = Self {
            dir,
            target: target.to_path_buf(),
            committed: false,
            files: Mutex::default(),
            previous,
            landing: Mutex::default(),
            on_disk: Mutex::default(),
            folders: Mutex::default(),
            spread,
            target_exists: target.is_dir(),
            unlisted: AtomicBool::new(false),
            media: None,
        };
        staging.write(out_dir::MARKER, out_dir::MARKER_TEXT)?;
        Ok(staging)
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The folder this staging folder's site replaces or updates once committed.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Sends every media file ([`MEDIA_PREFIX`]) to `media`, the staging folder of the
    /// media folder, instead of this one: the media then live on their own origin.
    pub fn with_media(mut self, media: Staging) -> Self {
        self.media = Some(Box::new(media));
        self
    }

    /// The staging folder of the media folder, when the media live on their own.
    pub fn media(&self) -> Option<&Staging> {
        self.media.as_deref()
    }

    /// The staging folder a file at `relative` goes to: the media folder's for a media
    /// file when the media live on their own, else this one.
    fn media_staging_for(&self, relative: &str) -> Option<&Staging> {
        self.media
            .as_deref()
            .filter(|_| relative.starts_with(MEDIA_PREFIX))
    }

    /// Records a file of the next site; says whether it must be written, which it need
    /// not in an update when the target holds it already. The marker is always written:
    /// it is what lets a cut-short staging folder be cleaned up.
    fn record(&self, relative: &str, stamp: Stamp) -> bool {
        let lands = self.lands_in_target(relative, &stamp);
        let mut files = self
            .files
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        files.insert(relative.to_string(), stamp);
        if self.previous.is_some() {
            // A file recorded again lands as its last record says.
            let mut landing = self.landing.lock().unwrap_or_else(|p| p.into_inner());
            if lands {
                landing.insert(relative.to_string());
            } else if !landing.is_empty() {
                landing.remove(relative);
            }
        }
        relative == out_dir::MARKER || lands
    }

    /// In an update: the files that land in the target, and how many files the target
    /// holds that the next site lacks (counted, not searched: every file of the next
    /// site is in the target or lands).
    fn landing_and_removed(&self, files: &Manifest) -> Option<(Vec<String>, usize)> {
        let previous = self.previous.as_ref()?;
        let landing: Vec<String> = self
            .landing
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .cloned()
            .collect();
        let new = landing
            .iter()
            .filter(|file| !previous.contains_key(*file))
            .count();
        Some((landing, (previous.len() + new).saturating_sub(files.len())))
    }

    /// Whether the file at `relative` holding `stamp` is one this staging puts into the
    /// target: every file of a whole new site; in an update, a new or changed one.
    fn lands_in_target(&self, relative: &str, stamp: &Stamp) -> bool {
        self.previous
            .as_ref()
            .is_none_or(|previous| previous.get(relative) != Some(stamp))
    }

    /// Writes `bytes` at `relative` inside the staging folder, creating folders.
    pub fn write(&self, relative: &str, bytes: impl AsRef<[u8]>) -> Result<(), OutputError> {
        self.write_file(relative, bytes.as_ref()).map(|_| ())
    }

    /// [`Staging::write`], answering whether the file changed: false in an update whose
    /// target holds these very bytes (nothing is written then).
    pub fn write_changed(
        &self,
        relative: &str,
        bytes: impl AsRef<[u8]>,
    ) -> Result<bool, OutputError> {
        self.write_file(relative, bytes.as_ref())
            .map(|written| written != Written::Skipped)
    }

    /// [`Staging::write`], and the file's `.br` / `.gz` twins if it gets some
    /// ([`twins::wants_twins`]): compressed from the bytes in hand by the thread that made
    /// them (a prerender thread, while the workers render other pages), or, for a file
    /// the target holds unchanged, linked from the target's twins.
    pub fn write_with_twins(
        &self,
        relative: &str,
        bytes: impl AsRef<[u8]>,
    ) -> Result<(), OutputError> {
        if let Some(media) = self.media_staging_for(relative) {
            return media.write_with_twins(relative, bytes);
        }
        let bytes = bytes.as_ref();
        let written = self.write_file(relative, bytes)?;
        let path = self.dir.join(relative);
        if written == Written::Skipped || !twins::wants_twins(&path, bytes.len()) {
            return Ok(());
        }
        let same = (written == Written::Linked).then(|| self.target.join(relative));
        self.note_unlisted_files();
        twins::write_twins(
            &path,
            bytes,
            twins::levels_for(Path::new(relative)),
            same.as_deref(),
        )
    }

    /// In an update, keeps the target's file at `relative` as the next site's, unread
    /// and unwritten (the caller knows it is what it would write); false, and nothing
    /// recorded, when there is no such file to keep.
    pub fn keep(&self, relative: &str) -> bool {
        if let Some(media) = self.media_staging_for(relative) {
            return media.keep(relative);
        }
        let Some(stamp) = self
            .previous
            .as_ref()
            .and_then(|previous| previous.get(relative))
        else {
            return false;
        };
        self.record(relative, *stamp);
        true
    }

    fn write_file(&self, relative: &str, bytes: &[u8]) -> Result<Written, OutputError> {
        if let Some(media) = self.media_staging_for(relative) {
            return media.write_file(relative, bytes);
        }
        if !self.record(relative, Stamp::of_bytes(bytes)) {
            return Ok(Written::Skipped);
        }
        let path = self.dir.join(relative);
        self.make_folder_of(&path)?;
        if self.link_unchanged(relative, &path, |old| old == bytes) {
            return Ok(Written::Linked);
        }
        let io = |e| OutputError::io(&path, e);
        let mut file = fs::File::create(&path).map_err(io)?;
        file.write_all(bytes).map_err(io)?;
        self.note_on_disk(relative, &file.metadata().map_err(io)?);
        Ok(Written::Created)
    }

    /// Makes the folder `path` goes in, unless this staging made it already.
    fn make_folder_of(&self, path: &Path) -> Result<(), OutputError> {
        match path.parent() {
            Some(parent) => self.make_folder(parent),
            None => Ok(()),
        }
    }

    /// Makes `folder` and the folders above it inside the staging folder, each once: the
    /// ones this staging made are remembered, so a file's folder costs no system call.
    fn make_folder(&self, folder: &Path) -> Result<(), OutputError> {
        let made = |folder: &Path| {
            folder == self.dir
                || self
                    .folders
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .contains(folder)
        };
        if made(folder) {
            return Ok(());
        }
        // Every file lies in the staging folder, which ends the climb.
        let above = folder
            .parent()
            .filter(|_| folder.starts_with(&self.dir))
            .ok_or_else(|| OutputError::io(folder, std::io::ErrorKind::InvalidInput.into()))?;
        self.make_folder(above)?;
        let made = if above == self.dir {
            fs::create_dir(folder).inspect(|()| self.spread.top(folder))
        } else {
            self.spread.time(|| fs::create_dir(folder))
        };
        match made {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && folder.is_dir() => {}
            Err(e) => return Err(OutputError::io(folder, e)),
        }
        self.folders
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(folder.to_path_buf());
        Ok(())
    }

    fn note_on_disk(&self, relative: &str, metadata: &fs::Metadata) {
        if let Some(on_disk) = on_disk_of(metadata) {
            self.on_disk
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .insert(relative.to_string(), on_disk);
        }
    }

    /// Says that files the manifest does not list are (about to be) written into the
    /// staging folder: the compressed twins of `--precompress`.
    pub fn note_unlisted_files(&self) {
        self.unlisted.store(true, Ordering::Relaxed);
    }

    /// How every file of the next site will lie on disk once committed: the files this
    /// staging writes, and for an update the others as `before` says they lay in the
    /// target. `None` when a file's is unknown (`before` missing, twins written).
    pub fn files_on_disk(&self, before: Option<OnDiskFiles>) -> Option<OnDiskFiles> {
        if self.unlisted.load(Ordering::Relaxed) {
            return None;
        }
        let written = self.on_disk.lock().unwrap_or_else(|p| p.into_inner());
        let files = self.files.lock().unwrap_or_else(|p| p.into_inner());
        let all = match self.landing_and_removed(&files) {
            Some((landing, removed)) => {
                let mut all = before?;
                if removed > 0 {
                    all.retain(|file, _| files.contains_key(file));
                }
                for file in landing {
                    let on_disk = *written.get(&file)?;
                    all.insert(file, on_disk);
                }
                all
            }
            None => {
                let mut all = OnDiskFiles::new();
                for file in files.keys() {
                    all.insert(file.clone(), *written.get(file)?);
                }
                all
            }
        };
        (all.len() == files.len()).then_some(all)
    }

    /// Links `path` to the target's file at `relative` when `unchanged` says the target
    /// holds the same bytes: a whole new site shares the files an edit did not change
    /// with the site it replaces, which costs a directory entry instead of a new file
    /// (much cheaper on file systems slow to create files). Nothing ever writes into an
    /// output file in place (a changed file is a new file), so the old site is never
    /// altered through the link.
    fn link_unchanged(
        &self,
        relative: &str,
        path: &Path,
        unchanged: impl FnOnce(&[u8]) -> bool,
    ) -> bool {
        if self.previous.is_some() || !self.target_exists || relative == out_dir::MARKER {
            return false;
        }
        let old = self.target.join(relative);
        let linked = fs::read(&old).is_ok_and(|bytes| unchanged(&bytes))
            && fs::hard_link(&old, path).is_ok();
        if let (true, Ok(metadata)) = (linked, fs::metadata(path)) {
            self.note_on_disk(relative, &metadata);
        }
        linked
    }

    /// Copies a file into the staging folder.
    pub fn copy_file(&self, source: &Path, relative: &str) -> Result<(), OutputError> {
        if let Some(media) = self.media_staging_for(relative) {
            return media.copy_file(source, relative);
        }
        let stamp = Stamp::of_copy(source).map_err(|e| OutputError::io(source, e))?;
        if !self.record(relative, stamp) {
            return Ok(());
        }
        let path = self.dir.join(relative);
        self.make_folder_of(&path)?;
        let same_as_source = |old: &[u8]| {
            old.len() as u64 == stamp.size && fs::read(source).is_ok_and(|new| new == old)
        };
        if self.link_unchanged(relative, &path, same_as_source) {
            return Ok(());
        }
        // A new file, not `fs::copy`: it takes the mode every file the build writes has
        // (0644 under the usual umask), not the source's, so a media file saved 0600
        // is still readable by a web server running as another user.
        fs::File::open(source)
            .and_then(|mut from| std::io::copy(&mut from, &mut fs::File::create(&path)?))
            .map_err(|e| OutputError::io(source, e))?;
        let metadata = fs::metadata(&path).map_err(|e| OutputError::io(&path, e))?;
        self.note_on_disk(relative, &metadata);
        Ok(())
    }

    /// Every file of the next site so far (relative, `/`-separated), the media files
    /// written to the media folder included: the pages name them all.
    pub fn files(&self) -> HashSet<String> {
        let mut files: HashSet<String> = self
            .files
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .keys()
            .cloned()
            .collect();
        if let Some(media) = &self.media {
            files.extend(
                media
                    .files()
                    .into_iter()
                    .filter(|file| file.starts_with(MEDIA_PREFIX)),
            );
        }
        files
    }

    /// The text of a file of the next site: from the staging folder, or in an update
    /// from the target when it is unchanged.
    pub fn read_to_string(&self, relative: &str) -> std::io::Result<String> {
        if let Some(media) = self.media_staging_for(relative) {
            return media.read_to_string(relative);
        }
        match fs::read_to_string(self.dir.join(relative)) {
            Err(error)
                if error.kind() == std::io::ErrorKind::NotFound && self.previous.is_some() =>
            {
                fs::read_to_string(self.target.join(relative))
            }
            other => other,
        }
    }

    /// In an update, the pages (`.html` files) that differ from the target's, sorted;
    /// `None` for a whole new site.
    pub fn changed_pages(&self) -> Option<Vec<String>> {
        self.previous.as_ref()?;
        let landing = self.landing.lock().unwrap_or_else(|p| p.into_inner());
        let mut pages: Vec<String> = landing
            .iter()
            .filter(|file| file.ends_with(".html"))
            .cloned()
            .collect();
        pages.sort_unstable();
        Some(pages)
    }

    /// In an update, what its commit will change in the target; `None` for a whole new
    /// site.
    pub fn changes(&self) -> Option<Changes> {
        let files = self.files.lock().unwrap_or_else(|p| p.into_inner());
        let (landing, removed) = self.landing_and_removed(&files)?;
        let site_files = files.len() - usize::from(files.contains_key(out_dir::MARKER));
        let written = landing
            .iter()
            .filter(|file| *file != out_dir::MARKER)
            .count();
        Some(Changes {
            written,
            removed,
            unchanged: site_files - written,
        })
    }

    /// In an update, whether the next site has the same files as the target (if some
    /// changed); false for a whole new site.
    pub fn same_files_as_target(&self) -> bool {
        // The media folder is always made whole: whether its files changed is unknown.
        if self.media.is_some() {
            return false;
        }
        let files = self.files.lock().unwrap_or_else(|p| p.into_inner());
        let Some((landing, removed)) = self.landing_and_removed(&files) else {
            return false;
        };
        let previous = self.previous.as_ref().map_or(0, HashMap::len);
        drop(landing);
        removed == 0 && files.len() == previous
    }

    /// Copies a folder's files into the staging folder, skipping hidden entries
    /// (Vite's `.vite/` manifest and build markers are not part of the site).
    pub fn copy_tree(&self, source: &Path) -> Result<(), OutputError> {
        let walker = WalkDir::new(source)
            .min_depth(1)
            .into_iter()
            .filter_entry(|entry| !entry.file_name().to_string_lossy().starts_with('.'));
        for entry in walker {
            let entry = entry.map_err(|e| OutputError::io(source, e.into()))?;
            if entry.file_type().is_file() {
                let relative = entry
                    .path()
                    .strip_prefix(source)
                    .map_err(|_| OutputError::io(entry.path(), std::io::ErrorKind::Other.into()))?;
                self.copy_file(entry.path(), &relative.to_string_lossy())?;
            }
        }
        Ok(())
    }

    /// The number of files and bytes of the next site (the twins `precompress` wrote
    /// beside them included).
    pub fn totals(&self) -> (usize, u64) {
        if self.previous.is_some() || !self.unlisted.load(Ordering::Relaxed) {
            let files = self.files.lock().unwrap_or_else(|p| p.into_inner());
            return (files.len(), files.values().map(|stamp| stamp.size).sum());
        }
        WalkDir::new(&self.dir)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|entry| entry.file_type().is_file())
            .fold((0, 0), |(files, bytes), entry| {
                let size = entry.metadata().map(|m| m.len()).unwrap_or(0);
                (files + 1, bytes + size)
            })
    }

    /// Every file of the next site with its bytes (the twins `precompress` wrote beside
    /// them included), as [`Staging::totals`] counts them.
    pub fn file_sizes(&self) -> Vec<(String, u64)> {
        if self.previous.is_some() || !self.unlisted.load(Ordering::Relaxed) {
            let files = self.files.lock().unwrap_or_else(|p| p.into_inner());
            return files
                .iter()
                .map(|(path, stamp)| (path.clone(), stamp.size))
                .collect();
        }
        WalkDir::new(&self.dir)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|entry| entry.file_type().is_file())
            .filter_map(|entry| {
                let relative = entry.path().strip_prefix(&self.dir).ok()?;
                let parts: Vec<&str> = relative
                    .components()
                    .map(|part| part.as_os_str().to_str())
                    .collect::<Option<_>>()?;
                let size = entry.metadata().map(|m| m.len()).unwrap_or(0);
                Some((parts.join("/"), size))
            })
            .collect()
    }

    /// Replaces the target folder with the staging folder, or in an update moves the
    /// changed files into it; the media folder first, when the media live on their own,
    /// so that no page names a file not there yet. Returns the manifest of the site now
    /// in the target (without the media folder's files).
    pub fn commit(mut self) -> Result<Manifest, OutputError> {
        if let Some(media) = self.media.take() {
            media.commit()?;
        }
        let files = std::mem::take(self.files.get_mut().unwrap_or_else(|p| p.into_inner()));
        match (self.landing_and_removed(&files), self.previous.take()) {
            (Some((landing, removed)), Some(previous)) => {
                self.commit_update(&files, &previous, landing, removed)?
            }
            _ => self.commit_whole()?,
        }
        Ok(files)
    }

    /// Moves the `landing` files into the target and removes the `removed` files the new
    /// site (`files`) lacks; then removes the staging folder.
    fn commit_update(
        &mut self,
        files: &Manifest,
        previous: &Manifest,
        landing: Vec<String>,
        removed: usize,
    ) -> Result<(), OutputError> {
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |e| OutputError::io(&path, e)
        };
        // New files first (false sorts first), then the changed ones.
        let mut moves: Vec<(bool, &String)> = landing
            .iter()
            .filter(|relative| *relative != out_dir::MARKER)
            .map(|relative| (previous.contains_key(relative), relative))
            .collect();
        moves.sort_unstable();
        for (index, (_, relative)) in moves.iter().enumerate() {
            if index == moves.len() / 2 {
                fault::point("updating");
            }
            let destination = self.target.join(relative);
            if let Some(parent) = destination.parent() {
                fs::create_dir_all(parent).map_err(io(parent))?;
            }
            fs::rename(self.dir.join(relative), &destination).map_err(io(&destination))?;
        }
        let gone = previous.keys().filter(|file| !files.contains_key(*file));
        for relative in gone.take(removed) {
            let path = self.target.join(relative);
            match fs::remove_file(&path) {
                Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
                    return Err(OutputError::io(&path, error))
                }
                _ => {}
            }
        }
        self.committed = true;
        out_dir::remove_marker_last(&self.dir).map_err(io(&self.dir))
    }

    /// Replaces the target folder with the staging folder. Where the file system can
    /// swap two folders atomically (Linux), the output folder is always a complete site;
    /// elsewhere the old site is set aside first and put back by the next build if this
    /// one dies before the new site is in place.
    fn commit_whole(&mut self) -> Result<(), OutputError> {
        let target = self.target.clone();
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |e| OutputError::io(&path, e)
        };
        let old_site = if !target.exists() {
            fs::rename(&self.dir, &target).map_err(io(&target))?;
            None
        } else if crate::os::exchange(&self.dir, &target).map_err(io(&target))? {
            // The staging folder's name now holds the old site.
            Some(self.dir.clone())
        } else {
            let retired = self.beside(Beside::Retired)?;
            fs::rename(&target, &retired).map_err(io(&target))?;
            fault::point("between-renames");
            if let Err(e) = fs::rename(&self.dir, &target) {
                // Put the old site back rather than leave no site at all.
                let _ = fs::rename(&retired, &target);
                return Err(OutputError::io(&target, e));
            }
            Some(retired)
        };
        self.committed = true;
        fault::point("committed");
        if let Some(old_site) = old_site {
            let trash = self.beside(Beside::Trash)?;
            fs::rename(&old_site, &trash).map_err(io(&old_site))?;
            fault::point("removing-old-site");
            out_dir::remove_marker_last(&trash).map_err(io(&trash))?;
        }
        Ok(())
    }

    fn beside(&self, kind: Beside) -> Result<PathBuf, OutputError> {
        kind.path(&self.target, std::process::id())
            .ok_or_else(|| OutputError::io(&self.target, std::io::ErrorKind::InvalidInput.into()))
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.committed {
            let _ = out_dir::remove_marker_last(&self.dir);
        }
    }
}

#[cfg(test)]
mod tests;
