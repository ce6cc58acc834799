//! The rules of the list's wording and of the value-by-value comparison, one test each.

use serde_json::json;
use sitegen_content::files::{PRODUCTS, SITE};
use sitegen_content::testing::git;

use crate::values::{self, Values};
use crate::words::{entry_kind, field_words, proposed_message};
use crate::{EntryChange, EntryName, FileChange, Listed, ValueConflict, What};

const BASE: &str = "# Products.
[[product]]
id = 17
title = \"Hemodialysis Machine\"
model = \"HD-1\"

[[product]]
id = 18
title = \"RO Unit\"
model = \"RO-1\"
";

fn parse(text: &str) -> Values {
    Values::parse(text, &PRODUCTS).unwrap()
}

/// Our and a colleague's versions of the products file, combined over `base`.
fn combine_products(base: &str, ours: &str, theirs: &str) -> Result<String, Vec<ValueConflict>> {
    values::combine(
        "products.toml",
        &PRODUCTS,
        [&parse(base), &parse(ours), &parse(theirs)],
        [ours, theirs],
        &[],
    )
}

fn name(id: &str, title: Option<&str>) -> EntryName {
    EntryName {
        array: "product".to_string(),
        id: id.to_string(),
        title: title.map(str::to_string),
    }
}

#[test]
fn kinds_and_fields_are_named_in_editors_words() {
    assert_eq!(entry_kind("product"), "Product");
    assert_eq!(entry_kind("item"), "Menu item");
    assert_eq!(entry_kind("one_way"), "One-way search word");
    assert_eq!(field_words("short_description"), "short description");
    assert_eq!(field_words("phones"), "phone numbers");
    assert_eq!(field_words("ogImage"), "og image");
}

#[test]
fn each_kind_of_change_reads_as_a_line() {
    let line = |path: &str, what: What| {
        Listed {
            path: path.to_string(),
            what,
        }
        .to_string()
    };
    assert_eq!(
        line(
            "products.toml",
            What::Entry(EntryChange::Changed(
                name("17", Some("Hemodialysis Machine")),
                vec!["description".into(), "model".into()]
            ))
        ),
        "Product 17 · Hemodialysis Machine: description, model"
    );
    assert_eq!(
        line(
            "products.toml",
            What::Entry(EntryChange::Added(name("312", Some("X"))))
        ),
        "Product 312 added"
    );
    assert_eq!(
        line(
            "products.toml",
            What::Entry(EntryChange::Removed(name("5", Some("Old"))))
        ),
        "Product 5 · Old removed"
    );
    assert_eq!(
        line(
            "site.toml",
            What::Settings(vec!["contact.phones".into(), "phones".into()])
        ),
        "Site settings: phone numbers"
    );
    assert_eq!(
        line("media/products/ro-unit.jpg", What::File(FileChange::Added)),
        "media/products/ro-unit.jpg added"
    );
    assert_eq!(
        line("products.toml", What::File(FileChange::Layout)),
        "Products: comments or layout"
    );
}

#[test]
fn the_proposed_message_is_the_one_change_or_a_count_with_the_list() {
    let one = Listed {
        path: "a.jpg".into(),
        what: What::File(FileChange::Changed),
    };
    assert_eq!(
        proposed_message(std::slice::from_ref(&one)),
        "content: a.jpg changed\n"
    );
    assert_eq!(
        proposed_message(&[one.clone(), one]),
        "content: 2 changes\n\n- a.jpg changed\n- a.jpg changed\n"
    );
}

#[test]
fn changes_are_entries_by_id_and_their_fields() {
    let after = BASE.replace("\"HD-1\"", "\"HD-2\"").replace(
        "[[product]]\nid = 18\ntitle = \"RO Unit\"\nmodel = \"RO-1\"\n",
        "",
    ) + "\n[[product]]\nid = 19\ntitle = \"New\"\n";
    let (entries, settings) = values::changes(&parse(BASE), &parse(&after));
    assert!(settings.is_empty());
    assert_eq!(
        entries,
        [
            EntryChange::Changed(
                name("17", Some("Hemodialysis Machine")),
                vec!["model".into()]
            ),
            EntryChange::Added(name("19", Some("New"))),
            EntryChange::Removed(name("18", Some("RO Unit"))),
        ]
    );
}

#[test]
fn a_comment_alone_changes_no_value() {
    let after = BASE.replace("# Products.", "# The products.");
    let (entries, settings) = values::changes(&parse(BASE), &parse(&after));
    assert!(entries.is_empty() && settings.is_empty());
}

#[test]
fn settings_are_compared_by_key_of_their_table() {
    let base = "name = \"A\"\n\n[contact]\nphones = [\"1\"]\nemails = [\"a@b.c\"]\n";
    let ours = base.replace("[\"1\"]", "[\"2\"]");
    let theirs = base.replace("\"A\"", "\"B\"");
    let parse = |text: &str| Values::parse(text, &SITE).unwrap();
    let (_, settings) = values::changes(&parse(base), &parse(&ours));
    assert_eq!(
        settings,
        [vec!["contact".to_string(), "phones".to_string()]]
    );
    let combined = values::combine(
        "site.toml",
        &SITE,
        [&parse(base), &parse(&ours), &parse(&theirs)],
        [&ours, &theirs],
        &[],
    )
    .unwrap();
    assert_eq!(
        combined,
        "name = \"B\"\n\n[contact]\nphones = [\"2\"]\nemails = [\"a@b.c\"]\n"
    );
}

#[test]
fn an_entry_added_here_is_added_after_the_colleagues() {
    let ours = format!("{BASE}\n[[product]]\nid = 19\ntitle = \"Ours\"\n");
    let theirs = format!("{BASE}\n[[product]]\nid = 20\ntitle = \"Theirs\"\n");
    let combined = combine_products(BASE, &ours, &theirs).unwrap();
    let combined = parse(&combined);
    let (entries, _) = values::changes(&parse(BASE), &combined);
    assert_eq!(
        entries,
        [
            EntryChange::Added(name("20", Some("Theirs"))),
            EntryChange::Added(name("19", Some("Ours"))),
        ]
    );
}

#[test]
fn an_entry_removed_here_and_changed_by_a_colleague_conflicts() {
    let ours = BASE.replace(
        "[[product]]\nid = 18\ntitle = \"RO Unit\"\nmodel = \"RO-1\"\n",
        "",
    );
    let theirs = BASE.replace("\"RO-1\"", "\"RO-2\"");
    let conflicts = combine_products(BASE, &ours, &theirs).unwrap_err();
    assert_eq!(
        conflicts,
        [ValueConflict {
            path: "products.toml".into(),
            entry: Some(name("18", Some("RO Unit"))),
            field: None,
            ours: serde_json::Value::Null,
            theirs: json!({"id": 18, "title": "RO Unit", "model": "RO-2"}),
        }]
    );
}

#[test]
fn the_same_change_on_both_sides_is_no_conflict() {
    let both = BASE.replace("\"HD-1\"", "\"HD-2\"");
    let combined = combine_products(BASE, &both, &both).unwrap();
    assert_eq!(combined, both);
}

#[test]
fn a_save_made_while_publishing_is_combined_with_the_published_file_not_overwritten() {
    let folder = tempfile::tempdir().unwrap();
    std::fs::create_dir(folder.path().join("content")).unwrap();
    let disk = folder.path().join("content/products.toml");
    // Read when publishing began; the published file has a colleague's model of 18.
    let read = BASE.to_string();
    let published = BASE.replace("\"RO-1\"", "\"RO-2\"");
    // Saved meanwhile: a new title of 17.
    let saved = BASE.replace("Hemodialysis Machine", "HD Machine");
    std::fs::write(&disk, &saved).unwrap();
    let publishing = crate::Publishing {
        git: crate::git::Git::at(folder.path()),
        prefix: "content/".to_string(),
        branch: crate::Branch {
            name: "main".into(),
            remote: "origin".into(),
            merge: "refs/heads/main".into(),
            tracking: "refs/remotes/origin/main".into(),
            head: String::new(),
            git_dir: folder.path().to_path_buf(),
        },
        paths: vec!["content/products.toml".to_string()],
        keep_mine: Vec::new(),
    };
    let file = crate::Combined {
        read: read.into_bytes(),
        bytes: published.into_bytes(),
    };
    crate::write_combined(&publishing, "content/products.toml", &file).unwrap();
    assert_eq!(
        std::fs::read_to_string(&disk).unwrap(),
        BASE.replace("\"RO-1\"", "\"RO-2\"")
            .replace("Hemodialysis Machine", "HD Machine")
    );
}

#[test]
fn an_entry_added_here_keeps_its_text_when_combined() {
    let added = "\n[[product]]\nid = 19\ntitle = \"Ours\"\ndescription = '''\nTwo\nlines'''\n\n[[product.specifications]]\nname = \"Flow\"\nvalue = \"500 ml/min\"\n";
    let ours = format!("{BASE}{added}");
    let theirs = BASE.replace("\"RO-1\"", "\"RO-2\"");
    let combined = combine_products(BASE, &ours, &theirs).unwrap();
    // Its own text: the multi-line string and the specifications' tables as written.
    assert_eq!(combined, format!("{theirs}{added}"));
}

#[test]
fn an_entrys_history_holds_only_the_commits_that_changed_its_values() {
    let folder = tempfile::tempdir().unwrap();
    let root = folder.path();
    let content = root.join("content");
    std::fs::create_dir(&content).unwrap();
    git(root, &["init", "-q", "-b", "main"]);
    let commit = |text: &str, author: &str, message: &str| {
        std::fs::write(content.join("products.toml"), text).unwrap();
        git(root, &["add", "content"]);
        git(
            root,
            &[
                "-c",
                &format!("user.name={author}"),
                "-c",
                "user.email=a@example.com",
                "commit",
                "-q",
                "-m",
                message,
            ],
        );
        git(root, &["rev-parse", "HEAD"])
    };
    let first = commit(BASE, "Ada", "products");
    // 18 only, and then comments only: neither is 17's history.
    commit(&BASE.replace("RO-1", "RO-2"), "Bob", "RO model");
    let comment = format!("# More.\n{}", BASE.replace("RO-1", "RO-2"));
    commit(&comment, "Bob", "a comment");
    let renamed = comment.replace("Hemodialysis Machine", "HD Machine");
    let last = commit(&renamed, "Cy", "--amend");

    let versions = crate::history(&content, "products.toml", Some("17")).unwrap();
    let shown: Vec<(&str, &str, &str)> = versions
        .iter()
        .map(|v| (v.commit.as_str(), v.author.as_str(), v.subject.as_str()))
        .collect();
    assert_eq!(
        shown,
        [
            (last.as_str(), "Cy", "--amend"),
            (first.as_str(), "Ada", "products")
        ]
    );
    assert_eq!(versions[1].value["title"], json!("Hemodialysis Machine"));
    assert_eq!(versions[0].value["title"], json!("HD Machine"));
    assert!(versions[0].date.contains('T'), "{}", versions[0].date);
    // 18's history has its model change; the whole file's has every commit but none.
    assert_eq!(
        crate::history(&content, "products.toml", Some("18"))
            .unwrap()
            .len(),
        2
    );
    assert_eq!(
        crate::history(&content, "products.toml", None)
            .unwrap()
            .len(),
        3
    );
    assert!(crate::history(&content, "services.toml", None)
        .unwrap()
        .is_empty());
}

#[test]
fn an_author_kept_for_the_clone_is_text_to_git_even_when_it_starts_with_a_dash() {
    let folder = tempfile::tempdir().unwrap();
    git(folder.path(), &["init", "-q", "-b", "main"]);
    let author = crate::Author {
        name: "--global".to_string(),
        email: "-x@example.com".to_string(),
    };
    crate::set_author(folder.path(), &author).unwrap();
    assert_eq!(
        git(folder.path(), &["config", "--local", "user.name"]),
        "--global"
    );
    assert_eq!(
        git(folder.path(), &["config", "--local", "user.email"]),
        "-x@example.com"
    );
    for wrong in [
        ("", "a@example.com"),
        ("A\nB", "a@example.com"),
        ("A", "nope"),
    ] {
        let refused = crate::set_author(
            folder.path(),
            &crate::Author {
                name: wrong.0.to_string(),
                email: wrong.1.to_string(),
            },
        );
        assert!(
            matches!(refused, Err(crate::PublishError::BadAuthor(_))),
            "{wrong:?}"
        );
    }
    assert_eq!(
        git(folder.path(), &["config", "--local", "user.name"]),
        "--global"
    );
}

const SPECIFIED: &str = "[[product]]
id = 17
title = \"Hemodialysis Machine\"

[[product.specifications]]
name = \"Flow\"
value = \"500 ml/min\"

[[product.specifications]]
name = \"Weight\"
value = \"80 kg\"

[[product.specifications]]
name = \"Power\"
value = \"230 V\"
";

#[test]
fn different_specification_rows_changed_by_two_colleagues_are_combined_row_by_row() {
    let ours = SPECIFIED.replace("500 ml/min", "600 ml/min").replace(
        "value = \"230 V\"\n",
        "value = \"230 V\"\n\n[[product.specifications]]\nname = \"Noise\"\nvalue = \"40 dB\"\n",
    );
    let theirs = SPECIFIED.replace("80 kg", "75 kg");
    let combined = combine_products(SPECIFIED, &ours, &theirs).unwrap();
    let rows = |text: &str| parse(text).entry_json("17").unwrap()["specifications"].clone();
    assert_eq!(
        rows(&combined),
        json!([
            { "name": "Flow", "value": "600 ml/min" },
            { "name": "Weight", "value": "75 kg" },
            { "name": "Power", "value": "230 V" },
            { "name": "Noise", "value": "40 dB" },
        ])
    );
    // The colleague's text, with our changed line and our added row.
    assert_eq!(combined, theirs.replace("500 ml/min", "600 ml/min").replace(
        "value = \"230 V\"\n",
        "value = \"230 V\"\n\n[[product.specifications]]\nname = \"Noise\"\nvalue = \"40 dB\"\n",
    ));

    // The same row changed differently on both sides is still one conflict of the list.
    let theirs_flow = SPECIFIED.replace("500 ml/min", "550 ml/min");
    let conflicts = combine_products(SPECIFIED, &ours, &theirs_flow).unwrap_err();
    assert_eq!(conflicts.len(), 1);
    assert_eq!(conflicts[0].field.as_deref(), Some("specifications"));

    // A row removed by the colleague and changed here conflicts; removed here and
    // untouched there goes.
    let theirs_without_flow = SPECIFIED.replace(
        "[[product.specifications]]\nname = \"Flow\"\nvalue = \"500 ml/min\"\n\n",
        "",
    );
    assert!(combine_products(SPECIFIED, &ours, &theirs_without_flow).is_err());
    let ours_without_power = SPECIFIED.replace(
        "\n[[product.specifications]]\nname = \"Power\"\nvalue = \"230 V\"\n",
        "",
    );
    let combined = combine_products(SPECIFIED, &ours_without_power, &theirs).unwrap();
    assert_eq!(
        rows(&combined),
        json!([
            { "name": "Flow", "value": "500 ml/min" },
            { "name": "Weight", "value": "75 kg" },
        ])
    );
}

#[test]
fn an_entrys_values_read_from_its_own_table_are_those_of_the_whole_file() {
    let value = |text: &str, id: &str| crate::history::entry_value(text, &PRODUCTS, id);
    let whole = |text: &str, id: &str| {
        parse(text)
            .entry_json(id)
            .unwrap_or(serde_json::Value::Null)
    };
    let odd_ids = "[[product]]\nid = \"a#b\" # a comment\ntitle = \"Hash\"\n\n[[product]]\nid=18\ntitle = \"Tight\"\n";
    let inline = "product = [{ id = 17, title = \"Inline\" }]\n";
    // A line inside a multi-line string that looks like a table.
    let tricky = "[[product]]\nid = 17\ndescription = '''\n[[product]]\nid = 18\n'''\n\n[[product]]\nid = 18\ntitle = \"Real\"\n";
    for (text, id) in [
        (SPECIFIED, "17"),
        (BASE, "18"),
        (BASE, "99"),
        (odd_ids, "a#b"),
        (odd_ids, "18"),
        (inline, "17"),
        (tricky, "17"),
        (tricky, "18"),
    ] {
        assert_eq!(value(text, id), whole(text, id), "{id} of {text}");
    }
    assert_eq!(value(tricky, "18")["title"], json!("Real"));
    assert_eq!(value(BASE, "99"), serde_json::Value::Null);
}
