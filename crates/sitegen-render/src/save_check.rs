//! The browser editor's check of each save, and the content a passed check loaded,
//! handed to the build the save starts.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use sitegen_content::{DiskStamps, LoadOptions, LoadReport, ReadMemory};
use sitegen_media::share::DrawingChecks;

use crate::with_drawings_checked;

/// The browser editor's check of each save before it is written
/// ([`crate::check_with_texts`]), keeping what it read and drew for the next: a save
/// parses again only the entries it changed ([`sitegen_content::load_again`]) and
/// draws only the drawings it changed. The content of a save it passes goes to the
/// build the save starts, when it is its builder's ([`crate::Builder::save_checker`]).
#[derive(Default)]
pub struct SaveChecker {
    last: Mutex<(ReadMemory, DrawingChecks)>,
    passed: PassedSlot,
}

/// Where a checker leaves the last save it passed, for its builder to take.
pub(crate) type PassedSlot = Arc<Mutex<Option<PassedSave>>>;

impl SaveChecker {
    /// A checker that leaves each save it passes in `passed`.
    pub(crate) fn leaving_in(passed: PassedSlot) -> Self {
        Self {
            last: Mutex::default(),
            passed,
        }
    }

    /// The check of the content as if each file of `texts` (relative path, text) held
    /// that text. A save without errors is answered without its content, which is kept
    /// for the build the save starts instead (taking it costs nothing; copying it,
    /// 10,000 products, would cost the save).
    pub fn check(
        &self,
        content_dir: &Path,
        load: &LoadOptions,
        texts: &[(&str, &str)],
    ) -> LoadReport {
        let mut last = self.last.lock().unwrap_or_else(PoisonError::into_inner);
        let (last_read, drawings) = &mut *last;
        let (report, memory) =
            sitegen_content::load_again(content_dir, load, texts, std::mem::take(last_read));
        let stamps = memory.disk_stamps(content_dir);
        *last_read = memory;
        let mut report = with_drawings_checked(report, |content, shared| {
            drawings.undrawable(content, shared)
        });
        let passed = report.content.take().map(|content| PassedSave {
            content_dir: content_dir.to_path_buf(),
            load: *load,
            texts: texts
                .iter()
                .map(|(path, text)| (path.to_string(), text.to_string()))
                .collect(),
            stamps,
            report: LoadReport {
                content: Some(content),
                diagnostics: report.diagnostics.clone(),
            },
        });
        *self.passed.lock().unwrap_or_else(PoisonError::into_inner) = passed;
        report
    }
}

/// A save's check that passed: the content it loaded, and what it was loaded from.
pub(crate) struct PassedSave {
    content_dir: PathBuf,
    load: LoadOptions,
    /// The texts checked, by path relative to the content folder.
    texts: Vec<(String, String)>,
    /// The other files, as the check read them from disk.
    stamps: DiskStamps,
    report: LoadReport,
}

impl PassedSave {
    /// The checked content, when it is the content a load of `content_dir` with `load`
    /// would give now: the save wrote each text checked, byte for byte, and every
    /// other file read is as it was read. Else `None` (the save was not written, or
    /// another file changed since: the build reads the content itself).
    pub(crate) fn still_on_disk(
        self,
        content_dir: &Path,
        load: &LoadOptions,
    ) -> Option<LoadReport> {
        let written = |(path, text): &(String, String)| {
            std::fs::read(content_dir.join(path)).is_ok_and(|bytes| bytes == text.as_bytes())
        };
        (self.content_dir == content_dir
            && self.load == *load
            && self.texts.iter().all(written)
            && self.stamps.unchanged())
        .then_some(self.report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check_with_texts;

    /// A copy of the valid content, and its products.toml.
    fn valid_copy() -> (tempfile::TempDir, PathBuf, String) {
        let dir = tempfile::tempdir().unwrap();
        let content = dir.path().join("content");
        sitegen_content::testing::copy_dir(
            &sitegen_content::testing::valid_content_dir(),
            &content,
        );
        let products = std::fs::read_to_string(content.join("products.toml")).unwrap();
        (dir, content, products)
    }

    fn taken(slot: &PassedSlot) -> Option<PassedSave> {
        slot.lock().unwrap().take()
    }

    #[test]
    fn a_save_checker_answers_each_save_as_a_fresh_check() {
        let (_dir, content, on_disk) = valid_copy();
        let load = LoadOptions::default();
        let renamed = on_disk.replacen("title = \"Slit Lamp\"", "title = \"Slit Lamp (LED)\"", 1);
        let unparsable = renamed.replacen("[[product]]\nid = 14\n", "[[product]\nid = 14\n", 1);
        assert!(renamed != on_disk && unparsable != renamed);
        let passed = PassedSlot::default();
        let checker = SaveChecker::leaving_in(passed.clone());
        for text in [&on_disk, &renamed, &unparsable, &renamed, &on_disk] {
            let texts = [("products.toml", text.as_str())];
            let saved = checker.check(&content, &load, &texts);
            let fresh = check_with_texts(&content, &load, &texts);
            assert_eq!(saved.diagnostics, fresh.diagnostics);
            assert_eq!(saved.errors() > 0, std::ptr::eq(text, &unparsable));
            // The content goes to the build instead.
            assert!(saved.content.is_none());
            let handed = taken(&passed).map(|save| save.report.content);
            assert!(handed.flatten() == fresh.content);
        }
        // The rule on the pages' share images holds as well: a service's drawing that
        // cannot become a PNG refuses the save.
        std::fs::write(
            content.join("media/services/radiology.svg"),
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="80" height="60"><text>X-ray</text></svg>"#,
        )
        .unwrap();
        let refused = checker.check(&content, &load, &[("products.toml", renamed.as_str())]);
        assert!(refused.content.is_none() && taken(&passed).is_none());
        assert!(
            refused
                .diagnostics
                .iter()
                .any(|d| d.message.contains("<text>")),
            "{:?}",
            refused.diagnostics
        );
    }

    #[test]
    fn a_passed_save_is_the_content_only_while_the_disk_holds_what_its_check_loaded() {
        let (_dir, content, on_disk) = valid_copy();
        let load = LoadOptions::default();
        let renamed = on_disk.replacen("title = \"Slit Lamp\"", "title = \"Slit Lamp (LED)\"", 1);
        let texts = [("products.toml", renamed.as_str())];
        let passed = PassedSlot::default();
        let checker = SaveChecker::leaving_in(passed.clone());
        let check = || {
            checker.check(&content, &load, &texts);
            taken(&passed).unwrap()
        };

        // Not written (refused on disk, a conflict): the build reads the files.
        assert!(check().still_on_disk(&content, &load).is_none());
        std::fs::write(content.join("products.toml"), &renamed).unwrap();
        let report = check().still_on_disk(&content, &load).unwrap();
        assert!(report.content == check_with_texts(&content, &load, &[]).content);

        // Loaded otherwise, or from another folder.
        let other = LoadOptions {
            max_image_side: load.max_image_side / 2,
        };
        assert!(check().still_on_disk(&content, &other).is_none());
        assert!(check()
            .still_on_disk(content.parent().unwrap(), &load)
            .is_none());

        // Another file changed after the check (an editor in another program).
        let save = check();
        let catalogue = content.join("catalogue.toml");
        let text = std::fs::read_to_string(&catalogue).unwrap();
        std::fs::write(&catalogue, format!("{text}\n")).unwrap();
        assert!(save.still_on_disk(&content, &load).is_none());
    }
}
