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
pub mod fault;
pub mod interrupt;
pub mod media;
pub mod out_dir;
pub mod output;
pub mod parallel;
pub mod prerender;
pub mod progress;
pub mod redirects;
pub mod routes;
pub mod seo;
pub mod shell;
pub mod webapp;

use std::convert::Infallible;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::json;
use sitegen_content::{view, Diagnostic, LoadReport};

use crate::output::Staging;
use crate::prerender::Prerenderer;
use crate::progress::{Progress, Stage};
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
    /// How many pages to prerender (and files to compress and check) at once; `None`
    /// for [`parallel::worker_count`]'s default (the cores, or `SITEGEN_JOBS`).
    pub jobs: Option<NonZeroUsize>,
    /// Replaces site.toml's `base_url` in canonical links, Open Graph URLs, JSON-LD,
    /// `sitemap.xml` and `robots.txt` (a branch preview that points at itself).
    pub base_url: Option<sitegen_content::HttpUrl>,
    /// Publish the drafts too, marked as such (`--drafts`, `sitegen serve`); a
    /// production build leaves them out everywhere.
    pub drafts: bool,
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
    /// `node` could not be started.
    #[error("could not start node ({source}): is Node.js (20.19 or later) installed and on PATH?")]
    NodeMissing {
        #[source]
        source: std::io::Error,
    },
    /// A render worker ended with a failure status after its last route.
    #[error("the prerender worker exited with {status}")]
    WorkerExited { status: std::process::ExitStatus },
    /// A render worker did not exit after its last route and was killed.
    #[error("the prerender worker (process {pid}) did not exit within {waited} of its last route, so it was killed")]
    WorkerDidNotExit { pid: u32, waited: String },
    /// A page rendered a module the web build's manifest does not hold: the route table
    /// and the web build disagree.
    #[error("prerendering {url:?}: module {module:?} is not in Vite's manifest (run `sitegen gen`, or rebuild the web app)")]
    ManifestMissingModule { url: String, module: String },
    #[error("template error: {0}")]
    Template(String),
    /// A media file the content check accepted fails to decode for its WebP variants.
    #[error("{}: cannot decode the image for its WebP variants: {source}", path.display())]
    Media {
        path: PathBuf,
        #[source]
        source: image::ImageError,
    },
    /// libwebp refused to encode a variant (it says only which of its errors).
    #[error("{}: libwebp could not encode its {width}×{height} WebP variant ({reason})", path.display())]
    WebpEncode {
        path: PathBuf,
        width: u32,
        height: u32,
        reason: String,
    },
    /// A media worker thread panicked (a bug in sitegen or a library it uses).
    #[error("a media worker stopped unexpectedly while making WebP variants")]
    MediaWorkerPanicked,
    /// Links that lead nowhere (generated HTML and web sources), all of them.
    #[error("{} broken link(s)", .0.len())]
    Links(Vec<sitegen_links::Problem>),
    /// `--out` names a folder a build must not replace; nothing was touched.
    #[error("refusing to build into {}: {problem}\n  help: {}", path.display(), problem.hint())]
    UnsafeOutput {
        path: PathBuf,
        problem: out_dir::UnsafeOutput,
    },
    /// SIGINT or SIGTERM came; the output folder was left as it was.
    #[error("interrupted")]
    Interrupted { signal: i32 },
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

/// Refuses an output folder that a build must not replace (see [`out_dir`]): the
/// content, templates or web app folder, the project folder, a file, a user's folder.
pub fn check_out_dir(options: &BuildOptions) -> Result<(), BuildError> {
    let project = out_dir::parent_of(&options.content_dir).unwrap_or_default();
    let folder = |what, path, may_hold_output| out_dir::Protected {
        what,
        path,
        may_hold_output,
    };
    out_dir::check(
        &options.out_dir,
        &[
            folder("the content folder", &options.content_dir, false),
            folder("the templates folder", &options.templates_dir, false),
            folder("the web app folder", &options.web_dir, false),
            folder("the project folder", &project, true),
        ],
    )
    .map_err(|problem| BuildError::UnsafeOutput {
        path: options.out_dir.clone(),
        problem,
    })
}

/// Builds the whole site into `options.out_dir`, atomically. A signal received on the
/// way (see [`interrupt`]) stops it with [`BuildError::Interrupted`], whatever failed
/// because of it (Ctrl-C reaches the Node workers too).
pub fn build(options: &BuildOptions) -> Result<BuildSummary, BuildError> {
    build_with_progress(options, &progress::Silent)
}

/// [`build`], telling `progress` how far its long stages are.
pub fn build_with_progress(
    options: &BuildOptions,
    progress: &dyn Progress,
) -> Result<BuildSummary, BuildError> {
    check_out_dir(options)?;
    let outcome = build_checked(options, progress);
    interrupt::check()?;
    outcome
}

fn build_checked(
    options: &BuildOptions,
    progress: &dyn Progress,
) -> Result<BuildSummary, BuildError> {
    let jobs = parallel::worker_count(options.jobs);
    let mut stages = Vec::new();
    let mut clock = Instant::now();
    let mut lap = |stages: &mut Vec<(&'static str, Duration)>, name: &'static str| {
        stages.push((name, clock.elapsed()));
        fault::point(name);
        clock = Instant::now();
        interrupt::check()
    };

    let report = sitegen_content::load(&options.content_dir);
    let (mut content, warnings) = match report.content {
        Some(content) => (content, report.diagnostics),
        None => return Err(BuildError::Content(report.diagnostics)),
    };
    if let Some(base_url) = &options.base_url {
        content.site.base_url.value = base_url.clone();
    }
    if !options.drafts {
        content.remove_drafts();
    }
    let shells = Shells::load(&options.templates_dir)?;
    // Reported together with the output's broken links, after the build.
    let source_link_problems = check_source_links(&options.web_dir);
    lap(&mut stages, "content")?;

    let web = WebApp::new(&options.web_dir).ensure_built(progress)?;
    lap(&mut stages, "web app")?;

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
    lap(&mut stages, "media")?;

    let layout_json = serde_json::Value::from(view::layout(&content)).to_string();
    staging.write("data/layout.json", &layout_json)?;
    let planned = routes::plan(&content);
    lap(&mut stages, "data")?;

    let pages = Pages {
        content: &content,
        shells: &shells,
        manifest: &web.manifest,
        staging: &staging,
        layout_in_script: shell::escape_json_for_script(&layout_json),
    };
    // The routes and 404.html.
    progress::stage(progress, Stage::Prerender, planned.len() + 1, || {
        pages.write_all(&planned, jobs, progress, || {
            Prerenderer::start(&web.prerender_script, web_dir_of(&web), &layout_json)
        })
    })?;
    lap(&mut stages, "prerender")?;

    let base_url = content.site.base_url();
    let sitemap_urls: Vec<String> = planned
        .iter()
        .filter(|route| route.in_sitemap)
        .map(|route| route.canonical(base_url))
        .collect();
    staging.write("sitemap.xml", output::sitemap(&sitemap_urls))?;
    staging.write("robots.txt", output::robots(base_url))?;
    staging.write("_redirects", redirects::rules(&content))?;
    for (path, html) in redirects::fallback_pages(&content, base_url) {
        staging.write(&path, html)?;
    }
    staging.write(
        redirects::DATA_FILE,
        redirects::client_map(&content).to_string(),
    )?;
    staging.write(
        "_headers",
        cdn::headers(&cdn::CspOrigins {
            frame: cdn::origin_of(content.site.contact.map_embed_url.as_str()),
            connect: cdn::origin_of(content.site.email.origin()),
        }),
    )?;
    lap(&mut stages, "write")?;

    let mut problems = source_link_problems;
    let outputs = sitegen_links::OutputIndex::of_dir(staging.dir());
    let route_table = sitegen_links::RouteTable::of_site();
    let html_files = outputs.pages();
    let Ok(problems_per_page) =
        progress::stage(progress, Stage::LinkCheck, html_files.len(), || {
            parallel::map_parallel(html_files.len(), jobs, |index| {
                let problems = sitegen_links::check_page_file(
                    staging.dir(),
                    html_files[index],
                    &options.out_dir,
                    &outputs,
                    &route_table,
                );
                progress.advance();
                Ok::<_, Infallible>(problems)
            })
        });
    problems.extend(problems_per_page.into_iter().flatten());
    if !problems.is_empty() {
        return Err(BuildError::Links(problems));
    }
    lap(&mut stages, "link check")?;

    cdn::precompress(staging.dir(), jobs, progress)?;
    lap(&mut stages, "compress")?;
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

/// What every page of a build shares, and the writing of one page.
struct Pages<'a> {
    content: &'a sitegen_content::Content,
    shells: &'a Shells,
    manifest: &'a webapp::Manifest,
    staging: &'a Staging,
    /// The layout JSON, escaped for a `<script>` once for all pages.
    layout_in_script: String,
}

impl Pages<'_> {
    /// Writes every planned route (data chunk and page) and `404.html`, prerendering on
    /// up to `jobs` workers made by `start_worker`. Each page depends only on its route,
    /// so the files are the same whatever the number of workers.
    fn write_all(
        &self,
        planned: &[PlannedRoute],
        jobs: usize,
        progress: &dyn Progress,
        start_worker: impl Fn() -> Result<Prerenderer, BuildError> + Sync,
    ) -> Result<(), BuildError> {
        let (_, mut workers) =
            parallel::run_queue(planned.len(), jobs, &start_worker, |worker, index| {
                self.write_route(worker, &planned[index])?;
                progress.advance();
                Ok(())
            })?;
        let mut last = match workers.pop() {
            Some(worker) => worker,
            None => start_worker()?,
        };
        self.write_not_found(&mut last)?;
        progress.advance();
        for worker in workers.into_iter().chain([last]) {
            worker.finish()?;
        }
        Ok(())
    }

    /// Writes a planned route's data chunk and its prerendered page.
    fn write_route(
        &self,
        worker: &mut Prerenderer,
        route: &PlannedRoute,
    ) -> Result<(), BuildError> {
        fault::point("rendering");
        interrupt::check()?;
        let route_json = route.route_data(self.content.site.base_url()).to_string();
        self.staging.write(&route.data_file(), &route_json)?;
        let rendered = worker.render(&routes::encode_path(&route.path), &route_json)?;
        if rendered.status != 200 {
            return Err(BuildError::Prerender {
                url: route.path.clone(),
                message: format!(
                    "the app answered status {} for a planned route: the web route table and \
                     the planned routes disagree (is web/src/app/route-table.gen.ts stale? \
                     run `sitegen gen`)",
                    rendered.status
                ),
            });
        }
        let canonical = route.canonical(self.content.site.base_url());
        let html = self.shells.page(&PageShell {
            lang: "en",
            title: &route.title,
            description: &route.description,
            canonical: &canonical,
            og_image: seo::share_image(self.content, route).as_ref(),
            site_name: self.content.site.name(),
            noindex: is_block_route(route),
            assets: &head_assets(self.manifest, &rendered, &route.path)?,
            body: &rendered.html,
            data_json: PageShell::embed_data(
                Some(&route.path),
                &self.layout_in_script,
                &route_json,
            ),
            json_ld: seo::script_texts(&seo::json_ld(self.content, route)),
        })?;
        self.staging.write(&route.html_file(), html)
    }

    /// Writes `404.html`: the app's not-found screen, which the client renders afresh
    /// for whatever URL the host served it at.
    fn write_not_found(&self, worker: &mut Prerenderer) -> Result<(), BuildError> {
        let site = &self.content.site;
        let title = format!("404 - Page Not Found | {}", site.name());
        let route_json = json!({
            "meta": { "title": title, "description": site.description(), "path": routes::NOT_FOUND_URL, "canonical": "" },
            "page": {},
        })
        .to_string();
        let rendered = worker.render(routes::NOT_FOUND_URL, &route_json)?;
        if rendered.status != 404 {
            return Err(BuildError::Prerender {
                url: routes::NOT_FOUND_URL.into(),
                message: format!(
                    "expected the not-found screen (404), got {}",
                    rendered.status
                ),
            });
        }
        let html = self.shells.page(&PageShell {
            lang: "en",
            title: &title,
            description: site.description(),
            canonical: "",
            og_image: seo::default_share_image(self.content).as_ref(),
            site_name: site.name(),
            noindex: true,
            assets: &head_assets(self.manifest, &rendered, routes::NOT_FOUND_URL)?,
            body: &rendered.html,
            data_json: PageShell::embed_data(None, &self.layout_in_script, &route_json),
            json_ld: Vec::new(),
        })?;
        self.staging.write("404.html", html)
    }
}

fn web_dir_of(web: &webapp::WebBuild) -> &Path {
    // scripts/prerender.mjs lives in web/scripts: the worker runs from web/.
    web.prerender_script
        .parent()
        .and_then(Path::parent)
        .unwrap_or_else(|| Path::new("."))
}

fn is_block_route(route: &PlannedRoute) -> bool {
    sitegen_content::ROUTES.iter().any(|declared| {
        declared.kind == sitegen_content::RouteKind::Block && declared.pattern == route.path
    })
}

fn head_assets(
    manifest: &webapp::Manifest,
    rendered: &prerender::Rendered,
    url: &str,
) -> Result<webapp::HeadAssets, BuildError> {
    manifest
        .head_assets(&rendered.modules)
        .map_err(
            |webapp::MissingModule(module)| BuildError::ManifestMissingModule {
                url: url.to_string(),
                module,
            },
        )
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use walkdir::WalkDir;

    use super::*;

    fn repo() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    /// Every file under `dir` with its bytes.
    fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
        WalkDir::new(dir)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|entry| entry.file_type().is_file())
            .map(|entry| {
                let relative = entry.path().strip_prefix(dir).unwrap().to_path_buf();
                (relative, std::fs::read(entry.path()).unwrap())
            })
            .collect()
    }

    /// Counts the items reported done.
    #[derive(Default)]
    struct CountingProgress {
        advanced: std::sync::atomic::AtomicUsize,
    }

    impl Progress for CountingProgress {
        fn step(&self, _: &str) {}
        fn begin(&self, _: Stage, _: usize) {}
        fn advance(&self) {
            self.advanced
                .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
        fn end(&self) {}
    }

    #[test]
    fn pages_are_the_same_bytes_whatever_the_number_of_workers() {
        let content = sitegen_content::load(&repo().join("content"))
            .content
            .expect("the real content loads");
        let shells = Shells::load(&repo().join("templates")).unwrap();
        let manifest = webapp::Manifest::parse(
            r#"{"src/entry-client.tsx":{"file":"assets/e.js","isEntry":true}}"#,
        )
        .unwrap();
        let layout_json = serde_json::Value::from(view::layout(&content)).to_string();
        let planned = routes::plan(&content);
        let tmp = tempfile::tempdir().unwrap();
        let script = prerender::fake_worker(tmp.path());

        let mut outputs = Vec::new();
        for jobs in [1, 3] {
            let progress = CountingProgress::default();
            let staging = Staging::new(&tmp.path().join(format!("out-{jobs}"))).unwrap();
            let pages = Pages {
                content: &content,
                shells: &shells,
                manifest: &manifest,
                staging: &staging,
                layout_in_script: shell::escape_json_for_script(&layout_json),
            };
            pages
                .write_all(&planned, jobs, &progress, || {
                    Prerenderer::start(&script, tmp.path(), &layout_json)
                })
                .unwrap();
            assert_eq!(
                progress.advanced.load(std::sync::atomic::Ordering::SeqCst),
                planned.len() + 1,
                "one step per route and one for 404.html"
            );
            outputs.push(snapshot(staging.dir()));
        }
        assert_eq!(
            outputs[0].len(),
            planned.len() * 2 + 2,
            "a page and a chunk per route, 404.html and the output marker"
        );
        let product = planned
            .iter()
            .find(|route| route.product.is_some())
            .unwrap();
        let page = String::from_utf8(outputs[1][Path::new(&product.html_file())].clone()).unwrap();
        assert!(
            page.contains(&format!("<p>{}|", routes::encode_path(&product.path))),
            "{page}"
        );
        assert!(page.contains(r#""@type":"Product""#), "{page}");
        assert!(
            outputs[0] == outputs[1],
            "1 and 3 workers wrote different files"
        );
    }
}
