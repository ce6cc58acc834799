//! The `.br` / `.gz` twins of one text file: which files get them, how hard each is
//! compressed, and writing them (or linking those of a file with the same bytes). Both
//! a whole pass over a folder (`compress.rs`) and the staging folder, as it writes a
//! page (`staging.rs`), make twins this way.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

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

pub(crate) fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(".");
    name.push(suffix);
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
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
}
