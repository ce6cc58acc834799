//! The write stage: the site's files besides its pages (the sitemap, `robots.txt`, the
//! search index, the redirects and the host's files).

use sitegen_content::{Content, Diagnostic, ErrorCode};
use sitegen_hosts::{limits, names, profile, Headers, Host, Redirects};
use sitegen_pages::lastmod::{Lastmods, RouteHashes};
use sitegen_pages::sitemap;
use sitegen_routes::{Published, Routing};
use sitegen_search as search_index;
use sitegen_search::SearchIndex;
use sitegen_sitefiles::headers;
use sitegen_workers::parallel;

use super::Run;
use crate::error::BuildError;
use crate::page_links::PageLinks;
use crate::redirects;
use crate::staging::Staging;

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

/// The sitemap (`sitemap.xml`, or it and its parts) and `robots.txt`, as
/// [`sitegen_pages::sitemap::dated_sitemap`] dates them; with the hashes of the sitemap
/// pages, made from a warm builder's `last` ones, to keep for the next build.
fn write_sitemap(
    run: Run,
    published: &Published,
    staging: &Staging,
    last: Option<RouteHashes>,
    lastmods: Lastmods,
    warnings: &mut Vec<Diagnostic>,
) -> (Result<Lastmods, BuildError>, Option<RouteHashes>) {
    let dated = sitemap::dated_sitemap(published, last, lastmods, run.jobs);
    warnings.extend(dated.warning);
    let written = (|| {
        for (name, text) in &dated.files {
            staging.write(name, text)?;
        }
        Ok(dated.lastmods)
    })();
    (written, dated.route_hashes)
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
        let header_rules = headers::headers(&headers::CspOrigins {
            frame: headers::origin_of(content.site.contact.map_embed_url.as_str()),
            connect: headers::origin_of(content.site.email.origin()),
            media: content.media.origin().and_then(headers::origin_of),
        });
        for (name, text) in profile::files_for(host).texts(&redirect_rules, &header_rules) {
            staging.write(name, text)?;
        }
        written = Some(routing);
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
        profile::files_for(self.host).applied_redirects(&self.redirects)
    }
}
