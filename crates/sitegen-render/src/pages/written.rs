//! What a warm builder remembers of the pages it wrote: what each was made from and
//! the keys it then had. A page made of the same things again has the same keys, so
//! it is known unchanged without serialising its data, hashing it or building its
//! head: after an edit, the time goes to the pages it changed, not to all 10,000.

use std::collections::HashMap;
use std::sync::Mutex;

use sitegen_buildcache::cache::Key;
use sitegen_content::{Content, Product, SiteWide};
use sitegen_routes::PlannedRoute;

/// What every page of a build is made of besides its own route. A page is looked up
/// in the memory only while all of this is the same as when it was remembered.
#[derive(PartialEq)]
pub(crate) struct SharedInputs {
    /// What every render depends on besides its route: the bundle and the layout.
    pub renders: Key,
    /// The templates.
    pub shells: Key,
    /// The URL of the layout file every page names.
    pub layout_url: String,
    /// Whether the pages get compressed twins.
    pub precompress: bool,
    /// The content but its products: the site, categories, services and media the
    /// heads read (a product page's head reads its own product: [`WrittenPage::product`]).
    pub site_wide: SiteWide,
}

impl SharedInputs {
    /// `content` but its products, the rest as given.
    pub fn new(
        renders: Key,
        shells: Key,
        layout_url: String,
        precompress: bool,
        content: &Content,
    ) -> Self {
        Self {
            renders,
            shells,
            layout_url,
            precompress,
            site_wide: content.site_wide.clone(),
        }
    }
}

/// One page as it was written.
pub(crate) struct WrittenPage {
    /// Its route as planned.
    route: PlannedRoute,
    /// The product a product page shows, whole: its head (JSON-LD, the share image)
    /// reads fields its page data does not show.
    product: Option<Product>,
    /// The key of its render.
    pub render_key: Key,
    /// The key of everything it is made of.
    pub page_key: Key,
}

impl WrittenPage {
    pub fn new(content: &Content, route: &PlannedRoute, render_key: Key, page_key: Key) -> Self {
        Self {
            route: route.clone(),
            product: page_product(content, route).cloned(),
            render_key,
            page_key,
        }
    }

    /// Whether `route` of `content` is made of what this page was made of: every field
    /// of a planned route named, so that one added to it is compared here too.
    fn made_as(&self, content: &Content, route: &PlannedRoute) -> bool {
        let PlannedRoute {
            path,
            title,
            description,
            page,
            in_sitemap,
            breadcrumb,
            product,
        } = &self.route;
        *path == route.path
            && (std::sync::Arc::ptr_eq(page, &route.page) || page.get() == route.page.get())
            && *title == route.title
            && *description == route.description
            && *breadcrumb == route.breadcrumb
            && *in_sitemap == route.in_sitemap
            // The index may move (a product added above it): its values are compared.
            && product.is_some() == route.product.is_some()
            && match (&self.product, page_product(content, route)) {
                (Some(then), Some(now)) => then.same_values(now),
                (then, now) => then.is_none() && now.is_none(),
            }
    }
}

fn page_product<'c>(content: &'c Content, route: &PlannedRoute) -> Option<&'c Product> {
    content.products.get(route.product?)
}

/// The pages a warm builder wrote, by their file in the output.
#[derive(Default)]
pub(crate) struct WrittenPages {
    /// What they were all made of besides their routes; `None` before the first build.
    shared: Option<SharedInputs>,
    pages: HashMap<String, WrittenPage>,
}

/// The written pages during a build: the last build's, looked up, and this build's
/// changes to them.
pub(crate) struct WrittenMemory {
    last: WrittenPages,
    /// Whether anything is remembered at all (a warm builder).
    kept: bool,
    changed: Mutex<Vec<(String, WrittenPage)>>,
}

impl WrittenMemory {
    /// Nothing remembered, and nothing to remember (a one-off build).
    pub fn none() -> Self {
        Self {
            last: WrittenPages::default(),
            kept: false,
            changed: Mutex::default(),
        }
    }

    /// The pages `last` remembers, unless the pages of this build share other inputs
    /// (`shared`), which makes every page new.
    pub fn after(mut last: WrittenPages, shared: SharedInputs) -> Self {
        if last.shared.as_ref() != Some(&shared) {
            last = WrittenPages {
                shared: Some(shared),
                pages: HashMap::new(),
            };
        }
        Self {
            last,
            kept: true,
            changed: Mutex::default(),
        }
    }

    /// The last build's page at `html_file`, if `route` of `content` is made of what it
    /// was made of.
    pub fn unchanged(
        &self,
        html_file: &str,
        content: &Content,
        route: &PlannedRoute,
    ) -> Option<&WrittenPage> {
        self.last
            .pages
            .get(html_file)
            .filter(|page| page.made_as(content, route))
    }

    /// Remembers the page written at `html_file` (a warm builder only).
    pub fn remember(&self, html_file: &str, page: impl FnOnce() -> WrittenPage) {
        if self.kept {
            self.changed
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .push((html_file.to_string(), page()));
        }
    }

    /// The pages to remember after this build, whose pages are the files `this_build`
    /// holds; `None` for a one-off build.
    pub fn finish(self, this_build: impl Fn(&str) -> bool) -> Option<WrittenPages> {
        if !self.kept {
            return None;
        }
        let mut pages = self.last;
        pages
            .pages
            .extend(self.changed.into_inner().unwrap_or_else(|p| p.into_inner()));
        pages.pages.retain(|file, _| this_build(file));
        Some(pages)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sitegen_content::MediaRef;
    use sitegen_routes as routes;

    fn shared(content: &Content, templates: &str) -> SharedInputs {
        SharedInputs::new(
            Key::of(&[b"bundle and layout"]),
            Key::of(&[templates.as_bytes()]),
            "/data/layout.json".into(),
            false,
            content,
        )
    }

    fn keys(page: &WrittenPage) -> (&Key, &Key) {
        (&page.render_key, &page.page_key)
    }

    #[test]
    fn a_page_is_found_while_its_route_and_what_every_page_shares_are_the_same() {
        let content = sitegen_content::testing::load_valid_content();
        let planned = routes::plan(&content);
        let route = planned
            .iter()
            .find(|route| route.product.is_some())
            .unwrap();
        let file = route.html_file();
        let (render, page) = (Key::of(&[b"render"]), Key::of(&[b"page"]));

        let first = WrittenMemory::after(WrittenPages::default(), shared(&content, "t"));
        assert!(first.unchanged(&file, &content, route).is_none());
        first.remember(&file, || {
            WrittenPage::new(&content, route, render.clone(), page.clone())
        });
        let written = first.finish(|built| built == file).unwrap();

        let second = WrittenMemory::after(written, shared(&content, "t"));
        let found = second.unchanged(&file, &content, route).map(keys);
        assert_eq!(found, Some((&render, &page)));
        let mut described = route.clone();
        described.description.push_str(" More.");
        assert!(second.unchanged(&file, &content, &described).is_none());
        let mut pictured = content.clone();
        pictured.products[route.product.unwrap()].image = Some(MediaRef {
            path: "media/products/other.svg".into(),
            output: "media/products/other.0123abcd.svg".into(),
            width: 10,
            height: 10,
        });
        assert!(
            second.unchanged(&file, &pictured, route).is_none(),
            "another image: another shared PNG"
        );
        let written = second.finish(|built| built == file).unwrap();

        let retemplated = WrittenMemory::after(written, shared(&content, "other templates"));
        assert!(retemplated.unchanged(&file, &content, route).is_none());
        retemplated.remember(&file, || {
            WrittenPage::new(&content, route, render.clone(), page.clone())
        });
        let written = retemplated.finish(|_| true).unwrap();
        let mut recategorised = content.clone();
        recategorised.categories.reverse();
        let after = WrittenMemory::after(written, shared(&recategorised, "other templates"));
        assert!(
            after.unchanged(&file, &recategorised, route).is_none(),
            "the categories changed"
        );
    }

    #[test]
    fn a_page_gone_from_the_build_is_forgotten_and_a_one_off_build_keeps_nothing() {
        let content = sitegen_content::testing::load_valid_content();
        let planned = routes::plan(&content);
        let route = &planned[0];
        let file = route.html_file();
        let memory = WrittenMemory::after(WrittenPages::default(), shared(&content, "t"));
        memory.remember(&file, || {
            WrittenPage::new(&content, route, Key::of(&[b"r"]), Key::of(&[b"p"]))
        });
        let written = memory.finish(|_| false).unwrap();
        let next = WrittenMemory::after(written, shared(&content, "t"));
        assert!(next.unchanged(&file, &content, route).is_none());

        let once = WrittenMemory::none();
        once.remember(&file, || unreachable!("a one-off build makes no memory"));
        assert!(once.finish(|_| true).is_none());
    }
}
