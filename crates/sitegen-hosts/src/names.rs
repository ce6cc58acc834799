//! Every name the build writes at the root of the output besides the routes' pages:
//! an alias of the content must not shadow one, and a host never serves the ones it
//! reads as its configuration.

/// Whether a name is one file or a folder of many.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    File,
    Folder,
}

/// One name at the root of the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RootName {
    /// The name, without a `/`.
    pub name: &'static str,
    pub kind: Kind,
    /// Read by a host as its configuration, never served.
    pub host_config: bool,
}

const fn file(name: &'static str) -> RootName {
    RootName {
        name,
        kind: Kind::File,
        host_config: false,
    }
}

const fn folder(name: &'static str) -> RootName {
    RootName {
        name,
        kind: Kind::Folder,
        host_config: false,
    }
}

const fn host_config(name: &'static str) -> RootName {
    RootName {
        name,
        kind: Kind::File,
        host_config: true,
    }
}

/// `_redirects`: the redirect rules of Netlify, Cloudflare Pages and GitLab Pages.
pub const REDIRECTS: &str = "_redirects";
/// `_headers`: the response headers of Netlify and Cloudflare Pages.
pub const HEADERS: &str = "_headers";

/// `vercel.json`: Vercel's configuration (clean URLs, redirects, headers).
pub const VERCEL_JSON: &str = "vercel.json";
/// `.nojekyll`: GitHub Pages serves the files as they are, without Jekyll.
pub const NOJEKYLL: &str = ".nojekyll";

/// Every file and folder the build writes at the output's root, besides the routes'
/// pages (`index.html` is the home route's) and the web app's `public/` files.
pub const ROOT_NAMES: &[RootName] = &[
    // The page every host serves, with status 404, for a path it has no file for.
    file("404.html"),
    // The home page: an alias written there would replace it.
    file("index.html"),
    // The list of every page for search engines.
    file("sitemap.xml"),
    // Where crawlers find the sitemap.
    file("robots.txt"),
    // What marks the folder as sitegen's output, which a build may replace whole.
    file(".sitegen-output"),
    // The redirect rules of the hosts that read them.
    host_config(REDIRECTS),
    // The security and caching headers of the hosts that read them.
    host_config(HEADERS),
    // Vercel's configuration, for `--host vercel`.
    host_config(VERCEL_JSON),
    // GitHub Pages' switch that turns Jekyll off, for `--host github-pages`.
    host_config(NOJEKYLL),
    // The web app's bundle, named by content hash.
    folder("assets"),
    // The images' variants and the share pictures.
    folder("media"),
    // The app's data: the site-wide chunks and the redirect map.
    folder("data"),
    // The search index.
    folder("search"),
];

/// The files a host reads as its configuration and never serves.
pub fn host_config_files() -> impl Iterator<Item = &'static str> {
    ROOT_NAMES
        .iter()
        .filter(|name| name.host_config)
        .map(|name| name.name)
}

/// A part of a sitemap too large for one file, which `sitemap.xml` then indexes, is
/// named `sitemap-{number}.xml`.
const SITEMAP_PART: (&str, &str) = ("sitemap-", ".xml");

/// The name in the output of part `number` (from 1) of a sitemap too large for one file.
pub fn sitemap_part_file(number: usize) -> String {
    let (head, tail) = SITEMAP_PART;
    format!("{head}{number}{tail}")
}

/// Whether `lower`, a lowercase name at the root, names a part of the sitemap.
fn is_sitemap_part(lower: &str) -> bool {
    let (head, tail) = SITEMAP_PART;
    lower
        .strip_prefix(head)
        .and_then(|rest| rest.strip_suffix(tail))
        .is_some_and(|number| !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether the site path `path` (`/robots.txt`, `/media/a.webp`) is a file the build
/// writes at the root (a sitemap's part too) or lies in a folder it writes, compared
/// without case (as hosts on case-insensitive file systems would open it).
pub fn is_written_by_the_build(path: &str) -> bool {
    let lower = path.to_lowercase();
    let Some(relative) = lower.strip_prefix('/') else {
        return false;
    };
    is_sitemap_part(relative)
        || ROOT_NAMES.iter().any(|root| match root.kind {
            Kind::File => relative == root.name.to_lowercase(),
            Kind::Folder => relative
                .strip_prefix(&root.name.to_lowercase())
                .is_some_and(|rest| rest.starts_with('/')),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_match_whole_and_folders_by_what_lies_inside() {
        assert!(is_written_by_the_build("/sitemap.xml"));
        assert!(is_written_by_the_build("/Sitemap.XML"));
        assert!(is_written_by_the_build("/_redirects"));
        assert!(is_written_by_the_build("/media/a.webp"));
        assert!(is_written_by_the_build("/ASSETS/x"));
        assert!(!is_written_by_the_build("/media"));
        assert!(!is_written_by_the_build("/mediakit"));
        assert!(!is_written_by_the_build("/sitemap.xml/x"));
        assert!(!is_written_by_the_build("sitemap.xml"));
    }

    #[test]
    fn a_sitemap_part_is_a_number_between_its_prefix_and_suffix() {
        assert_eq!(sitemap_part_file(12), "sitemap-12.xml");
        assert!(is_written_by_the_build("/sitemap-1.xml"));
        assert!(is_written_by_the_build("/Sitemap-12.XML"));
        assert!(!is_written_by_the_build("/sitemap-.xml"));
        assert!(!is_written_by_the_build("/sitemap-x.xml"));
        assert!(!is_written_by_the_build("/blog/sitemap-1.xml"));
    }

    #[test]
    fn the_host_configuration_is_the_files_hosts_read() {
        assert_eq!(
            host_config_files().collect::<Vec<_>>(),
            [REDIRECTS, HEADERS, VERCEL_JSON, NOJEKYLL]
        );
    }

    #[test]
    fn each_name_is_listed_once() {
        let mut names: Vec<&str> = ROOT_NAMES.iter().map(|root| root.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ROOT_NAMES.len());
    }
}
