//! One module per command, as in Zola's `src/cmd/`.

pub mod build;
pub mod check;
pub mod new;
pub mod schema;
pub mod serve;

use sitegen_content::Diagnostic;

/// Prints diagnostics to stderr, errors and warnings alike, each followed by a blank line.
pub fn print_diagnostics(diagnostics: &[Diagnostic]) {
    for diagnostic in diagnostics {
        eprintln!("{diagnostic}\n");
    }
}

/// "1 error", "3 errors".
pub fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}
