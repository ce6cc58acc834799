//! The later pages of the product listings: `/products/page/N` and
//! `/products/category/{id}/page/N` (catalogue.toml's `page_size`). Page 1 is the
//! listing itself, planned with the other pages.

use std::sync::Arc;

use serde_json::value::RawValue;
use sitegen_content::routes::{category_path, Route};
use sitegen_content::{Category, Content, Product};
use sitegen_view as view;
use view::paging::ListingPage;

use super::{breadcrumb, static_meta, summary, PagePlanner, PlannedRoute};

/// One listing (`/products`, or a category's) with its pages, and what the last plan
/// listed, for a warm builder: a page that lists the same summaries at the same place
/// has the same data, which is taken from the last plan without making its view. After
/// one product's edit that is every page but one, or every page (its description).
pub(super) struct Listing<'a> {
    category: Option<&'a Category>,
    /// The listing's products, in file order.
    listed: Vec<&'a Product>,
    pages: Vec<ListingPage>,
    /// The last plan's products of the listing, when they were as many (the same
    /// pages) and the rest of its content the same.
    last: Option<Vec<&'a Product>>,
}

impl<'a> Listing<'a> {
    /// The listing of `category` (`None`: every product) in `content`; `last_content`
    /// is the last plan's, when it is the same but for its products.
    pub(super) fn of(
        content: &'a Content,
        category: Option<&'a Category>,
        last_content: Option<&'a Content>,
    ) -> Self {
        let of = |content: &'a Content| -> Vec<&'a Product> {
            content
                .products
                .iter()
                .filter(|p| category.is_none_or(|category| p.category() == category.id()))
                .collect()
        };
        let listed = of(content);
        let last = last_content
            .map(of)
            .filter(|last| last.len() == listed.len());
        Self {
            category,
            pages: view::paging::pages(listed.len(), content.page_size),
            listed,
            last,
        }
    }

    /// The page data of the page at `index` (0: the listing itself), whose route is at
    /// `path`: the last plan's when it lists the same products.
    pub(super) fn page_data(
        &self,
        content: &'a Content,
        index: usize,
        path: &str,
        planner: &PagePlanner,
    ) -> Arc<RawValue> {
        let page = &self.pages[index];
        let unchanged = self.last.as_ref().is_some_and(|last| {
            let items = page.items.clone();
            self.listed[items.clone()]
                .iter()
                .zip(&last[items])
                .all(|(now, then)| view::same_summary(now, then))
        });
        if let Some(kept) = unchanged.then(|| planner.kept(path)).flatten() {
            return kept;
        }
        let view = view::listing_page(content, self.category, &self.listed, page);
        planner.page(path, &view)
    }
}

/// Pages 2… of `listing` (of `/products` or of a category), as `route` (the paged
/// route of that listing) declares them.
pub(super) fn later_pages(
    content: &Content,
    route: &Route,
    listing: Listing<'_>,
    planner: &PagePlanner,
) -> Vec<PlannedRoute> {
    let site_name = content.site.name();
    let category = listing.category;
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
    (1..listing.pages.len())
        .map(|index| {
            let page = &listing.pages[index];
            let (number, of) = (page.number, page.of);
            let path = view::paging::page_path(&listing_path, number);
            let own = (format!("Page {number}"), path.clone());
            let parent =
                category.map(|category| (category.name().to_string(), listing_path.clone()));
            let titles: Vec<&str> = listing.listed[page.items.clone()]
                .iter()
                .map(|p| p.title())
                .collect();
            PlannedRoute {
                title: format!("Page {number} of {of} – {listing_title}"),
                description: summary(&format!(
                    "{listing_name} from {site_name}, page {number} of {of}: {}.",
                    titles.join(", ")
                )),
                page: listing.page_data(content, index, &path, planner),
                in_sitemap: route.sitemap,
                breadcrumb: breadcrumb(content, route, own, parent),
                product: None,
                path,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::num::NonZeroUsize;
    use std::sync::Arc;

    use serde_json::Value;
    use sitegen_sitefiles::redirects;
    use sitegen_view::ListingPaging;

    use crate::tests::{assert_same_plan, load_valid_content};
    use crate::{plan, plan_with, LastPlan, PageMemory, PagePlanner, PlannedRoute};

    /// The fixture (5 products: 3 dialysis, 1 radiology, 1 ophthalmic) at 2 a page.
    fn two_a_page() -> sitegen_content::Content {
        let mut content = load_valid_content();
        content.page_size = NonZeroUsize::new(2).unwrap();
        content
    }

    /// The JSON the route data holds for `paging`.
    fn paging(paging: ListingPaging) -> Value {
        serde_json::to_value(paging).unwrap()
    }

    fn page_data(route: &PlannedRoute) -> Value {
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

    /// Plans `content` as a warm builder does after planning `last` (its plan kept).
    fn plan_after(
        last: &sitegen_content::Content,
        content: &sitegen_content::Content,
    ) -> (Vec<PlannedRoute>, Vec<PlannedRoute>) {
        let planner = PagePlanner::remembering(PageMemory::default());
        let first = plan_with(last, 1, &planner);
        let mut memory = planner.into_memory().unwrap();
        memory.remember_plan(LastPlan::new(last.clone(), first.clone()));
        (
            first,
            plan_with(content, 1, &PagePlanner::remembering(memory)),
        )
    }

    fn page_at<'a>(routes: &'a [PlannedRoute], path: &str) -> &'a PlannedRoute {
        routes.iter().find(|route| route.path == path).unwrap()
    }

    #[test]
    fn a_warm_plan_keeps_the_listing_pages_of_the_same_summaries_and_is_the_fresh_plan() {
        let content = two_a_page();
        let last = content.products.len() - 1;
        let mut retitled = content.clone();
        retitled.products[last].title = content.products[0].title.clone();
        let mut described = content.clone();
        described.products[last].description = content.products[0].description.clone();
        for (edited, changed) in [(&retitled, true), (&described, false)] {
            let (first, warm) = plan_after(&content, edited);
            assert_same_plan(&warm, &plan(edited));
            let kept = |path| Arc::ptr_eq(&page_at(&first, path).page, &page_at(&warm, path).page);
            assert!(
                kept("/products") && kept("/products/page/2"),
                "other products"
            );
            // The last page lists the edited product: made again when its summary changed.
            assert_eq!(kept("/products/page/3"), !changed);
        }
    }

    #[test]
    fn the_default_page_size_keeps_a_small_catalogue_on_one_page() {
        let planned = plan(&load_valid_content());
        assert!(planned.iter().all(|route| !route.path.contains("/page/")));
        let all = planned.iter().find(|r| r.path == "/products").unwrap();
        assert_eq!(page_data(all)["products"].as_array().unwrap().len(), 5);
    }

    #[test]
    fn page_one_of_each_listing_redirects_to_the_listing_before_the_any_slug_rule() {
        let content = two_a_page();
        let planned = plan(&content);
        let rules = redirects::rules(&content, planned.iter().map(|r| r.path.as_str())).to_text();
        let lines: Vec<&str> = rules.lines().collect();
        let position = |rule: &str| {
            lines
                .iter()
                .position(|line| *line == rule)
                .unwrap_or_else(|| panic!("no {rule} in\n{rules}"))
        };
        let any_slug = position(&redirects::product_any_slug_rule().line());
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
