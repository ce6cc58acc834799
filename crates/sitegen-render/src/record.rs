//! What a build left in its output folder, kept in the build cache (`outputs/`), so
//! that the next `sitegen build` into the same folder updates it in place
//! ([`crate::output::Staging::update`]), as a warm `sitegen serve` does, instead of
//! making a whole new site: after a one-product edit of a 10,000-product site it
//! writes a few files instead of linking 30,000 into a new folder and removing the old.
//! Each `sitegen build` keeps one, and so does `sitegen serve` as it stops (the build
//! that follows a preview then updates the preview's folder).
//!
//! A record is trusted only while the folder is exactly as that build left it: the
//! same folder (device and inode) holding the same files, each with the size and
//! modification time it had. A file edited, added or removed by hand, or an update
//! killed half-way (its record is removed before the first file moves), makes the next
//! build a whole one. A record is kept only for an output whose every file the build
//! knows (not for one with the page twins of `--precompress`).

use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use walkdir::WalkDir;

use crate::cache::{write_atomically, Key};
use crate::output::{on_disk_of, Manifest, OnDiskFiles};
use crate::PageKeys;

/// Bumped whenever the record's meaning changes: an older record is then ignored.
const VERSION: u32 = 1;

/// The sub-folder of the build cache that holds one record per output folder.
const RECORDS: &str = "outputs";

/// Which folder a path names (device and inode): a whole build swaps a new folder in,
/// and someone may replace the output folder between two builds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FolderId(u64, u64);

impl FolderId {
    #[cfg(unix)]
    pub fn of(path: &Path) -> Option<Self> {
        use std::os::unix::fs::MetadataExt;
        let metadata = fs::metadata(path).ok()?;
        Some(Self(metadata.dev(), metadata.ino()))
    }

    #[cfg(not(unix))]
    pub fn of(_path: &Path) -> Option<Self> {
        None
    }
}

#[derive(Serialize, Deserialize)]
struct Record {
    version: u32,
    folder: FolderId,
    manifest: Manifest,
    on_disk: OnDiskFiles,
    pages: PageKeys,
}

/// The record of the output folder `out_dir`, inside the cache folder `cache_dir`.
pub fn path_for(cache_dir: &Path, out_dir: &Path) -> PathBuf {
    let absolute = fs::canonicalize(out_dir)
        .or_else(|_| std::path::absolute(out_dir))
        .unwrap_or_else(|_| out_dir.to_path_buf());
    let name = Key::of(&[absolute.as_os_str().as_encoded_bytes()]);
    cache_dir.join(RECORDS).join(name.as_str())
}

/// How the files of an output folder lay on disk when its record was loaded: after
/// an update, what [`save`] needs besides the files the update moved in.
#[derive(Debug, PartialEq)]
pub struct Known(OnDiskFiles);

impl From<OnDiskFiles> for Known {
    fn from(on_disk: OnDiskFiles) -> Self {
        Self(on_disk)
    }
}

impl Known {
    /// The files of the folder after an update that moved `written` into it.
    pub fn updated_by(self, written: OnDiskFiles) -> OnDiskFiles {
        let mut on_disk = self.0;
        on_disk.extend(written);
        on_disk
    }
}

/// What the last build left in `out_dir` (its manifest and page keys), if the folder
/// is still exactly as it left it.
pub fn load(cache_dir: &Path, out_dir: &Path) -> Option<(Manifest, PageKeys, Known)> {
    let bytes = fs::read(path_for(cache_dir, out_dir)).ok()?;
    let record: Record = serde_json::from_slice(&bytes).ok()?;
    let intact = record.version == VERSION
        && FolderId::of(out_dir) == Some(record.folder)
        && scan(out_dir).is_some_and(|found| found == record.on_disk);
    intact.then_some((record.manifest, record.pages, Known(record.on_disk)))
}

/// Removes the record of `out_dir`: done before an update moves its first file, so
/// that a build killed half-way leaves no record and the next build is a whole one.
pub fn forget(cache_dir: &Path, out_dir: &Path) -> std::io::Result<()> {
    match fs::remove_file(path_for(cache_dir, out_dir)) {
        Err(error) if error.kind() != std::io::ErrorKind::NotFound => Err(error),
        _ => Ok(()),
    }
}

/// Records what a build just committed into `out_dir`: `manifest`, how its files lie
/// on disk (`on_disk`, from the build: the folder is not read again), and `pages`, the
/// key of each page. Nothing is recorded (and an older record is removed) without
/// `on_disk`, or when it misses a file of the manifest. Failures are ignored: without a
/// record the next build is a whole one, slower but the same.
pub fn save(
    cache_dir: &Path,
    out_dir: &Path,
    manifest: Manifest,
    pages: PageKeys,
    on_disk: Option<OnDiskFiles>,
) {
    let path = path_for(cache_dir, out_dir);
    let on_disk = on_disk.and_then(|mut on_disk| {
        on_disk.retain(|file, _| manifest.contains_key(file));
        (on_disk.len() == manifest.len()).then_some(on_disk)
    });
    let (Some(folder), Some(on_disk)) = (FolderId::of(out_dir), on_disk) else {
        let _ = fs::remove_file(&path);
        return;
    };
    let record = Record {
        version: VERSION,
        folder,
        manifest,
        on_disk,
        pages,
    };
    if let (Some(parent), Ok(bytes)) = (path.parent(), serde_json::to_vec(&record)) {
        let _ = fs::create_dir_all(parent).and_then(|()| write_atomically(&path, &bytes));
    }
}

/// Every file under `dir` (relative, `/`-separated) with its size and modification
/// time; `None` when the folder cannot be read whole.
fn scan(dir: &Path) -> Option<OnDiskFiles> {
    let mut files = OnDiskFiles::new();
    for entry in WalkDir::new(dir).min_depth(1) {
        let entry = entry.ok()?;
        if entry.file_type().is_dir() {
            continue;
        }
        let on_disk = on_disk_of(&entry.metadata().ok()?)?;
        let relative = entry.path().strip_prefix(dir).ok()?.to_str()?;
        files.insert(relative.replace(std::path::MAIN_SEPARATOR, "/"), on_disk);
    }
    Some(files)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::Stamp;

    fn manifest_of(dir: &Path) -> Manifest {
        scan(dir)
            .unwrap()
            .keys()
            .map(|file| {
                (
                    file.clone(),
                    Stamp::of_bytes(&fs::read(dir.join(file)).unwrap()),
                )
            })
            .collect()
    }

    fn site() -> (tempfile::TempDir, PathBuf, PathBuf) {
        let tmp = tempfile::tempdir().unwrap();
        let (cache, out) = (tmp.path().join("cache"), tmp.path().join("dist"));
        fs::create_dir_all(out.join("about")).unwrap();
        fs::write(out.join("index.html"), "home").unwrap();
        fs::write(out.join("about/index.html"), "about").unwrap();
        (tmp, cache, out)
    }

    fn pages() -> PageKeys {
        PageKeys::from([("index.html".to_string(), Key::of(&[b"home"]))])
    }

    /// Records `out` as a build that wrote every file of it would.
    fn save_whole(cache: &Path, out: &Path) {
        save(cache, out, manifest_of(out), pages(), scan(out));
    }

    #[test]
    fn a_folder_left_as_it_was_gives_back_its_manifest_and_page_keys() {
        let (_tmp, cache, out) = site();
        save_whole(&cache, &out);
        let (loaded, loaded_pages, _) = load(&cache, &out).unwrap();
        assert_eq!((loaded, loaded_pages), (manifest_of(&out), pages()));
        // Whatever spelling names the folder.
        let spelled = out.join("about").join("..");
        assert!(load(&cache, &spelled).is_some());
    }

    #[test]
    fn a_file_edited_added_or_removed_by_hand_voids_the_record() {
        type Touch = fn(&Path);
        let touches: [(&str, Touch); 3] = [
            ("edited", |out| {
                fs::write(out.join("index.html"), "HOME").unwrap()
            }),
            ("added", |out| fs::write(out.join("extra.txt"), "").unwrap()),
            ("removed", |out| {
                fs::remove_file(out.join("about/index.html")).unwrap()
            }),
        ];
        for (what, touch) in touches {
            let (_tmp, cache, out) = site();
            save_whole(&cache, &out);
            touch(&out);
            assert_eq!(load(&cache, &out), None, "a file {what} by hand");
        }
    }

    #[test]
    fn a_replaced_folder_or_a_forgotten_record_gives_nothing() {
        let (tmp, cache, out) = site();
        save_whole(&cache, &out);
        let copy = tmp.path().join("copy");
        fs::rename(&out, &copy).unwrap();
        fs::create_dir(&out).unwrap();
        for file in ["index.html", "about/index.html"] {
            fs::create_dir_all(out.join(file).parent().unwrap()).unwrap();
            fs::copy(copy.join(file), out.join(file)).unwrap();
        }
        assert_eq!(
            load(&cache, &out),
            None,
            "another folder with the same files"
        );

        save_whole(&cache, &out);
        forget(&cache, &out).unwrap();
        assert_eq!(load(&cache, &out), None);
        forget(&cache, &out).unwrap();
    }

    #[test]
    fn without_the_place_of_every_file_nothing_is_recorded() {
        let (_tmp, cache, out) = site();
        save_whole(&cache, &out);
        save(&cache, &out, manifest_of(&out), pages(), None);
        assert_eq!(load(&cache, &out), None, "the older record went too");
        let mut partial = scan(&out).unwrap();
        partial.remove("index.html");
        save(&cache, &out, manifest_of(&out), pages(), Some(partial));
        assert_eq!(load(&cache, &out), None);
    }

    #[test]
    fn after_an_update_the_files_it_moved_in_complete_the_known_ones() {
        let (_tmp, cache, out) = site();
        save_whole(&cache, &out);
        let (_, _, known) = load(&cache, &out).unwrap();
        // The update: index.html changed, about/index.html removed, new.html added.
        fs::write(out.join("index.html"), "home, edited").unwrap();
        fs::remove_file(out.join("about/index.html")).unwrap();
        fs::write(out.join("new.html"), "new").unwrap();
        let found = scan(&out).unwrap();
        let written: OnDiskFiles = ["index.html", "new.html"]
            .into_iter()
            .map(|file| (file.to_string(), found[file]))
            .collect();
        let manifest = manifest_of(&out);
        save(
            &cache,
            &out,
            manifest.clone(),
            pages(),
            Some(known.updated_by(written)),
        );
        let (loaded, _, _) = load(&cache, &out).expect("the record matches the folder");
        assert_eq!(loaded, manifest);
    }
}
