//! The one owner of the files a host reads: the names the site writes at its root
//! ([`names`]), `_redirects` ([`redirects`]) and `_headers` ([`headers`]) as types, each
//! with its writer and its parser, and the documented limits of the static hosts
//! ([`limits`]). The build writes these files, the preview server and the link check
//! read them, and the content checks keep aliases off their names: all through this
//! crate.

pub mod headers;
pub mod limits;
pub mod names;
pub mod redirects;

pub use headers::{HeaderRule, Headers};
pub use redirects::{RedirectRule, Redirects, Target};
pub mod profile;
pub mod vercel;

pub use profile::{Breach, Deploy, Host, OutputStats};
