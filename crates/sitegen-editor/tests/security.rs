//! Every refusal of the editor's guards: each a 4xx with a message, nothing written.

mod common;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use common::{api, Site, HOST, TOKEN};
use serde_json::json;
use sitegen_editor::TOKEN_HEADER;

fn message(body: &serde_json::Value) -> &str {
    body["error"]["message"].as_str().unwrap_or_default()
}

#[tokio::test]
async fn the_api_needs_the_runs_token() {
    let site = Site::new();
    let without = Request::get("/_edit/api/files")
        .header(header::HOST, HOST)
        .body(Body::empty())
        .unwrap();
    let (status, body) = site.send(without).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(message(&body).contains("token"), "{body}");
    let wrong = Request::get("/_edit/api/files")
        .header(header::HOST, HOST)
        .header(TOKEN_HEADER, TOKEN.replace('0', "1"))
        .body(Body::empty())
        .unwrap();
    assert_eq!(site.send(wrong).await.0, StatusCode::FORBIDDEN);
    // Unknown API paths are guarded too, then unknown.
    let unknown = Request::get("/_edit/api/nope")
        .header(header::HOST, HOST)
        .body(Body::empty())
        .unwrap();
    assert_eq!(site.send(unknown).await.0, StatusCode::FORBIDDEN);
    assert_eq!(site.get("/_edit/api/nope").await.0, StatusCode::NOT_FOUND);
    assert_eq!(site.get("/_edit/api/files").await.0, StatusCode::OK);
}

#[tokio::test]
async fn another_host_is_refused_dns_rebinding() {
    let site = Site::new();
    for host in [
        "evil.example:8080",
        "127.0.0.1:9999",
        "localhost.evil.example:8080",
    ] {
        let request = Request::get("/_edit/api/files")
            .header(header::HOST, host)
            .header(TOKEN_HEADER, TOKEN)
            .body(Body::empty())
            .unwrap();
        let (status, body) = site.send(request).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{host}");
        assert!(message(&body).contains(host), "{body}");
    }
    // The page (which carries the token) too.
    let page = Request::get("/_edit")
        .header(header::HOST, "evil.example:8080")
        .body(Body::empty())
        .unwrap();
    assert_eq!(site.send(page).await.0, StatusCode::FORBIDDEN);
    let no_host = Request::get("/_edit").body(Body::empty()).unwrap();
    assert_eq!(site.send(no_host).await.0, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn another_origin_is_refused_cross_site() {
    let site = Site::new();
    for origin in [
        "http://evil.example",
        "null",
        "https://127.0.0.1:8080",
        "http://localhost:8080",
    ] {
        let request = api(Method::GET, "/_edit/api/files")
            .header(header::ORIGIN, origin)
            .body(Body::empty())
            .unwrap();
        // `api` set the page's Origin; a second one replaces nothing, so build anew.
        let mut request = request;
        request
            .headers_mut()
            .insert(header::ORIGIN, origin.parse().unwrap());
        let (status, body) = site.send(request).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{origin}");
        assert!(message(&body).contains(origin), "{body}");
    }
}

#[tokio::test]
async fn a_write_without_origin_is_refused_unless_same_origin_fetch() {
    let site = Site::new();
    let before = site.read("products.toml");
    let save = json!({ "path": "products.toml", "changes": [
        { "op": "set", "entry": 13, "field": ["title"], "value": "Changed" } ] });
    let bare = || {
        Request::post("/_edit/api/save")
            .header(header::HOST, HOST)
            .header(TOKEN_HEADER, TOKEN)
            .header(header::CONTENT_TYPE, "application/json")
    };
    let (status, body) = site
        .send(bare().body(Body::from(save.to_string())).unwrap())
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(message(&body).contains("Origin"), "{body}");
    assert_eq!(site.read("products.toml"), before);
    let (status, _) = site
        .send(
            bare()
                .header("sec-fetch-site", "same-origin")
                .body(Body::from(save.to_string()))
                .unwrap(),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_ne!(site.read("products.toml"), before);
}

#[tokio::test]
async fn bodies_over_the_limit_wrong_types_and_malformed_json_are_refused() {
    let site = Site::new();
    let before = site.read("products.toml");
    let huge = format!(
        "{{\"path\":\"products.toml\",\"changes\":[],\"pad\":\"{}\"}}",
        "x".repeat(sitegen_editor::JSON_LIMIT)
    );
    let request = api(Method::POST, "/_edit/api/save")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(huge))
        .unwrap();
    let (status, body) = site.send(request).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    assert!(message(&body).contains("limit"), "{body}");

    for not_json in [
        "text/plain",
        "application/jsonx",
        "application/json-seq",
        "",
    ] {
        let request = api(Method::POST, "/_edit/api/save")
            .header(header::CONTENT_TYPE, not_json)
            .body(Body::from("{\"path\":\"products.toml\",\"changes\":[]}"))
            .unwrap();
        let (status, body) = site.send(request).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{not_json}");
        assert!(message(&body).contains("application/json"), "{body}");
    }
    for json in ["application/json; charset=utf-8", "Application/JSON"] {
        let request = api(Method::POST, "/_edit/api/save")
            .header(header::CONTENT_TYPE, json)
            .body(Body::from("{\"path\":\"products.toml\",\"changes\":[]}"))
            .unwrap();
        let (status, body) = site.send(request).await;
        assert_eq!(status, StatusCode::OK, "{json}: {body}");
    }

    let request = api(Method::POST, "/_edit/api/save")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from("{\"path\": "))
        .unwrap();
    let (status, body) = site.send(request).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(message(&body).contains("not valid JSON"), "{body}");

    let upload = api(Method::POST, "/_edit/api/upload?name=big.png")
        .body(Body::from(vec![0u8; sitegen_editor::UPLOAD_LIMIT + 1]))
        .unwrap();
    assert_eq!(site.send(upload).await.0, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(site.read("products.toml"), before);
}

#[tokio::test]
async fn unknown_files_entries_fields_and_ops_are_4xx_with_a_message() {
    let site = Site::new();
    let before = site.read("products.toml");
    let cases = [
        (
            json!({ "path": "secrets.toml", "changes": [] }),
            StatusCode::NOT_FOUND,
        ),
        (
            json!({ "path": "../Cargo.toml", "changes": [] }),
            StatusCode::NOT_FOUND,
        ),
        (
            json!({ "path": "/etc/passwd", "changes": [] }),
            StatusCode::NOT_FOUND,
        ),
        (json!({ "changes": [] }), StatusCode::BAD_REQUEST),
        (json!({ "path": "products.toml" }), StatusCode::BAD_REQUEST),
        (
            json!({ "path": "products.toml", "changes": [{ "op": "set", "entry": 99999, "field": ["title"], "value": "x" }] }),
            StatusCode::NOT_FOUND,
        ),
        (
            json!({ "path": "products.toml", "changes": [{ "op": "set", "entry": 13, "field": ["specifications", 7, "value"], "value": "x" }] }),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "path": "products.toml", "changes": [{ "op": "set", "entry": 13, "field": [], "value": "x" }] }),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "path": "products.toml", "changes": [{ "op": "set", "entry": [1], "field": ["title"], "value": "x" }] }),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "path": "products.toml", "changes": [{ "op": "rename", "entry": 13 }] }),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "path": "site.toml", "changes": [{ "op": "set", "entry": 1, "field": ["name"], "value": "x" }] }),
            StatusCode::BAD_REQUEST,
        ),
    ];
    for (request, expected) in cases {
        let (status, body) = site.save(request.clone()).await;
        assert_eq!(status, expected, "{request} → {body}");
        assert!(!message(&body).is_empty(), "{request} → {body}");
    }
    assert_eq!(site.read("products.toml"), before);
    for uri in [
        "/_edit/api/entries?path=nope.toml",
        "/_edit/api/entry?path=products.toml&id=99999",
        "/_edit/api/file?path=..%2Fsite.toml",
    ] {
        let (status, body) = site.get(uri).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri} → {body}");
    }
    let (status, _) = site.get("/_edit/api/entries").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, body) = site.get("/_edit/api/save").await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(!message(&body).is_empty(), "{body}");
    let (status, _) = site.get("/_edit/api/entries?path=site.toml").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_body_that_does_not_fit_the_request_names_the_place_and_what_it_must_be() {
    let site = Site::new();
    let before = site.read("products.toml");
    let set_title = json!({ "op": "set", "entry": 13, "field": ["title"], "value": "x" });
    let cases = [
        (
            json!({ "path": "products.toml", "changes": [set_title, { "op": "rename", "entry": 13 }] }),
            ["changes[1]", "unknown variant `rename`"],
        ),
        (
            json!({ "path": "products.toml", "changes": [{ "op": "set", "entry": [1], "field": ["title"] }] }),
            ["changes[0]", "expected an entry id"],
        ),
        (
            json!({ "path": "products.toml", "changes": [{ "op": "set", "entry": 13, "field": ["specifications", -1] }] }),
            ["changes[0]", "expected a key or a position in a list"],
        ),
        (
            json!({ "path": "products.toml", "changes": [{ "op": "remove" }] }),
            ["changes[0]", "missing field `entry`"],
        ),
        (
            json!({ "path": 7, "changes": [] }),
            ["path", "expected a string"],
        ),
    ];
    for (request, expected) in cases {
        let (status, body) = site.save(request.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{request} → {body}");
        for words in expected {
            assert!(message(&body).contains(words), "{request} → {body}");
        }
    }
    assert_eq!(site.read("products.toml"), before);
}

#[cfg(unix)]
#[tokio::test]
async fn paths_never_leave_the_content_folder() {
    let site = Site::new();
    let outside = site.dir.path().join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(
        outside.join("secret.png"),
        b"\x89PNG\r\n\x1a\nTOP-SECRET-BYTES",
    )
    .unwrap();
    std::os::unix::fs::symlink(&outside, site.content.join("media/escape")).unwrap();
    for uri in [
        "/_edit/media/escape/secret.png",
        "/_edit/media/../site.toml",
        "/_edit/media/%2e%2e/site.toml",
        "/_edit/media/.hidden",
    ] {
        let (status, body) = site.get(uri).await;
        assert!(status.is_client_error(), "{uri} → {status} {body}");
        assert!(!body.to_string().contains("TOP-SECRET-BYTES"), "{uri}");
    }
    // A content file that is a link to a file outside.
    let timeline = site.content.join("timeline.toml");
    std::fs::rename(&timeline, outside.join("timeline.toml")).unwrap();
    std::os::unix::fs::symlink(outside.join("timeline.toml"), &timeline).unwrap();
    let (status, _) = site.get("/_edit/api/file?path=timeline.toml").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = site
        .save(json!({ "path": "timeline.toml", "changes": [] }))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // The media folder itself as a link: uploads are refused.
    let media = site.content.join("media");
    std::fs::rename(&media, outside.join("media")).unwrap();
    std::os::unix::fs::symlink(outside.join("media"), &media).unwrap();
    let upload = api(Method::POST, "/_edit/api/upload?name=x.png")
        .body(Body::from(&b"\x89PNG\r\n\x1a\nimage"[..]))
        .unwrap();
    assert_eq!(site.send(upload).await.0, StatusCode::FORBIDDEN);
    assert!(!outside.join("media/x.png").exists());
}

#[tokio::test]
async fn off_loopback_the_page_needs_the_token_in_its_address() {
    let site = Site::listening_on("0.0.0.0:8080");
    let page = |uri: &str| {
        Request::get(uri)
            .header(header::HOST, "192.168.1.20:8080")
            .body(Body::empty())
            .unwrap()
    };
    assert_eq!(site.send(page("/_edit")).await.0, StatusCode::FORBIDDEN);
    assert_eq!(
        site.send(page("/_edit?token=nope")).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        site.send(page("/_edit/products")).await.0,
        StatusCode::FORBIDDEN
    );
    // With it, the page (here: the one saying how to build it).
    let (status, body) = site.send(page(&format!("/_edit?token={TOKEN}"))).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(body.as_str().unwrap().contains("npm run build:editor"));
    // On loopback the page needs no token.
    let local = Site::new();
    let request = Request::get("/_edit")
        .header(header::HOST, HOST)
        .body(Body::empty())
        .unwrap();
    assert_eq!(local.send(request).await.0, StatusCode::SERVICE_UNAVAILABLE);
}

#[tokio::test]
async fn media_files_need_the_token_on_and_off_loopback() {
    for (site, host) in [
        (Site::listening_on("0.0.0.0:8080"), "192.168.1.20:8080"),
        (Site::new(), HOST),
    ] {
        let media = |uri: &str| {
            Request::get(uri)
                .header(header::HOST, host)
                .body(Body::empty())
                .unwrap()
        };
        let path = "/_edit/media/brand/og-image.png";
        let (status, body) = site.send(media(path)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{host}");
        assert!(message(&body).contains("token"), "{body}");
        let wrong = format!("{path}?token={}", TOKEN.replace('0', "1"));
        assert_eq!(site.send(media(&wrong)).await.0, StatusCode::FORBIDDEN);
        let right = format!("{path}?token={TOKEN}");
        assert_eq!(site.send(media(&right)).await.0, StatusCode::OK, "{host}");
        // The API takes the token only in its header, never in an address.
        let api = format!("/_edit/api/files?token={TOKEN}");
        assert_eq!(site.send(media(&api)).await.0, StatusCode::FORBIDDEN);
    }
}

#[tokio::test]
async fn the_page_gets_the_token_and_the_build_is_served() {
    let site = Site::new();
    let build = site.web.join("dist/editor");
    std::fs::create_dir_all(build.join("assets")).unwrap();
    std::fs::write(
        build.join("index.html"),
        "<!doctype html><html><head><title>Editor</title></head><body></body></html>",
    )
    .unwrap();
    std::fs::write(build.join("assets/app.js"), "console.log(1)").unwrap();
    for uri in ["/_edit", "/_edit/", "/_edit/products/17"] {
        let request = Request::get(uri)
            .header(header::HOST, HOST)
            .body(Body::empty())
            .unwrap();
        let (status, body) = site.send(request).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert!(
            body.as_str().unwrap().contains(&format!(
                "<head><meta name=\"sitegen-edit-token\" content=\"{TOKEN}\">"
            )),
            "{uri}: {body}"
        );
    }
    let request = Request::get("/_edit/assets/app.js")
        .header(header::HOST, HOST)
        .body(Body::empty())
        .unwrap();
    let response = tower::ServiceExt::oneshot(site.router.clone(), request)
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .contains("javascript"));
    assert_eq!(
        response.headers()[header::X_CONTENT_TYPE_OPTIONS],
        "nosniff"
    );
    let request = Request::get("/_edit/assets/missing.js")
        .header(header::HOST, HOST)
        .body(Body::empty())
        .unwrap();
    assert_eq!(site.send(request).await.0, StatusCode::NOT_FOUND);
}
