//! Parsing a content file's TOML. A large file of one array of tables (products.toml
//! at 10,000 products: 3.5 MB, a third of a save's loading) is parsed in two halves on
//! two threads, which gives the same tree as one parse, or else is parsed whole.

use toml::de::{DeTable, DeValue, Error};
use toml::Spanned;

/// Below this size a file is parsed in one go: a thread costs more than it saves.
const HALVES_FROM_BYTES: usize = 256 * 1024;

/// The document `text`, as [`DeTable::parse_recoverable`] parses it. `scratch` holds
/// the text a second half is parsed from (the first half blanked out, so that every
/// span is the same as in `text`), for as long as the tree borrows it.
pub(crate) fn document<'t>(
    text: &'t str,
    scratch: &'t mut String,
) -> (Spanned<DeTable<'t>>, Vec<Error>) {
    match halves(text) {
        Some(split) => {
            in_halves(text, split, scratch).unwrap_or_else(|| DeTable::parse_recoverable(text))
        }
        None => DeTable::parse_recoverable(text),
    }
}

/// Where a large `text` can be cut in two: at the start of the line nearest its middle
/// that opens a table of an array of tables (`[[key]]`), with that key.
fn halves(text: &str) -> Option<(usize, &str)> {
    if text.len() < HALVES_FROM_BYTES {
        return None;
    }
    let middle = text.len() / 2;
    let header = "\n[[";
    let at = text[middle..]
        .find(header)
        .map(|at| middle + at)
        .or_else(|| text[..middle].rfind(header))?
        + 1;
    let line = &text[at..text[at..].find('\n').map_or(text.len(), |end| at + end)];
    let key = line.strip_prefix("[[")?.split("]]").next()?.trim();
    let plain = !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    plain.then_some((at, key))
}

/// The two halves of `text` cut at `split`, parsed at once and joined: `None` unless
/// both parse without a problem and join as one parse would have them (the second
/// holds nothing but more tables of the array, which the first has), so that a problem
/// is always reported by a parse of the whole.
fn in_halves<'t>(
    text: &'t str,
    (at, key): (usize, &str),
    scratch: &'t mut String,
) -> Option<(Spanned<DeTable<'t>>, Vec<Error>)> {
    scratch.clear();
    scratch.reserve(text.len());
    // Blank, not cut: the second half's spans are then those of the whole text.
    scratch.extend(text[..at].chars().map(|c| match c {
        '\n' | '\r' => c,
        _ => ' ',
    }));
    scratch.push_str(&text[at..]);
    let second: &'t String = scratch;
    let (first, rest) = std::thread::scope(|scope| {
        let rest = scope.spawn(|| DeTable::parse_recoverable(second));
        let first = DeTable::parse_recoverable(&text[..at]);
        (first, rest.join())
    });
    let ((first, first_errors), (rest, rest_errors)) = (first, rest.ok()?);
    if !first_errors.is_empty() || !rest_errors.is_empty() {
        return None;
    }
    // The root's span as one parse gives it (the first half's, like every span there).
    let root_span = first.span();
    let mut table = first.into_inner();
    let mut rest = rest.into_inner();
    let more = rest.remove(key)?.into_inner();
    let (DeValue::Array(more), true) = (more, rest.is_empty()) else {
        return None;
    };
    let Some(DeValue::Array(array)) = table.get_mut(key).map(Spanned::get_mut) else {
        return None;
    };
    for item in more {
        array.push(item);
    }
    Some((Spanned::new(root_span, table), Vec::new()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A products file of `count` products, some with tables of their own.
    fn products(count: usize) -> String {
        let mut text = String::from("#:schema ../schemas/products.schema.json\n\n");
        for id in 1..=count {
            text.push_str(&format!(
                "[[product]]\nid = {id}\ntitle = \"Product {id}\"\ndescription = \"\"\"\nLine one.\nLine two.\"\"\"\ncategory = \"dialysis\" # a comment\n"
            ));
            if id % 3 == 0 {
                text.push_str(
                    "\n[[product.specifications]]\nname = \"Weight\"\nvalue = \"12 kg\"\n",
                );
            }
            text.push('\n');
        }
        text
    }

    fn whole(text: &str) -> String {
        format!("{:?}", DeTable::parse_recoverable(text))
    }

    fn halved(text: &str) -> String {
        let mut scratch = String::new();
        format!("{:?}", document(text, &mut scratch))
    }

    /// Where two trees, as their debug text, first differ: short, for a failing test.
    fn same(halved: String, whole: String) -> Result<(), String> {
        let at = halved.bytes().zip(whole.bytes()).position(|(a, b)| a != b);
        match at.or((halved.len() != whole.len()).then_some(halved.len().min(whole.len()))) {
            None => Ok(()),
            Some(at) => {
                let around = |text: &str| {
                    text[at.saturating_sub(200)..(at + 200).min(text.len())].to_string()
                };
                Err(format!(
                    "halved: …{}…\nwhole:  …{}…",
                    around(&halved),
                    around(&whole)
                ))
            }
        }
    }

    #[test]
    fn a_large_array_of_tables_parses_in_halves_as_it_parses_whole() {
        let text = products(4000);
        assert!(text.len() > HALVES_FROM_BYTES);
        let split = halves(&text).expect("a place to cut");
        assert_eq!(split.1, "product");
        let mut scratch = String::new();
        assert!(
            in_halves(&text, split, &mut scratch).is_some(),
            "parsed in halves"
        );
        same(halved(&text), whole(&text)).unwrap();
        let crlf = text.replace('\n', "\r\n");
        same(halved(&crlf), whole(&crlf)).unwrap();
    }

    #[test]
    fn anything_the_halves_cannot_say_alike_is_parsed_whole() {
        let text = products(4000);
        let (at, key) = halves(&text).unwrap();
        let mut scratch = String::new();
        // A table other than the array's after the cut.
        let other = format!("{}[site]\nname = \"x\"\n", &text);
        assert!(in_halves(&other, (at, key), &mut scratch).is_none());
        same(halved(&other), whole(&other)).unwrap();
        // A syntax error in either half: the whole parse reports it, as ever.
        let broken = text.replacen("id = 2\n", "id = = 2\n", 1);
        same(halved(&broken), whole(&broken)).unwrap();
        let broken_late = format!("{}id = \n", &text);
        same(halved(&broken_late), whole(&broken_late)).unwrap();
        // A multi-line string across the cut.
        let (before, after) = text.split_at(at);
        let opened = format!("{before}[[product]]\nid = 0\nnote = '''\n");
        let across = format!("{opened}{after}'''\n");
        let in_string = (opened.len(), "product");
        assert!(in_halves(&across, in_string, &mut scratch).is_none());
        same(halved(&across), whole(&across)).unwrap();
        // A small file is parsed whole.
        assert!(halves(&products(3)).is_none());
    }
}
