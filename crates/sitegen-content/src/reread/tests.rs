use std::cell::Cell;

use super::{table_starts, unchanged_ends};
use crate::test_support::valid_copy;
use crate::{load_again, load_with, ErrorCode, LoadOptions, ReadMemory};

thread_local! {
    /// How many times this thread's loads parsed products.toml whole.
    static WHOLE_PARSES: Cell<usize> = const { Cell::new(0) };
}

pub(crate) fn note_whole_parse() {
    WHOLE_PARSES.with(|count| count.set(count.get() + 1));
}

fn whole_parses() -> usize {
    WHOLE_PARSES.with(Cell::get)
}

/// A site's content folder and the memory of its last load.
struct Editing {
    _dir: tempfile::TempDir,
    content: std::path::PathBuf,
    memory: Option<ReadMemory>,
}

impl Editing {
    fn start() -> Editing {
        let (dir, content) = valid_copy();
        let mut editing = Editing {
            _dir: dir,
            content,
            memory: Some(ReadMemory::default()),
        };
        editing.load_as_fresh();
        editing
    }

    fn products(&self) -> String {
        std::fs::read_to_string(self.content.join("products.toml")).unwrap()
    }

    fn write_products(&self, text: &str) {
        std::fs::write(self.content.join("products.toml"), text).unwrap();
    }

    /// Replaces the first `from` of products.toml by `to`.
    fn edit(&self, from: &str, to: &str) {
        let text = self.products();
        assert!(text.contains(from), "{from:?} not in products.toml");
        self.write_products(&text.replacen(from, to, 1));
    }

    /// Loads again from the memory, asserts the report is a fresh load's, and returns
    /// it with whether products.toml was parsed whole.
    fn load_as_fresh(&mut self) -> (crate::LoadReport, bool) {
        let options = LoadOptions::default();
        let before = whole_parses();
        let last = self.memory.take().unwrap();
        let (again, memory) = load_again(&self.content, &options, &[], last);
        let parsed_whole = whole_parses() > before;
        self.memory = Some(memory);
        let fresh = load_with(&self.content, &options);
        assert_eq!(again.diagnostics, fresh.diagnostics);
        assert!(
            again.content == fresh.content,
            "the content differs from a fresh load's"
        );
        (again, parsed_whole)
    }

    /// [`Editing::load_as_fresh`], asserting that only the changed products were parsed.
    fn load_in_part(&mut self) -> crate::LoadReport {
        let (report, parsed_whole) = self.load_as_fresh();
        assert!(!parsed_whole, "products.toml was parsed whole");
        report
    }
}

fn product(id: u32, title: &str) -> String {
    format!(
        "[[product]]\nid = {id}\ntitle = \"{title}\"\ndescription = \"Added.\"\n\
         category = \"dialysis\"\nsubcategory = \"Dialysis Machines\"\n\n"
    )
}

#[test]
fn edits_of_products_parse_only_what_changed_and_load_as_a_fresh_load() {
    let mut site = Editing::start();
    // The first product, made longer: every later product moves.
    site.edit(
        "description = \"Placeholder description.\"",
        "description = \"A longer description, written by an editor.\"",
    );
    site.load_in_part();
    // A product in the middle, a line added: the later ones move a line down.
    site.edit("id = 40\n", "id = 40\nbrand = \"Acme\"\n");
    site.load_in_part();
    // The last product, and one added after it.
    site.edit("title = \"Slit Lamp\"", "title = \"Slit Lamp (LED)\"");
    site.load_in_part();
    let text = site.products();
    site.write_products(&format!("{text}\n{}", product(300, "Added at the end")));
    site.load_in_part();
    // One added between two, and one removed.
    site.edit(
        "[[product]]\nid = 14\n",
        &format!("{}[[product]]\nid = 14\n", product(301, "Between")),
    );
    site.load_in_part();
    let text = site.products();
    let (at, until) = (
        text.find("[[product]]\nid = 13\n").unwrap(),
        text.find("[[product]]\nid = 301\n").unwrap(),
    );
    site.write_products(&format!("{}{}", &text[..at], &text[until..]));
    site.load_in_part();
    // The same text: nothing parsed.
    site.load_in_part();
}

#[test]
fn a_problem_across_products_is_reported_where_a_moved_product_now_is() {
    let mut site = Editing::start();
    site.edit("id = 77\n", "id = 12\n");
    let report = site.load_in_part();
    assert_eq!(report.errors(), 1, "{:?}", report.diagnostics);
    // A line added above the duplicate moves it, and its report, a line down.
    site.edit("id = 13\n", "id = 13\nbrand = \"Acme\"\n");
    let report = site.load_in_part();
    let duplicate = report
        .diagnostics
        .iter()
        .find(|d| d.code == ErrorCode::Duplicate)
        .expect("the duplicate id is reported");
    let text = site.products();
    let line = text[..text.rfind("id = 12\n").unwrap()].lines().count() + 1;
    let crate::Location::Text { line: reported, .. } = duplicate.location else {
        panic!("the duplicate is reported at a place: {duplicate}");
    };
    assert_eq!(reported, line, "{duplicate}");
}

#[test]
fn a_file_that_does_not_parse_is_read_whole_and_then_in_part_again() {
    let mut site = Editing::start();
    site.edit("title = \"Slit Lamp\"", "title = \"Slit Lamp");
    let (report, _) = site.load_as_fresh();
    assert_eq!(report.errors(), 1);
    site.edit("title = \"Slit Lamp", "title = \"Slit Lamp\"");
    let (report, parsed_whole) = site.load_as_fresh();
    assert_eq!(report.errors(), 0);
    assert!(
        parsed_whole,
        "no memory is kept of a file that did not load"
    );
    site.edit("id = 40\n", "id = 40\nbrand = \"Acme\"\n");
    site.load_in_part();
}

#[test]
fn a_header_line_inside_a_text_keeps_no_memory_of_the_file() {
    let mut site = Editing::start();
    site.edit(
        "description = \"Same title as product 12, as in the real catalogue.\"",
        "description = \"\"\"\nA text that quotes a table:\n[[product]]\n\"\"\"",
    );
    site.load_as_fresh();
    site.edit("title = \"Slit Lamp\"", "title = \"Slit Lamp (LED)\"");
    let (_, parsed_whole) = site.load_as_fresh();
    assert!(parsed_whole);
}

#[test]
fn a_changed_media_file_of_a_kept_product_reads_the_file_whole() {
    let mut site = Editing::start();
    let image = site.content.join("media/products/hemodialysis.svg");
    let drawing = std::fs::read_to_string(&image).unwrap();
    std::fs::write(
        &image,
        drawing.replacen("<svg", "<svg data-edited=\"1\"", 1),
    )
    .unwrap();
    site.edit("title = \"Slit Lamp\"", "title = \"Slit Lamp (LED)\"");
    let (_, parsed_whole) = site.load_as_fresh();
    assert!(parsed_whole, "product 12's image has another hash");
}

#[test]
fn a_comment_above_the_products_is_read_in_part_and_a_key_there_whole() {
    let mut site = Editing::start();
    let text = site.products();
    site.write_products(&format!("# The catalogue.\n{text}"));
    site.load_in_part();
    let text = site.products();
    site.write_products(&format!("currency = \"INR\"\n{text}"));
    let (report, parsed_whole) = site.load_as_fresh();
    assert!(
        parsed_whole,
        "a key outside the products is the file's, not a product's"
    );
    assert_eq!(report.errors(), 1, "{:?}", report.diagnostics);
}

#[test]
fn the_unchanged_ends_of_two_texts_never_overlap() {
    assert_eq!(unchanged_ends("abcXdef", "abcYYdef"), (3, 3));
    assert_eq!(unchanged_ends("aaaa", "aaaaaa"), (4, 0));
    assert_eq!(unchanged_ends("aaaaaa", "aaaa"), (4, 0));
    assert_eq!(unchanged_ends("same", "same"), (4, 0));
    let long = "x".repeat(10_000);
    assert_eq!(
        unchanged_ends(&format!("{long}1{long}"), &format!("{long}22{long}")),
        (10_000, 10_000)
    );
}

#[test]
fn a_product_starts_at_its_header_line_alone_but_for_spaces_and_a_comment() {
    let text = "# head\n[[product]]\nid = 1\n\n[[product.specifications]]\nname = \"x\"\n\
                [[product]]  # second\r\nid = 2\n  [[product]]\n[[products]]\n";
    let starts = table_starts(text, 0, text.len());
    let lines: Vec<&str> = starts.iter().map(|&at| &text[at..at + 11]).collect();
    assert_eq!(lines, ["[[product]]", "[[product]]"]);
    assert_eq!(starts, [7, text.find("[[product]]  #").unwrap()]);
}

#[test]
fn a_media_file_is_read_again_only_when_its_size_or_time_changed() {
    let mut site = Editing::start();
    let image = site.content.join("media/products/hemodialysis.svg");
    let output = |report: &crate::LoadReport| {
        let content = report.content.as_ref().expect("the content loads");
        content
            .media
            .get("media/products/hemodialysis.svg")
            .unwrap()
            .output
            .clone()
    };
    let (before, _) = site.load_as_fresh();
    // Other bytes of the same size, under the same time: taken as the same file.
    let drawing = std::fs::read_to_string(&image).unwrap();
    let modified = std::fs::metadata(&image).unwrap().modified().unwrap();
    let changed = drawing.replacen("<svg ", "<svg\t", 1);
    assert_ne!(changed, drawing);
    assert_eq!(changed.len(), drawing.len());
    std::fs::write(&image, changed).unwrap();
    let file = std::fs::File::options().write(true).open(&image).unwrap();
    file.set_modified(modified).unwrap();
    let options = LoadOptions::default();
    let last = site.memory.take().unwrap();
    let (again, memory) = load_again(&site.content, &options, &[], last);
    site.memory = Some(memory);
    assert_eq!(output(&again), output(&before), "read from the last load");
    // A new time: read again, as a fresh load reads it.
    std::fs::write(&image, format!("{drawing}\n")).unwrap();
    let (after, _) = site.load_as_fresh();
    assert_ne!(output(&after), output(&before));
}

#[test]
fn a_text_not_yet_written_is_read_in_part_as_the_disk_would_be() {
    let mut site = Editing::start();
    let options = LoadOptions::default();
    let on_disk = site.products();
    let edited = on_disk.replacen("title = \"Slit Lamp\"", "title = \"Slit Lamp (LED)\"", 1);
    assert_ne!(edited, on_disk);
    let texts = [("products.toml", edited.as_str())];
    let before = whole_parses();
    let (again, memory) = load_again(&site.content, &options, &texts, site.memory.take().unwrap());
    assert_eq!(whole_parses(), before, "products.toml was parsed whole");
    let fresh = crate::load_with_texts(&site.content, &options, &texts);
    assert_eq!(again.diagnostics, fresh.diagnostics);
    assert!(again.content == fresh.content);
    assert!(again
        .content
        .unwrap()
        .products
        .iter()
        .any(|p| p.title() == "Slit Lamp (LED)"));
    // The disk still holds the old text: the next load reads it in part again.
    site.memory = Some(memory);
    site.load_in_part();
}

#[test]
fn the_disk_stamps_of_a_load_tell_a_change_to_any_file_it_read_from_disk() {
    let site = Editing::start();
    let options = LoadOptions::default();
    let edited =
        site.products()
            .replacen("title = \"Slit Lamp\"", "title = \"Slit Lamp (LED)\"", 1);
    let texts = [("products.toml", edited.as_str())];
    let (_, memory) = load_again(&site.content, &options, &texts, ReadMemory::default());
    let stamps = memory.disk_stamps(&site.content);
    assert!(stamps.unchanged());
    // The file given as a text is not the disk's to vouch for: its writing is no change.
    std::fs::write(site.content.join("products.toml"), &edited).unwrap();
    assert!(stamps.unchanged());

    let catalogue = site.content.join("catalogue.toml");
    let text = std::fs::read_to_string(&catalogue).unwrap();
    std::fs::write(&catalogue, format!("{text}\n")).unwrap();
    assert!(!stamps.unchanged(), "a content file changed");
    std::fs::write(&catalogue, &text).unwrap();
    let stamps = load_again(&site.content, &options, &texts, ReadMemory::default())
        .1
        .disk_stamps(&site.content);
    assert!(stamps.unchanged());

    let media = site.content.join("media/brand/logo.svg");
    let drawing = std::fs::read(&media).unwrap();
    std::fs::write(&media, [drawing.as_slice(), b"\n"].concat()).unwrap();
    assert!(!stamps.unchanged(), "a media file changed");

    // An absent file the content may leave out must stay absent.
    let synonyms = site.content.join("synonyms.toml");
    if synonyms.exists() {
        std::fs::remove_file(&synonyms).unwrap();
    }
    let stamps = load_again(&site.content, &options, &texts, ReadMemory::default())
        .1
        .disk_stamps(&site.content);
    assert!(stamps.unchanged());
    std::fs::write(&synonyms, "").unwrap();
    assert!(!stamps.unchanged(), "a file that was absent appeared");
}
