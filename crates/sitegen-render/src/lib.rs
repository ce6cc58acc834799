//! `sitegen-render` turns validated content into the built site.
//!
//! It plans the routes (the route table × the content), writes the JSON chunks React
//! reads, builds the web app when its sources changed, prerenders every route through
//! one Node process, wraps each body in the HTML shell, writes `404.html`, the sitemap,
//! `robots.txt` and `_redirects`, and swaps the result into the output folder only when
//! everything succeeded.
//!
//! It does not load or validate content (`sitegen-content`) and does not serve the site
//! (`sitegen-serve`).

pub mod cdn;
pub mod media;
pub mod output;
pub mod prerender;
pub mod routes;
pub mod seo;
pub mod shell;
pub mod webapp;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::json;
use sitegen_content::{view, Diagnostic, LoadReport};

use crate::output::Staging;
use crate::prerender::Prerenderer;
use crate::routes::PlannedRoute;
use crate::shell::{PageShell, Shells};
use crate::webapp::WebApp;

/// Where a build reads from and writes to.
#[derive(Debug, Clone)]
pub struct BuildOptions {
    pub content_dir: PathBuf,
    pub out_dir: PathBuf,
    pub web_dir: PathBuf,
    pub templates_dir: PathBuf,
}

/// What went wrong in a build. Content errors are reported all at once.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error("{} error(s) in the content", .0.iter().filter(|d| d.severity == sitegen_content::Severity::Error).count())]
    Content(Vec<Diagnostic>),
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("the web app failed at `{step}`:\n{output}")]
    Web { step: String, output: String },
    #[error("prerendering {url:?} failed: {message}")]
    Prerender { url: String, message: String },
    #[error("template error: {0}")]
    Template(String),
    /// Links that lead nowhere (generated HTML and web sources), all of them.
    #[error("{} broken link(s)", .0.len())]
    Links(Vec<sitegen_links::Problem>),
}

impl BuildError {
    pub(crate) fn io(path: &Path, source: std::io::Error) -> Self {
        Self::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// What a successful build did.
#[derive(Debug)]
pub struct BuildSummary {
    pub routes: usize,
    pub files: usize,
    pub bytes: u64,
    /// Wall time of each stage, in order.
    pub stages: Vec<(&'static str, Duration)>,
    /// False when the previous web build was reused.
    pub web_rebuilt: bool,
    /// Content warnings (the build still succeeded).
    pub warnings: Vec<Diagnostic>,
}

/// Loads and validates the content without writing anything (`sitegen check`).
pub fn check(content_dir: &Path) -> LoadReport {
    sitegen_content::load(content_dir)
}

/// Checks the route literals of the web app's sources (`WEB/src`) against the route
/// table (`sitegen check` and `sitegen build`); problems name files as `WEB/src/…`.
pub fn check_source_links(web_dir: &Path) -> Vec<sitegen_links::Problem> {
    let src = web_dir.join("src");
    sitegen_links::check_sources(&src, &src, &sitegen_links::RouteTable::of_site())
}

/// Builds the whole site into `options.out_dir`, atomically.
pub fn build(options: &BuildOptions) -> Result<BuildSummary, BuildError> {
    let mut stages = Vec::new();
    let mut clock = Instant::now();
    let mut lap = |stages: &mut Vec<(&'static str, Duration)>, name: &'static str| {
        stages.push((name, clock.elapsed()));
        clock = Instant::now();
    };

    let report = sitegen_content::load(&options.content_dir);
    let (mut content, warnings) = match report.content {
        Some(content) => (content, report.diagnostics),
        None => return Err(BuildError::Content(report.diagnostics)),
    };
    let shells = Shells::load(&options.templates_dir)?;
    // Reported together with the output's broken links, after the build.
    let source_link_problems = check_source_links(&options.web_dir);
    lap(&mut stages, "content");

    let web = WebApp::new(&options.web_dir).ensure_built()?;
    lap(&mut stages, "web app");

    let staging = Staging::new(&options.out_dir)?;
    staging.copy_tree(&web.client_dir)?;
    for media in content.media.files() {
        staging.copy_file(&media.source, &media.output)?;
    }
    // Before the views: it drops the variants that are not worth shipping.
    media::write_variants(
        &mut content.media,
        &staging,
        &media::cache_dir(&options.content_dir),
    )?;
    lap(&mut stages, "media");

    let layout = view::layout(&content);
    staging.write("data/layout.json", layout.to_string())?;
    let planned = routes::plan(&content);
    let base_url = content.site.base_url();
    for route in &planned {
        staging.write(&route.data_file(), route.route_data(base_url).to_string())?;
    }
    lap(&mut stages, "data");

    let site_name = content.site.name();
    let og_image = content
        .site
        .og_image_output()
        .map(|output| format!("{}/{output}", base_url.trim_end_matches('/')));
    let mut prerenderer = Prerenderer::start(&web.prerender_script, web_dir_of(&web))?;
    for route in &planned {
        let route_data = route.route_data(base_url);
        let rendered = prerenderer.render(
            &routes::encode_path(&route.path),
            &json!({ "layout": &layout, "route": &route_data }),
        )?;
        if rendered.status != 200 {
            return Err(BuildError::Prerender {
                url: route.path.clone(),
                message: format!(
                    "the app answered status {} for a planned route: the web route table and \
                     the planned routes disagree",
                    rendered.status
                ),
            });
        }
        let assets = head_assets(&web.manifest, &rendered)?;
        let html = shells.page(&PageShell {
            lang: "en",
            title: &route.title,
            description: &route.description,
            canonical: route_data["meta"]["canonical"].as_str().unwrap_or_default(),
            og_image: og_image.as_deref(),
            site_name,
            noindex: is_block_route(route),
            assets: &assets,
            body: &rendered.html,
            data_json: PageShell::embed_data(Some(&route.path), &layout, &route_data),
            json_ld: seo::script_texts(&seo::json_ld(&content, route)),
        })?;
        staging.write(&route.html_file(), html)?;
    }

    let not_found_title = format!("404 - Page Not Found | {site_name}");
    let not_found_route = json!({
        "meta": { "title": not_found_title, "description": content.site.description(), "path": routes::NOT_FOUND_URL, "canonical": "" },
        "page": {},
    });
    let rendered = prerenderer.render(
        routes::NOT_FOUND_URL,
        &json!({ "layout": &layout, "route": &not_found_route }),
    )?;
    if rendered.status != 404 {
        return Err(BuildError::Prerender {
            url: routes::NOT_FOUND_URL.into(),
            message: format!(
                "expected the not-found screen (404), got {}",
                rendered.status
            ),
        });
    }
    let assets = head_assets(&web.manifest, &rendered)?;
    let html = shells.page(&PageShell {
        lang: "en",
        title: &not_found_title,
        description: content.site.description(),
        canonical: "",
        og_image: og_image.as_deref(),
        site_name,
        noindex: true,
        assets: &assets,
        body: &rendered.html,
        data_json: PageShell::embed_data(None, &layout, &not_found_route),
        json_ld: Vec::new(),
    })?;
    staging.write("404.html", html)?;
    prerenderer.finish()?;
    lap(&mut stages, "prerender");

    let sitemap_urls: Vec<String> = planned
        .iter()
        .filter(|route| route.in_sitemap)
        .map(|route| route.canonical(base_url))
        .collect();
    staging.write("sitemap.xml", output::sitemap(&sitemap_urls))?;
    staging.write("robots.txt", output::robots(base_url))?;
    staging.write("_redirects", output::redirects(routes::ROUTE_ALIASES))?;
    staging.write(
        "_headers",
        cdn::headers(&cdn::CspOrigins {
            frame: cdn::origin_of(content.site.contact.map_embed_url.as_str()),
            connect: cdn::origin_of(content.site.email.origin()),
        }),
    )?;
    lap(&mut stages, "write");

    let mut problems = source_link_problems;
    problems.extend(sitegen_links::check_output(
        staging.dir(),
        &options.out_dir,
        &sitegen_links::RouteTable::of_site(),
    ));
    if !problems.is_empty() {
        return Err(BuildError::Links(problems));
    }
    lap(&mut stages, "link check");

    cdn::precompress(staging.dir())?;
    lap(&mut stages, "compress");
    let (files, bytes) = staging.totals();
    staging.commit()?;

    Ok(BuildSummary {
        routes: planned.len() + 1,
        files,
        bytes,
        stages,
        web_rebuilt: web.rebuilt,
        warnings,
    })
}

fn web_dir_of(web: &webapp::WebBuild) -> &Path {
    // scripts/prerender.mjs lives in web/scripts: the worker runs from web/.
    web.prerender_script
        .parent()
        .and_then(Path::parent)
        .unwrap_or_else(|| Path::new("."))
}

fn is_block_route(route: &PlannedRoute) -> bool {
    routes::BLOCK_ROUTES.contains(&route.path.as_str())
}

fn head_assets(
    manifest: &webapp::Manifest,
    rendered: &prerender::Rendered,
) -> Result<webapp::HeadAssets, BuildError> {
    manifest
        .head_assets(&rendered.modules)
        .map_err(|message| BuildError::Prerender {
            url: String::new(),
            message,
        })
}
