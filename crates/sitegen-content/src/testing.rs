//! Helpers for benchmarks and tests of the crates built on this one.

use std::fmt::Write;
use std::path::Path;

use crate::media::{MediaCache, MediaIndex};

/// The media index of the given content paths (e.g. `media/a.png`) under
/// `content_dir`, as loading content that references them would build it. Paths that
/// do not resolve are left out.
pub fn media_index(content_dir: &Path, paths: &[&str]) -> MediaIndex {
    let mut cache = MediaCache::new(content_dir);
    for path in paths {
        let _ = cache.resolve(path);
    }
    cache.into_index()
}

/// The small valid site every crate's tests start from (`content/` of this crate's
/// `tests/fixtures/valid`): a few products and categories, every file of the contract.
pub fn valid_content_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid/content")
}

/// Copies the folder `from` into `to` (created), recursively: a test's copy of a
/// content folder it then breaks.
///
/// # Panics
/// When a file cannot be read or written (it is for tests).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create the copy's folder");
    for entry in std::fs::read_dir(from).expect("read the folder to copy") {
        let entry = entry.expect("read a folder entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("file type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy a file");
        }
    }
}

/// The text of a `products.toml` with `count` products (ids 1 to `count`), cycling
/// through `categories`, each given as `(category id, subcategory)`. Products have
/// no own image, so they use their category's. With no categories it is empty.
///
/// ```
/// let text = sitegen_content::testing::products_toml(2, &[("dialysis", "Dialysis Machines")]);
/// assert_eq!(text.matches("[[product]]").count(), 2);
/// ```
pub fn products_toml(count: usize, categories: &[(&str, &str)]) -> String {
    let mut text = String::with_capacity(count * 160);
    if categories.is_empty() {
        return text;
    }
    for index in 0..count {
        let (category, subcategory) = categories[index % categories.len()];
        // Writing to a String cannot fail.
        let _ = write!(
            text,
            "[[product]]\nid = {id}\ntitle = \"Generated Product {id}\"\ndescription = \"Placeholder description of generated product {id}.\"\ncategory = {category:?}\nsubcategory = {subcategory:?}\n\n",
            id = index + 1,
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::valid_copy;

    #[test]
    fn generated_products_load_without_problems() {
        let (_dir, content) = valid_copy();
        let text = products_toml(
            300,
            &[
                ("dialysis", "Dialysis Machines"),
                ("radiology", "Imaging & Diagnostic Products"),
            ],
        );
        std::fs::write(content.join("products.toml"), text).unwrap();
        std::fs::write(
            content.join("navigation.toml"),
            std::fs::read_to_string(content.join("navigation.toml"))
                .unwrap()
                .replace(
                    "/products/12/hemodialysis-machine",
                    "/products/12/generated-product-12",
                ),
        )
        .unwrap();
        let report = crate::load(&content);
        assert_eq!(report.diagnostics, vec![]);
        assert_eq!(report.content.map(|c| c.products.len()), Some(300));
    }
}
