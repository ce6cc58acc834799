//! Atomic output: the site is written into a staging folder beside the output folder and
//! swapped in only when the whole build succeeded, so a failed build never leaves a
//! half-built `dist/`.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use walkdir::WalkDir;

use crate::out_dir::{self, Beside};
use crate::{fault, BuildError};

/// A folder being filled with the next site.
pub struct Staging {
    dir: PathBuf,
    target: PathBuf,
    committed: bool,
    /// The pages (`.html` files, relative) whose bytes differ from the target's, when
    /// asked for with [`Staging::track_changed_pages`].
    changed_pages: Option<Mutex<Vec<String>>>,
}

impl Staging {
    /// Creates a staging folder next to `target` (same file system, so the final swap is
    /// atomic), first removing what interrupted builds left there. It holds the output
    /// marker from the start, so that whatever is cut short can be recognised as
    /// sitegen's and cleaned up.
    pub fn new(target: &Path) -> Result<Self, BuildError> {
        let parent = out_dir::parent_of(target).unwrap_or_else(|| PathBuf::from("."));
        fs::create_dir_all(&parent).map_err(|e| BuildError::io(&parent, e))?;
        out_dir::clean_leftovers(target).map_err(|e| BuildError::io(&parent, e))?;
        let dir = Beside::Staging
            .path(target, std::process::id())
            .ok_or_else(|| BuildError::io(target, std::io::ErrorKind::InvalidInput.into()))?;
        if dir.exists() {
            out_dir::remove_marker_last(&dir).map_err(|e| BuildError::io(&dir, e))?;
        }
        fs::create_dir(&dir).map_err(|e| BuildError::io(&dir, e))?;
        let staging = Self {
            dir,
            target: target.to_path_buf(),
            committed: false,
            changed_pages: None,
        };
        staging.write(out_dir::MARKER, out_dir::MARKER_TEXT)?;
        Ok(staging)
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// From now on, remembers which pages written differ from (or are missing in) the
    /// target folder: the open pages `sitegen serve` reloads.
    pub fn track_changed_pages(&mut self) {
        self.changed_pages = Some(Mutex::new(Vec::new()));
    }

    /// The pages written since [`Staging::track_changed_pages`] that differ from the
    /// target's, sorted; `None` when not tracked.
    pub fn changed_pages(&self) -> Option<Vec<String>> {
        let changed = self.changed_pages.as_ref()?;
        let mut pages = changed
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone();
        pages.sort_unstable();
        Some(pages)
    }

    /// Writes `bytes` at `relative` inside the staging folder, creating folders.
    pub fn write(&self, relative: &str, bytes: impl AsRef<[u8]>) -> Result<(), BuildError> {
        if let Some(changed) = &self.changed_pages {
            if relative.ends_with(".html")
                && fs::read(self.target.join(relative)).ok().as_deref() != Some(bytes.as_ref())
            {
                changed
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner())
                    .push(relative.to_string());
            }
        }
        let path = self.dir.join(relative);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(|e| BuildError::io(parent, e))?;
        }
        fs::write(&path, bytes).map_err(|e| BuildError::io(&path, e))
    }

    /// Copies a file into the staging folder.
    pub fn copy_file(&self, source: &Path, relative: &str) -> Result<(), BuildError> {
        let path = self.dir.join(relative);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(|e| BuildError::io(parent, e))?;
        }
        fs::copy(source, &path)
            .map(|_| ())
            .map_err(|e| BuildError::io(source, e))
    }

    /// Copies a folder's files into the staging folder, skipping hidden entries
    /// (Vite's `.vite/` manifest and build markers are not part of the site).
    pub fn copy_tree(&self, source: &Path) -> Result<(), BuildError> {
        let walker = WalkDir::new(source)
            .min_depth(1)
            .into_iter()
            .filter_entry(|entry| !entry.file_name().to_string_lossy().starts_with('.'));
        for entry in walker {
            let entry = entry.map_err(|e| BuildError::io(source, e.into()))?;
            if entry.file_type().is_file() {
                let relative = entry
                    .path()
                    .strip_prefix(source)
                    .map_err(|_| BuildError::io(entry.path(), std::io::ErrorKind::Other.into()))?;
                self.copy_file(entry.path(), &relative.to_string_lossy())?;
            }
        }
        Ok(())
    }

    /// The number of files and bytes written so far.
    pub fn totals(&self) -> (usize, u64) {
        WalkDir::new(&self.dir)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|entry| entry.file_type().is_file())
            .fold((0, 0), |(files, bytes), entry| {
                let size = entry.metadata().map(|m| m.len()).unwrap_or(0);
                (files + 1, bytes + size)
            })
    }

    /// Replaces the target folder with the staging folder. Where the file system can
    /// swap two folders atomically (Linux), the output folder is always a complete site;
    /// elsewhere the old site is set aside first and put back by the next build if this
    /// one dies before the new site is in place.
    pub fn commit(mut self) -> Result<(), BuildError> {
        let target = self.target.clone();
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |e| BuildError::io(&path, e)
        };
        let old_site = if !target.exists() {
            fs::rename(&self.dir, &target).map_err(io(&target))?;
            None
        } else if swap::exchange(&self.dir, &target).map_err(io(&target))? {
            // The staging folder's name now holds the old site.
            Some(self.dir.clone())
        } else {
            let retired = self.beside(Beside::Retired)?;
            fs::rename(&target, &retired).map_err(io(&target))?;
            fault::point("between-renames");
            if let Err(e) = fs::rename(&self.dir, &target) {
                // Put the old site back rather than leave no site at all.
                let _ = fs::rename(&retired, &target);
                return Err(BuildError::io(&target, e));
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

    fn beside(&self, kind: Beside) -> Result<PathBuf, BuildError> {
        kind.path(&self.target, std::process::id())
            .ok_or_else(|| BuildError::io(&self.target, std::io::ErrorKind::InvalidInput.into()))
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.committed {
            let _ = out_dir::remove_marker_last(&self.dir);
        }
    }
}

/// The atomic swap of two folders.
mod swap {
    use std::path::Path;

    /// Swaps the folders `a` and `b` in one step; `Ok(false)` where the system cannot.
    #[cfg(target_os = "linux")]
    pub fn exchange(a: &Path, b: &Path) -> std::io::Result<bool> {
        use std::ffi::CString;
        use std::os::unix::ffi::OsStrExt;

        if crate::fault::forced("no-exchange") {
            return Ok(false);
        }
        let c = |path: &Path| {
            CString::new(path.as_os_str().as_bytes())
                .map_err(|_| std::io::Error::from(std::io::ErrorKind::InvalidInput))
        };
        let (a, b) = (c(a)?, c(b)?);
        // SAFETY: both paths are valid NUL-terminated strings that outlive the call.
        let result = unsafe {
            libc::renameat2(
                libc::AT_FDCWD,
                a.as_ptr(),
                libc::AT_FDCWD,
                b.as_ptr(),
                libc::RENAME_EXCHANGE,
            )
        };
        if result == 0 {
            return Ok(true);
        }
        let error = std::io::Error::last_os_error();
        match error.raw_os_error() {
            // Old kernels and file systems without the flag.
            Some(libc::ENOSYS | libc::EINVAL | libc::ENOTSUP) => Ok(false),
            _ => Err(error),
        }
    }

    #[cfg(not(target_os = "linux"))]
    pub fn exchange(_a: &Path, _b: &Path) -> std::io::Result<bool> {
        Ok(false)
    }
}

/// `sitemap.xml` listing `urls`.
pub fn sitemap(urls: &[String]) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for url in urls {
        xml.push_str("  <url><loc>");
        xml.push_str(&escape_xml(url));
        xml.push_str("</loc></url>\n");
    }
    xml.push_str("</urlset>\n");
    xml
}

/// `robots.txt` allowing everything and pointing to the sitemap.
pub fn robots(base_url: &str) -> String {
    format!(
        "User-agent: *\nAllow: /\n\nSitemap: {}/sitemap.xml\n",
        base_url.trim_end_matches('/')
    )
}

/// `_redirects` in the Netlify / Cloudflare Pages format.
pub fn redirects(pairs: &[(&str, &str)]) -> String {
    pairs
        .iter()
        .map(|(from, to)| format!("{from} {to} 301\n"))
        .collect()
}

fn escape_xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dropped_staging_folder_leaves_the_old_site_untouched() {
        let root = tempfile::tempdir().unwrap();
        let target = root.path().join("dist");
        fs::create_dir(&target).unwrap();
        fs::write(target.join("index.html"), "old").unwrap();
        {
            let staging = Staging::new(&target).unwrap();
            staging.write("index.html", "new").unwrap();
        }
        assert_eq!(
            fs::read_to_string(target.join("index.html")).unwrap(),
            "old"
        );
        assert_eq!(fs::read_dir(root.path()).unwrap().count(), 1);
    }

    #[test]
    fn only_pages_that_differ_from_the_target_are_reported_changed() {
        let root = tempfile::tempdir().unwrap();
        let target = root.path().join("dist");
        fs::create_dir_all(target.join("a")).unwrap();
        fs::write(target.join("same.html"), "same").unwrap();
        fs::write(target.join("a/index.html"), "old").unwrap();
        let untracked = Staging::new(&target).unwrap();
        untracked.write("a/index.html", "new").unwrap();
        assert_eq!(untracked.changed_pages(), None);
        drop(untracked);

        let mut staging = Staging::new(&target).unwrap();
        staging.track_changed_pages();
        staging.write("same.html", "same").unwrap();
        staging.write("new/index.html", "added").unwrap();
        staging.write("a/index.html", "new").unwrap();
        staging
            .write("data/a.json", "changed data is no page")
            .unwrap();
        assert_eq!(
            staging.changed_pages().unwrap(),
            ["a/index.html", "new/index.html"]
        );
    }

    #[test]
    fn a_committed_staging_folder_replaces_the_site() {
        let root = tempfile::tempdir().unwrap();
        let target = root.path().join("dist");
        fs::create_dir(&target).unwrap();
        fs::write(target.join("stale.html"), "old").unwrap();
        let staging = Staging::new(&target).unwrap();
        staging.write("a/b/index.html", "new").unwrap();
        staging.commit().unwrap();
        assert_eq!(
            fs::read_to_string(target.join("a/b/index.html")).unwrap(),
            "new"
        );
        assert!(!target.join("stale.html").exists());
        assert_eq!(fs::read_dir(root.path()).unwrap().count(), 1);
    }

    #[test]
    fn sitemap_escapes_urls() {
        let xml = sitemap(&["https://e.com/a?b&c".to_string()]);
        assert!(xml.contains("<loc>https://e.com/a?b&amp;c</loc>"));
    }

    #[test]
    fn redirects_are_permanent() {
        assert_eq!(redirects(&[("/A", "/a")]), "/A /a 301\n");
    }
}
