//! `sitegen-routes` plans a site's routes: the route table (docs/data-contract.md §4)
//! crossed with the content, every route that is prerendered with its page data and its
//! meta tags, planned once with the layout every page shares ([`Published`]).
//!
//! It also keeps what a warm builder remembers of a plan for the next one: each page's
//! data by the bytes its view serialises to ([`PagePlanner`], `page_data.rs`), the last
//! plan's product and listing pages while what they show is the same ([`LastPlan`],
//! `reuse.rs`, `listing.rs`), and the redirect rules while the pages they are made of
//! are the same ([`Routing`]). It renders and writes nothing: that is `sitegen-render`'s.

use std::collections::{HashMap, HashSet};
use std::convert::Infallible;
use std::sync::Arc;

use serde_json::value::RawValue;
use serde_json::Value;
pub use sitegen_content::routes::encode_path;
use sitegen_content::routes::{self, Breadcrumb, DataKind, Route, ROUTES};
use sitegen_content::{category_path, Category, Content, PolicyKind, Product, RegistrationType};
use sitegen_view as view;
use sitegen_workers::parallel;

mod listing;
mod page_data;
mod published;
mod reuse;
mod routing;

pub use page_data::{PageMemory, PagePlanner};
pub use published::Published;
pub use reuse::LastPlan;
pub use routing::Routing;

/// The URL the prerenderer is asked for to produce `404.html`.
pub const NOT_FOUND_URL: &str = "/404";

/// The `RouteData` of the 404 page (rendered at [`NOT_FOUND_URL`]): no canonical URL
/// and no page data.
pub fn not_found_route_data(title: &str, description: &str) -> Value {
    view::RouteData {
        meta: view::RouteMeta {
            title,
            description,
            path: NOT_FOUND_URL,
            canonical: "",
            breadcrumb: Vec::new(),
        },
        page: view::EmptyPage {},
    }
    .into()
}

/// One prerendered route.
#[derive(Debug, Clone)]
pub struct PlannedRoute {
    /// The decoded path, e.g. `/services/Dental centre setup`.
    pub path: String,
    /// Title and meta description of the page.
    pub title: String,
    pub description: String,
    /// The screen's data (`page` of `RouteData`), serialised: at 10,000 products,
    /// every route's data as a `Value` tree held about a hundred MB until written.
    /// Shared with a warm builder's memory of it ([`PageMemory`]).
    pub page: Arc<RawValue>,
    /// Listed in `sitemap.xml` (block routes are not: they repeat the home page).
    pub in_sitemap: bool,
    /// The trail from the home page to this page as `(name, decoded path)`, the page
    /// itself last; empty for pages without a breadcrumb (home, forms, block routes).
    pub breadcrumb: Vec<(String, String)>,
    /// The index in `Content::products` of the product a product page shows.
    pub product: Option<usize>,
}

impl PlannedRoute {
    /// The route's canonical URL on the live site.
    pub fn canonical(&self, base_url: &str) -> String {
        sitegen_content::absolute_url(base_url, &encode_path(&self.path))
    }

    /// `RouteData` of the contract, serialised: what the screen's loader returns.
    pub fn route_data(&self, base_url: &str) -> String {
        let canonical = self.canonical(base_url);
        let meta = view::RouteMeta {
            title: &self.title,
            description: &self.description,
            path: &self.path,
            canonical: &canonical,
            breadcrumb: self
                .breadcrumb
                .iter()
                .map(|(label, path)| view::Crumb { label, path })
                .collect(),
        };
        // `view::RouteData` with the page serialised already; through `Value`, as every
        // JSON file, so its keys are sorted (docs/data-contract.md §3).
        let meta = serde_json::to_value(&meta).unwrap_or_default();
        format!(r#"{{"meta":{meta},"page":{}}}"#, self.page.get())
    }

    /// Where the route's HTML goes inside the output directory.
    pub fn html_file(&self) -> String {
        routes::route_html_file(&self.path)
    }
}

/// Plans every prerendered route of the site, in the order of [`ROUTES`]: each page
/// and block route, then each parameterised route expanded over the content.
pub fn plan(content: &Content) -> Vec<PlannedRoute> {
    plan_on(content, 1)
}

/// [`plan`] on `jobs` threads (the product pages, thousands, are planned on all).
pub fn plan_on(content: &Content, jobs: usize) -> Vec<PlannedRoute> {
    plan_with(content, jobs, &PagePlanner::fresh())
}

/// [`plan_on`], the page data made by `pages`. A warm builder's last plan, when its
/// content is the same but for the products, gives the pages whose products are the
/// same (product pages, listing pages) without making their views again.
pub fn plan_with(content: &Content, jobs: usize, pages: &PagePlanner) -> Vec<PlannedRoute> {
    let mut last = pages
        .take_last_plan()
        .and_then(|last| last.for_content(content));
    let mut planned = Vec::new();
    for route in ROUTES {
        plan_route(content, route, jobs, pages, last.as_mut(), &mut planned);
    }
    planned
}

/// The pages of one declared route.
fn plan_route(
    content: &Content,
    route: &Route,
    jobs: usize,
    pages: &PagePlanner,
    last: Option<&mut LastPlan>,
    planned: &mut Vec<PlannedRoute>,
) {
    let last_content = last.as_ref().map(|last| &last.content);
    let site_name = content.site.name();
    let mut add = |path: String,
                   title: String,
                   description: String,
                   page: Arc<RawValue>,
                   breadcrumb,
                   product| {
        planned.push(PlannedRoute {
            path,
            title,
            description,
            page,
            in_sitemap: route.sitemap,
            breadcrumb,
            product,
        });
    };
    match route.data {
        DataKind::None => {}
        DataKind::Registrations => {
            for &kind in RegistrationType::ALL {
                let path = route.path_with(&[kind.as_str()]);
                add(
                    path.clone(),
                    format!("{} Railway Registrations | {site_name}", kind.as_str()),
                    format!(
                        "{} railway registration certificates held by {site_name}.",
                        kind.as_str()
                    ),
                    pages.page(&path, &view::registrations_page(content, kind)),
                    breadcrumb(content, route, (kind.as_str().to_string(), path), None),
                    None,
                );
            }
        }
        DataKind::Category => {
            for category in &content.categories {
                let path = route.path_with(&[category.id()]);
                let listing = listing::Listing::of(content, Some(category), last_content);
                add(
                    path.clone(),
                    format!("{} | {site_name}", category.name()),
                    category_description(content, category),
                    listing.page_data(content, 0, &path, pages),
                    breadcrumb(content, route, (category.name().to_string(), path), None),
                    None,
                );
            }
        }
        DataKind::ProductsPages => planned.extend(listing::later_pages(
            content,
            route,
            listing::Listing::of(content, None, last_content),
            pages,
        )),
        DataKind::CategoryPages => {
            for category in &content.categories {
                let listing = listing::Listing::of(content, Some(category), last_content);
                planned.extend(listing::later_pages(content, route, listing, pages));
            }
        }
        DataKind::Service => {
            for service in &content.services {
                let path = route.path_with(&[service.id()]);
                let title = service.title().trim();
                add(
                    path.clone(),
                    format!("{title} | {site_name}"),
                    summary(service.description()),
                    pages.page(&path, &view::service_page(content, service)),
                    breadcrumb(content, route, (title.to_string(), path), None),
                    None,
                );
            }
        }
        DataKind::Product => {
            let by_category = view::products_by_category(content);
            let kept = reuse::product_routes(content, &by_category, pages, last);
            let to_plan: Vec<usize> = (0..kept.len()).filter(|&i| kept[i].is_none()).collect();
            let Ok(made) = parallel::map_parallel(to_plan.len(), jobs, |at| {
                let index = to_plan[at];
                Ok::<_, Infallible>(product_route(content, route, index, &by_category, pages))
            });
            let mut made = made.into_iter();
            planned.extend(kept.into_iter().map(|kept| {
                kept.unwrap_or_else(|| made.next().expect("a route for each product planned"))
            }));
        }
        data => {
            let path = route.pattern;
            let (title, description) = static_meta(content, path);
            let own = (link_label(content, path), path.to_string());
            add(
                path.to_string(),
                title,
                description,
                static_page(content, data, path, pages, last_content),
                breadcrumb(content, route, own, None),
                None,
            );
        }
    }
}

/// The page of the product at `index` of the content, a page of `route`.
fn product_route(
    content: &Content,
    route: &Route,
    index: usize,
    by_category: &HashMap<&str, Vec<&Product>>,
    pages: &PagePlanner,
) -> PlannedRoute {
    let product = &content.products[index];
    let path = product.route();
    let category = (
        content
            .category(product.category())
            .map_or(product.category(), |category| category.name())
            .to_string(),
        category_path(product.category()),
    );
    PlannedRoute {
        title: format!("{} | {}", product.title(), content.site.name()),
        description: summary(product.description()),
        page: pages.page(
            &path,
            &view::product_page_among(
                content,
                product,
                by_category
                    .get(product.category())
                    .map_or(&[], Vec::as_slice),
            ),
        ),
        in_sitemap: route.sitemap,
        breadcrumb: breadcrumb(
            content,
            route,
            (product.title().to_string(), path.clone()),
            Some(category),
        ),
        product: Some(index),
        path,
    }
}

/// The page data of the route without parameters at `path` (`last_content`: the last
/// plan's, when the same but for its products).
fn static_page(
    content: &Content,
    data: DataKind,
    path: &str,
    pages: &PagePlanner,
    last_content: Option<&Content>,
) -> Arc<RawValue> {
    match data {
        DataKind::Home => pages.page(path, &view::home_page(content)),
        DataKind::HomeBlocks => pages.page(path, &view::home(content)),
        DataKind::Products => {
            listing::Listing::of(content, None, last_content).page_data(content, 0, path, pages)
        }
        DataKind::Services => pages.page(path, &view::services_page(content)),
        DataKind::Certificates => pages.page(path, &view::certificates_page(content)),
        DataKind::Railway => pages.page(path, &view::railway_page(content)),
        DataKind::About => pages.page(path, &view::about(content)),
        DataKind::Policy(kind) => pages.page(path, &view::policy(content, kind)),
        DataKind::Timeline => pages.page(path, &view::timeline(content)),
        _ => pages.page(path, &view::EmptyPage {}),
    }
}

/// The breadcrumb of a page of `route` named `own` (name, decoded path): the trail
/// of its parent route, then the page. `parent` is the parent's page when that route
/// is parameterised (a product's category page).
fn breadcrumb(
    content: &Content,
    route: &Route,
    own: (String, String),
    parent: Option<(String, String)>,
) -> Vec<(String, String)> {
    let Breadcrumb::Under(parent_id) = route.breadcrumb else {
        return Vec::new();
    };
    let parent_route = routes::route(parent_id).expect("a declared breadcrumb parent");
    let parent = parent.unwrap_or_else(|| {
        let path = parent_route
            .static_path()
            .expect("a parameterised parent is given");
        (link_label(content, path), path.to_string())
    });
    let mut trail = match parent_route.breadcrumb {
        // A parent without a breadcrumb of its own (the home page) starts the trail.
        Breadcrumb::None => vec![parent],
        Breadcrumb::Under(_) => breadcrumb(content, parent_route, parent, None),
    };
    trail.push(own);
    trail
}

/// How the site names the page at `path`: a legal page by its policy's title, else
/// the most specific menu entry (a dropdown entry over its item), else the footer
/// link, else the page title.
fn link_label(content: &Content, path: &str) -> String {
    if let Some(kind) = PolicyKind::for_route(path) {
        return content.policies.get(kind).title.value.to_string();
    }
    fn in_menu<'a>(
        entries: &'a [sitegen_content::Located<sitegen_content::model::NavEntry>],
        path: &str,
    ) -> Option<&'a str> {
        let nested = entries.iter().find_map(|entry| {
            entry
                .value
                .entries
                .as_deref()
                .and_then(|more| in_menu(more, path))
        });
        nested.or_else(|| {
            entries
                .iter()
                .find(|entry| entry.value.to.as_ref().is_some_and(|to| to.value == path))
                .map(|entry| &*entry.value.label)
        })
    }
    if let Some(label) = in_menu(&content.navigation.item, path) {
        return label.to_string();
    }
    let footer = &content.navigation.footer;
    if let Some(link) = footer
        .quick_links
        .iter()
        .chain(&footer.legal_links)
        .find(|link| link.to.value == path)
    {
        return link.label.to_string();
    }
    static_meta(content, path).0
}

/// Title and description of a static route: from `pages.toml`, else the site's defaults.
fn static_meta(content: &Content, path: &str) -> (String, String) {
    match content.pages.iter().find(|page| page.path() == path) {
        Some(page) => (page.title().to_string(), page.description().to_string()),
        None => (
            content.site.name().to_string(),
            content.site.description().to_string(),
        ),
    }
}

/// A category page's meta description, from the content: the category and the first
/// of its products' titles, e.g. "Dialysis Products from Example Medical: Hemodialysis
/// Machine, Dialysis Chair, …".
fn category_description(content: &Content, category: &Category) -> String {
    let mut titles: Vec<&str> = Vec::new();
    let mut named = HashSet::new();
    for product in &content.products {
        // Some titles repeat in the catalogue; a description names each once.
        if product.category() == category.id() && named.insert(product.title()) {
            titles.push(product.title());
        }
    }
    let lead = format!("{} from {}", category.name(), content.site.name());
    if titles.is_empty() {
        return format!("{lead}.");
    }
    summary(&format!("{lead}: {}.", titles.join(", ")))
}

/// A meta description from longer text: the first 155 characters, cut at a word.
fn summary(text: &str) -> String {
    const MAX: usize = 155;
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() <= MAX {
        return text;
    }
    let cut: String = text.chars().take(MAX).collect();
    match cut.rfind(' ') {
        Some(space) => format!("{}…", &cut[..space]),
        None => format!("{cut}…"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    pub(crate) use sitegen_content::testing::load_valid_content;

    /// Asserts that `warm`, a warm builder's plan, is `fresh`, the plan made afresh of
    /// the same content, route by route and field by field.
    pub(crate) fn assert_same_plan(warm: &[PlannedRoute], fresh: &[PlannedRoute]) {
        assert_eq!(warm.len(), fresh.len());
        for (warm, fresh) in warm.iter().zip(fresh) {
            assert_eq!(
                (&warm.path, warm.page.get(), &warm.title, &warm.description),
                (
                    &fresh.path,
                    fresh.page.get(),
                    &fresh.title,
                    &fresh.description
                )
            );
            assert_eq!(
                (&warm.breadcrumb, warm.product, warm.in_sitemap),
                (&fresh.breadcrumb, fresh.product, fresh.in_sitemap)
            );
        }
    }

    fn page_value(route: &PlannedRoute) -> Value {
        serde_json::from_str(route.page.get()).expect("JSON")
    }
    use sitegen_content::RouteKind;

    #[test]
    fn the_not_found_route_has_no_canonical_url_and_empty_page_data() {
        assert_eq!(
            not_found_route_data("404 - Page Not Found | S", "D").to_string(),
            r#"{"meta":{"breadcrumb":[],"canonical":"","description":"D","path":"/404","title":"404 - Page Not Found | S"},"page":{}}"#
        );
    }

    #[test]
    fn summary_cuts_long_text_at_a_word() {
        let long = "word ".repeat(60);
        let cut = summary(&long);
        assert!(cut.chars().count() <= 156, "{cut}");
        assert!(cut.ends_with('…'));
        assert_eq!(summary("  short   text "), "short text");
    }

    fn category_routes(routes: &[PlannedRoute]) -> Vec<&PlannedRoute> {
        routes
            .iter()
            .filter(|route| route.path.starts_with(routes::CATEGORY.prefix()))
            .collect()
    }

    #[test]
    fn the_static_routes_come_first_each_with_its_screens_data() {
        let content = load_valid_content();
        let routes = plan(&content);
        let static_paths: Vec<&str> = routes::static_paths().collect();
        let paths: Vec<&str> = routes
            .iter()
            .take(static_paths.len())
            .map(|route| route.path.as_str())
            .collect();
        assert_eq!(paths, static_paths);
        let page = |path: &str| {
            page_value(
                routes
                    .iter()
                    .find(|route| route.path == path)
                    .expect("planned"),
            )
        };
        assert_eq!(page("/ReturnRefundPolicy"), page("/ShippingPolicy"));
        assert_ne!(page("/TermsAndConditions"), page("/PrivacyPolicy"));
        assert!(page("/TermsAndConditions")["sections"].is_array());
        assert!(page("/aboutUs")["whoWeAre"].is_object());
        assert_eq!(page("/blogs"), Value::from(view::EmptyPage {}));
        assert_eq!(page("/Producthome"), page("/"));
    }

    #[test]
    fn every_declared_route_is_planned_with_its_breadcrumb_and_sitemap_entry() {
        let mut content = load_valid_content();
        // Small pages, so the listings have later pages.
        content.page_size = std::num::NonZeroUsize::new(2).expect("not zero");
        let planned = plan(&content);
        for route in ROUTES {
            let pages: Vec<&PlannedRoute> = planned
                .iter()
                .filter(|page| {
                    let matches = |pattern: &str| {
                        sitegen_links::RouteTable::new(&[pattern]).matches(&encode_path(&page.path))
                    };
                    // The product pattern also matches a category page and a later page
                    // of /products: the literal segment wins.
                    let listing =
                        matches(routes::CATEGORY.pattern) || matches(routes::PRODUCTS_PAGE.pattern);
                    matches(route.pattern) && !(route.id == routes::PRODUCT.id && listing)
                })
                .collect();
            match route.kind {
                RouteKind::Alias | RouteKind::Permalink | RouteKind::NotFound => {
                    assert!(pages.is_empty(), "{}", route.id)
                }
                _ => assert!(!pages.is_empty(), "{} is not planned", route.id),
            }
            for page in pages {
                assert_eq!(page.in_sitemap, route.sitemap, "{}", page.path);
                let crumbs = page.breadcrumb.len();
                match route.breadcrumb {
                    Breadcrumb::None => assert_eq!(crumbs, 0, "{}", page.path),
                    Breadcrumb::Under(_) => {
                        assert_eq!(page.breadcrumb[0].1, "/", "{}", page.path);
                        assert_eq!(page.breadcrumb[crumbs - 1].1, page.path);
                    }
                }
            }
        }
    }

    #[test]
    fn every_category_gets_a_page_in_the_sitemap_with_its_own_title_and_breadcrumb() {
        let content = load_valid_content();
        let routes = plan(&content);
        let categories = category_routes(&routes);
        let paths: Vec<&str> = categories.iter().map(|route| route.path.as_str()).collect();
        let expected: Vec<String> = content
            .categories
            .iter()
            .map(|category| format!("/products/category/{}", category.id()))
            .collect();
        assert_eq!(paths, expected);
        let dialysis = categories
            .iter()
            .find(|route| route.path == "/products/category/dialysis")
            .expect("the dialysis page");
        assert_eq!(
            dialysis.title,
            format!("Dialysis Products | {}", content.site.name())
        );
        assert!(dialysis.in_sitemap);
        assert!(
            dialysis.description.starts_with("Dialysis Products from "),
            "{}",
            dialysis.description
        );
        assert_eq!(
            dialysis.canonical("https://www.example.com"),
            "https://www.example.com/products/category/dialysis"
        );
        let trail: Vec<&str> = dialysis
            .breadcrumb
            .iter()
            .map(|(_, path)| path.as_str())
            .collect();
        assert_eq!(trail, ["/", "/products", "/products/category/dialysis"]);
        assert_eq!(dialysis.breadcrumb[2].0, "Dialysis Products");
        assert_eq!(dialysis.html_file(), "products/category/dialysis.html");
    }

    #[test]
    fn a_category_page_carries_only_its_own_products() {
        let content = load_valid_content();
        let routes = plan(&content);
        let all = routes
            .iter()
            .find(|route| route.path == "/products")
            .expect("/products");
        let all_count = page_value(all)["products"].as_array().map_or(0, Vec::len);
        let mut listed = 0;
        for route in category_routes(&routes) {
            let id = &route.path[routes::CATEGORY.prefix().len()..];
            let page = page_value(route);
            assert_eq!(page["category"], id);
            let products = page["products"].as_array().expect("products");
            assert!(
                products.iter().all(|product| product["category"] == id),
                "{}",
                route.path
            );
            listed += products.len();
        }
        // Each product is on exactly one category page.
        assert_eq!(listed, all_count);
    }

    #[test]
    fn a_product_page_breadcrumb_links_its_category_page() {
        let content = load_valid_content();
        let routes = plan(&content);
        let product = routes
            .iter()
            .find(|route| route.path == "/products/12/hemodialysis-machine")
            .expect("product 12");
        assert_eq!(
            product.breadcrumb[2],
            (
                "Dialysis Products".to_string(),
                "/products/category/dialysis".to_string()
            )
        );
    }

    #[test]
    fn html_files_follow_the_path() {
        let route = PlannedRoute {
            path: "/aboutUs".into(),
            title: String::new(),
            description: String::new(),
            page: page_data::page_json(&()),
            in_sitemap: true,
            breadcrumb: Vec::new(),
            product: None,
        };
        assert_eq!(route.html_file(), "aboutUs.html");
        assert_eq!(
            route.canonical("https://www.example.com/"),
            "https://www.example.com/aboutUs"
        );
    }
}
