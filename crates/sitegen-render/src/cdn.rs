//! The files a CDN reads besides the site itself: `_headers` (Netlify / Cloudflare
//! Pages format: security headers and caching) and the precompressed `.br` / `.gz`
//! twins of every text file.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use walkdir::WalkDir;

use sitegen_content::routes::ROUTE_DATA_FILE;
use sitegen_workers::parallel;

use crate::error::BuildError;

/// Long-lived caching for files whose names carry a content hash.
pub const CACHE_IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Revalidate on every use: HTML and data keep their URLs across builds.
pub const CACHE_REVALIDATE: &str = "public, max-age=0, must-revalidate";

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

/// The origins the Content-Security-Policy must allow besides the site itself.
#[derive(Debug, Clone)]
pub struct CspOrigins {
    /// The map iframe's origin (`contact.map_embed_url`).
    pub frame: Option<String>,
    /// The e-mail API's origin (`email.origin`).
    pub connect: Option<String>,
}

/// The origin (`scheme://host[:port]`) of an absolute http(s) URL.
pub fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    if scheme != "https" && scheme != "http" {
        return None;
    }
    let host = rest.split(['/', '?', '#']).next()?;
    (!host.is_empty()).then(|| format!("{scheme}://{host}"))
}

/// The Content-Security-Policy: scripts only from the site (the embedded JSON data and
/// JSON-LD are data blocks, which CSP does not treat as scripts), no inline styles
/// (the app has no `style` attributes), the map iframe and the e-mail API as the only
/// third parties.
pub fn content_security_policy(origins: &CspOrigins) -> String {
    let with = |base: &str, extra: &Option<String>| match extra {
        Some(origin) => format!("{base} {origin}"),
        None => base.to_string(),
    };
    [
        "default-src 'self'".to_string(),
        "script-src 'self'".to_string(),
        "style-src 'self'".to_string(),
        "img-src 'self' data:".to_string(),
        "font-src 'self'".to_string(),
        "media-src 'self'".to_string(),
        match &origins.frame {
            Some(origin) => format!("frame-src {origin}"),
            None => "frame-src 'none'".to_string(),
        },
        with("connect-src 'self'", &origins.connect),
        "manifest-src 'self'".to_string(),
        "worker-src 'self'".to_string(),
        "frame-ancestors 'none'".to_string(),
        "base-uri 'self'".to_string(),
        "form-action 'self'".to_string(),
        "object-src 'none'".to_string(),
    ]
    .join("; ")
}

/// `_headers` in the Netlify / Cloudflare Pages format: security headers on every
/// path, immutable caching for hashed assets and media, revalidation for data and HTML.
///
/// Both hosts join the values of a header that several matching rules set, so each
/// path gets its `Cache-Control` from exactly one rule: `/*` carries none, and the
/// clean-URL pages (which no pattern can single out) get the hosts' default for
/// HTML, `public, max-age=0, must-revalidate`, which `sitegen serve` applies too.
/// The routes' data chunks lie in the page folders, under a name no hashed file has.
pub fn headers(origins: &CspOrigins) -> String {
    let mut text = String::from(
        "# Written by sitegen build: security and caching headers (Netlify / Cloudflare Pages format).\n",
    );
    let security = [
        ("Content-Security-Policy", content_security_policy(origins)),
        ("X-Content-Type-Options", "nosniff".into()),
        ("Referrer-Policy", "strict-origin-when-cross-origin".into()),
        (
            "Permissions-Policy",
            "camera=(), microphone=(), geolocation=()".into(),
        ),
        (
            "Strict-Transport-Security",
            "max-age=31536000; includeSubDomains".into(),
        ),
    ];
    text.push_str("/*\n");
    for (name, value) in &security {
        text.push_str(&format!("  {name}: {value}\n"));
    }
    for hashed in ["/assets/*", "/media/*", "/search/*"] {
        text.push_str(&format!("{hashed}\n  Cache-Control: {CACHE_IMMUTABLE}\n"));
    }
    let data_chunks = [
        format!("/{ROUTE_DATA_FILE}"),
        format!("/*/{ROUTE_DATA_FILE}"),
    ];
    for revalidated in ["/data/*", "/*.html", "/"]
        .into_iter()
        .chain(data_chunks.iter().map(String::as_str))
    {
        text.push_str(&format!(
            "{revalidated}\n  Cache-Control: {CACHE_REVALIDATE}\n"
        ));
    }
    text
}

/// Writes `FILE.br` and `FILE.gz` beside every compressible file under `dir` that has
/// not both already (the web bundle's files are copied in with theirs), on `workers`
/// threads. A file whose bytes are those of the same file in `previous` (the
/// output folder the build replaces) gets that file's twins, linked rather than
/// compressed again: an incremental build compresses only what changed, and the twins
/// need no cache of their own. Returns how many files got twins.
pub fn precompress(
    dir: &Path,
    workers: usize,
    progress: &dyn crate::progress::Progress,
    previous: Option<&Path>,
) -> Result<usize, BuildError> {
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
    crate::progress::stage(
        progress,
        crate::progress::Stage::Compress,
        files.len(),
        || {
            parallel::map_parallel(files.len(), workers, |index| {
                sitegen_workers::interrupt::check()?;
                let path = &files[index].0;
                let relative = path.strip_prefix(dir).unwrap_or(path);
                compress_one(
                    path,
                    levels_for(relative),
                    previous.map(|previous| previous.join(relative)),
                )?;
                progress.advance();
                Ok(())
            })
        },
    )
    .map(|done| done.len())
}

fn compress_one(path: &Path, levels: Levels, previous: Option<PathBuf>) -> Result<(), BuildError> {
    // Copied in with the file (the web bundle's), or written with it (the pages').
    if with_suffix(path, "gz").is_file() && with_suffix(path, "br").is_file() {
        return Ok(());
    }
    let bytes = fs::read(path).map_err(|e| BuildError::io(path, e))?;
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
) -> Result<(), BuildError> {
    let gz_path = with_suffix(path, "gz");
    let br_path = with_suffix(path, "br");
    if same.is_some_and(|same| link_twins(same, &[(&gz_path, "gz"), (&br_path, "br")])) {
        return Ok(());
    }
    let io = |target: &Path| {
        let target = target.to_path_buf();
        move |e: std::io::Error| BuildError::io(&target, e)
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

    fn origins() -> CspOrigins {
        CspOrigins {
            frame: origin_of("https://www.google.com/maps/embed?pb=!1m18"),
            connect: origin_of("https://api.emailjs.com"),
        }
    }

    #[test]
    fn origins_drop_path_and_query() {
        assert_eq!(
            origin_of("https://www.google.com/maps/embed?pb=1").as_deref(),
            Some("https://www.google.com")
        );
        assert_eq!(
            origin_of("http://localhost:8080").as_deref(),
            Some("http://localhost:8080")
        );
        assert_eq!(origin_of("mailto:a@b.c"), None);
    }

    #[test]
    fn the_csp_allows_scripts_only_from_the_site() {
        let csp = content_security_policy(&origins());
        assert!(csp.contains("script-src 'self';"), "{csp}");
        assert!(!csp.contains("unsafe-inline"), "{csp}");
        assert!(csp.contains("frame-src https://www.google.com;"), "{csp}");
        assert!(
            csp.contains("connect-src 'self' https://api.emailjs.com;"),
            "{csp}"
        );
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert!(csp.contains("object-src 'none'"), "{csp}");
    }

    #[test]
    fn without_a_map_no_frames_are_allowed() {
        let csp = content_security_policy(&CspOrigins {
            frame: None,
            connect: None,
        });
        assert!(csp.contains("frame-src 'none';"), "{csp}");
        assert!(csp.contains("connect-src 'self';"), "{csp}");
    }

    #[test]
    fn headers_cache_hashed_files_forever_and_revalidate_the_rest() {
        let text = headers(&origins());
        assert!(text.contains(&format!("/assets/*\n  Cache-Control: {CACHE_IMMUTABLE}\n")));
        assert!(text.contains(&format!("/media/*\n  Cache-Control: {CACHE_IMMUTABLE}\n")));
        assert!(text.contains(&format!("/search/*\n  Cache-Control: {CACHE_IMMUTABLE}\n")));
        assert!(text.contains(&format!("/data/*\n  Cache-Control: {CACHE_REVALIDATE}\n")));
        assert!(text.contains(&format!("/\n  Cache-Control: {CACHE_REVALIDATE}\n")));
        for data_chunk in ["/index.json", "/*/index.json"] {
            assert!(
                text.contains(&format!(
                    "{data_chunk}\n  Cache-Control: {CACHE_REVALIDATE}\n"
                )),
                "{text}"
            );
        }
        assert!(text.contains("  X-Content-Type-Options: nosniff\n"));
        // One Cache-Control per path: hosts join the values of overlapping rules.
        let global: Vec<&str> = text
            .lines()
            .skip_while(|line| *line != "/*")
            .skip(1)
            .take_while(|line| line.starts_with("  "))
            .collect();
        assert!(global.len() >= 5, "{text}");
        assert!(
            !global.iter().any(|line| line.contains("Cache-Control")),
            "{text}"
        );
        assert!(text.contains("  Strict-Transport-Security: max-age=31536000"));
    }

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
            precompress(dir.path(), 2, &crate::progress::Silent, None).unwrap(),
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
    fn files_unchanged_since_the_previous_output_get_its_twins() {
        let dir = tempfile::tempdir().unwrap();
        let (old, new) = (dir.path().join("old"), dir.path().join("new"));
        for site in [&old, &new] {
            fs::create_dir_all(site.join("a")).unwrap();
            fs::write(site.join("same.html"), "<p>same</p>".repeat(100)).unwrap();
        }
        fs::write(old.join("a/changed.html"), "<p>old</p>".repeat(100)).unwrap();
        fs::write(new.join("a/changed.html"), "<p>new</p>".repeat(100)).unwrap();
        precompress(&old, 1, &crate::progress::Silent, None).unwrap();
        // Mark the old twins: a reused twin is the old file, not a recompressed one.
        for file in ["same.html.gz", "a/changed.html.gz"] {
            fs::write(old.join(file), "old twin").unwrap();
        }
        precompress(&new, 2, &crate::progress::Silent, Some(&old)).unwrap();
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
        precompress(&new, 1, &crate::progress::Silent, Some(&old)).unwrap();
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
        precompress(dir.path(), 1, &crate::progress::Silent, None).unwrap();
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
