//! A save through the editor's API keeps the file's spelling: an item added to a list
//! of one item a line gets a line of its own, and a new entry's keys come in the order
//! of the file's other entries.

mod common;

use axum::http::StatusCode;
use common::Site;
use serde_json::json;

#[tokio::test]
async fn a_quick_link_added_in_the_editor_changes_only_its_own_line() {
    let site = Site::new();
    let before = site.read("navigation.toml");
    let (_, file) = site.get("/_edit/api/file?path=navigation.toml").await;
    let base = file["value"]["footer"]["quick_links"].clone();
    let mut links = base.clone();
    (links.as_array_mut().unwrap()).push(json!({ "label": "Contact", "to": "/contact" }));
    let (status, body) = site
        .save(json!({ "path": "navigation.toml", "changes": [
            { "op": "set", "field": ["footer", "quick_links"], "value": links, "base": base } ] }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let last =
        "  { label = \"Hemodialysis Machine\", to = \"/products/12/hemodialysis-machine\" },\n";
    assert_eq!(
        site.read("navigation.toml"),
        before.replacen(
            last,
            &format!("{last}  {{ label = \"Contact\", to = \"/contact\" }},\n"),
            1
        )
    );
}

#[tokio::test]
async fn a_product_added_in_the_editor_has_its_keys_in_the_files_order() {
    let site = Site::new();
    let before = site.read("products.toml");
    let (_, list) = site.get("/_edit/api/entries?path=products.toml").await;
    let id = list["next_id"].as_i64().unwrap();
    let added = json!({ "id": id, "title": "Infusion Pump", "description": "Placeholder description.",
        "category": "dialysis", "subcategory": "Dialysis Machines" });
    let (status, body) = site
        .save(json!({ "path": "products.toml", "changes": [{ "op": "add", "entry": added }] }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        site.read("products.toml"),
        format!("{before}\n[[product]]\nid = {id}\ntitle = \"Infusion Pump\"\ndescription = \"Placeholder description.\"\ncategory = \"dialysis\"\nsubcategory = \"Dialysis Machines\"\n")
    );
}
