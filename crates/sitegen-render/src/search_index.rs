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
//! The files' shapes are the types below ([`SearchManifest`], [`PostingsChunk`],
//! [`DocRow`]); `sitegen gen` writes their TypeScript for the web app
//! ([`TYPESCRIPT_FILE`]), and the app reloads the page when the manifest's
//! [`FORMAT_VERSION`] is not the one its code reads.
//!
//! The synonyms of `synonyms.toml` are applied here, at build time: a product whose
//! title holds a phrase of a group is posted under the other words of the group in
//! a field of its own (`s`, ranked below a title match), one whose description holds
//! it under the description field. A query then needs no synonym table and no extra
//! requests, and an edit of the list rewrites only the postings chunks of the words
//! it adds or removes, and the manifest.
//!
//! Chunks are named by a hash of their bytes (cached for a year), so an edit of one
//! product rewrites only the chunks its words and its document are in, and the manifest.
//! Documents are ordered by category, subcategory and title: a category's documents form
//! one range (facet counts need no per-document data), and the numbered copies of one
//! title sit in the same chunk.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sitegen_content::{Content, Product, SynonymRule};
use ts_rs::TS;

pub use sitegen_content::search_words::words;

/// The manifest's path in the output; its name is stable, so it revalidates.
pub const MANIFEST_FILE: &str = "data/search-index.json";
/// The folder of the hashed chunks.
pub const CHUNK_DIR: &str = "search";
/// Documents per document chunk: a page of results touches one or a few.
pub const DOCS_PER_CHUNK: usize = 64;
/// A document's description is cut to about this many characters (at a word's end).
pub const SNIPPET_CHARS: usize = 140;
/// The format of the files, read by the web app's search: raised with every change of
/// their shapes or meaning.
pub const FORMAT_VERSION: u32 = 4;
/// Where the files' TypeScript types are committed, relative to the repository root.
pub const TYPESCRIPT_FILE: &str = "web/src/search/index-format.gen.ts";

/// `data/search-index.json`: what a query reads first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SearchManifest {
    /// [`FORMAT_VERSION`] of the build that wrote it.
    pub version: u32,
    /// How many documents the index holds.
    pub doc_count: usize,
    /// Documents per document chunk.
    pub docs_per_chunk: usize,
    /// The document chunks' paths, in document order.
    pub doc_chunks: Vec<String>,
    /// The postings chunk of each two-character word beginning.
    pub postings: BTreeMap<String, String>,
    /// The categories in the catalogue's order, with their documents' ranges.
    pub categories: Vec<ManifestCategory>,
    /// The vocabulary, sorted, joined by spaces (numbers left out).
    pub words: String,
    /// Per word of `words`, the document chunk of its first title match among the
    /// shortest titles holding it (base 36; `-` for none), joined by spaces.
    pub title_chunks: String,
    /// Per document, its title's word count in base 36 (at most
    /// [`TITLE_WORDS_MAX`]), one character each: on equal scores the shorter title is
    /// the more specific match and ranks first.
    pub title_words: String,
}

/// Title word counts are capped here to stay one base 36 character.
pub const TITLE_WORDS_MAX: usize = 35;

/// A category of the manifest: its documents are `start..end`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ManifestCategory {
    /// The category's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its first document.
    pub start: usize,
    /// One past its last document.
    pub end: usize,
    /// Its subcategories, in the catalogue's order.
    pub subcategories: Vec<ManifestSubcategory>,
}

/// A subcategory of the manifest: its documents are `start..end`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ManifestSubcategory {
    /// Its name.
    pub name: String,
    /// Its first document.
    pub start: usize,
    /// One past its last document.
    pub end: usize,
}

/// The documents a word is in, per field, as differences between ascending document
/// numbers (the first from 0).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct WordPostings {
    /// In the title.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub t: Option<Vec<u32>>,
    /// A synonym of a phrase of the title.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub s: Option<Vec<u32>>,
    /// In the description, or a synonym of a phrase of it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub d: Option<Vec<u32>>,
    /// The product's id.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub i: Option<Vec<u32>>,
}

/// A postings chunk: each word beginning with the chunk's two characters.
pub type PostingsChunk = BTreeMap<String, WordPostings>;

/// A result's document: id, title, page path, the description's beginning.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct DocRow(pub u32, pub String, pub String, pub String);

/// The TypeScript of the index's files, as [`TYPESCRIPT_FILE`] holds them.
pub fn typescript() -> String {
    let mut text = sitegen_view::typescript_of(
        "// Generated by `sitegen gen` from crates/sitegen-render/src/search_index.rs: do not edit.\n",
        |declarations| {
            use ts_rs::TypeVisitor;
            declarations.visit::<SearchManifest>();
            declarations.visit::<WordPostings>();
            declarations.visit::<DocRow>();
        },
    );
    text.push_str(&format!(
        "\n/** A postings chunk: each word beginning with the chunk's two characters. */\n\
         export type PostingsChunk = {{ [word in string]?: WordPostings }};\n\
         \n/** The format the manifest's `version` must have for this code to read it. */\n\
         export const SEARCH_FORMAT_VERSION = {FORMAT_VERSION};\n"
    ));
    text
}

/// One product as the search sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchDoc {
    pub id: u32,
    pub title: String,
    pub description: String,
    /// Its brand, model and specification values, which buyers search by too: matched
    /// as the description is, and never shown in the results.
    pub details: String,
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
            details: details(product),
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

/// A product's brand, model and specification values, as one text of words.
fn details(product: &Product) -> String {
    let values = [product.brand.as_deref(), product.model.as_deref()]
        .into_iter()
        .flatten()
        .chain(product.specifications().iter().map(|spec| &*spec.value));
    values.collect::<Vec<&str>>().join(" ")
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
    TitleSynonym,
    Description,
    Id,
}

impl WordPostings {
    fn field(&mut self, field: Field) -> &mut Option<Vec<u32>> {
        match field {
            Field::Title => &mut self.t,
            Field::TitleSynonym => &mut self.s,
            Field::Description => &mut self.d,
            Field::Id => &mut self.i,
        }
    }
}

/// The words `rules` add to a text of `words`: those of each rule whose phrase it holds.
fn synonyms_of<'r>(words: &[String], rules: &'r [SynonymRule]) -> Vec<&'r str> {
    rules
        .iter()
        .filter(|rule| words.windows(rule.holds.len()).any(|run| run == rule.holds))
        .flat_map(|rule| rule.adds.iter().map(String::as_str))
        .collect()
}

/// Builds the index of `docs` for `categories` (id, name, subcategories, in order),
/// with the synonyms `rules`.
pub fn build(
    docs: &[SearchDoc],
    categories: &[(String, String, Vec<String>)],
    rules: &[SynonymRule],
) -> SearchFiles {
    let title_words: Vec<usize> = docs
        .iter()
        .map(|doc| words(&doc.title).count().min(TITLE_WORDS_MAX))
        .collect();
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
        let title: Vec<String> = words(&doc.title).collect();
        let description: Vec<String> = words(&doc.description).collect();
        for word in synonyms_of(&title, rules) {
            add(word.to_string(), Field::TitleSynonym);
        }
        for word in synonyms_of(&description, rules) {
            add(word.to_string(), Field::Description);
        }
        for word in title {
            add(word, Field::Title);
        }
        for word in description.into_iter().chain(words(&doc.details)) {
            add(word, Field::Description);
        }
        add(doc.id.to_string(), Field::Id);
    }

    let mut files = Vec::new();
    let mut chunk_words: BTreeMap<String, PostingsChunk> = BTreeMap::new();
    for (word, fields) in &postings {
        let mut entry = WordPostings::default();
        for (field, list) in fields {
            *entry.field(*field) = Some(deltas(list));
        }
        chunk_words
            .entry(chunk_key(word))
            .or_default()
            .insert(word.clone(), entry);
    }
    let postings_chunks: BTreeMap<String, String> = chunk_words
        .into_iter()
        .map(|(key, entries)| (key, hashed_path(to_json(&entries), &mut files)))
        .collect();

    let doc_chunks: Vec<String> = docs
        .chunks(DOCS_PER_CHUNK)
        .map(|chunk| {
            let rows: Vec<DocRow> = chunk
                .iter()
                .map(|doc| {
                    DocRow(
                        doc.id,
                        doc.title.clone(),
                        doc.path.clone(),
                        snippet(&doc.description),
                    )
                })
                .collect();
            hashed_path(to_json(&rows), &mut files)
        })
        .collect();

    let category_entries: Vec<ManifestCategory> = categories
        .iter()
        .map(|(id, name, subcategories)| {
            let (start, end) = range_of(docs, |doc| doc.category == *id);
            let subcategories = subcategories
                .iter()
                .map(|sub| {
                    let (start, end) =
                        range_of(docs, |doc| doc.category == *id && doc.subcategory == *sub);
                    ManifestSubcategory {
                        name: sub.clone(),
                        start,
                        end,
                    }
                })
                .collect();
            ManifestCategory {
                id: id.clone(),
                name: name.clone(),
                start,
                end,
                subcategories,
            }
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
                .and_then(|list| list.iter().min_by_key(|&&doc| title_words[doc as usize]))
                .map_or_else(
                    || "-".into(),
                    |&first| base36(first as usize / DOCS_PER_CHUNK),
                )
        })
        .collect();
    let manifest = SearchManifest {
        version: FORMAT_VERSION,
        doc_count: docs.len(),
        docs_per_chunk: DOCS_PER_CHUNK,
        doc_chunks,
        postings: postings_chunks,
        categories: category_entries,
        words: vocabulary.join(" "),
        title_chunks: title_chunks.join(" "),
        title_words: title_words.iter().map(|&count| base36(count)).collect(),
    };
    files.push((MANIFEST_FILE.to_string(), to_json(&manifest)));
    SearchFiles { files }
}

/// The JSON of one of the files' types (plain data: serialising cannot fail).
fn to_json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_default()
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
    build(&documents(content), &categories, &content.synonyms.rules())
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
mod tests;
