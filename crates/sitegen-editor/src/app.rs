//! The front end: `web/dist/editor/` at `/_edit`, its page given the run's token.

use std::sync::Arc;

use axum::extract::{Path as UrlPath, State};
use axum::http::{header, StatusCode, Uri};
use axum::response::{Html, IntoResponse, Response};

use crate::guard::query_has_token;
use crate::read::{blocking, inside};
use crate::{ApiError, Editor};

/// Where the front end's build is, under the web app's folder.
pub const EDITOR_BUILD: &str = "dist/editor";

/// Shown at `/_edit` while the front end is not built.
const NOT_BUILT: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>The editor is not built</title></head><body><main><h1>The editor is not built</h1><p>The browser editor's page is missing (<code>web/dist/editor/index.html</code>). Build it with <code>npm run build:editor</code> in the <code>web</code> folder, then reload this page. <code>sitegen serve</code> builds it right after the site's first build, when Node.js and npm are installed.</p></main></body></html>";

/// `GET /_edit`: the editor's page with the token in a meta element.
pub(crate) async fn page(State(editor): State<Arc<Editor>>, uri: Uri) -> Response {
    serve_page(&editor, &uri).await
}

async fn serve_page(editor: &Arc<Editor>, uri: &Uri) -> Response {
    let options = &editor.options;
    if options.page_needs_token() && !query_has_token(uri.query(), &options.token) {
        return ApiError::forbidden(
            "open the editor at the address sitegen serve printed: it carries the token",
        )
        .into_response();
    }
    let index = options.web_dir.join(EDITOR_BUILD).join("index.html");
    let Ok(html) = tokio::fs::read_to_string(&index).await else {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            [(header::CACHE_CONTROL, "no-store")],
            Html(with_token(NOT_BUILT, &options.token)),
        )
            .into_response();
    };
    (
        [(header::CACHE_CONTROL, "no-store")],
        Html(with_token(&html, &options.token)),
    )
        .into_response()
}

/// `html` with `<meta name="sitegen-edit-token" content="TOKEN">` at the start of its
/// head (or of the document, without one).
pub fn with_token(html: &str, token: &str) -> String {
    let meta = format!("<meta name=\"sitegen-edit-token\" content=\"{token}\">");
    match html.find("<head>") {
        Some(at) => format!("{}{meta}{}", &html[..at + 6], &html[at + 6..]),
        None => format!("{meta}{html}"),
    }
}

/// `GET /_edit/PATH`: a file of the front end's build; a path without an extension is
/// a screen of the front end, which its page shows.
pub(crate) async fn asset(
    State(editor): State<Arc<Editor>>,
    UrlPath(path): UrlPath<String>,
    uri: Uri,
) -> Response {
    let last = path.rsplit('/').next().unwrap_or_default();
    if !last.contains('.') {
        return serve_page(&editor, &uri).await;
    }
    let folder = editor.options.web_dir.join(EDITOR_BUILD);
    let found = blocking(move || {
        let full = inside(&folder, &path)?;
        let bytes = std::fs::read(&full)
            .map_err(|_| ApiError::not_found(format!("{path} is not a file")))?;
        Ok((mime_guess::from_path(&full).first_or_octet_stream(), bytes))
    })
    .await;
    match found {
        Ok((mime, bytes)) => (
            [
                (header::CONTENT_TYPE, mime.to_string()),
                (header::CACHE_CONTROL, "no-cache".to_string()),
            ],
            bytes,
        )
            .into_response(),
        Err(error) => error.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_goes_first_in_the_head() {
        assert_eq!(
            with_token("<!doctype html><html><head><title>x</title></head></html>", "ab"),
            "<!doctype html><html><head><meta name=\"sitegen-edit-token\" content=\"ab\"><title>x</title></head></html>"
        );
    }
}
