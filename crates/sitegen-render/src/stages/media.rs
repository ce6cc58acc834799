//! The media stage: the web bundle and the content's media files copied into the
//! staging folder.

use std::path::Path;

use sitegen_content::MediaFile;
use sitegen_media::originals;
use sitegen_media::variants;
use sitegen_webapp::WebBuild;
use sitegen_workers::parallel;

use super::{Planned, Run};
use crate::error::BuildError;
use crate::staging::Staging;

/// The media stage: the web bundle and the content's media files copied into the
/// staging folder, but the images whose WebP variants a page shows, which the
/// prerender stage writes with their variants.
pub(crate) fn copy_media(
    run: Run,
    web: &WebBuild,
    staging: &Staging,
    planned: &Planned,
    media_cache: &Path,
) -> Result<(), BuildError> {
    let content = &planned.published.content;
    staging.copy_tree(&web.client_dir)?;
    let site_image = content.site.og_image_output();
    // A shown image whose variants replace it is not published ([`variants`]), unless
    // it is also the site's share image; the others are, without their metadata.
    let published: Vec<&MediaFile> = content
        .media
        .files()
        .filter(|media| {
            variants::publishes_original(media, &planned.shown_images)
                || site_image == Some(media.output.as_str())
        })
        .collect();
    parallel::map_parallel(published.len(), run.jobs, |index| {
        originals::publish_original(
            published[index],
            staging,
            media_cache,
            run.options.reuse_cache,
        )
    })?;
    Ok(())
}
