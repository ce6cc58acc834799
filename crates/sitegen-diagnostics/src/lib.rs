//! `sitegen-diagnostics` is the bottom crate of sitegen: every other crate reports its
//! problems through it, and it depends on none of them.
//!
//! What it is for:
//! - the catalogue of every problem sitegen reports ([`ErrorCode`]: a stable code, a
//!   title, a description and a hint per rule, for the content checks, the link check,
//!   the build and the preview server), from which `docs/errors.md` and
//!   `sitegen explain` are generated;
//! - the [`Diagnostic`] of one problem, where it is ([`Location`]) and its rendering
//!   in the gcc/rustc shape editors parse (`PATH:LINE:COL: error[CODE]: MESSAGE`, the
//!   offending line, a caret, a hint), plain or coloured, and as the JSON the preview's
//!   error overlay reads;
//! - did-you-mean suggestions ([`did_you_mean`]);
//! - the URL escapes ([`percent`]), so that the content checks, the link check, the
//!   renderer and the preview server decode and encode paths exactly alike.
//!
//! What it is not for: knowing the content model, files or routes; the crates that
//! find problems decide what is wrong and where, this one only names and shows it.

#![warn(missing_docs)]

mod codes;
mod diagnostic;
pub mod percent;
mod suggest;

pub use codes::{ErrorCode, Severity};
pub use diagnostic::{
    column_letters, display_path, paint_severity, sort, Diagnostic, Location, Position, SourceFile,
    Span,
};
pub use suggest::{closest, did_you_mean, did_you_mean_id};
