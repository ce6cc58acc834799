//! The route table of data-contract §4, declared once: every route with its pattern,
//! kind, screen module, page data, breadcrumb, sitemap entry and redirect. Everything
//! else that knows routes is derived from [`ROUTES`]: the prerender plan
//! (`sitegen-render::routes::plan`), the link checker's table (`sitegen-links`), the
//! route checks of the content, the alias conflict check, the policy of a legal page
//! and the web app's `web/src/app/route-table.gen.ts` (`sitegen gen`). Adding a route
//! is one entry here plus its screen module in `web/`.
//!
//! The model is ripgrep's `crates/core/flags/defs.rs`: one definition per item feeds
//! every output, and a consistency test (below) keeps the definitions sound.

// The URL escapes live with the diagnostics at the bottom, so the preview server and
// the link check decode paths exactly as the content checks do.
pub use sitegen_diagnostics::percent::{encode_path, encode_uri_component, percent_decode};

/// What a route is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RouteKind {
    /// A page of its own.
    Page,
    /// One building block of the site alone (prerendered, `noindex`).
    Block,
    /// An old spelling of another route: a 301 redirect to [`Route::redirect`].
    Alias,
    /// A stable link to an entry whose page moves (`/products/{id}`): a 301 to the
    /// entry's current page, a route of [`Route::redirect`]. No page of its own: the
    /// host's rules, a fallback page and the client's redirect map answer it.
    Permalink,
    /// The catch-all: the not-found screen, written once as `404.html`.
    NotFound,
}

impl RouteKind {
    /// The name in the generated TypeScript table.
    pub fn as_str(self) -> &'static str {
        match self {
            RouteKind::Page => "page",
            RouteKind::Block => "block",
            RouteKind::Alias => "alias",
            RouteKind::Permalink => "permalink",
            RouteKind::NotFound => "not-found",
        }
    }
}

/// The data a route's screen gets (`page` of `RouteData`, data-contract §3). For a
/// parameterised route it also says what the route expands to when planned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataKind {
    /// The home page: the sections home.toml lists.
    Home,
    /// Every section of the home page (a block route picks one).
    HomeBlocks,
    /// Every product.
    Products,
    /// The service listing.
    Services,
    /// The certificates.
    Certificates,
    /// The registrations of every type.
    Railway,
    /// about.toml.
    About,
    /// A legal page: the policy shown.
    Policy(PolicyKind),
    /// timeline.toml.
    Timeline,
    /// `{}`: the screen needs only the layout.
    Empty,
    /// One page per registration type: its registrations.
    Registrations,
    /// One page per category of catalogue.toml: its products.
    Category,
    /// The pages of `/products` after the first (catalogue.toml's `page_size`).
    ProductsPages,
    /// The pages of each category's listing after the first.
    CategoryPages,
    /// One page per service entry.
    Service,
    /// One page per product: it and related products.
    Product,
    /// No data chunk (aliases, the not-found screen).
    None,
}

/// Where a route's breadcrumb trail starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Breadcrumb {
    /// No breadcrumb (the home page, the forms, the block routes).
    None,
    /// Home › … › the parent route (by id) › this page. A parent without a breadcrumb
    /// of its own starts the trail (the home page).
    Under(&'static str),
}

/// One route of the site.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route {
    /// A stable name: the web router's route id, the generated table's key.
    pub id: &'static str,
    /// The path, with `:name` for a parameter (React Router's syntax); `*` for the
    /// catch-all.
    pub pattern: &'static str,
    /// Page, block, alias or the catch-all.
    pub kind: RouteKind,
    /// The screen's module as a Vite manifest key (relative to `web/`); `None` for an
    /// alias, which has no screen of its own.
    pub screen: Option<&'static str>,
    /// The screen's data, and what a parameterised route expands to.
    pub data: DataKind,
    /// Where the page's breadcrumb trail starts.
    pub breadcrumb: Breadcrumb,
    /// Listed in `sitemap.xml`.
    pub sitemap: bool,
    /// For an alias or a permalink: the id of the route it redirects to (301).
    pub redirect: Option<&'static str>,
}

impl Route {
    /// Whether the pattern has a `:parameter`.
    pub fn is_parameterised(&self) -> bool {
        self.pattern.contains(':')
    }

    /// The literal part of the pattern before its first parameter:
    /// `/products/category/` for `/products/category/:categoryId`.
    pub fn prefix(&self) -> &'static str {
        match self.pattern.find(':') {
            Some(at) => &self.pattern[..at],
            None => self.pattern,
        }
    }

    /// The decoded path with `values` for the parameters, in order:
    /// `PRODUCT.path_with(&["12", "hemodialysis-machine"])`.
    pub fn path_with(&self, values: &[&str]) -> String {
        let mut values = values.iter();
        let filled: Vec<&str> = self
            .pattern
            .split('/')
            .map(|segment| match segment.strip_prefix(':') {
                Some(name) => values
                    .next()
                    .unwrap_or_else(|| panic!("no value for :{name} of {}", self.pattern)),
                None => segment,
            })
            .collect();
        assert!(
            values.next().is_none(),
            "too many values for {}",
            self.pattern
        );
        filled.join("/")
    }

    /// Whether the route is prerendered: a page or block route (expanded over the
    /// content when parameterised).
    pub(crate) fn is_prerendered(&self) -> bool {
        matches!(self.kind, RouteKind::Page | RouteKind::Block)
    }

    /// The static path of a route that is prerendered as it is (a page or block
    /// without parameters).
    pub fn static_path(&self) -> Option<&'static str> {
        (self.is_prerendered() && !self.is_parameterised()).then_some(self.pattern)
    }
}

/// A page of its own without parameters, in the sitemap.
const fn page(
    id: &'static str,
    pattern: &'static str,
    screen: &'static str,
    data: DataKind,
    breadcrumb: Breadcrumb,
) -> Route {
    Route {
        id,
        pattern,
        kind: RouteKind::Page,
        screen: Some(screen),
        data,
        breadcrumb,
        sitemap: true,
        redirect: None,
    }
}

/// A block route: one building block alone; no breadcrumb, not in the sitemap.
const fn block(
    id: &'static str,
    pattern: &'static str,
    screen: &'static str,
    data: DataKind,
) -> Route {
    Route {
        id,
        pattern,
        kind: RouteKind::Block,
        screen: Some(screen),
        data,
        breadcrumb: Breadcrumb::None,
        sitemap: false,
        redirect: None,
    }
}

const HOME_BLOCK: &str = "src/pages/home/HomeBlockPage.tsx";
const LEGAL: &str = "src/pages/legal/LegalPage.tsx";
const PRODUCTS_SCREEN: &str = "src/pages/products/ProductsPage.tsx";
const UNDER_HOME: Breadcrumb = Breadcrumb::Under("home");

/// `/railway-registration/:type`: one page per [`crate::RegistrationType`].
const REGISTRATIONS: Route = Route {
    id: "registrations",
    pattern: "/railway-registration/:type",
    kind: RouteKind::Page,
    screen: Some("src/pages/railway/RegistrationsPage.tsx"),
    data: DataKind::Registrations,
    breadcrumb: Breadcrumb::Under("railway"),
    sitemap: true,
    redirect: None,
};

/// `/products/category/:categoryId`: one page per category. The literal `category`
/// segment keeps it apart from the product pages.
pub const CATEGORY: Route = Route {
    id: "products-category",
    pattern: "/products/category/:categoryId",
    kind: RouteKind::Page,
    screen: Some(PRODUCTS_SCREEN),
    data: DataKind::Category,
    breadcrumb: Breadcrumb::Under("products"),
    sitemap: true,
    redirect: None,
};

/// `/products/page/:page`: the pages of `/products` after the first; page 1 is
/// `/products` itself (`/products/page/1` redirects there).
pub const PRODUCTS_PAGE: Route = Route {
    id: "products-page",
    pattern: "/products/page/:page",
    kind: RouteKind::Page,
    screen: Some(PRODUCTS_SCREEN),
    data: DataKind::ProductsPages,
    breadcrumb: Breadcrumb::Under("products"),
    sitemap: true,
    redirect: None,
};

/// `/products/category/:categoryId/page/:page`: the pages of a category's listing
/// after the first.
const CATEGORY_PAGE: Route = Route {
    id: "products-category-page",
    pattern: "/products/category/:categoryId/page/:page",
    kind: RouteKind::Page,
    screen: Some(PRODUCTS_SCREEN),
    data: DataKind::CategoryPages,
    breadcrumb: Breadcrumb::Under(CATEGORY.id),
    sitemap: true,
    redirect: None,
};

/// `/services/:serviceId`: one page per service entry (the id percent-encoded in URLs).
pub const SERVICE: Route = Route {
    id: "service-detail",
    pattern: "/services/:serviceId",
    kind: RouteKind::Page,
    screen: Some("src/pages/services/ServiceDetailPage.tsx"),
    data: DataKind::Service,
    breadcrumb: Breadcrumb::Under("services"),
    sitemap: true,
    redirect: None,
};

/// `/products/:productId/:slug`: one page per product, under its category.
pub const PRODUCT: Route = Route {
    id: "product",
    pattern: "/products/:productId/:slug",
    kind: RouteKind::Page,
    screen: Some("src/pages/product/ProductPage.tsx"),
    data: DataKind::Product,
    breadcrumb: Breadcrumb::Under(CATEGORY.id),
    sitemap: true,
    redirect: None,
};

/// `/products/:id`: a product's stable link, a 301 to its page whatever its title
/// became (as `/products/:id/{any other slug}` is). The parameter is named `id` as in
/// the `_redirects` placeholder rule, which is written from this pattern.
pub const PRODUCT_PERMALINK: Route = Route {
    id: "product-permalink",
    pattern: "/products/:id",
    kind: RouteKind::Permalink,
    screen: None,
    data: DataKind::None,
    breadcrumb: Breadcrumb::None,
    sitemap: false,
    redirect: Some(PRODUCT.id),
};

/// The catch-all not-found screen (`404.html`). Old URLs (`/products/{id}`, content
/// aliases) reach it in the client and move on.
pub const NOT_FOUND: Route = Route {
    id: "not-found",
    pattern: "*",
    kind: RouteKind::NotFound,
    screen: Some("src/pages/not-found/NotFoundPage.tsx"),
    data: DataKind::None,
    breadcrumb: Breadcrumb::None,
    sitemap: false,
    redirect: None,
};

/// Every route, in the order the site is planned (and `sitemap.xml` lists it): the
/// pages, the block routes, the parameterised pages, then the aliases and the catch-all.
#[rustfmt::skip] // A table: one route a line.
pub const ROUTES: &[Route] = &[
    page("home", "/", "src/pages/home/HomePage.tsx", DataKind::Home, Breadcrumb::None),
    page("products", "/products", PRODUCTS_SCREEN, DataKind::Products, UNDER_HOME),
    page("services", "/services", "src/pages/services/ServicesPage.tsx", DataKind::Services, UNDER_HOME),
    page("certificates", "/certificate", "src/pages/certificates/CertificatesPage.tsx", DataKind::Certificates, UNDER_HOME),
    page("railway", "/railway-registration", "src/pages/railway/RailwayPage.tsx", DataKind::Railway, UNDER_HOME),
    page("about", "/aboutUs", "src/pages/about/AboutPage.tsx", DataKind::About, UNDER_HOME),
    page("blogs", "/blogs", "src/pages/blogs/BlogsPage.tsx", DataKind::Empty, Breadcrumb::None),
    page("contact", "/contact", "src/pages/contact/ContactPage.tsx", DataKind::Empty, Breadcrumb::None),
    page("quote-list", "/quote-list", "src/quote-list/QuoteListPage.tsx", DataKind::Empty, UNDER_HOME),
    page("job-application", "/jobapplicationform", "src/pages/job-application/JobApplicationPage.tsx", DataKind::Empty, Breadcrumb::None),
    page("terms", "/TermsAndConditions", LEGAL, DataKind::Policy(PolicyKind::Terms), UNDER_HOME),
    page("privacy", "/PrivacyPolicy", LEGAL, DataKind::Policy(PolicyKind::Privacy), UNDER_HOME),
    page("return-refund", "/ReturnRefundPolicy", LEGAL, DataKind::Policy(PolicyKind::Shipping), UNDER_HOME),
    page("shipping", "/ShippingPolicy", LEGAL, DataKind::Policy(PolicyKind::Shipping), UNDER_HOME),
    page("payment", "/PaymentPolicy", LEGAL, DataKind::Policy(PolicyKind::Payment), UNDER_HOME),
    block("block-footer", "/footer", "src/app/layout/FooterBlockPage.tsx", DataKind::Empty),
    block("block-home-slider", "/home-slider", HOME_BLOCK, DataKind::HomeBlocks),
    block("block-map", "/map", HOME_BLOCK, DataKind::HomeBlocks),
    block("block-service", "/service", HOME_BLOCK, DataKind::HomeBlocks),
    block("block-associate-partners", "/associate-partners", HOME_BLOCK, DataKind::HomeBlocks),
    block("block-number-increase", "/number-increase", HOME_BLOCK, DataKind::HomeBlocks),
    block("timeline", "/timeline", "src/pages/timeline/TimelinePage.tsx", DataKind::Timeline),
    block("block-achievement", "/achievement", HOME_BLOCK, DataKind::HomeBlocks),
    block("block-our-clients-say", "/OurClientssay", HOME_BLOCK, DataKind::HomeBlocks),
    block("block-testimonial", "/testimonial", HOME_BLOCK, DataKind::HomeBlocks),
    block("block-product-form-modal", "/ProductFormModal", "src/pages/blocks/EnquiryModalPreviewPage.tsx", DataKind::Empty),
    block("block-notification", "/Notification", "src/pages/blocks/NotificationPreviewPage.tsx", DataKind::Empty),
    block("block-product-home", "/Producthome", HOME_BLOCK, DataKind::HomeBlocks),
    REGISTRATIONS,
    CATEGORY,
    PRODUCTS_PAGE,
    CATEGORY_PAGE,
    SERVICE,
    PRODUCT,
    PRODUCT_PERMALINK,
    Route {
        id: "job-application-alias",
        pattern: "/JobApplicationForm",
        kind: RouteKind::Alias,
        screen: None,
        data: DataKind::None,
        breadcrumb: Breadcrumb::None,
        sitemap: false,
        redirect: Some("job-application"),
    },
    NOT_FOUND,
];

/// The route with this id.
pub fn route(id: &str) -> Option<&'static Route> {
    ROUTES.iter().find(|route| route.id == id)
}

/// The paths of the routes prerendered as they are, pages then blocks (the ones
/// pages.toml may describe).
pub fn static_paths() -> impl Iterator<Item = &'static str> + Clone {
    ROUTES.iter().filter_map(Route::static_path)
}

/// Every alias with the path it redirects to (301).
pub fn route_aliases() -> impl Iterator<Item = (&'static str, &'static str)> + Clone {
    ROUTES
        .iter()
        .filter(|route| route.kind == RouteKind::Alias)
        .filter_map(|alias| Some((alias.pattern, route(alias.redirect?)?.pattern)))
}

/// The page of a decoded route path, inside the output folder: `/` → `index.html`,
/// `/services/x` → `services/x.html`. A file named after the route, not a folder's
/// `index.html`: the static hosts (Cloudflare Pages, Netlify, GitHub Pages, S3) serve
/// `x.html` at `/x` itself, but answer `/x` with a redirect to `/x/` for a folder,
/// and the site's URLs have no trailing slash. The page carries its route's data,
/// which the web app reads from it on a client-side navigation: a route is one file.
pub fn route_html_file(path: &str) -> String {
    match path.strip_prefix('/').filter(|rest| !rest.is_empty()) {
        Some(file) => format!("{file}.html"),
        None => "index.html".to_string(),
    }
}

/// The redirect map the client router reads for an old URL, inside the output folder.
pub const REDIRECTS_DATA_FILE: &str = "data/redirects.json";

/// Whether `path` is a static route or an alias, exactly as written.
pub(crate) fn is_static_or_alias(path: &str) -> bool {
    static_paths().any(|known| known == path) || route_aliases().any(|(alias, _)| alias == path)
}

/// The prerendered parameterised routes, the longest prefix first, so
/// `/products/category/…` is tried before `/products/…`.
pub(crate) fn parameterised_routes() -> Vec<&'static Route> {
    let mut routes: Vec<&'static Route> = ROUTES
        .iter()
        .filter(|route| route.is_prerendered() && route.is_parameterised())
        .collect();
    routes.sort_by_key(|route| std::cmp::Reverse(route.prefix().len()));
    routes
}

/// The parameterised route whose prefix `path` starts with (the longest one), with
/// the rest of the path: `/services/a%20b` → ([`SERVICE`], `a%20b`).
pub(crate) fn parameterised_under(path: &str) -> Option<(&'static Route, &str)> {
    parameterised_routes()
        .into_iter()
        .find_map(|route| Some((route, path.strip_prefix(route.prefix())?)))
}

/// The decoded path of a category's page: `/products/category/dialysis`.
pub fn category_path(category_id: &str) -> String {
    CATEGORY.path_with(&[category_id])
}

/// The URL slug of a product title: lower case, every run of characters other than
/// ASCII letters and digits collapsed to one `-`, no `-` at either end.
pub fn slug(title: &str) -> String {
    let mut slug = String::with_capacity(title.len());
    for c in title.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    while slug.ends_with('-') {
        slug.pop();
    }
    slug
}

/// Which legal page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PolicyKind {
    /// policies/privacy.toml (/PrivacyPolicy).
    Privacy,
    /// policies/terms.toml (/TermsAndConditions).
    Terms,
    /// policies/shipping.toml (/ShippingPolicy and /ReturnRefundPolicy).
    Shipping,
    /// policies/payment.toml (/PaymentPolicy).
    Payment,
}

impl PolicyKind {
    /// Every legal page.
    pub const ALL: [PolicyKind; 4] = [
        PolicyKind::Privacy,
        PolicyKind::Terms,
        PolicyKind::Shipping,
        PolicyKind::Payment,
    ];

    /// The file name stem under `policies/` (`privacy`), from its [content
    /// file](PolicyKind::content_file).
    pub fn file_stem(self) -> &'static str {
        let path = self.content_file().path;
        let name = path.rsplit_once('/').map_or(path, |(_, name)| name);
        name.strip_suffix(".toml").unwrap_or(name)
    }

    /// The policy shown on a legal route, if `route` is one (see [`ROUTES`]).
    pub fn for_route(route: &str) -> Option<PolicyKind> {
        ROUTES
            .iter()
            .find(|declared| declared.pattern == route)
            .and_then(|declared| match declared.data {
                DataKind::Policy(kind) => Some(kind),
                _ => None,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_a_file_named_after_its_route() {
        assert_eq!(route_html_file("/"), "index.html");
        assert_eq!(route_html_file("/aboutUs"), "aboutUs.html");
        assert_eq!(
            route_html_file("/products/12/slit-lamp"),
            "products/12/slit-lamp.html"
        );
    }

    /// The route a breadcrumb parent id names.
    fn parent_of(route: &Route) -> Option<&'static Route> {
        match route.breadcrumb {
            Breadcrumb::None => None,
            Breadcrumb::Under(id) => {
                Some(super::route(id).unwrap_or_else(|| panic!("{}: no parent {id}", route.id)))
            }
        }
    }

    #[test]
    fn every_route_declaration_is_consistent() {
        let mut ids: Vec<&str> = ROUTES.iter().map(|route| route.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), ROUTES.len(), "an id is declared twice");
        // The web router ignores case: two screens must differ in more than case.
        let mut screens: Vec<String> = ROUTES
            .iter()
            .filter(|route| route.kind != RouteKind::Alias)
            .map(|route| route.pattern.to_lowercase())
            .collect();
        screens.sort_unstable();
        screens.dedup();
        assert_eq!(screens.len(), ROUTES.len() - route_aliases().count());
        for route in ROUTES {
            let id = route.id;
            assert!(
                route.pattern == "*" || route.pattern.starts_with('/'),
                "{id}"
            );
            assert_eq!(
                route.kind == RouteKind::NotFound,
                route.pattern == "*",
                "{id}"
            );
            // An alias or a permalink has a target and no screen; everything else the
            // reverse.
            let redirects = matches!(route.kind, RouteKind::Alias | RouteKind::Permalink);
            assert_eq!(redirects, route.redirect.is_some(), "{id}");
            assert_eq!(redirects, route.screen.is_none(), "{id}");
            if let Some(screen) = route.screen {
                assert!(
                    screen.starts_with("src/") && screen.ends_with(".tsx"),
                    "{id}: {screen}"
                );
            }
            if let Some(target) = route.redirect {
                let target = super::route(target).expect("the redirect target is a route");
                if route.kind == RouteKind::Permalink {
                    // The entry's pages, named by the permalink's parameter and more.
                    assert!(target.is_prerendered(), "{id}");
                    assert_eq!(target.prefix(), route.prefix(), "{id}");
                    let params = |route: &Route| route.pattern.matches(':').count();
                    assert!(params(target) > params(route), "{id}");
                } else {
                    assert_eq!(target.static_path(), Some(target.pattern), "{id}");
                }
            }
            // Only pages of their own are listed and have data; blocks have no trail.
            assert_eq!(route.sitemap, route.kind == RouteKind::Page, "{id}");
            assert_eq!(
                route.data == DataKind::None,
                !route.is_prerendered(),
                "{id}"
            );
            if route.kind != RouteKind::Page {
                assert_eq!(route.breadcrumb, Breadcrumb::None, "{id}");
            }
            let expands = matches!(
                route.data,
                DataKind::Registrations
                    | DataKind::Category
                    | DataKind::ProductsPages
                    | DataKind::CategoryPages
                    | DataKind::Service
                    | DataKind::Product
            );
            assert_eq!(
                route.is_prerendered() && route.is_parameterised(),
                expands,
                "{id}"
            );
            // A trail ends at the home page, through pages, without a cycle.
            let mut at = *route;
            for _ in 0..ROUTES.len() {
                let Some(parent) = parent_of(&at) else { break };
                assert_eq!(parent.kind, RouteKind::Page, "{id}: parent {}", parent.id);
                at = *parent;
            }
            assert_eq!(parent_of(&at), None, "{id}: the breadcrumb loops");
        }
        for kind in PolicyKind::ALL {
            assert!(
                ROUTES
                    .iter()
                    .any(|route| route.data == DataKind::Policy(kind)),
                "no route shows the {kind:?} policy"
            );
        }
    }

    #[test]
    fn the_static_pages_come_before_the_blocks_and_the_parameterised_pages() {
        // The planned order (and so sitemap.xml's) follows the table.
        let kinds: Vec<(RouteKind, bool)> = ROUTES
            .iter()
            .map(|route| (route.kind, route.is_parameterised()))
            .collect();
        let mut sorted = kinds.clone();
        sorted.sort_by_key(|(kind, parameterised)| match (kind, parameterised) {
            (RouteKind::Page, false) => 0,
            (RouteKind::Block, _) => 1,
            (RouteKind::Page, true) => 2,
            (RouteKind::Permalink, _) => 3,
            (RouteKind::Alias, _) => 4,
            (RouteKind::NotFound, _) => 5,
        });
        assert_eq!(kinds, sorted);
    }

    #[test]
    fn patterns_fill_in_order_and_split_at_their_first_parameter() {
        assert_eq!(
            PRODUCT.path_with(&["12", "slit-lamp"]),
            "/products/12/slit-lamp"
        );
        assert_eq!(PRODUCT.prefix(), "/products/");
        assert_eq!(
            route("about").and_then(Route::static_path),
            Some("/aboutUs")
        );
        assert_eq!(NOT_FOUND.static_path(), None);
        assert_eq!(
            route_aliases().collect::<Vec<_>>(),
            [("/JobApplicationForm", "/jobapplicationform")]
        );
        assert!(is_static_or_alias("/footer") && is_static_or_alias("/JobApplicationForm"));
        assert!(!is_static_or_alias("/jobApplicationForm"));
        let (route, rest) = parameterised_under("/products/category/dialysis").unwrap();
        assert_eq!((route.id, rest), (CATEGORY.id, "dialysis"));
        let (route, rest) = parameterised_under("/products/12/x").unwrap();
        assert_eq!((route.id, rest), (PRODUCT.id, "12/x"));
        // A later page of /products is not taken for a product.
        let (route, rest) = parameterised_under("/products/page/2").unwrap();
        assert_eq!((route.id, rest), (PRODUCTS_PAGE.id, "2"));
        assert_eq!(
            CATEGORY_PAGE.path_with(&["dialysis", "3"]),
            "/products/category/dialysis/page/3"
        );
        assert_eq!(parameterised_under("/aboutUs"), None);
    }

    /// A path with every parameter (`:name` or `{name}`) written `{}`.
    fn shape(path: &str) -> String {
        path.split('/')
            .map(|segment| {
                let parameter = segment.starts_with(':') || segment.starts_with('{');
                if parameter {
                    "{}"
                } else {
                    segment
                }
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    #[test]
    fn data_contract_section_4_lists_exactly_the_declared_routes() {
        let doc = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/data-contract.md"),
        )
        .expect("docs/data-contract.md");
        let section = doc
            .split("\n## 4. Routes\n")
            .nth(1)
            .and_then(|rest| rest.split("\n## ").next())
            .expect("a section 4");
        let listed: Vec<String> = section
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|code| code.starts_with('/'))
            .map(shape)
            .collect();
        for route in ROUTES
            .iter()
            .filter(|route| route.kind != RouteKind::NotFound)
        {
            assert!(
                listed.contains(&shape(route.pattern)),
                "docs/data-contract.md §4 does not list {}",
                route.pattern
            );
        }
        for path in listed {
            let declared = ROUTES.iter().any(|route| shape(route.pattern) == path);
            assert!(
                declared,
                "docs/data-contract.md §4 lists {path}, which is no declared route"
            );
        }
    }

    #[test]
    fn a_category_page_lives_under_products_category() {
        assert_eq!(category_path("dialysis"), "/products/category/dialysis");
    }

    #[test]
    fn slug_is_lower_case_with_collapsed_dashes() {
        assert_eq!(slug("Hemodialysis Machine"), "hemodialysis-machine");
        assert_eq!(slug("X-Ray  (Digital) "), "x-ray-digital");
        assert_eq!(slug("ICU Bed / 3 Function"), "icu-bed-3-function");
    }
}
