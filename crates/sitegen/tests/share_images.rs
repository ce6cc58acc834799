//! Pages are shared with their own image (issue 15, point 4): a product, category or
//! service page whose image is an SVG drawing names a PNG drawn from it in its
//! `og:image`, and the build writes that PNG at the size the page declares.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::*;

/// The page inside `dist/<folder>`: a product's under `products/<id>`.
fn page_under(dist: &Path, folder: &str) -> PathBuf {
    let folder = dist.join(folder);
    walk(&folder)
        .into_iter()
        .find(|path| {
            path.extension()
                .is_some_and(|extension| extension == "html")
        })
        .unwrap_or_else(|| panic!("no page under {}", folder.display()))
}

/// Checks that `page` is shared with a PNG the build wrote at the declared size, and
/// returns the PNG's path inside `dist`.
fn assert_shared_with_its_png(dist: &Path, page: &Path) -> String {
    let html = fs::read_to_string(page).unwrap();
    let url = meta(&html, "og:image");
    let relative = url
        .strip_prefix("https://www.example.com/")
        .unwrap_or_else(|| panic!("{}: og:image {url} is not absolute", page.display()));
    assert!(relative.ends_with(".png"), "{}: {url}", page.display());
    assert!(
        !relative.starts_with("media/brand/"),
        "{}: shared with the site's default image",
        page.display()
    );
    assert_eq!(meta(&html, "twitter:image"), url);
    assert!(!meta(&html, "og:image:alt").is_empty());
    let declared: (u32, u32) = (
        meta(&html, "og:image:width").parse().unwrap(),
        meta(&html, "og:image:height").parse().unwrap(),
    );
    let png = image::open(dist.join(relative))
        .unwrap_or_else(|e| panic!("{}: {relative}: {e}", page.display()));
    assert_eq!((png.width(), png.height()), declared, "{relative}");
    assert!(declared.0 >= 600 && declared.1 >= 200, "{declared:?}");
    relative.to_string()
}

#[test]
fn product_category_and_service_pages_are_shared_with_a_png_of_their_drawing() {
    let (tmp, _content) = small_project();
    let output = build_in(tmp.path(), &[], "content", "dist");
    assert!(output.status.success(), "{}", stderr(&output));
    let dist = tmp.path().join("dist");

    // Product 1 has no image of its own: its category's illustration, drawn as a PNG.
    let product = assert_shared_with_its_png(&dist, &page_under(&dist, "products/1"));
    assert!(product.starts_with("media/categories/"), "{product}");
    let category = dist.join("products/category/dialysis.html");
    let category = assert_shared_with_its_png(&dist, &category);
    assert!(
        category.starts_with("media/categories/dialysis.1200w."),
        "{category}"
    );
    let service = dist.join("services/dialysis-center.html");
    let service = assert_shared_with_its_png(&dist, &service);
    assert!(
        service.starts_with("media/services/dialysis.1200w."),
        "{service}"
    );
    // Pages without an image of their own keep the site's default.
    let home = fs::read_to_string(dist.join("index.html")).unwrap();
    assert!(
        meta(&home, "og:image").contains("/media/brand/og-image."),
        "{home}"
    );

    // The PNGs are kept in the media cache, for the next build to copy.
    let cached = tmp
        .path()
        .join("target/sitegen-cache/media")
        .join(product.replace('/', "__"));
    assert_eq!(
        fs::read(&cached).unwrap(),
        fs::read(dist.join(&product)).unwrap()
    );
}

#[test]
fn a_shared_drawing_that_cannot_be_drawn_fails_check_and_build_at_its_position() {
    let (tmp, content) = small_project();
    let drawing = content.join("media/services/dialysis.svg");
    let svg = fs::read_to_string(&drawing).unwrap();
    let labelled = svg.replacen("</svg>", "<text x=\"10\" y=\"20\">Dialysis</text></svg>", 1);
    let line = labelled[..labelled.find("<text").unwrap()]
        .matches('\n')
        .count()
        + 1;
    let column = labelled[..labelled.find("<text").unwrap()]
        .rsplit('\n')
        .next()
        .unwrap()
        .chars()
        .count()
        + 1;
    fs::write(&drawing, labelled).unwrap();
    let headline = format!(
        "content/media/services/dialysis.svg:{line}:{column}: error[E0405]: a <text> element cannot be drawn"
    );
    // ErrorCode::UndrawableShareImage, the same in check and build.
    let web = repo_root().join("web");
    let checked = sitegen_in(
        tmp.path(),
        &[],
        &[
            "check",
            "--content",
            "content",
            "--web",
            web.to_str().unwrap(),
        ],
    );
    assert_eq!(checked.status.code(), Some(1), "{}", stderr(&checked));
    assert!(stderr(&checked).contains(&headline), "{}", stderr(&checked));
    let output = build_in(tmp.path(), &[], "content", "dist");
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains(&headline), "{text}");
    assert!(
        text.contains("convert the drawing's text to paths"),
        "{text}"
    );
    assert!(!tmp.path().join("dist").exists(), "nothing was published");
}
