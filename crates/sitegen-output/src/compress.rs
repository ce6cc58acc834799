//! The precompressed `.br` / `.gz` twins of every text file, for hosts that serve
//! them but do not compress.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use walkdir::WalkDir;

use sitegen_workers::parallel;

use crate::progress::{Stage, Tally};
use crate::staging::Staging;
use crate::OutputError;

/// File extensions that get `.br` and `.gz` twins.
pub const COMPRESSIBLE: &[&str] = &["html", "js", "mjs", "css", "json", "svg", "xml", "txt"];
/// Files smaller than this are not worth compressing (a `.gz` header alone is 20 bytes).
const MIN_COMPRESS_BYTES: u64 = 256;
/// How hard to compress one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Levels {
    /// Brotli quality, 0 to 11.
    pub brotli: u32,
    /// Deflate level of the `.gz` twin, 0 to 9.
    pub gzip: u32,
}

/// Hashed bundles (`assets/`): the best, as they are few, small and cached for a year.
pub const LEVELS_ASSETS: Levels = Levels {
    brotli: 11,
    gzip: 9,
};
/// Everything else (pages, data, sitemap) revalidates and changes with every build,
/// and there are thousands of such files: fast levels. On the site's pages brotli 4
/// is ~3 times faster than 9 (which also spends ~10 ms per file allocating its
/// tables) for 8 % more bytes; gzip 3 twice as fast as 9 for 3 % more. Only clients
/// without brotli get the `.gz` twin.
pub const LEVELS_PAGES: Levels = Levels { brotli: 4, gzip: 3 };

/// The levels of the file at `relative` inside the output.
pub fn levels_for(relative: &Path) -> Levels {
    if relative.starts_with("assets") {
        LEVELS_ASSETS
    } else {
        LEVELS_PAGES
    }
}

const BROTLI_WINDOW: u32 = 22;

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

/// Whether a file of this name and size gets twins.
pub(crate) fn wants_twins(path: &Path, size: usize) -> bool {
    size as u64 >= MIN_COMPRESS_BYTES
        && path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| COMPRESSIBLE.contains(&e))
}

/// Writes the twins of the file at `path`, which holds `bytes`: the twins of `same`, a
/// file known to hold the same bytes, by hard link when it has both; else compressed.
pub(crate) fn write_twins(
    path: &Path,
    bytes: &[u8],
    levels: Levels,
    same: Option<&Path>,
) -> Result<(), OutputError> {
    let gz_path = with_suffix(path, "gz");
    let br_path = with_suffix(path, "br");
    if same.is_some_and(|same| link_twins(same, &[(&gz_path, "gz"), (&br_path, "br")])) {
        return Ok(());
    }
    let io = |target: &Path| {
        let target = target.to_path_buf();
        move |e: std::io::Error| OutputError::io(&target, e)
    };
    let gz = gzip(bytes, levels.gzip).map_err(io(&gz_path))?;
    fs::write(&gz_path, &gz).map_err(io(&gz_path))?;
    let br = brotli(bytes, levels.brotli).map_err(io(&br_path))?;
    fs::write(&br_path, &br).map_err(io(&br_path))
}

/// Links the twins of `previous` to `twins` (path, suffix); all or none: a partial
/// result is removed, so that fresh twins are written into new files, never through
/// a link into the previous output.
fn link_twins(previous: &Path, twins: &[(&Path, &str)]) -> bool {
    let linked = twins.iter().all(|(twin, suffix)| {
        let old = with_suffix(previous, suffix);
        fs::hard_link(&old, twin)
            .or_else(|_| fs::copy(&old, twin).map(|_| ()))
            .is_ok()
    });
    if !linked {
        for (twin, _) in twins {
            let _ = fs::remove_file(twin);
        }
    }
    linked
}

fn gzip(bytes: &[u8], level: u32) -> std::io::Result<Vec<u8>> {
    let mut gz = flate2::write::GzEncoder::new(
        Vec::with_capacity(bytes.len() / 3),
        flate2::Compression::new(level),
    );
    gz.write_all(bytes)?;
    gz.finish()
}

fn brotli(bytes: &[u8], quality: u32) -> std::io::Result<Vec<u8>> {
    let mut br = Vec::with_capacity(bytes.len() / 3);
    {
        let mut writer = brotli::CompressorWriter::new(&mut br, 64 * 1024, quality, BROTLI_WINDOW);
        writer.write_all(bytes)?;
        writer.flush()?;
    }
    Ok(br)
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(".");
    name.push(suffix);
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::*;

    #[test]
    fn hashed_assets_get_the_best_compression_and_pages_a_fast_one() {
        assert_eq!(levels_for(Path::new("assets/entry-1a2b.js")), LEVELS_ASSETS);
        for revalidated in [
            "index.html",
            "products/12/x/index.html",
            "index.json",
            "products/12/x/index.json",
            "sitemap.xml",
        ] {
            assert_eq!(
                levels_for(Path::new(revalidated)),
                LEVELS_PAGES,
                "{revalidated}"
            );
        }
    }

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
