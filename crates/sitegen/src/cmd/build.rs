//! `sitegen build`: the whole site, atomically.

use std::process::ExitCode;
use std::time::Instant;

use sitegen_content::{Diagnostic, ErrorCode};
use sitegen_render::{BuildError, BuildOptions, BuildSummary, Builder};
use sitegen_workers::interrupt;

use super::progress::{Display, Reporter};
use super::{
    colored, counts, paint_failure, plural, print_errors, print_failure, print_warnings, quiet,
};

pub fn run(options: BuildOptions) -> anyhow::Result<ExitCode> {
    Ok(build_reporting(&Builder::once(options), &|| false)
        .0
        .exit_code())
}

/// How a build ended, for the exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Built,
    Failed,
    /// Stopped by this signal; the output folder was left as it was.
    Interrupted(i32),
}

impl Outcome {
    pub fn exit_code(self) -> ExitCode {
        match self {
            Outcome::Built => ExitCode::SUCCESS,
            Outcome::Failed => ExitCode::from(1),
            Outcome::Interrupted(signal) => {
                ExitCode::from(u8::try_from(interrupt::exit_code(signal)).unwrap_or(1))
            }
        }
    }
}

/// Builds, prints diagnostics or the summary, and says how it ended, with the build's
/// summary or why it failed (`sitegen serve` tells open pages). `sources_changed`: see
/// [`Builder::build_watched`].
pub fn build_reporting(
    builder: &Builder,
    sources_changed: &dyn Fn() -> bool,
) -> (Outcome, Result<BuildSummary, BuildError>) {
    let started = Instant::now();
    let options = builder.options();
    let progress = Reporter::new(Display::for_this_run(quiet()));
    match builder.build_watched(&progress, sources_changed) {
        Ok(summary) => {
            if !quiet() {
                print_warnings(&summary.warnings);
                print_summary(options, &summary, started.elapsed().as_secs_f64());
            }
            (Outcome::Built, Ok(summary))
        }
        Err(error) => (report_failure(options, &error), Err(error)),
    }
}

/// Prints why a build failed; says how it ended.
fn report_failure(options: &BuildOptions, error: &BuildError) -> Outcome {
    match error {
        BuildError::Interrupted { signal } => {
            eprintln!(
                "interrupted; {} was left as it was",
                options.out_dir.display()
            );
            Outcome::Interrupted(*signal)
        }
        BuildError::SourcesChanged => {
            if !quiet() {
                eprintln!("a file changed while it was read; building again");
            }
            Outcome::Failed
        }
        BuildError::UnsafeOutput { .. } => {
            // The message carries the hint of its own case.
            let failure = Diagnostic::new(ErrorCode::UnsafeOutput, error.to_string());
            eprintln!("{}", failure.without_hint().render(colored()));
            eprintln!("nothing was written or removed");
            Outcome::Failed
        }
        BuildError::Content(diagnostics) => {
            print_errors(diagnostics);
            if !quiet() {
                print_warnings(diagnostics);
            }
            let count = |severity| {
                diagnostics
                    .iter()
                    .filter(|d| d.severity == severity)
                    .count()
            };
            eprintln!(
                "{}: {} in the content; {} was left as it was",
                paint_failure("build failed"),
                counts(
                    count(sitegen_content::Severity::Error),
                    count(sitegen_content::Severity::Warning)
                ),
                options.out_dir.display()
            );
            Outcome::Failed
        }
        BuildError::HostLimits(diagnostics) => {
            print_errors(diagnostics);
            if !quiet() {
                print_warnings(diagnostics);
            }
            let errors = diagnostics
                .iter()
                .filter(|d| d.severity == sitegen_content::Severity::Error)
                .count();
            eprintln!(
                "{}: {} of the host passed (see above); {} was left as it was",
                paint_failure("build failed"),
                plural(errors, "limit"),
                options.out_dir.display()
            );
            Outcome::Failed
        }
        BuildError::Links(problems) => {
            print_errors(problems);
            eprintln!(
                "{}: {} (fix the links above); {} was left as it was",
                paint_failure("build failed"),
                plural(problems.len(), "broken link"),
                options.out_dir.display()
            );
            Outcome::Failed
        }
        error => {
            print_failure(&error.to_string(), error.code());
            eprintln!(
                "{}; {} was left as it was",
                paint_failure("build failed"),
                options.out_dir.display()
            );
            Outcome::Failed
        }
    }
}

fn print_summary(options: &BuildOptions, summary: &BuildSummary, seconds: f64) {
    let stages: Vec<String> = summary
        .stages
        .iter()
        .map(|(name, time)| {
            let cached = if *name == "web app" && !summary.web_rebuilt {
                " (cached)"
            } else {
                ""
            };
            format!("{name} {:.0} ms{cached}", time.as_secs_f64() * 1000.0)
        })
        .collect();
    // The summary is the last line, after the stage times.
    println!("stages: {}", stages.join(", "));
    let reused = summary.routes - summary.prerendered;
    if reused > 0 {
        println!(
            "prerendered {} of {} routes ({reused} unchanged, from the cache)",
            summary.prerendered, summary.routes
        );
    }
    if let Some(changes) = summary.in_place {
        println!(
            "updated {} in place: {} written, {} removed, {} unchanged",
            options.out_dir.display(),
            plural(changes.written, "file"),
            changes.removed,
            changes.unchanged
        );
    }
    if let Some((files, bytes)) = summary.media {
        println!(
            "wrote the media into {}: {} files, {:.1} MB (upload it to the media origin)",
            options.media_out_dir().display(),
            files,
            bytes as f64 / 1_000_000.0
        );
    }
    println!(
        "built {} routes into {}: {} files, {:.1} MB in {seconds:.2} s ({})",
        summary.routes,
        options.out_dir.display(),
        summary.files,
        summary.bytes as f64 / 1_000_000.0,
        plural(summary.warnings.len(), "warning")
    );
}
