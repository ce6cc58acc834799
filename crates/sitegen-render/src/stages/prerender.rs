//! The prerender stage: every page rendered (or taken from the cache) and written,
//! while the share PNGs and the variants the pages show are written in the background.

use std::path::Path;

use sitegen_buildcache::cache::{BuildCache, Key};
use sitegen_buildcache::record::PageKeys;
use sitegen_buildcache::render_cache::RenderCache;
use sitegen_buildcache::renders::{PageRenders, Renders};
use sitegen_content::{Diagnostic, ErrorCode};
use sitegen_media::variants::ShownImages;
use sitegen_output::progress::{Stage, Tally};
use sitegen_pages::{seo, shell::Shells};
use sitegen_routes::{PlannedRoute, Published};
use sitegen_webapp::WebBuild;
use sitegen_workers::error::Ended;
use sitegen_workers::prerender::Prerenderer;
use sitegen_workers::worker_pool::{self, Affinity, IdleWorkers, Retried, WorkerPool};

use crate::error::BuildError;
use crate::page_links::PageLinks;
use crate::pages::{PageKeyBook, Pages, SharedInputs, WrittenMemory, WrittenPages};
use crate::stages::Run;
use crate::staging::{CountedImages, Staging};

/// What the prerender stage writes the pages from: what the stages before it made.
pub(crate) struct Prerender<'a> {
    pub published: &'a Published,
    /// What the routes' data and the layout show of the images with variants: their
    /// variants and share JPEGs are written here.
    pub shown_images: &'a ShownImages,
    pub web: &'a WebBuild,
    pub shells: &'a Shells,
    /// The file the layout data was written to.
    pub layout_file: &'a str,
    /// For an update in place: the keys of the pages the output holds.
    pub previous_pages: PageKeys,
}

/// Where the prerender stage writes.
pub(crate) struct PrerenderTargets<'a> {
    pub staging: &'a Staging,
    /// The renders.
    pub cache: &'a BuildCache,
    /// The encoded images ([`sitegen_buildcache::cache::media_dir`]).
    pub media_cache: &'a Path,
    /// The links of the pages written, for the link check.
    pub page_links: &'a PageLinks,
}

/// What the prerender stage made besides the files.
pub(crate) struct Prerendered {
    /// How many routes the workers rendered (the others came from the cache).
    pub count: usize,
    /// The key of each page, remembered with the output once it is committed.
    pub page_keys: PageKeys,
    /// A warning for each route rendered again on a new worker after its worker ended.
    pub warnings: Vec<Diagnostic>,
}

/// What the prerender stage remembers of the last build (a warm builder's).
#[derive(Default)]
pub(crate) struct PrerenderMemory {
    /// The workers of the last build, idle.
    pub idle: IdleWorkers,
    /// The last build's renders.
    pub renders: Renders,
    /// What the last build wrote each page from, and the page's keys.
    pub written: WrittenPages,
}

/// Writes every route's data chunk and page and `404.html`, on the idle workers of the
/// `last` memory and `booting` (the first, booted while the content loaded), starting
/// more when they are too few. A warm builder (`last` is some) answers, with what it
/// made, its new memory: every worker, the renders and what each page was written
/// from; a failed prerender loses them. A one-off build lets its workers exit.
pub(crate) fn prerender(
    run: Run,
    tally: &Tally,
    from: Prerender,
    targets: PrerenderTargets,
    last: Option<PrerenderMemory>,
    booting: Option<Prerenderer>,
) -> Result<(Prerendered, Option<PrerenderMemory>), BuildError> {
    let Prerender {
        published,
        shown_images,
        web,
        shells,
        layout_file,
        previous_pages,
    } = from;
    let kept = last.is_some();
    let layout_json = &published.layout_json;
    let layout_key = Key::of(&[layout_json.as_bytes()]);
    let render_inputs = Key::of(&[web.fingerprint.as_bytes(), layout_key.as_str().as_bytes()]);
    let layout_url = format!("/{layout_file}");
    let (mut ready, renders, written) = match last {
        Some(last) => {
            let shared = SharedInputs::new(
                render_inputs.clone(),
                shells.fingerprint().clone(),
                layout_url.clone(),
                run.options.precompress,
                &published.content,
            );
            (
                last.idle
                    .ready_for(&web.fingerprint, layout_key.as_str(), layout_json),
                last.renders,
                WrittenMemory::after(last.written, shared),
            )
        }
        None => (Vec::new(), Renders::default(), WrittenMemory::none()),
    };
    let pages = Pages {
        content: &published.content,
        shells,
        manifest: &web.manifest,
        staging: targets.staging,
        layout_url,
        renders: PageRenders::new(
            render_inputs,
            RenderCache::new(targets.cache),
            renders,
            kept,
        ),
        links: targets.page_links,
        precompress: run.options.precompress,
        keys: PageKeyBook::after(previous_pages),
        written,
    };
    if let Some(worker) = booting {
        worker.set_layout(layout_json);
        ready.push(worker);
    }
    let start_worker = || {
        Prerenderer::start(
            &web.prerender_script,
            &web.dir,
            layout_json,
            run.options.worker_timeout,
        )
    };
    let routes = published.routes.len() + 1;
    let pool = WorkerPool::new(
        worker_pool::worker_limit(routes, run.jobs),
        ready,
        &start_worker,
    );
    write_pages_and_images(run, tally, shown_images, &targets, published, &pages, &pool)?;
    let warnings = pool.take_retried().iter().map(retried_warning).collect();
    let workers = pool.into_workers();
    let idle = if kept {
        IdleWorkers::keep(workers, &web.fingerprint, layout_key.as_str())
    } else {
        workers.finish()?;
        IdleWorkers::default()
    };
    let Pages {
        renders,
        keys,
        written,
        ..
    } = pages;
    let (count, renders) = renders.finish();
    let page_keys = keys.into_this_build();
    let written = written.finish(|file| page_keys.contains_key(file));
    let memory = kept.then(|| PrerenderMemory {
        idle,
        renders: renders.unwrap_or_default(),
        written: written.unwrap_or_default(),
    });
    let prerendered = Prerendered {
        count,
        page_keys,
        warnings,
    };
    Ok((prerendered, memory))
}

/// `the prerender worker (process 7) was killed by signal 9 (SIGKILL) before answering
/// "/products"; the route was rendered on a new worker`.
fn retried_warning(retried: &Retried) -> Diagnostic {
    let ended: Vec<String> = retried.ended.iter().map(Ended::worker_sentence).collect();
    Diagnostic::new(
        ErrorCode::PrerenderRetried,
        format!(
            "{} before answering {:?}; the route was rendered on a new worker",
            ended.join(", then "),
            retried.url
        ),
    )
}

/// Writes the pages of `published`'s routes and `404.html` on the workers of `pool`,
/// while the share PNGs and the variants of the images with variants the pages `shown`
/// are written in the background (the pages only name them): on every core, each
/// taking what the workers leave.
fn write_pages_and_images(
    run: Run,
    tally: &Tally,
    shown: &ShownImages,
    targets: &PrerenderTargets,
    published: &Published,
    pages: &Pages,
    pool: &WorkerPool,
) -> Result<(), BuildError> {
    let Run { options, jobs } = run;
    let (content, planned) = (&published.content, &published.routes);
    let (staging, media_cache) = (targets.staging, targets.media_cache);
    let reuse = options.reuse_cache;
    let drawings = seo::shared_images(content);
    let images = sitegen_media::images::images_count(content, &drawings, shown);
    let out = CountedImages { staging, tally };
    let (rendered, images) = tally.images(images, || {
        std::thread::scope(|scope| {
            let images = scope.spawn(|| {
                sitegen_media::images::write_images(
                    content,
                    &drawings,
                    shown,
                    &out,
                    media_cache,
                    reuse,
                    jobs,
                )
            });
            let rendered = tally.stage(Stage::Prerender, planned.len() + 1, || {
                let routes: Vec<&PlannedRoute> = planned.iter().collect();
                pages.write_routes(&routes, jobs, tally, pool)?;
                pages.write_not_found(pool, &mut Affinity::default())?;
                tally.advance();
                Ok::<_, BuildError>(())
            });
            let images = images
                .join()
                .unwrap_or(Err(BuildError::MediaWorkerPanicked));
            (rendered, images)
        })
    });
    rendered?;
    images?;
    Ok(())
}
