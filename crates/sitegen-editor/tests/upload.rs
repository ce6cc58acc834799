//! Uploads: typed by their bytes, named safely, never replacing a file unasked, and
//! offered in the pickers at once.

mod common;

use axum::body::Body;
use axum::http::{Method, StatusCode};
use common::{api, Site};
use serde_json::json;

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x02\0\0\0\x03\x08\x02\0\0\0";

async fn upload(site: &Site, query: &str, bytes: &[u8]) -> (StatusCode, serde_json::Value) {
    site.send(
        api(Method::POST, &format!("/_edit/api/upload?{query}"))
            .header("content-type", "application/octet-stream")
            .body(Body::from(bytes.to_vec()))
            .unwrap(),
    )
    .await
}

#[tokio::test]
async fn an_image_is_stored_under_a_safe_name_and_offered_in_the_pickers() {
    let site = Site::new();
    let image = std::fs::read(site.content.join("media/brand/og-image.png")).unwrap();
    let (status, body) = upload(&site, "name=..%2F..%2FMy%20Photo.PNG", &image).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body, json!({ "path": "media/my-photo.png" }));
    assert_eq!(
        std::fs::read(site.content.join("media/my-photo.png")).unwrap(),
        image
    );
    let (_, options) = site.get("/_edit/api/options").await;
    let size = |path: &str| {
        let media = options["media"].as_array().unwrap();
        let listed = media.iter().find(|m| m["path"] == path).unwrap();
        (listed["width"].clone(), listed["height"].clone())
    };
    assert_eq!(size("media/my-photo.png"), size("media/brand/og-image.png"));
    // A product may use it at once.
    let use_it = |path: &str| {
        json!({ "path": "products.toml", "changes": [
            { "op": "set", "entry": 13, "field": ["image"], "value": path, "base": null } ] })
    };
    let (status, saved) = site.save(use_it("media/my-photo.png")).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    // The media checks of sitegen check apply: a PNG cut short is refused at the field.
    assert_eq!(
        upload(&site, "name=cut.png", PNG).await.0,
        StatusCode::CREATED
    );
    let (status, refused) = site
        .save(json!({ "path": "products.toml", "changes": [
            { "op": "set", "entry": 13, "field": ["image"], "value": "media/cut.png" } ] }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused["problems"][0]["code"], "E0403");
    assert_eq!(refused["problems"][0]["field"], json!(["image"]));
}

#[tokio::test]
async fn an_existing_name_is_replaced_only_when_asked() {
    let site = Site::new();
    assert_eq!(
        upload(&site, "name=a.png", PNG).await.0,
        StatusCode::CREATED
    );
    let other = [PNG, b"more"].concat();
    let (status, body) = upload(&site, "name=a.png", &other).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(body["error"]["message"]
        .as_str()
        .unwrap()
        .contains("overwrite=true"));
    assert_eq!(
        std::fs::read(site.content.join("media/a.png")).unwrap(),
        PNG
    );
    let (status, _) = upload(&site, "name=a.png&overwrite=true", &other).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(
        std::fs::read(site.content.join("media/a.png")).unwrap(),
        other
    );
}

#[tokio::test]
async fn bytes_that_are_no_image_or_pdf_are_refused_whatever_the_name() {
    let site = Site::new();
    for bytes in [
        &b"<html><script>alert(1)</script></html>"[..],
        b"MZ\x90\0\x03",
        b"",
    ] {
        let (status, body) = upload(&site, "name=photo.png", bytes).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{body}");
    }
    assert!(!site.content.join("media/photo.png").exists());
    let (status, body) = upload(&site, "name=brochure", b"%PDF-1.4\n%%EOF\n").await;
    assert_eq!(
        (status, body),
        (StatusCode::CREATED, json!({ "path": "media/brochure.pdf" }))
    );
    // Over the JSON limit, within the upload limit.
    let big = [
        &b"%PDF-1.4\n"[..],
        &vec![b' '; 3 * sitegen_editor::JSON_LIMIT],
    ]
    .concat();
    assert_eq!(
        upload(&site, "name=big.pdf", &big).await.0,
        StatusCode::CREATED
    );
    let (status, _) = upload(&site, "name=...", PNG).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = upload(&site, "overwrite=true", PNG).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn an_upload_is_readable_by_everyone_as_a_saved_file_is() {
    use std::os::unix::fs::PermissionsExt;
    let site = Site::new();
    let (status, body) = upload(&site, "name=a.png", PNG).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let mode = std::fs::metadata(site.content.join("media/a.png"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o644, "{mode:o}");
}

#[tokio::test]
async fn a_name_longer_than_a_file_system_allows_is_shortened() {
    let site = Site::new();
    let name = format!("{}.png", "a".repeat(300));
    let (status, body) = upload(&site, &format!("name={name}"), PNG).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let path = body["path"].as_str().unwrap();
    let stored = path.strip_prefix("media/").unwrap();
    assert_eq!(stored.len(), sitegen_editor::upload::MAX_NAME_BYTES);
    assert_eq!(std::fs::read(site.content.join(path)).unwrap(), PNG);
}

#[tokio::test]
async fn a_link_is_never_replaced_and_the_refusal_says_why() {
    let site = Site::new();
    let elsewhere = site.dir.path().join("elsewhere.png");
    std::fs::write(&elsewhere, PNG).unwrap();
    std::os::unix::fs::symlink(&elsewhere, site.content.join("media/linked.png")).unwrap();
    let other = [PNG, b"more"].concat();
    let (status, body) = upload(&site, "name=linked.png&overwrite=true", &other).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let message = body["error"]["message"].as_str().unwrap();
    assert!(!message.contains("overwrite=true"), "{message}");
    assert!(message.contains("another name"), "{message}");
    assert_eq!(std::fs::read(&elsewhere).unwrap(), PNG);
}

#[tokio::test]
async fn a_drawing_that_runs_script_is_refused_and_the_refusal_says_why() {
    let site = Site::new();
    let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"8\">\n<rect onload=\"alert(document.cookie)\"/></svg>";
    let (status, body) = upload(&site, "name=logo.svg", svg).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let message = body["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("line 2: <rect> has an event handler onload="),
        "{message}"
    );
    assert!(message.contains("E0408"), "{message}");
    assert!(!site.content.join("media/logo.svg").exists());
    let harmless =
        b"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"8\"><rect/></svg>";
    assert_eq!(
        upload(&site, "name=logo.svg", harmless).await.0,
        StatusCode::CREATED
    );
}
