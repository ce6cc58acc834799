//! `sitegen export products FILE` and `sitegen import products FILE`: the catalogue
//! in a spreadsheet and back (the work is `sitegen-sheet`'s and the content engine's).

use std::path::Path;
use std::process::ExitCode;

use sitegen_content::display_path;
use sitegen_sheet::{export_products, import_products, ImportOptions, LISTED_CHANGES};

use super::{counts, paint_failure, print_errors, print_warnings};

/// What a sheet holds.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum SheetKind {
    /// The `[[product]]` entries of products.toml.
    Products,
}

/// `sitegen export products FILE`.
pub fn export(content: &Path, file: &Path) -> anyhow::Result<ExitCode> {
    let count = export_products(content, file)?;
    println!(
        "{}: {} products from {}",
        file.display(),
        sitegen_sheet::import::thousands(count),
        display_path(content, "products.toml").display()
    );
    Ok(ExitCode::SUCCESS)
}

/// `sitegen import products FILE [--dry-run] [--delete-missing]
/// [--accept-spreadsheet-numbers]`.
pub fn import(content: &Path, file: &Path, options: ImportOptions) -> anyhow::Result<ExitCode> {
    let mut before_write = || sitegen_workers::fault::point("import-write");
    let outcome = match import_products(content, file, &options, &mut before_write) {
        Ok(outcome) => outcome,
        Err(error) => {
            let shown = display_path(content, "products.toml");
            print_errors(&[error.to_diagnostic(shown)]);
            eprintln!("{}: nothing was written", paint_failure("import failed"));
            return Ok(ExitCode::from(1));
        }
    };
    print_errors(&outcome.diagnostics);
    print_warnings(&outcome.diagnostics);
    let errors = outcome.errors();
    let warnings = outcome.diagnostics.len() - errors;
    if let Some(summary) = &outcome.summary {
        println!("{summary}");
    }
    if errors > 0 {
        eprintln!(
            "{}: {}; nothing was written",
            paint_failure("import failed"),
            counts(errors, warnings)
        );
        return Ok(ExitCode::from(1));
    }
    if options.dry_run {
        for line in outcome.changes.iter().take(LISTED_CHANGES) {
            println!("{line}");
        }
        if outcome.changes.len() > LISTED_CHANGES {
            println!("… and {} more", outcome.changes.len() - LISTED_CHANGES);
        }
        println!("dry run: nothing was written");
    } else if outcome.written {
        println!(
            "{} updated",
            display_path(content, "products.toml").display()
        );
    } else {
        println!("nothing to change");
    }
    Ok(ExitCode::SUCCESS)
}
