//! The files a site gives search engines and hosts besides its pages, decided from the
//! content: the sitemap and `robots.txt` ([`sitemap`], each page dated by a [`Day`]) and
//! the headers of every path ([`headers`]: the Content-Security-Policy and how long
//! each file is cached), written through `sitegen-hosts`' types. [`markup`] escapes
//! text the one way every HTML and XML file of the build does.
//!
//! Which redirects a site has stays in `sitegen-render` (it needs the route plan), and
//! so does the store of the dates each page last changed (`lastmod.rs`, in the build
//! cache).

mod day;
pub mod headers;
pub mod markup;
pub mod sitemap;

pub use day::{Day, SOURCE_DATE_EPOCH};
