//! `sitegen-render` turns validated content into the built site.
//!
//! It has the routes planned (`sitegen-routes`), writes the JSON chunks React reads,
//! builds the web app when its sources changed, prerenders the routes on Node workers
//! (only those whose inputs changed since the renders in the build cache,
//! `sitegen-buildcache`), wraps each body in the HTML shell (`sitegen-pages`), writes
//! `404.html`, the sitemap, `robots.txt` and `_redirects`, and moves the result into
//! the output folder only when everything succeeded: a whole new site swapped in, or,
//! into the folder the last build left untouched (its record in the build cache), only
//! the files that changed. A [`Builder::warm`] builder (`sitegen serve`) keeps its
//! workers, last renders and output's manifest in memory between builds.
//!
//! It does not load or validate content (`sitegen-content`), does not serve the site
//! (`sitegen-serve`), does not plan the routes or keep a plan between builds
//! (`sitegen-routes`); it leaves staging, swapping and compressing the output folder's
//! files to `sitegen-output`, building the web bundle to `sitegen-webapp`, the search
//! index to `sitegen-search`, the sitemap's, `robots.txt`'s and `_headers`' text to
//! `sitegen-sitefiles`, the HTML shell, a page's share image and JSON-LD and the
//! sitemap with its dates to `sitegen-pages`, and the build cache (its renders, where a
//! page's render comes from, the record of the output folder) to `sitegen-buildcache`.

mod error;
pub(crate) mod page_links;
mod pages;
mod save_check;
mod stages;
pub(crate) mod staging;
mod warm;

use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use sitegen_buildcache::cache::BuildCache;
use sitegen_buildcache::record::{FolderId, PageKeys};
use sitegen_buildcache::{cache, record};
use sitegen_content::{Content, Diagnostic, LoadOptions, LoadReport, MediaRef};
use sitegen_media::share;
use sitegen_output::out_dir;
use sitegen_output::progress::{Progress, Tally};
use sitegen_output::staging::{Changes, OnDiskFiles};
use sitegen_pages::{lastmod, seo};
// The route plan is sitegen-routes': the checks plan it as the crate's.
use sitegen_routes::{LastPlan, Published};
// The redirect rules are sitegen-sitefiles' own: the stages name them as the crate's.
use sitegen_sitefiles::redirects;
use sitegen_webapp::{LockedWebApp, WebApp};
use sitegen_workers::interrupt;
use sitegen_workers::prerender::Prerenderer;

pub use crate::error::BuildError;
pub use crate::save_check::SaveChecker;
/// How far a build's long stages are: what [`Builder::build`] reports to.
pub use sitegen_output::progress;
/// What [`BuildError::Shell`] holds.
pub use sitegen_pages::shell::ShellError;

use crate::page_links::PageLinks;
use crate::save_check::PassedSlot;
use crate::staging::Staging;
use crate::warm::Warm;

/// `part` of a warm builder's memory, taken out for the stage that owns it; `None`
/// for a one-off build, which keeps nothing.
fn taken<T: Default>(warm: Option<&mut Warm>, part: impl FnOnce(&mut Warm) -> &mut T) -> Option<T> {
    warm.map(|warm| std::mem::take(part(warm)))
}

/// Puts back what a stage answers of its `part` of a warm builder's memory.
fn put_back<T>(warm: Option<&mut Warm>, part: impl FnOnce(&mut Warm) -> &mut T, memory: Option<T>) {
    if let (Some(warm), Some(memory)) = (warm, memory) {
        *part(warm) = memory;
    }
}

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
    /// Whether the media files live on an origin of their own, and where they go then.
    pub media: MediaOptions,
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
    /// The host the site is built for (`--host`, site.toml's `host`): what it reads is
    /// written, and its limits are errors. `None`: `_redirects` and `_headers`, and a
    /// warning for each host whose limits the site passes.
    pub host: Option<sitegen_hosts::Host>,
}

/// The media files (images and their variants, share images, video, brochures) on an
/// origin of their own (an object store or CDN): written to a folder of their own, with
/// the same paths as under the output folder, and named by every page on that origin.
#[derive(Debug, Clone, Default)]
pub struct MediaOptions {
    /// Replaces site.toml's `media_url` (`--media-url`).
    pub url: Option<sitegen_content::HttpUrl>,
    /// The folder the media go to when they live on their own origin (`--media-out`);
    /// `None` for the output folder's name + `-media`, beside it (`dist-media`).
    pub out_dir: Option<PathBuf>,
    /// Keeps the media in the output folder, named from the site's root, whatever
    /// `media_url` says (`sitegen serve`, which serves them itself).
    pub local: bool,
}

impl BuildOptions {
    /// The folder the media go to when they live on their own origin.
    pub fn media_out_dir(&self) -> PathBuf {
        if let Some(dir) = &self.media.out_dir {
            return dir.clone();
        }
        let mut name = self
            .out_dir
            .file_name()
            .map(std::ffi::OsStr::to_os_string)
            .unwrap_or_else(|| "dist".into());
        name.push("-media");
        self.out_dir.with_file_name(name)
    }
}

/// What a successful build did.
#[derive(Debug)]
pub struct BuildSummary {
    pub routes: usize,
    pub files: usize,
    pub bytes: u64,
    /// The files and bytes of the media folder, when the media live on their own
    /// origin (not counted in `files` and `bytes`).
    pub media: Option<(usize, u64)>,
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
    pub in_place: Option<Changes>,
    /// Content warnings (the build still succeeded).
    pub warnings: Vec<Diagnostic>,
}

/// Loads and validates the content without writing anything (`sitegen check`), also
/// by the rule on the pages' share images (the drawings pages are shared with must
/// become PNGs), for every entry, drafts included: what `build` refuses, `check`
/// refuses.
pub fn check(content_dir: &Path, load: &LoadOptions) -> LoadReport {
    check_with_texts(content_dir, load, &[])
}

/// [`check`] as if each content file of `texts` (relative path, text) held that text.
pub fn check_with_texts(
    content_dir: &Path,
    load: &LoadOptions,
    texts: &[(&str, &str)],
) -> LoadReport {
    with_drawings_checked(
        sitegen_content::load_with_texts(content_dir, load, texts),
        share::undrawable_shared_drawings,
    )
}

/// `report` refused also by the rule that needs the pages: the drawings they are shared
/// with must become PNGs (`undrawable`'s problems).
fn with_drawings_checked(
    mut report: LoadReport,
    undrawable: impl FnOnce(&Content, &[&MediaRef]) -> Vec<Diagnostic>,
) -> LoadReport {
    if let Some(content) = &report.content {
        let problems = undrawable(content, &seo::shared_images(content));
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
    sitegen_content::sort_diagnostics(&mut diagnostics);
    diagnostics
}

/// Checks the route literals of the web app's sources (`WEB/src`) against the route
/// table (`sitegen check` and `sitegen build`); problems name files as `WEB/src/…`.
pub fn check_source_links(web_dir: &Path) -> Vec<Diagnostic> {
    let src = web_dir.join("src");
    sitegen_links::check_sources(&src, &src, &sitegen_links::RouteTable::of_site())
}

/// Builds the browser editor's bundle of `web_dir` (`npm run build:editor`) when it is
/// missing or older than its sources; whether Vite ran (see [`WebApp`]).
pub fn ensure_editor_built(web_dir: &Path, progress: &dyn Progress) -> Result<bool, BuildError> {
    progress::relayed(progress, |tally| {
        Ok(WebApp::new(web_dir).ensure_editor_built(tally)?)
    })
}

/// Refuses an output folder that a build must not replace (see [`out_dir`]): the
/// content, templates or web app folder, the project folder, a file, a user's folder.
pub fn check_out_dir(options: &BuildOptions) -> Result<(), BuildError> {
    let project = out_dir::parent_of(&options.content_dir).unwrap_or_default();
    out_dir::check(&options.out_dir, &project_folders(options, &project)).map_err(|problem| {
        BuildError::UnsafeOutput {
            path: options.out_dir.clone(),
            problem,
        }
    })
}

/// Refuses a media folder ([`BuildOptions::media_out_dir`]) that a build must not
/// replace: the output folder or one inside or around it, and whatever
/// [`check_out_dir`] refuses.
pub fn check_media_out_dir(options: &BuildOptions) -> Result<(), BuildError> {
    let media_out = options.media_out_dir();
    let project = out_dir::parent_of(&options.content_dir).unwrap_or_default();
    let mut protected = vec![out_dir::Protected {
        what: "the output folder",
        path: &options.out_dir,
        may_hold_output: false,
    }];
    protected.extend(project_folders(options, &project));
    out_dir::check(&media_out, &protected).map_err(|problem| BuildError::UnsafeMediaOutput {
        path: media_out,
        problem,
    })
}

/// The folders of the project that no output of a build may replace: the content,
/// templates and web app folders, and the project folder, which may hold the output.
fn project_folders<'a>(
    options: &'a BuildOptions,
    project: &'a Path,
) -> [out_dir::Protected<'a>; 4] {
    let folder = |what, path, may_hold_output| out_dir::Protected {
        what,
        path,
        may_hold_output,
    };
    [
        folder("the content folder", &options.content_dir, false),
        folder("the templates folder", &options.templates_dir, false),
        folder("the web app folder", &options.web_dir, false),
        folder("the project folder", project, true),
    ]
}

/// Builds one site, once (`sitegen build`) or again and again (`sitegen serve`, whose
/// builder keeps its render workers warm between builds and reports which pages
/// changed). Either way a build renders only the routes whose inputs changed since the
/// cached renders ([`cache`]).
pub struct Builder {
    options: BuildOptions,
    /// The build cache's folder, derived from the content folder ([`cache::dir_for`]).
    cache_dir: PathBuf,
    /// The cache's folder of encoded images ([`cache::media_dir`]).
    media_cache: PathBuf,
    /// What a warm builder keeps between builds; nothing for a one-off build, whose
    /// workers exit with it.
    warm: Option<Mutex<Warm>>,
    /// The last save its checkers passed ([`Builder::save_checker`]).
    passed_save: PassedSlot,
}

/// What a build that updates its output in place knows of the output it replaces.
#[derive(Default)]
struct Previous {
    /// The key of each page the output holds.
    pages: PageKeys,
    /// What was on disk there, for the record of the new output.
    on_disk: Option<OnDiskFiles>,
    /// A warm builder's link check of it.
    links: Option<sitegen_links::LinkGraph>,
}

impl Builder {
    /// A builder for one build.
    pub fn once(options: BuildOptions) -> Self {
        Self::new(options, None)
    }

    /// A builder for many builds of the same site, which keeps its workers between them.
    pub fn warm(options: BuildOptions) -> Self {
        Self::new(options, Some(Mutex::default()))
    }

    fn new(options: BuildOptions, warm: Option<Mutex<Warm>>) -> Self {
        let cache_dir = cache::dir_for(&options.content_dir);
        Self {
            media_cache: cache::media_dir(&cache_dir),
            cache_dir,
            options,
            warm,
            passed_save: PassedSlot::default(),
        }
    }

    /// A check of the browser editor's saves ([`SaveChecker`]) whose passed saves
    /// this builder's next build takes, instead of reading and checking the content
    /// again, when the disk holds what the check loaded.
    pub fn save_checker(&self) -> SaveChecker {
        SaveChecker::leaving_in(self.passed_save.clone())
    }

    /// The content of the last save a checker passed, when the disk still holds what
    /// that check loaded.
    fn passed_save(&self) -> Option<LoadReport> {
        let passed = self
            .passed_save
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()?;
        passed.still_on_disk(&self.options.content_dir, &self.options.load)
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
        // A media folder given on the command line is checked before anything runs;
        // one that site.toml's media_url asks for, once the content is read.
        if self.options.media.url.is_some() && !self.options.media.local {
            check_media_out_dir(&self.options)?;
        }
        let outcome = self.build_checked(progress, sources_changed);
        interrupt::check()?;
        outcome
    }

    /// The build, whose stages tell how far they are to a tally that `progress` shows
    /// ([`progress::relayed`]): the threads of the stages never call the display.
    fn build_checked(
        &self,
        progress: &dyn Progress,
        sources_changed: &dyn Fn() -> bool,
    ) -> Result<BuildSummary, BuildError> {
        progress::relayed(progress, |tally| self.run_stages(tally, sources_changed))
    }

    /// The build, stage by stage: each stage's wall time is taken, a fault point of the
    /// crash tests and a point where a signal stops the build ([`stages::Laps`]).
    fn run_stages(
        &self,
        tally: &Tally,
        sources_changed: &dyn Fn() -> bool,
    ) -> Result<BuildSummary, BuildError> {
        let run = stages::Run::new(&self.options);
        let mut laps = stages::Laps::start();
        // Held to the end of the build: each stage's memory is taken out as it starts
        // and what it answers put back (see [`Warm`] for what a failed build keeps).
        let mut warm = self.lock_warm();

        // Locked before the content loads, so that the first prerender worker boots
        // meanwhile (Node and the bundle: ~0.15 s) and nothing rebuilds the bundle it
        // loads. A web folder that cannot be locked is reported after the content.
        let web_app = WebApp::new(&run.options.web_dir).lock();
        let booting = web_app
            .as_ref()
            .ok()
            .and_then(|web| self.boot_worker(web, warm.as_deref()));
        let recorded_output = self.start_reading_recorded_output(warm.as_deref());
        let web_fingerprint = web_app.as_ref().ok().map(LockedWebApp::fingerprint);
        let last = taken(warm.as_deref_mut(), |warm| &mut warm.content);
        let checked = self.passed_save();
        let (planned, memory) = stages::plan_content(
            run,
            tally,
            &self.media_cache,
            web_fingerprint,
            checked,
            last,
        );
        put_back(warm.as_deref_mut(), |warm| &mut warm.content, memory);
        let planned = planned?;
        let cache = BuildCache::new(self.cache_dir.clone(), run.options.reuse_cache);
        laps.lap("content")?;
        if sources_changed() {
            return Err(BuildError::SourcesChanged);
        }

        let web = web_app?.ensure_built(run.jobs, tally)?;
        laps.lap("web app")?;

        let media_origin = planned.published.content.media.origin().is_some();
        if media_origin {
            check_media_out_dir(&self.options)?;
        }
        let (staging, previous) =
            self.start_staging(web.rebuilt, recorded_output, warm.as_deref_mut())?;
        let staging = if media_origin {
            staging.with_media(Staging::new(&self.options.media_out_dir())?)
        } else {
            staging
        };
        stages::media::copy_media(run, &web, &staging, &planned, &self.media_cache)?;
        laps.lap("media")?;

        let layout_file = stages::data::write_layout(&staging, &planned.published)?;
        laps.lap("data")?;

        let page_links = PageLinks::default();
        let last = taken(warm.as_deref_mut(), |warm| &mut warm.prerender);
        let (prerendered, memory) = stages::prerender::prerender(
            run,
            tally,
            stages::prerender::Prerender {
                published: &planned.published,
                shown_images: &planned.shown_images,
                web: &web,
                shells: &planned.shells,
                layout_file: &layout_file,
                previous_pages: previous.pages,
            },
            stages::prerender::PrerenderTargets {
                staging: &staging,
                cache: &cache,
                media_cache: &self.media_cache,
                page_links: &page_links,
            },
            last,
            booting,
        )?;
        put_back(warm.as_deref_mut(), |warm| &mut warm.prerender, memory);
        let published = &planned.published;
        laps.lap("prerender")?;

        let mut warnings = planned.warnings;
        warnings.extend(prerendered.warnings);
        let lastmods = warm
            .as_deref_mut()
            .and_then(|warm| warm.lastmods.take())
            .unwrap_or_else(|| lastmod::load(&self.lastmod_store()));
        let last = taken(warm.as_deref_mut(), |warm| &mut warm.site_files);
        let (site_files, memory) = stages::write::write_site_files(
            run,
            published,
            &staging,
            &page_links,
            last,
            lastmods,
            &mut warnings,
        );
        put_back(warm.as_deref_mut(), |warm| &mut warm.site_files, memory);
        let stages::write::SiteFiles {
            host_files,
            lastmods,
        } = site_files?;
        laps.lap("write")?;

        let changed_pages = staging.changed_pages();
        let web_problems = planned.source_link_problems;
        let links = stages::link_check::check_links(
            run,
            tally,
            stages::link_check::StagedPages {
                staging: &staging,
                changed: &changed_pages,
                links: page_links,
            },
            stages::link_check::output_index(
                &staging,
                &host_files.applied_rules(),
                published.content.media.origin(),
            ),
            web_problems,
            stages::link_check::LinkMemory {
                keep: warm.is_some(),
                last: previous.links,
            },
        )?;
        laps.lap("link check")?;

        if run.options.precompress {
            stages::compress::precompress(run, tally, &staging)?;
            laps.lap("compress")?;
        }
        // Last, on every file the host would receive; before the output is replaced.
        stages::host_limits::check_host_limits(run, &staging, &host_files, &mut warnings)?;
        let (files, bytes) = staging.totals();
        let media = staging.media().map(|media| media.totals());
        let in_place = staging.changes();
        self.commit(
            staging,
            cache,
            previous.on_disk,
            prerendered.page_keys,
            links,
            warm.as_deref_mut(),
        )?;
        // Only dates that a site in place shows are kept: a warm builder's until it
        // stops ([`Builder::keep_record`]), as its record of the output.
        match warm.as_deref_mut() {
            Some(warm) => warm.lastmods = Some(lastmods),
            None => lastmod::save(&self.lastmod_store(), &lastmods),
        }
        let routes = published.routes.len() + 1;
        // The next plan takes its product routes where they are made of the same.
        if let Some(warm) = warm.as_deref_mut() {
            let Published {
                content, routes, ..
            } = planned.published;
            warm.content
                .pages
                .remember_plan(LastPlan::new(content, routes));
        }
        Ok(BuildSummary {
            routes,
            files,
            bytes,
            media,
            stages: laps.into_stages(),
            web_rebuilt: web.rebuilt,
            prerendered: prerendered.count,
            changed_pages,
            in_place,
            warnings,
        })
    }

    /// The staging folder of this build: an update of the output folder in place when
    /// the build may ([`Builder::previous_output`]), else a whole new site; and what
    /// the build knows of the output it replaces.
    fn start_staging(
        &self,
        web_rebuilt: bool,
        recorded: Option<JoinHandle<Option<record::Output>>>,
        warm: Option<&mut Warm>,
    ) -> Result<(Staging, Previous), BuildError> {
        let out_dir = &self.options.out_dir;
        Ok(match self.previous_output(web_rebuilt, recorded, warm) {
            Some((previous, links)) => (
                Staging::update(out_dir, previous.manifest)?,
                Previous {
                    pages: previous.pages,
                    on_disk: previous.on_disk,
                    links,
                },
            ),
            None => (Staging::new(out_dir)?, Previous::default()),
        })
    }

    /// Moves the staged site into `--out` and remembers what it holds (the record an
    /// update in place trusts, or a warm builder's memory of it), then seals the cache.
    fn commit(
        &self,
        staging: Staging,
        cache: BuildCache,
        previous_on_disk: Option<OnDiskFiles>,
        pages: PageKeys,
        links: Option<sitegen_links::LinkGraph>,
        warm: Option<&mut Warm>,
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
        // A warm builder keeps it in memory, with its link check; a one-off build
        // keeps it as the output's record.
        match warm {
            Some(warm) => {
                warm.links = links.filter(|_| output.is_some());
                warm.output = output;
            }
            None => {
                if let Some(output) = output {
                    record::save(&self.cache_dir, out_dir, &output);
                }
            }
        }
        cache.finish();
        Ok(())
    }

    /// What the output folder holds, when the build can update it in place
    /// ([`Staging::update`]): for a warm builder, what its last build left if the
    /// folder is still that one; else (a one-off build, or the first of a warm
    /// builder) what the cache records of it ([`record`]), read by `recorded`; with the
    /// link check of it a warm builder remembers. Never when the web app was rebuilt (every page changes), nor for a build that
    /// precompresses (the page twins are not in the manifest).
    fn previous_output(
        &self,
        web_rebuilt: bool,
        recorded: Option<JoinHandle<Option<record::Output>>>,
        warm: Option<&mut Warm>,
    ) -> Option<(record::Output, Option<sitegen_links::LinkGraph>)> {
        if self.options.precompress || web_rebuilt {
            return None;
        }
        // Taken: a build that fails from here on leaves the output changed.
        let remembered = warm.and_then(|warm| {
            let links = warm.links.take();
            let output = warm.output.take()?;
            output
                .is_in(&self.options.out_dir)
                .then_some((output, links))
        });
        remembered.or_else(|| Some((recorded?.join().ok().flatten()?, None)))
    }

    /// Starts reading what the cache records of the output folder, when the build may
    /// update it in place and no warm builder remembers it: the record is checked
    /// against every file of the folder (0.3 s at 10,000 products), on a thread of its
    /// own while the content loads.
    fn start_reading_recorded_output(
        &self,
        warm: Option<&Warm>,
    ) -> Option<JoinHandle<Option<record::Output>>> {
        let options = &self.options;
        let remembered = warm
            .and_then(|warm| warm.output.as_ref())
            .is_some_and(|output| output.is_in(&options.out_dir));
        if options.precompress || !options.reuse_cache || remembered {
            return None;
        }
        let cache_dir = self.cache_dir.clone();
        let out_dir = options.out_dir.clone();
        Some(std::thread::spawn(move || {
            record::load(&cache_dir, &out_dir)
        }))
    }

    /// For a warm builder (`sitegen serve`, as it stops): records its last output in
    /// the cache ([`record`]), so that the next `sitegen build` into that folder updates
    /// it in place rather than making a whole new site. A folder changed since, by
    /// anyone, voids the record as usual.
    pub fn keep_record(&self) {
        let Some(warm) = self.lock_warm() else {
            return;
        };
        if let Some(output) = &warm.output {
            record::save(&self.cache_dir, &self.options.out_dir, output);
        }
        if let Some(lastmods) = &warm.lastmods {
            lastmod::save(&self.lastmod_store(), lastmods);
        }
    }

    /// Where the sitemap's dates of this builder's output folder are stored.
    fn lastmod_store(&self) -> PathBuf {
        lastmod::path_for(&self.cache_dir, &self.options.out_dir)
    }

    /// A warm builder's memory, held (a build holds it from its start to its end).
    fn lock_warm(&self) -> Option<MutexGuard<'_, Warm>> {
        self.warm
            .as_ref()
            .map(|warm| warm.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// The first prerender worker, started before the content is loaded when the web
    /// app is built already and no warm worker waits for it.
    fn boot_worker(&self, web: &LockedWebApp, warm: Option<&Warm>) -> Option<Prerenderer> {
        let idle = warm.is_some_and(|warm| warm.prerender.idle.run(web.fingerprint()));
        if !web.is_built() || idle {
            return None;
        }
        let (script, dir) = web.prerender_worker();
        // One that cannot start is started (and its error reported) when needed.
        Prerenderer::spawn(&script, dir, self.options.worker_timeout).ok()
    }
}
