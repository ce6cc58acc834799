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

/// Gives product `id` the image `bytes` at the content path `path`.
fn give_image(content: &Path, id: u32, path: &str, bytes: &[u8]) {
    let file = content.join(path);
    fs::create_dir_all(file.parent().unwrap()).unwrap();
    fs::write(file, bytes).unwrap();
    let products = content.join("products.toml");
    let text = fs::read_to_string(&products).unwrap();
    let entry = format!("[[product]]\nid = {id}\n");
    assert!(text.contains(&entry), "product {id}");
    let text = text.replacen(&entry, &format!("{entry}image = \"{path}\"\n"), 1);
    fs::write(&products, text).unwrap();
}

/// A 640×320 PNG of one 8×8 tile of black and white noise repeated, with a phone's
/// EXIF: deflate packs it into a few kilobytes, so its WebP variant is not smaller
/// and the page offers the PNG itself.
fn tiled_noise_png_with_exif() -> Vec<u8> {
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    use image::ImageEncoder;
    let tile = |x: u32, y: u32| {
        let mut h = (x % 8).wrapping_mul(0x9E37_79B1) ^ (y % 8).wrapping_mul(0x85EB_CA77);
        h ^= h >> 15;
        h = h.wrapping_mul(0x2C1B_3C6D);
        h ^= h >> 12;
        h >> 31 == 1
    };
    let noise = image::RgbImage::from_fn(640, 320, |x, y| {
        image::Rgb(if tile(x, y) { [0; 3] } else { [255; 3] })
    });
    let mut bytes = Vec::new();
    let mut encoder =
        PngEncoder::new_with_quality(&mut bytes, CompressionType::Best, FilterType::Adaptive);
    encoder
        .set_exif_metadata(sitegen_content::testing::phone_exif(1))
        .unwrap();
    encoder
        .write_image(noise.as_raw(), 640, 320, image::ExtendedColorType::Rgb8)
        .unwrap();
    bytes
}

#[test]
fn no_published_file_carries_a_photos_camera_serial_number_or_position() {
    use sitegen_content::testing::{
        phone_exif, phone_jpeg, PHONE_LATITUDE, PHONE_MAKE, PHONE_SERIAL,
    };
    let (tmp, content) = small_project();
    // A phone's 12-megapixel portrait photo as the site's share image, which no page
    // shows: it is published whole.
    let share_photo = phone_jpeg(&quarters(3024, 4032, 16), 6);
    fs::write(content.join("media/brand/photo.jpg"), &share_photo).unwrap();
    let site = content.join("site.toml");
    let text = fs::read_to_string(&site).unwrap();
    let text = text.replace(
        "og_image = \"media/brand/og-image.png\"",
        "og_image = \"media/brand/photo.jpg\"",
    );
    fs::write(&site, text).unwrap();
    // A photo its variants replace, and an image whose only variant is dropped.
    give_image(
        &content,
        1,
        "media/products/p1.jpg",
        &phone_jpeg(&quarters(4032, 3024, 16), 6),
    );
    let noise = tiled_noise_png_with_exif();
    give_image(&content, 2, "media/products/noise.png", &noise);
    for private in [PHONE_MAKE, PHONE_SERIAL, PHONE_LATITUDE] {
        let exif = phone_exif(1);
        assert!(exif.windows(private.len()).any(|w| w == private));
    }

    let output = build_in(tmp.path(), &[], "content", "dist");
    assert!(output.status.success(), "{}", stderr(&output));
    let dist = tmp.path().join("dist");
    for file in walk(&dist) {
        let bytes = fs::read(&file).unwrap();
        for private in [PHONE_MAKE, PHONE_SERIAL, PHONE_LATITUDE] {
            assert!(
                !bytes.windows(private.len()).any(|w| w == private),
                "{} carries the phone's {:?}",
                file.display(),
                String::from_utf8_lossy(private)
            );
        }
    }

    let published = |folder: &str, stem: &str, extension: &str| {
        walk(&dist.join(folder))
            .into_iter()
            .find(|path| {
                let name = path.file_name().unwrap().to_str().unwrap();
                name.starts_with(stem) && name.ends_with(extension) && !name.contains("w.")
            })
            .unwrap_or_else(|| {
                panic!(
                    "{folder}/{stem}…{extension} is not published: {:?}",
                    walk(&dist.join(folder))
                )
            })
    };
    // The share photo is published as it was taken: its pixels and orientation.
    let photo = published("media/brand", "photo.", ".jpg");
    let mut decoder = image::ImageReader::open(&photo)
        .unwrap()
        .with_guessed_format()
        .unwrap()
        .into_decoder()
        .unwrap();
    use image::ImageDecoder;
    let orientation = decoder.orientation().unwrap();
    let mut upright = image::DynamicImage::from_decoder(decoder).unwrap();
    upright.apply_orientation(orientation);
    let upright = upright.into_rgb8();
    assert_eq!(upright.dimensions(), (3024, 4032));
    assert!(shows_quarters_upright(&upright, 48), "turned");
    assert_eq!(
        image::load_from_memory(&share_photo).unwrap().into_rgb8(),
        image::open(&photo).unwrap().into_rgb8(),
        "re-encoded"
    );
    // The noise is published as a PNG of the same pixels.
    let png = published("media/products", "noise.", ".png");
    assert!(
        walk(&dist.join("media/products"))
            .iter()
            .all(|path| !path.to_str().unwrap().contains("noise.640w.")),
        "its variant is dropped"
    );
    assert_eq!(
        image::open(png).unwrap().into_rgb8(),
        image::load_from_memory(&noise).unwrap().into_rgb8()
    );
}
