//! Prints a generated `products.toml` of N products over the categories of a content
//! folder (for timing `sitegen check` and builds on large catalogues):
//! `cargo run -p sitegen-content --example products_toml -- 10000 content > products.toml`.

fn main() {
    let mut args = std::env::args().skip(1);
    let count: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(10_000);
    let dir = args.next().unwrap_or_else(|| "content".into());
    let report = sitegen_content::load(std::path::Path::new(&dir));
    let Some(content) = report.content else {
        eprintln!("{dir} has errors: run sitegen check");
        std::process::exit(1);
    };
    let categories: Vec<(&str, &str)> = content
        .categories
        .iter()
        .filter_map(|c| c.subcategories.first().map(|s| (c.id(), s.as_str())))
        .collect();
    println!("#:schema ../schemas/products.schema.json");
    print!(
        "{}",
        sitegen_content::testing::products_toml(count, &categories)
    );
}
