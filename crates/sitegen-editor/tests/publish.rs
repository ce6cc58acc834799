//! Publishing from the editor and an entry's history, through the router, in a clone of
//! a bare repository over file:// (the real git, no network).

mod common;

use std::path::PathBuf;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use common::{api, Site, HOST, TOKEN};
use serde_json::{json, Value as Json};
use sitegen_content::testing::git;
use sitegen_editor::TOKEN_HEADER;

/// Git with no configuration of the machine's: no author unless a test sets one.
fn no_global_git_configuration() {
    std::env::set_var("GIT_CONFIG_GLOBAL", "/dev/null");
    std::env::set_var("GIT_CONFIG_NOSYSTEM", "1");
}

const SEED: [&str; 4] = ["-c", "user.name=Seed", "-c", "user.email=seed@example.com"];

/// The site's folder made a clone of a new bare repository (returned, with the folder
/// holding it), its content the first commit.
fn published_site() -> (Site, tempfile::TempDir, PathBuf) {
    no_global_git_configuration();
    let site = Site::new();
    let remote = tempfile::tempdir().unwrap();
    let bare = remote.path().join("site.git");
    git(
        remote.path(),
        &["init", "-q", "--bare", "-b", "main", "site.git"],
    );
    let root = site.dir.path();
    git(root, &["init", "-q", "-b", "main"]);
    git(root, &["add", "content"]);
    git(
        root,
        &[&SEED[..], &["commit", "-q", "-m", "content"]].concat(),
    );
    let url = format!("file://{}", bare.display());
    git(root, &["remote", "add", "origin", &url]);
    git(root, &["push", "-q", "-u", "origin", "main"]);
    (site, remote, bare)
}

fn set_title(id: i64, title: &str) -> Json {
    json!({ "path": "products.toml", "changes": [
        { "op": "set", "entry": id, "field": ["title"], "value": title } ] })
}

#[tokio::test]
async fn the_publish_and_history_endpoints_have_every_guard_of_save() {
    let (site, _remote, bare) = published_site();
    assert_eq!(site.save(set_title(13, "Changed")).await.0, StatusCode::OK);
    let head = git(&bare, &["rev-parse", "main"]);
    let publish = json!({ "message": "x" }).to_string();
    let requests = |uri: &str, method: Method| {
        let body = || match method {
            Method::POST => Body::from(publish.clone()),
            _ => Body::empty(),
        };
        let base = || {
            Request::builder()
                .method(method.clone())
                .uri(uri)
                .header(header::CONTENT_TYPE, "application/json")
        };
        vec![
            // No token.
            base()
                .header(header::HOST, HOST)
                .header(header::ORIGIN, format!("http://{HOST}"))
                .body(body())
                .unwrap(),
            // A wrong token.
            base()
                .header(header::HOST, HOST)
                .header(header::ORIGIN, format!("http://{HOST}"))
                .header(TOKEN_HEADER, TOKEN.replace('0', "1"))
                .body(body())
                .unwrap(),
            // Another host (DNS rebinding).
            base()
                .header(header::HOST, "evil.example:8080")
                .header(header::ORIGIN, "http://evil.example:8080")
                .header(TOKEN_HEADER, TOKEN)
                .body(body())
                .unwrap(),
            // Another site's page.
            base()
                .header(header::HOST, HOST)
                .header(header::ORIGIN, "http://evil.example")
                .header(TOKEN_HEADER, TOKEN)
                .body(body())
                .unwrap(),
        ]
    };
    for (uri, method) in [
        ("/_edit/api/publish", Method::GET),
        ("/_edit/api/publish", Method::POST),
        ("/_edit/api/history?path=products.toml&id=13", Method::GET),
    ] {
        for request in requests(uri, method.clone()) {
            let (status, body) = site.send(request).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{method} {uri}: {body}");
        }
    }
    // A publish (a write) without Origin.
    let bare_post = Request::post("/_edit/api/publish")
        .header(header::HOST, HOST)
        .header(TOKEN_HEADER, TOKEN)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(publish.clone()))
        .unwrap();
    let (status, body) = site.send(bare_post).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert!(body.to_string().contains("Origin"), "{body}");
    // Not JSON.
    let text = api(Method::POST, "/_edit/api/publish")
        .header(header::CONTENT_TYPE, "text/plain")
        .body(Body::from(publish))
        .unwrap();
    assert_eq!(site.send(text).await.0, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    // History stays in the content folder.
    for uri in [
        "/_edit/api/history?path=..%2FCargo.toml",
        "/_edit/api/history?path=secrets.toml",
    ] {
        assert!(site.get(uri).await.0.is_client_error(), "{uri}");
    }
    assert_eq!(git(&bare, &["rev-parse", "main"]), head);
}

#[tokio::test]
async fn the_plan_in_editors_words_then_a_publish_with_an_author_asked_once_all_as_text() {
    let (site, _remote, bare) = published_site();
    let (status, body) = site.get("/_edit/api/publish").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["status"], "nothing");

    assert_eq!(
        site.save(set_title(13, "Dialyser Reprocessing Unit II"))
            .await
            .0,
        StatusCode::OK
    );
    let (status, plan) = site.get("/_edit/api/publish").await;
    assert_eq!(status, StatusCode::OK, "{plan}");
    assert_eq!(plan["status"], "plan");
    assert_eq!(
        plan["changes"],
        json!(["Product 13 · Dialyser Reprocessing Unit II: title"])
    );
    assert_eq!(
        plan["message"],
        "content: Product 13 · Dialyser Reprocessing Unit II: title\n"
    );
    assert_eq!(
        (&plan["remote"], &plan["branch"]),
        (&json!("origin"), &json!("main"))
    );
    assert_eq!(plan["author"], Json::Null);

    // Without an author: refused, and nothing pushed.
    let head = git(&bare, &["rev-parse", "main"]);
    let (status, refused) = site
        .post("/_edit/api/publish", json!({ "message": "x" }))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert_eq!(refused["status"], "refused");
    assert_eq!(refused["code"], "E1108");
    assert!(!refused["hint"].as_str().unwrap().is_empty());
    assert_eq!(git(&bare, &["rev-parse", "main"]), head);

    // With one: kept in the clone, and every value reaches git as text.
    let (status, published) = site
        .post(
            "/_edit/api/publish",
            json!({ "message": "--amend", "author": { "name": "-n", "email": "--global@example.com" } }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{published}");
    assert_eq!(published["status"], "published");
    let commit = published["commit"].as_str().unwrap();
    assert_eq!(git(&bare, &["rev-parse", "main"]), commit);
    assert_eq!(git(&bare, &["log", "-1", "--format=%B", "main"]), "--amend");
    assert_eq!(
        git(&bare, &["log", "-1", "--format=%an <%ae>", "main"]),
        "-n <--global@example.com>"
    );
    assert_eq!(git(&bare, &["rev-parse", "main^"]), head);
    let root = site.dir.path();
    assert_eq!(git(root, &["config", "--local", "user.name"]), "-n");

    let (_, again) = site.get("/_edit/api/publish").await;
    assert_eq!(again["status"], "nothing");
    assert_eq!(again["author"]["name"], "-n");

    // The entry's history: the publish, then the first commit.
    let (status, history) = site
        .get("/_edit/api/history?path=products.toml&id=13")
        .await;
    assert_eq!(status, StatusCode::OK, "{history}");
    let versions = history["versions"].as_array().unwrap();
    assert_eq!(versions.len(), 2, "{history}");
    assert_eq!(versions[0]["commit"], commit);
    assert_eq!(versions[0]["author"], "-n");
    assert_eq!(versions[0]["subject"], "--amend");
    assert_eq!(
        versions[0]["value"]["title"],
        "Dialyser Reprocessing Unit II"
    );
    assert_eq!(versions[1]["subject"], "content");
    assert_eq!(versions[1]["value"]["title"], "Dialyser Reprocessing Unit");
    // Another entry, untouched since: only the first commit.
    let (_, other) = site
        .get("/_edit/api/history?path=products.toml&id=14")
        .await;
    assert_eq!(
        other["versions"].as_array().map(Vec::len),
        Some(1),
        "{other}"
    );
    // A document's history is the whole file's; it has no entries to name.
    let (status, _) = site.get("/_edit/api/history?path=site.toml&id=1").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, document) = site.get("/_edit/api/history?path=site.toml").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(document["versions"].as_array().map(Vec::len), Some(1));
}

#[tokio::test]
async fn the_same_value_changed_by_a_colleague_shows_both_keeps_mine_on_disk_then_keep_mine_publishes_it(
) {
    let (site, remote, bare) = published_site();
    let root = site.dir.path();
    git(root, &["config", "user.name", "Editor"]);
    git(root, &["config", "user.email", "editor@example.com"]);
    // A colleague publishes another title of 13.
    let colleague = remote.path().join("colleague");
    let url = format!("file://{}", bare.display());
    git(remote.path(), &["clone", "-q", &url, "colleague"]);
    let products = colleague.join("content/products.toml");
    let text = std::fs::read_to_string(&products).unwrap();
    std::fs::write(
        &products,
        text.replace(
            "title = \"Dialyser Reprocessing Unit\"",
            "title = \"Theirs\"",
        ),
    )
    .unwrap();
    git(
        &colleague,
        &[&SEED[..], &["commit", "-qam", "theirs"]].concat(),
    );
    git(&colleague, &["push", "-q"]);
    let theirs = git(&bare, &["rev-parse", "main"]);

    assert_eq!(site.save(set_title(13, "Mine")).await.0, StatusCode::OK);
    let (status, refused) = site
        .post("/_edit/api/publish", json!({ "message": "" }))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert_eq!(refused["code"], "E1107");
    let conflicts = refused["conflicts"].clone();
    assert_eq!(conflicts.as_array().map(Vec::len), Some(1), "{refused}");
    let conflict = &conflicts[0];
    assert_eq!(conflict["path"], "products.toml");
    assert_eq!(conflict["entry"]["id"], 13);
    assert_eq!(conflict["entry"]["words"], "Product 13 · Mine");
    assert_eq!(conflict["field"], "title");
    assert_eq!(
        (&conflict["ours"], &conflict["theirs"]),
        (&json!("Mine"), &json!("Theirs"))
    );
    assert!(conflict["words"].as_str().unwrap().contains("\"Theirs\""));
    // Nothing pushed, and my edit still on disk.
    assert_eq!(git(&bare, &["rev-parse", "main"]), theirs);
    assert!(site.read("products.toml").contains("title = \"Mine\""));

    let (status, published) = site
        .post(
            "/_edit/api/publish",
            json!({ "message": "", "keep_mine": conflicts }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{published}");
    assert_eq!(published["combined"], true);
    let shown = git(&bare, &["show", "main:content/products.toml"]);
    assert!(shown.contains("title = \"Mine\""));
    assert_eq!(git(&bare, &["rev-parse", "main^"]), theirs);
}

#[tokio::test]
async fn a_refusal_says_its_code_what_happened_and_what_to_do() {
    no_global_git_configuration();
    // Not a clone at all; then a clone with no remote.
    let site = Site::new();
    let root = site.dir.path();
    for setup in [None, Some(())] {
        if setup.is_some() {
            git(root, &["init", "-q", "-b", "main"]);
            git(root, &["add", "content"]);
            git(
                root,
                &[&SEED[..], &["commit", "-q", "-m", "content"]].concat(),
            );
        }
        for (status, body) in [
            site.get("/_edit/api/publish").await,
            site.post("/_edit/api/publish", json!({ "message": "x" }))
                .await,
        ] {
            assert_eq!(status, StatusCode::CONFLICT, "{body}");
            assert_eq!(body["status"], "refused");
            assert_eq!(body["code"], "E1101", "{body}");
            assert_eq!(body["title"], "nowhere to publish to");
            assert!(
                body["hint"]
                    .as_str()
                    .unwrap()
                    .contains("git remote add origin"),
                "{body}"
            );
            assert!(!body["message"].as_str().unwrap().is_empty());
            assert_eq!(body["conflicts"], json!([]));
        }
    }
    // The history of a folder in no repository is empty, not an error.
    let plain = Site::new();
    let (status, body) = plain
        .get("/_edit/api/history?path=products.toml&id=13")
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["versions"], json!([]));
}
