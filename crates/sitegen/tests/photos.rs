//! Products with phone photos: the photo is shown upright, its original (with its
//! camera and GPS position in EXIF) is not published, pages offer only its WebP
//! variants, and it is shared as a small JPEG.

mod common;

use std::fs;
use std::path::Path;

use common::*;
use sitegen_content::testing::{quarters, shows_quarters_upright};

/// Gives product 1 the photo `media/products/p1.jpg`, stored sideways with EXIF
/// orientation 6 as phones store portrait photos.
fn with_phone_photo(content: &Path) {
    let photo = sitegen_content::testing::phone_jpeg(&quarters(1600, 2400, 16), 6);
    fs::create_dir_all(content.join("media/products")).unwrap();
    fs::write(content.join("media/products/p1.jpg"), photo).unwrap();
    let products = content.join("products.toml");
    let text = fs::read_to_string(&products).unwrap();
    let text = text.replacen(
        "subcategory = \"General\"\n",
        "subcategory = \"General\"\nimage = \"media/products/p1.jpg\"\n",
        1,
    );
    fs::write(&products, text).unwrap();
}

#[test]
fn a_phone_photo_is_published_upright_without_its_original_and_shared_as_a_small_jpeg() {
    let (tmp, content) = small_project();
    with_phone_photo(&content);
    let output = build_in(tmp.path(), &[], "content", "dist");
    assert!(output.status.success(), "{}", stderr(&output));
    let dist = tmp.path().join("dist");

    let published: Vec<String> = walk(&dist.join("media/products"))
        .iter()
        .map(|path| path.strip_prefix(&dist).unwrap().display().to_string())
        .filter(|path| path.starts_with("media/products/p1."))
        .collect();
    let variants: Vec<&String> = published.iter().filter(|p| p.ends_with(".webp")).collect();
    let shared: Vec<&String> = published.iter().filter(|p| p.ends_with(".jpg")).collect();
    assert_eq!(
        variants.len(),
        3,
        "640, 1024 and 1600 px wide: {published:?}"
    );
    assert_eq!(
        shared.len(),
        1,
        "the share JPEG alone, not the original: {published:?}"
    );
    for file in walk(&dist) {
        let bytes = fs::read(&file).unwrap();
        assert!(
            !bytes.windows(10).any(|w| w == b"PhoneMaker"),
            "{} carries the camera's EXIF",
            file.display()
        );
    }
    for variant in &variants {
        let bytes = fs::read(dist.join(variant)).unwrap();
        let decoded = webp::Decoder::new(&bytes).decode().unwrap();
        assert!(!decoded.is_alpha());
        let image =
            image::RgbImage::from_raw(decoded.width(), decoded.height(), decoded.to_vec()).unwrap();
        assert!(image.height() > image.width(), "{variant} is not portrait");
        assert!(shows_quarters_upright(&image, 48), "{variant} is turned");
    }

    let page = walk(&dist.join("products/1"))
        .into_iter()
        .find(|path| {
            path.extension()
                .is_some_and(|extension| extension == "html")
        })
        .unwrap();
    let html = fs::read_to_string(&page).unwrap();
    assert!(!html.contains("p1.") || !html.contains("/media/products/p1.jpg"));
    let srcset_start = html
        .find("srcSet=\"")
        .or_else(|| html.find("srcset=\""))
        .unwrap();
    let srcset = &html[srcset_start..srcset_start + html[srcset_start..].find("\" ").unwrap()];
    // The product page shows the photo at most 735 px wide: nothing over twice that.
    assert!(
        srcset.contains("p1.1024w.") && !srcset.contains("1600w") && !srcset.contains(".jpg"),
        "{srcset}"
    );
    assert!(
        html.contains(r#"width="1600" height="2400""#),
        "the upright size"
    );

    let url = meta(&html, "og:image");
    let relative = url.strip_prefix("https://www.example.com/").unwrap();
    assert_eq!(&relative, shared[0]);
    assert_eq!(meta(&html, "og:image:type"), "image/jpeg");
    let bytes = fs::read(dist.join(relative)).unwrap();
    assert!(bytes.len() <= 300 * 1000, "{} bytes", bytes.len());
    let jpeg = image::load_from_memory(&bytes).unwrap().into_rgb8();
    let declared = (
        meta(&html, "og:image:width").parse::<u32>().unwrap(),
        meta(&html, "og:image:height").parse::<u32>().unwrap(),
    );
    assert_eq!(jpeg.dimensions(), declared);
    assert_eq!(
        declared,
        (1200, 1200),
        "a portrait photo is shared as its middle square"
    );
    assert!(
        shows_quarters_upright(&jpeg, 48),
        "the share JPEG is turned"
    );
}
