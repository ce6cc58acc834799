//! The sitemap of a build: every listed route's URL, dated by the store of
//! [`crate::lastmod`], as the files a site serves it in, with `robots.txt`.

use std::convert::Infallible;

use sitegen_content::{Diagnostic, ErrorCode};
use sitegen_routes::{PlannedRoute, Published};
use sitegen_sitefiles::sitemap::{self, SitemapUrl};
use sitegen_workers::{parallel, Key};

use crate::lastmod::{self, Day, Lastmods, RouteHashes};

/// What [`dated_sitemap`] makes.
pub struct DatedSitemap {
    /// `sitemap.xml` (or it and its parts) and `robots.txt`: each file's name and text.
    pub files: Vec<(String, String)>,
    /// The dates of this build's pages, to store once the output is in place.
    pub lastmods: Lastmods,
    /// The hashes of the sitemap's pages, for a builder that builds again.
    pub route_hashes: Option<RouteHashes>,
    /// Why the sitemap dates its new and changed pages by the clock, when it does.
    pub warning: Option<Diagnostic>,
}

/// The sitemap of `published`: each URL dated by `lastmods` (the store of this output's
/// dates) from the hash of its route's data, hashed on up to `jobs` threads; a warm
/// builder's `last` hashes are taken for the routes whose data is the same, and
/// answered updated.
pub fn dated_sitemap(
    published: &Published,
    last: Option<RouteHashes>,
    lastmods: Lastmods,
    jobs: usize,
) -> DatedSitemap {
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
    let Ok(hashes) = parallel::map_parallel(listed.len(), jobs, |at| {
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
    let warning = bad_epoch.map(|value| {
        Diagnostic::new(
            ErrorCode::SourceDateEpoch,
            format!(
                "the environment variable {} is {value:?}, not a whole number of seconds \
                 since 1970: the sitemap dates its new and changed pages by the clock ({})",
                lastmod::SOURCE_DATE_EPOCH,
                today.as_str(),
            ),
        )
    });
    let (dates, lastmods) = lastmods.dated(&pages, &today);
    let urls: Vec<SitemapUrl> = pages
        .into_iter()
        .zip(dates)
        .map(|((loc, _), lastmod)| SitemapUrl { loc, lastmod })
        .collect();
    let mut files = sitemap::sitemap_files(&urls, base_url, sitemap::PROTOCOL_LIMITS);
    files.push(("robots.txt".to_string(), sitemap::robots(base_url)));
    DatedSitemap {
        files,
        lastmods,
        route_hashes,
        warning,
    }
}
