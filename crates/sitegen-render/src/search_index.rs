//! The products' search index, built from the typed content (not from the HTML).
//!
//! It is split so that a query loads only what it needs:
//! - `data/search-index.json`, the manifest (revalidated): the categories with the
//!   ranges of documents they hold, the vocabulary of words (for prefix and typo
//!   matching in the browser), the document chunk of each word's first title match
//!   (fetched with the postings: a title match ranks first, so the top results are
//!   there, one round trip sooner), and the names of the chunks;
//! - `search/HASH.json` postings chunks, one per two-letter word prefix: for each word,
//!   the documents whose title, description or id holds it;
//! - `search/HASH.json` document chunks of [`DOCS_PER_CHUNK`] compact documents, what a
//!   result shows.
//!
//! Chunks are named by a hash of their bytes (cached for a year), so an edit of one
//! product rewrites only the chunks its words and its document are in, and the manifest.
//! Documents are ordered by category, subcategory and title: a category's documents form
//! one range (facet counts need no per-document data), and the numbered copies of one
//! title sit in the same chunk.

use std::collections::BTreeMap;

use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use sitegen_content::Content;

/// The manifest's path in the output; its name is stable, so it revalidates.
pub const MANIFEST_FILE: &str = "data/search-index.json";
/// The folder of the hashed chunks.
pub const CHUNK_DIR: &str = "search";
/// Documents per document chunk: a page of results touches one or a few.
pub const DOCS_PER_CHUNK: usize = 64;
/// A document's description is cut to about this many characters (at a word's end).
pub const SNIPPET_CHARS: usize = 140;
/// The format of the files, read by the web app's search.
pub const FORMAT_VERSION: u32 = 2;

/// One product as the search sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchDoc {
    pub id: u32,
    pub title: String,
    pub description: String,
    pub category: String,
    pub subcategory: String,
    pub path: String,
}

/// The index's files: (path in the output, bytes), the manifest last.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchFiles {
    pub files: Vec<(String, String)>,
}

/// The published products in index order. Drafts are left out even from a build that
/// shows them (`--drafts`, `sitegen serve`): the search shows only what production has.
pub fn documents(content: &Content) -> Vec<SearchDoc> {
    let category_rank = |id: &str| {
        content
            .categories
            .iter()
            .position(|c| c.id.value.as_str() == id)
    };
    let subcategory_rank = |category: &str, sub: &str| {
        content
            .categories
            .iter()
            .find(|c| c.id.value.as_str() == category)
            .and_then(|c| c.subcategories.iter().position(|s| s.as_str() == sub))
    };
    let mut docs: Vec<SearchDoc> = content
        .products
        .iter()
        .filter(|product| !product.is_draft())
        .map(|product| SearchDoc {
            id: product.id(),
            title: product.title().to_string(),
            description: product.description().to_string(),
            category: product.category().to_string(),
            subcategory: product.subcategory().to_string(),
            path: product.route(),
        })
        .collect();
    docs.sort_by_cached_key(|doc| {
        (
            category_rank(&doc.category),
            subcategory_rank(&doc.category, &doc.subcategory),
            doc.title.to_lowercase(),
            doc.id,
        )
    });
    docs
}

/// The words of a text as the browser's search splits them: lower case, split at every
/// character that is not a letter or a digit.
pub fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
}

/// Numbers (ids, numbered titles) match exactly or by prefix, never with typos, and
/// stay out of the manifest's vocabulary.
fn is_number(word: &str) -> bool {
    word.bytes().all(|b| b.is_ascii_digit())
}

/// The postings chunk a word is in: its first two characters.
pub fn chunk_key(word: &str) -> String {
    word.chars().take(2).collect()
}

/// Where a word occurs in a document.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Field {
    Title,
    Description,
    Id,
}

impl Field {
    fn key(self) -> &'static str {
        match self {
            Field::Title => "t",
            Field::Description => "d",
            Field::Id => "i",
        }
    }
}

/// Builds the index of `docs` for `categories` (id, name, subcategories, in order).
pub fn build(docs: &[SearchDoc], categories: &[(String, String, Vec<String>)]) -> SearchFiles {
    // word → field → ascending document numbers
    let mut postings: BTreeMap<String, BTreeMap<Field, Vec<u32>>> = BTreeMap::new();
    for (number, doc) in docs.iter().enumerate() {
        let number = number as u32;
        let mut add = |word: String, field: Field| {
            let list = postings.entry(word).or_default().entry(field).or_default();
            if list.last() != Some(&number) {
                list.push(number);
            }
        };
        for word in words(&doc.title) {
            add(word, Field::Title);
        }
        for word in words(&doc.description) {
            add(word, Field::Description);
        }
        add(doc.id.to_string(), Field::Id);
    }

    let mut files = Vec::new();
    let mut chunk_words: BTreeMap<String, serde_json::Map<String, Value>> = BTreeMap::new();
    for (word, fields) in &postings {
        let mut entry = serde_json::Map::new();
        for (field, list) in fields {
            entry.insert(field.key().into(), json!(deltas(list)));
        }
        chunk_words
            .entry(chunk_key(word))
            .or_default()
            .insert(word.clone(), Value::Object(entry));
    }
    let mut postings_chunks = serde_json::Map::new();
    for (key, entries) in chunk_words {
        let path = hashed_path(Value::Object(entries).to_string(), &mut files);
        postings_chunks.insert(key, Value::String(path));
    }

    let doc_chunks: Vec<String> = docs
        .chunks(DOCS_PER_CHUNK)
        .map(|chunk| {
            let rows: Vec<Value> = chunk
                .iter()
                .map(|doc| json!([doc.id, doc.title, doc.path, snippet(&doc.description)]))
                .collect();
            hashed_path(Value::Array(rows).to_string(), &mut files)
        })
        .collect();

    let category_entries: Vec<Value> = categories
        .iter()
        .map(|(id, name, subcategories)| {
            let (start, end) = range_of(docs, |doc| doc.category == *id);
            let subs: Vec<Value> = subcategories
                .iter()
                .map(|sub| {
                    let (start, end) =
                        range_of(docs, |doc| doc.category == *id && doc.subcategory == *sub);
                    json!({ "name": sub, "start": start, "end": end })
                })
                .collect();
            json!({ "id": id, "name": name, "start": start, "end": end, "subcategories": subs })
        })
        .collect();
    let vocabulary: Vec<&str> = postings
        .keys()
        .map(String::as_str)
        .filter(|word| !is_number(word))
        .collect();
    let title_chunks: Vec<String> = vocabulary
        .iter()
        .map(|word| {
            postings[*word]
                .get(&Field::Title)
                .and_then(|list| list.first())
                .map_or_else(
                    || "-".into(),
                    |&first| base36(first as usize / DOCS_PER_CHUNK),
                )
        })
        .collect();
    let manifest = json!({
        "version": FORMAT_VERSION,
        "docCount": docs.len(),
        "docsPerChunk": DOCS_PER_CHUNK,
        "docChunks": doc_chunks,
        "postings": postings_chunks,
        "categories": category_entries,
        "words": vocabulary.join(" "),
        "titleChunks": title_chunks.join(" "),
    });
    files.push((MANIFEST_FILE.to_string(), manifest.to_string()));
    SearchFiles { files }
}

/// The index of `content`'s published products.
pub fn of_content(content: &Content) -> SearchFiles {
    let categories: Vec<(String, String, Vec<String>)> = content
        .categories
        .iter()
        .map(|c| {
            (
                c.id.value.as_str().to_string(),
                c.name.value.as_str().to_string(),
                c.subcategories
                    .iter()
                    .map(|s| s.as_str().to_string())
                    .collect(),
            )
        })
        .collect();
    build(&documents(content), &categories)
}

/// The half-open range of documents that `holds`; the documents are sorted so that
/// those of one category (and subcategory) are contiguous. `(0, 0)` for none.
fn range_of(docs: &[SearchDoc], holds: impl Fn(&SearchDoc) -> bool) -> (usize, usize) {
    let Some(start) = docs.iter().position(&holds) else {
        return (0, 0);
    };
    let length = docs[start..].iter().take_while(|doc| holds(doc)).count();
    (start, start + length)
}

/// `n` in base 36 (digits, then lower-case letters): short in the manifest.
fn base36(mut n: usize) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut digits = Vec::new();
    loop {
        digits.push(DIGITS[n % 36]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    digits.reverse();
    String::from_utf8(digits).unwrap_or_default()
}

/// Ascending numbers as differences from the previous one (the first from 0): runs of
/// neighbours become runs of 1, which compress to almost nothing.
fn deltas(list: &[u32]) -> Vec<u32> {
    let mut previous = 0;
    list.iter()
        .map(|&n| {
            let delta = n - previous;
            previous = n;
            delta
        })
        .collect()
}

/// The description's beginning, cut after a whole word, with an ellipsis when cut.
fn snippet(text: &str) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() <= SNIPPET_CHARS {
        return text;
    }
    let mut cut: String = text.chars().take(SNIPPET_CHARS).collect();
    if let Some(space) = cut.rfind(' ') {
        cut.truncate(space);
    }
    cut.push('…');
    cut
}

/// Adds `bytes` under a name made of their hash to `files`, and returns that name.
fn hashed_path(bytes: String, files: &mut Vec<(String, String)>) -> String {
    let digest = Sha256::digest(bytes.as_bytes());
    let hex: String = digest.iter().take(8).map(|b| format!("{b:02x}")).collect();
    let path = format!("{CHUNK_DIR}/{hex}.json");
    files.push((path.clone(), bytes));
    path
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::path::Path;

    use super::*;

    fn real_content() -> Content {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content");
        sitegen_content::load(&dir)
            .content
            .expect("the real content loads")
    }

    fn file<'a>(index: &'a SearchFiles, path: &str) -> &'a str {
        &index.files.iter().find(|(p, _)| p == path).expect(path).1
    }

    fn manifest(index: &SearchFiles) -> Value {
        serde_json::from_str(file(index, MANIFEST_FILE)).unwrap()
    }

    /// The postings of `word`, as absolute document numbers per field.
    fn postings_of(index: &SearchFiles, word: &str) -> BTreeMap<String, Vec<u32>> {
        let manifest = manifest(index);
        let path = manifest["postings"][chunk_key(word)].as_str().unwrap();
        let chunk: Value = serde_json::from_str(file(index, path)).unwrap();
        let mut result = BTreeMap::new();
        for (field, list) in chunk[word].as_object().unwrap() {
            let mut n = 0;
            let absolute = list
                .as_array()
                .unwrap()
                .iter()
                .map(|d| {
                    n += d.as_u64().unwrap() as u32;
                    n
                })
                .collect();
            result.insert(field.clone(), absolute);
        }
        result
    }

    fn paths(index: &SearchFiles) -> BTreeSet<(String, String)> {
        index.files.iter().cloned().collect()
    }

    #[test]
    fn words_are_lower_case_and_split_at_non_alphanumerics() {
        let split: Vec<String> = words("Non-Contact Tonometer (NCT) 3D, x-ray").collect();
        assert_eq!(
            split,
            ["non", "contact", "tonometer", "nct", "3d", "x", "ray"]
        );
    }

    #[test]
    fn the_index_holds_every_published_product_in_category_order() {
        let content = real_content();
        let index = of_content(&content);
        let manifest = manifest(&index);
        let published = content.products.iter().filter(|p| !p.is_draft()).count();
        assert_eq!(manifest["docCount"], published);
        let chunks = manifest["docChunks"].as_array().unwrap();
        assert_eq!(chunks.len(), published.div_ceil(DOCS_PER_CHUNK));
        // The categories' ranges cover the documents in the catalogue's order.
        let mut next = 0;
        for category in manifest["categories"].as_array().unwrap() {
            let (start, end) = (
                category["start"].as_u64().unwrap(),
                category["end"].as_u64().unwrap(),
            );
            if start == end {
                continue;
            }
            assert_eq!(start, next, "{category}");
            next = end;
        }
        assert_eq!(next as usize, published);
        // A document row: id, title, path, description snippet.
        let first: Value = serde_json::from_str(file(&index, chunks[0].as_str().unwrap())).unwrap();
        let docs = documents(&content);
        assert_eq!(first[0][0], docs[0].id);
        assert_eq!(first[0][1], docs[0].title);
        assert_eq!(first[0][2], docs[0].path);
        assert!(first[0][3].as_str().unwrap().chars().count() <= SNIPPET_CHARS + 1);
    }

    #[test]
    fn title_description_and_id_words_are_posted_under_their_fields() {
        let content = real_content();
        let index = of_content(&content);
        let docs = documents(&content);
        let (number, doc) = docs
            .iter()
            .enumerate()
            .find(|(_, doc)| doc.title.to_lowercase().contains("tonometer"))
            .unwrap();
        let number = number as u32;
        assert!(postings_of(&index, "tonometer")["t"].contains(&number));
        assert_eq!(postings_of(&index, &doc.id.to_string())["i"], [number]);
        let first_description_word = words(&doc.description).next().unwrap();
        assert!(postings_of(&index, &first_description_word)["d"].contains(&number));
        // Numbers are not in the vocabulary, words are.
        let vocabulary = manifest(&index)["words"].as_str().unwrap().to_string();
        let vocabulary: Vec<&str> = vocabulary.split(' ').collect();
        assert!(vocabulary.contains(&"tonometer"));
        assert!(!vocabulary.iter().any(|w| is_number(w)));
        assert!(vocabulary.windows(2).all(|pair| pair[0] < pair[1]));
    }

    #[test]
    fn each_word_names_the_document_chunk_of_its_first_title_match() {
        let content = real_content();
        let index = of_content(&content);
        let manifest = manifest(&index);
        let vocabulary: Vec<&str> = manifest["words"].as_str().unwrap().split(' ').collect();
        let title_chunks: Vec<&str> = manifest["titleChunks"]
            .as_str()
            .unwrap()
            .split(' ')
            .collect();
        assert_eq!(title_chunks.len(), vocabulary.len());
        for (word, chunk) in vocabulary.iter().zip(&title_chunks) {
            match postings_of(&index, word)
                .get("t")
                .and_then(|list| list.first())
            {
                Some(&first) => assert_eq!(
                    usize::from_str_radix(chunk, 36).unwrap(),
                    first as usize / DOCS_PER_CHUNK,
                    "{word}"
                ),
                None => assert_eq!(*chunk, "-", "{word} is in no title"),
            }
        }
        // Both kinds occur in the real catalogue.
        assert!(title_chunks.contains(&"-") && title_chunks.iter().any(|c| *c != "-"));
    }

    #[test]
    fn numbers_are_written_in_base_36() {
        assert_eq!(base36(0), "0");
        assert_eq!(base36(35), "z");
        assert_eq!(base36(36), "10");
        assert_eq!(base36(156), "4c");
    }

    #[test]
    fn chunks_are_named_by_their_hash_and_the_build_is_deterministic() {
        let content = real_content();
        let index = of_content(&content);
        assert_eq!(index, of_content(&content));
        for (path, bytes) in &index.files {
            if path == MANIFEST_FILE {
                continue;
            }
            let again = hashed_path(bytes.clone(), &mut Vec::new());
            assert_eq!(&again, path);
        }
        assert_eq!(index.files.last().unwrap().0, MANIFEST_FILE);
    }

    #[test]
    fn drafts_are_never_indexed() {
        let mut content = real_content();
        let draft = content.products.iter_mut().find(|p| !p.is_draft()).unwrap();
        draft.draft = Some(true);
        let (id, title) = (draft.id(), draft.title().to_string());
        let index = of_content(&content);
        assert!(!documents(&content).iter().any(|doc| doc.id == id));
        let manifest = manifest(&index);
        let chunks = manifest["docChunks"].as_array().unwrap();
        let rows: Vec<Value> = chunks
            .iter()
            .flat_map(|path| {
                let chunk: Value =
                    serde_json::from_str(file(&index, path.as_str().unwrap())).unwrap();
                chunk.as_array().unwrap().clone()
            })
            .collect();
        assert_eq!(rows.len(), manifest["docCount"].as_u64().unwrap() as usize);
        assert!(
            !rows.iter().any(|row| row[0] == id),
            "the draft's document is in the index"
        );
        let title_kept_by_another = content
            .products
            .iter()
            .any(|p| !p.is_draft() && p.title() == title);
        assert!(title_kept_by_another || !rows.iter().any(|row| row[1] == title.as_str()));
        let id_word = id.to_string();
        if let Some(path) = manifest["postings"][chunk_key(&id_word)].as_str() {
            let chunk: Value = serde_json::from_str(file(&index, path)).unwrap();
            assert!(chunk.get(&id_word).and_then(|w| w.get("i")).is_none());
        }
    }

    #[test]
    fn an_edited_title_rewrites_only_its_document_chunk_its_words_chunks_and_the_manifest() {
        let mut content = real_content();
        let before = of_content(&content);
        // A title edit that keeps the product's place in the order: its own title
        // with one word more.
        let docs = documents(&content);
        let keeps_its_place = |pair: &[SearchDoc]| {
            let edited = format!("{} zymotic", pair[0].title.to_lowercase());
            pair[1].category != pair[0].category
                || pair[1].subcategory != pair[0].subcategory
                || pair[1].title.to_lowercase() > edited
        };
        let middle = docs.len() / 2;
        let target = docs[middle..]
            .windows(2)
            .find(|pair| keeps_its_place(pair))
            .unwrap()[0]
            .clone();
        let edited_title = format!("{} Zymotic", target.title);
        let edited = content
            .products
            .iter_mut()
            .find(|p| p.id() == target.id)
            .unwrap();
        let title_source = content_with_title(&edited_title);
        edited.title = title_source;
        let after = of_content(&content);

        let (old, new) = (paths(&before), paths(&after));
        let written: BTreeSet<&String> = new.difference(&old).map(|(path, _)| path).collect();
        let removed: BTreeSet<&String> = old.difference(&new).map(|(path, _)| path).collect();
        let manifest_before = manifest(&before);
        let manifest_after = manifest(&after);
        let position = documents(&content)
            .iter()
            .position(|d| d.id == target.id)
            .unwrap();
        let doc_chunk_before = &manifest_before["docChunks"][position / DOCS_PER_CHUNK];
        let doc_chunk_after = &manifest_after["docChunks"][position / DOCS_PER_CHUNK];
        let expected_written: BTreeSet<String> = [
            MANIFEST_FILE.to_string(),
            doc_chunk_after.as_str().unwrap().to_string(),
            manifest_after["postings"]["zy"]
                .as_str()
                .unwrap()
                .to_string(),
        ]
        .into();
        assert_eq!(written, expected_written.iter().collect(), "written");
        // The old document chunk goes; "zy" had no chunk before; the manifest stays.
        let expected_removed: BTreeSet<String> = [
            MANIFEST_FILE.to_string(),
            doc_chunk_before.as_str().unwrap().to_string(),
        ]
        .into();
        assert_eq!(removed, expected_removed.iter().collect(), "removed");
        assert!(manifest_before["postings"].get("zy").is_none());
        assert!(manifest_after["words"]
            .as_str()
            .unwrap()
            .split(' ')
            .any(|w| w == "zymotic"));
        let chunks_total = after.files.len();
        assert!(
            written.len() * 10 < chunks_total,
            "{} of {chunks_total}",
            written.len()
        );
    }

    /// A title value: the content's text type is made by loading, so a title is taken
    /// from a loaded catalogue whose first product has it.
    fn content_with_title(title: &str) -> sitegen_content::Text {
        let dir = tempfile::tempdir().unwrap();
        let content_dir = dir.path().join("content");
        sitegen_content::testing::copy_dir(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content"),
            &content_dir,
        );
        let products = content_dir.join("products.toml");
        let text = std::fs::read_to_string(&products).unwrap();
        let first_title = text
            .lines()
            .find(|l| l.starts_with("title = "))
            .unwrap()
            .to_string();
        let text = text.replacen(&first_title, &format!("title = {title:?}"), 1);
        std::fs::write(&products, text).unwrap();
        let content = sitegen_content::load(&content_dir).content.unwrap();
        content.products[0].title.clone()
    }
}
