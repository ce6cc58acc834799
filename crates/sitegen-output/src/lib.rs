//! `sitegen-output` owns the output folder a build writes.
//!
//! For: the staging folder a build fills beside the output folder and moves in only
//! when everything succeeded, a whole new site swapped in or only the changed files
//! renamed into the folder ([`staging`]); which folders a build may replace and the
//! clean-up of what interrupted builds left ([`out_dir`]); spreading the output's
//! folders over the disk when the file system is slow to make them
//! (`folder_spread`); the precompressed `.br` / `.gz` twins of its text files
//! ([`compress`]); the calls on files and folders that differ between operating
//! systems ([`os`]); and how far a build's long stages are ([`progress`]), which the
//! compression reports and the build shares.
//!
//! Not for: deciding what the site holds (`sitegen-render` plans and writes the pages
//! through a [`staging::Staging`]), nor the web app's bundle (`sitegen-webapp`).

pub mod compress;
mod error;
mod folder_spread;
pub mod os;
pub mod out_dir;
pub mod progress;
pub mod staging;
mod twins;

pub use error::OutputError;
