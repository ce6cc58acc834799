//! The files a site gives search engines and hosts besides its pages, decided from the
//! content: the sitemap and `robots.txt` ([`sitemap`], each page dated by a [`Day`]) and
//! the headers of every path ([`headers`]: the Content-Security-Policy and how long
//! each file is cached), and the old URLs that keep working ([`redirects`]: the rules,
//! given the pages a build writes, the fallback pages, the app's map), written through
//! `sitegen-hosts`' types. [`markup`] escapes text the one way every HTML and XML file
//! of the build does.
//!
//! The store of the dates each page last changed is `sitegen-pages`' (`lastmod.rs`, in
//! the build cache, hashing the planned routes).

mod day;
pub mod headers;
pub mod markup;
pub mod redirects;
pub mod sitemap;

pub use day::{Day, SOURCE_DATE_EPOCH};
