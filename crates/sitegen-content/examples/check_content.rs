//! Loads a content directory and prints its diagnostics: `cargo run -p sitegen-content --example check_content -- content`.

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "content".into());
    let report = sitegen_content::load(std::path::Path::new(&dir));
    for diagnostic in &report.diagnostics {
        println!("{diagnostic}");
    }
    println!(
        "{} error(s), {} warning(s)",
        report.errors(),
        report.warnings()
    );
}
