//! A router over a copy of the valid fixture site, and requests through it without a
//! network (`oneshot`).

#![allow(dead_code)]

use std::path::PathBuf;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use serde_json::Value as Json;
use sitegen_editor::{Check, EditorOptions, TOKEN_HEADER};
use tower::ServiceExt;

pub const TOKEN: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
pub const HOST: &str = "127.0.0.1:8080";

/// A copy of the valid site (`content/`, an empty `web/`) and the editor over it.
pub struct Site {
    pub dir: tempfile::TempDir,
    pub content: PathBuf,
    pub web: PathBuf,
    pub router: Router,
}

impl Site {
    pub fn new() -> Site {
        Site::listening_on("127.0.0.1:8080")
    }

    pub fn listening_on(addr: &str) -> Site {
        let dir = tempfile::tempdir().unwrap();
        let content = dir.path().join("content");
        sitegen_content::testing::copy_dir(
            &sitegen_content::testing::valid_content_dir(),
            &content,
        );
        let web = dir.path().join("web");
        std::fs::create_dir_all(&web).unwrap();
        let router = sitegen_editor::router(EditorOptions {
            content_dir: content.clone(),
            web_dir: web.clone(),
            load: Default::default(),
            // The command line's checker: its memory of the last save is then tested
            // by every save of these tests.
            check: {
                let checker = sitegen_render::SaveChecker::default();
                Check::new(move |content, load, texts| checker.check(content, load, texts))
            },
            token: TOKEN.to_string(),
            addr: addr.parse().unwrap(),
        });
        Site {
            dir,
            content,
            web,
            router,
        }
    }

    pub fn read(&self, file: &str) -> String {
        std::fs::read_to_string(self.content.join(file)).unwrap()
    }

    pub fn write(&self, file: &str, text: &str) {
        std::fs::write(self.content.join(file), text).unwrap()
    }

    /// Sends `request` and returns its status and body (JSON, or a string).
    pub async fn send(&self, request: Request<Body>) -> (StatusCode, Json) {
        let response = self.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        let body = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Json::String(String::from_utf8_lossy(&bytes).into_owned()));
        (status, body)
    }

    /// A GET as the editor's page sends it.
    pub async fn get(&self, uri: &str) -> (StatusCode, Json) {
        self.send(api(Method::GET, uri).body(Body::empty()).unwrap())
            .await
    }

    /// A POST of JSON as the editor's page sends it.
    pub async fn post(&self, uri: &str, body: Json) -> (StatusCode, Json) {
        self.send(
            api(Method::POST, uri)
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(body.to_string()))
                .unwrap(),
        )
        .await
    }

    pub async fn save(&self, body: Json) -> (StatusCode, Json) {
        self.post("/_edit/api/save", body).await
    }
}

/// A request with the headers the editor's page sends: its Host, Origin and token.
pub fn api(method: Method, uri: &str) -> axum::http::request::Builder {
    Request::builder()
        .method(method)
        .uri(uri)
        .header(header::HOST, HOST)
        .header(header::ORIGIN, format!("http://{HOST}"))
        .header(TOKEN_HEADER, TOKEN)
}
