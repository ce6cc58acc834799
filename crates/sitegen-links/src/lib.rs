//! `sitegen-links` is sitegen's link check, in two halves that share one route table:
//!
//! - [`check_page_file`] checks a generated page of a build (listed by [`OutputIndex`],
//!   the pages checked in parallel by the renderer) and reports every internal
//!   `href` / `src` (also `poster` and `srcset`) that resolves to no file of the
//!   output (clean URLs and `_redirects` aliases included), and every external URL
//!   that is not well formed. Nothing is fetched.
//! - [`check_sources`] parses the web app's TypeScript with swc and reports route
//!   literals in `<Link to>`, `<NavLink to>`, `<Navigate to>`, `navigate(…)` and
//!   `href` that match no route of the route table.
//!
//! Each problem is a [`Diagnostic`](sitegen_content::Diagnostic) with a code of the catalogue (`E07…`, see
//! `docs/errors.md`), printed like a content problem:
//! `PATH:LINE:COL: error[E0701]: MESSAGE`, the line, a caret and a hint. It is a
//! crate of its own because the source half needs swc (a large dependency) and
//! neither half needs the rest of the renderer: `sitegen check` runs the source half
//! without building. It does not build, render or serve anything.

mod graph;
mod html;
mod route_table;
mod source;

pub use crate::graph::{LinkGraph, PageCheck, UrlGroup};
pub use crate::html::{
    check_page, check_page_file, check_page_file_urls, lookups, page_urls, url_problem, Lookup,
    OutputIndex,
};
pub use crate::route_table::RouteTable;
pub use crate::source::{check_source_text, check_sources};
