//! The link check stage: every link of the staged site's pages, looked up in its files
//! and redirects, on every thread; the stage counts the pages in the build's progress.

use std::convert::Infallible;
use std::path::Path;

use sitegen_content::Diagnostic;
use sitegen_links::{LinkGraph, OutputIndex, PageCheck, RouteTable};
use sitegen_output::progress::{Stage, Tally};
use sitegen_workers::parallel;

use super::Run;
use crate::error::BuildError;
use crate::page_links::{GatheredLinks, PageLinks};
use crate::staging::Staging;

/// What a link check remembers: for a warm builder, the check of the output the build
/// updates ([`LinkGraph`]), so that it looks again only at the pages whose answer can
/// differ, and the check it makes, for the next build.
pub(crate) struct LinkMemory {
    pub keep: bool,
    pub last: Option<LinkGraph>,
}

/// The pages of the staged site, with the links their prerender gathered; when the
/// build updates the output in place, which of them it changed.
pub(crate) struct StagedPages<'a> {
    pub staging: &'a Staging,
    pub changed: &'a Option<Vec<String>>,
    pub links: PageLinks,
}

/// The link check: fails with the broken links of the staged site's pages (whose files
/// and redirects `outputs` lists, [`output_index`]) and the web app's sources'
/// `web_problems`, all at once. Only some pages are checked: when an
/// update in place leaves the same files, the changed ones; with a remembered check
/// of the output the update changes, those whose answer can differ. For a warm builder
/// it answers the check of this output, to remember with it.
pub(crate) fn check_links(
    run: Run,
    tally: &Tally,
    pages: StagedPages,
    outputs: OutputIndex,
    web_problems: Vec<Diagnostic>,
    memory: LinkMemory,
) -> Result<Option<LinkGraph>, BuildError> {
    let StagedPages {
        staging,
        changed: changed_pages,
        links,
    } = pages;
    let gathered = links.into_gathered();
    let mut graph = None;
    let page_problems = if memory.keep {
        let (checked, problems) = check_and_remember(
            run,
            tally,
            staging,
            changed_pages,
            &gathered,
            outputs,
            memory.last,
        );
        graph = Some(checked);
        problems
    } else {
        check_pages(run, tally, staging, changed_pages, &gathered, &outputs)
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
    tally: &Tally,
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
    each_page(run, tally, &html_files, |page| checker.problems(page))
        .into_iter()
        .flatten()
        .collect()
}

/// The link check of a warm builder: of the pages whose answer can differ from the
/// `last` check of the output this build updates, or of every page; with the check of
/// the whole output it makes.
fn check_and_remember(
    run: Run,
    tally: &Tally,
    staging: &Staging,
    changed_pages: &Option<Vec<String>>,
    gathered: &GatheredLinks,
    outputs: OutputIndex,
    last: Option<LinkGraph>,
) -> (LinkGraph, Vec<Diagnostic>) {
    let checker = PageChecker::new(run, staging, gathered, &outputs);
    let check = |pages: &[&str]| {
        let checked = each_page(run, tally, pages, |page| checker.check(page));
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

/// `check` of each of `pages`, on every thread, counted by the tally.
fn each_page<T: Send>(
    run: Run,
    tally: &Tally,
    pages: &[&str],
    check: impl Fn(&str) -> T + Sync,
) -> Vec<T> {
    let Ok(checked) = tally.stage(Stage::LinkCheck, pages.len(), || {
        parallel::map_parallel(pages.len(), run.jobs, |index| {
            let checked = check(pages[index]);
            tally.advance();
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
