//! A warm builder's product pages from its last plan. A product page is made of its
//! product, the summaries of the first products of its category (its related
//! products) and the content but its products ([`view::product_page_among`]): where all
//! three say what they said in the last plan, the page's route is the last plan's, and
//! its view is neither made nor serialised again. After one edit at 10,000 products
//! that is nearly every page (an edit of a summary, as a title, makes the pages of its
//! category that show it again).

use std::collections::HashMap;

use sitegen_content::{Content, Product};
use sitegen_view as view;

use super::{PagePlanner, PlannedRoute};

/// A plan a warm builder keeps once its build ended: the content as it planned it and
/// its routes.
pub struct LastPlan {
    pub(super) content: Content,
    /// Taken by the product pages ([`product_routes`]).
    pub(super) routes: Vec<PlannedRoute>,
}

impl LastPlan {
    pub fn new(content: Content, routes: Vec<PlannedRoute>) -> Self {
        Self { content, routes }
    }

    /// This plan, to plan `content` with, when it was made of the same content but the
    /// products: then each page it planned of products (a product's, a listing's) is
    /// taken where the products it shows are the same ([`product_routes`],
    /// `listing.rs`). Of other content, nothing is taken.
    pub(super) fn for_content(self, content: &Content) -> Option<Self> {
        (self.content.site_wide == content.site_wide).then_some(self)
    }
}

/// How many of a category's first products its product pages show: the related
/// products, and one more for the page of one of them (which skips itself).
const SHOWN_OF_CATEGORY: usize = view::RELATED_PRODUCTS + 1;

/// For each product of `content` (of `by_category`, its products by category), the
/// route of its page in the `last` plan (whose content is the same but for its
/// products; its routes taken) where that page is made of the same; `None` where it
/// must be planned. The page data of each route reused is kept by `pages`.
pub(super) fn product_routes(
    content: &Content,
    by_category: &HashMap<&str, Vec<&Product>>,
    pages: &PagePlanner,
    last: Option<&mut LastPlan>,
) -> Vec<Option<PlannedRoute>> {
    let Some(last) = last else {
        return (0..content.products.len()).map(|_| None).collect();
    };
    let last_routes = std::mem::take(&mut last.routes);
    let last_by_category = view::products_by_category(&last.content);
    fn first<'p>(of: &'p HashMap<&str, Vec<&'p Product>>, category: &str) -> &'p [&'p Product] {
        let products = of.get(category).map_or(&[][..], Vec::as_slice);
        &products[..products.len().min(SHOWN_OF_CATEGORY)]
    }
    let same_first_products = |category: &str| {
        let (now, then) = (
            first(by_category, category),
            first(&last_by_category, category),
        );
        now.len() == then.len() && now.iter().zip(then).all(|(a, b)| view::same_summary(a, b))
    };
    let unchanged_categories: HashMap<&str, bool> = by_category
        .keys()
        .map(|&category| (category, same_first_products(category)))
        .collect();
    let mut last_routes: HashMap<u32, PlannedRoute> = last_routes
        .into_iter()
        .filter_map(|route| {
            let product = last.content.products.get(route.product?)?;
            Some((product.id(), route))
        })
        .collect();
    content
        .products
        .iter()
        .enumerate()
        .map(|(index, product)| {
            if !unchanged_categories[product.category()] {
                return None;
            }
            let route = last_routes.remove(&product.id())?;
            let then = &last.content.products[route.product?];
            if !then.same_values(product) {
                return None;
            }
            pages.keep(&route.path);
            Some(PlannedRoute {
                product: Some(index),
                ..route
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{assert_same_plan, load_valid_content};
    use crate::{plan, plan_with, PageMemory};

    /// Plans `content` with `memory` as a warm builder does, and keeps the plan in the
    /// memory it answers, as a build that ended does, each product route marked by
    /// `mark` (to tell a route taken from it).
    fn plan_warm(
        content: &Content,
        memory: PageMemory,
        mark: impl Fn(&mut PlannedRoute),
    ) -> (Vec<PlannedRoute>, PageMemory) {
        let planner = PagePlanner::remembering(memory);
        let routes = plan_with(content, 2, &planner);
        let mut memory = planner.into_memory().expect("a remembering planner");
        let mut kept = routes.clone();
        kept.iter_mut()
            .filter(|route| route.product.is_some())
            .for_each(mark);
        memory.remember_plan(LastPlan::new(content.clone(), kept));
        (routes, memory)
    }

    fn page_of<'a>(routes: &'a [PlannedRoute], product: &Product) -> &'a PlannedRoute {
        routes
            .iter()
            .find(|route| route.path == product.route())
            .expect("a product page")
    }

    /// The fixture with more products in its first product's category, so that its
    /// last product is shown by no other product's page.
    fn catalogue() -> Content {
        let mut content = load_valid_content();
        let first = content.products[0].clone();
        for id in 1001..1006 {
            let mut more = first.clone();
            more.id.value = id;
            content.products.push(more);
        }
        content
    }

    /// `content` with its last product's description changed and every product moved
    /// in its file (the same values at other spans).
    fn edited(content: &Content) -> Content {
        let mut edited = content.clone();
        let last_description = &edited.products.last().expect("a product").description;
        let new_description = edited
            .products
            .iter()
            .map(|product| product.description.clone())
            .find(|description| description != last_description)
            .expect("a product of another description");
        let last = edited.products.last_mut().expect("a product");
        last.description = new_description;
        for product in &mut edited.products {
            product.id.span = product.id.span.start + 7..product.id.span.end + 7;
        }
        edited
    }

    #[test]
    fn a_warm_plan_after_an_edit_is_the_fresh_plan() {
        let content = catalogue();
        let (_, memory) = plan_warm(&content, PageMemory::default(), |_| {});
        let edited = edited(&content);
        let (warm, _) = plan_warm(&edited, memory, |_| {});
        assert_same_plan(&warm, &plan(&edited));
    }

    #[test]
    fn only_the_pages_that_show_an_edited_product_are_planned_again() {
        let content = catalogue();
        let mark = |route: &mut PlannedRoute| route.title = "kept".to_string();
        let (_, memory) = plan_warm(&content, PageMemory::default(), mark);
        let edited = edited(&content);
        let (second, _) = plan_warm(&edited, memory, |_| {});
        let target = edited.products.last().expect("a product");
        assert_ne!(page_of(&second, target).title, "kept", "the edited product");
        for product in &edited.products[..edited.products.len() - 1] {
            // Its category's first products, which its page shows, are unchanged.
            assert_eq!(page_of(&second, product).title, "kept", "{}", product.id());
        }

        // An edit of a product that others show as related plans their pages again.
        let mut first_edited = edited.clone();
        first_edited.products[0].title = edited.products[1].title.clone();
        let (_, memory) = plan_warm(&edited, PageMemory::default(), mark);
        let (third, _) = plan_warm(&first_edited, memory, |_| {});
        let same_category = |product: &&Product| product.category() == target.category();
        for product in first_edited.products.iter().filter(same_category) {
            assert_ne!(page_of(&third, product).title, "kept", "{}", product.id());
        }
        let elsewhere = first_edited.products.iter().find(|p| !same_category(p));
        assert_eq!(
            page_of(&third, elsewhere.expect("another category")).title,
            "kept"
        );
    }

    #[test]
    fn other_content_plans_every_product_again() {
        let content = load_valid_content();
        let mark = |route: &mut PlannedRoute| route.title = "kept".to_string();
        let (_, memory) = plan_warm(&content, PageMemory::default(), mark);
        let mut renamed = content.clone();
        renamed.site.name = content.products[0].title.clone();
        let (second, _) = plan_warm(&renamed, memory, |_| {});
        assert!(second.iter().all(|route| route.title != "kept"));
    }
}
