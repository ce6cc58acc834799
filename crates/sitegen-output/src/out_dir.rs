//! Which folder a build may replace, and the clean-up of what interrupted builds left.
//!
//! sitegen replaces its output folder whole, so it deletes or replaces only a folder it
//! wrote itself: one that holds the [`MARKER`] file, or an empty one. Everything else
//! (the content, the project, the current folder, a file, a user's folder) is refused
//! before anything is touched.

use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

/// The file that marks a folder as sitegen's output; every build writes it first.
pub const MARKER: &str = ".sitegen-output";
/// The marker's text: its version line.
pub const MARKER_TEXT: &str = "sitegen-output 1\n";

/// A folder the output folder must keep clear of, named for the error message.
#[derive(Debug, Clone, Copy)]
pub struct Protected<'a> {
    /// "the content folder", "the web app folder", …
    pub what: &'static str,
    pub path: &'a Path,
    /// Whether the output folder may lie inside it (the project folder: `dist/`).
    pub may_hold_output: bool,
}

/// Why a folder cannot be the output folder.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UnsafeOutput {
    #[error("it is the file system's root")]
    FileSystemRoot,
    #[error("it is the current folder")]
    CurrentFolder,
    #[error("it holds the current folder ({})", .0.display())]
    HoldsCurrentFolder(PathBuf),
    #[error("it is {what} ({})", path.display())]
    IsProtected { what: &'static str, path: PathBuf },
    #[error("it holds {what} ({})", path.display())]
    HoldsProtected { what: &'static str, path: PathBuf },
    #[error("it is inside {what} ({})", path.display())]
    InsideProtected { what: &'static str, path: PathBuf },
    #[error("it is an existing file, not a folder")]
    IsFile,
    #[error(
        "it is a folder that sitegen did not write: it is not empty and has no {MARKER} file, \
         and a build replaces its output folder whole"
    )]
    NotOurs,
}

impl UnsafeOutput {
    /// What the user can do about it.
    pub fn hint(&self) -> &'static str {
        match self {
            UnsafeOutput::NotOurs => {
                "choose a new or empty folder for --out (the default is dist), or delete this \
                 folder yourself if it is an old build"
            }
            _ => "choose a new or empty folder for --out, beside the content (the default is dist)",
        }
    }
}

/// Refuses an output folder a build must not replace. `protected` lists the project's
/// own folders (content, templates, web app, the project root).
pub fn check(out: &Path, protected: &[Protected<'_>]) -> Result<(), UnsafeOutput> {
    let here = std::env::current_dir().map_err(|_| UnsafeOutput::CurrentFolder)?;
    let out = resolve(&here.join(out));
    if out.parent().is_none() {
        return Err(UnsafeOutput::FileSystemRoot);
    }
    let cwd = resolve(&here);
    if out == cwd {
        return Err(UnsafeOutput::CurrentFolder);
    }
    if cwd.starts_with(&out) {
        return Err(UnsafeOutput::HoldsCurrentFolder(cwd));
    }
    let folders: Vec<(&'static str, PathBuf, bool)> = protected
        .iter()
        .map(|folder| {
            (
                folder.what,
                resolve(&here.join(folder.path)),
                folder.may_hold_output,
            )
        })
        .collect();
    // Naming the folder it is beats naming one it holds.
    if let Some((what, path, _)) = folders.iter().find(|(_, path, _)| *path == out) {
        return Err(UnsafeOutput::IsProtected {
            what,
            path: path.clone(),
        });
    }
    for (what, path, may_hold_output) in folders {
        if path.starts_with(&out) {
            return Err(UnsafeOutput::HoldsProtected { what, path });
        }
        if !may_hold_output && out.starts_with(&path) {
            return Err(UnsafeOutput::InsideProtected { what, path });
        }
    }
    match fs::metadata(&out) {
        Err(_) => Ok(()),
        Ok(meta) if !meta.is_dir() => Err(UnsafeOutput::IsFile),
        Ok(_) if is_ours_or_empty(&out) => Ok(()),
        Ok(_) => Err(UnsafeOutput::NotOurs),
    }
}

/// Whether `dir` holds the marker or nothing at all.
pub fn is_ours_or_empty(dir: &Path) -> bool {
    dir.join(MARKER).is_file()
        || fs::read_dir(dir).is_ok_and(|mut entries| entries.next().is_none())
}

/// `path` made absolute with symbolic links resolved, also where its end does not exist
/// yet: the longest existing ancestor is canonicalised and the rest appended, with `.`
/// and `..` applied.
fn resolve(path: &Path) -> PathBuf {
    let mut existing = path.to_path_buf();
    let mut rest = Vec::new();
    let base = loop {
        if let Ok(canonical) = existing.canonicalize() {
            break canonical;
        }
        match (existing.file_name(), existing.parent()) {
            (Some(name), Some(parent)) => {
                rest.push(name.to_os_string());
                existing = parent.to_path_buf();
            }
            // `..` or `.` at the end of a path that does not exist: resolve lexically.
            _ => break lexical(&existing),
        }
    };
    let mut resolved = base;
    for part in rest.iter().rev() {
        resolved.push(part);
    }
    lexical(&resolved)
}

fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// The folders a build keeps beside the output folder `name`: the next site being
/// written, an old site set aside (put back if a build dies before the new one is in
/// place), and an old site being deleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Beside {
    Staging,
    Retired,
    Trash,
}

impl Beside {
    const ALL: [Beside; 3] = [Beside::Staging, Beside::Retired, Beside::Trash];

    fn prefix(self, name: &str) -> String {
        let kind = match self {
            Beside::Staging => "staging",
            Beside::Retired => "retired",
            Beside::Trash => "trash",
        };
        format!(".{name}.{kind}-")
    }

    /// The folder of this kind that process `pid` uses beside `target`.
    pub(crate) fn path(self, target: &Path, pid: u32) -> Option<PathBuf> {
        let name = target.file_name()?.to_string_lossy();
        Some(parent_of(target)?.join(format!("{}{pid}", self.prefix(&name))))
    }
}

/// Removes what interrupted builds of `target` left beside it: staging folders of
/// processes that are gone, old sites set aside or half deleted. When a build died
/// between taking the old site away and putting the new one in place, the old site is
/// put back. Only folders that hold the marker (or nothing) are touched.
pub fn clean_leftovers(target: &Path) -> io::Result<()> {
    let (Some(parent), Some(name)) = (parent_of(target), target.file_name()) else {
        return Ok(());
    };
    let name = name.to_string_lossy();
    let Ok(entries) = fs::read_dir(&parent) else {
        return Ok(());
    };
    let mut leftovers = Vec::new();
    for entry in entries.flatten() {
        let file_name = entry.file_name().to_string_lossy().into_owned();
        let Some((kind, pid)) = Beside::ALL.into_iter().find_map(|kind| {
            let pid = file_name
                .strip_prefix(&kind.prefix(&name))?
                .parse::<u32>()
                .ok()?;
            Some((kind, pid))
        }) else {
            continue;
        };
        let path = entry.path();
        if path.is_symlink() || !path.is_dir() || !is_ours_or_empty(&path) {
            continue;
        }
        if kind == Beside::Staging && sitegen_workers::os::process_is_alive(pid) {
            continue;
        }
        leftovers.push((kind, path));
    }
    // Retired sites last, so that the newest complete one can be put back.
    leftovers.sort_by_key(|(kind, _)| *kind == Beside::Retired);
    for (kind, path) in leftovers {
        if kind == Beside::Retired && !target.exists() && path.join(MARKER).is_file() {
            fs::rename(&path, target)?;
        } else {
            remove_marker_last(&path)?;
        }
    }
    Ok(())
}

/// Removes a folder of sitegen's with its marker last, so that a removal cut short
/// still carries the marker and the next build finishes it.
pub(crate) fn remove_marker_last(dir: &Path) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_name() == MARKER {
            continue;
        }
        if entry.file_type()?.is_dir() {
            fs::remove_dir_all(entry.path())?;
        } else {
            fs::remove_file(entry.path())?;
        }
    }
    match fs::remove_file(dir.join(MARKER)) {
        Err(error) if error.kind() != io::ErrorKind::NotFound => return Err(error),
        _ => {}
    }
    fs::remove_dir(dir)
}

pub fn parent_of(target: &Path) -> Option<PathBuf> {
    match target.parent() {
        Some(parent) if parent.as_os_str().is_empty() => Some(PathBuf::from(".")),
        Some(parent) => Some(parent.to_path_buf()),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for folder in ["content", "templates", "web"] {
            fs::create_dir(dir.path().join(folder)).unwrap();
        }
        dir
    }

    fn check_in(root: &Path, out: &Path) -> Result<(), UnsafeOutput> {
        let (content, templates, web) = (
            root.join("content"),
            root.join("templates"),
            root.join("web"),
        );
        let folder = |what, path, may_hold_output| Protected {
            what,
            path,
            may_hold_output,
        };
        check(
            out,
            &[
                folder("the content folder", &content, false),
                folder("the templates folder", &templates, false),
                folder("the web app folder", &web, false),
                folder("the project folder", root, true),
            ],
        )
    }

    #[test]
    fn a_new_or_empty_or_marked_folder_is_accepted() {
        let root = project();
        assert_eq!(check_in(root.path(), &root.path().join("dist")), Ok(()));
        fs::create_dir(root.path().join("empty")).unwrap();
        assert_eq!(check_in(root.path(), &root.path().join("empty")), Ok(()));
        let marked = root.path().join("old-build");
        fs::create_dir(&marked).unwrap();
        fs::write(marked.join(MARKER), MARKER_TEXT).unwrap();
        fs::write(marked.join("index.html"), "old").unwrap();
        assert_eq!(check_in(root.path(), &marked), Ok(()));
    }

    #[test]
    fn the_content_folder_or_one_holding_it_is_refused() {
        let root = project();
        let content = root.path().join("content");
        assert!(matches!(
            check_in(root.path(), &content),
            Err(UnsafeOutput::IsProtected {
                what: "the content folder",
                ..
            })
        ));
        assert!(matches!(
            check_in(root.path(), &content.join("dist")),
            Err(UnsafeOutput::InsideProtected { .. })
        ));
        assert!(matches!(
            check_in(root.path(), &root.path().join("web/../content/.")),
            Err(UnsafeOutput::IsProtected { .. })
        ));
        assert!(matches!(
            check_in(root.path(), root.path()),
            Err(UnsafeOutput::IsProtected {
                what: "the project folder",
                ..
            })
        ));
        // A folder of its own to hold the project: the temporary folder's parent may
        // hold the current folder too (CI clones under /tmp), which is refused first.
        let holder = tempfile::tempdir().unwrap();
        let nested = holder.path().join("project");
        for folder in ["content", "templates", "web"] {
            fs::create_dir_all(nested.join(folder)).unwrap();
        }
        assert!(matches!(
            check_in(&nested, holder.path()),
            Err(UnsafeOutput::HoldsProtected { .. })
        ));
    }

    #[test]
    fn a_symbolic_link_to_the_content_is_seen_through() {
        let root = project();
        let link = root.path().join("site");
        std::os::unix::fs::symlink(root.path().join("content"), &link).unwrap();
        assert!(matches!(
            check_in(root.path(), &link),
            Err(UnsafeOutput::IsProtected { .. })
        ));
    }

    #[test]
    fn the_root_and_the_current_folder_are_refused() {
        let root = project();
        assert_eq!(
            check_in(root.path(), Path::new("/")),
            Err(UnsafeOutput::FileSystemRoot)
        );
        assert_eq!(
            check_in(root.path(), Path::new(".")),
            Err(UnsafeOutput::CurrentFolder)
        );
        assert_eq!(
            check_in(root.path(), Path::new("")),
            Err(UnsafeOutput::CurrentFolder)
        );
        assert!(matches!(
            check_in(root.path(), Path::new("..")),
            Err(UnsafeOutput::HoldsCurrentFolder(_))
        ));
    }

    #[test]
    fn a_file_or_a_foreign_folder_is_refused() {
        let root = project();
        let file = root.path().join("notes.txt");
        fs::write(&file, "mine").unwrap();
        assert_eq!(check_in(root.path(), &file), Err(UnsafeOutput::IsFile));
        let folder = root.path().join("photos");
        fs::create_dir(&folder).unwrap();
        fs::write(folder.join("a.jpg"), "mine").unwrap();
        assert_eq!(check_in(root.path(), &folder), Err(UnsafeOutput::NotOurs));
    }

    fn marked(dir: &Path) -> PathBuf {
        fs::create_dir_all(dir).unwrap();
        fs::write(dir.join(MARKER), MARKER_TEXT).unwrap();
        dir.to_path_buf()
    }

    #[test]
    fn leftovers_of_dead_builds_are_removed_and_live_ones_kept() {
        let root = tempfile::tempdir().unwrap();
        let target = marked(&root.path().join("dist"));
        // No process has pid u32::MAX - 1 (above the kernel's pid_max).
        let beside = |kind: Beside, pid| kind.path(&target, pid).unwrap();
        let dead = marked(&beside(Beside::Staging, u32::MAX - 1));
        let live = marked(&beside(Beside::Staging, std::process::id()));
        let retired = marked(&beside(Beside::Retired, 7));
        let trash = marked(&beside(Beside::Trash, 8));
        let foreign = beside(Beside::Staging, u32::MAX - 2);
        fs::create_dir(&foreign).unwrap();
        fs::write(foreign.join("mine.txt"), "not sitegen's").unwrap();

        clean_leftovers(&target).unwrap();
        assert!(!retired.exists() && !trash.exists());
        // Where the system cannot tell a dead build, its staging folder is kept.
        assert_eq!(dead.exists(), !sitegen_workers::os::KNOWS_PROCESS_LIVENESS);
        assert!(live.exists(), "a running build's staging folder is kept");
        assert!(
            foreign.exists(),
            "a folder without the marker is never removed"
        );
        assert!(target.join(MARKER).exists());
    }

    #[test]
    fn an_old_site_taken_away_by_a_dead_build_is_put_back() {
        let root = tempfile::tempdir().unwrap();
        let target = root.path().join("dist");
        let retired = marked(&Beside::Retired.path(&target, 7).unwrap());
        fs::write(retired.join("index.html"), "old").unwrap();
        clean_leftovers(&target).unwrap();
        assert_eq!(
            fs::read_to_string(target.join("index.html")).unwrap(),
            "old"
        );
        assert!(!retired.exists());
    }
}

#[cfg(test)]
mod removal_tests {
    use super::*;

    #[test]
    fn the_marker_goes_last() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("site");
        fs::create_dir_all(dir.join("a/b")).unwrap();
        fs::write(dir.join(MARKER), MARKER_TEXT).unwrap();
        fs::write(dir.join("a/b/index.html"), "x").unwrap();
        remove_marker_last(&dir).unwrap();
        assert!(!dir.exists());
    }
}
