//! What a build left in its output folder, kept in the build cache (`outputs/`), so
//! that the next `sitegen build` into the same folder updates it in place
//! ([`Staging::update`](sitegen_output::staging::Staging::update)), as a warm `sitegen serve` does, instead of
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

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use walkdir::WalkDir;

use crate::cache::{write_atomically, Key};
use sitegen_output::staging::{on_disk_of, Manifest, OnDiskFiles};

/// The key of everything each page (`.html` file of the output) was made of.
pub type PageKeys = HashMap<String, Key>;

/// Bumped whenever the record's meaning changes: it names the records, so an older
/// one is not found.
const VERSION: u32 = 2;

/// The sub-folder of the build cache that holds one record per output folder.
const RECORDS: &str = "outputs";

/// Which folder a path names (device and inode on Unix, see [`sitegen_output::os`]): a whole build swaps a new folder in,
/// and someone may replace the output folder between two builds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FolderId(u64, u64);

impl FolderId {
    pub fn of(path: &Path) -> Option<Self> {
        sitegen_output::os::folder_identity(path).map(|(device, folder)| Self(device, folder))
    }
}

/// What a build left in its output folder: what the next build needs to update it in
/// place. A warm builder keeps it in memory, a record in the cache folder.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Output {
    /// The folder it lies in.
    pub folder: FolderId,
    /// Its files and what they hold.
    pub manifest: Manifest,
    /// The key of everything each of its pages was made of.
    pub pages: PageKeys,
    /// How each of its files lies on disk, when the build knows every one (not with the
    /// page twins of `--precompress`); a record needs it.
    pub on_disk: Option<OnDiskFiles>,
}

impl Output {
    /// Whether `out_dir` is still this output's folder.
    pub fn is_in(&self, out_dir: &Path) -> bool {
        FolderId::of(out_dir) == Some(self.folder)
    }
}

/// The record of the output folder `out_dir`, inside the cache folder `cache_dir`.
pub fn path_for(cache_dir: &Path, out_dir: &Path) -> PathBuf {
    let absolute = fs::canonicalize(out_dir)
        .or_else(|_| std::path::absolute(out_dir))
        .unwrap_or_else(|_| out_dir.to_path_buf());
    let name = Key::of(&[absolute.as_os_str().as_encoded_bytes()]);
    cache_dir
        .join(RECORDS)
        .join(format!("v{VERSION}-{}", name.as_str()))
}

/// What the last build left in `out_dir`, if the folder is still exactly as it left it.
pub fn load(cache_dir: &Path, out_dir: &Path) -> Option<Output> {
    let bytes = fs::read(path_for(cache_dir, out_dir)).ok()?;
    let output: Output = serde_json::from_slice(&bytes).ok()?;
    let intact =
        output.is_in(out_dir) && output.on_disk.is_some() && scan(out_dir) == output.on_disk;
    intact.then_some(output)
}

/// Removes the record of `out_dir`: done before an update moves its first file, so
/// that a build killed half-way leaves no record and the next build is a whole one.
pub fn forget(cache_dir: &Path, out_dir: &Path) -> std::io::Result<()> {
    match fs::remove_file(path_for(cache_dir, out_dir)) {
        Err(error) if error.kind() != std::io::ErrorKind::NotFound => Err(error),
        _ => Ok(()),
    }
}

/// Records what a build just committed into `out_dir`. Nothing is recorded (and an
/// older record is removed) when the output does not say how every file lies on disk.
/// Failures are ignored: without a record the next build is a whole one, slower but
/// the same.
pub fn save(cache_dir: &Path, out_dir: &Path, output: &Output) {
    let path = path_for(cache_dir, out_dir);
    let complete = output
        .on_disk
        .as_ref()
        .is_some_and(|on_disk| on_disk.len() == output.manifest.len());
    if !complete {
        let _ = fs::remove_file(&path);
        return;
    }
    if let (Some(parent), Ok(bytes)) = (path.parent(), serde_json::to_vec(output)) {
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
    use sitegen_output::staging::Stamp;

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

    /// `out` as a build that wrote every file of it leaves it.
    fn output_of(out: &Path) -> Output {
        Output {
            folder: FolderId::of(out).unwrap(),
            manifest: manifest_of(out),
            pages: pages(),
            on_disk: scan(out),
        }
    }

    fn save_whole(cache: &Path, out: &Path) {
        save(cache, out, &output_of(out));
    }

    #[test]
    fn a_folder_left_as_it_was_gives_back_its_manifest_and_page_keys() {
        let (_tmp, cache, out) = site();
        save_whole(&cache, &out);
        assert_eq!(load(&cache, &out), Some(output_of(&out)));
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
        let unknown = Output {
            on_disk: None,
            ..output_of(&out)
        };
        save(&cache, &out, &unknown);
        assert_eq!(load(&cache, &out), None, "the older record went too");
        let mut partial = output_of(&out);
        partial.on_disk.as_mut().unwrap().remove("index.html");
        save(&cache, &out, &partial);
        assert_eq!(load(&cache, &out), None);
    }
}
