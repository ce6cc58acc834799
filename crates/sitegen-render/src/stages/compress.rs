//! The compress stage.

use sitegen_output::compress;

use super::Run;
use crate::error::BuildError;
use crate::staging::Staging;

/// The compress stage (`--precompress`): the `.br` and `.gz` twins of the staged
/// files that have none yet.
pub(crate) fn precompress(run: Run, staging: &Staging) -> Result<(), BuildError> {
    staging.note_unlisted_files();
    let out_dir = Some(run.options.out_dir.as_path());
    compress::precompress(staging.dir(), run.jobs, run.progress, out_dir)?;
    if let Some(media) = staging.media() {
        media.note_unlisted_files();
        let media_out = run.options.media_out_dir();
        compress::precompress(media.dir(), run.jobs, run.progress, Some(&media_out))?;
    }
    Ok(())
}
