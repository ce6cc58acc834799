//! `sitegen-media` makes the image files a site offers besides its media.
//!
//! For: the responsive lossy WebP variants of raster images ([`variants`]), the PNGs
//! and JPEGs that pages are shared with ([`share`]) and the images published as they
//! are, without their metadata ([`originals`]); the share files and variants a build
//! writes beside its pages, at once ([`images`]); each made once
//! and kept in a media cache folder the caller names, and the image libraries (image,
//! fast_image_resize, libwebp, resvg) that takes.
//!
//! Not for: deciding which pages show or share an image (`sitegen-render` plans the
//! routes and asks), nor writing the site: files go to a [`Destination`] (the build's
//! staging folder).

mod cache;
mod decode;
mod destination;
mod error;
pub mod images;
pub mod originals;
mod resize;
pub mod share;
mod shown;
pub mod variants;

pub use destination::Destination;
pub use error::MediaError;
