//! The compress stage (`--precompress`).

use sitegen_output::compress;
use sitegen_output::progress::Tally;

use super::Run;
use crate::error::BuildError;
use crate::staging::Staging;

/// The `.br` and `.gz` twins of the staged files that have none yet, the media
/// folder's included.
pub(crate) fn precompress(run: Run, tally: &Tally, staging: &Staging) -> Result<(), BuildError> {
    compress::precompress_staged(staging, run.jobs, tally)?;
    Ok(())
}
