//! The reading routes: files, entries, one entry, a document, options, media.

mod common;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use common::{Site, HOST, TOKEN};
use serde_json::json;
use sha2::{Digest, Sha256};
use sitegen_content::CONTENT_FILES;

fn sha(bytes: &[u8]) -> String {
    format!("{:x}", Sha256::digest(bytes))
}

#[tokio::test]
async fn the_files_are_the_tables_in_its_order_with_schemas_and_revisions() {
    let site = Site::new();
    let (status, body) = site.get("/_edit/api/files").await;
    assert_eq!(status, StatusCode::OK);
    let files = body["files"].as_array().unwrap();
    // The fixture has no synonyms.toml (optional): it is not offered.
    let present: Vec<&str> = CONTENT_FILES
        .iter()
        .map(|file| file.path)
        .filter(|path| site.content.join(path).exists())
        .collect();
    let listed: Vec<&str> = files.iter().map(|f| f["path"].as_str().unwrap()).collect();
    assert_eq!(listed, present);
    let schemas: std::collections::HashMap<_, _> = sitegen_content::schemas().into_iter().collect();
    for (file, listed) in CONTENT_FILES
        .iter()
        .filter(|file| present.contains(&file.path))
        .zip(files)
    {
        assert_eq!(listed["title"], file.title);
        assert_eq!(listed["holds"], file.holds);
        assert_eq!(listed["schema"], schemas[file.schema.file_name()]);
        let bytes = std::fs::read(site.content.join(file.path)).unwrap();
        assert_eq!(listed["revision"], sha(&bytes));
    }
    let kind = |path: &str| {
        let file = files.iter().find(|f| f["path"] == path).unwrap();
        (file["kind"].clone(), file["table"].clone())
    };
    assert_eq!(kind("products.toml"), (json!("entries"), json!("product")));
    assert_eq!(kind("services.toml"), (json!("entries"), json!("service")));
    assert_eq!(
        kind("catalogue.toml"),
        (json!("entries"), json!("category"))
    );
    // Entries without ids, two arrays, or single tables: one document each.
    assert_eq!(kind("navigation.toml"), (json!("document"), json!(null)));
    assert_eq!(kind("certificates.toml"), (json!("document"), json!(null)));
    assert_eq!(kind("site.toml"), (json!("document"), json!(null)));
}

#[tokio::test]
async fn the_entries_summary_lists_each_entry_with_its_page_and_the_next_id() {
    let site = Site::new();
    site.write(
        "products.toml",
        &site
            .read("products.toml")
            .replace("id = 77\n", "id = 77\ndraft = true\n"),
    );
    let (status, body) = site.get("/_edit/api/entries?path=products.toml").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["next_id"], 78);
    assert_eq!(body["revision"], sha(site.read("products.toml").as_bytes()));
    let entries = body["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 5);
    assert_eq!(
        entries[0],
        json!({ "id": 12, "title": "Hemodialysis Machine", "category": "dialysis",
                "subcategory": "Dialysis Machines", "route": "/products/12/hemodialysis-machine" })
    );
    assert_eq!(entries[4]["draft"], true);
    assert!(entries[1].get("draft").is_none());
    let (_, services) = site.get("/_edit/api/entries?path=services.toml").await;
    assert_eq!(services["next_id"], json!(null));
    let first = &services["entries"][0];
    assert_eq!(
        first["route"],
        format!("/services/{}", first["id"].as_str().unwrap())
    );
    let (_, categories) = site.get("/_edit/api/entries?path=catalogue.toml").await;
    assert_eq!(categories["entries"][0]["title"], "Ophthalmic Products");
    assert_eq!(
        categories["entries"][0]["route"],
        "/products/category/ophthalmic"
    );
}

#[tokio::test]
async fn a_changed_file_is_read_again() {
    let site = Site::new();
    let (_, before) = site.get("/_edit/api/entries?path=products.toml").await;
    site.write(
        "products.toml",
        &site
            .read("products.toml")
            .replace("Slit Lamp", "Slit Lamp II"),
    );
    let (_, after) = site.get("/_edit/api/entries?path=products.toml").await;
    assert_ne!(before["revision"], after["revision"]);
    assert_eq!(after["entries"][4]["title"], "Slit Lamp II");
}

#[tokio::test]
async fn one_entry_and_one_document_as_json() {
    let site = Site::new();
    let (status, body) = site.get("/_edit/api/entry?path=products.toml&id=13").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        body["value"],
        json!({ "id": 13, "title": "Dialyser Reprocessing Unit", "description": "Placeholder description.",
                "category": "dialysis", "subcategory": "Dialysis Equipments" })
    );
    assert_eq!(body["route"], "/products/13/dialyser-reprocessing-unit");
    let (status, body) = site
        .get("/_edit/api/entry?path=catalogue.toml&id=dialysis")
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["value"]["name"], "Dialysis Products");

    let (status, body) = site.get("/_edit/api/file?path=navigation.toml").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        body["value"]["item"][0],
        json!({ "label": "Home", "to": "/" })
    );
    assert_eq!(
        body["value"]["item"][2]["entries"][0]["service"],
        "dialysis-center"
    );
    let (_, about) = site.get("/_edit/api/file?path=about.toml").await;
    assert_eq!(about["route"], "/aboutUs");
    let (_, privacy) = site
        .get("/_edit/api/file?path=policies%2Fprivacy.toml")
        .await;
    assert!(
        privacy["route"].as_str().unwrap().starts_with('/'),
        "{privacy}"
    );
}

#[tokio::test]
async fn the_options_are_the_catalogues_categories_and_the_media() {
    let site = Site::new();
    let (status, body) = site.get("/_edit/api/options").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        body["categories"][1],
        json!({ "name": "dialysis", "title": "Dialysis Products",
                "subcategories": ["Dialysis Machines", "Dialysis Equipments"] })
    );
    let media = body["media"].as_array().unwrap();
    let logo = media
        .iter()
        .find(|m| m["path"] == "media/brand/og-image.png")
        .unwrap();
    assert_eq!(logo["kind"], "image");
    assert!(logo["width"].as_u64().unwrap() > 0);
    let bytes = std::fs::read(site.content.join("media/brand/og-image.png")).unwrap();
    assert_eq!(logo["bytes"], bytes.len());
    assert!(media
        .iter()
        .all(|m| m["path"].as_str().unwrap().starts_with("media/")));
}

#[tokio::test]
async fn a_media_file_is_served_for_thumbnails() {
    let site = Site::new();
    // As an <img> asks: no headers of its own, the token in its address.
    let request = Request::get(format!("/_edit/media/brand/og-image.png?token={TOKEN}"))
        .header(header::HOST, HOST)
        .body(Body::empty())
        .unwrap();
    let response = tower::ServiceExt::oneshot(site.router.clone(), request)
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/png");
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    assert_eq!(
        bytes,
        std::fs::read(site.content.join("media/brand/og-image.png")).unwrap()
    );
    let (status, _) = site.get("/_edit/media/brand/missing.png").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn ten_thousand_products_are_listed() {
    let site = Site::new();
    let products = sitegen_content::testing::products_toml(
        10_000,
        &[
            ("dialysis", "Dialysis Machines"),
            ("radiology", "Imaging & Diagnostic Products"),
        ],
    );
    site.write("products.toml", &products);
    let (status, body) = site.get("/_edit/api/entries?path=products.toml").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["entries"].as_array().unwrap().len(), 10_000);
    assert_eq!(body["next_id"], 10_001);
    assert_eq!(
        body["entries"][9_999]["route"],
        "/products/10000/generated-product-10000"
    );
}
