//! Edits of the content's TOML text that keep every other byte: a block's fields and
//! lines, a file's blocks, and a picture to replace an image with.

use std::fs;
use std::path::Path;

/// The value of `key = …` in a product block.
pub fn field<'a>(block: &'a str, key: &str) -> &'a str {
    block
        .lines()
        .find_map(|line| line.strip_prefix(&format!("{key} = ")))
        .unwrap_or_else(|| panic!("no {key} in {block}"))
}

pub fn set_field(block: &str, key: &str, value: &str) -> String {
    block
        .lines()
        .map(|line| {
            if line.starts_with(&format!("{key} = ")) {
                format!("{key} = {value}")
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// The blocks of a content file that start with `marker` (`[[service]]`), and the
/// text before them.
pub fn blocks_of(file: &Path, marker: &str) -> (String, Vec<String>) {
    let text = fs::read_to_string(file).unwrap();
    let mut parts = text.split(marker);
    let head = parts.next().unwrap().to_string();
    (head, parts.map(str::to_string).collect())
}

pub fn write_blocks(file: &Path, marker: &str, head: &str, blocks: &[String]) {
    let mut text = head.to_string();
    for block in blocks {
        text.push_str(marker);
        text.push_str(block);
    }
    fs::write(file, text).unwrap();
}

/// Replaces the first `from` of `file` with `to`, which must be there.
pub fn replace_in(file: &Path, from: &str, to: &str) {
    let text = fs::read_to_string(file).unwrap();
    let changed = text.replacen(from, to, 1);
    assert_ne!(text, changed, "{} holds {from:?}", file.display());
    fs::write(file, changed).unwrap();
}

/// A block without its `key = …` line.
pub fn without_line(block: &str, key: &str) -> String {
    let prefix = format!("{key} = ");
    block
        .lines()
        .filter(|l| !l.starts_with(&prefix))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// A block with `line` added after its id.
pub fn with_line(block: &str, line: &str) -> String {
    block
        .lines()
        .map(|l| match l.starts_with("id = ") {
            true => format!("{l}\n{line}\n"),
            false => format!("{l}\n"),
        })
        .collect()
}

/// Removes the `key = …` line of a block when it has one, or adds `line` after its id.
pub fn toggle_line(block: &str, key: &str, line: &str) -> String {
    match block.lines().any(|l| l.starts_with(&format!("{key} = "))) {
        true => without_line(block, key),
        false => with_line(block, line),
    }
}

/// Writes a small PNG of one shade at `path`.
pub fn write_picture(path: &Path, shade: u8) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    image::RgbImage::from_fn(96, 64, |x, y| {
        image::Rgb([shade, (x * 2) as u8, (y * 3) as u8])
    })
    .save(path)
    .unwrap();
}
