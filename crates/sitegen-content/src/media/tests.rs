use super::*;

#[test]
fn a_media_file_is_named_from_the_site_root_or_on_its_own_origin() {
    let output = "media/brand/logo.3f2a9c1e.svg";
    assert_eq!(media_url(None, output), "/media/brand/logo.3f2a9c1e.svg");
    assert_eq!(
        media_url(Some("https://media.example.com"), output),
        "https://media.example.com/media/brand/logo.3f2a9c1e.svg"
    );
    assert_eq!(
        media_url(Some("https://cdn.example.com/site-a"), output),
        "https://cdn.example.com/site-a/media/brand/logo.3f2a9c1e.svg"
    );
}

fn svg_dimensions(bytes: &[u8]) -> Result<(u32, u32), String> {
    svg_size(&parse_svg(bytes)?)
}

#[test]
fn a_drawing_that_runs_script_or_loads_other_files_is_named_with_its_line() {
    let drawing = |inner: &str| {
        format!("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"8\" height=\"8\">\n{inner}</svg>")
    };
    for (inner, found) in [
        ("<script>alert(1)</script>", "line 2: a <script> element"),
        ("<SCRIPT>alert(1)</SCRIPT>", "line 2: a <SCRIPT> element"),
        (
            "<rect onload=\"alert(1)\"/>",
            "line 2: <rect> has an event handler onload=",
        ),
        (
            "<g><circle r=\"1\" ONCLICK=\"x()\"/></g>",
            "<circle> has an event handler ONCLICK=",
        ),
        (
            "<a href=\"javascript:alert(1)\"><rect/></a>",
            "reference to \"javascript:alert(1)\"",
        ),
        (
            "<image xlink:href=\"https://tracker.example/p.png\"/>",
            "outside the drawing",
        ),
        ("<use href=\"other.svg#icon\"/>", "outside the drawing"),
        (
            "<image href=\"data:image/svg+xml;base64,PHN2Zz4=\"/>",
            "outside the drawing",
        ),
        (
            "<foreignObject><div xmlns=\"http://www.w3.org/1999/xhtml\"/></foreignObject>",
            "<foreignObject> element",
        ),
        (
            "<a><set attributeName=\"href\" to=\"javascript:x()\"/></a>",
            "an animation of \"href\"",
        ),
        (
            "<style>@import url(https://x.example/a.css);</style>",
            "a <style> that loads another file",
        ),
        (
            "<style><![CDATA[rect { fill: url('https://x.example/p.png') }]]></style>",
            "a <style> that loads",
        ),
        (
            "<rect style=\"fill: url(https://x.example/p.svg#g)\"/>",
            "a style that loads another file",
        ),
    ] {
        let svg = drawing(inner);
        let problem = unsafe_svg_content(svg.as_bytes()).unwrap_or_else(|| panic!("{inner}"));
        assert!(problem.contains(found), "{inner}: {problem}");
    }
    for harmless in [
        "<rect width=\"8\" height=\"8\" fill=\"url(#gradient)\" opacity=\"0.5\"/>",
        "<use href=\"#icon\"/><use xlink:href=\"#icon\"/>",
        "<image href=\"data:image/png;base64,iVBORw0KGgo=\"/>",
        "<style>rect { fill: url(#g) }</style><animate attributeName=\"opacity\" to=\"1\"/>",
    ] {
        assert_eq!(
            unsafe_svg_content(drawing(harmless).as_bytes()),
            None,
            "{harmless}"
        );
    }
}

#[test]
fn a_drawing_that_runs_script_is_refused_where_the_content_names_it() {
    let problem = resolve_bytes(
        "evil.svg",
        b"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"8\"><script>alert(document.domain)</script></svg>",
    )
    .unwrap_err();
    assert_eq!(problem.code, ErrorCode::UnsafeSvg);
    assert!(
        problem.message.contains(
            "\"media/evil.svg\" would run script or load other files: line 1: a <script> element"
        ),
        "{}",
        problem.message
    );
}

#[test]
fn a_resolved_file_knows_its_size_and_hash_and_has_no_variants_yet() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("media")).unwrap();
    let png = include_bytes!("../../tests/fixtures/valid/content/media/brand/og-image.png");
    std::fs::write(dir.path().join("media/a.png"), png).unwrap();
    let file = MediaCache::new(dir.path(), MAX_IMAGE_SIDE)
        .resolve("media/a.png")
        .unwrap();
    assert_eq!(file.bytes, png.len() as u64);
    assert_eq!(file.sha256, <[u8; 32]>::from(Sha256::digest(png)));
    assert!(file.variants.is_empty());
}

#[test]
fn a_phone_photo_has_the_size_it_is_shown_at_whatever_its_exif_orientation() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("media")).unwrap();
    let upright = image::RgbImage::new(48, 32);
    let mut cache = MediaCache::new(dir.path(), MAX_IMAGE_SIDE);
    for orientation in 1..=8 {
        let path = format!("media/o{orientation}.jpg");
        let jpeg = crate::testing::phone_jpeg(&upright, orientation);
        std::fs::write(dir.path().join(&path), jpeg).unwrap();
        let file = cache.resolve(&path).unwrap();
        assert_eq!(
            (file.width, file.height),
            (48, 32),
            "orientation {orientation}"
        );
    }
}

#[test]
fn media_hash_is_the_first_8_hex_of_sha256() {
    // sha256("") = e3b0c442…
    let empty: [u8; 32] = Sha256::digest(b"").into();
    assert_eq!(
        hashed_output("media/a/logo.svg", &empty),
        "media/a/logo.e3b0c442.svg"
    );
    assert_eq!(
        hashed_output("media/a/noext", &empty),
        "media/a/noext.e3b0c442"
    );
}

#[test]
fn svg_dimensions_come_from_width_height_or_viewbox() {
    assert_eq!(
        svg_dimensions(
            br#"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40px"></svg>"#
        ),
        Ok((120, 40))
    );
    assert_eq!(
        svg_dimensions(br#"<?xml version="1.0"?><svg viewBox="0 0 300.4 150"/>"#),
        Ok((300, 150))
    );
    assert_eq!(
        svg_dimensions(br#"<svg width="100%" height="100%" viewBox="0,0,64,32"></svg>"#),
        Ok((64, 32))
    );
    assert_eq!(
        svg_dimensions(b"<svg width='8' height=\"4\" data-x=\"a>b\"/>"),
        Ok((8, 4))
    );
    assert!(svg_dimensions(b"<svg></svg>").is_err());
    assert!(svg_dimensions(b"not an svg").is_err());
    assert!(svg_dimensions(b"<html><svg width=\"8\" height=\"4\"/></html>").is_err());
    assert!(svg_dimensions(b"<svg width=\"8\" height=\"4\">").is_err());
}

#[test]
fn media_path_outside_content_is_rejected() {
    for path in [
        "../secret.png",
        "media/../../x.png",
        "/etc/passwd",
        "images/x.png",
        "media//x.png",
        "media/./brand/logo.svg",
        "media/brand/.",
    ] {
        let problem = check_media_path(path).err();
        assert_eq!(
            problem.map(|p| p.code),
            Some(ErrorCode::MediaOutsideContent),
            "{path}"
        );
    }
    assert!(check_media_path("media/brand/logo.svg").is_ok());
}

#[test]
fn media_missing_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let mut cache = MediaCache::new(dir.path(), MAX_IMAGE_SIDE);
    let problem = cache.resolve("media/none.png").unwrap_err();
    assert_eq!(problem.code, ErrorCode::MediaMissing);
}

#[test]
fn media_unreadable_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("media")).unwrap();
    std::fs::write(dir.path().join("media/fake.png"), b"not a png").unwrap();
    std::fs::write(dir.path().join("media/clip.mp4"), b"not a video").unwrap();
    std::fs::write(dir.path().join("media/doc.txt"), b"text").unwrap();
    let mut cache = MediaCache::new(dir.path(), MAX_IMAGE_SIDE);
    for path in ["media/fake.png", "media/clip.mp4", "media/doc.txt"] {
        assert_eq!(
            cache.resolve(path).unwrap_err().code,
            ErrorCode::MediaUnreadable,
            "{path}"
        );
    }
}

#[test]
fn video_is_accepted_with_zero_size() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("media")).unwrap();
    std::fs::write(dir.path().join("media/clip.mp4"), b"\0\0\0\x18ftypisom").unwrap();
    let mut cache = MediaCache::new(dir.path(), MAX_IMAGE_SIDE);
    let file = cache.resolve("media/clip.mp4").unwrap();
    assert_eq!((file.width, file.height), (0, 0));
    assert!(file.output.starts_with("media/clip.") && file.output.ends_with(".mp4"));
}

/// A PNG of `width`×`height` made of a signature, an IHDR chunk and an IEND chunk
/// (no pixels: enough for the header and structure checks).
pub(crate) fn png_header(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
    bytes.extend(13u32.to_be_bytes());
    bytes.extend(b"IHDR");
    bytes.extend(width.to_be_bytes());
    bytes.extend(height.to_be_bytes());
    bytes.extend([8, 6, 0, 0, 0]);
    bytes.extend([0; 4]); // CRC, not checked
    bytes.extend(0u32.to_be_bytes());
    bytes.extend(b"IEND");
    bytes.extend([0; 4]);
    bytes
}

fn resolve_bytes(name: &str, bytes: &[u8]) -> Result<MediaFile, MediaProblem> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("media")).unwrap();
    std::fs::write(dir.path().join("media").join(name), bytes).unwrap();
    MediaCache::new(dir.path(), MAX_IMAGE_SIDE).resolve(&format!("media/{name}"))
}

#[test]
fn a_brochure_is_a_pdf_by_its_bytes_and_no_larger_than_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("media")).unwrap();
    std::fs::write(dir.path().join("media/ok.pdf"), b"%PDF-1.7\n%%EOF\n").unwrap();
    std::fs::write(dir.path().join("media/fake.pdf"), b"<html>").unwrap();
    let big = std::fs::File::create(dir.path().join("media/big.pdf")).unwrap();
    big.set_len(MAX_DOCUMENT_BYTES + 1).unwrap();
    let mut cache = MediaCache::new(dir.path(), MAX_IMAGE_SIDE);
    let file = cache.resolve_document("media/ok.pdf").unwrap();
    assert_eq!((file.bytes, file.width), (15, 0));
    assert!(file.output.ends_with(".pdf") && file.output != "media/ok.pdf");
    let problem = cache.resolve_document("media/fake.pdf").unwrap_err();
    assert_eq!(problem.code, ErrorCode::BrochureNotPdf);
    let problem = cache.resolve_document("media/big.pdf").unwrap_err();
    assert_eq!(problem.code, ErrorCode::BrochureTooLarge);
    assert!(
        problem.message.contains("more than 10.0 MB"),
        "{}",
        problem.message
    );
    assert_eq!(human_size(1_258_291), "1.2 MB");
}

#[test]
fn an_image_larger_than_the_limit_is_refused_before_decoding() {
    let problem = resolve_bytes("huge.png", &png_header(20_000, 20_000)).unwrap_err();
    assert_eq!(problem.code, ErrorCode::MediaTooLarge);
    assert!(
        problem.message.contains("20000×20000"),
        "{}",
        problem.message
    );
    let file = resolve_bytes("fine.png", &png_header(MAX_IMAGE_SIDE, 10)).unwrap();
    assert_eq!((file.width, file.height), (MAX_IMAGE_SIDE, 10));
}

#[test]
fn the_image_limit_is_the_one_the_load_was_given() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("media")).unwrap();
    std::fs::write(dir.path().join("media/a.png"), png_header(200, 20)).unwrap();
    let problem = MediaCache::new(dir.path(), 100)
        .resolve("media/a.png")
        .unwrap_err();
    assert_eq!(problem.code, ErrorCode::MediaTooLarge);
    assert!(
        problem.message.contains("more than 100 px"),
        "{}",
        problem.message
    );
    assert!(MediaCache::new(dir.path(), 200)
        .resolve("media/a.png")
        .is_ok());
}

#[test]
fn an_empty_misnamed_or_heic_image_is_refused_with_what_to_do() {
    let problem = resolve_bytes("empty.jpg", b"").unwrap_err();
    assert_eq!(problem.code, ErrorCode::MediaUnreadable);
    assert!(
        problem.message.contains("is empty (0 bytes)"),
        "{}",
        problem.message
    );

    let problem = resolve_bytes("photo.jpg", &png_header(4, 4)).unwrap_err();
    assert_eq!(problem.code, ErrorCode::MediaMisnamed);
    assert!(
        problem
            .message
            .contains("is a PNG file named .jpg: rename it to .png"),
        "{}",
        problem.message
    );

    let mut heic = vec![0, 0, 0, 24];
    heic.extend(b"ftypheic\0\0\0\0mif1heic");
    for name in ["IMG_0001.jpg", "IMG_0001.HEIC"] {
        let problem = resolve_bytes(name, &heic).unwrap_err();
        assert_eq!(problem.code, ErrorCode::HeicPhoto, "{name}");
        assert!(
            problem.message.contains("export it as a JPEG"),
            "{}",
            problem.message
        );
    }
    assert!(ErrorCode::HeicPhoto.hint().contains("Most Compatible"));
}

#[test]
fn a_truncated_png_or_jpeg_is_refused() {
    let whole = png_header(4, 4);
    let problem = resolve_bytes("cut.png", &whole[..whole.len() - 6]).unwrap_err();
    assert_eq!(problem.code, ErrorCode::MediaUnreadable);
    assert!(problem.message.contains("truncated"), "{}", problem.message);
    // SOI, then a baseline frame header of 2×2, and no end-of-image marker.
    let jpeg = [
        0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x02, 0x00, 0x02, 0x01, 0x01, 0x11, 0x00,
    ];
    let problem = resolve_bytes("cut.jpg", &jpeg).unwrap_err();
    assert!(problem.message.contains("truncated"), "{}", problem.message);
    let mut ended = jpeg.to_vec();
    ended.extend([0xFF, 0xD9]);
    assert!(resolve_bytes("whole.jpg", &ended).is_ok());
}
