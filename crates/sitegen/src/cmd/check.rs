//! `sitegen check`: validate the content, write nothing.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use sitegen_content::{Content, LoadOptions};

use super::{counts, folder, paint_failure, plural, print_errors, print_warnings};

pub fn run(content: &Path, web: &Path, load: &LoadOptions) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let report = sitegen_render::check(content, load);
    let links = sitegen_render::check_source_links(web);
    print_errors(&report.diagnostics);
    print_errors(&links);
    print_warnings(&report.diagnostics);
    let (errors, warnings) = (report.errors() + links.len(), report.warnings());
    let elapsed = started.elapsed().as_secs_f64() * 1000.0;
    match &report.content {
        Some(checked) if errors == 0 => {
            println!(
                "{} is valid: {} ({}, {elapsed:.0} ms)",
                folder(content),
                inventory(checked),
                plural(warnings, "warning")
            );
            Ok(ExitCode::SUCCESS)
        }
        _ => {
            eprintln!(
                "{}: {} in {} ({elapsed:.0} ms)",
                paint_failure("check failed"),
                counts(errors, warnings),
                folder(content)
            );
            Ok(ExitCode::from(1))
        }
    }
}

/// What was checked, e.g. `250 products, 16 categories, 17 services, …`.
fn inventory(content: &Content) -> String {
    let parts = [
        plural(content.products.len(), "product"),
        plural(content.categories.len(), "category"),
        plural(content.services.len(), "service"),
        plural(content.certificates.len(), "certificate"),
        plural(content.registrations.len(), "registration"),
        plural(content.media.files().count(), "media file"),
        // Drafts are valid content that `sitegen build` leaves out: say how many.
        plural(content.drafts().total(), "draft"),
    ];
    parts.join(", ")
}
