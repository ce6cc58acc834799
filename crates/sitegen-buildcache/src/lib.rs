//! `sitegen-buildcache` is what one build keeps for the next: the build cache
//! ([`cache`], `target/sitegen-cache/` beside the content folder) with its packs of
//! renders and the frames they share ([`render_cache`]), where a page's render comes
//! from, a warm builder's memory, the cache or a worker ([`renders`]), and the record of
//! the output folder a build left, so that the next updates it in place ([`record`]).
//!
//! It neither plans nor writes pages: the build (`sitegen-render`) asks it for renders
//! and records, and hands it what to keep.

pub mod cache;
pub mod record;
pub mod render_cache;
pub mod renders;
