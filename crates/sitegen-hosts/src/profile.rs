//! Host profiles (`sitegen build --host NAME`): what each host reads of the output and
//! the documented limits of a deploy, checked against what the build wrote.
//!
//! The limits (the hosts' docs, 2026):
//! - Cloudflare Pages: 20,000 files on the Free plan (100,000 paid), 25 MiB a file;
//!   `_redirects` as [`crate::limits::CLOUDFLARE_PAGES`]; `_headers` 100 rules.
//! - Netlify: no total, but 54,000 files in one folder; `_redirects` as
//!   [`crate::limits::NETLIFY`].
//! - Vercel: 15,000 files a deploy from the CLI; 1,024 routes (redirects and headers
//!   in `vercel.json`).
//! - GitHub Pages: 100 MiB a file, 1 GB a site; reads no `_redirects` or `_headers`.
//! - GitLab Pages: 200,000 entries (folders count), 1 GB; `_redirects` as
//!   [`crate::limits::GITLAB_PAGES`].
//! - S3 (+ CloudFront), nginx: none; redirects and headers are the host's own
//!   configuration.

use std::collections::BTreeMap;

use crate::headers::Headers;
use crate::limits::{
    thousands, RedirectLimits, RuleCounts, CLOUDFLARE_PAGES, GITLAB_PAGES, NETLIFY,
};
use crate::redirects::Redirects;
use crate::{names, vercel};

const MIB: u64 = 1024 * 1024;
const GB: u64 = 1_000_000_000;

/// A static host the build can write for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Host {
    CloudflarePages,
    Netlify,
    Vercel,
    GithubPages,
    GitlabPages,
    S3,
    Nginx,
}

/// What a host reads of the output besides the site's own files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HostFiles {
    /// `_redirects`.
    pub redirects: bool,
    /// `_headers`.
    pub headers: bool,
    /// `vercel.json`: the redirects and headers, and clean URLs.
    pub vercel_json: bool,
    /// `.nojekyll`: the files are served as they are, without Jekyll.
    pub nojekyll: bool,
}

/// What the build writes for `host`; for none, what every build wrote before host
/// profiles: `_redirects` and `_headers`, which Netlify, Cloudflare Pages, GitLab Pages
/// (`_redirects`) and `sitegen serve` read.
pub fn files_for(host: Option<Host>) -> HostFiles {
    match host {
        Some(host) => host.files(),
        None => HostFiles {
            redirects: true,
            headers: true,
            vercel_json: false,
            nojekyll: false,
        },
    }
}

impl HostFiles {
    /// The files of these that a build writes for a site of `redirects` and `headers`,
    /// each with its text: `_redirects`, `_headers`, `vercel.json`, `.nojekyll`.
    pub fn texts(self, redirects: &Redirects, headers: &Headers) -> Vec<(&'static str, String)> {
        let mut files = Vec::new();
        if self.redirects {
            files.push((names::REDIRECTS, redirects.to_text()));
        }
        if self.headers {
            files.push((names::HEADERS, headers.to_text()));
        }
        if self.vercel_json {
            files.push((names::VERCEL_JSON, vercel::vercel_json(redirects, headers)));
        }
        if self.nojekyll {
            files.push((names::NOJEKYLL, String::new()));
        }
        files
    }

    /// The rules of `redirects` that the host applies, as `_redirects` text: those of
    /// `vercel.json` when it reads that instead; none where it reads no redirects.
    pub fn applied_redirects(self, redirects: &Redirects) -> String {
        if self.redirects {
            redirects.to_text()
        } else if self.vercel_json {
            Redirects {
                comment: Vec::new(),
                rules: vercel::redirect_rules(redirects).cloned().collect(),
            }
            .to_text()
        } else {
            String::new()
        }
    }
}

/// One documented limit: the most a host takes, and what to do past it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub most: u64,
    /// What to do when the site passes it.
    pub advice: &'static str,
}

const fn limit(most: u64, advice: &'static str) -> Option<Limit> {
    Some(Limit { most, advice })
}

/// The documented limits of a deploy on one host; `None` where it states none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HostLimits {
    /// Files in all.
    pub files: Option<Limit>,
    /// Files and folders in all.
    pub entries: Option<Limit>,
    /// Bytes of one file.
    pub file_bytes: Option<Limit>,
    /// Entries (files and folders) of one folder.
    pub folder_entries: Option<Limit>,
    /// Bytes of the whole site.
    pub total_bytes: Option<Limit>,
    /// The rules of `_redirects`.
    pub redirects: Option<RedirectLimits>,
    /// The rules of `_headers`.
    pub header_rules: Option<Limit>,
    /// The routes of `vercel.json` (its redirects and header rules).
    pub routes: Option<Limit>,
}

const NO_LIMITS: HostLimits = HostLimits {
    files: None,
    entries: None,
    file_bytes: None,
    folder_entries: None,
    total_bytes: None,
    redirects: None,
    header_rules: None,
    routes: None,
};

const FEWER_FILES: &str =
    "put photos and PDFs on their own origin (--media-url), or deploy to a host without a file limit (s3, nginx)";

impl Host {
    pub const ALL: [Host; 7] = [
        Host::CloudflarePages,
        Host::Netlify,
        Host::Vercel,
        Host::GithubPages,
        Host::GitlabPages,
        Host::S3,
        Host::Nginx,
    ];

    /// The name `--host` and site.toml's `host` take.
    pub fn name(self) -> &'static str {
        match self {
            Host::CloudflarePages => "cloudflare-pages",
            Host::Netlify => "netlify",
            Host::Vercel => "vercel",
            Host::GithubPages => "github-pages",
            Host::GitlabPages => "gitlab-pages",
            Host::S3 => "s3",
            Host::Nginx => "nginx",
        }
    }

    /// The host named `name`, if any.
    pub fn parse(name: &str) -> Option<Host> {
        Host::ALL.into_iter().find(|host| host.name() == name)
    }

    /// The host's name as its docs spell it.
    pub fn title(self) -> &'static str {
        match self {
            Host::CloudflarePages => "Cloudflare Pages",
            Host::Netlify => "Netlify",
            Host::Vercel => "Vercel",
            Host::GithubPages => "GitHub Pages",
            Host::GitlabPages => "GitLab Pages",
            Host::S3 => "S3",
            Host::Nginx => "nginx",
        }
    }

    /// What the build writes for this host besides the site.
    pub fn files(self) -> HostFiles {
        let none = HostFiles {
            redirects: false,
            headers: false,
            vercel_json: false,
            nojekyll: false,
        };
        match self {
            // S3 and nginx read neither, but their configuration (docs/deploying.md)
            // copies the rules and the CSP from them; their deploy leaves them out.
            Host::CloudflarePages | Host::Netlify | Host::S3 | Host::Nginx => HostFiles {
                redirects: true,
                headers: true,
                ..none
            },
            Host::GitlabPages => HostFiles {
                redirects: true,
                ..none
            },
            Host::Vercel => HostFiles {
                vercel_json: true,
                ..none
            },
            Host::GithubPages => HostFiles {
                nojekyll: true,
                ..none
            },
        }
    }

    pub fn limits(self) -> HostLimits {
        match self {
            Host::CloudflarePages => HostLimits {
                files: limit(20_000, "put photos and PDFs on their own origin (--media-url); Cloudflare's paid plan takes 100,000 files"),
                file_bytes: limit(25 * MIB, "put photos and PDFs on their own origin, an object store such as R2 (--media-url)"),
                redirects: Some(CLOUDFLARE_PAGES),
                header_rules: limit(100, "join rules that set the same headers"),
                ..NO_LIMITS
            },
            Host::Netlify => HostLimits {
                folder_entries: limit(54_000, "split the folder, or deploy to a host without that limit"),
                redirects: Some(NETLIFY),
                ..NO_LIMITS
            },
            Host::Vercel => HostLimits {
                files: limit(15_000, FEWER_FILES),
                routes: limit(1_024, "remove old aliases nobody uses"),
                ..NO_LIMITS
            },
            Host::GithubPages => HostLimits {
                file_bytes: limit(100 * MIB, "put photos and PDFs on their own origin, an object store (--media-url)"),
                total_bytes: limit(GB, "put photos and PDFs on their own origin (--media-url), or deploy to a host without that limit"),
                ..NO_LIMITS
            },
            Host::GitlabPages => HostLimits {
                entries: limit(200_000, FEWER_FILES),
                total_bytes: limit(GB, "put photos and PDFs on their own origin (--media-url), or deploy to a host without that limit"),
                redirects: Some(GITLAB_PAGES),
                ..NO_LIMITS
            },
            Host::S3 | Host::Nginx => NO_LIMITS,
        }
    }
}

/// What a deploy holds, as the limits count it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OutputStats {
    pub files: u64,
    /// Folders below the root.
    pub folders: u64,
    pub total_bytes: u64,
    /// The largest file: its path and bytes.
    pub largest_file: (String, u64),
    /// The folder with the most entries: its path (`/` for the root) and entries.
    pub fullest_folder: (String, u64),
}

impl OutputStats {
    /// The statistics of the files `(relative path, bytes)` of an output.
    pub fn of<'a>(files: impl IntoIterator<Item = (&'a str, u64)>) -> Self {
        let mut stats = OutputStats::default();
        // Each folder with its entries (files and folders).
        let mut entries: BTreeMap<&str, u64> = BTreeMap::new();
        for (path, bytes) in files {
            stats.files += 1;
            stats.total_bytes += bytes;
            if bytes > stats.largest_file.1 {
                stats.largest_file = (path.to_string(), bytes);
            }
            let mut child = path;
            loop {
                let parent = child.rfind('/').map_or("", |at| &child[..at]);
                let count = entries.entry(parent).or_insert(0);
                *count += 1;
                // A folder seen before has its own entry in its parent already.
                if parent.is_empty() || *count > 1 {
                    break;
                }
                child = parent;
            }
        }
        stats.folders = entries.keys().filter(|folder| !folder.is_empty()).count() as u64;
        if let Some((folder, count)) = entries
            .iter()
            .max_by_key(|(folder, count)| (**count, std::cmp::Reverse(**folder)))
        {
            stats.fullest_folder = (format!("/{folder}"), *count);
        }
        stats
    }
}

/// What the build wrote for a host, as its limits count it.
#[derive(Debug, Clone, Copy)]
pub struct Deploy<'a> {
    pub stats: &'a OutputStats,
    pub redirects: &'a Redirects,
    pub headers: &'a Headers,
}

/// A limit of a host that the output passes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Breach {
    pub host: Host,
    /// `Cloudflare Pages takes at most 20,000 files; this site has 20,001`.
    pub message: String,
    pub advice: &'static str,
}

/// For a site built without a host profile: one line for each host whose limits
/// `deploy` passes, naming them (`…; …: a deploy would fail`). The limits of the
/// redirect rules are left out: the build warns of those as it writes `_redirects`
/// ([`crate::limits::limits_passed`]).
pub fn deploys_that_would_fail(deploy: &Deploy<'_>) -> Vec<String> {
    let empty = Redirects::default();
    Host::ALL
        .into_iter()
        .filter_map(|host| {
            let mut without_redirects = *deploy;
            if host.limits().redirects.is_some() {
                without_redirects.redirects = &empty;
            }
            let passed: Vec<String> = host
                .check(&without_redirects)
                .into_iter()
                .map(|breach| breach.message)
                .collect();
            (!passed.is_empty()).then(|| format!("{}: a deploy would fail", passed.join("; ")))
        })
        .collect()
}

impl Host {
    /// Every limit of this host that `deploy` passes.
    pub fn check(self, deploy: &Deploy<'_>) -> Vec<Breach> {
        let limits = self.limits();
        let stats = deploy.stats;
        let mut breaches = Vec::new();
        let mut check = |limit: Option<Limit>, count: u64, what: String, bytes: bool| {
            let Some(limit) = limit else { return };
            if count > limit.most {
                let amount = |n: u64| {
                    if bytes {
                        size(n)
                    } else {
                        thousands(n as usize)
                    }
                };
                breaches.push(Breach {
                    host: self,
                    message: format!(
                        "{} takes at most {} {what}; this site has {}",
                        self.title(),
                        amount(limit.most),
                        amount(count)
                    ),
                    advice: limit.advice,
                });
            }
        };
        check(limits.files, stats.files, "files".into(), false);
        check(
            limits.entries,
            stats.files + stats.folders,
            "entries (files and folders)".into(),
            false,
        );
        check(
            limits.file_bytes,
            stats.largest_file.1,
            format!("in one file ({})", stats.largest_file.0),
            true,
        );
        check(
            limits.folder_entries,
            stats.fullest_folder.1,
            format!("entries in one folder ({})", stats.fullest_folder.0),
            false,
        );
        check(limits.total_bytes, stats.total_bytes, "in all".into(), true);
        check(
            limits.header_rules,
            deploy.headers.rules.len() as u64,
            "rules in _headers".into(),
            false,
        );
        check(
            limits.routes,
            crate::vercel::routes(deploy.redirects, deploy.headers) as u64,
            "routes in vercel.json (redirects and header rules)".into(),
            false,
        );
        if let Some(redirect_limits) = limits.redirects {
            breaches.extend(
                redirect_limits
                    .passed_by(&RuleCounts::of(deploy.redirects))
                    .into_iter()
                    .map(|message| Breach {
                        host: self,
                        message,
                        advice: "remove old aliases nobody uses, or add the rest in the host's settings",
                    }),
            );
        }
        breaches
    }
}

/// `26214400` → `25 MiB`, `1000000000` → `1 GB`; otherwise in bytes (`26,214,401
/// bytes`), so that a count just past a limit does not read as the limit itself.
fn size(bytes: u64) -> String {
    if bytes >= GB && bytes.is_multiple_of(GB) {
        format!("{} GB", bytes / GB)
    } else if bytes >= MIB && bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else {
        format!("{} bytes", thousands(bytes as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::headers::HeaderRule;
    use crate::redirects::RedirectRule;

    fn files(count: usize, folder: &str) -> Vec<(String, u64)> {
        (0..count)
            .map(|n| (format!("{folder}/f{n}.html"), 10))
            .collect()
    }

    fn check(
        host: Host,
        files: &[(String, u64)],
        redirects: &Redirects,
        headers: &Headers,
    ) -> Vec<String> {
        let stats = OutputStats::of(files.iter().map(|(path, bytes)| (path.as_str(), *bytes)));
        host.check(&Deploy {
            stats: &stats,
            redirects,
            headers,
        })
        .into_iter()
        .map(|breach| breach.message)
        .collect()
    }

    #[test]
    fn without_a_profile_each_host_a_deploy_would_fail_on_gets_a_line_but_for_its_redirects() {
        let mut redirects = Redirects::default();
        for n in 0..11_000 {
            redirects.rules.push(RedirectRule::new(
                format!("/old/{n}"),
                format!("/new/{n}"),
                301,
            ));
        }
        let headers = Headers::default();
        let fine = OutputStats::of([("index.html", 10)]);
        let fine = Deploy {
            stats: &fine,
            redirects: &redirects,
            headers: &headers,
        };
        assert_eq!(
            deploys_that_would_fail(&fine),
            ["Vercel takes at most 1,024 routes in vercel.json (redirects and header rules); this site has 11,000: a deploy would fail"],
            "the redirect rules' own limits are warned about with _redirects"
        );
        let many = files(15_001, "p");
        let many = OutputStats::of(many.iter().map(|(path, bytes)| (path.as_str(), *bytes)));
        let none = Redirects::default();
        let lines = deploys_that_would_fail(&Deploy {
            stats: &many,
            redirects: &none,
            headers: &headers,
        });
        assert_eq!(
            lines,
            ["Vercel takes at most 15,000 files; this site has 15,001: a deploy would fail"]
        );
    }

    #[test]
    fn each_host_gets_the_files_it_reads_and_applies_the_redirects_it_reads() {
        let redirects = Redirects::parse("/old /new 301\n/p/* /index.html 200\n");
        let headers = Headers::default();
        let names = |host: Option<Host>| -> Vec<&str> {
            files_for(host)
                .texts(&redirects, &headers)
                .into_iter()
                .map(|(name, _)| name)
                .collect()
        };
        assert_eq!(names(None), [names::REDIRECTS, names::HEADERS]);
        assert_eq!(names(Some(Host::Vercel)), [names::VERCEL_JSON]);
        assert_eq!(names(Some(Host::GithubPages)), [names::NOJEKYLL]);
        assert_eq!(names(Some(Host::GitlabPages)), [names::REDIRECTS]);
        assert_eq!(
            files_for(None).applied_redirects(&redirects),
            redirects.to_text()
        );
        let vercel = files_for(Some(Host::Vercel)).applied_redirects(&redirects);
        assert!(vercel.contains("/old /new 301"), "{vercel}");
        assert!(
            !vercel.contains("/p/*"),
            "a rewrite is no redirect in vercel.json"
        );
        assert_eq!(
            files_for(Some(Host::GithubPages)).applied_redirects(&redirects),
            ""
        );
    }

    #[test]
    fn each_host_gets_the_files_it_reads() {
        let files = |host: Host| {
            let files = host.files();
            [
                files.redirects,
                files.headers,
                files.vercel_json,
                files.nojekyll,
            ]
        };
        assert_eq!(files(Host::CloudflarePages), [true, true, false, false]);
        assert_eq!(files(Host::GitlabPages), [true, false, false, false]);
        assert_eq!(files(Host::Vercel), [false, false, true, false]);
        assert_eq!(files(Host::GithubPages), [false, false, false, true]);
        // Without a host, what every build wrote before profiles.
        assert_eq!(files_for(None), Host::Netlify.files());
    }

    #[test]
    fn every_host_has_a_name_that_parses_back() {
        for host in Host::ALL {
            assert_eq!(Host::parse(host.name()), Some(host));
        }
        assert_eq!(Host::parse("github"), None);
    }

    #[test]
    fn stats_count_files_folders_and_the_fullest_folder() {
        let stats = OutputStats::of([
            ("index.html", 5),
            ("products/1/a.html", 7),
            ("products/1/b.json", 9),
            ("products/2.html", 1),
            ("assets/x.js", 3),
        ]);
        assert_eq!(stats.files, 5);
        // products, products/1, assets
        assert_eq!(stats.folders, 3);
        assert_eq!(stats.total_bytes, 25);
        assert_eq!(stats.largest_file, ("products/1/b.json".to_string(), 9));
        // The root holds index.html, products and assets.
        assert_eq!(stats.fullest_folder, ("/".to_string(), 3));
    }

    #[test]
    fn a_folder_is_one_entry_of_its_parent_however_many_files_it_holds() {
        let stats = OutputStats::of([("a/b/c.html", 1), ("a/d.html", 1), ("a/b/e.html", 1)]);
        assert_eq!(stats.folders, 2);
        // `a` holds `b` and `d.html`, `a/b` two files, the root only `a`.
        assert_eq!(stats.fullest_folder, ("/a".to_string(), 2));
    }

    #[test]
    fn cloudflare_pages_takes_20000_files_on_its_free_plan() {
        let none = (Redirects::default(), Headers::default());
        assert_eq!(
            check(Host::CloudflarePages, &files(20_000, "p"), &none.0, &none.1),
            Vec::<String>::new()
        );
        let breaches = Host::CloudflarePages.check(&Deploy {
            stats: &OutputStats {
                files: 20_001,
                ..OutputStats::default()
            },
            redirects: &none.0,
            headers: &none.1,
        });
        assert_eq!(breaches.len(), 1);
        assert_eq!(
            breaches[0].message,
            "Cloudflare Pages takes at most 20,000 files; this site has 20,001"
        );
        assert!(
            breaches[0].advice.contains("100,000"),
            "{}",
            breaches[0].advice
        );
    }

    #[test]
    fn cloudflare_pages_takes_files_of_25_mib_and_100_header_rules() {
        let mut headers = Headers::default();
        for n in 0..101 {
            headers.push(HeaderRule::new(format!("/h{n}"), [("A", "b")]));
        }
        let big = [("media/big.pdf".to_string(), 25 * MIB + 1)];
        assert_eq!(
            check(Host::CloudflarePages, &big, &Redirects::default(), &headers),
            [
                "Cloudflare Pages takes at most 25 MiB in one file (media/big.pdf); this site has 26,214,401 bytes",
                "Cloudflare Pages takes at most 100 rules in _headers; this site has 101",
            ]
        );
    }

    #[test]
    fn cloudflare_pages_checks_its_redirect_rules() {
        let mut redirects = Redirects::default();
        for n in 0..2_001 {
            redirects.push(RedirectRule::new(format!("/o{n}"), "/n", 301));
        }
        assert_eq!(
            check(Host::CloudflarePages, &[], &redirects, &Headers::default()),
            ["Cloudflare Pages takes at most 2,000 static rules in _redirects; this site has 2,001"]
        );
        // nginx reads none of it.
        assert!(check(Host::Nginx, &[], &redirects, &Headers::default()).is_empty());
    }

    #[test]
    fn netlify_takes_54000_entries_in_one_folder() {
        let none = (Redirects::default(), Headers::default());
        assert!(check(Host::Netlify, &files(54_000, "media"), &none.0, &none.1).is_empty());
        assert_eq!(
            check(Host::Netlify, &files(54_001, "media"), &none.0, &none.1),
            ["Netlify takes at most 54,000 entries in one folder (/media); this site has 54,001"]
        );
    }

    #[test]
    fn vercel_takes_15000_files_and_1024_routes() {
        let none = Headers::default();
        let mut redirects = Redirects::default();
        for n in 0..1_025 {
            redirects.push(RedirectRule::new(format!("/o{n}"), "/n", 301));
        }
        assert_eq!(
            check(Host::Vercel, &files(15_001, "p"), &redirects, &none),
            [
                "Vercel takes at most 15,000 files; this site has 15,001",
                "Vercel takes at most 1,024 routes in vercel.json (redirects and header rules); this site has 1,025",
            ]
        );
    }

    #[test]
    fn github_pages_takes_100_mib_a_file_and_1_gb_a_site() {
        let none = (Redirects::default(), Headers::default());
        let mut site = vec![("a.pdf".to_string(), 100 * MIB + 1)];
        site.extend((0..9).map(|n| (format!("b{n}.pdf"), 100 * MIB)));
        assert_eq!(
            check(Host::GithubPages, &site, &none.0, &none.1),
            [
                "GitHub Pages takes at most 100 MiB in one file (a.pdf); this site has 104,857,601 bytes",
                "GitHub Pages takes at most 1 GB in all; this site has 1,048,576,001 bytes",
            ]
        );
    }

    #[test]
    fn gitlab_pages_counts_folders_as_entries() {
        let none = (Redirects::default(), Headers::default());
        // 199,999 files in one folder: 200,000 entries.
        assert!(check(Host::GitlabPages, &files(199_999, "p"), &none.0, &none.1).is_empty());
        assert_eq!(
            check(Host::GitlabPages, &files(200_000, "p"), &none.0, &none.1),
            ["GitLab Pages takes at most 200,000 entries (files and folders); this site has 200,001"]
        );
    }

    #[test]
    fn s3_and_nginx_have_no_limits() {
        let none = (Redirects::default(), Headers::default());
        for host in [Host::S3, Host::Nginx] {
            assert!(check(host, &files(300_000, "p"), &none.0, &none.1).is_empty());
        }
    }
}
