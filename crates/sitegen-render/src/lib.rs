//! `sitegen-render` turns validated content into the built site.
//!
//! It plans the routes (the route table × the content), writes the JSON chunks React
//! reads, builds the web app when its sources changed, prerenders the routes on Node
//! workers (only those whose inputs changed since the renders in the build cache,
//! [`cache`]), wraps each body in the HTML shell, writes `404.html`, the sitemap,
//! `robots.txt` and `_redirects`, and moves the result into the output folder only when
//! everything succeeded: a whole new site swapped in, or, into the folder the last build
//! left untouched ([`record`]), only the files that changed. A [`Builder::warm`]
//! builder (`sitegen serve`) keeps its workers, last renders and output's manifest in
//! memory between builds.
//!
//! It does not load or validate content (`sitegen-content`) and does not serve the site
//! (`sitegen-serve`).

pub(crate) mod cache;
pub(crate) mod cdn;
mod error;
pub mod hosts;
pub(crate) mod out_dir;
pub(crate) mod output;
pub(crate) mod page_links;
pub mod progress;
pub(crate) mod record;
pub mod redirects;
pub(crate) mod render_cache;
pub mod routes;
mod script_json;
pub(crate) mod search_index;
pub(crate) mod seo;
pub(crate) mod shell;
mod stages;
pub(crate) mod webapp;

use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use sitegen_content::{Diagnostic, LoadOptions, LoadReport};
use sitegen_media::{share, variants};
use sitegen_view as view;
use sitegen_workers::prerender::{self, Prerenderer};
use sitegen_workers::worker_pool::{self, Affinity, PoolWorkers, WorkerPool};
use sitegen_workers::{fault, interrupt, parallel, WorkerError};

pub use crate::error::BuildError;

use crate::cache::{BuildCache, Key};
use crate::output::Staging;
use crate::page_links::PageLinks;
use crate::progress::{Progress, Stage};
use crate::record::{FolderId, PageKeys};
use crate::render_cache::RenderCache;
use crate::routes::PlannedRoute;
use crate::shell::{PageShell, Shells};
use crate::webapp::{LockedWebApp, WebApp};

/// Where a build reads from and writes to.
#[derive(Debug, Clone)]
pub struct BuildOptions {
    pub content_dir: PathBuf,
    pub out_dir: PathBuf,
    pub web_dir: PathBuf,
    pub templates_dir: PathBuf,
    /// How many pages to prerender (and files to compress and check) at once; `None`
    /// for [`parallel::worker_count`]'s default (the cores, at most 8).
    pub jobs: Option<NonZeroUsize>,
    /// Replaces site.toml's `base_url` in canonical links, Open Graph URLs, JSON-LD,
    /// `sitemap.xml` and `robots.txt` (a branch preview that points at itself).
    pub base_url: Option<sitegen_content::HttpUrl>,
    /// Publish the drafts too, marked as such (`--drafts`, `sitegen serve`); a
    /// production build leaves them out everywhere.
    pub drafts: bool,
    /// Reuse what earlier builds computed (see [`cache`]); false for `--no-cache`, which
    /// computes everything afresh and refills the cache.
    pub reuse_cache: bool,
    /// Write the `.br` / `.gz` twins of every text file, for hosts that serve them but
    /// do not compress (`sitegen build --precompress`). Without it only the web
    /// bundle's files have twins (made once per bundle). A live `sitegen serve` never
    /// does: its preview is not deployed, and it updates its output in place.
    pub precompress: bool,
    /// How long a prerender worker may take to answer one route before it is taken
    /// as hung and killed.
    pub worker_timeout: Duration,
    /// The limits the content is checked against.
    pub load: LoadOptions,
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
    /// How many routes the Node workers rendered; the others came from the cache.
    pub prerendered: usize,
    /// The pages (`.html` files relative to the output) that differ from the previous
    /// build's, for a [`Builder::warm`] builder whose web app was not rebuilt; `None`
    /// when every page must be taken as changed.
    pub changed_pages: Option<Vec<String>>,
    /// For a build that updated its output in place ([`Staging::update`]): what it
    /// changed there; `None` for a whole new site.
    pub in_place: Option<output::Changes>,
    /// Content warnings (the build still succeeded).
    pub warnings: Vec<Diagnostic>,
}

/// Loads and validates the content without writing anything (`sitegen check`), also
/// by the rules that need the planned pages (the drawings pages are shared with must
/// become PNGs), for every entry, drafts included: what `build` refuses, `check`
/// refuses.
pub fn check(content_dir: &Path, load: &LoadOptions) -> LoadReport {
    let mut report = sitegen_content::load_with(content_dir, load);
    if let Some(content) = &report.content {
        let shared = seo::shared_svgs(content, &routes::plan(content));
        let problems = share::undrawable_shared_drawings(content, &shared);
        if !problems.is_empty() {
            report.diagnostics = merged(std::mem::take(&mut report.diagnostics), problems);
            report.content = None;
        }
    }
    report
}

/// `diagnostics` with `more`, sorted by path and position as a load report is.
fn merged(mut diagnostics: Vec<Diagnostic>, more: Vec<Diagnostic>) -> Vec<Diagnostic> {
    diagnostics.extend(more);
    diagnostics.sort_by(|a, b| (&a.path, a.line, a.column).cmp(&(&b.path, b.line, b.column)));
    diagnostics
}

/// Checks the route literals of the web app's sources (`WEB/src`) against the route
/// table (`sitegen check` and `sitegen build`); problems name files as `WEB/src/…`.
pub fn check_source_links(web_dir: &Path) -> Vec<Diagnostic> {
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

/// Builds one site, once (`sitegen build`) or again and again (`sitegen serve`, whose
/// builder keeps its render workers warm between builds and reports which pages
/// changed). Either way a build renders only the routes whose inputs changed since the
/// cached renders ([`cache`]).
pub struct Builder {
    options: BuildOptions,
    /// The build cache's folder, derived from the content folder ([`cache::dir_for`]).
    cache_dir: PathBuf,
    /// What a warm builder keeps between builds; `None` for a one-off build, whose
    /// workers exit with it.
    warm: Option<Mutex<WarmState>>,
}

/// What `sitegen serve` keeps between builds. Starting Node and loading the bundle
/// costs far more than rendering the few routes one edit changes, and writing the
/// thousands of files of a whole site far more than the few an edit changes.
#[derive(Default)]
struct WarmState {
    /// The web build the workers' bundle came from.
    bundle: String,
    /// Each idle worker with the key of the layout it holds.
    idle: Vec<(Prerenderer, Key)>,
    /// What the last build left in the output folder (a folder replaced by someone
    /// else since is rebuilt whole).
    output: Option<record::Output>,
    /// The last build's renders.
    renders: Renders,
}

impl Builder {
    /// A builder for one build.
    pub fn once(options: BuildOptions) -> Self {
        Self::new(options, None)
    }

    /// A builder for many builds of the same site, which keeps its workers between them.
    pub fn warm(options: BuildOptions) -> Self {
        Self::new(options, Some(Mutex::new(WarmState::default())))
    }

    fn new(options: BuildOptions, warm: Option<Mutex<WarmState>>) -> Self {
        Self {
            cache_dir: cache::dir_for(&options.content_dir),
            options,
            warm,
        }
    }

    pub fn options(&self) -> &BuildOptions {
        &self.options
    }

    /// Builds the whole site into `options.out_dir`, atomically. A signal received on
    /// the way (see [`interrupt`]) stops it with [`BuildError::Interrupted`], whatever
    /// failed because of it (Ctrl-C reaches the Node workers too).
    pub fn build(&self, progress: &dyn Progress) -> Result<BuildSummary, BuildError> {
        self.build_watched(progress, &|| false)
    }

    /// Builds the site, unless `sources_changed` answers, once the content and the
    /// templates have been read, that a save arrived meanwhile: a file read half-way
    /// through its save would make a site of neither version. Then nothing is written
    /// and [`BuildError::SourcesChanged`] asks for the build that save starts.
    pub fn build_watched(
        &self,
        progress: &dyn Progress,
        sources_changed: &dyn Fn() -> bool,
    ) -> Result<BuildSummary, BuildError> {
        check_out_dir(&self.options)?;
        let outcome = self.build_checked(progress, sources_changed);
        interrupt::check()?;
        outcome
    }

    fn build_checked(
        &self,
        progress: &dyn Progress,
        sources_changed: &dyn Fn() -> bool,
    ) -> Result<BuildSummary, BuildError> {
        let options = &self.options;
        let jobs = parallel::worker_count(options.jobs);
        let mut stages = Vec::new();
        let mut clock = Instant::now();
        let mut lap = |stages: &mut Vec<(&'static str, Duration)>, name: &'static str| {
            stages.push((name, clock.elapsed()));
            fault::point(name);
            clock = Instant::now();
            interrupt::check()
        };

        // Locked before the content loads, so that the first prerender worker boots
        // meanwhile (Node and the bundle: ~0.15 s) and nothing rebuilds the bundle it
        // loads. A web folder that cannot be locked is reported after the content.
        let web_app = WebApp::new(&options.web_dir).lock();
        let booting = web_app.as_ref().ok().and_then(|web| self.boot_worker(web));
        let recorded_output = self.start_reading_recorded_output();
        let (mut content, mut warnings) = stages::load_content(options)?;
        // Planned once, before anything is written: the rule `check` applies to every
        // entry (drafts too) applies here to the pages this build publishes.
        let mut planned = routes::plan(&content);
        let mut layout_json = layout_json_of(&content);
        let shown_images = variants::keep_variants_of_shown(
            &mut content.media,
            planned.iter().map(|route| route.page.get()),
            &layout_json,
        );
        let undrawable =
            share::undrawable_shared_drawings(&content, &seo::shared_svgs(&content, &planned));
        if !undrawable.is_empty() {
            return Err(BuildError::Content(merged(warnings, undrawable)));
        }
        let shells = Shells::load(&options.templates_dir)?;
        // Reported together with the output's broken links, after the build.
        let source_link_problems = check_source_links(&options.web_dir);
        let cache = BuildCache::new(self.cache_dir.clone(), options.reuse_cache);
        lap(&mut stages, "content")?;
        if sources_changed() {
            return Err(BuildError::SourcesChanged);
        }

        let web = web_app?.ensure_built(jobs, progress)?;
        lap(&mut stages, "web app")?;

        let previous = self.previous_output(web.rebuilt, recorded_output);
        let (staging, previous_pages, previous_on_disk) = match previous {
            Some(previous) => (
                Staging::update(&options.out_dir, previous.manifest)?,
                previous.pages,
                previous.on_disk,
            ),
            None => (Staging::new(&options.out_dir)?, PageKeys::default(), None),
        };
        staging.copy_tree(&web.client_dir)?;
        for media in content.media.files() {
            staging.copy_file(&media.source, &media.output)?;
        }
        // A variant not smaller than its source is left out of the data of the pages
        // that show its image: those pages wait for their images' variants, and the
        // others are written meanwhile. The layout is in every page, so when it shows
        // one, every page waits.
        let media_cache = cache::media_dir(&self.cache_dir);
        let everything_waits = shown_images.by_layout;
        if everything_waits {
            let variants = variants::write_variants(
                &mut content.media,
                &staging,
                &media_cache,
                options.reuse_cache,
                jobs,
            )?;
            if variants.dropped > 0 {
                planned = routes::plan(&content);
                layout_json = layout_json_of(&content);
            }
        }
        lap(&mut stages, "media")?;

        let layout_file = view::layout_file(&layout_json);
        staging.write(&layout_file, &layout_json)?;
        lap(&mut stages, "data")?;

        let layout_key = Key::of(&[layout_json.as_bytes()]);
        let page_links = PageLinks::default();
        let pages = Pages {
            content: &content,
            shells: &shells,
            manifest: &web.manifest,
            staging: &staging,
            layout_url: format!("/{layout_file}"),
            renders: RenderCache::new(&cache),
            links: &page_links,
            render_inputs: Key::of(&[web.fingerprint.as_bytes(), layout_key.as_str().as_bytes()]),
            prerendered: AtomicUsize::new(0),
            remembered: self.take_renders(),
            to_remember: self.warm.as_ref().map(|_| Mutex::default()),
            precompress: options.precompress,
            previous_pages,
            page_keys: Mutex::default(),
        };
        let mut ready = self.take_idle_workers(&web.fingerprint, &layout_key, &layout_json);
        if let Some(worker) = booting {
            worker.set_layout(&layout_json);
            ready.push(worker);
        }
        let start_worker = || {
            Prerenderer::start(
                &web.prerender_script,
                web_dir_of(&web),
                &layout_json,
                options.worker_timeout,
            )
        };
        let routes = planned.len() + 1;
        let worker_limit = worker_pool::worker_limit(routes, jobs);
        let pool = WorkerPool::new(worker_limit, ready, &start_worker);
        let (waiting, not_waiting): (Vec<usize>, Vec<usize>) =
            (0..planned.len()).partition(|&index| !everything_waits && shown_images.by_page[index]);
        // The share PNGs and the awaited variants are made meanwhile, in the background
        // (the pages only name them): on every core, each taking what the workers leave.
        let drawings = seo::shared_svgs(&content, &planned);
        let (rendered, shared) = std::thread::scope(|scope| {
            let shared = scope.spawn(|| {
                parallel::in_background(|| {
                    let reuse = options.reuse_cache;
                    share::write_share_pngs(
                        &content,
                        &drawings,
                        &staging,
                        &media_cache,
                        reuse,
                        jobs,
                    )
                })
            });
            let variants = scope.spawn(|| {
                if waiting.is_empty() {
                    return Ok(variants::WrittenVariants::default());
                }
                let reuse = options.reuse_cache;
                parallel::in_background(|| {
                    variants::encode_variants(&content.media, &staging, &media_cache, reuse, jobs)
                })
            });
            let rendered = progress::stage(progress, Stage::Prerender, routes, || {
                pages.write_routes(&routes_at(&planned, &not_waiting), jobs, progress, &pool)?;
                let variants = variants
                    .join()
                    .unwrap_or(Err(BuildError::MediaWorkerPanicked))?;
                // Rare: a raster that compresses better than WebP. The pages that show
                // it are planned again without the variants left out.
                let replanned = (variants.stats.dropped > 0).then(|| {
                    let mut content = content.clone();
                    variants.drop_from(&mut content.media);
                    routes::plan(&content)
                });
                let plan = replanned.as_deref().unwrap_or(&planned);
                pages.write_routes(&routes_at(plan, &waiting), jobs, progress, &pool)?;
                pages.write_not_found(&pool, &mut Affinity::default())?;
                progress.advance();
                Ok::<_, BuildError>(variants)
            });
            let shared = shared
                .join()
                .unwrap_or(Err(BuildError::MediaWorkerPanicked));
            (rendered, shared)
        });
        let variants = rendered?;
        shared?;
        self.keep_or_finish(&web.fingerprint, &layout_key, pool.into_workers())?;
        let prerendered = pages.prerendered.into_inner();
        if let Some(renders) = pages.to_remember {
            self.remember_renders(renders.into_inner().unwrap_or_else(|p| p.into_inner()));
        }
        // Remembered with the output they describe, once it is committed.
        let page_keys = pages
            .page_keys
            .into_inner()
            .unwrap_or_else(|p| p.into_inner());
        variants.drop_from(&mut content.media);
        lap(&mut stages, "prerender")?;

        let redirect_rules = stages::write_site_files(
            options,
            &content,
            &planned,
            &staging,
            &page_links,
            jobs,
            &mut warnings,
        )?;
        lap(&mut stages, "write")?;

        let changed_pages = staging.changed_pages();
        let mut problems = source_link_problems;
        problems.extend(stages::check_links(
            options,
            &staging,
            changed_pages.as_deref(),
            page_links,
            &redirect_rules,
            jobs,
            progress,
        ));
        if !problems.is_empty() {
            return Err(BuildError::Links(problems));
        }
        lap(&mut stages, "link check")?;

        if options.precompress {
            staging.note_unlisted_files();
            cdn::precompress(staging.dir(), jobs, progress, Some(&options.out_dir))?;
            lap(&mut stages, "compress")?;
        }
        let (files, bytes) = staging.totals();
        let in_place = staging.changes();
        self.commit(staging, cache, previous_on_disk, page_keys)?;

        Ok(BuildSummary {
            routes: planned.len() + 1,
            files,
            bytes,
            stages,
            web_rebuilt: web.rebuilt,
            prerendered,
            changed_pages,
            in_place,
            warnings,
        })
    }

    /// What the output folder holds, when the build can update it in place
    /// ([`Staging::update`]): for a warm builder, what its last build left if the
    /// folder is still that one; else (a one-off build, or the first of a warm builder)
    /// what the cache records of it ([`record`]), read by `recorded`. Never when the web
    /// app was rebuilt (every page changes), nor for a build that precompresses (the
    /// page twins are not in the manifest).
    fn previous_output(
        &self,
        web_rebuilt: bool,
        recorded: Option<JoinHandle<Option<record::Output>>>,
    ) -> Option<record::Output> {
        if self.options.precompress || web_rebuilt {
            return None;
        }
        let out_dir = &self.options.out_dir;
        let remembered = self.warm.as_ref().and_then(|warm| {
            let output = warm
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .output
                .take()?;
            output.is_in(out_dir).then_some(output)
        });
        remembered.or_else(|| recorded?.join().ok().flatten())
    }

    /// Starts reading what the cache records of the output folder, when the build may
    /// update it in place and no warm builder remembers it: the record is checked
    /// against every file of the folder (0.3 s at 10,000 products), on a thread of its
    /// own while the content loads.
    fn start_reading_recorded_output(&self) -> Option<JoinHandle<Option<record::Output>>> {
        let options = &self.options;
        let remembered = self.warm.as_ref().is_some_and(|warm| {
            let warm = warm.lock().unwrap_or_else(|p| p.into_inner());
            warm.output
                .as_ref()
                .is_some_and(|output| output.is_in(&options.out_dir))
        });
        if options.precompress || !options.reuse_cache || remembered {
            return None;
        }
        let cache_dir = self.cache_dir.clone();
        let out_dir = options.out_dir.clone();
        Some(std::thread::spawn(move || {
            record::load(&cache_dir, &out_dir)
        }))
    }

    /// A warm builder's renders of its last build (taken: a failed build starts over
    /// from the cache folder).
    fn take_renders(&self) -> Renders {
        self.warm
            .as_ref()
            .map(|warm| std::mem::take(&mut warm.lock().unwrap_or_else(|p| p.into_inner()).renders))
            .unwrap_or_default()
    }

    fn remember_renders(&self, renders: Renders) {
        if let Some(warm) = &self.warm {
            warm.lock().unwrap_or_else(|p| p.into_inner()).renders = renders;
        }
    }

    /// Keeps what the output just committed holds, for the next build: a warm builder
    /// in memory, a one-off build as the output's record in the cache folder.
    /// Moves the staged site into `--out` and remembers what it holds (the record an
    /// update in place trusts, or a warm builder's memory of it), then seals the cache.
    fn commit(
        &self,
        staging: Staging,
        cache: BuildCache,
        previous_on_disk: Option<output::OnDiskFiles>,
        pages: PageKeys,
    ) -> Result<(), BuildError> {
        let out_dir = &self.options.out_dir;
        let on_disk = staging.files_on_disk(previous_on_disk);
        // Whatever happens to the output from here on, the record of it is void.
        let _ = record::forget(cache.dir(), out_dir);
        let manifest = staging.commit()?;
        let output = FolderId::of(out_dir).map(|folder| record::Output {
            folder,
            manifest,
            pages,
            on_disk,
        });
        self.remember_output(output);
        cache.finish();
        Ok(())
    }

    fn remember_output(&self, output: Option<record::Output>) {
        match (&self.warm, output) {
            (Some(warm), output) => warm.lock().unwrap_or_else(|p| p.into_inner()).output = output,
            (None, Some(output)) => record::save(&self.cache_dir, &self.options.out_dir, &output),
            (None, None) => {}
        }
    }

    /// For a warm builder (`sitegen serve`, as it stops): records its last output in
    /// the cache ([`record`]), so that the next `sitegen build` into that folder updates
    /// it in place rather than making a whole new site. A folder changed since, by
    /// anyone, voids the record as usual.
    pub fn keep_record(&self) {
        let Some(warm) = &self.warm else {
            return;
        };
        let warm = warm.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(output) = &warm.output {
            record::save(&self.cache_dir, &self.options.out_dir, output);
        }
    }

    /// The first prerender worker, started before the content is loaded when the web
    /// app is built already and no warm worker waits for it.
    fn boot_worker(&self, web: &LockedWebApp) -> Option<Prerenderer> {
        let warm_ones_wait = self.warm.as_ref().is_some_and(|warm| {
            let warm = warm.lock().unwrap_or_else(|p| p.into_inner());
            warm.bundle == web.fingerprint() && !warm.idle.is_empty()
        });
        if !web.is_built() || warm_ones_wait {
            return None;
        }
        let (script, dir) = web.prerender_worker();
        // One that cannot start is started (and its error reported) when needed.
        Prerenderer::spawn(&script, dir, self.options.worker_timeout).ok()
    }

    /// The idle warm workers that run `bundle`, each with `layout_json` (whose key is
    /// `layout`); workers of an older bundle are stopped.
    fn take_idle_workers(&self, bundle: &str, layout: &Key, layout_json: &str) -> Vec<Prerenderer> {
        let Some(warm) = &self.warm else {
            return Vec::new();
        };
        let mut warm = warm.lock().unwrap_or_else(|p| p.into_inner());
        let idle = std::mem::take(&mut warm.idle);
        if warm.bundle != bundle {
            // Dropping them kills them.
            return Vec::new();
        }
        idle.into_iter()
            .map(|(worker, held)| {
                if held != *layout {
                    worker.set_layout(layout_json);
                }
                worker
            })
            .collect()
    }

    /// After the prerender: a warm builder keeps every worker for the next build; a
    /// one-off build lets those that rendered exit, checking that they did so cleanly,
    /// and stops the others (one booted early may still be loading the bundle).
    fn keep_or_finish(
        &self,
        bundle: &str,
        layout: &Key,
        workers: PoolWorkers,
    ) -> Result<(), BuildError> {
        match &self.warm {
            Some(warm) => {
                let mut warm = warm.lock().unwrap_or_else(|p| p.into_inner());
                warm.bundle = bundle.to_string();
                warm.idle = workers
                    .used
                    .into_iter()
                    .chain(workers.unused)
                    .map(|worker| (worker, layout.clone()))
                    .collect();
                Ok(())
            }
            None => {
                for worker in workers.used {
                    worker.finish()?;
                }
                Ok(())
            }
        }
    }
}

/// What every page of a build shares, and the writing of one page.
struct Pages<'a> {
    /// The site and the routes' SEO fields. Its media index may still list variants
    /// that turn out not worth shipping: the pages read no variant from it (the
    /// routes' data, planned with the final variants, carries them).
    content: &'a sitegen_content::Content,
    shells: &'a Shells,
    manifest: &'a webapp::Manifest,
    staging: &'a Staging,
    /// The URL of the layout file, which every page names.
    layout_url: String,
    /// The renders of earlier builds, and this build's for the next.
    renders: RenderCache<'a>,
    /// The URLs of the pages written, for the link check.
    links: &'a PageLinks,
    /// What every render depends on besides its URL and route data: the bundle and the
    /// layout.
    render_inputs: Key,
    /// How many routes the workers rendered (the others came from the cache).
    prerendered: AtomicUsize,
    /// A warm builder's renders of its previous build, by key: read from memory, not
    /// from the cache folder (no file reads, no JSON parsing on a save).
    remembered: Renders,
    /// This build's renders, for the next build of a warm builder; `None` otherwise.
    to_remember: Option<Mutex<Renders>>,
    /// Whether the pages and data chunks get their twins as they are written.
    precompress: bool,
    /// For an update in place: the key of each page the output holds; a page with the
    /// same key now is left as it is, neither rendered nor wrapped nor written.
    previous_pages: PageKeys,
    /// This build's page keys, remembered with the output once it is committed.
    page_keys: Mutex<PageKeys>,
}

/// Renders by their cache key.
type Renders = HashMap<Key, Arc<prerender::Rendered>>;

impl Pages<'_> {
    /// Writes the data chunk and page of each of `routes` on `jobs` threads, rendering
    /// the routes the cache does not hold on the workers of `pool`. Each page depends
    /// only on its route, so the files are the same whatever the number of threads and
    /// workers.
    fn write_routes(
        &self,
        routes: &[&PlannedRoute],
        jobs: usize,
        progress: &dyn Progress,
        pool: &WorkerPool,
    ) -> Result<(), BuildError> {
        parallel::run_queue(
            routes.len(),
            jobs,
            || Ok::<_, BuildError>(Affinity::default()),
            |affinity, index| {
                self.write_route(pool, affinity, routes[index])?;
                progress.advance();
                Ok(())
            },
        )?;
        Ok(())
    }

    /// The key of what the app renders for `url` with `route_json`.
    fn render_key(&self, url: &str, route_json: &str) -> Key {
        Key::of(&[
            self.render_inputs.as_str().as_bytes(),
            url.as_bytes(),
            route_json.as_bytes(),
        ])
    }

    /// What the app renders for `url` with `route_json`, whose key is `key`: from the
    /// cache when it holds the same inputs, else from a worker (and then stored).
    fn render(
        &self,
        pool: &WorkerPool,
        affinity: &mut Affinity,
        url: &str,
        route_json: &str,
        key: Key,
    ) -> Result<Arc<prerender::Rendered>, BuildError> {
        let found = match self.remembered.get(&key) {
            Some(rendered) => {
                self.renders.keep(&key, Some(rendered));
                Some(rendered.clone())
            }
            None => self.renders.get(&key).map(Arc::new),
        };
        let rendered = match found {
            Some(rendered) => rendered,
            None => {
                let rendered =
                    pool.with_worker(affinity, |worker| worker.render(url, route_json))?;
                self.prerendered.fetch_add(1, Ordering::Relaxed);
                self.renders.put(&key, &rendered);
                Arc::new(rendered)
            }
        };
        self.remember_render(key, &rendered);
        Ok(rendered)
    }

    /// For a warm builder, keeps a render for its next build.
    fn remember_render(&self, key: Key, rendered: &Arc<prerender::Rendered>) {
        if let Some(renders) = &self.to_remember {
            renders
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .insert(key, rendered.clone());
        }
    }

    /// A page the output holds as it is: its render is neither read nor made, only
    /// kept in the cache (and, for a warm builder that has it, in memory).
    fn reuse_render(&self, key: Key) {
        let remembered = self.remembered.get(&key);
        self.renders
            .keep(&key, remembered.map(|rendered| &**rendered));
        if let Some(rendered) = remembered {
            self.remember_render(key, rendered);
        }
    }

    /// Writes a planned route's data chunk and its prerendered page.
    fn write_route(
        &self,
        pool: &WorkerPool,
        affinity: &mut Affinity,
        route: &PlannedRoute,
    ) -> Result<(), BuildError> {
        fault::point("rendering");
        interrupt::check()?;
        let route_json = route.route_data(self.content.site.base_url());
        self.write(&route.data_file(), &route_json)?;
        let url = routes::encode_path(&route.path);
        let render_key = self.render_key(&url, &route_json);
        let canonical = route.canonical(self.content.site.base_url());
        let og_image = seo::share_image(self.content, route);
        let json_ld = seo::script_texts(&seo::json_ld(self.content, route));
        let noindex = is_block_route(route);
        // Everything the page is made of: the render's inputs (bundle, layout, URL,
        // route data; so the body, head assets and embedded data) and the shell's.
        let page_key = Key::of(&[
            render_key.as_str().as_bytes(),
            self.shells.fingerprint().as_str().as_bytes(),
            &serde_json::to_vec(&(
                &route.title,
                &route.description,
                &canonical,
                self.content.site.name(),
            ))
            .unwrap_or_default(),
            &serde_json::to_vec(&(&og_image, noindex, &json_ld)).unwrap_or_default(),
        ]);
        let html_file = route.html_file();
        let unchanged =
            self.previous_pages.get(&html_file) == Some(&page_key) && self.staging.keep(&html_file);
        self.page_keys
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(html_file.clone(), page_key);
        if unchanged {
            // An update whose output holds this very page: not rendered, wrapped or
            // written again.
            self.reuse_render(render_key);
            return Ok(());
        }
        let rendered = self.render(pool, affinity, &url, &route_json, render_key)?;
        if rendered.status != 200 {
            return Err(BuildError::Worker(WorkerError::Prerender {
                url: route.path.clone(),
                message: format!(
                    "the app answered status {} for a planned route: the web route table and \
                     the planned routes disagree (is web/src/app/route-table.gen.ts stale? \
                     run `sitegen gen`)",
                    rendered.status
                ),
            }));
        }
        let html = self.shells.page(&PageShell {
            lang: "en",
            title: &route.title,
            description: &route.description,
            canonical: &canonical,
            og_image: og_image.as_ref(),
            site_name: self.content.site.name(),
            noindex,
            assets: &head_assets(self.manifest, &rendered, &route.path)?,
            layout_url: &self.layout_url,
            body: &rendered.markup.html(),
            data_json: PageShell::embed_data(Some(&route.path), &route_json)?,
            json_ld,
        })?;
        self.links.add(&html_file, &html, Some(&rendered.markup));
        self.write(&html_file, html)
    }

    /// Writes a file of the output, with its twins when the build precompresses: here,
    /// on the prerender's threads, compression overlaps the workers' rendering.
    fn write(&self, relative: &str, bytes: impl AsRef<[u8]>) -> Result<(), BuildError> {
        if self.precompress {
            self.staging.write_with_twins(relative, bytes)
        } else {
            self.staging.write(relative, bytes)
        }
    }

    /// Writes `404.html`: the app's not-found screen, which the client renders afresh
    /// for whatever URL the host served it at.
    fn write_not_found(
        &self,
        pool: &WorkerPool,
        affinity: &mut Affinity,
    ) -> Result<(), BuildError> {
        let site = &self.content.site;
        let title = format!("404 - Page Not Found | {}", site.name());
        let route_json = routes::not_found_route_data(&title, site.description()).to_string();
        let key = self.render_key(routes::NOT_FOUND_URL, &route_json);
        let rendered = self.render(pool, affinity, routes::NOT_FOUND_URL, &route_json, key)?;
        if rendered.status != 404 {
            return Err(BuildError::Worker(WorkerError::Prerender {
                url: routes::NOT_FOUND_URL.into(),
                message: format!(
                    "expected the not-found screen (404), got {}",
                    rendered.status
                ),
            }));
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
            layout_url: &self.layout_url,
            body: &rendered.markup.html(),
            data_json: PageShell::embed_data(None, &route_json)?,
            json_ld: Vec::new(),
        })?;
        self.links.add("404.html", &html, Some(&rendered.markup));
        self.write("404.html", html)
    }
}

/// The routes of `plan` at `indexes`.
fn routes_at<'p>(plan: &'p [PlannedRoute], indexes: &[usize]) -> Vec<&'p PlannedRoute> {
    indexes.iter().map(|&index| &plan[index]).collect()
}

/// The layout data of every page (its [`view::layout_file`]).
fn layout_json_of(content: &sitegen_content::Content) -> String {
    serde_json::Value::from(view::layout(content)).to_string()
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
    fn pages_are_the_same_bytes_whatever_the_number_of_workers_or_the_cache() {
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

        let cache_dir = tmp.path().join("cache");
        let mut outputs = Vec::new();
        // 1 and 3 workers without the cache, then 2 with the cache the others filled.
        for (jobs, reuse) in [(1, false), (3, false), (2, true)] {
            let progress = CountingProgress::default();
            let staging = Staging::new(&tmp.path().join(format!("out-{jobs}"))).unwrap();
            let cache = BuildCache::new(&cache_dir, reuse);
            let links = PageLinks::default();
            let pages = Pages {
                content: &content,
                shells: &shells,
                manifest: &manifest,
                staging: &staging,
                layout_url: format!("/{}", view::layout_file(&layout_json)),
                renders: RenderCache::new(&cache),
                links: &links,
                render_inputs: Key::of(&[b"bundle", layout_json.as_bytes()]),
                prerendered: AtomicUsize::new(0),
                remembered: Renders::default(),
                to_remember: None,
                precompress: false,
                previous_pages: PageKeys::default(),
                page_keys: Mutex::default(),
            };
            let start = || {
                Prerenderer::start(
                    &script,
                    tmp.path(),
                    &layout_json,
                    prerender::DEFAULT_WORKER_TIMEOUT,
                )
            };
            let pool = WorkerPool::new(jobs, Vec::new(), &start);
            let every_route: Vec<&PlannedRoute> = planned.iter().collect();
            pages
                .write_routes(&every_route, jobs, &progress, &pool)
                .unwrap();
            pages
                .write_not_found(&pool, &mut Affinity::default())
                .unwrap();
            progress.advance();
            let workers = pool.into_workers();
            assert!(workers.unused.is_empty());
            let started = workers.used.len();
            for worker in workers.used {
                worker.finish().unwrap();
            }
            assert_eq!(
                progress.advanced.load(std::sync::atomic::Ordering::SeqCst),
                planned.len() + 1,
                "one step per route and one for 404.html"
            );
            let prerendered = pages.prerendered.into_inner();
            if reuse {
                assert_eq!(
                    (prerendered, started),
                    (0, 0),
                    "every render came from the cache and no worker started"
                );
            } else {
                assert_eq!(prerendered, planned.len() + 1);
                assert!((1..=jobs).contains(&started), "{started} workers");
            }
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
        assert!(
            outputs[0] == outputs[2],
            "the cached renders made different files"
        );
    }
}
