//! The output deploys on every host the README names, at 10,000 products as at a few:
//! each old product URL (`/products/{id}`, an old slug, an alias) is followed through a
//! model of each host (its documented limits and rule semantics) to the product's
//! current page, without a loop, and `_redirects` stays within every host's limits.
//!
//! A model, for the hosts without a local runtime: Cloudflare Pages runs the built
//! site in its own runtime instead (`scripts/host-runtimes/check`, in `scripts/test`);
//! it stays here for the catalogue sizes that check does not build, and for the loop
//! its limits would make.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use serde_json::Value;
use sitegen_content::routes::percent_decode;
use sitegen_content::{testing, Content};
use sitegen_hosts::limits::{self, RuleCounts};
use sitegen_hosts::{RedirectRule, Redirects, Target};
use sitegen_routes as routes;
use sitegen_sitefiles::redirects;

/// How a host answers a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Host {
    /// Files first (a rule without `!` never shadows one), then rules
    /// (docs.netlify.com/routing/redirects/rewrites-proxies/#shadowing).
    Netlify,
    /// Rules first, "always followed, regardless of whether or not an asset matches";
    /// 2,000 static and 100 dynamic rules, the rest ignored
    /// (developers.cloudflare.com/pages/configuration/redirects/).
    CloudflarePages,
    /// Files first (no shadowing); the first 1,000 rules, none when the file passes
    /// 64 KiB (docs.gitlab.com/user/project/pages/redirects/).
    GitLabPages,
    /// No `_redirects`: files (`ROUTE.html` at `/ROUTE`) and `404.html` only
    /// (docs.github.com/en/pages/getting-started-with-github-pages/creating-a-custom-404-page-for-your-github-pages-site).
    GitHubPages,
}

const HOSTS: [Host; 4] = [
    Host::Netlify,
    Host::CloudflarePages,
    Host::GitLabPages,
    Host::GitHubPages,
];

impl Host {
    /// The rules of `redirects` that this host applies.
    fn applied_rules(self, redirects: &Redirects) -> Redirects {
        let limits = match self {
            Host::Netlify => limits::NETLIFY,
            Host::GitHubPages => return Redirects::default(),
            Host::GitLabPages => limits::GITLAB_PAGES,
            Host::CloudflarePages => limits::CLOUDFLARE_PAGES,
        };
        Redirects {
            comment: Vec::new(),
            rules: limits.applied(redirects).into_iter().cloned().collect(),
        }
    }

    fn files_first(self) -> bool {
        self != Host::CloudflarePages
    }
}

/// What a build wrote, as the hosts see it.
struct Deployed {
    /// Decoded paths of the prerendered pages.
    pages: BTreeSet<String>,
    /// Decoded path of each fallback page → where its refresh leads.
    fallbacks: HashMap<String, String>,
    redirects: Redirects,
    client_map: Value,
}

impl Deployed {
    fn of(content: &Content) -> Deployed {
        let planned = routes::plan(content);
        // A page `F.html` answers at `/F.html` and at `/F`.
        let fallbacks = redirects::fallback_pages(content, "https://www.example.com")
            .into_iter()
            .flat_map(|(file, html)| {
                let target = html
                    .split("url=")
                    .nth(1)
                    .and_then(|rest| rest.split('"').next())
                    .expect("the refresh's target")
                    .to_string();
                let clean = format!("/{}", file.trim_end_matches(".html"));
                [(format!("/{file}"), target.clone()), (clean, target)]
            })
            .collect();
        Deployed {
            pages: planned.iter().map(|route| route.path.clone()).collect(),
            fallbacks,
            redirects: redirects::rules(content, planned.iter().map(|route| route.path.as_str())),
            client_map: redirects::client_map(content),
        }
    }

    /// Follows `path` on `host` (redirects, rewrites, fallback pages' refreshes and the
    /// not-found page's app) to the page it ends on.
    fn visit(&self, host: Host, path: &str) -> Result<String, String> {
        let rules = host.applied_rules(&self.redirects);
        let mut path = path.to_string();
        let mut seen = Vec::new();
        loop {
            if seen.contains(&path) {
                return Err(format!("{host:?}: a loop: {seen:?} → {path}"));
            }
            seen.push(path.clone());
            let key = trimmed(&path).to_string();
            let file_here = self.serves_as_it_is(&key) || self.fallbacks.contains_key(&key);
            let rule = if host.files_first() && file_here {
                None
            } else {
                rules.apply(&key)
            };
            path = match rule {
                Some(Target::Redirect(to)) => percent_decode(&to).expect("a decodable target"),
                Some(Target::Rewrite(to)) if self.serves_as_it_is(trimmed(&to)) => return Ok(to),
                Some(Target::Rewrite(to)) => {
                    return Err(format!("{host:?}: {key} rewritten to {to}, no page"))
                }
                None if self.serves_as_it_is(&key) => return Ok(key),
                None => match self.fallbacks.get(&key) {
                    Some(target) => percent_decode(target).expect("a decodable target"),
                    None => self
                        .client_redirect(&key)
                        .ok_or_else(|| format!("{host:?}: {key} is not found, even by the app"))?,
                },
            };
        }
    }

    /// Whether `path` is a page the host serves as it is.
    fn serves_as_it_is(&self, path: &str) -> bool {
        self.pages.contains(path)
    }

    /// What the app of `404.html` does (`web/src/content/redirects.ts`).
    fn client_redirect(&self, path: &str) -> Option<String> {
        if let Some(Value::String(to)) = self.client_map["aliases"].get(path) {
            return Some(to.clone());
        }
        let rest = path.strip_prefix("/products/")?;
        let (id, slug) = rest.split_once('/').unwrap_or((rest, ""));
        if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) || slug.contains('/') {
            return None;
        }
        let target = self.client_map["products"].get(id)?.as_str()?;
        (target != path).then(|| target.to_string())
    }
}

fn trimmed(path: &str) -> &str {
    if path.len() > 1 {
        path.trim_end_matches('/')
    } else {
        path
    }
}

/// The valid fixture with `count` generated products, the first with three aliases.
fn content_with(dir: &Path, count: usize) -> Content {
    let content_dir = dir.join("content");
    testing::copy_dir(&testing::valid_content_dir(), &content_dir);
    let products = testing::products_toml(
        count,
        &[
            ("ophthalmic", "Ophthalmic Equipments"),
            ("dialysis", "Dialysis Machines"),
            ("radiology", "Imaging & Diagnostic Products"),
        ],
    )
    .replacen(
        "id = 1\n",
        "id = 1\naliases = [\"/old/catalogue/item-1\", \"/old/item-1.html\", \"/old/item-1.php\"]\n",
        1,
    );
    std::fs::write(content_dir.join("products.toml"), products).unwrap();
    testing::edit_files(
        &content_dir,
        &[(
            "navigation.toml",
            "/products/12/hemodialysis-machine",
            "/products/12/generated-product-12",
        )],
    );
    let report = sitegen_content::load(&content_dir);
    report
        .content
        .unwrap_or_else(|| panic!("{:?}", report.diagnostics))
}

/// Every kind of old URL of `content`'s products, each with the page it must reach.
///
/// Past 1,100 products, every 50th: the ids around where the `/products/{id}` rules end
/// (992) are all checked, and the model applies a thousand rules a hop.
fn old_urls(content: &Content) -> Vec<(String, String)> {
    let mut urls = Vec::new();
    let checked = |id: u32| id <= 1_100 || id.is_multiple_of(50);
    for product in content.products.iter().filter(|p| checked(p.id())) {
        let (id, page) = (product.id(), product.route());
        urls.push((format!("/products/{id}"), page.clone()));
        urls.push((format!("/products/{id}/"), page.clone()));
        urls.push((format!("/products/{id}/an-old-title"), page.clone()));
        urls.push((page.clone(), page));
    }
    for (alias, target) in content.alias_redirects() {
        urls.push((alias, target));
    }
    for category in &content.categories {
        let page = sitegen_content::category_path(category.id());
        urls.push((page.clone(), page.clone()));
        urls.push((format!("{page}/page/1"), page));
    }
    urls.push(("/products/page/1".into(), "/products".into()));
    // Later pages of the listings are served as they are.
    let planned = routes::plan(content);
    for paged in planned.iter().filter(|route| route.path.contains("/page/")) {
        urls.push((paged.path.clone(), paged.path.clone()));
    }
    urls
}

fn every_old_url_reaches_its_page_on_every_host(content: &Content) -> Deployed {
    let deployed = Deployed::of(content);
    assert_eq!(
        limits::limits_passed(&deployed.redirects),
        Vec::<String>::new()
    );
    for host in HOSTS {
        for (old, page) in old_urls(content) {
            assert_eq!(deployed.visit(host, &old), Ok(page), "{host:?}: {old}");
        }
    }
    deployed
}

#[test]
fn a_small_catalogue_keeps_its_product_rules_within_every_host_limit() {
    let dir = tempfile::tempdir().unwrap();
    let content = content_with(dir.path(), 250);
    let deployed = every_old_url_reaches_its_page_on_every_host(&content);
    let counts = RuleCounts::of(&deployed.redirects);
    // 1 route alias, 3 aliases, 4 listings' page 1, 250 ids, 250 pages and 3
    // category pages served as they are, each after its `.html` spelling's redirect;
    // the listings' pages as they are and the placeholder rule.
    assert_eq!(
        (counts.rules, counts.static_rules, counts.dynamic_rules),
        (767, 764, 3)
    );
    assert!(deployed.redirects.rules.contains(&RedirectRule::new(
        "/products/7",
        "/products/7/generated-product-7",
        301
    )));
}

#[test]
fn ten_thousand_products_deploy_on_every_host_without_a_rule_each() {
    let dir = tempfile::tempdir().unwrap();
    let content = content_with(dir.path(), 10_000);
    let deployed = every_old_url_reaches_its_page_on_every_host(&content);
    let counts = RuleCounts::of(&deployed.redirects);
    // The route alias, product 1's three aliases, the 4 listings' page 1, then the
    // lowest ids' `/products/{id}` rules up to GitLab's 1,000 rules: none dynamic.
    assert_eq!((counts.rules, counts.dynamic_rules), (1_000, 0));
    let text = deployed.redirects.to_text();
    assert!(text.contains("\n/products/992 /products/992/generated-product-992 301\n"));
    assert!(!text.contains("\n/products/993 "));
    assert!(!deployed
        .redirects
        .rules
        .contains(&redirects::product_any_slug_rule()));
}

#[test]
fn a_page_number_of_no_page_is_not_found_on_every_host_without_a_redirect() {
    for count in [250, 10_000] {
        let dir = tempfile::tempdir().unwrap();
        let content = content_with(dir.path(), count);
        let deployed = Deployed::of(&content);
        let last = content.products.len().div_ceil(content.page_size.get());
        let bad = [
            "/products/page/0".to_string(),
            format!("/products/page/{}", last + 1),
            "/products/page/two".to_string(),
            "/products/category/dialysis/page/0".to_string(),
            "/products/category/dialysis/page/999".to_string(),
        ];
        for host in HOSTS {
            let rules = host.applied_rules(&deployed.redirects);
            for path in &bad {
                assert!(
                    deployed.visit(host, path).is_err(),
                    "{count}: {host:?}: {path}"
                );
                assert!(
                    !matches!(rules.apply(path), Some(Target::Redirect(_))),
                    "{count}: {host:?}: {path} is redirected"
                );
            }
        }
    }
}

#[test]
fn the_product_rules_would_loop_on_cloudflare_past_its_limits() {
    // Why they are left out: Cloudflare drops the `200` rules past 2,000 static ones,
    // so the placeholder rule sends a current page to `/products/{id}`, whose rule
    // sends it back.
    let dir = tempfile::tempdir().unwrap();
    let content = content_with(dir.path(), 1_500);
    let mut deployed = Deployed::of(&content);
    let mut rules = Redirects::default();
    for product in &content.products {
        let page = product.route();
        rules.push(RedirectRule::new(
            format!("/products/{}", product.id()),
            &page,
            301,
        ));
        rules.push(RedirectRule::new(&page, &page, 200));
    }
    rules.push(redirects::product_any_slug_rule());
    deployed.redirects = rules;
    let last = content.products.last().unwrap().route();
    let visited = deployed.visit(Host::CloudflarePages, &last);
    assert!(visited.is_err_and(|why| why.contains("a loop")));
    assert_eq!(deployed.visit(Host::Netlify, &last), Ok(last));
}
