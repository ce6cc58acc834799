//! Saving: only the edited bytes change, errors write nothing and are located at
//! their field, conflicts in both orders, other values still save, undo.

mod common;

use axum::http::StatusCode;
use common::Site;
use serde_json::{json, Value};

fn set(entry: Value, field: Value, value: Value, base: Value) -> Value {
    json!({ "op": "set", "entry": entry, "field": field, "value": value, "base": base })
}

async fn revision(site: &Site, path: &str) -> Value {
    site.get(&format!("/_edit/api/file?path={path}")).await.1["revision"].clone()
}

#[tokio::test]
async fn a_title_change_changes_only_its_line() {
    let site = Site::new();
    let before = site.read("products.toml");
    let (status, body) = site
        .save(json!({ "path": "products.toml", "revision": revision(&site, "products.toml").await,
            "changes": [set(json!(13), json!(["title"]), json!("Dialyser Reprocessor"), json!("Dialyser Reprocessing Unit"))] }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["written"], true);
    let after = site.read("products.toml");
    assert_eq!(
        after,
        before.replace(
            "title = \"Dialyser Reprocessing Unit\"",
            "title = \"Dialyser Reprocessor\""
        )
    );
    assert_eq!(body["revision"], revision(&site, "products.toml").await);
    assert_eq!(body["warnings"], json!([]));
}

#[tokio::test]
async fn a_save_of_nothing_writes_nothing() {
    let site = Site::new();
    let modified = std::fs::metadata(site.content.join("site.toml"))
        .unwrap()
        .modified()
        .unwrap();
    let (_, file) = site.get("/_edit/api/file?path=site.toml").await;
    let changes: Vec<Value> = file["value"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(key, value)| json!({ "op": "set", "field": [key], "value": value, "base": value }))
        .collect();
    let (status, body) = site
        .save(json!({ "path": "site.toml", "revision": file["revision"], "changes": changes }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["written"], false);
    assert_eq!(body["revision"], file["revision"]);
    let now = std::fs::metadata(site.content.join("site.toml"))
        .unwrap()
        .modified()
        .unwrap();
    assert_eq!(now, modified);
}

#[tokio::test]
async fn an_unknown_category_is_refused_at_its_field_and_nothing_is_written() {
    let site = Site::new();
    let before = site.read("products.toml");
    let (status, body) = site
        .save(json!({ "path": "products.toml",
            "changes": [set(json!(12), json!(["category"]), json!("dialisys"), json!("dialysis"))] }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["written"], false);
    let problem = &body["problems"][0];
    assert_eq!(problem["code"], "E0202");
    assert_eq!(problem["severity"], "error");
    assert_eq!(problem["file"], "products.toml");
    assert_eq!(problem["entry"], 12);
    assert_eq!(problem["field"], json!(["category"]));
    assert_eq!(problem["hint"], "did you mean \"dialysis\"?");
    assert_eq!(problem["line"], 5);
    assert_eq!(problem["column"], 12);
    assert_eq!(site.read("products.toml"), before);
}

#[tokio::test]
async fn an_edit_then_a_change_on_disk_of_the_same_value_is_a_conflict() {
    let site = Site::new();
    let (_, entry) = site.get("/_edit/api/entry?path=products.toml&id=13").await;
    // Another program changes the title after the editor read it.
    let theirs = site.read("products.toml").replace(
        "Dialyser Reprocessing Unit",
        "Dialyser Reprocessing Unit (theirs)",
    );
    site.write("products.toml", &theirs);
    let (status, body) = site
        .save(json!({ "path": "products.toml", "revision": entry["revision"],
            "changes": [set(json!(13), json!(["title"]), json!("Mine"), entry["value"]["title"].clone())] }))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["conflicts"],
        json!([{ "entry": 13, "field": ["title"], "disk": "Dialyser Reprocessing Unit (theirs)", "yours": "Mine" }])
    );
    assert_eq!(site.read("products.toml"), theirs);
    // Reapplied over the disk's value, it saves.
    let (status, _) = site
        .save(json!({ "path": "products.toml",
            "changes": [set(json!(13), json!(["title"]), json!("Mine"), body["conflicts"][0]["disk"].clone())] }))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(site.read("products.toml").contains("title = \"Mine\""));
}

#[tokio::test]
async fn a_save_then_a_change_on_disk_keeps_both_and_the_next_save_sees_it() {
    let site = Site::new();
    let (_, entry) = site.get("/_edit/api/entry?path=products.toml&id=13").await;
    let (status, saved) = site
        .save(json!({ "path": "products.toml", "revision": entry["revision"],
            "changes": [set(json!(13), json!(["title"]), json!("Mine"), json!("Dialyser Reprocessing Unit"))] }))
        .await;
    assert_eq!(status, StatusCode::OK);
    // Another program then changes the same value: the editor's next save of it,
    // based on what it saved, is refused rather than overwriting theirs.
    let theirs = site.read("products.toml").replace("\"Mine\"", "\"Theirs\"");
    site.write("products.toml", &theirs);
    let (status, body) = site
        .save(
            json!({ "path": "products.toml", "revision": saved["revision"],
            "changes": [set(json!(13), json!(["title"]), json!("Mine again"), json!("Mine"))] }),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["conflicts"][0]["disk"], "Theirs");
    assert_eq!(site.read("products.toml"), theirs);
}

#[tokio::test]
async fn edits_of_other_values_save_on_the_current_disk_text() {
    let site = Site::new();
    let (_, entry) = site.get("/_edit/api/entry?path=products.toml&id=13").await;
    let theirs = site
        .read("products.toml")
        .replace("Slit Lamp", "Slit Lamp (theirs)");
    site.write("products.toml", &theirs);
    let (status, body) = site
        .save(json!({ "path": "products.toml", "revision": entry["revision"],
            "changes": [set(json!(13), json!(["title"]), json!("Mine"), json!("Dialyser Reprocessing Unit"))] }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        site.read("products.toml"),
        theirs.replace("\"Dialyser Reprocessing Unit\"", "\"Mine\"")
    );
}

#[tokio::test]
async fn undo_restores_the_bytes_before_the_last_save_unless_the_file_changed() {
    let site = Site::new();
    let before = site.read("products.toml");
    let (status, _) = site
        .post("/_edit/api/undo", json!({ "path": "products.toml" }))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let save = json!({ "path": "products.toml",
        "changes": [set(json!(77), json!(["title"]), json!("Slit Lamp 2"), json!("Slit Lamp"))] });
    assert_eq!(site.save(save.clone()).await.0, StatusCode::OK);
    let (status, body) = site
        .post("/_edit/api/undo", json!({ "path": "products.toml" }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(site.read("products.toml"), before);
    assert_eq!(body["revision"], revision(&site, "products.toml").await);
    // Once: the record is gone.
    let (status, _) = site
        .post("/_edit/api/undo", json!({ "path": "products.toml" }))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    assert_eq!(site.save(save).await.0, StatusCode::OK);
    let changed = format!("{}# changed by hand\n", site.read("products.toml"));
    site.write("products.toml", &changed);
    let (status, body) = site
        .post("/_edit/api/undo", json!({ "path": "products.toml" }))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(site.read("products.toml"), changed);
}

#[tokio::test]
async fn entries_are_added_and_removed_and_documents_set_by_path() {
    let site = Site::new();
    let (_, list) = site.get("/_edit/api/entries?path=products.toml").await;
    let added = json!({ "id": list["next_id"], "title": "Infusion Pump", "description": "Placeholder description.",
        "category": "dialysis", "subcategory": "Dialysis Machines" });
    let (status, body) = site
        .save(json!({ "path": "products.toml", "changes": [
            { "op": "add", "entry": added },
            { "op": "remove", "entry": 14 } ] }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, list) = site.get("/_edit/api/entries?path=products.toml").await;
    let ids: Vec<i64> = list["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, [12, 13, 40, 77, 78]);

    let (_, nav) = site.get("/_edit/api/file?path=navigation.toml").await;
    let label = nav["value"]["item"][0]["label"].clone();
    let (status, body) = site
        .save(json!({ "path": "navigation.toml", "changes": [
            { "op": "set", "field": ["item", 0, "label"], "value": "Start", "base": label } ] }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(site
        .read("navigation.toml")
        .starts_with("[[item]]\nlabel = \"Start\"\n"));
}

#[tokio::test]
async fn removing_a_product_a_menu_links_to_is_refused_naming_the_link() {
    let site = Site::new();
    let navigation = site.read("navigation.toml").replacen(
        "[[item]]\nlabel = \"Home\"\nto = \"/\"\n",
        "[[item]]\nlabel = \"Home\"\nto = \"/\"\n\n[[item]]\nlabel = \"Our machine\"\nto = \"/products/12/hemodialysis-machine\"\n",
        1,
    );
    site.write("navigation.toml", &navigation);
    let products = site.read("products.toml");
    for change in [
        json!({ "op": "remove", "entry": 12 }),
        set(json!(12), json!(["draft"]), json!(true), Value::Null),
    ] {
        let (status, body) = site
            .save(json!({ "path": "products.toml", "changes": [change] }))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let problem = body["problems"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["file"] == "navigation.toml")
            .unwrap_or_else(|| panic!("no problem in navigation.toml: {body}"));
        assert_eq!(problem["severity"], "error");
        assert_eq!(problem["line"], 7, "{problem}");
        assert_eq!(problem["field"], json!(["item", 1, "to"]), "{problem}");
        assert!(
            problem["message"]
                .as_str()
                .unwrap()
                .contains("/products/12/hemodialysis-machine"),
            "{problem}"
        );
        assert_eq!(site.read("products.toml"), products);
    }
}

#[tokio::test]
async fn an_undo_that_would_break_another_file_is_refused_with_its_problems() {
    let site = Site::new();
    let added = json!({ "id": 99, "title": "Infusion Pump", "description": "Placeholder description.",
        "category": "dialysis", "subcategory": "Dialysis Machines" });
    let (status, _) = site
        .save(json!({ "path": "products.toml", "changes": [{ "op": "add", "entry": added }] }))
        .await;
    assert_eq!(status, StatusCode::OK);
    let saved = site.read("products.toml");
    // The menu now links to the new product: undoing its addition would break the link.
    let (status, body) = site
        .save(json!({ "path": "navigation.toml", "changes": [
            { "op": "set", "field": ["item", 0, "to"], "value": "/products/99/infusion-pump", "base": "/" } ] }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = site
        .post("/_edit/api/undo", json!({ "path": "products.toml" }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["problems"][0]["file"], "navigation.toml");
    assert_eq!(body["problems"][0]["field"], json!(["item", 0, "to"]));
    assert_eq!(site.read("products.toml"), saved);
}

#[tokio::test]
async fn a_refused_delete_says_the_save_deletes_what_the_link_names() {
    let site = Site::new();
    // A service whose id is close to the one deleted: a did-you-mean would offer it.
    let services = site.read("services.toml");
    let first = services.split("\n\n[[service]]").next().unwrap();
    site.write(
        "services.toml",
        &format!(
            "{services}\n{}\n",
            first.replace("\"dialysis-center\"", "\"dialysis-centre\"")
        ),
    );
    let (status, body) = site
        .save(json!({ "path": "services.toml", "changes": [{ "op": "remove", "entry": "dialysis-center" }] }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let problems = body["problems"].as_array().unwrap();
    let links: Vec<_> = problems
        .iter()
        .filter(|p| p["message"].as_str().unwrap().contains("dialysis-center"))
        .collect();
    assert!(links.len() >= 2, "{body:#}");
    for link in links {
        let hint = link["hint"].as_str().unwrap();
        assert!(!hint.contains("did you mean"), "{link}");
        assert!(hint.contains("this save deletes"), "{link}");
    }
}

#[tokio::test]
async fn a_control_character_in_a_title_is_refused_at_its_field_as_check_refuses_it() {
    let site = Site::new();
    let before = site.read("products.toml");
    for title in [
        "Hemo\u{0}dialysis",
        "Hemo\ndialysis",
        "\u{202E}Hemodialysis",
        "\u{1b}[31m",
    ] {
        let (status, body) = site
            .save(json!({ "path": "products.toml",
                "changes": [set(json!(12), json!(["title"]), json!(title), json!("Hemodialysis Machine"))] }))
            .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{title:?}: {body}"
        );
        let problem = &body["problems"][0];
        assert_eq!(problem["code"], "E0106", "{body}");
        assert_eq!(problem["entry"], 12);
        assert_eq!(problem["field"], json!(["title"]));
        assert_eq!(site.read("products.toml"), before);
    }
    // A description may have several lines.
    let (status, body) = site
        .save(json!({ "path": "products.toml",
            "changes": [set(json!(12), json!(["description"]), json!("First line.\nSecond line."), json!("Placeholder description."))] }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn a_save_tells_its_own_warnings_apart_from_the_sites_others() {
    let site = Site::new();
    // A placeholder the company has still to replace, before any save.
    let text = site.read("site.toml").replacen(
        "emails = [\"info@medical.test\"",
        "emails = [\"info@example.com\"",
        1,
    );
    site.write("site.toml", &text);
    let (status, body) = site
        .save(json!({ "path": "site.toml", "changes": [
            set(Value::Null, json!(["contact", "support_email"]), json!("help@medical.test"), json!("support@medical.test")) ] }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["warnings"], json!([]), "{body}");
    let others = body["other_warnings"].as_array().unwrap();
    assert_eq!(others.len(), 1, "{body}");
    assert_eq!(others[0]["field"], json!(["contact", "emails", 0]));
    // A placeholder this save writes is its own.
    let (status, body) = site
        .save(json!({ "path": "site.toml", "changes": [
            set(Value::Null, json!(["contact", "top_bar_email"]), json!("info@example.com"), json!("info@medical.test")) ] }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let own = body["warnings"].as_array().unwrap();
    assert_eq!(own.len(), 1, "{body}");
    assert_eq!(own[0]["field"], json!(["contact", "top_bar_email"]));
    assert_eq!(
        body["other_warnings"].as_array().unwrap().len(),
        1,
        "{body}"
    );
}
