//! The precompressed `.br` / `.gz` twins of every text file, for hosts that serve
//! them but do not compress.

use std::fs;
use std::path::{Path, PathBuf};
use walkdir::WalkDir;

use sitegen_workers::parallel;

use crate::progress::{Stage, Tally};
use crate::staging::Staging;
pub use crate::twins::{levels_for, Levels, COMPRESSIBLE, LEVELS_ASSETS, LEVELS_PAGES};
use crate::twins::{wants_twins, with_suffix, write_twins};
use crate::OutputError;

/// Writes `FILE.br` and `FILE.gz` beside every compressible file under `dir` that has
/// not both already (the web bundle's files are copied in with theirs), on `workers`
/// threads. A file whose bytes are those of the same file in `previous` (the
/// output folder the build replaces) gets that file's twins, linked rather than
/// compressed again: an incremental build compresses only what changed, and the twins
/// need no cache of their own. Returns how many files got twins.
pub fn precompress(
    dir: &Path,
    workers: usize,
    tally: &Tally,
    previous: Option<&Path>,
) -> Result<usize, OutputError> {
    let mut files: Vec<(PathBuf, u64)> = WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|entry| entry.file_type().is_file())
        .filter_map(|entry| {
            let size = entry.metadata().ok()?.len();
            wants_twins(entry.path(), size as usize).then(|| (entry.into_path(), size))
        })
        .collect();
    // Largest first, so one big bundle does not end up last on a single core.
    files.sort_by_key(|(_, size)| std::cmp::Reverse(*size));
    tally
        .stage(Stage::Compress, files.len(), || {
            parallel::map_parallel(files.len(), workers, |index| {
                sitegen_workers::interrupt::check()?;
                let path = &files[index].0;
                let relative = path.strip_prefix(dir).unwrap_or(path);
                compress_one(
                    path,
                    levels_for(relative),
                    previous.map(|previous| previous.join(relative)),
                )?;
                tally.advance();
                Ok(())
            })
        })
        .map(|done| done.len())
}

/// The twins ([`precompress`]) of every file of the next site in `staging`, and in the
/// staging folder of its media folder when the media live on their own: each folder's
/// twins are linked from the folder it replaces where the bytes are the same.
pub fn precompress_staged(
    staging: &Staging,
    workers: usize,
    tally: &Tally,
) -> Result<(), OutputError> {
    for staging in std::iter::once(staging).chain(staging.media()) {
        staging.note_unlisted_files();
        precompress(staging.dir(), workers, tally, Some(staging.target()))?;
    }
    Ok(())
}

fn compress_one(path: &Path, levels: Levels, previous: Option<PathBuf>) -> Result<(), OutputError> {
    // Copied in with the file (the web bundle's), or written with it (the pages').
    if with_suffix(path, "gz").is_file() && with_suffix(path, "br").is_file() {
        return Ok(());
    }
    let bytes = fs::read(path).map_err(|e| OutputError::io(path, e))?;
    let same = previous.filter(|previous| fs::read(previous).is_ok_and(|old| old == bytes));
    write_twins(path, &bytes, levels, same.as_deref())
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::*;

    #[test]
    fn text_files_get_brotli_and_gzip_twins_that_decode_to_the_original() {
        let dir = tempfile::tempdir().unwrap();
        let html = "<p>hello</p>".repeat(100);
        fs::create_dir_all(dir.path().join("a")).unwrap();
        fs::write(dir.path().join("a/index.html"), &html).unwrap();
        fs::write(dir.path().join("tiny.js"), "1").unwrap();
        fs::write(dir.path().join("photo.png"), vec![0u8; 1000]).unwrap();
        fs::create_dir_all(dir.path().join("assets")).unwrap();
        let script = "export const x = 1;\n".repeat(50);
        fs::write(dir.path().join("assets/app.js"), &script).unwrap();
        assert_eq!(
            precompress(dir.path(), 2, &Tally::silent(), None).unwrap(),
            2
        );

        let mut gunzipped = String::new();
        flate2::read::GzDecoder::new(&fs::read(dir.path().join("a/index.html.gz")).unwrap()[..])
            .read_to_string(&mut gunzipped)
            .unwrap();
        assert_eq!(gunzipped, html);
        let mut unbrotlied = String::new();
        brotli::Decompressor::new(
            &fs::read(dir.path().join("a/index.html.br")).unwrap()[..],
            4096,
        )
        .read_to_string(&mut unbrotlied)
        .unwrap();
        assert_eq!(unbrotlied, html);
        let mut script_back = String::new();
        brotli::Decompressor::new(
            &fs::read(dir.path().join("assets/app.js.br")).unwrap()[..],
            4096,
        )
        .read_to_string(&mut script_back)
        .unwrap();
        assert_eq!(script_back, script);
        assert!(!dir.path().join("tiny.js.gz").exists());
        assert!(!dir.path().join("photo.png.br").exists());
    }

    #[test]
    fn a_staged_site_and_its_media_folder_both_get_twins_from_the_folders_they_replace() {
        let root = tempfile::tempdir().unwrap();
        let (target, media_target) = (root.path().join("dist"), root.path().join("dist-media"));
        let page = "<p>page</p>".repeat(100);
        let drawing = "<svg><g/></svg>".repeat(100);
        fs::create_dir_all(target.join("a")).unwrap();
        fs::write(target.join("a/index.html"), &page).unwrap();
        fs::write(target.join("a/index.html.gz"), "old twin").unwrap();
        fs::write(target.join("a/index.html.br"), "old twin").unwrap();
        let staging = Staging::new(&target)
            .unwrap()
            .with_media(Staging::new(&media_target).unwrap());
        staging.write("a/index.html", &page).unwrap();
        staging.write("media/d.1a2b3c4d.svg", &drawing).unwrap();

        precompress_staged(&staging, 2, &Tally::silent()).unwrap();

        let media = staging.media().unwrap();
        assert!(media.dir().join("media/d.1a2b3c4d.svg.br").is_file());
        assert!(media.dir().join("media/d.1a2b3c4d.svg.gz").is_file());
        assert!(!staging.dir().join("media").exists());
        assert_eq!(
            fs::read(staging.dir().join("a/index.html.gz")).unwrap(),
            b"old twin",
            "the twins of the same bytes in the folder it replaces"
        );
    }

    #[test]
    fn files_unchanged_since_the_previous_output_get_its_twins() {
        let dir = tempfile::tempdir().unwrap();
        let (old, new) = (dir.path().join("old"), dir.path().join("new"));
        for site in [&old, &new] {
            fs::create_dir_all(site.join("a")).unwrap();
            fs::write(site.join("same.html"), "<p>same</p>".repeat(100)).unwrap();
        }
        fs::write(old.join("a/changed.html"), "<p>old</p>".repeat(100)).unwrap();
        fs::write(new.join("a/changed.html"), "<p>new</p>".repeat(100)).unwrap();
        precompress(&old, 1, &Tally::silent(), None).unwrap();
        // Mark the old twins: a reused twin is the old file, not a recompressed one.
        for file in ["same.html.gz", "a/changed.html.gz"] {
            fs::write(old.join(file), "old twin").unwrap();
        }
        precompress(&new, 2, &Tally::silent(), Some(&old)).unwrap();
        assert_eq!(fs::read(new.join("same.html.gz")).unwrap(), b"old twin");
        assert_eq!(
            fs::read(new.join("same.html.br")).unwrap(),
            fs::read(old.join("same.html.br")).unwrap()
        );
        let mut gunzipped = String::new();
        flate2::read::GzDecoder::new(&fs::read(new.join("a/changed.html.gz")).unwrap()[..])
            .read_to_string(&mut gunzipped)
            .unwrap();
        assert_eq!(
            gunzipped,
            "<p>new</p>".repeat(100),
            "changed bytes: compressed afresh"
        );
        assert_eq!(
            fs::read(old.join("a/changed.html.gz")).unwrap(),
            b"old twin",
            "the previous output is left as it was"
        );
    }

    #[test]
    fn without_both_previous_twins_a_file_is_compressed_afresh_into_files_of_its_own() {
        let dir = tempfile::tempdir().unwrap();
        let (old, new) = (dir.path().join("old"), dir.path().join("new"));
        for site in [&old, &new] {
            fs::create_dir_all(site).unwrap();
            fs::write(site.join("page.html"), "<p>same</p>".repeat(100)).unwrap();
        }
        fs::write(old.join("page.html.gz"), "old gz, no br beside it").unwrap();
        precompress(&new, 1, &Tally::silent(), Some(&old)).unwrap();
        assert_ne!(
            fs::read(new.join("page.html.gz")).unwrap(),
            b"old gz, no br beside it"
        );
        assert_eq!(
            fs::read(old.join("page.html.gz")).unwrap(),
            b"old gz, no br beside it"
        );
        assert!(new.join("page.html.br").exists());
    }

    #[test]
    fn a_file_copied_in_with_both_twins_keeps_them_and_one_with_a_single_twin_gets_new_ones() {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir_all(dir.path().join("assets")).unwrap();
        let script = "export const x = 1;\n".repeat(50);
        for name in ["assets/bundled.js", "assets/half.js"] {
            fs::write(dir.path().join(name), &script).unwrap();
        }
        // As the web bundle brings them (compressed once per bundle, by its build).
        fs::write(dir.path().join("assets/bundled.js.gz"), "bundle gz").unwrap();
        fs::write(dir.path().join("assets/bundled.js.br"), "bundle br").unwrap();
        fs::write(dir.path().join("assets/half.js.gz"), "a gz alone").unwrap();
        precompress(dir.path(), 1, &Tally::silent(), None).unwrap();
        assert_eq!(
            fs::read(dir.path().join("assets/bundled.js.br")).unwrap(),
            b"bundle br"
        );
        assert_eq!(
            fs::read(dir.path().join("assets/bundled.js.gz")).unwrap(),
            b"bundle gz"
        );
        assert_ne!(
            fs::read(dir.path().join("assets/half.js.gz")).unwrap(),
            b"a gz alone"
        );
        assert!(dir.path().join("assets/half.js.br").exists());
    }
}
