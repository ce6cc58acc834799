//! The stages of a build ([`crate::Builder`]'s `build_checked` lists them in order):
//! each takes what the stages before it made and writes into the staging folder or
//! checks it.

mod content;
mod prerender;

use std::convert::Infallible;
use std::path::Path;
use std::time::{Duration, Instant};

use sitegen_buildcache::cache::Key;
use sitegen_content::{Content, Diagnostic, ErrorCode, MediaFile};
use sitegen_hosts::{
    limits, names, profile, vercel, Deploy, Headers, Host, OutputStats, Redirects,
};
use sitegen_links::{LinkGraph, OutputIndex, PageCheck, RouteTable};
use sitegen_media::originals;
use sitegen_media::variants;
use sitegen_output::compress;
use sitegen_output::progress::{self, Progress, Stage};
use sitegen_pages::lastmod::{self, Day, Lastmods, RouteHashes};
use sitegen_routes::{PlannedRoute, Published, Routing};
use sitegen_search as search_index;
use sitegen_search::SearchIndex;
use sitegen_sitefiles::headers;
use sitegen_sitefiles::sitemap::{self, SitemapUrl};
use sitegen_webapp::WebBuild;
use sitegen_workers::interrupt::{self, Interrupted};
use sitegen_workers::{fault, parallel};

pub(crate) use self::content::{plan_content, ContentMemory, Planned};
pub(crate) use self::prerender::{prerender, Prerender, PrerenderMemory, PrerenderTargets};
use crate::error::BuildError;
use crate::page_links::{GatheredLinks, PageLinks};
use crate::staging::Staging;
use crate::{redirects, BuildOptions};

/// What every stage of one build works with.
#[derive(Clone, Copy)]
pub(crate) struct Run<'a> {
    pub options: &'a BuildOptions,
    /// How many threads the stages use (and at most how many Node workers).
    pub jobs: usize,
    pub progress: &'a dyn Progress,
}

impl<'a> Run<'a> {
    pub fn new(options: &'a BuildOptions, progress: &'a dyn Progress) -> Self {
        Self {
            options,
            jobs: parallel::worker_count(options.jobs),
            progress,
        }
    }
}

/// The wall time of each stage, in order. The end of each is a fault point of the
/// crash tests and a point where a signal stops the build.
pub(crate) struct Laps {
    stages: Vec<(&'static str, Duration)>,
    clock: Instant,
}

impl Laps {
    pub fn start() -> Self {
        Self {
            stages: Vec::new(),
            clock: Instant::now(),
        }
    }

    /// Ends the stage `name`.
    pub fn lap(&mut self, name: &'static str) -> Result<(), Interrupted> {
        self.stages.push((name, self.clock.elapsed()));
        fault::point(name);
        self.clock = Instant::now();
        interrupt::check()
    }

    pub fn into_stages(self) -> Vec<(&'static str, Duration)> {
        self.stages
    }
}

/// The media stage: the web bundle and the content's media files copied into the
/// staging folder, but the images whose WebP variants a page shows, which the
/// prerender stage writes with their variants.
pub(crate) fn copy_media(
    run: Run,
    web: &WebBuild,
    staging: &Staging,
    planned: &Planned,
    media_cache: &Path,
) -> Result<(), BuildError> {
    let content = &planned.published.content;
    staging.copy_tree(&web.client_dir)?;
    let site_image = content.site.og_image_output();
    // A shown image whose variants replace it is not published ([`variants`]), unless
    // it is also the site's share image; the others are, without their metadata.
    let published: Vec<&MediaFile> = content
        .media
        .files()
        .filter(|media| {
            variants::publishes_original(media, &planned.shown_images)
                || site_image == Some(media.output.as_str())
        })
        .collect();
    parallel::map_parallel(published.len(), run.jobs, |index| {
        originals::publish_original(
            published[index],
            staging,
            media_cache,
            run.options.reuse_cache,
        )
    })?;
    Ok(())
}

/// The data stage: the layout data every page loads, written to its content-hashed
/// file, whose name it returns.
pub(crate) fn write_layout(staging: &Staging, published: &Published) -> Result<String, BuildError> {
    let layout_file = sitegen_view::layout_file(&published.layout_json);
    staging.write(&layout_file, &published.layout_json)?;
    Ok(layout_file)
}

/// What [`write_site_files`] answers.
pub(crate) struct SiteFiles {
    /// The redirect rules and headers, which the link check and the host's limits take.
    pub host_files: HostFiles,
    /// The sitemap's dates, to store once the output is in place.
    pub lastmods: Lastmods,
}

/// What the write stage remembers of the last build (a warm builder's).
#[derive(Default)]
pub(crate) struct SiteFilesMemory {
    /// The last build's search index, updated where documents changed.
    pub search: Option<SearchIndex>,
    /// The content hash of each sitemap page of the last build, for its `<lastmod>`.
    pub route_hashes: RouteHashes,
    /// The last build's redirect rules and client redirect map.
    pub routing: Option<Routing>,
}

/// The site's files besides its pages: the sitemap (its dates from `lastmods`, the
/// store of this output's), `robots.txt`, `_redirects` (a warning in `warnings` for
/// each host limit it passes), the fallback page of each content alias, the client's
/// redirect map, the search index and `_headers`; for a host profile, what that host
/// reads instead (`vercel.json`, `.nojekyll`). A warm builder (`last` is some) makes
/// them from its `last` memory where their inputs are the same, and answers its new
/// memory, also when writing fails (without the search index or the redirect rules
/// whose files could not be written).
pub(crate) fn write_site_files(
    run: Run,
    published: &Published,
    staging: &Staging,
    page_links: &PageLinks,
    last: Option<SiteFilesMemory>,
    lastmods: Lastmods,
    warnings: &mut Vec<Diagnostic>,
) -> (Result<SiteFiles, BuildError>, Option<SiteFilesMemory>) {
    let content = &published.content;
    let kept = last.is_some();
    let SiteFilesMemory {
        search,
        route_hashes,
        routing,
    } = last.unwrap_or_default();
    let mut memory = SiteFilesMemory {
        search: None,
        route_hashes,
        routing,
    };
    let write_rest = |warnings: &mut Vec<Diagnostic>| {
        let last_hashes = kept.then(|| std::mem::take(&mut memory.route_hashes));
        let (lastmods, hashes) =
            write_sitemap(run, published, staging, last_hashes, lastmods, warnings);
        if let Some(hashes) = hashes {
            memory.route_hashes = hashes;
        }
        let lastmods = lastmods?;
        let last_routing = (kept, memory.routing.take());
        let (host_files, routing) =
            write_routing_files(run, published, staging, page_links, last_routing, warnings);
        memory.routing = routing;
        Ok(SiteFiles {
            host_files: host_files?,
            lastmods,
        })
    };
    let (search, rest) = if run.jobs < 2 {
        match write_search_index(content, staging, search) {
            Ok(index) => (Ok(index), write_rest(warnings)),
            Err(error) => return (Err(error), kept.then_some(memory)),
        }
    } else {
        std::thread::scope(|scope| {
            // The search index, the longest of these files to make at 10,000 products, on
            // a thread of its own beside the others.
            let search = scope.spawn(|| write_search_index(content, staging, search));
            let rest = write_rest(warnings);
            let search = search
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (search, rest)
        })
    };
    let written = search.and_then(|index| {
        memory.search = Some(index);
        rest
    });
    (written, kept.then_some(memory))
}

/// The sitemap (`sitemap.xml`, or it and its parts) and `robots.txt`: each URL dated by
/// `lastmods`, which answers the dates of this build's pages; with the hashes of the
/// sitemap pages, made from a warm builder's `last` ones, to keep for the next build.
fn write_sitemap(
    run: Run,
    published: &Published,
    staging: &Staging,
    last: Option<RouteHashes>,
    lastmods: Lastmods,
    warnings: &mut Vec<Diagnostic>,
) -> (Result<Lastmods, BuildError>, Option<RouteHashes>) {
    let base_url = published.content.site.base_url();
    let listed: Vec<&PlannedRoute> = published
        .routes
        .iter()
        .filter(|route| route.in_sitemap)
        .collect();
    // Hashed from the data at hand, on every thread (at 10,000 products, tens of MB); a
    // warm builder hashes only the routes whose data is new.
    let kept = last.is_some();
    let mut route_hashes = last.unwrap_or_default();
    let Ok(hashes) = parallel::map_parallel(listed.len(), run.jobs, |at| {
        Ok::<_, Infallible>(route_hashes.hash(listed[at]))
    });
    // Only worth making for a builder that builds again.
    let route_hashes = kept.then(|| {
        route_hashes.update(&listed, &hashes);
        route_hashes
    });
    let pages: Vec<(String, Key)> = listed
        .iter()
        .map(|route| route.canonical(base_url))
        .zip(hashes.into_iter().map(|(hash, _)| hash))
        .collect();
    let (today, bad_epoch) = Day::of_build();
    if let Some(value) = bad_epoch {
        warnings.push(Diagnostic::new(
            ErrorCode::SourceDateEpoch,
            format!(
                "the environment variable {} is {value:?}, not a whole number of seconds \
                 since 1970: the sitemap dates its new and changed pages by the clock ({})",
                lastmod::SOURCE_DATE_EPOCH,
                today.as_str(),
            ),
        ));
    }
    let (dates, lastmods) = lastmods.dated(&pages, &today);
    let urls: Vec<SitemapUrl> = pages
        .into_iter()
        .zip(dates)
        .map(|((loc, _), lastmod)| SitemapUrl { loc, lastmod })
        .collect();
    let written = (|| {
        for (name, xml) in sitemap::sitemap_files(&urls, base_url, sitemap::PROTOCOL_LIMITS) {
            staging.write(&name, xml)?;
        }
        staging.write("robots.txt", sitemap::robots(base_url))?;
        Ok(lastmods)
    })();
    (written, route_hashes)
}

/// The search index, updated from the `last` one of a warm builder where documents
/// changed; answered to keep once its files are written.
fn write_search_index(
    content: &Content,
    staging: &Staging,
    last: Option<SearchIndex>,
) -> Result<SearchIndex, BuildError> {
    let index = search_index::update_for(content, last);
    for (path, bytes) in index.files().files {
        staging.write(&path, bytes)?;
    }
    Ok(index)
}

/// The files of [`write_site_files`] but the search index; with the redirect rules and
/// map, made from a warm builder's last ones (`last`: whether the builder keeps
/// anything, and its rules) where their inputs hash the same, to keep once written.
fn write_routing_files(
    run: Run,
    published: &Published,
    staging: &Staging,
    page_links: &PageLinks,
    last: (bool, Option<Routing>),
    warnings: &mut Vec<Diagnostic>,
) -> (Result<HostFiles, BuildError>, Option<Routing>) {
    let (options, jobs) = (run.options, run.jobs);
    let (content, planned) = (&published.content, &published.routes);
    let base_url = content.site.base_url();
    let (kept, last) = last;
    let routing = Routing::of(content, planned, last);
    let mut written = None;
    let host_files = (|| {
        let redirect_rules = routing.rules.clone();
        // `--host` replaces site.toml's. With a host profile its own limits are checked, as
        // errors, with the output's.
        let host = options.host.or(content.site.host());
        if host.is_none() {
            warnings.extend(
                limits::limits_passed(&redirect_rules)
                    .into_iter()
                    .map(|passed| {
                        Diagnostic::file(
                            options.out_dir.join(names::REDIRECTS),
                            ErrorCode::RedirectLimit,
                            passed,
                        )
                    }),
            );
        }
        let reads = profile::files_for(host);
        if reads.redirects {
            staging.write(names::REDIRECTS, redirect_rules.to_text())?;
        }
        // One a product: thousands of small files, written on every thread.
        let fallback_pages = redirects::fallback_pages(content, base_url);
        parallel::map_parallel(fallback_pages.len(), jobs, |index| {
            let (path, html) = &fallback_pages[index];
            // A warm builder's link check reads again only the pages that changed, from
            // their files; a one-off build may check every page, from what it gathered.
            if staging.write_changed(path, html)? || !kept {
                page_links.add(path, html, None);
            }
            Ok::<_, BuildError>(())
        })?;
        staging.write(redirects::DATA_FILE, &routing.client_map)?;
        written = Some(routing);
        let header_rules = headers::headers(&headers::CspOrigins {
            frame: headers::origin_of(content.site.contact.map_embed_url.as_str()),
            connect: headers::origin_of(content.site.email.origin()),
            media: content.media.origin().and_then(headers::origin_of),
        });
        if reads.headers {
            staging.write(names::HEADERS, header_rules.to_text())?;
        }
        if reads.vercel_json {
            staging.write(
                names::VERCEL_JSON,
                vercel::vercel_json(&redirect_rules, &header_rules),
            )?;
        }
        if reads.nojekyll {
            staging.write(names::NOJEKYLL, "")?;
        }
        Ok(HostFiles {
            redirects: redirect_rules,
            headers: header_rules,
            host,
        })
    })();
    (host_files, written)
}

/// The redirect rules and headers a build wrote for its host.
pub(crate) struct HostFiles {
    pub redirects: Redirects,
    pub headers: Headers,
    pub host: Option<Host>,
}

impl HostFiles {
    /// The redirect rules the host applies, as `_redirects` text: the link check takes
    /// their sources for pages. None where the host reads no redirects.
    pub fn applied_rules(&self) -> String {
        let reads = profile::files_for(self.host);
        if reads.redirects {
            self.redirects.to_text()
        } else if reads.vercel_json {
            Redirects {
                comment: Vec::new(),
                rules: vercel::redirect_rules(&self.redirects).cloned().collect(),
            }
            .to_text()
        } else {
            String::new()
        }
    }
}

/// The host's limits checked against the staged output, before it replaces the last:
/// with a profile, each limit passed is an error (and the output is left as it was);
/// without, each host whose limits the output passes gets one warning (the redirect
/// rules' limits are warned about as `_redirects` is written).
pub(crate) fn check_host_limits(
    run: Run,
    staging: &Staging,
    written: &HostFiles,
    warnings: &mut Vec<Diagnostic>,
) -> Result<(), BuildError> {
    let sizes = staging.file_sizes();
    let stats = OutputStats::of(sizes.iter().map(|(path, bytes)| (path.as_str(), *bytes)));
    let deploy = Deploy {
        stats: &stats,
        redirects: &written.redirects,
        headers: &written.headers,
    };
    let out_dir = &run.options.out_dir;
    match written.host {
        Some(host) => {
            let errors: Vec<Diagnostic> = host
                .check(&deploy)
                .into_iter()
                .map(|breach| Diagnostic {
                    hint: Some(breach.advice.to_string()),
                    ..Diagnostic::file(out_dir.clone(), ErrorCode::HostLimit, breach.message)
                })
                .collect();
            if errors.is_empty() {
                return Ok(());
            }
            let mut diagnostics = errors;
            diagnostics.append(warnings);
            Err(BuildError::HostLimits(diagnostics))
        }
        None => {
            for host in Host::ALL {
                let mut without_redirects = deploy;
                let empty = Redirects::default();
                // `_redirects`' limits have their own warning, W0004.
                if host.limits().redirects.is_some() {
                    without_redirects.redirects = &empty;
                }
                let passed: Vec<String> = host
                    .check(&without_redirects)
                    .into_iter()
                    .map(|breach| breach.message)
                    .collect();
                if !passed.is_empty() {
                    warnings.push(Diagnostic::file(
                        out_dir.clone(),
                        ErrorCode::HostLimitPassed,
                        format!("{}: a deploy would fail", passed.join("; ")),
                    ));
                }
            }
            Ok(())
        }
    }
}

/// What a link check remembers: for a warm builder, the check of the output the build
/// updates ([`LinkGraph`]), so that it looks again only at the pages whose answer can
/// differ, and the check it makes, for the next build.
pub(crate) struct LinkMemory {
    pub keep: bool,
    pub last: Option<LinkGraph>,
}

/// The link check: fails with the broken links of the staged site's pages (whose files
/// and redirects `outputs` lists, [`output_index`]) and the web app's sources'
/// `web_problems`, all at once. Only some pages are checked: when an
/// update in place leaves the same files, the `changed_pages`; with a remembered check
/// of the output the update changes, those whose answer can differ. For a warm builder
/// it answers the check of this output, to remember with it.
pub(crate) fn check_links(
    run: Run,
    staging: &Staging,
    changed_pages: &Option<Vec<String>>,
    page_links: PageLinks,
    outputs: OutputIndex,
    web_problems: Vec<Diagnostic>,
    memory: LinkMemory,
) -> Result<Option<LinkGraph>, BuildError> {
    let gathered = page_links.into_gathered();
    let mut graph = None;
    let page_problems = if memory.keep {
        let (checked, problems) =
            check_and_remember(run, staging, changed_pages, &gathered, outputs, memory.last);
        graph = Some(checked);
        problems
    } else {
        check_pages(run, staging, changed_pages, &gathered, &outputs)
    };
    let mut problems = web_problems;
    problems.extend(page_problems);
    if problems.is_empty() {
        Ok(graph)
    } else {
        Err(BuildError::Links(problems))
    }
}

/// What the link check finds a URL in: the staged files, the `redirect_rules`, and
/// when the media live on their own, their origin (a URL on it names a file of the
/// media folder).
pub(crate) fn output_index(
    staging: &Staging,
    redirect_rules: &str,
    media_origin: Option<&str>,
) -> OutputIndex {
    OutputIndex::new(staging.files(), redirect_rules).with_media_origin(media_origin)
}

/// The link check of a one-off build.
fn check_pages(
    run: Run,
    staging: &Staging,
    changed_pages: &Option<Vec<String>>,
    gathered: &GatheredLinks,
    outputs: &OutputIndex,
) -> Vec<Diagnostic> {
    // When an update leaves the same files, the pages it did not change link to
    // the same files as before: only the changed ones need a look.
    let html_files = match changed_pages.as_deref() {
        Some(changed) if staging.same_files_as_target() => {
            changed.iter().map(String::as_str).collect()
        }
        _ => outputs.pages(),
    };
    let checker = PageChecker::new(run, staging, gathered, outputs);
    each_page(run, &html_files, |page| checker.problems(page))
        .into_iter()
        .flatten()
        .collect()
}

/// The link check of a warm builder: of the pages whose answer can differ from the
/// `last` check of the output this build updates, or of every page; with the check of
/// the whole output it makes.
fn check_and_remember(
    run: Run,
    staging: &Staging,
    changed_pages: &Option<Vec<String>>,
    gathered: &GatheredLinks,
    outputs: OutputIndex,
    last: Option<LinkGraph>,
) -> (LinkGraph, Vec<Diagnostic>) {
    let checker = PageChecker::new(run, staging, gathered, &outputs);
    let check = |pages: &[&str]| {
        let checked = each_page(run, pages, |page| checker.check(page));
        pages
            .iter()
            .map(|page| page.to_string())
            .zip(checked)
            .collect()
    };
    match (last, changed_pages) {
        (Some(mut graph), Some(changed)) => {
            let changed = changed.iter().map(String::as_str).collect();
            let checked = check(&graph.pages_to_check(&outputs, &changed));
            let problems = graph.update(outputs, checked);
            (graph, problems)
        }
        _ => {
            let checked = check(&outputs.pages());
            LinkGraph::new(outputs, checked)
        }
    }
}

/// `check` of each of `pages`, on every thread, counted by the progress.
fn each_page<T: Send>(run: Run, pages: &[&str], check: impl Fn(&str) -> T + Sync) -> Vec<T> {
    let Ok(checked) = progress::stage(run.progress, Stage::LinkCheck, pages.len(), || {
        parallel::map_parallel(pages.len(), run.jobs, |index| {
            let checked = check(pages[index]);
            run.progress.advance();
            Ok::<_, Infallible>(checked)
        })
    });
    checked
}

/// Checks one page of the staged site at a time.
struct PageChecker<'a> {
    out_dir: &'a Path,
    staging: &'a Staging,
    gathered: &'a GatheredLinks,
    outputs: &'a OutputIndex,
    route_table: RouteTable,
}

impl<'a> PageChecker<'a> {
    fn new(
        run: Run<'a>,
        staging: &'a Staging,
        gathered: &'a GatheredLinks,
        outputs: &'a OutputIndex,
    ) -> Self {
        Self {
            out_dir: &run.options.out_dir,
            staging,
            gathered,
            outputs,
            route_table: RouteTable::of_site(),
        }
    }

    /// The problems of `page`: a page this build wrote is checked from its gathered
    /// URLs; one with a problem, or kept from the last build, from its file.
    fn problems(&self, page: &str) -> Vec<Diagnostic> {
        let has_problem =
            |url: &str| sitegen_links::url_problem(url, self.outputs, &self.route_table).is_some();
        if self.gathered.all_fine(page, &has_problem) {
            Vec::new()
        } else {
            self.file_problems(page)
        }
    }

    fn file_problems(&self, page: &str) -> Vec<Diagnostic> {
        sitegen_links::check_page_file(
            self.staging.read_to_string(page),
            page,
            self.out_dir,
            self.outputs,
            &self.route_table,
        )
    }

    /// [`PageChecker::problems`], with the page's URLs.
    fn check(&self, page: &str) -> PageCheck {
        match self.gathered.url_groups(page) {
            Some(urls) => PageCheck {
                urls,
                problems: self.problems(page),
            },
            None => {
                let (urls, problems) = sitegen_links::check_page_file_urls(
                    self.staging.read_to_string(page),
                    page,
                    self.out_dir,
                    self.outputs,
                    &self.route_table,
                );
                PageCheck {
                    urls: vec![urls.into()],
                    problems,
                }
            }
        }
    }
}

/// The compress stage (`--precompress`): the `.br` and `.gz` twins of the staged
/// files that have none yet.
pub(crate) fn precompress(run: Run, staging: &Staging) -> Result<(), BuildError> {
    staging.note_unlisted_files();
    let out_dir = Some(run.options.out_dir.as_path());
    compress::precompress(staging.dir(), run.jobs, run.progress, out_dir)?;
    if let Some(media) = staging.media() {
        media.note_unlisted_files();
        let media_out = run.options.media_out_dir();
        compress::precompress(media.dir(), run.jobs, run.progress, Some(&media_out))?;
    }
    Ok(())
}
