//! Reading products.toml again after an edit: only the products whose text changed are
//! parsed; the others are the last load's, moved to where they now are in the file.
//!
//! At 10,000 products the file is 3.5 MB, and parsing it whole is most of a rebuild's
//! loading. An edit (a save from the editor, from a text editor or a spreadsheet import)
//! changes one stretch of the file: what comes before it is unchanged, and so is what
//! comes after it, only moved. The products that stretch touches are parsed on their
//! own, as a document of `[[product]]` tables; if that parse is not clean, or the
//! stretch reaches outside the products, the file is parsed whole, which reports every
//! problem at its place. Only the last clean load is kept: its text and its products.

use toml::de::{DeTable, DeValue};

use crate::de::{Cx, FromToml, Kept};
use crate::files;
use crate::model::Product;
use crate::raw::{raw_products, RawProduct};
use sitegen_diagnostics::SourceFile;

/// What a clean load of products.toml keeps for the next load.
pub struct ProductsMemory {
    /// The file as it was read.
    text: String,
    /// Where each product's `[[product]]` line starts in `text`, in file order.
    starts: Vec<usize>,
    products: Vec<Product>,
    raw: Vec<RawProduct>,
}

/// products.toml's products, as read.
pub(crate) struct ReadProducts {
    pub products: Vec<Product>,
    pub raw: Vec<RawProduct>,
    /// Where each product's `[[product]]` line starts.
    pub starts: Vec<usize>,
}

impl ProductsMemory {
    /// The products of `file`, the new text of products.toml, from this memory and a
    /// parse of the products that changed; `None` when the file must be parsed whole:
    /// the stretch that changed reaches outside the products, does not parse cleanly,
    /// or a media file a kept product names changed.
    pub(crate) fn read_again(self, file: &SourceFile, cx: &mut Cx<'_>) -> Option<ReadProducts> {
        let ProductsMemory {
            text: old,
            starts,
            mut products,
            mut raw,
        } = self;
        let new = file.text.as_str();
        let (same_start, same_end) = unchanged_ends(&old, new);
        if same_start == old.len() && same_start == new.len() {
            return products
                .iter()
                .all(|product| product.same_media(cx.media))
                .then_some(ReadProducts {
                    products,
                    raw,
                    starts,
                });
        }
        // The first product the change touches: the last whose line starts at or
        // before the first changed byte. A change above the first product's line (in
        // the file's head) reads the file whole.
        let first = starts
            .partition_point(|&start| start <= same_start)
            .checked_sub(1)?;
        // The first product after the change: its line, and the line break before it,
        // are in the unchanged end.
        let changed_until = old.len() - same_end;
        let after =
            first + 1 + starts[first + 1..].partition_point(|&start| start <= changed_until);
        let moved_by = new.len() as isize - old.len() as isize;
        let parsed_from = starts[first];
        let parsed_until = match starts.get(after) {
            Some(&start) => start.checked_add_signed(moved_by)?,
            None => new.len(),
        };
        let changed = parse_products(new, parsed_from, parsed_until, cx)?;
        let mut kept = products[..first].iter().chain(&products[after..]);
        if !kept.all(|product| product.same_media(cx.media)) {
            return None;
        }

        let mut kept_after = products.split_off(after);
        products.truncate(first);
        let mut raw_after = raw.split_off(after);
        raw.truncate(first);
        kept_after.shift(moved_by);
        for entry in &mut raw_after {
            entry.shift(moved_by);
        }
        let mut new_starts = starts[..first].to_vec();
        new_starts.extend(changed.starts);
        new_starts.extend(starts[after..].iter().map(|&start| {
            start
                .checked_add_signed(moved_by)
                .expect("a product after the change stays in the file")
        }));
        products.extend(changed.products);
        products.extend(kept_after);
        raw.extend(changed.raw);
        raw.extend(raw_after);
        Some(ReadProducts {
            products,
            raw,
            starts: new_starts,
        })
    }
}

impl ReadProducts {
    /// The products of a parse of the whole `text`, with where each starts; given back
    /// (`Err`) when the `[[product]]` lines found in the text are not the tables the
    /// parse found (such a line inside a multi-line string, say): nothing is kept, and
    /// the next load reads the file whole again.
    pub(crate) fn of_whole(
        text: &str,
        products: Vec<Product>,
        raw: Vec<RawProduct>,
    ) -> Result<ReadProducts, (Vec<Product>, Vec<RawProduct>)> {
        let starts = table_starts(text, 0, text.len());
        if tables_match(text.len(), &starts, &products) {
            Ok(ReadProducts {
                products,
                raw,
                starts,
            })
        } else {
            Err((products, raw))
        }
    }

    /// What to keep of them for the next load, read from `text` (every product clean).
    pub(crate) fn keep(&self, text: &str) -> ProductsMemory {
        ProductsMemory {
            text: text.to_string(),
            starts: self.starts.clone(),
            products: self.products.clone(),
            raw: self.raw.clone(),
        }
    }
}

/// How many bytes `old` and `new` share at their start, and then at their end (never
/// overlapping the start in either).
fn unchanged_ends(old: &str, new: &str) -> (usize, usize) {
    let (old, new) = (old.as_bytes(), new.as_bytes());
    // Compared a block at a time: equal blocks are a memcmp, not a loop over bytes.
    const BLOCK: usize = 4096;
    let shorter = old.len().min(new.len());
    let mut start = 0;
    while start + BLOCK <= shorter && old[start..start + BLOCK] == new[start..start + BLOCK] {
        start += BLOCK;
    }
    while start < shorter && old[start] == new[start] {
        start += 1;
    }
    let room = shorter - start;
    let mut end = 0;
    while end + BLOCK <= room
        && old[old.len() - end - BLOCK..old.len() - end]
            == new[new.len() - end - BLOCK..new.len() - end]
    {
        end += BLOCK;
    }
    while end < room && old[old.len() - end - 1] == new[new.len() - end - 1] {
        end += 1;
    }
    (start, end)
}

/// The products of `text[from..until]`, a stretch of whole products, each starting
/// with its `[[product]]` line; `None` unless it parses as such without a problem.
fn parse_products(text: &str, from: usize, until: usize, cx: &mut Cx<'_>) -> Option<ReadProducts> {
    if from == until {
        // The last products were removed.
        return Some(ReadProducts {
            products: Vec::new(),
            raw: Vec::new(),
            starts: Vec::new(),
        });
    }
    // Blanked up to `from`, not cut: every span is then the same as in `text`.
    let mut scratch = " ".repeat(from);
    scratch.push_str(&text[from..until]);
    let (root, errors) = DeTable::parse_recoverable(&scratch);
    if !errors.is_empty() {
        return None;
    }
    let root = root.into_inner();
    let key = files::PRODUCTS.entry_table();
    if root.len() != 1 {
        return None;
    }
    let DeValue::Array(tables) = root.get(key)?.get_ref() else {
        return None;
    };
    let reported = cx.diagnostics.len();
    let products: Vec<Product> = tables
        .iter()
        .filter_map(|table| Product::from_toml(table.get_ref(), &table.span(), cx))
        .collect();
    if cx.diagnostics.len() != reported || products.len() != tables.len() {
        // A problem is reported by a parse of the whole file, once, in its order.
        cx.diagnostics.truncate(reported);
        return None;
    }
    let starts = table_starts(text, from, until);
    if !tables_match(until, &starts, &products) {
        return None;
    }
    Some(ReadProducts {
        raw: raw_products(&root),
        products,
        starts,
    })
}

/// Where each `[[product]]` line of `text[from..until]` starts (`from` is a line's
/// start), as written by sitegen and by hand: the header alone on its line, but for
/// spaces and a comment.
fn table_starts(text: &str, from: usize, until: usize) -> Vec<usize> {
    let header = format!("[[{}]]", files::PRODUCTS.entry_table());
    let is_header = |line: &str| {
        line.strip_prefix(header.as_str()).is_some_and(|rest| {
            let rest = rest.trim_start();
            rest.is_empty() || rest.starts_with('#')
        })
    };
    let mut starts = Vec::new();
    let mut at = from;
    for line in text[from..until].split_inclusive('\n') {
        if is_header(line.trim_end()) {
            starts.push(at);
        }
        at += line.len();
    }
    starts
}

/// Whether the header lines at `starts` are the tables of `products`: one each, and
/// each product's id written between its header and the next (or `end`).
fn tables_match(end: usize, starts: &[usize], products: &[Product]) -> bool {
    starts.len() == products.len()
        && products.iter().enumerate().all(|(index, product)| {
            let until = starts.get(index + 1).copied().unwrap_or(end);
            (starts[index]..until).contains(&product.id.span.start)
        })
}

#[cfg(test)]
pub(crate) mod tests;
