//! The HTML shell around each prerendered body (`templates/page.html`, minijinja).

use std::fs;
use std::path::{Path, PathBuf};

use minijinja::Environment;
use serde::Serialize;
use serde_json::value::RawValue;
use sitegen_content::ErrorCode;
use sitegen_sitefiles::markup;
use sitegen_view::EmbeddedPageData;
use sitegen_webapp::HeadAssets;
use sitegen_workers::Key;

use crate::script_json::escape_json_for_script;
use crate::seo::ShareImage;

const PAGE_TEMPLATE: &str = "page.html";

/// What can go wrong in wrapping a page.
#[derive(Debug, thiserror::Error)]
pub enum ShellError {
    /// The template cannot be read.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The template does not compile, or fails as a page is wrapped.
    #[error("template error: {0}")]
    Template(String),
    /// The data a page embeds is not JSON (a bug: sitegen wrote that JSON itself).
    #[error("the data embedded in {page} is not valid JSON: {source}")]
    PageData {
        page: String,
        #[source]
        source: serde_json::Error,
    },
}

impl ShellError {
    /// The catalogue's code of the failure.
    pub fn code(&self) -> ErrorCode {
        match self {
            Self::Io { .. } => ErrorCode::BuildIo,
            Self::Template(_) => ErrorCode::TemplateError,
            Self::PageData { .. } => ErrorCode::InternalError,
        }
    }
}

/// Everything `templates/page.html` receives (docs/data-contract.md §6).
#[derive(Debug, Serialize)]
pub struct PageShell<'a> {
    pub lang: &'a str,
    pub title: &'a str,
    pub description: &'a str,
    /// Empty for pages that have no canonical URL (the 404 page).
    pub canonical: &'a str,
    /// What the page shows when shared (`og:image`, `twitter:image` and the size).
    pub og_image: Option<&'a ShareImage>,
    pub site_name: &'a str,
    /// Pages search engines should not index (block routes, 404).
    pub noindex: bool,
    /// The entry script, stylesheets and modulepreloads.
    pub assets: &'a HeadAssets,
    /// The URL of the layout file every page shares, which the client fetches to
    /// hydrate (on the entry script's `data-layout`).
    pub layout_url: &'a str,
    pub body: &'a str,
    pub data_json: String,
    /// The page's JSON-LD blocks, already escaped for a `<script>` element.
    pub json_ld: Vec<String>,
}

impl PageShell<'_> {
    /// The page's [`EmbeddedPageData`] as script-safe JSON, for `data_json`; `path` is
    /// `None` for the 404 page, which the client renders afresh for whatever URL it was
    /// served at; `route_json` is the route's `RouteData` as JSON.
    pub fn embed_data(path: Option<&str>, route_json: &str) -> Result<String, ShellError> {
        let page = || path.unwrap_or("the 404 page").to_string();
        let data = EmbeddedPageData {
            path,
            route: serde_json::from_str::<&RawValue>(route_json).map_err(|source| {
                ShellError::PageData {
                    page: page(),
                    source,
                }
            })?,
        };
        let json = serde_json::to_string(&data).map_err(|source| ShellError::PageData {
            page: page(),
            source,
        })?;
        Ok(escape_json_for_script(&json))
    }
}

/// The loaded templates.
pub struct Shells {
    env: Environment<'static>,
    /// The key of the template's source.
    fingerprint: Key,
}

impl Shells {
    /// Loads the templates from `dir`.
    pub fn load(dir: &Path) -> Result<Self, ShellError> {
        let path = dir.join(PAGE_TEMPLATE);
        let source = fs::read_to_string(&path).map_err(|source| ShellError::Io {
            path: path.clone(),
            source,
        })?;
        let mut env = Environment::new();
        env.set_formatter(escape_html_formatter);
        let fingerprint = Key::of(&[source.as_bytes()]);
        env.add_template_owned(PAGE_TEMPLATE, source)
            .map_err(|e| ShellError::Template(format!("{}: {e}", path.display())))?;
        Ok(Self { env, fingerprint })
    }

    /// The key of the templates: a page wrapped by other templates is another page.
    pub fn fingerprint(&self) -> &Key {
        &self.fingerprint
    }

    pub fn page(&self, shell: &PageShell<'_>) -> Result<String, ShellError> {
        self.env
            .get_template(PAGE_TEMPLATE)
            .and_then(|template| template.render(shell))
            .map_err(|e| ShellError::Template(format!("{PAGE_TEMPLATE}: {e:#}")))
    }
}

/// Escapes `& < > " '` in values that are not marked safe. minijinja's default also
/// escapes `/`, which is valid but turns every URL into `&#x2f;assets&#x2f;…`.
fn escape_html_formatter(
    out: &mut minijinja::Output<'_>,
    _state: &minijinja::State<'_, '_>,
    value: &minijinja::Value,
) -> Result<(), minijinja::Error> {
    let io = |e: std::fmt::Error| {
        minijinja::Error::new(minijinja::ErrorKind::WriteFailure, e.to_string())
    };
    if value.is_safe() || value.is_none() || value.is_undefined() {
        if !(value.is_none() || value.is_undefined()) {
            write!(out, "{value}").map_err(io)?;
        }
        return Ok(());
    }
    let escaped = markup::escape(&value.to_string());
    out.write_str(&escaped).map_err(io)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    #[test]
    fn script_closing_tags_in_data_are_escaped() {
        let route = r#"{"title":"</script><script>alert(1)</script>"}"#;
        let embedded = PageShell::embed_data(Some("/<x>"), route).unwrap();
        assert!(!embedded.contains('<'), "{embedded}");
        let back: Value = serde_json::from_str(&embedded).unwrap();
        assert_eq!(back["route"]["title"], "</script><script>alert(1)</script>");
        assert_eq!(back["path"], "/<x>");
    }

    #[test]
    fn embedded_data_is_the_json_of_path_and_route_without_the_layout() {
        let route = "{\"meta\":{\"title\":\"T\u{2028}\"},\"page\":[1,2]}";
        let whole = format!("{{\"path\":null,\"route\":{route}}}");
        assert_eq!(
            PageShell::embed_data(None, route).unwrap(),
            escape_json_for_script(&whole)
        );
    }

    #[test]
    fn route_data_that_is_not_json_fails_the_page_rather_than_breaking_it() {
        let error = PageShell::embed_data(Some("/x"), "{\"meta\":").unwrap_err();
        assert!(
            matches!(&error, ShellError::PageData { page, .. } if page == "/x"),
            "{error}"
        );
    }

    #[test]
    fn the_page_template_escapes_text_and_keeps_the_body() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../templates");
        let shells = Shells::load(&dir).unwrap();
        let html = shells
            .page(&PageShell {
                lang: "en",
                title: "Tom & Jerry <b>",
                description: "d",
                canonical: "https://www.example.com/x",
                og_image: Some(&ShareImage {
                    url: "https://www.example.com/media/p.1a2b3c4d.png?a=1&b=2".into(),
                    width: 1200,
                    height: 630,
                    mime_type: "image/png",
                    alt: "Tom & Jerry".into(),
                }),
                site_name: "S",
                noindex: false,
                assets: &HeadAssets {
                    entry_script: "/assets/entry.js".into(),
                    stylesheets: vec!["/assets/a.css".into()],
                    modulepreloads: vec![],
                },
                layout_url: "/assets/layout.1a2b3c4d.json",
                body: "<main>hi</main>",
                data_json: "{}".into(),
                json_ld: vec![r#"{"@type":"Thing"}"#.into()],
            })
            .unwrap();
        assert!(
            html.contains("<title>Tom &amp; Jerry &lt;b&gt;</title>"),
            "{html}"
        );
        assert!(html.contains(r#"<div id="root"><main>hi</main></div>"#));
        assert!(
            html.contains(r#"data-layout="/assets/layout.1a2b3c4d.json""#),
            "{html}"
        );
        assert!(
            html.contains(r#"<link rel="stylesheet" href="/assets/a.css">"#),
            "{html}"
        );
        assert!(html.contains(r#"<link rel="canonical" href="https://www.example.com/x">"#));
        assert!(!html.contains("noindex"));
        let image = "https://www.example.com/media/p.1a2b3c4d.png?a=1&amp;b=2";
        for meta in [
            format!(r#"<meta property="og:image" content="{image}">"#),
            r#"<meta property="og:image:width" content="1200">"#.to_string(),
            r#"<meta property="og:image:height" content="630">"#.to_string(),
            r#"<meta property="og:image:type" content="image/png">"#.to_string(),
            format!(r#"<meta name="twitter:image" content="{image}">"#),
            r#"<meta property="og:image:alt" content="Tom &amp; Jerry">"#.to_string(),
            r#"<meta name="twitter:image:alt" content="Tom &amp; Jerry">"#.to_string(),
        ] {
            assert!(html.contains(&meta), "{meta} missing in {html}");
        }
        assert!(html.contains(r#"<script type="application/ld+json">{"@type":"Thing"}</script>"#));
    }
}
