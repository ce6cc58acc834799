//! The prerender stage: every page rendered (or taken from the cache) and written,
//! while the share PNGs and the variants the waiting pages show are made in the
//! background.

use std::path::Path;
use std::sync::atomic::AtomicUsize;
use std::sync::Mutex;

use sitegen_media::share;
use sitegen_media::variants::{self, ShownImages, WrittenVariants};
use sitegen_workers::parallel;
use sitegen_workers::prerender::Prerenderer;
use sitegen_workers::worker_pool::{self, Affinity, WorkerPool};

use crate::cache::{BuildCache, Key};
use crate::error::BuildError;
use crate::output::Staging;
use crate::page_links::PageLinks;
use crate::pages::Pages;
use crate::progress::{self, Stage};
use crate::published::Published;
use crate::record::PageKeys;
use crate::render_cache::RenderCache;
use crate::shell::Shells;
use crate::stages::Run;
use crate::webapp::WebBuild;
use crate::{seo, Builder};

/// What the prerender stage takes from the stages before it.
pub(crate) struct Prerender<'a> {
    pub run: Run<'a>,
    pub published: &'a Published,
    /// What the routes' data shows of the images whose variants the media stage left
    /// to this stage; `None` when it wrote them all (the layout shows one).
    pub waiting_for_variants: Option<&'a ShownImages>,
    pub web: &'a WebBuild,
    pub shells: &'a Shells,
    pub staging: &'a Staging,
    pub cache: &'a BuildCache,
    /// The file the layout data was written to.
    pub layout_file: &'a str,
    pub page_links: &'a PageLinks,
    /// For an update in place: the keys of the pages the output holds.
    pub previous_pages: PageKeys,
    /// The first worker, booted while the content loaded.
    pub booting: Option<Prerenderer>,
}

/// What the prerender stage made besides the files.
pub(crate) struct Prerendered {
    /// How many routes the workers rendered (the others came from the cache).
    pub count: usize,
    /// The key of each page, remembered with the output once it is committed.
    pub page_keys: PageKeys,
    /// The content planned again without the variants this stage left out (not
    /// smaller than their source); `None` when it left none out.
    pub replanned: Option<Published>,
}

impl Builder {
    /// Writes every route's data chunk and page and `404.html`. The pages whose data
    /// shows an image with variants still to be written wait for them (a variant not
    /// smaller than its source is left out of their data); the others are written
    /// meanwhile.
    pub(crate) fn prerender(&self, stage: Prerender) -> Result<Prerendered, BuildError> {
        let Prerender {
            run,
            published,
            waiting_for_variants,
            web,
            staging,
            cache,
            ..
        } = stage;
        let Run {
            options,
            jobs,
            progress,
        } = run;
        let media_cache = &self.media_cache;
        let layout_json = &published.layout_json;
        let layout_key = Key::of(&[layout_json.as_bytes()]);
        let pages = Pages {
            content: &published.content,
            shells: stage.shells,
            manifest: &web.manifest,
            staging,
            layout_url: format!("/{}", stage.layout_file),
            renders: RenderCache::new(cache),
            links: stage.page_links,
            render_inputs: Key::of(&[web.fingerprint.as_bytes(), layout_key.as_str().as_bytes()]),
            prerendered: AtomicUsize::new(0),
            remembered: self.take_renders(),
            to_remember: self.warm.as_ref().map(|_| Mutex::default()),
            precompress: options.precompress,
            previous_pages: stage.previous_pages,
            page_keys: Mutex::default(),
        };
        let mut ready = self.take_idle_workers(&web.fingerprint, &layout_key, layout_json);
        if let Some(worker) = stage.booting {
            worker.set_layout(layout_json);
            ready.push(worker);
        }
        let start_worker = || {
            Prerenderer::start(
                &web.prerender_script,
                web_dir_of(web),
                layout_json,
                options.worker_timeout,
            )
        };
        let planned = &published.routes;
        let routes = planned.len() + 1;
        let worker_limit = worker_pool::worker_limit(routes, jobs);
        let pool = WorkerPool::new(worker_limit, ready, &start_worker);
        let (waiting, not_waiting): (Vec<usize>, Vec<usize>) = (0..planned.len())
            .partition(|&index| waiting_for_variants.is_some_and(|shown| shown.by_page[index]));
        // The share PNGs and the awaited variants are made meanwhile, in the background
        // (the pages only name them): on every core, each taking what the workers leave.
        let drawings = seo::shared_svgs(&published.content, planned);
        let (rendered, shared) = std::thread::scope(|scope| {
            let shared = scope.spawn(|| {
                parallel::in_background(|| {
                    let reuse = options.reuse_cache;
                    share::write_share_pngs(
                        &published.content,
                        &drawings,
                        staging,
                        media_cache,
                        reuse,
                        jobs,
                    )
                })
            });
            let variants = scope.spawn(|| match waiting_for_variants {
                Some(shown) if !waiting.is_empty() => {
                    let reuse = options.reuse_cache;
                    parallel::in_background(|| {
                        let media = &published.content.media;
                        variants::encode_variants(media, shown, staging, media_cache, reuse, jobs)
                    })
                }
                _ => Ok(WrittenVariants::default()),
            });
            let rendered = progress::stage(progress, Stage::Prerender, routes, || {
                pages.write_routes(&published.routes_at(&not_waiting), jobs, progress, &pool)?;
                let variants = variants
                    .join()
                    .unwrap_or(Err(BuildError::MediaWorkerPanicked))?;
                // The pages that show an image whose variant was left out are planned
                // again without it.
                let replanned = published.without_dropped(&variants);
                let plan = replanned.as_ref().unwrap_or(published);
                pages.write_routes(&plan.routes_at(&waiting), jobs, progress, &pool)?;
                pages.write_not_found(&pool, &mut Affinity::default())?;
                progress.advance();
                Ok::<_, BuildError>(replanned)
            });
            let shared = shared
                .join()
                .unwrap_or(Err(BuildError::MediaWorkerPanicked));
            (rendered, shared)
        });
        let replanned = rendered?;
        shared?;
        self.keep_or_finish(&web.fingerprint, &layout_key, pool.into_workers())?;
        if let Some(renders) = pages.to_remember {
            self.remember_renders(renders.into_inner().unwrap_or_else(|p| p.into_inner()));
        }
        Ok(Prerendered {
            count: pages.prerendered.into_inner(),
            page_keys: pages
                .page_keys
                .into_inner()
                .unwrap_or_else(|p| p.into_inner()),
            replanned,
        })
    }
}

fn web_dir_of(web: &WebBuild) -> &Path {
    // scripts/prerender.mjs lives in web/scripts: the worker runs from web/.
    web.prerender_script
        .parent()
        .and_then(Path::parent)
        .unwrap_or_else(|| Path::new("."))
}
