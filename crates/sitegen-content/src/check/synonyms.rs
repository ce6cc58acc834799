//! synonyms.toml: every word is a word, each belongs to one group, and each group
//! finds some product.

use std::collections::{HashMap, HashSet};

use super::{reporter, Reporter};
use crate::de::Located;
use crate::load::Loaded;
use crate::model::Product;
use crate::search_words::words;
use sitegen_diagnostics::ErrorCode;
use sitegen_diagnostics::{Diagnostic, Span};

/// Reports empty words, words in two places, and groups that match no product.
pub(super) fn check_synonyms(loaded: &Loaded, diagnostics: &mut Vec<Diagnostic>) {
    let Some((mut reporter, synonyms)) = reporter(&loaded.synonyms, diagnostics) else {
        return;
    };
    // Each phrase (its words joined by a space) and where it was first listed.
    let mut listed: HashMap<String, Span> = HashMap::new();
    let mut claim = |reporter: &mut Reporter<'_>, word: &Located<String>| {
        let Some(phrase) = phrase_of(reporter, word) else {
            return;
        };
        match listed.get(&phrase) {
            Some(first) => {
                let line = reporter.file.locate(first).line;
                reporter.report(
                    &word.span,
                    ErrorCode::SynonymConflict,
                    format!("\"{phrase}\" is already listed on line {line}"),
                    None,
                );
            }
            None => {
                listed.insert(phrase, word.span.clone());
            }
        }
    };
    for group in synonyms.groups() {
        for word in &group.words {
            claim(&mut reporter, word);
        }
    }
    for mapping in synonyms.one_ways() {
        claim(&mut reporter, &mapping.word);
        for target in &mapping.means {
            phrase_of(&mut reporter, target);
        }
    }

    // Which words of the phrases the products hold; unknown while products.toml does
    // not load.
    let Some(products) = loaded.products.value.as_ref() else {
        return;
    };
    let groups = synonyms.groups().iter().map(|group| &group.words);
    let targets = synonyms.one_ways().iter().map(|mapping| &mapping.means);
    let wanted: HashSet<String> = groups
        .clone()
        .chain(targets.clone())
        .flatten()
        .flat_map(|phrase| words(phrase))
        .collect();
    // The words of each phrase of each list (a group, or the targets of a one-way word).
    let lists: Vec<Vec<Vec<String>>> = groups
        .clone()
        .chain(targets.clone())
        .map(|phrases| {
            phrases
                .iter()
                .map(|phrase| words(phrase).collect())
                .collect()
        })
        .collect();
    let found = |phrase: &[String], held: &HashSet<&str>| {
        !phrase.is_empty() && phrase.iter().all(|word| held.contains(word.as_str()))
    };
    let every_list_found = |held: &HashSet<&str>| {
        lists
            .iter()
            .all(|phrases| phrases.is_empty() || phrases.iter().any(|phrase| found(phrase, held)))
    };
    let product_words = words_held(&products.product.0, &wanted, every_list_found);
    for (phrases, words) in groups.chain(targets).zip(&lists) {
        let Some(first) = phrases.first() else {
            continue;
        };
        if !words.iter().any(|phrase| found(phrase, &product_words)) {
            let shown: Vec<&str> = phrases.iter().map(|p| p.value.as_str()).collect();
            reporter.report(
                &first.span,
                ErrorCode::UnusedSynonyms,
                format!("no product holds any of: {}", shown.join(", ")),
                None,
            );
        }
    }
}

/// The words of `wanted` that the titles and descriptions of `products` hold. Only
/// the synonyms' words are kept, and the products are read only until the words held
/// are `enough`: at 10,000 products a set of all their words cost every save tens of
/// milliseconds, and reading every product for a word no product holds, a few.
fn words_held<'w>(
    products: &[Product],
    wanted: &'w HashSet<String>,
    enough: impl Fn(&HashSet<&'w str>) -> bool,
) -> HashSet<&'w str> {
    let mut held = HashSet::new();
    let mut finder = WordFinder::of(wanted);
    for product in products {
        let before = held.len();
        for text in [product.title(), product.description()] {
            finder.find_in(text, &mut held);
        }
        // Asked only when a word was found: a few hundred times at most.
        if held.len() > before && enough(&held) {
            break;
        }
    }
    held
}

/// Finds wanted words in texts, split and lowered as [`words`] does.
struct WordFinder<'w> {
    wanted: &'w HashSet<String>,
    /// For each pair of (first, last) letters or digits of an ASCII word, a bit for each
    /// length up to 63 (the bit of 63 stands for every longer length too): a word of
    /// another pair and length is none of the wanted words, known without hashing it.
    lengths_by_ends: Box<[[u64; ENDS]; ENDS]>,
    /// The word being looked up, lowered.
    lower: String,
}

/// The letters a to z, the digits, and one place for every other byte.
const ENDS: usize = 26 + 10 + 1;

/// The place of the byte `b` in [`WordFinder::lengths_by_ends`], case folded.
fn end_class(b: u8) -> usize {
    match b.to_ascii_lowercase() {
        c @ b'a'..=b'z' => usize::from(c - b'a'),
        c @ b'0'..=b'9' => 26 + usize::from(c - b'0'),
        _ => ENDS - 1,
    }
}

impl<'w> WordFinder<'w> {
    fn of(wanted: &'w HashSet<String>) -> WordFinder<'w> {
        let mut lengths_by_ends = Box::new([[0u64; ENDS]; ENDS]);
        for word in wanted {
            let bytes = word.as_bytes();
            if let (Some(&first), Some(&last)) = (bytes.first(), bytes.last()) {
                lengths_by_ends[end_class(first)][end_class(last)] |= Self::bit(bytes.len());
            }
        }
        WordFinder {
            wanted,
            lengths_by_ends,
            lower: String::new(),
        }
    }

    fn bit(length: usize) -> u64 {
        1 << length.min(63)
    }

    /// Adds to `held` the wanted words `text` holds.
    fn find_in(&mut self, text: &str, held: &mut HashSet<&'w str>) {
        if !text.is_ascii() {
            for word in words(text) {
                if let Some(wanted) = self.wanted.get(&word) {
                    held.insert(wanted.as_str());
                }
            }
            return;
        }
        // Most product text: split and lowered a byte at a time (for ASCII, what
        // `char::is_alphanumeric` and `str::to_lowercase` do), and a word that no
        // wanted word could be is passed over before it is looked up.
        for word in text.as_bytes().split(|b| !b.is_ascii_alphanumeric()) {
            let (Some(&first), Some(&last)) = (word.first(), word.last()) else {
                continue;
            };
            if self.lengths_by_ends[end_class(first)][end_class(last)] & Self::bit(word.len()) == 0
            {
                continue;
            }
            self.lower.clear();
            self.lower
                .extend(word.iter().map(|b| char::from(b.to_ascii_lowercase())));
            if let Some(wanted) = self.wanted.get(&self.lower) {
                held.insert(wanted.as_str());
            }
        }
    }
}

/// The words of `word` joined by a space; reports it when it has none.
fn phrase_of(reporter: &mut Reporter<'_>, word: &Located<String>) -> Option<String> {
    let phrase = words(word).collect::<Vec<_>>().join(" ");
    if phrase.is_empty() {
        reporter.report(
            &word.span,
            ErrorCode::EmptySynonym,
            format!(
                "synonym \"{}\" holds no word to search for",
                word.value.escape_debug()
            ),
            None,
        );
        return None;
    }
    Some(phrase)
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::{words_held, WordFinder};
    use crate::search_words::{words, TOKENIZER_VECTORS};
    use crate::test_support::{codes, single, valid_copy};
    use crate::LoadReport;
    use sitegen_diagnostics::ErrorCode;

    fn load_with_synonyms(text: &str) -> LoadReport {
        let (_dir, content) = valid_copy();
        std::fs::write(content.join("synonyms.toml"), text).unwrap();
        crate::load(&content)
    }

    #[test]
    fn groups_and_one_way_mappings_load_into_rules() {
        let report = load_with_synonyms(
            "[[group]]\nwords = [\"slit lamp\", \"SLE\"]\n\n\
             [[one_way]]\nword = \"lamp\"\nmeans = [\"slit lamp\"]\n",
        );
        assert_eq!(codes(&report), vec![]);
        let rules = report.content.unwrap().synonyms.rules();
        let pairs: Vec<(String, String)> = rules
            .iter()
            .map(|rule| (rule.holds.join(" "), rule.adds.join(" ")))
            .collect();
        assert_eq!(
            pairs,
            [
                ("slit lamp".into(), "sle".into()),
                ("sle".into(), "slit lamp".into()),
                ("slit lamp".into(), "lamp".into()),
            ]
        );
    }

    #[test]
    fn the_words_found_in_a_text_are_the_words_the_search_splits_it_into() {
        for text in TOKENIZER_VECTORS {
            let wanted: HashSet<String> = words(text).collect();
            let mut held = HashSet::new();
            WordFinder::of(&wanted).find_in(text, &mut held);
            let held: HashSet<String> = held.into_iter().map(String::from).collect();
            assert_eq!(held, wanted, "{text:?}");
            // And no more: a word is found whole, not as a part of a longer one.
            let longer: HashSet<String> = wanted.iter().map(|word| format!("{word}s")).collect();
            let mut held = HashSet::new();
            WordFinder::of(&longer).find_in(text, &mut held);
            assert!(held.is_empty(), "{text:?}: {held:?}");
        }
    }

    #[test]
    fn no_synonyms_file_is_no_problem() {
        let (_dir, content) = valid_copy();
        let report = crate::load(&content);
        assert_eq!(report.errors(), 0);
        assert!(report.content.unwrap().synonyms.rules().is_empty());
    }

    #[test]
    fn an_empty_word_is_an_error_at_its_position() {
        let report = load_with_synonyms("[[group]]\nwords = [\"slit lamp\", \" - \"]\n");
        let shown = single(
            &report,
            ErrorCode::EmptySynonym,
            "synonym \" - \" holds no word to search for",
        );
        assert!(
            shown.starts_with("content/synonyms.toml:2:23: error"),
            "{shown}"
        );
    }

    #[test]
    fn a_word_in_two_groups_is_an_error_naming_the_first() {
        let report = load_with_synonyms(
            "[[group]]\nwords = [\"slit lamp\", \"SLE\"]\n\n\
             [[group]]\nwords = [\"Slit-Lamp\", \"biomicroscope\"]\n",
        );
        let shown = single(
            &report,
            ErrorCode::SynonymConflict,
            "\"slit lamp\" is already listed on line 2",
        );
        assert!(
            shown.starts_with("content/synonyms.toml:5:10: error"),
            "{shown}"
        );
    }

    #[test]
    fn a_one_way_word_that_is_also_in_a_group_is_an_error() {
        let report = load_with_synonyms(
            "[[group]]\nwords = [\"slit lamp\", \"SLE\"]\n\n\
             [[one_way]]\nword = \"sle\"\nmeans = [\"slit lamp\"]\n",
        );
        let shown = single(
            &report,
            ErrorCode::SynonymConflict,
            "\"sle\" is already listed on line 2",
        );
        assert!(
            shown.starts_with("content/synonyms.toml:5:8: error"),
            "{shown}"
        );
    }

    #[test]
    fn a_phrase_is_found_in_any_case_and_script_across_products() {
        let (_dir, content) = valid_copy();
        crate::testing::edit_files(
            &content,
            &[(
                "products.toml",
                "title = \"Slit Lamp\"",
                "title = \"Slit Lamp ΟΔΟΣ Ультразвук\"",
            )],
        );
        // "slit" and "machine" are in two products; "οδος" is lowered by
        // `str::to_lowercase`, whose final sigma is "ς".
        std::fs::write(
            content.join("synonyms.toml"),
            "[[group]]\nwords = [\"ультразвук\"]\n\n\
             [[group]]\nwords = [\"slit machine\"]\n\n\
             [[group]]\nwords = [\"ΟΔΟΣ\"]\n\n\
             [[one_way]]\nword = \"sle\"\nmeans = [\"XENOLITH\"]\n",
        )
        .unwrap();
        let report = crate::load(&content);
        let shown = single(
            &report,
            ErrorCode::UnusedSynonyms,
            "no product holds any of: XENOLITH",
        );
        assert!(shown.starts_with("content/synonyms.toml:12:"), "{shown}");
    }

    #[test]
    fn a_group_that_matches_no_product_is_a_warning_at_its_first_word() {
        let report = load_with_synonyms(
            "[[group]]\nwords = [\"slit lamp\", \"SLE\"]\n\n\
             [[group]]\nwords = [\"zymotic\", \"xenolith\"]\n",
        );
        let shown = single(
            &report,
            ErrorCode::UnusedSynonyms,
            "no product holds any of: zymotic, xenolith",
        );
        assert!(
            shown.starts_with("content/synonyms.toml:5:10: warning"),
            "{shown}"
        );
        assert!(
            report.content.is_some(),
            "a warning does not stop the build"
        );
    }

    #[test]
    fn the_products_are_read_only_until_the_words_held_are_enough() {
        let (_dir, content) = valid_copy();
        let products = crate::load(&content).content.unwrap().products;
        let text_words = |index: usize| -> HashSet<String> {
            let product = &products[index];
            words(product.title())
                .chain(words(product.description()))
                .collect()
        };
        let first = text_words(0);
        let first_word = first.iter().next().unwrap().clone();
        let later_word = (1..products.len())
            .flat_map(text_words)
            .find(|word| !first.contains(word))
            .unwrap();
        let wanted: HashSet<String> = [first_word.clone(), later_word.clone()].into();

        let held = words_held(&products, &wanted, |held| {
            held.contains(first_word.as_str())
        });
        assert_eq!(held, HashSet::from([first_word.as_str()]));
        // Not enough without it: every product is read.
        let held = words_held(&products, &wanted, |_| false);
        assert!(held.contains(later_word.as_str()));
    }
}
