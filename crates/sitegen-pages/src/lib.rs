//! `sitegen-pages` makes what a prerendered page holds besides its body: the HTML shell
//! it is wrapped in ([`shell`], `templates/page.html`), the share image and JSON-LD of
//! its head ([`seo`]), and the day it last changed, as the sitemap dates it ([`lastmod`],
//! a store kept between builds); the sitemap so dated, with `robots.txt` ([`sitemap`]).
//!
//! It neither plans the routes (`sitegen-routes`) nor renders or writes a page: the
//! build (`sitegen-render`) renders each body on the workers and calls on these.

pub mod lastmod;
mod script_json;
pub mod seo;
pub mod shell;
pub mod sitemap;
