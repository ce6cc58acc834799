//! `sitegen publish`: the real content in a clone of a bare repository.

use std::path::PathBuf;

use sitegen_content::testing::{git, NO_GIT_CONFIGURATION};

use super::common::*;
use super::edit;

/// A bare repository holding the real content, and a clone of it (`tmp/clone`), whose
/// author is configured when `author` is.
fn clone_with_content(author: bool) -> (tempfile::TempDir, PathBuf, PathBuf) {
    let (tmp, content) = content_copy();
    let root = tmp.path();
    git(root, &["init", "-q", "--bare", "-b", "main", "site.git"]);
    let bare = root.join("site.git");
    git(root, &["init", "-q", "-b", "main", "."]);
    git(root, &["add", "content"]);
    git(
        root,
        &[
            "-c",
            "user.name=Seed",
            "-c",
            "user.email=seed@example.com",
            "commit",
            "-q",
            "-m",
            "content",
        ],
    );
    git(
        root,
        &[
            "remote",
            "add",
            "origin",
            &format!("file://{}", bare.display()),
        ],
    );
    git(root, &["push", "-q", "-u", "origin", "main"]);
    let clone = root.join("clone");
    git(
        root,
        &[
            "clone",
            "-q",
            &format!("file://{}", bare.display()),
            "clone",
        ],
    );
    if author {
        git(&clone, &["config", "user.name", "Editor"]);
        git(&clone, &["config", "user.email", "editor@example.com"]);
    }
    drop(content);
    (tmp, bare, clone)
}

#[test]
fn publish_dry_run_lists_then_publish_sends_one_commit_with_the_message_as_text() {
    let (_tmp, bare, clone) = clone_with_content(true);
    edit(
        &clone.join("content/products.toml"),
        "title = \"Slit Lamp\"",
        "title = \"Slit Lamp SL-2\"",
    );
    let head = git(&bare, &["rev-parse", "main"]);

    let dry = sitegen_in(&clone, &NO_GIT_CONFIGURATION, &["publish", "--dry-run"]);
    assert_eq!(dry.status.code(), Some(0), "{}", stderr(&dry));
    assert_eq!(
        stdout(&dry),
        "Product 1 · Slit Lamp SL-2: title\ndry run: would publish 1 change to origin/main; nothing was committed or pushed\n"
    );
    assert_eq!(git(&bare, &["rev-parse", "main"]), head);

    let published = sitegen_in(&clone, &NO_GIT_CONFIGURATION, &["publish", "-m", "--amend"]);
    assert_eq!(published.status.code(), Some(0), "{}", stderr(&published));
    assert!(stdout(&published).contains("published 1 change to origin/main as "));
    assert_eq!(git(&bare, &["log", "-1", "--format=%B", "main"]), "--amend");
    assert_eq!(git(&bare, &["rev-parse", "main^"]), head);
    assert_eq!(
        git(&bare, &["show", "--name-only", "--format=", "main"]),
        "content/products.toml"
    );

    let again = sitegen_in(&clone, &NO_GIT_CONFIGURATION, &["publish"]);
    assert_eq!(again.status.code(), Some(0));
    assert!(stdout(&again).starts_with("nothing to publish"));
}

#[test]
fn publish_without_an_author_says_how_to_set_one_and_sends_nothing() {
    let (_tmp, bare, clone) = clone_with_content(false);
    edit(
        &clone.join("content/site.toml"),
        "founded = 2002",
        "founded = 2003",
    );
    let head = git(&bare, &["rev-parse", "main"]);
    let output = sitegen_in(&clone, &NO_GIT_CONFIGURATION, &["publish"]);
    assert_eq!(output.status.code(), Some(1));
    let message = stderr(&output);
    assert!(message.contains("error[E1108]"), "{message}");
    assert!(
        message.contains("git config --global user.name"),
        "{message}"
    );
    assert_eq!(git(&bare, &["rev-parse", "main"]), head);
    assert!(std::fs::read_to_string(clone.join("content/site.toml"))
        .unwrap()
        .contains("founded = 2003"));
}

#[test]
fn publish_refuses_a_bad_flag_before_anything() {
    let output = sitegen(&["publish", "--force"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn publish_outside_a_repository_is_refused_with_its_code() {
    let (_tmp, content) = content_copy();
    let output = sitegen_in(
        content.parent().unwrap(),
        &NO_GIT_CONFIGURATION,
        &["publish", "--content", "content"],
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("error[E1101]"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn publish_lists_a_content_file_that_is_not_toml_as_a_whole_with_w1101() {
    let (_tmp, _bare, clone) = clone_with_content(true);
    let products = clone.join("content/products.toml");
    let text = std::fs::read_to_string(&products).unwrap();
    std::fs::write(&products, format!("{text}\n[[product]\n")).unwrap();
    let output = sitegen_in(&clone, &NO_GIT_CONFIGURATION, &["publish", "--dry-run"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("warning[W1101]"),
        "{}",
        stderr(&output)
    );
    assert!(
        stdout(&output).starts_with("products.toml changed\n"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn publish_keep_mine_publishes_my_value_over_a_colleagues_after_the_conflict() {
    let (tmp, bare, clone) = clone_with_content(true);
    let colleague = tmp.path().join("colleague");
    git(
        tmp.path(),
        &[
            "clone",
            "-q",
            &format!("file://{}", bare.display()),
            "colleague",
        ],
    );
    edit(
        &colleague.join("content/site.toml"),
        "founded = 2002",
        "founded = 2001",
    );
    git(
        &colleague,
        &[
            "-c",
            "user.name=C",
            "-c",
            "user.email=c@example.com",
            "commit",
            "-q",
            "-am",
            "theirs",
        ],
    );
    git(&colleague, &["push", "-q"]);
    edit(
        &clone.join("content/site.toml"),
        "founded = 2002",
        "founded = 2003",
    );

    let refused = sitegen_in(&clone, &NO_GIT_CONFIGURATION, &["publish"]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        stderr(&refused).contains("error[E1107]"),
        "{}",
        stderr(&refused)
    );
    assert!(stderr(&refused).contains("Site settings: founded — yours: 2003; a colleague's: 2001"));

    let kept = sitegen_in(&clone, &NO_GIT_CONFIGURATION, &["publish", "--keep-mine"]);
    assert_eq!(kept.status.code(), Some(0), "{}", stderr(&kept));
    assert!(stdout(&kept).starts_with("keeping yours: Site settings: founded"));
    let published = git(&bare, &["show", "main:content/site.toml"]);
    assert!(published.contains("founded = 2003"));
}
