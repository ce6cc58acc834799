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
        "// Generated by `sitegen gen` from crates/sitegen-search/src/lib.rs: do not edit.\n",
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
    SearchIndex::new(docs.to_vec(), categories.to_vec(), rules.to_vec()).files()
}

/// The categories as the index reads them: id, name, subcategories, in order.
type Categories = Vec<(String, String, Vec<String>)>;

/// word → field → ascending document numbers
type Postings = BTreeMap<String, BTreeMap<Field, Vec<u32>>>;

/// The index of some documents, kept by a builder of many builds (`sitegen serve`):
/// when the next build's documents are in the same order, with the same categories and
/// synonyms, it is updated where documents changed (their words' postings, the chunks
/// those are in, their document chunks) rather than made again from every document.
/// Either way its files are those [`build`] makes.
pub struct SearchIndex {
    docs: Vec<SearchDoc>,
    categories: Categories,
    rules: Vec<SynonymRule>,
    postings: Postings,
    /// Per document, its title's word count (at most [`TITLE_WORDS_MAX`]).
    title_words: Vec<usize>,
    /// Each postings chunk's file (path, bytes), by its word beginning.
    postings_files: BTreeMap<String, (String, String)>,
    /// Each document chunk's file, in document order.
    doc_files: Vec<(String, String)>,
}

impl SearchIndex {
    /// The index of `docs` for `categories`, with the synonyms `rules`.
    pub fn new(docs: Vec<SearchDoc>, categories: Categories, rules: Vec<SynonymRule>) -> Self {
        let mut postings = Postings::new();
        for (number, doc) in docs.iter().enumerate() {
            for (word, field) in doc_words(doc, &rules) {
                let list = postings.entry(word).or_default().entry(field).or_default();
                if list.last() != Some(&(number as u32)) {
                    list.push(number as u32);
                }
            }
        }
        let keys: Vec<String> = postings.keys().map(|word| chunk_key(word)).collect();
        let mut index = Self {
            title_words: docs.iter().map(title_word_count).collect(),
            docs,
            categories,
            rules,
            postings,
            postings_files: BTreeMap::new(),
            doc_files: Vec::new(),
        };
        index.write_postings_chunks(keys);
        index.doc_files = (0..index.docs.len().div_ceil(DOCS_PER_CHUNK))
            .map(|chunk| index.doc_chunk_file(chunk))
            .collect();
        index
    }

    /// The index of `docs` (for `categories`, with `rules`): this one updated, when
    /// only documents' contents changed, else made anew.
    pub fn update(
        mut self,
        docs: Vec<SearchDoc>,
        categories: Categories,
        rules: Vec<SynonymRule>,
    ) -> Self {
        let same_order = docs.len() == self.docs.len()
            && docs
                .iter()
                .zip(&self.docs)
                .all(|(new, old)| new.id == old.id);
        if !same_order || categories != self.categories || rules != self.rules {
            return Self::new(docs, categories, rules);
        }
        let mut touched_words = Vec::new();
        let mut touched_chunks = Vec::new();
        for (number, doc) in docs.into_iter().enumerate() {
            if doc == self.docs[number] {
                continue;
            }
            let number_u32 = number as u32;
            for (word, field) in doc_words(&self.docs[number], &self.rules) {
                let fields = self.postings.get_mut(&word);
                if let Some(list) = fields.and_then(|fields| fields.get_mut(&field)) {
                    if let Ok(at) = list.binary_search(&number_u32) {
                        list.remove(at);
                    }
                }
                touched_words.push(word);
            }
            for (word, field) in doc_words(&doc, &self.rules) {
                let list = self
                    .postings
                    .entry(word.clone())
                    .or_default()
                    .entry(field)
                    .or_default();
                if let Err(at) = list.binary_search(&number_u32) {
                    list.insert(at, number_u32);
                }
                touched_words.push(word);
            }
            self.title_words[number] = title_word_count(&doc);
            self.docs[number] = doc;
            touched_chunks.push(number / DOCS_PER_CHUNK);
        }
        for word in &touched_words {
            if let Some(fields) = self.postings.get_mut(word) {
                fields.retain(|_, list| !list.is_empty());
                if fields.is_empty() {
                    self.postings.remove(word);
                }
            }
        }
        self.write_postings_chunks(touched_words.iter().map(|word| chunk_key(word)).collect());
        touched_chunks.dedup();
        for chunk in touched_chunks {
            self.doc_files[chunk] = self.doc_chunk_file(chunk);
        }
        self
    }

    /// (Re)writes the postings chunks of the word beginnings `keys` (one left without
    /// words is dropped).
    fn write_postings_chunks(&mut self, mut keys: Vec<String>) {
        keys.sort_unstable();
        keys.dedup();
        for key in keys {
            // The words of one beginning are together in the sorted vocabulary.
            let entries: PostingsChunk = self
                .postings
                .range(key.clone()..)
                .take_while(|(word, _)| chunk_key(word) == key)
                .map(|(word, fields)| {
                    let mut entry = WordPostings::default();
                    for (field, list) in fields {
                        *entry.field(*field) = Some(deltas(list));
                    }
                    (word.clone(), entry)
                })
                .collect();
            if entries.is_empty() {
                self.postings_files.remove(&key);
            } else {
                let json = to_json(&entries);
                self.postings_files.insert(key, (hashed_name(&json), json));
            }
        }
    }

    /// The file of the `chunk`th document chunk.
    fn doc_chunk_file(&self, chunk: usize) -> (String, String) {
        let start = chunk * DOCS_PER_CHUNK;
        let end = (start + DOCS_PER_CHUNK).min(self.docs.len());
        let rows: Vec<DocRow> = self.docs[start..end]
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
        let json = to_json(&rows);
        (hashed_name(&json), json)
    }

    /// The index's files: the postings chunks, the document chunks, the manifest.
    pub fn files(&self) -> SearchFiles {
        let mut files: Vec<(String, String)> = self.postings_files.values().cloned().collect();
        files.extend(self.doc_files.iter().cloned());
        files.push((MANIFEST_FILE.to_string(), to_json(&self.manifest())));
        SearchFiles { files }
    }

    fn manifest(&self) -> SearchManifest {
        let (docs, postings, title_words) = (&self.docs, &self.postings, &self.title_words);
        let category_entries: Vec<ManifestCategory> = self
            .categories
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
        SearchManifest {
            version: FORMAT_VERSION,
            doc_count: docs.len(),
            docs_per_chunk: DOCS_PER_CHUNK,
            doc_chunks: self
                .doc_files
                .iter()
                .map(|(path, _)| path.clone())
                .collect(),
            postings: self
                .postings_files
                .iter()
                .map(|(key, (path, _))| (key.clone(), path.clone()))
                .collect(),
            categories: category_entries,
            words: vocabulary.join(" "),
            title_chunks: title_chunks.join(" "),
            title_words: title_words.iter().map(|&count| base36(count)).collect(),
        }
    }
}

/// A document's title word count, at most [`TITLE_WORDS_MAX`].
fn title_word_count(doc: &SearchDoc) -> usize {
    words(&doc.title).count().min(TITLE_WORDS_MAX)
}

/// The words a document is posted under, each with its field, as the index adds them.
fn doc_words(doc: &SearchDoc, rules: &[SynonymRule]) -> Vec<(String, Field)> {
    let title: Vec<String> = words(&doc.title).collect();
    let description: Vec<String> = words(&doc.description).collect();
    let mut found = Vec::new();
    for word in synonyms_of(&title, rules) {
        found.push((word.to_string(), Field::TitleSynonym));
    }
    for word in synonyms_of(&description, rules) {
        found.push((word.to_string(), Field::Description));
    }
    found.extend(title.into_iter().map(|word| (word, Field::Title)));
    found.extend(
        description
            .into_iter()
            .chain(words(&doc.details))
            .map(|word| (word, Field::Description)),
    );
    found.push((doc.id.to_string(), Field::Id));
    found
}

/// The JSON of one of the files' types (plain data: serialising cannot fail).
fn to_json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// The index of `content`'s published products.
pub fn of_content(content: &Content) -> SearchFiles {
    let (docs, categories, rules) = inputs_of(content);
    build(&docs, &categories, &rules)
}

/// The index of `content`'s published products: `last` (a warm builder's index of
/// the last build) updated, or a new one.
pub fn update_for(content: &Content, last: Option<SearchIndex>) -> SearchIndex {
    let (docs, categories, rules) = inputs_of(content);
    match last {
        Some(last) => last.update(docs, categories, rules),
        None => SearchIndex::new(docs, categories, rules),
    }
}

/// What the index is made of: `content`'s documents, categories and synonyms.
fn inputs_of(content: &Content) -> (Vec<SearchDoc>, Categories, Vec<SynonymRule>) {
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
    (documents(content), categories, content.synonyms.rules())
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

/// The path of a chunk holding `bytes`: named by their hash.
fn hashed_name(bytes: &str) -> String {
    let digest = Sha256::digest(bytes.as_bytes());
    let hex: String = digest.iter().take(8).map(|b| format!("{b:02x}")).collect();
    format!("{CHUNK_DIR}/{hex}.json")
}

#[cfg(test)]
mod tests;
