//! The media stage, before any page is written: what the pages link to as it is.

use std::path::Path;

use sitegen_media::originals;
use sitegen_webapp::WebBuild;

use super::{Planned, Run};
use crate::error::BuildError;
use crate::staging::Staging;

/// The web bundle and the content's media files copied into the staging folder, but
/// the images whose WebP variants a page shows, which the prerender stage writes with
/// their variants.
pub(crate) fn copy_media(
    run: Run,
    web: &WebBuild,
    staging: &Staging,
    planned: &Planned,
    media_cache: &Path,
) -> Result<(), BuildError> {
    let content = &planned.published.content;
    staging.copy_tree(&web.client_dir)?;
    // Published without their metadata; the site's share image also when a page shows
    // it with variants.
    originals::publish_originals(
        &content.media,
        &planned.shown_images,
        content.site.og_image_output(),
        staging,
        media_cache,
        run.options.reuse_cache,
        run.jobs,
    )
}
