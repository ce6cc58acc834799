//! The envelopes around the views: each route's data file, what a prerender worker
//! receives and what each page embeds.

use crate::layout::Layout;
use serde::Serialize;
use std::collections::BTreeMap;

use serde_json::value::RawValue;
use serde_json::Value;
use ts_rs::TS;

/// Title, description, path, canonical URL and breadcrumb trail of a route.
#[derive(Debug, Serialize, TS)]
pub struct RouteMeta<'a> {
    /// The page title.
    pub title: &'a str,
    /// The meta description.
    pub description: &'a str,
    /// The decoded route path.
    pub path: &'a str,
    /// The canonical URL on the live site (empty on the 404 page).
    pub canonical: &'a str,
    /// The trail from the home page to this page, the page last; empty for a page
    /// without one. The page shows it, and its JSON-LD `BreadcrumbList` is the same.
    pub breadcrumb: Vec<Crumb<'a>>,
}

/// One step of a breadcrumb trail.
#[derive(Debug, Serialize, TS)]
pub struct Crumb<'a> {
    /// How the site names the page.
    pub label: &'a str,
    /// The page's decoded path.
    pub path: &'a str,
}

/// `{path}/index.json`, in the page folder: one per prerendered route; `page` is the
/// screen's data.
#[derive(Debug, Serialize, TS)]
pub struct RouteData<'a, P> {
    /// Title, description, path and canonical URL.
    pub meta: RouteMeta<'a>,
    /// The screen's data.
    pub page: P,
}

impl<P: Serialize> From<RouteData<'_, P>> for Value {
    fn from(route: RouteData<'_, P>) -> Value {
        serde_json::to_value(route).unwrap_or_default()
    }
}

/// The data of a page that shows none of the content (`/contact`, `/blogs`, the forms,
/// the 404 page): `{}`.
#[derive(Debug, Serialize, TS)]
pub struct EmptyPage {}

impl From<EmptyPage> for Value {
    fn from(_: EmptyPage) -> Value {
        Value::Object(serde_json::Map::new())
    }
}

/// What the app renders a route from (docs/data-contract.md §5): the layout every page
/// shares and the route's data. sitegen sends a prerender worker the layout once and
/// then one route per request, and `web/scripts/prerender.mjs` puts them together;
/// both fields hold the JSON sitegen wrote, passed on as it is.
#[derive(Debug, Serialize, TS)]
pub struct PrerenderData<'a> {
    /// The layout (`/assets/layout.{hash}.json`).
    #[ts(as = "Layout<'static>")]
    pub layout: &'a RawValue,
    /// The route's `{path}/index.json`.
    #[ts(type = "RouteData<unknown>")]
    pub route: &'a RawValue,
}

/// What each prerendered page embeds in its data script (docs/data-contract.md §6): the
/// route data it was rendered from, and the path it was rendered for. The layout it was
/// rendered with is not embedded: every page names the one file all pages share
/// (`/assets/layout.{hash}.json`) on its entry script's `data-layout` attribute.
#[derive(Debug, Serialize, TS)]
pub struct EmbeddedPageData<'a> {
    /// The decoded route path; `null` on the 404 page, which the client renders afresh
    /// for whatever URL it is served at.
    pub path: Option<&'a str>,
    /// The route's `{path}/index.json`.
    #[ts(type = "RouteData<unknown>")]
    pub route: &'a RawValue,
}

/// `/data/redirects.json`, which the client router reads for a URL that has no data of
/// its own: where each old URL lives now.
#[derive(Debug, Default, Serialize, TS)]
pub struct RedirectMap {
    /// Each alias (decoded old path, as the client compares decoded paths) → its page.
    pub aliases: BTreeMap<String, String>,
    /// Each product id → its product's page (`/products/{id}` and any old slug of it).
    pub products: BTreeMap<String, String>,
}

impl From<RedirectMap> for Value {
    fn from(map: RedirectMap) -> Value {
        serde_json::to_value(map).unwrap_or_default()
    }
}
