//! `sitegen check`: validate the content, write nothing.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use super::{plural, print_diagnostics};

pub fn run(content: &Path, web: &Path) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let report = sitegen_render::check(content);
    print_diagnostics(&report.diagnostics);
    let links = sitegen_render::check_source_links(web);
    for problem in &links {
        eprintln!("{problem}\n");
    }
    let (errors, warnings) = (report.errors() + links.len(), report.warnings());
    let elapsed = started.elapsed().as_secs_f64() * 1000.0;
    if errors > 0 {
        eprintln!(
            "check failed: {}, {} in {} ({elapsed:.0} ms)",
            plural(errors, "error"),
            plural(warnings, "warning"),
            content.display()
        );
        return Ok(ExitCode::from(1));
    }
    // Drafts are valid content that `sitegen build` leaves out: say how many.
    let drafts = report.content.as_ref().map_or(0, |c| c.drafts().total());
    println!(
        "content is valid: {} ({}, {}, {elapsed:.0} ms)",
        content.display(),
        plural(warnings, "warning"),
        plural(drafts, "draft")
    );
    Ok(ExitCode::SUCCESS)
}
