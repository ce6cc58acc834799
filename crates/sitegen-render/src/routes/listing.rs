//! The later pages of the product listings: `/products/page/N` and
//! `/products/category/{id}/page/N` (catalogue.toml's `page_size`). Page 1 is the
//! listing itself, planned with the other pages.

use sitegen_content::routes::{category_path, Route};
use sitegen_content::{Category, Content};
use sitegen_view as view;

use super::{breadcrumb, static_meta, summary, PagePlanner, PlannedRoute};

/// Pages 2… of `/products` (`category` `None`) or of a category's listing, as `route`
/// (the paged route of that listing) declares them.
pub(super) fn later_pages(
    content: &Content,
    route: &Route,
    category: Option<&Category>,
    planner: &PagePlanner,
) -> Vec<PlannedRoute> {
    let site_name = content.site.name();
    let (listing_path, listing_title, listing_name) = match category {
        Some(category) => (
            category_path(category.id()),
            format!("{} | {site_name}", category.name()),
            category.name().to_string(),
        ),
        None => {
            let path = "/products";
            (
                path.to_string(),
                static_meta(content, path).0,
                "All Products".to_string(),
            )
        }
    };
    let pages = view::listing_pages(content, category);
    let titles: Vec<Vec<&str>> = listed_titles(content, category);
    pages
        .into_iter()
        .zip(titles)
        .skip(1)
        .map(|(page, titles)| {
            let paging = page.paging();
            let (number, of) = (paging.number, paging.of);
            let path = view::paging::page_path(&listing_path, number as usize);
            let own = (format!("Page {number}"), path.clone());
            let parent =
                category.map(|category| (category.name().to_string(), listing_path.clone()));
            PlannedRoute {
                title: format!("Page {number} of {of} – {listing_title}"),
                description: summary(&format!(
                    "{listing_name} from {site_name}, page {number} of {of}: {}.",
                    titles.join(", ")
                )),
                page: planner.page(&path, &page),
                in_sitemap: route.sitemap,
                breadcrumb: breadcrumb(content, route, own, parent),
                product: None,
                path,
            }
        })
        .collect()
}

/// The titles of the products of each page of the listing, in order.
fn listed_titles<'a>(content: &'a Content, category: Option<&Category>) -> Vec<Vec<&'a str>> {
    let listed: Vec<&str> = content
        .products
        .iter()
        .filter(|p| category.is_none_or(|category| p.category() == category.id()))
        .map(|p| p.title())
        .collect();
    view::paging::pages(listed.len(), content.page_size)
        .into_iter()
        .map(|page| listed[page.items].to_vec())
        .collect()
}

#[cfg(test)]
mod tests {
    use std::num::NonZeroUsize;

    use serde_json::Value;
    use sitegen_view::ListingPaging;

    use crate::routes::{plan, tests::fixture_content};

    /// The fixture (5 products: 3 dialysis, 1 radiology, 1 ophthalmic) at 2 a page.
    fn two_a_page() -> sitegen_content::Content {
        let mut content = fixture_content();
        content.page_size = NonZeroUsize::new(2).unwrap();
        content
    }

    /// The JSON the route data holds for `paging`.
    fn paging(paging: ListingPaging) -> Value {
        serde_json::to_value(paging).unwrap()
    }

    fn page_data(route: &crate::routes::PlannedRoute) -> Value {
        serde_json::from_str(route.page.get()).unwrap()
    }

    #[test]
    fn each_later_page_is_planned_with_its_own_products_canonical_and_sitemap_entry() {
        let planned = plan(&two_a_page());
        let paths: Vec<&str> = planned
            .iter()
            .map(|route| route.path.as_str())
            .filter(|path| path.contains("/page/"))
            .collect();
        assert_eq!(
            paths,
            [
                "/products/page/2",
                "/products/page/3",
                "/products/category/dialysis/page/2"
            ]
        );
        let first = planned.iter().find(|r| r.path == "/products").unwrap();
        let first = page_data(first);
        assert_eq!(first["products"].as_array().unwrap().len(), 2);
        assert_eq!(
            first["paging"],
            paging(ListingPaging {
                number: 1,
                of: 3,
                total: 5
            })
        );
        let last = planned
            .iter()
            .find(|r| r.path == "/products/page/3")
            .unwrap();
        let data = page_data(last);
        assert_eq!(
            data["products"].as_array().unwrap().len(),
            1,
            "only its page"
        );
        assert_eq!(
            data["paging"],
            paging(ListingPaging {
                number: 3,
                of: 3,
                total: 5
            })
        );
        assert!(last.in_sitemap);
        assert_eq!(
            last.canonical("https://www.example.com"),
            "https://www.example.com/products/page/3"
        );
        assert_eq!(last.html_file(), "products/page/3.html");
        assert!(last.title.starts_with("Page 3 of 3 – "), "{}", last.title);
        let dialysis = planned
            .iter()
            .find(|r| r.path == "/products/category/dialysis/page/2")
            .unwrap();
        let data = page_data(dialysis);
        assert_eq!(data["category"], "dialysis");
        assert_eq!(data["products"].as_array().unwrap().len(), 1);
        let trail: Vec<&str> = dialysis
            .breadcrumb
            .iter()
            .map(|(_, path)| path.as_str())
            .collect();
        assert_eq!(
            trail,
            [
                "/",
                "/products",
                "/products/category/dialysis",
                "/products/category/dialysis/page/2"
            ]
        );
        // Distinct titles and descriptions for search engines.
        let page2 = planned
            .iter()
            .find(|r| r.path == "/products/page/2")
            .unwrap();
        assert_ne!(page2.description, last.description);
        assert_ne!(page2.title, last.title);
    }

    #[test]
    fn the_default_page_size_keeps_a_small_catalogue_on_one_page() {
        let planned = plan(&fixture_content());
        assert!(planned.iter().all(|route| !route.path.contains("/page/")));
        let all = planned.iter().find(|r| r.path == "/products").unwrap();
        assert_eq!(page_data(all)["products"].as_array().unwrap().len(), 5);
    }

    #[test]
    fn page_one_of_each_listing_redirects_to_the_listing_before_the_any_slug_rule() {
        let content = two_a_page();
        let planned = plan(&content);
        let rules =
            crate::redirects::rules(&content, planned.iter().map(|r| r.path.as_str())).to_text();
        let lines: Vec<&str> = rules.lines().collect();
        let position = |rule: &str| {
            lines
                .iter()
                .position(|line| *line == rule)
                .unwrap_or_else(|| panic!("no {rule} in\n{rules}"))
        };
        let any_slug = position(&crate::redirects::product_any_slug_rule().line());
        assert!(position("/products/page/1 /products 301") < any_slug);
        assert!(
            position("/products/category/radiology/page/1 /products/category/radiology 301")
                < any_slug
        );
        // A later page is served as it is, not taken for a product's old slug.
        assert!(position("/products/page/2 /products/page/2 200") < any_slug);
        assert!(
            position("/products/category/dialysis/page/2 /products/category/dialysis/page/2 200")
                < any_slug
        );
    }
}
