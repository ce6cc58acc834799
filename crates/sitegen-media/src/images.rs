//! The images made while the pages are written: the share files and the variants, each
//! kind on a thread of its own, both at a lower priority ([`parallel::in_background`]).

use std::path::Path;

use sitegen_content::{Content, MediaRef};
use sitegen_workers::parallel;

use crate::destination::Destination;
use crate::share;
use crate::shown::ShownImages;
use crate::variants;

/// How many files [`write_images`] makes or copies, for a progress count.
pub fn images_count(content: &Content, shared: &[&MediaRef], shown: &ShownImages) -> usize {
    share::share_files_count(content, shared, shown)
        + variants::variant_files_count(&content.media, shown, shared)
}

/// Writes into `out` the share files of the images pages are `shared` with
/// ([`share::write_share_files`]) and the variants of the images that are `shown`
/// ([`variants::encode_variants`], with the originals they do not replace), both at
/// once, each on up to `jobs` threads, from the media cache folder `cache` where it
/// has them (unless `reuse` is false). The share files' error comes first; a panic of
/// either is raised again once both are over.
pub fn write_images<D: Destination>(
    content: &Content,
    shared: &[&MediaRef],
    shown: &ShownImages,
    out: &D,
    cache: &Path,
    reuse: bool,
    jobs: usize,
) -> Result<(), D::Error> {
    // The share files' thread inherits the lower priority.
    parallel::in_background(|| {
        std::thread::scope(|scope| {
            let share_files = scope.spawn(|| {
                share::write_share_files(content, shared, shown, out, cache, reuse, jobs)
            });
            let variants =
                variants::encode_variants(&content.media, shown, shared, out, cache, reuse, jobs);
            let share_files = share_files
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            share_files?;
            variants?;
            Ok(())
        })
    })
}
