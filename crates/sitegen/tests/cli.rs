//! Integration tests of the `sitegen` command line, run as a user would run it.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

mod common;

#[path = "cli/editorial.rs"]
mod editorial;
#[path = "cli/host_limits.rs"]
mod host_limits;
#[path = "cli/paging.rs"]
mod paging;
#[path = "cli/publish.rs"]
mod publish;
#[path = "cli/sheet.rs"]
mod sheet;
#[path = "cli/sitemap.rs"]
mod sitemap;
#[path = "cli/workflow.rs"]
mod workflow;

use common::*;

/// Breaks the content in three independent ways, in three files.
fn break_content(content: &Path) {
    let mut products = fs::read_to_string(content.join("products.toml")).unwrap();
    products.push_str(
        "\n[[product]]\nid = 9999\ntitle = \"Test Monitor\"\ndescription = \"x\"\ncategory = \"dialisys\"\nsubcategory = \"General\"\n",
    );
    fs::write(content.join("products.toml"), products).unwrap();
    edit(
        &content.join("site.toml"),
        "founded = 2002",
        "founded = \"2002\"",
    );
    edit(
        &content.join("navigation.toml"),
        "service = \"dialysis-center\"",
        "service = \"dialysis-centre\"",
    );
}

fn error_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|line| line.contains(": error: ") || line.contains(": error["))
        .collect()
}

#[test]
fn check_accepts_the_real_content() {
    let output = sitegen(&["check"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).starts_with("content/ is valid: 250 products, 16 categories"));
    assert!(error_lines(&stderr(&output)).is_empty());
}

#[test]
fn the_image_limit_comes_from_its_flag_or_the_environment() {
    let root = repo_root();
    let limited = sitegen_in(&root, &[("SITEGEN_MAX_IMAGE_SIDE", "100")], &["check"]);
    assert!(!limited.status.success());
    assert!(stderr(&limited).contains("error[E"), "{}", stderr(&limited));
    assert!(stderr(&limited).contains("more than 100 px on a side"));
    let flagged = sitegen_in(&root, &[], &["check", "--max-image-side", "100"]);
    assert!(stderr(&flagged).contains("more than 100 px on a side"));
    let unusable = sitegen_in(&root, &[("SITEGEN_MAX_IMAGE_SIDE", "big")], &["check"]);
    assert_eq!(unusable.status.code(), Some(2), "{}", stderr(&unusable));
}

#[test]
fn check_reports_every_error_at_once_with_file_line_and_column() {
    let (_tmp, content) = content_copy();
    break_content(&content);
    let output = sitegen(&["check", "--content", content.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let text = stderr(&output);
    let errors = error_lines(&text);
    assert_eq!(errors.len(), 3, "{text}");
    for line in &errors {
        let (location, _) = line.split_once(": error").unwrap();
        let parts: Vec<&str> = location.rsplitn(3, ':').collect();
        assert_eq!(parts.len(), 3, "{line}");
        assert!(parts[0].parse::<usize>().is_ok(), "column in {line}");
        assert!(parts[1].parse::<usize>().is_ok(), "line in {line}");
        assert!(parts[2].starts_with("content/"), "path in {line}");
    }
    let files: Vec<&str> = errors
        .iter()
        .map(|line| line.split(':').next().unwrap())
        .collect();
    assert!(files.contains(&"content/products.toml"), "{text}");
    assert!(files.contains(&"content/site.toml"), "{text}");
    assert!(files.contains(&"content/navigation.toml"), "{text}");
    assert!(text.contains("did you mean \"dialysis\"?"), "{text}");
    assert!(text.contains("did you mean \"dialysis-center\"?"), "{text}");
}

#[test]
fn a_failed_build_leaves_the_previous_dist_untouched() {
    let (tmp, content) = content_copy();
    break_content(&content);
    let out = tmp.path().join("dist");
    fs::create_dir_all(out.join("aboutUs")).unwrap();
    fs::write(out.join(".sitegen-output"), "sitegen-output 1\n").unwrap();
    fs::write(out.join("index.html"), "<p>the previous site</p>").unwrap();
    fs::write(out.join("aboutUs.html"), [0u8, 159, 146, 150]).unwrap();
    let before = snapshot(&out);

    let output = build(&[], &content, &out);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        error_lines(&stderr(&output)).len(),
        3,
        "{}",
        stderr(&output)
    );
    assert!(stderr(&output).contains("was left as it was"));
    assert_eq!(snapshot(&out), before);
    let leftovers: Vec<_> = fs::read_dir(tmp.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(
        leftovers.len(),
        2,
        "no staging folder is left: {leftovers:?}"
    );
}

#[test]
fn usage_errors_exit_with_2() {
    assert_eq!(sitegen(&["build", "--no-such-flag"]).status.code(), Some(2));
    assert_eq!(sitegen(&["no-such-command"]).status.code(), Some(2));
    // At least one prerender worker.
    assert_eq!(sitegen(&["build", "--jobs", "0"]).status.code(), Some(2));
}

#[test]
fn every_command_has_help() {
    for command in ["build", "check", "serve"] {
        let output = sitegen(&[command, "--help"]);
        assert!(output.status.success());
        assert!(stdout(&output).contains("--content"), "{command}");
    }
    assert!(stdout(&sitegen(&["serve", "--help"])).contains("--port"));
    assert!(stdout(&sitegen(&["build", "--help"])).contains("--jobs"));
}

/// The text of every `<script type="application/ld+json">` element of a page.
fn json_ld_blocks(html: &str) -> Vec<String> {
    const OPEN: &str = "<script type=\"application/ld+json\">";
    html.match_indices(OPEN)
        .map(|(at, _)| {
            let start = at + OPEN.len();
            let end = start + html[start..].find("</script>").unwrap();
            html[start..end].to_string()
        })
        .collect()
}

/// The full pipeline on the real content: web app, data, prerender, shells, CDN files.
/// (Needs Node.js; scripts/test installs the web packages first.)
#[test]
fn build_writes_every_route_prerendered_and_the_files_a_cdn_needs() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("site");
    let out_arg = out.to_str().unwrap();
    let output = sitegen(&["build", "--precompress", "--out", out_arg]);
    assert!(output.status.success(), "{}", stderr(&output));
    let summary = stdout(&output);
    assert!(summary.contains("built "), "{summary}");
    assert!(summary.contains("prerender"), "{summary}");

    let home = fs::read_to_string(out.join("index.html")).unwrap();
    assert!(home.contains("Delivering Trust and Innovation in Medical Equipment Since 2002"));
    assert!(
        home.contains("<div id=\"root\"><"),
        "no whitespace before the app"
    );
    assert!(home.contains("<script id=\"__SITEGEN_DATA__\" type=\"application/json\">"));
    assert!(home.contains("<link rel=\"canonical\" href=\"https://www.example.com/\">"));
    assert!(home.contains("<script type=\"module\" src=\"/assets/"));

    // The route's data is embedded with `<` escaped, and parses back.
    let start = home.find("type=\"application/json\">").unwrap() + 24;
    let end = start + home[start..].find("</script>").unwrap();
    assert!(!home[start..end].contains('<'));
    let embedded: serde_json::Value = serde_json::from_str(&home[start..end]).unwrap();
    assert_eq!(embedded["path"], "/");
    assert_eq!(
        embedded["route"]["meta"]["canonical"],
        "https://www.example.com/"
    );
    assert!(
        embedded.get("layout").is_none(),
        "the layout is not embedded"
    );

    // Every page names one layout file, which holds the frame's data.
    let layout_url = |page: &str| {
        let start = page.find(" data-layout=\"").expect("data-layout") + 14;
        page[start..start + page[start..].find('"').unwrap()].to_string()
    };
    let layout_path = layout_url(&home);
    assert!(layout_path.starts_with("/assets/layout."), "{layout_path}");
    let layout_file = out.join(layout_path.trim_start_matches('/'));
    let layout: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&layout_file).unwrap()).unwrap();
    assert!(layout["navigation"]["items"].is_array());
    assert_eq!(
        layout_url(&fs::read_to_string(out.join("404.html")).unwrap()),
        layout_path
    );
    assert!(
        layout_file.with_extension("json.br").is_file(),
        "the layout's twin"
    );

    // The hero poster (a JPEG) comes with lossy WebP variants, each smaller than the
    // JPEG, offered to the browser in a <picture>; they replace the JPEG, which is not
    // published: the widest variant is its `src`.
    let poster = &embedded["route"]["page"]["hero"]["poster"];
    let poster_bytes = fs::metadata(repo_root().join("content/media/home/hero-poster.jpg"))
        .unwrap()
        .len();
    let variants = poster["variants"].as_array().unwrap();
    assert_eq!(poster["src"], variants.last().unwrap()["src"], "{poster}");
    assert!(!walk(&out.join("media/home"))
        .iter()
        .any(|file| file.extension().is_some_and(|ext| ext == "jpg")));
    assert!(!variants.is_empty(), "{poster}");
    let picture_start = home
        .find("<picture><source")
        .expect("the poster's <picture>");
    let picture =
        &home[picture_start..picture_start + home[picture_start..].find("</picture>").unwrap()];
    assert!(
        picture.starts_with("<picture><source type=\"image/webp\""),
        "{picture}"
    );
    for variant in variants {
        let src = variant["src"].as_str().unwrap();
        let bytes = fs::read(out.join(src.trim_start_matches('/'))).unwrap();
        assert_eq!(&bytes[8..16], b"WEBPVP8 ", "{src} is not a lossy WebP");
        assert!(
            (bytes.len() as u64) < poster_bytes,
            "{src} is not smaller than the poster"
        );
        assert!(picture.contains(src), "{src} is not offered: {picture}");
    }

    for page in [
        "products.html",
        "services/dialysis-center.html",
        "services/Emergency centre setup .html",
        "services/Dental centre setup.html",
        "railway-registration/PCMM.html",
        "jobapplicationform.html",
        "aboutUs.html",
        "404.html",
    ] {
        assert!(out.join(page).is_file(), "{page} is missing");
    }
    assert!(!out.join("JobApplicationForm.html").exists());
    let not_found = fs::read_to_string(out.join("404.html")).unwrap();
    assert!(not_found.contains("404 - Page Not Found"));

    let sitemap = fs::read_to_string(out.join("sitemap.xml")).unwrap();
    assert!(sitemap.contains("<loc>https://www.example.com/aboutUs</loc>"));
    assert!(sitemap.contains("Emergency%20centre%20setup%20</loc>"));
    assert!(
        !sitemap.contains("/home-slider<"),
        "block routes are not canonical"
    );
    assert!(sitemap.contains("<loc>https://www.example.com/products/category/dialysis</loc>"));

    // A category page: prerendered with its own title, canonical URL, breadcrumb and
    // cards, and a JSON chunk holding only its products.
    let category = fs::read_to_string(out.join("products/category/dialysis.html")).unwrap();
    assert!(
        category.contains("<title>Dialysis Products | "),
        "{category}"
    );
    assert!(category.contains(
        "<link rel=\"canonical\" href=\"https://www.example.com/products/category/dialysis\">"
    ));
    assert!(category.contains("<h1 id=\"products-title\">Dialysis Products</h1>"));
    assert!(category.contains("Hemodialysis Machine"));
    assert!(category.contains("\"item\":\"https://www.example.com/products/category/dialysis\""));
    let chunk: serde_json::Value = serde_json::from_str(&common::page_data(
        &out.join("products/category/dialysis.html"),
    ))
    .unwrap();
    let products = chunk["page"]["products"].as_array().unwrap();
    assert!(!products.is_empty());
    assert!(products.iter().all(|p| p["category"] == "dialysis"));
    let robots = fs::read_to_string(out.join("robots.txt")).unwrap();
    assert!(robots.contains("Sitemap: https://www.example.com/sitemap.xml"));
    let redirects = fs::read_to_string(out.join("_redirects")).unwrap();
    assert!(redirects.contains("/JobApplicationForm /jobapplicationform 301"));

    // The CDN files: headers, and (--precompress) twins beside the text files.
    let headers = fs::read_to_string(out.join("_headers")).unwrap();
    assert!(headers.contains("script-src 'self';"), "{headers}");
    assert!(!headers.contains("unsafe-inline"), "{headers}");
    assert!(
        headers.contains("frame-src https://www.google.com;"),
        "{headers}"
    );
    assert!(
        headers.contains("connect-src 'self' https://api.emailjs.com;"),
        "{headers}"
    );
    assert!(headers.contains("/assets/*\n  Cache-Control: public, max-age=31536000, immutable"));
    assert!(headers.contains("/data/*\n  Cache-Control: public, max-age=0, must-revalidate"));
    for twin in [
        "index.html.br",
        "index.html.gz",
        "aboutUs.html.br",
        "sitemap.xml.gz",
    ] {
        assert!(out.join(twin).is_file(), "{twin} is missing");
    }
    let script = walk(&out.join("assets"))
        .into_iter()
        .find(|path| path.extension().is_some_and(|e| e == "js"))
        .unwrap();
    assert!(script.with_extension("js.br").is_file());

    // JSON-LD: every block of every page parses and has what its type requires.
    let mut seen = BTreeMap::<String, usize>::new();
    for page in walk(&out)
        .into_iter()
        .filter(|path| path.extension().is_some_and(|e| e == "html"))
    {
        let html = fs::read_to_string(&page).unwrap();
        for block in json_ld_blocks(&html) {
            assert!(!block.contains('<'), "{}", page.display());
            let ld: serde_json::Value = serde_json::from_str(&block)
                .unwrap_or_else(|e| panic!("{}: {e}: {block}", page.display()));
            assert_eq!(ld["@context"], "https://schema.org");
            let kind = ld["@type"].as_str().unwrap().to_string();
            let required: &[&str] = match kind.as_str() {
                "MedicalBusiness" => &[
                    "name",
                    "url",
                    "logo",
                    "address",
                    "telephone",
                    "email",
                    "openingHours",
                    "sameAs",
                ],
                "Product" => &["name", "description", "image", "category"],
                "BreadcrumbList" => &["itemListElement"],
                other => panic!("unexpected JSON-LD type {other}"),
            };
            for property in required {
                let value = &ld[*property];
                assert!(
                    !(value.is_null() || value == "" || value == &serde_json::json!([])),
                    "{} {kind} lacks {property}",
                    page.display()
                );
            }
            if kind == "BreadcrumbList" {
                for (index, item) in ld["itemListElement"].as_array().unwrap().iter().enumerate() {
                    assert_eq!(item["position"], index + 1);
                    assert!(item["name"].as_str().is_some_and(|n| !n.is_empty()));
                    assert!(item["item"]
                        .as_str()
                        .unwrap()
                        .starts_with("https://www.example.com/"));
                }
            }
            *seen.entry(kind).or_default() += 1;
        }
    }
    assert_eq!(seen.get("MedicalBusiness"), Some(&1), "{seen:?}");
    assert!(seen.get("Product").copied().unwrap_or(0) > 200, "{seen:?}");
    assert!(
        seen.get("BreadcrumbList").copied().unwrap_or(0) > 200,
        "{seen:?}"
    );
    assert!(home.contains("\"@type\":\"MedicalBusiness\""));
    let about = fs::read_to_string(out.join("aboutUs.html")).unwrap();
    assert!(about.contains("\"@type\":\"BreadcrumbList\""));
    let slider = fs::read_to_string(out.join("home-slider.html")).unwrap();
    assert!(slider.contains("<meta name=\"robots\" content=\"noindex\">"));
    assert!(
        !slider.contains("application/ld+json"),
        "block routes carry no JSON-LD"
    );

    // A second build with unchanged web sources reuses the web build.
    let again = sitegen(&["build", "--out", out_arg]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(stdout(&again).contains("(cached)"), "{}", stdout(&again));
}

/// A raster image whose WebP variants are not smaller is shipped alone: no page data
/// or markup offers the dropped variants. (And a build without --precompress writes
/// no twins but the web bundle's.)
#[test]
fn a_variant_the_build_drops_is_offered_nowhere() {
    let (_tmp, out) = build_showing_tiled_noise(
        "home.toml",
        "poster = \"media/home/hero-poster.jpg\"",
        "media/home/tiles.png",
    );
    let data: serde_json::Value =
        serde_json::from_str(&common::page_data(&out.join("index.html"))).unwrap();
    let poster = &data["page"]["hero"]["poster"];
    assert!(
        poster["src"].as_str().unwrap().contains("tiles"),
        "{poster}"
    );
    assert!(poster.get("variants").is_none(), "{poster}");
    let home = fs::read_to_string(out.join("index.html")).unwrap();
    assert!(!home.contains(".webp"), "a dropped variant is offered");
    // Without --precompress, only the web bundle's files come with twins.
    assert!(!out.join("index.html.br").exists() && !out.join("index.html.gz").exists());
    let bundle_twins = walk(&out.join("assets"))
        .into_iter()
        .filter(|file| file.extension().is_some_and(|e| e == "br"))
        .count();
    assert!(bundle_twins > 0, "the bundle's twins are missing");
    assert_no_webp_in(&out.join("media/home"));
}

/// Builds a copy of the content whose `file` names, instead of `line`'s image, the
/// image `path`: a PNG that WebP cannot beat. Returns the built site's folder.
fn build_showing_tiled_noise(file: &str, line: &str, path: &str) -> (tempfile::TempDir, PathBuf) {
    let (tmp, content) = content_copy();
    write_tiled_noise(&content.join(path));
    let (key, _) = line.split_once(" = ").unwrap();
    edit(&content.join(file), line, &format!("{key} = \"{path}\""));
    let out = tmp.path().join("site");
    let output = build(&[], &content, &out);
    assert!(output.status.success(), "{}", stderr(&output));
    (tmp, out)
}

fn assert_no_webp_in(dir: &Path) {
    assert!(
        walk(dir)
            .iter()
            .all(|file| file.extension().is_none_or(|e| e != "webp")),
        "the variant was not dropped: the test no longer tests anything"
    );
}

/// Writes a PNG that WebP cannot beat: black and white noise in repeated 8-pixel
/// tiles, as wide as the smallest variant (so its one variant is a full-size WebP),
/// which PNG packs far tighter than WebP.
fn write_tiled_noise(path: &Path) {
    let noise = image::RgbImage::from_fn(640, 320, |x, y| {
        let mut h = (x % 8).wrapping_mul(0x9E37_79B1) ^ (y % 8).wrapping_mul(0x85EB_CA77);
        h ^= h >> 15;
        h = h.wrapping_mul(0x2C1B_3C6D);
        h ^= h >> 12;
        image::Rgb(if (h >> 28) < 8 { [0; 3] } else { [255; 3] })
    });
    let file = fs::File::create(path).unwrap();
    noise
        .write_with_encoder(image::codecs::png::PngEncoder::new_with_quality(
            file,
            image::codecs::png::CompressionType::Best,
            image::codecs::png::FilterType::Adaptive,
        ))
        .unwrap();
}

/// When the layout, which every page loads, shows an image whose variant is dropped,
/// the layout data offers none either (the variants are kept before anything is planned).
#[test]
fn a_variant_the_layout_would_show_is_dropped_from_the_layout() {
    let (_tmp, out) = build_showing_tiled_noise(
        "site.toml",
        "logo = \"media/brand/logo.svg\"",
        "media/brand/tiles.png",
    );
    let layout = walk(&out.join("assets"))
        .into_iter()
        .find(|file| {
            let name = file.file_name().unwrap().to_string_lossy();
            name.starts_with("layout.") && name.ends_with(".json")
        })
        .expect("the layout file");
    let layout: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(layout).unwrap()).unwrap();
    let logo = &layout["site"]["logo"];
    assert!(logo["src"].as_str().unwrap().contains("tiles"), "{logo}");
    assert!(logo.get("variants").is_none(), "{logo}");
    assert_no_webp_in(&out.join("media/brand"));
}

/// `sitegen check` parses web/src and reports route literals that match no route.
#[test]
fn check_reports_route_literals_that_match_no_route() {
    let tmp = tempfile::tempdir().unwrap();
    let src = tmp.path().join("web/src/app");
    fs::create_dir_all(&src).unwrap();
    fs::write(
        src.join("menu.tsx"),
        "import { Link } from 'react-router-dom';\nexport const Menu = () => <Link to=\"/about-us\">About</Link>;\n",
    )
    .unwrap();
    let web = tmp.path().join("web");
    let output = sitegen(&["check", "--web", web.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let expected = format!(
        "{}/src/app/menu.tsx:2:36: error[E0704]: <Link to> \"/about-us\" matches no route of the route table",
        web.display()
    );
    assert!(stderr(&output).contains(&expected), "{}", stderr(&output));
}

/// A link in the generated HTML that leads nowhere fails the build, with its place.
#[test]
fn a_broken_link_in_the_generated_html_fails_the_build() {
    let tmp = tempfile::tempdir().unwrap();
    let templates = tmp.path().join("templates");
    copy_dir(&repo_root().join("templates"), &templates);
    edit(
        &templates.join("page.html"),
        "<body>\n",
        "<body>\n<a href=\"/nowhere\">x</a>\n",
    );
    let out = tmp.path().join("site");
    let output = sitegen(&[
        "build",
        "--out",
        out.to_str().unwrap(),
        "--templates",
        templates.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = stderr(&output);
    let line = format!("{}:", out.join("aboutUs.html").display());
    assert!(text.contains(&line), "{text}");
    assert!(
        text.contains(
            ": error[E0701]: broken link \"/nowhere\": no file of the output and no route of the app"
        ),
        "{text}"
    );
    assert!(!out.exists(), "a failed build writes nothing");
}

/// What `sitegen build` would fail on, `sitegen check` reports first, each at its
/// file:line:column: an id that cannot be a URL segment, a media path with a `.`
/// segment, a truncated PNG and an image too large to process.
#[test]
fn check_rejects_what_build_would_reject_with_positions() {
    let (tmp, content) = content_copy();
    edit(
        &content.join("services.toml"),
        "id = \"dialysis-center\"",
        "id = \"..\"",
    );
    edit(
        &content.join("site.toml"),
        "logo = \"media/brand/logo.svg\"",
        "logo = \"media/./brand/logo.svg\"",
    );
    let og_image = content.join("media/brand/og-image.png");
    let whole = fs::read(&og_image).unwrap();
    fs::write(&og_image, &whole[..whole.len() / 2]).unwrap();
    // A 20000×20000 PNG header: refused from its size alone, never decoded.
    let mut huge = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    huge.extend(20_000u32.to_be_bytes());
    huge.extend(20_000u32.to_be_bytes());
    huge.extend([
        8, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, b'I', b'E', b'N', b'D', 0, 0, 0, 0,
    ]);
    fs::write(content.join("media/categories/huge.png"), huge).unwrap();
    edit(
        &content.join("catalogue.toml"),
        "image = \"media/categories/ophthalmic.svg\"",
        "image = \"media/categories/huge.png\"",
    );

    let check = sitegen(&["check", "--content", content.to_str().unwrap()]);
    let text = stderr(&check);
    assert_eq!(check.status.code(), Some(1), "{text}");
    for expected in [
        "content/services.toml:7:6: error",
        "service id \"..\" cannot be part of a URL",
        "content/site.toml:9:8: error",
        "must not contain .., . or empty segments",
        "content/site.toml:10:12: error",
        "truncated",
        "content/catalogue.toml:8:9: error",
        "is 20000×20000 px, more than 8000 px on a side",
    ] {
        assert!(text.contains(expected), "no {expected:?} in:\n{text}");
    }

    let out = tmp.path().join("dist");
    let build = build(&[], &content, &out);
    assert_eq!(build.status.code(), Some(1));
    assert_eq!(error_lines(&stderr(&build)), error_lines(&text));
    assert!(!out.exists());
}
