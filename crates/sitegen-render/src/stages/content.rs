//! The content stage: the content read (again, where an edit changed it, for a warm
//! builder), checked, shaped as this build publishes it, and planned, once, before
//! anything is written.

use std::path::Path;

use sitegen_content::{Content, Diagnostic, LoadReport, ReadMemory};
use sitegen_media::share::DrawingChecks;
use sitegen_media::variants::{self, ShownImages};
use sitegen_output::progress::Tally;
use sitegen_pages::{seo, shell::Shells};
use sitegen_routes::{PageMemory, PagePlanner, Published};

use super::Run;
use crate::error::BuildError;

/// What the content stage makes.
pub(crate) struct Planned {
    /// The content as this build publishes it, its routes and layout.
    pub published: Published,
    /// What the routes' data and the layout show of the images with variants.
    pub shown_images: ShownImages,
    /// The content's warnings (the build goes on).
    pub warnings: Vec<Diagnostic>,
    pub shells: Shells,
    /// The broken route literals of the web app's sources, reported together with the
    /// output's broken links, after the build.
    pub source_link_problems: Vec<Diagnostic>,
}

/// What the content stage remembers of the last build (a warm builder's).
#[derive(Default)]
pub(crate) struct ContentMemory {
    /// What the last load kept of the content files it read.
    pub read: ReadMemory,
    /// The page data of the last plan, reused where a view is unchanged, and the plan
    /// of the last build that ended ([`sitegen_routes::LastPlan`]).
    pub pages: PageMemory,
    /// What the check of each drawing pages are shared with found.
    pub drawings: DrawingChecks,
    /// The problems of the route literals of the web app's sources, with the
    /// fingerprint of the web app's inputs (its sources among them) they were found in.
    pub source_links: Option<(String, Vec<Diagnostic>)>,
}

/// The content stage: the content loaded (its WebP variants encoded into
/// `media_cache`, [`load_content`]) and planned, once, before anything is written, and
/// the templates read. The rule `check` applies to every entry (drafts too: the
/// drawings pages are shared with must become PNGs) applies here to the pages this
/// build publishes. With the `last` memory of a warm builder it reads again only what
/// changed and answers its new memory, also when the content has errors; a one-off
/// build (`None`) keeps nothing. The content a save's check has just loaded from the
/// files as they are (`checked`) is taken as it is, not read and checked again.
pub(crate) fn plan_content(
    run: Run,
    tally: &Tally,
    media_cache: &Path,
    web_fingerprint: Option<&str>,
    checked: Option<LoadReport>,
    last: Option<ContentMemory>,
) -> (Result<Planned, BuildError>, Option<ContentMemory>) {
    let kept = last.is_some();
    let ContentMemory {
        read,
        pages,
        mut drawings,
        source_links,
    } = last.unwrap_or_default();
    let (loaded, read) = match checked {
        // The memory of the builder's last read stays as it is: the next read compares
        // it with the files again (by their bytes and stamps).
        Some(report) => (
            shape_content(run, tally, media_cache, report),
            kept.then_some(read),
        ),
        None => load_content(run, tally, media_cache, kept.then_some(read)),
    };
    let (content, warnings) = match loaded {
        Ok(loaded) => loaded,
        Err(error) => {
            let memory = ContentMemory {
                read: read.unwrap_or_default(),
                pages,
                drawings,
                source_links,
            };
            return (Err(error), kept.then_some(memory));
        }
    };
    let planner = if kept {
        PagePlanner::remembering(pages)
    } else {
        PagePlanner::fresh()
    };
    let published = Published::plan(content, run.jobs, &planner);
    let shown_images = published.shown_images(&planner);
    let content = &published.content;
    let undrawable = drawings.undrawable(content, &seo::shared_images(content));
    let memory = |source_links| {
        kept.then(|| ContentMemory {
            read: read.unwrap_or_default(),
            pages: planner.into_memory().unwrap_or_default(),
            drawings,
            source_links,
        })
    };
    if !undrawable.is_empty() {
        let error = BuildError::Content(crate::merged(warnings, undrawable));
        return (Err(error), memory(source_links));
    }
    let shells = match Shells::load(&run.options.templates_dir) {
        Ok(shells) => shells,
        Err(error) => return (Err(error.into()), memory(source_links)),
    };
    let (source_link_problems, source_links) =
        source_link_problems(web_fingerprint, source_links, || {
            crate::check_source_links(&run.options.web_dir)
        });
    let planned = Planned {
        published,
        shown_images,
        warnings,
        shells,
        source_link_problems,
    };
    (Ok(planned), memory(source_links))
}

/// The problems of the web app's route literals: the `last` ones when they were found
/// in sources of the same `fingerprint` (when known), else `check`'s; with what to
/// remember of them.
fn source_link_problems(
    fingerprint: Option<&str>,
    last: Option<(String, Vec<Diagnostic>)>,
    check: impl FnOnce() -> Vec<Diagnostic>,
) -> (Vec<Diagnostic>, Option<(String, Vec<Diagnostic>)>) {
    let Some(fingerprint) = fingerprint else {
        return (check(), last);
    };
    match last {
        Some((seen, problems)) if seen == fingerprint => (problems.clone(), Some((seen, problems))),
        _ => {
            let problems = check();
            (problems.clone(), Some((fingerprint.to_string(), problems)))
        }
    }
}

/// The checked content as this build publishes it, with its warnings: `--base-url`
/// and the media origin (`--media-url`, else site.toml's, unless kept local) applied,
/// the drafts left out unless `--drafts`, and the images' WebP variants planned and
/// encoded into `media_cache`, those not smaller than their source left out
/// ([`variants::keep_smaller_variants`]), so that the routes are planned once. Every
/// error of the content at once when it has any. The one place the content is shaped:
/// from here on nothing changes it. With the `last` read of a warm builder, the files
/// are read again where they changed, and what to keep of this read is answered (also
/// when the content has errors).
pub(crate) fn load_content(
    run: Run,
    tally: &Tally,
    media_cache: &Path,
    last: Option<ReadMemory>,
) -> (Result<Loaded, BuildError>, Option<ReadMemory>) {
    let options = run.options;
    let (report, read) = match last {
        Some(last) => {
            let (report, memory) =
                sitegen_content::load_again(&options.content_dir, &options.load, &[], last);
            (report, Some(memory))
        }
        None => (
            sitegen_content::load_with(&options.content_dir, &options.load),
            None,
        ),
    };
    (shape_content(run, tally, media_cache, report), read)
}

/// The content as a build publishes it, with its warnings.
pub(crate) type Loaded = (Content, Vec<Diagnostic>);

/// [`load_content`]'s content, once read.
fn shape_content(
    run: Run,
    tally: &Tally,
    media_cache: &Path,
    report: LoadReport,
) -> Result<Loaded, BuildError> {
    let options = run.options;
    let Some(mut content) = report.content else {
        return Err(BuildError::Content(report.diagnostics));
    };
    if let Some(base_url) = &options.base_url {
        content.site.base_url.value = base_url.clone();
    }
    let media_origin = options
        .media
        .url
        .as_ref()
        .or(content.site.media_url.as_ref().map(|url| &url.value))
        .filter(|_| !options.media.local)
        .map(|url| url.as_str().to_string());
    content.media.set_origin(media_origin);
    if !options.drafts {
        content.remove_drafts();
    }
    variants::plan_variants(&mut content.media);
    let images = variants::planned_files_count(&content.media);
    tally.images(images, || {
        let made = || tally.image_done();
        let (cache, reuse) = (media_cache, options.reuse_cache);
        variants::keep_smaller_variants(&mut content.media, cache, reuse, run.jobs, &made)
    })?;
    Ok((content, report.diagnostics))
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;
    use sitegen_content::ErrorCode;

    #[test]
    fn the_source_links_are_checked_again_only_when_the_web_inputs_changed() {
        let checks = Cell::new(0);
        let check = || {
            checks.set(checks.get() + 1);
            vec![Diagnostic::new(ErrorCode::UnknownRouteLiteral, "x")]
        };
        let (problems, memory) = source_link_problems(Some("a"), None, check);
        assert_eq!(problems.len(), 1);
        let (problems, memory) = source_link_problems(Some("a"), memory, check);
        assert_eq!(problems.len(), 1);
        assert_eq!(checks.get(), 1, "same sources: the last answer");
        let (_, memory) = source_link_problems(Some("b"), memory, check);
        let (_, memory) = source_link_problems(None, memory, check);
        assert_eq!(checks.get(), 3, "other or unknown sources: checked");
        assert_eq!(
            memory.map(|(seen, _)| seen).as_deref(),
            Some("b"),
            "unknown sources leave the last answer"
        );
    }
}
