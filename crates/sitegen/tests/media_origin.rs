//! Media on an origin of their own (`--media-url`, site.toml's `media_url`): the media
//! files go to a folder of their own, written as safely as the output folder, and every
//! page, share tag, JSON-LD block and the Content-Security-Policy name that origin.

mod common;

use std::fs;
use std::path::Path;

use common::*;

const ORIGIN: &str = "https://media.example.com";

/// Gives product 1 the photo `media/products/p1.png`, so its page shows WebP variants
/// and is shared with a JPEG made from it.
fn with_product_photo(content: &Path) {
    let photo = sitegen_content::testing::quarters(1600, 1200, 16);
    fs::create_dir_all(content.join("media/products")).unwrap();
    photo.save(content.join("media/products/p1.png")).unwrap();
    let products = content.join("products.toml");
    let text = fs::read_to_string(&products).unwrap();
    let text = text.replacen(
        "subcategory = \"General\"\n",
        "subcategory = \"General\"\nimage = \"media/products/p1.png\"\n",
        1,
    );
    fs::write(&products, text).unwrap();
}

/// The `.html` file of product 1's page in `dist`.
fn product_page(dist: &Path) -> String {
    let page = walk(&dist.join("products/1"))
        .into_iter()
        .find(|path| {
            path.extension()
                .is_some_and(|extension| extension == "html")
        })
        .expect("product 1's page");
    fs::read_to_string(page).unwrap()
}

/// Every URL of a file on the media origin that `text` names, up to its closing quote,
/// space or comma (a srcset lists several).
fn media_urls(text: &str) -> Vec<String> {
    text.match_indices(&format!("{ORIGIN}/"))
        .map(|(at, _)| {
            let rest = &text[at..];
            let end = rest
                .find(['"', ' ', ',', '\\', '&', '<'])
                .unwrap_or(rest.len());
            rest[..end].to_string()
        })
        .collect()
}

#[test]
fn with_a_media_url_the_media_go_to_their_own_folder_and_every_page_names_them_there() {
    let (tmp, content) = small_project();
    with_product_photo(&content);
    let output = build_command(
        tmp.path(),
        &[],
        "content",
        "dist",
        &["--media-url", &format!("{ORIGIN}/")],
    )
    .output()
    .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    let (dist, media) = (tmp.path().join("dist"), tmp.path().join("dist-media"));
    assert!(
        stdout(&output).contains("wrote the media into dist-media"),
        "{}",
        stdout(&output)
    );

    assert!(!dist.join("media").exists(), "dist/ holds no media");
    assert!(
        media.join(".sitegen-output").is_file(),
        "the media folder is marked as sitegen's, so the next build may replace it"
    );
    let media_files: Vec<String> = walk(&media)
        .iter()
        .map(|path| path.strip_prefix(&media).unwrap().display().to_string())
        .filter(|path| path != ".sitegen-output")
        .collect();
    assert!(
        media_files.iter().all(|path| path.starts_with("media/")),
        "the same paths as under dist/: {media_files:?}"
    );
    assert!(media_files
        .iter()
        .any(|path| path.starts_with("media/products/p1.") && path.ends_with(".webp")));

    let html = product_page(&dist);
    let og_image = meta(&html, "og:image");
    assert!(
        og_image.starts_with(&format!("{ORIGIN}/media/products/p1.")),
        "{og_image}"
    );
    assert_eq!(meta(&html, "twitter:image"), og_image);
    assert!(
        html.contains(&format!("\"image\":\"{og_image}\"")),
        "the JSON-LD Product names the photo on the media origin"
    );
    let srcset_start = html.find("srcSet=\"").or_else(|| html.find("srcset=\""));
    let srcset = &html[srcset_start.expect("the photo's srcset")..];
    assert!(
        srcset.starts_with(&format!("srcSet=\"{ORIGIN}/media/products/p1."))
            || srcset.starts_with(&format!("srcset=\"{ORIGIN}/media/products/p1.")),
        "{}",
        &srcset[..120.min(srcset.len())]
    );
    assert!(
        !html.contains("\"/media/") && !html.contains("=/media/"),
        "no page names a media file on the site itself"
    );
    // Every media URL of the site names a file of the media folder.
    for file in walk(&dist) {
        let Ok(text) = fs::read_to_string(&file) else {
            continue;
        };
        for url in media_urls(&text) {
            let path = url.strip_prefix(&format!("{ORIGIN}/")).unwrap();
            assert!(
                media.join(path).is_file(),
                "{} names {url}, which dist-media lacks",
                file.display()
            );
        }
    }

    let headers = fs::read_to_string(dist.join("_headers")).unwrap();
    assert!(
        headers.contains(&format!("img-src 'self' data: {ORIGIN};"))
            && headers.contains(&format!("media-src 'self' {ORIGIN};")),
        "{headers}"
    );

    // Without it, the next build puts the media back under dist/.
    let output = build_in(tmp.path(), &[], "content", "dist");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(dist.join("media").is_dir());
    assert!(!product_page(&dist).contains(ORIGIN));
}

#[test]
fn a_bad_media_url_is_refused_before_anything_is_written() {
    let (tmp, _content) = small_project();
    for bad in [
        "media.example.com",
        "https://media.example.com?v=1",
        "https://cdn.example.com/a b",
        "ftp://media.example.com",
    ] {
        let output = build_command(tmp.path(), &[], "content", "dist", &["--media-url", bad])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{bad}: {}", stderr(&output));
        assert!(
            stderr(&output).contains("--media-url"),
            "{}",
            stderr(&output)
        );
    }
    let output = build_in(
        tmp.path(),
        &[("SITEGEN_MEDIA_URL", "https://media.example.com#x")],
        "content",
        "dist",
    );
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(!tmp.path().join("dist").exists());
    assert!(!tmp.path().join("dist-media").exists());
}

#[test]
fn site_toml_media_url_is_checked_where_it_is_written_and_the_flag_wins() {
    let (tmp, content) = small_project();
    let site = content.join("site.toml");
    let text = fs::read_to_string(&site).unwrap();
    let with_media_url = |value: &str| {
        text.replacen(
            "base_url = \"https://www.example.com\"\n",
            &format!("base_url = \"https://www.example.com\"\nmedia_url = \"{value}\"\n"),
            1,
        )
    };
    let line = text
        .lines()
        .position(|line| line.starts_with("base_url"))
        .unwrap()
        + 2;

    fs::write(&site, with_media_url("https://media.example.com/?v=1")).unwrap();
    let output = build_in(tmp.path(), &[], "content", "dist");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains(&format!("content/site.toml:{line}:13: error[E0817]")),
        "{}",
        stderr(&output)
    );
    assert!(!tmp.path().join("dist").exists());
    assert!(!tmp.path().join("dist-media").exists());

    fs::write(&site, with_media_url("http://media.example.com")).unwrap();
    let output = build_command(
        tmp.path(),
        &[],
        "content",
        "dist",
        &["--media-out", "uploads"],
    )
    .output()
    .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("W0010"),
        "an http media origin on an https site is warned about: {}",
        stderr(&output)
    );
    let html = product_page(&tmp.path().join("dist"));
    assert!(html.contains("http://media.example.com/media/"));
    assert!(tmp.path().join("uploads/media").is_dir());
    assert!(!tmp.path().join("dist-media").exists());

    // The flag wins over site.toml.
    let output = build_command(
        tmp.path(),
        &[],
        "content",
        "dist",
        &[
            "--media-url",
            "https://cdn.example.com/site",
            "--media-out",
            "uploads",
        ],
    )
    .output()
    .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    let html = product_page(&tmp.path().join("dist"));
    assert!(html.contains("https://cdn.example.com/site/media/"));
    assert!(!html.contains("http://media.example.com"));
}

/// What lies beside the output folders besides the content and the outputs: staging
/// folders and old sites left behind.
fn leftovers(project: &Path) -> Vec<String> {
    fs::read_dir(project)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(".dist"))
        .collect()
}

/// A build killed at any stage, or one that fails, leaves the media folder and dist/
/// as they were; the next build cleans up after the killed ones.
#[test]
fn a_failed_or_killed_build_leaves_the_media_folder_as_it_was() {
    let (tmp, content) = small_project();
    with_product_photo(&content);
    let build_with = |env: &[(&str, &str)]| {
        build_command(tmp.path(), env, "content", "dist", &["--media-url", ORIGIN])
            .output()
            .unwrap()
    };
    let output = build_with(&[]);
    assert!(output.status.success(), "{}", stderr(&output));
    let (dist, media) = (tmp.path().join("dist"), tmp.path().join("dist-media"));
    let before = (snapshot(&dist), snapshot(&media));
    // Another photo, so that a build that went through would change both folders.
    sitegen_content::testing::quarters(1200, 1600, 8)
        .save(content.join("media/products/p1.png"))
        .unwrap();

    for fault in ["media:KILL", "prerender:KILL", "link check:KILL"] {
        let output = build_with(&[("SITEGEN_FAULT", fault)]);
        assert_ne!(
            output.status.code(),
            Some(0),
            "{fault}: {}",
            stderr(&output)
        );
        assert!(
            (snapshot(&dist), snapshot(&media)) == before,
            "{fault}: an output changed"
        );
    }
    let about = content.join("about.toml");
    let text = fs::read_to_string(&about).unwrap();
    fs::write(&about, format!("{text}\n[broken\n")).unwrap();
    let output = build_with(&[]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!((snapshot(&dist), snapshot(&media)) == before);
    fs::write(&about, text).unwrap();

    let output = build_with(&[]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(snapshot(&media) != before.1, "the new photo's files");
    assert_eq!(leftovers(tmp.path()), Vec::<String>::new());
}

#[test]
fn an_unsafe_media_folder_is_refused_before_anything_is_touched() {
    let (tmp, _content) = small_project();
    for (unsafe_dir, why) in [
        ("dist/media", "it is inside the output folder"),
        ("dist", "it is the output folder"),
        ("content", "it is the content folder"),
        (".", "it is the current folder"),
    ] {
        let output = build_command(
            tmp.path(),
            &[],
            "content",
            "dist",
            &["--media-url", ORIGIN, "--media-out", unsafe_dir],
        )
        .output()
        .unwrap();
        assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
        assert!(
            stderr(&output).contains("E0818") && stderr(&output).contains(why),
            "{unsafe_dir}: {}",
            stderr(&output)
        );
        assert!(!tmp.path().join("dist").exists(), "{unsafe_dir}");
    }
}

/// `sitegen serve` ignores `media_url` (and `--media-url`): the preview, and the
/// editor's preview in it, serve the media themselves.
#[test]
fn serve_keeps_the_media_in_its_own_folder_and_serves_them() {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::process::{Command, Stdio};

    let (tmp, content) = small_project();
    with_product_photo(&content);
    let site = content.join("site.toml");
    let text = fs::read_to_string(&site).unwrap();
    fs::write(
        &site,
        text.replacen(
            "base_url = \"https://www.example.com\"\n",
            &format!("base_url = \"https://www.example.com\"\nmedia_url = \"{ORIGIN}\"\n"),
            1,
        ),
    )
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sitegen"))
        .args(["serve", "--no-edit", "--port", "0"])
        .args(["--content", "content", "--out", "preview", "--web"])
        .arg(repo_root().join("web"))
        .arg("--templates")
        .arg(repo_root().join("templates"))
        .args(["--media-url", ORIGIN])
        .current_dir(tmp.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let addr = lines.by_ref().map_while(Result::ok).find_map(|line| {
        let (_, url) = line.split_once(" at http://")?;
        Some(url.trim_end_matches('/').to_string())
    });
    // Read to the end: a server whose standard output is closed dies at its next line
    // (it says it watches right after its address).
    std::thread::spawn(move || lines.for_each(drop));
    let get = |addr: &str, path: &str| {
        let mut stream = std::net::TcpStream::connect(addr).unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut response = Vec::new();
        stream.read_to_end(&mut response).unwrap();
        String::from_utf8_lossy(&response).into_owned()
    };
    let checked = addr.map(|addr| {
        let preview = tmp.path().join("preview");
        let html = product_page(&preview);
        let photo = walk(&preview.join("media/products"))
            .into_iter()
            .find(|path| {
                path.extension()
                    .is_some_and(|extension| extension == "webp")
            })
            .map(|path| path.strip_prefix(&preview).unwrap().display().to_string());
        let served = photo.as_ref().map(|photo| get(&addr, &format!("/{photo}")));
        (html, photo, served)
    });
    let _ = child.kill();
    let _ = child.wait();
    let (html, photo, served) = checked.expect("sitegen serve announces its address");
    assert!(!html.contains(ORIGIN), "the preview names no media origin");
    let photo = photo.expect("the photo's variants in the preview's own folder");
    assert!(html.contains(&format!("/{photo}")), "{photo}");
    assert!(served.unwrap().starts_with("HTTP/1.1 200"));
    assert!(!tmp.path().join("preview-media").exists());
}
