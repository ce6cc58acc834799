//! `sitegen schema`: write the JSON Schemas of the content files, for editors.
//!
//! Each content file starts with a `#:schema ../schemas/FILE.schema.json` directive
//! (TOML language servers such as Taplo read it); this command regenerates the files
//! it points to from the Rust content model, so they never drift from the loader.

use std::fs;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;

/// Writes every `*.schema.json` into `out` (created if missing) and prints what it did.
pub fn run(out: &Path) -> anyhow::Result<ExitCode> {
    fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    let files = sitegen_content::schema_files();
    let mut changed = 0;
    for (name, text) in &files {
        let path = out.join(name);
        if fs::read_to_string(&path).ok().as_deref() == Some(text.as_str()) {
            continue;
        }
        fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
        changed += 1;
    }
    println!(
        "wrote {} JSON Schemas into {} ({changed} changed)",
        files.len(),
        out.display()
    );
    Ok(ExitCode::SUCCESS)
}
