//! The pages of a build: what every page shares, and the writing of one page (its
//! data chunk, its render from the cache or a worker, the HTML shell around it).

mod written;

use std::sync::Mutex;

use sitegen_buildcache::cache::Key;
use sitegen_buildcache::record::PageKeys;
use sitegen_buildcache::renders::PageRenders;
use sitegen_pages::seo;
use sitegen_pages::shell::{PageShell, Shells};
use sitegen_routes::{self as routes, PlannedRoute};
use sitegen_workers::rendered::Rendered;
use sitegen_workers::worker_pool::{Affinity, WorkerPool};
use sitegen_workers::{fault, interrupt, parallel, WorkerError};

use crate::error::BuildError;
use crate::page_links::PageLinks;
use crate::staging::Staging;
use sitegen_output::progress::Tally;

pub(crate) use written::{SharedInputs, WrittenMemory, WrittenPage, WrittenPages};

/// What every page of a build shares, and the writing of one page.
pub(crate) struct Pages<'a> {
    /// The site and the routes' SEO fields. Its media index may still list variants
    /// that turn out not worth shipping: the pages read no variant from it (the
    /// routes' data, planned with the final variants, carries them).
    pub(crate) content: &'a sitegen_content::Content,
    pub(crate) shells: &'a Shells,
    pub(crate) manifest: &'a sitegen_webapp::Manifest,
    pub(crate) staging: &'a Staging,
    /// The URL of the layout file, which every page names.
    pub(crate) layout_url: String,
    /// Where each page's render comes from.
    pub(crate) renders: PageRenders<'a>,
    /// The URLs of the pages written, for the link check.
    pub(crate) links: &'a PageLinks,
    /// Whether the pages and data chunks get their twins as they are written.
    pub(crate) precompress: bool,
    /// What each page is made of, in the output and in this build.
    pub(crate) keys: PageKeyBook,
    /// What a warm builder's last build wrote each page from.
    pub(crate) written: WrittenMemory,
}

/// The key of each page: everything it is made of.
#[derive(Default)]
pub(crate) struct PageKeyBook {
    /// For an update in place: the key of each page the output holds; a page with the
    /// same key now is left as it is, neither rendered nor wrapped nor written.
    previous: PageKeys,
    /// This build's, remembered with the output once it is committed.
    this_build: Mutex<PageKeys>,
}

impl PageKeyBook {
    /// A book whose pages are compared with `previous`, the output's.
    pub(crate) fn after(previous: PageKeys) -> Self {
        Self {
            previous,
            this_build: Mutex::default(),
        }
    }

    /// Notes the key of the page at `html_file`; answers whether the output holds it
    /// with that very key.
    fn note(&self, html_file: &str, key: Key) -> bool {
        let unchanged = self.previous.get(html_file) == Some(&key);
        self.this_build
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(html_file.to_string(), key);
        unchanged
    }

    pub(crate) fn into_this_build(self) -> PageKeys {
        self.this_build
            .into_inner()
            .unwrap_or_else(|p| p.into_inner())
    }
}

impl Pages<'_> {
    /// Writes the data chunk and page of each of `routes` on `jobs` threads, rendering
    /// the routes the cache does not hold on the workers of `pool`. Each page depends
    /// only on its route, so the files are the same whatever the number of threads and
    /// workers.
    pub(crate) fn write_routes(
        &self,
        routes: &[&PlannedRoute],
        jobs: usize,
        tally: &Tally,
        pool: &WorkerPool,
    ) -> Result<(), BuildError> {
        parallel::run_queue(
            routes.len(),
            pool.threads(jobs),
            || Ok::<_, BuildError>(Affinity::default()),
            |affinity, index| {
                self.write_route(pool, affinity, routes[index])?;
                tally.advance();
                Ok(())
            },
        )?;
        Ok(())
    }

    /// Writes a planned route's prerendered page, which carries its data.
    fn write_route(
        &self,
        pool: &WorkerPool,
        affinity: &mut Affinity,
        route: &PlannedRoute,
    ) -> Result<(), BuildError> {
        fault::point("rendering");
        interrupt::check()?;
        let html_file = route.html_file();
        if self.keep_as_written(&html_file, route) {
            return Ok(());
        }
        let route_json = route.route_data(self.content.site.base_url());
        let url = routes::encode_path(&route.path);
        let render_key = self.renders.key(&url, &route_json);
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
        self.written.remember(&html_file, || {
            WrittenPage::new(self.content, route, render_key.clone(), page_key.clone())
        });
        if self.keys.note(&html_file, page_key) && self.staging.keep(&html_file) {
            // An update whose output holds this very page: not rendered, wrapped or
            // written again.
            self.renders.reuse(render_key);
            return Ok(());
        }
        let rendered = self
            .renders
            .render(pool, affinity, &url, &route_json, render_key)?;
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

    /// For a warm builder, keeps the page at `html_file` as the output
    /// holds them when `route` is made of what the last build wrote that page from and
    /// the output holds that very page (by its key): nothing serialised, hashed,
    /// rendered or written. False when the page must be made.
    fn keep_as_written(&self, html_file: &str, route: &PlannedRoute) -> bool {
        let Some(last) = self.written.unchanged(html_file, self.content, route) else {
            return false;
        };
        let kept = self.keys.note(html_file, last.page_key.clone()) && self.staging.keep(html_file);
        if kept {
            self.renders.reuse(last.render_key.clone());
        }
        kept
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
    pub(crate) fn write_not_found(
        &self,
        pool: &WorkerPool,
        affinity: &mut Affinity,
    ) -> Result<(), BuildError> {
        let site = &self.content.site;
        let title = format!("404 - Page Not Found | {}", site.name());
        let route_json = routes::not_found_route_data(&title, site.description()).to_string();
        let key = self.renders.key(routes::NOT_FOUND_URL, &route_json);
        let rendered =
            self.renders
                .render(pool, affinity, routes::NOT_FOUND_URL, &route_json, key)?;
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

fn is_block_route(route: &PlannedRoute) -> bool {
    sitegen_content::ROUTES.iter().any(|declared| {
        declared.kind == sitegen_content::RouteKind::Block && declared.pattern == route.path
    })
}

fn head_assets(
    manifest: &sitegen_webapp::Manifest,
    rendered: &Rendered,
    url: &str,
) -> Result<sitegen_webapp::HeadAssets, BuildError> {
    manifest
        .head_assets(&rendered.modules)
        .map_err(
            |sitegen_webapp::MissingModule(module)| BuildError::ManifestMissingModule {
                url: url.to_string(),
                module,
            },
        )
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use std::path::{Path, PathBuf};

    use sitegen_view as view;
    use sitegen_workers::prerender::{self, Prerenderer};
    use walkdir::WalkDir;

    use super::*;
    use sitegen_buildcache::cache::BuildCache;
    use sitegen_buildcache::render_cache::RenderCache;
    use sitegen_buildcache::renders::Renders;
    use sitegen_output::progress::Stage;

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

    impl sitegen_output::progress::Progress for CountingProgress {
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
        let manifest = sitegen_webapp::Manifest::parse(
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
                renders: PageRenders::new(
                    Key::of(&[b"bundle", layout_json.as_bytes()]),
                    RenderCache::new(&cache),
                    Renders::default(),
                    false,
                ),
                links: &links,
                precompress: false,
                keys: PageKeyBook::default(),
                written: WrittenMemory::none(),
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
            sitegen_output::progress::relayed(&progress, |tally| {
                pages
                    .write_routes(&every_route, jobs, tally, &pool)
                    .unwrap();
                pages
                    .write_not_found(&pool, &mut Affinity::default())
                    .unwrap();
                tally.advance();
            });
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
            let (prerendered, _) = pages.renders.finish();
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
            planned.len() + 2,
            "a page per route, which carries its data, 404.html and the output marker"
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
