//! Stages of a build that stand on their own: each takes what the stages before it made
//! and writes into the staging folder or checks it.

use std::convert::Infallible;

use sitegen_content::{Content, Diagnostic, ErrorCode};
use sitegen_media::variants;
use sitegen_workers::parallel;

use crate::error::BuildError;
use crate::output::Staging;
use crate::page_links::PageLinks;
use crate::progress::{self, Progress, Stage};
use crate::routes::PlannedRoute;
use crate::{cdn, hosts, output, redirects, search_index, BuildOptions};

/// The checked content as this build publishes it, with its warnings: `--base-url`
/// applied, the drafts left out unless `--drafts`, and the images' WebP variants
/// planned. Every error of the content at once when it has any.
pub(crate) fn load_content(
    options: &BuildOptions,
) -> Result<(Content, Vec<Diagnostic>), BuildError> {
    let report = sitegen_content::load_with(&options.content_dir, &options.load);
    let Some(mut content) = report.content else {
        return Err(BuildError::Content(report.diagnostics));
    };
    if let Some(base_url) = &options.base_url {
        content.site.base_url.value = base_url.clone();
    }
    if !options.drafts {
        content.remove_drafts();
    }
    variants::plan_variants(&mut content.media);
    Ok((content, report.diagnostics))
}

/// The site's files besides its pages: `sitemap.xml`, `robots.txt`, `_redirects` (a
/// warning in `warnings` for each host limit it passes), the fallback page of each
/// product's stable URL, the client's redirect map, the search index and `_headers`.
/// Returns the redirect rules, which the link check follows.
pub(crate) fn write_site_files(
    options: &BuildOptions,
    content: &Content,
    planned: &[PlannedRoute],
    staging: &Staging,
    page_links: &PageLinks,
    jobs: usize,
    warnings: &mut Vec<Diagnostic>,
) -> Result<String, BuildError> {
    let base_url = content.site.base_url();
    let sitemap_urls: Vec<String> = planned
        .iter()
        .filter(|route| route.in_sitemap)
        .map(|route| route.canonical(base_url))
        .collect();
    staging.write("sitemap.xml", output::sitemap(&sitemap_urls))?;
    staging.write("robots.txt", output::robots(base_url))?;
    let redirect_rules = redirects::rules(content, planned.iter().map(|route| route.path.as_str()));
    warnings.extend(
        hosts::limits_passed(&redirect_rules)
            .into_iter()
            .map(|passed| {
                Diagnostic::file(
                    options.out_dir.join("_redirects"),
                    ErrorCode::RedirectLimit,
                    passed,
                )
            }),
    );
    staging.write("_redirects", &redirect_rules)?;
    // One a product: thousands of small files, written on every thread.
    let fallback_pages = redirects::fallback_pages(content, base_url);
    parallel::map_parallel(fallback_pages.len(), jobs, |index| {
        let (path, html) = &fallback_pages[index];
        page_links.add(path, html, None);
        staging.write(path, html)
    })?;
    staging.write(
        redirects::DATA_FILE,
        redirects::client_map(content).to_string(),
    )?;
    for (path, bytes) in search_index::of_content(content).files {
        staging.write(&path, bytes)?;
    }
    staging.write(
        "_headers",
        cdn::headers(&cdn::CspOrigins {
            frame: cdn::origin_of(content.site.contact.map_embed_url.as_str()),
            connect: cdn::origin_of(content.site.email.origin()),
        }),
    )?;
    Ok(redirect_rules)
}

/// The broken links of the staged site's pages (only the `changed_pages` when an
/// update in place leaves the same files).
pub(crate) fn check_links(
    options: &BuildOptions,
    staging: &Staging,
    changed_pages: Option<&[String]>,
    page_links: PageLinks,
    redirect_rules: &str,
    jobs: usize,
    progress: &dyn Progress,
) -> Vec<Diagnostic> {
    let outputs = sitegen_links::OutputIndex::new(staging.files(), redirect_rules);
    let route_table = sitegen_links::RouteTable::of_site();
    // When an update leaves the same files, the pages it did not change link to
    // the same files as before: only the changed ones need a look.
    let html_files = match changed_pages {
        Some(changed) if staging.same_files_as_target() => {
            changed.iter().map(String::as_str).collect()
        }
        _ => outputs.pages(),
    };
    let gathered_links = page_links.into_gathered();
    let has_problem = |url: &str| sitegen_links::url_problem(url, &outputs, &route_table).is_some();
    let Ok(problems_per_page) =
        progress::stage(progress, Stage::LinkCheck, html_files.len(), || {
            parallel::map_parallel(html_files.len(), jobs, |index| {
                let page = html_files[index];
                // A page this build wrote is checked from its gathered URLs; one
                // with a problem, or kept from the last build, from its file.
                let problems = if gathered_links.all_fine(page, &has_problem) {
                    Vec::new()
                } else {
                    sitegen_links::check_page_file(
                        staging.read_to_string(page),
                        page,
                        &options.out_dir,
                        &outputs,
                        &route_table,
                    )
                };
                progress.advance();
                Ok::<_, Infallible>(problems)
            })
        });
    problems_per_page.into_iter().flatten().collect()
}
