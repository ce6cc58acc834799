use std::collections::BTreeSet;
use std::path::Path;

use serde_json::Value;

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
fn brand_model_and_specification_values_are_posted_as_the_description_is() {
    let dir = tempfile::tempdir().unwrap();
    let real = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content");
    sitegen_content::testing::copy_dir(&real, dir.path());
    let products = dir.path().join("products.toml");
    let text = std::fs::read_to_string(&products).unwrap().replacen(
        "[[product]]\n",
        "[[product]]\nbrand = \"Quorvex\"\nmodel = \"QX-9\"\n\
         specifications = [{ name = \"Weight\", value = \"12 kilograms\" }]\n",
        1,
    );
    std::fs::write(&products, text).unwrap();
    let content = sitegen_content::load(dir.path()).content.expect("loads");
    let docs = documents(&content);
    let number = docs.iter().position(|doc| doc.details.contains("Quorvex"));
    let number = number.expect("the product with a brand is indexed") as u32;
    let index = of_content(&content);
    for word in ["quorvex", "qx", "kilograms"] {
        assert!(postings_of(&index, word)["d"].contains(&number), "{word}");
        assert!(!postings_of(&index, word).contains_key("t"), "{word}");
    }
}

#[test]
fn each_document_has_its_title_word_count_in_base_36() {
    let content = real_content();
    let docs = documents(&content);
    let index = of_content(&content);
    let title_words: Vec<char> = manifest(&index)["titleWords"]
        .as_str()
        .unwrap()
        .chars()
        .collect();
    assert_eq!(title_words.len(), docs.len());
    for (doc, count) in docs.iter().zip(&title_words) {
        assert_eq!(
            count.to_digit(36).unwrap() as usize,
            words(&doc.title).count().min(TITLE_WORDS_MAX),
            "{}",
            doc.title
        );
    }
    // "Slit Lamp" is two words, "Slit Lamp 1234" three (numbers count).
    let copies = vec![
        SearchDoc {
            title: "Slit Lamp 1234".into(),
            ..docs[0].clone()
        },
        SearchDoc {
            title: "Slit Lamp".into(),
            ..docs[0].clone()
        },
    ];
    let index = build(&copies, &[], &[]);
    assert_eq!(manifest(&index)["titleWords"], "32");
}

#[test]
fn each_word_names_the_document_chunk_of_its_first_shortest_title_match() {
    let content = real_content();
    let index = of_content(&content);
    let manifest = manifest(&index);
    let title_words: Vec<u32> = manifest["titleWords"]
        .as_str()
        .unwrap()
        .chars()
        .map(|c| c.to_digit(36).unwrap())
        .collect();
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
            .and_then(|list| list.iter().min_by_key(|&&doc| title_words[doc as usize]))
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
        let again = hashed_name(bytes);
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
            let chunk: Value = serde_json::from_str(file(&index, path.as_str().unwrap())).unwrap();
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

fn rule(holds: &str, adds: &str) -> SynonymRule {
    SynonymRule {
        holds: words(holds).collect(),
        adds: words(adds).collect(),
    }
}

#[test]
fn a_synonym_of_a_title_phrase_is_posted_under_its_own_field() {
    let content = real_content();
    let docs = documents(&content);
    let categories: Vec<(String, String, Vec<String>)> = Vec::new();
    let index = build(&docs, &categories, &[rule("ultrasound machine", "usg")]);
    let plain = build(&docs, &categories, &[]);
    let holding: Vec<u32> = docs
        .iter()
        .enumerate()
        .filter(|(_, doc)| doc.title.to_lowercase().contains("ultrasound machine"))
        .map(|(number, _)| number as u32)
        .collect();
    assert!(!holding.is_empty());
    let usg = postings_of(&index, "usg");
    assert_eq!(usg["s"], holding);
    assert!(!usg.contains_key("t"), "a synonym is not a title word");
    // Without the rule, no product holds "usg" in its title.
    let plain_manifest = manifest(&plain);
    let plain_words: Vec<&str> = plain_manifest["words"]
        .as_str()
        .unwrap()
        .split(' ')
        .collect();
    assert!(!plain_words.contains(&"usg"));
    assert!(manifest(&index)["words"]
        .as_str()
        .unwrap()
        .split(' ')
        .any(|word| word == "usg"));
}

#[test]
fn the_real_synonyms_reach_the_index() {
    let content = real_content();
    assert!(!content.synonyms.rules().is_empty());
    let index = of_content(&content);
    let docs = documents(&content);
    let ultrasound = docs
        .iter()
        .position(|doc| doc.title == "Ultrasound Machine")
        .unwrap() as u32;
    assert!(postings_of(&index, "usg")["s"].contains(&ultrasound));
}

#[test]
fn an_added_synonym_group_rewrites_only_its_words_chunks_and_the_manifest() {
    let mut content = real_content();
    let before = of_content(&content);
    let file = content.root.join("synonyms.toml");
    let text = std::fs::read_to_string(&file).unwrap()
        + "\n[[group]]\nwords = [\"zymotic\", \"otoscope\"]\n";
    content.synonyms = synonyms_from(&text);
    let after = of_content(&content);
    let (old, new) = (paths(&before), paths(&after));
    let written: BTreeSet<&String> = new.difference(&old).map(|(path, _)| path).collect();
    let manifest_after = manifest(&after);
    let expected: BTreeSet<String> = [
        MANIFEST_FILE.to_string(),
        manifest_after["postings"]["zy"]
            .as_str()
            .unwrap()
            .to_string(),
        // "otoscope" gains the documents that hold "zymotic": none.
    ]
    .into();
    assert_eq!(written, expected.iter().collect());
    let docs = documents(&content);
    let otoscope = docs.iter().position(|doc| doc.title == "Otoscope").unwrap() as u32;
    assert!(postings_of(&after, "zymotic")["s"].contains(&otoscope));
}

/// The synonyms of a synonyms.toml holding `text`, loaded with the real content.
fn synonyms_from(text: &str) -> sitegen_content::Synonyms {
    let dir = tempfile::tempdir().unwrap();
    let content_dir = dir.path().join("content");
    sitegen_content::testing::copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content"),
        &content_dir,
    );
    std::fs::write(content_dir.join("synonyms.toml"), text).unwrap();
    sitegen_content::load(&content_dir)
        .content
        .unwrap()
        .site_wide
        .synonyms
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

/// An index updated through random edits of its documents has the files of an index
/// made anew from the edited documents.
#[test]
fn an_updated_index_has_the_files_of_one_made_anew() {
    let content = real_content();
    let (docs, categories, _) = inputs_of(&content);
    let rules = vec![
        rule("syringe pump", "infusion"),
        rule("ecg", "cardiac monitor"),
    ];
    let texts = [
        "syringe pump for the ward",
        "ECG machine",
        "",
        "a bed",
        "ab ba a b",
        "syringe",
        "12 channel ecg",
    ];
    let mut state = 7u64;
    let mut below = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut current = docs.clone();
    let mut index = SearchIndex::new(docs, categories.clone(), rules.clone());
    for step in 0..40 {
        for _ in 0..=below(3) {
            let doc = below(current.len());
            let text = texts[below(texts.len())].to_string();
            match below(5) {
                0 => current[doc].title = text,
                1 => current[doc].details = text,
                2 => {
                    let other = below(current.len());
                    current.swap(doc, other);
                }
                3 if current.len() > 1 => {
                    current.remove(doc);
                }
                _ => current[doc].description = text,
            }
        }
        index = index.update(current.clone(), categories.clone(), rules.clone());
        let anew = build(&current, &categories, &rules);
        assert_eq!(index.files(), anew, "step {step}");
    }
}
