//! What a builder keeps between builds: `sitegen serve`'s warm workers, last renders
//! and memory of its output; nothing for a one-off build.

use sitegen_buildcache::record;
use sitegen_links::LinkGraph;
use sitegen_pages::lastmod::Lastmods;

use crate::stages::{ContentMemory, PrerenderMemory, SiteFilesMemory};

/// What `sitegen serve` keeps between builds, one memory a stage: each stage takes its
/// memory of the last build with its inputs and answers its new memory with its output.
/// Starting Node and loading the bundle costs far more than rendering the few routes
/// one edit changes, and writing the thousands of files of a whole site far more than
/// the few an edit changes. A one-off build has none ([`crate::Builder::once`]).
///
/// A build holds the record from its start to its end, takes a stage's memory out as
/// the stage starts and puts back what the stage answers. So a failed build leaves
/// each memory of a stage it did not reach as it was, and:
/// - keeps what the content stage answers even when it fails (the content files read,
///   the page data, the drawings' checks, the web sources' link problems), but the last
///   plan, which only a build that ended keeps;
/// - loses the renders, what each page was written from and the idle workers when the
///   prerender fails (the next build renders from the build cache, on new workers);
/// - keeps the sitemap pages' hashes once made, but loses the search index or the
///   redirect rules when writing their files fails;
/// - loses the output and its link check once the build has started to update that
///   output in place (the next build reads the output's record from the cache).
#[derive(Default)]
pub(crate) struct Warm {
    pub content: ContentMemory,
    pub prerender: PrerenderMemory,
    pub site_files: SiteFilesMemory,
    /// What the last build left in the output folder (a folder replaced by someone
    /// else since is rebuilt whole).
    pub output: Option<record::Output>,
    /// The link check of that output: the next check of it looks again only at the
    /// pages an update can change the answer of.
    pub links: Option<LinkGraph>,
    /// The sitemap's dates of that output, stored with its record when the builder
    /// stops, not read and written again at each build.
    pub lastmods: Option<Lastmods>,
}
