//! The data stage: the layout data every page loads, before the pages that name it.

use sitegen_routes::Published;

use crate::error::BuildError;
use crate::staging::Staging;

/// Writes the layout data to its content-hashed file, whose name it returns.
pub(crate) fn write_layout(staging: &Staging, published: &Published) -> Result<String, BuildError> {
    let layout_file = sitegen_view::layout_file(&published.layout_json);
    staging.write(&layout_file, &published.layout_json)?;
    Ok(layout_file)
}
