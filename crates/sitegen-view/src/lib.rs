//! `sitegen-view` is the data contract's views (`docs/data-contract.md` §3): the typed
//! JSON React receives, built from a checked [`Content`], and the TypeScript types
//! generated from them.
//!
//! What it is for:
//! - one struct per JSON shape, borrowing from [`Content`] and deriving `Serialize` (its
//!   JSON) and `TS` (its TypeScript type), in the way of Zola's `content/src/ser.rs`,
//!   with the function that builds it ([`layout`], [`home_page`], [`product_page`], …);
//! - the envelopes the prerenderer and the page shell hand on ([`RouteData`],
//!   [`PrerenderData`], [`EmbeddedPageData`]);
//! - [`typescript`]: those types as `web/src/content/contract.gen.ts`
//!   ([`TYPESCRIPT_FILE`]), so the web app reads exactly the shapes built here
//!   (`sitegen gen` writes it, and a test fails while it is stale), and
//!   [`web_fixture`], the web tests' data. The
//!   declarations start from the views listed once below and take every type a view
//!   holds from ts-rs;
//! - naming the responsive WebP variants a view offers for a raster image
//!   ([`variants`]: which widths, their sizes and content-hashed file names).
//!
//! What it is not for: loading or checking content, media included (`sitegen-content`:
//! a view never fails and never reports), deciding which routes exist, encoding images
//! or writing files (`sitegen-render` plans the routes, encodes the planned variants,
//! keeps those smaller than their source and writes each view where it belongs),
//! serving or command-line handling.
//!
//! Keys are camelCase; every media reference becomes `{ src, width, height }` with
//! `src` = `/` + the hashed output path (and `variants` when it has WebP variants).
//! Texts are passed through unchanged (plain text: React escapes them); only policy
//! placeholders are filled. The JSON files are written from a [`Value`]
//! (`Value::from(view)`), whose object keys are sorted, so the bytes written do not
//! depend on the order of the fields below.
//!
//! ```no_run
//! let report = sitegen_content::load(std::path::Path::new("content"));
//! if let Some(content) = &report.content {
//!     let layout = serde_json::Value::from(sitegen_view::layout(content));
//!     println!("{layout}");
//! }
//! ```

//! One module per page family ([`layout`], [`home`], …), each holding its views and the
//! functions that build them.

#![warn(missing_docs)]

mod about;
mod certificates;
mod envelopes;
mod fixture;
mod home;
mod layout;
mod media;
pub mod paging;
mod policies;
mod products;
mod services;
mod timeline;
mod typescript;
pub mod variants;
mod vocabulary;

pub use about::{about, About};
pub use certificates::{
    certificates_page, railway_page, registrations_page, CertificatesPageData, RailwayPageData,
    RegistrationsPageData,
};
pub use envelopes::{
    Crumb, EmbeddedPageData, EmptyPage, PrerenderData, RedirectMap, RouteData, RouteMeta,
};
pub use fixture::{web_fixture, WEB_FIXTURE_FILE};
pub use home::{home, home_page, Home, HomePageData, HomeSection};
pub use layout::{layout, layout_file, Layout};
pub use media::{media, Media, MediaVariant};
pub use policies::{policy, Policy};
pub use products::{
    category_page, listing_page, listing_pages, product_page, product_page_among, product_summary,
    products_by_category, products_page, same_summary, ListingPaging, ProductPageData,
    ProductSummary, ProductsPageData, RELATED_PRODUCTS,
};
pub use services::{service_page, services_page, ServiceEntry, ServicesPageData};
pub use timeline::{timeline, Timeline};
pub use typescript::{typescript, typescript_of, TypeDeclarations, TYPESCRIPT_FILE};

use serde_json::Value;

/// The views that become a JSON file or a page's data, listed once: each converts into
/// a [`Value`], and each is a root of the TypeScript declarations ([`typescript`]),
/// which take every type a view holds from ts-rs. The home page's views are declared
/// with the content (their sections are), which converts them too.
macro_rules! views {
    ($($view:ident),* $(,)?; declared with the content: $($content_view:ident),* $(,)?) => {
        $(
            impl From<$view<'_>> for Value {
                fn from(view: $view<'_>) -> Value {
                    // Only structs, strings, numbers and lists: nothing that can fail.
                    serde_json::to_value(view).unwrap_or_default()
                }
            }
        )*

        /// Visits the type of every view, for the TypeScript declarations.
        fn visit_views(visitor: &mut impl ts_rs::TypeVisitor) {
            $(visitor.visit::<$view<'static>>();)*
            $(visitor.visit::<$content_view<'static>>();)*
        }
    };
}

views!(
    Layout,
    ProductSummary,
    ProductsPageData,
    ProductPageData,
    ServicesPageData,
    ServiceEntry,
    CertificatesPageData,
    RailwayPageData,
    RegistrationsPageData,
    About,
    Policy,
    Timeline;
    declared with the content: HomePageData, Home,
);
