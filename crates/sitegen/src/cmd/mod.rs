//! One module per command, as in Zola's `src/cmd/`.

pub mod build;
pub mod check;
pub mod explain;
pub mod gen;
pub mod new;
pub mod progress;
pub mod publish;
pub mod schema;
pub mod serve;
pub mod sheet;

use std::sync::atomic::{AtomicBool, Ordering};

use sitegen_content::{paint_severity, Diagnostic, ErrorCode, Severity};

/// Whether diagnostics are coloured: decided once from `--color` and `NO_COLOR`.
static COLOR: AtomicBool = AtomicBool::new(false);

/// `--color`: when to colour the diagnostics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorWhen {
    /// When stderr is a terminal and `NO_COLOR` is unset or empty.
    Auto,
    /// Always (also when piped), whatever `NO_COLOR` says.
    Always,
    /// Never.
    Never,
}

/// Decides, once per run, whether diagnostics are coloured.
pub fn set_color(when: ColorWhen) {
    use std::io::IsTerminal;
    let enabled = match when {
        ColorWhen::Always => true,
        ColorWhen::Never => false,
        ColorWhen::Auto => {
            std::io::stderr().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
        }
    };
    COLOR.store(enabled, Ordering::Relaxed);
}

/// Whether only errors are printed (`--quiet`): decided once per run.
static QUIET: AtomicBool = AtomicBool::new(false);

/// `--quiet`: print only errors (no progress, warnings, summary or notices).
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Whether only errors are printed in this run.
pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// Whether diagnostics are coloured in this run.
pub fn colored() -> bool {
    COLOR.load(Ordering::Relaxed)
}

/// Prints the errors among `diagnostics` to stderr, each followed by a blank line.
/// Errors come before warnings so that they do not scroll away under the warnings.
pub fn print_errors(diagnostics: &[Diagnostic]) {
    print_severity(diagnostics, Severity::Error);
}

/// Prints the warnings among `diagnostics` to stderr, each followed by a blank line.
pub fn print_warnings(diagnostics: &[Diagnostic]) {
    print_severity(diagnostics, Severity::Warning);
}

fn print_severity(diagnostics: &[Diagnostic], severity: Severity) {
    for diagnostic in diagnostics.iter().filter(|d| d.severity == severity) {
        eprintln!("{}\n", diagnostic.render(colored()));
    }
}

/// `failed` (a summary line's opening words) in red when colouring.
pub fn paint_failure(words: &str) -> String {
    paint_severity(Severity::Error, words, colored())
}

/// Prints a failure that is not a diagnostic of a file: `error[CODE]: MESSAGE` and the
/// catalogue's hint (or `error: MESSAGE` without a code).
pub fn print_failure(message: &str, code: Option<ErrorCode>) {
    match code {
        Some(code) => eprintln!("{}", Diagnostic::new(code, message).render(colored())),
        None => eprintln!("{}: {message}", paint_failure("error")),
    }
}

/// The catalogue's code of a command's failure, when it has one.
pub fn failure_code(error: &anyhow::Error) -> Option<ErrorCode> {
    if let Some(error) = error.downcast_ref::<sitegen_render::BuildError>() {
        return error.code();
    }
    match error.downcast_ref::<sitegen_serve::ServeError>()? {
        sitegen_serve::ServeError::Bind { .. } => Some(ErrorCode::ListenFailed),
        sitegen_serve::ServeError::Watch { .. } => Some(ErrorCode::WatchFailed),
        sitegen_serve::ServeError::Io(_) => Some(ErrorCode::ServerFailed),
    }
}

/// How many errors and warnings: `3 errors, 10 warnings`.
pub fn counts(errors: usize, warnings: usize) -> String {
    format!(
        "{}, {}",
        plural(errors, "error"),
        plural(warnings, "warning")
    )
}

/// "1 error", "3 errors", "16 categories".
pub fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else if let Some(stem) = noun.strip_suffix("ry") {
        format!("{count} {stem}ries")
    } else {
        format!("{count} {noun}s")
    }
}

/// A folder as the user named it, with a trailing `/` (`content/`).
pub fn folder(path: &std::path::Path) -> String {
    let shown = path.display().to_string();
    if shown.ends_with('/') {
        shown
    } else {
        format!("{shown}/")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_folders_read_naturally() {
        assert_eq!(counts(3, 10), "3 errors, 10 warnings");
        assert_eq!(counts(1, 1), "1 error, 1 warning");
        assert_eq!(counts(0, 0), "0 errors, 0 warnings");
        assert_eq!(plural(16, "category"), "16 categories");
        assert_eq!(folder(std::path::Path::new("content")), "content/");
        assert_eq!(
            folder(std::path::Path::new("/srv/content/")),
            "/srv/content/"
        );
    }

    #[test]
    fn every_preview_server_failure_has_its_code() {
        use sitegen_serve::ServeError;
        let io = || std::io::Error::other("boom");
        for (error, code) in [
            (
                ServeError::Bind {
                    addr: "127.0.0.1:8080".into(),
                    cause: io(),
                },
                ErrorCode::ListenFailed,
            ),
            (
                ServeError::Watch {
                    path: "content".into(),
                    message: "no room".into(),
                },
                ErrorCode::WatchFailed,
            ),
            (ServeError::Io(io()), ErrorCode::ServerFailed),
        ] {
            assert_eq!(failure_code(&anyhow::Error::new(error)), Some(code));
        }
        let build =
            sitegen_render::BuildError::from(sitegen_render::ShellError::Template("syntax".into()));
        assert_eq!(
            failure_code(&anyhow::Error::new(build)),
            Some(ErrorCode::TemplateError)
        );
        assert_eq!(failure_code(&anyhow::anyhow!("other")), None);
    }
}
