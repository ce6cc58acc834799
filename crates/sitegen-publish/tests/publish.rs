//! Publishing through git against bare repositories over file:// and over HTTP (git's
//! own smart-HTTP server): one commit of exactly the changed content files, combined
//! value by value with a colleague's, refused with the place named when it cannot be safe.

mod common;

use std::path::Path;

use common::{git, replace, Repos};
use sitegen_publish::{publish, Outcome, PublishError, PublishOptions};

fn options(content: &Path) -> PublishOptions {
    PublishOptions {
        content_dir: content.to_path_buf(),
        message: None,
        dry_run: false,
        prompt: false,
        keep_mine: Vec::new(),
    }
}

fn lines(outcome: &Outcome) -> Vec<String> {
    match outcome {
        Outcome::DryRun(plan) | Outcome::Published { plan, .. } => {
            plan.changes.iter().map(ToString::to_string).collect()
        }
        Outcome::NothingToPublish => Vec::new(),
    }
}

#[test]
fn one_changed_product_is_one_commit_of_that_file_only() {
    let repos = Repos::new();
    let mine = &repos.mine;
    let before = repos.remote_head();
    replace(
        &repos.content().join("products.toml"),
        "Cleans blood.",
        "Cleans the blood.",
    );
    replace(
        &repos.content().join("products.toml"),
        "\"HD-1\"",
        "\"HD-2\"",
    );
    // Other changes of the working tree: tracked, untracked, and staged.
    std::fs::write(mine.join("README.md"), "# Site, changed\n").unwrap();
    std::fs::write(mine.join("notes.txt"), "mine\n").unwrap();
    std::fs::write(mine.join("staged.txt"), "staged\n").unwrap();
    git(mine, &["add", "staged.txt"]);

    let outcome = publish(&options(&repos.content())).unwrap();
    assert_eq!(
        lines(&outcome),
        ["Product 17 · Hemodialysis Machine: description, model"]
    );
    let Outcome::Published {
        commit, combined, ..
    } = outcome
    else {
        panic!("not published");
    };
    assert!(!combined);
    assert_eq!(repos.remote_head(), commit);
    assert_eq!(git(&repos.bare, &["rev-parse", "main^"]), before);
    assert_eq!(
        git(&repos.bare, &["show", "--name-only", "--format=", "main"]),
        "content/products.toml"
    );
    assert!(repos
        .remote_file("content/products.toml")
        .contains("Cleans the blood."));
    assert_eq!(
        git(&repos.bare, &["log", "-1", "--format=%an <%ae>|%s", "main"]),
        "Editor <editor@example.com>|content: Product 17 · Hemodialysis Machine: description, model"
    );
    // The branch is the published commit; the other changes are as they were.
    assert_eq!(git(mine, &["rev-parse", "HEAD"]), commit);
    assert_eq!(git(mine, &["rev-parse", "@{upstream}"]), commit);
    let status = git(mine, &["status", "--porcelain"]);
    let mut status: Vec<&str> = status.lines().collect();
    status.sort();
    assert_eq!(status, [" M README.md", "?? notes.txt", "A  staged.txt"]);
}

#[test]
fn dry_run_lists_in_editors_words_and_changes_nothing() {
    let repos = Repos::new();
    let content = repos.content();
    let products = content.join("products.toml");
    let text = std::fs::read_to_string(&products).unwrap();
    std::fs::write(
        &products,
        format!("{text}\n[[product]]\nid = 312\ntitle = \"Dialyser\"\nmodel = \"D-1\"\n"),
    )
    .unwrap();
    replace(&content.join("site.toml"), "\"+91 1\"", "\"+91 2\"");
    std::fs::write(content.join("media/products/ro-unit.jpg"), b"jpeg").unwrap();
    std::fs::remove_file(content.join("media/products/hd.jpg")).unwrap();
    let head = repos.remote_head();
    let status = git(&repos.mine, &["status", "--porcelain"]);

    let outcome = publish(&PublishOptions {
        dry_run: true,
        ..options(&content)
    })
    .unwrap();
    assert_eq!(
        lines(&outcome),
        [
            "media/products/hd.jpg removed",
            "media/products/ro-unit.jpg added",
            "Product 312 added",
            "Site settings: phone numbers",
        ]
    );
    let Outcome::DryRun(plan) = outcome else {
        panic!("not a dry run")
    };
    assert!(plan
        .message
        .starts_with("content: 4 changes\n\n- media/products/hd.jpg removed\n"));
    assert_eq!(repos.remote_head(), head);
    assert_eq!(git(&repos.mine, &["status", "--porcelain"]), status);
}

#[test]
fn nothing_changed_is_nothing_to_publish() {
    let repos = Repos::new();
    std::fs::write(repos.mine.join("README.md"), "# Not content\n").unwrap();
    let outcome = publish(&options(&repos.content())).unwrap();
    assert!(matches!(outcome, Outcome::NothingToPublish));
}

#[test]
fn a_colleagues_change_to_another_field_on_the_next_line_is_combined() {
    let repos = Repos::new();
    // Adjacent lines of the same product: git's own merge would conflict.
    repos.colleague_publishes(|theirs| {
        replace(
            &theirs.join("content/products.toml"),
            "\"HD-1\"",
            "\"HD-9\"",
        )
    });
    let products = repos.content().join("products.toml");
    replace(&products, "Cleans blood.", "Cleans the blood.");
    replace(&products, "Water for dialysis.", "Pure water.");

    let outcome = publish(&options(&repos.content())).unwrap();
    let Outcome::Published {
        commit, combined, ..
    } = outcome
    else {
        panic!("not published")
    };
    assert!(combined);
    let published = repos.remote_file("content/products.toml");
    let expected = common::PRODUCTS
        .replace("\"HD-1\"", "\"HD-9\"")
        .replace("Cleans blood.", "Cleans the blood.")
        .replace("Water for dialysis.", "Pure water.");
    // Every other byte kept: the comments and the single-quoted model.
    assert_eq!(published, expected.trim_end());
    assert_eq!(std::fs::read_to_string(&products).unwrap(), expected);
    assert_eq!(
        git(&repos.bare, &["log", "-1", "--format=%s", "main^"]),
        "a colleague's change"
    );
    assert_eq!(git(&repos.mine, &["rev-parse", "HEAD"]), commit);
    assert_eq!(git(&repos.mine, &["status", "--porcelain"]), "");
}

#[test]
fn a_colleagues_change_to_another_file_is_brought_in() {
    let repos = Repos::new();
    repos.colleague_publishes(|theirs| {
        std::fs::write(theirs.join("README.md"), "# Site by a colleague\n").unwrap()
    });
    replace(&repos.content().join("site.toml"), "\"+91 1\"", "\"+91 2\"");
    publish(&options(&repos.content())).unwrap();
    assert_eq!(
        std::fs::read_to_string(repos.mine.join("README.md")).unwrap(),
        "# Site by a colleague\n"
    );
    assert_eq!(git(&repos.mine, &["status", "--porcelain"]), "");
    assert!(repos.remote_file("content/site.toml").contains("+91 2"));
}

#[test]
fn the_same_value_changed_by_a_colleague_is_refused_with_both_values() {
    let repos = Repos::new();
    repos.colleague_publishes(|theirs| {
        replace(
            &theirs.join("content/products.toml"),
            "\"HD-1\"",
            "\"HD-3\"",
        )
    });
    let head = repos.remote_head();
    let products = repos.content().join("products.toml");
    replace(&products, "\"HD-1\"", "\"HD-2\"");
    let mine = std::fs::read_to_string(&products).unwrap();

    let error = publish(&options(&repos.content())).unwrap_err();
    let PublishError::Conflicts(conflicts) = &error else {
        panic!("{error}")
    };
    assert_eq!(
        conflicts
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["Product 17 · Hemodialysis Machine: model — yours: \"HD-2\"; a colleague's: \"HD-3\""]
    );
    assert_eq!(error.code().code(), "E1107");
    assert_eq!(repos.remote_head(), head);
    assert_eq!(std::fs::read_to_string(&products).unwrap(), mine);
}

#[test]
fn a_message_that_looks_like_an_option_is_text() {
    let repos = Repos::new();
    replace(&repos.content().join("site.toml"), "\"+91 1\"", "\"+91 2\"");
    // A media file whose name starts with a dash is a path too.
    std::fs::write(repos.content().join("media/products/-x.jpg"), b"jpeg").unwrap();
    publish(&PublishOptions {
        message: Some("--amend".to_string()),
        ..options(&repos.content())
    })
    .unwrap();
    assert_eq!(
        git(&repos.bare, &["log", "-1", "--format=%B", "main"]),
        "--amend"
    );
    assert_eq!(
        git(&repos.bare, &["show", "--name-only", "--format=", "main"]),
        "content/media/products/-x.jpg\ncontent/site.toml"
    );
}

#[test]
fn no_upstream_is_refused() {
    let repos = Repos::new();
    git(&repos.mine, &["branch", "--unset-upstream"]);
    replace(&repos.content().join("site.toml"), "\"+91 1\"", "\"+91 2\"");
    let error = publish(&options(&repos.content())).unwrap_err();
    assert!(matches!(error, PublishError::NoUpstream { .. }), "{error}");
    assert_eq!(error.code().code(), "E1101");
}

#[test]
fn no_repository_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let error = publish(&options(folder.path())).unwrap_err();
    assert!(
        matches!(error, PublishError::NoRepository { .. }),
        "{error}"
    );
}

#[test]
fn a_detached_head_is_refused() {
    let repos = Repos::new();
    git(&repos.mine, &["checkout", "-q", "--detach"]);
    replace(&repos.content().join("site.toml"), "\"+91 1\"", "\"+91 2\"");
    let error = publish(&options(&repos.content())).unwrap_err();
    assert!(matches!(error, PublishError::DetachedHead), "{error}");
    assert_eq!(error.code().code(), "E1102");
}

#[test]
fn a_merge_in_progress_is_refused() {
    let repos = Repos::new();
    repos.colleague_publishes(|theirs| {
        std::fs::write(theirs.join("README.md"), "# Theirs\n").unwrap()
    });
    std::fs::write(repos.mine.join("README.md"), "# Mine\n").unwrap();
    git(&repos.mine, &["commit", "-q", "-am", "mine"]);
    git(&repos.mine, &["fetch", "-q"]);
    let merge = std::process::Command::new("git")
        .args(["merge", "-q", "origin/main"])
        .current_dir(&repos.mine)
        .output()
        .unwrap();
    assert!(!merge.status.success(), "the merge conflicts");
    let error = publish(&options(&repos.content())).unwrap_err();
    assert!(
        matches!(error, PublishError::InProgress { what: "merge" }),
        "{error}"
    );
    assert_eq!(error.code().code(), "E1103");
}

#[test]
fn local_commits_not_pushed_are_refused() {
    let repos = Repos::new();
    std::fs::write(repos.mine.join("README.md"), "# Mine\n").unwrap();
    git(&repos.mine, &["commit", "-q", "-am", "mine"]);
    replace(&repos.content().join("site.toml"), "\"+91 1\"", "\"+91 2\"");
    let head = repos.remote_head();
    let error = publish(&options(&repos.content())).unwrap_err();
    assert!(
        matches!(error, PublishError::UnpushedCommits { count: 1, .. }),
        "{error}"
    );
    assert_eq!(error.code().code(), "E1106");
    assert_eq!(repos.remote_head(), head);
}

#[test]
fn an_unreachable_remote_is_refused() {
    let repos = Repos::new();
    git(
        &repos.mine,
        &["remote", "set-url", "origin", "http://127.0.0.1:9/site.git"],
    );
    replace(&repos.content().join("site.toml"), "\"+91 1\"", "\"+91 2\"");
    let error = publish(&options(&repos.content())).unwrap_err();
    assert!(matches!(error, PublishError::Unreachable { .. }), "{error}");
    assert_eq!(error.code().code(), "E1105");
    assert!(std::fs::read_to_string(repos.content().join("site.toml"))
        .unwrap()
        .contains("+91 2"));
}

#[test]
fn publishing_over_http_with_git_http_backend() {
    let repos = Repos::new();
    let server = common::http_server(repos.root.path(), false);
    git(
        &repos.mine,
        &["remote", "set-url", "origin", &format!("{server}/site.git")],
    );
    git(&repos.bare, &["config", "http.receivepack", "true"]);
    replace(
        &repos.content().join("products.toml"),
        "\"HD-1\"",
        "\"HD-2\"",
    );
    let outcome = publish(&options(&repos.content())).unwrap();
    let Outcome::Published { commit, .. } = outcome else {
        panic!("not published")
    };
    assert_eq!(repos.remote_head(), commit);
}

#[test]
fn an_authentication_failure_over_http_is_refused() {
    let repos = Repos::new();
    let server = common::http_server(repos.root.path(), true);
    git(
        &repos.mine,
        &["remote", "set-url", "origin", &format!("{server}/site.git")],
    );
    replace(
        &repos.content().join("products.toml"),
        "\"HD-1\"",
        "\"HD-2\"",
    );
    let head = repos.remote_head();
    let error = publish(&options(&repos.content())).unwrap_err();
    assert!(
        matches!(error, PublishError::Authentication { .. }),
        "{error}"
    );
    assert_eq!(error.code().code(), "E1104");
    assert_eq!(repos.remote_head(), head);
}

#[test]
fn a_push_that_loses_a_race_fetches_and_tries_once_more() {
    let repos = Repos::new();
    let colleague = repos.clone_as("colleague", "Colleague");
    let bare = repos.bare.clone();
    let race: common::BeforePush = Box::new(move || {
        replace(&colleague.join("content/products.toml"), "'RO-1'", "'RO-7'");
        git(&colleague, &["commit", "-q", "-am", "a colleague's change"]);
        git(&colleague, &["push", "-q", &common::url(&bare), "main"]);
    });
    let server = common::http_server_with(repos.root.path(), false, Some(race));
    git(
        &repos.mine,
        &["remote", "set-url", "origin", &format!("{server}/site.git")],
    );
    git(&repos.bare, &["config", "http.receivepack", "true"]);
    replace(
        &repos.content().join("products.toml"),
        "\"HD-1\"",
        "\"HD-2\"",
    );

    let outcome = publish(&options(&repos.content())).unwrap();
    let Outcome::Published {
        commit, combined, ..
    } = outcome
    else {
        panic!("not published")
    };
    assert!(combined);
    assert_eq!(repos.remote_head(), commit);
    assert_eq!(
        git(&repos.bare, &["log", "-1", "--format=%s", "main^"]),
        "a colleague's change"
    );
    let published = repos.remote_file("content/products.toml");
    assert!(published.contains("\"HD-2\"") && published.contains("'RO-7'"));
    assert_eq!(git(&repos.mine, &["status", "--porcelain"]), "");
}

#[test]
fn a_colleagues_change_to_a_file_changed_here_outside_the_content_is_refused() {
    let repos = Repos::new();
    repos.colleague_publishes(|theirs| {
        std::fs::write(theirs.join("README.md"), "# Theirs\n").unwrap()
    });
    let head = repos.remote_head();
    std::fs::write(repos.mine.join("README.md"), "# Mine\n").unwrap();
    replace(&repos.content().join("site.toml"), "\"+91 1\"", "\"+91 2\"");
    let error = publish(&options(&repos.content())).unwrap_err();
    let PublishError::InTheWay(paths) = &error else {
        panic!("{error}")
    };
    assert_eq!(paths, &["README.md"]);
    assert_eq!(error.code().code(), "E1109");
    assert_eq!(repos.remote_head(), head);
    assert_eq!(
        std::fs::read_to_string(repos.mine.join("README.md")).unwrap(),
        "# Mine\n"
    );
}

#[test]
fn a_remote_branch_rewritten_by_a_force_push_is_refused() {
    let repos = Repos::new();
    let theirs = repos.clone_as("rewriter", "Rewriter");
    git(&theirs, &["checkout", "-q", "--orphan", "other"]);
    git(&theirs, &["commit", "-q", "-m", "a new history"]);
    git(&theirs, &["push", "-q", "--force", "origin", "other:main"]);
    let head = repos.remote_head();
    replace(&repos.content().join("site.toml"), "\"+91 1\"", "\"+91 2\"");
    let error = publish(&options(&repos.content())).unwrap_err();
    assert!(matches!(error, PublishError::Git { .. }), "{error}");
    assert!(error.to_string().contains("rewritten"), "{error}");
    assert_eq!(error.code().code(), "E1110");
    assert_eq!(repos.remote_head(), head);
}

#[test]
fn a_conflict_decided_for_mine_publishes_mine_while_the_colleagues_value_is_the_one_shown() {
    let repos = Repos::new();
    repos.colleague_publishes(|theirs| {
        replace(
            &theirs.join("content/products.toml"),
            "\"HD-1\"",
            "\"HD-3\"",
        )
    });
    let products = repos.content().join("products.toml");
    replace(&products, "\"HD-1\"", "\"HD-2\"");
    let PublishError::Conflicts(shown) = publish(&options(&repos.content())).unwrap_err() else {
        panic!("no conflict")
    };
    // Meanwhile the colleague changes the value again: what was shown no longer holds.
    repos.colleague_publishes(|theirs| {
        replace(
            &theirs.join("content/products.toml"),
            "\"HD-3\"",
            "\"HD-4\"",
        )
    });
    let decided = PublishOptions {
        keep_mine: shown,
        ..options(&repos.content())
    };
    let PublishError::Conflicts(shown) = publish(&decided).unwrap_err() else {
        panic!("no conflict")
    };
    assert_eq!(shown[0].theirs, serde_json::json!("HD-4"));
    let decided = PublishOptions {
        keep_mine: shown,
        ..options(&repos.content())
    };
    let Outcome::Published { commit, .. } = publish(&decided).unwrap() else {
        panic!("not published")
    };
    assert_eq!(repos.remote_head(), commit);
    assert!(repos
        .remote_file("content/products.toml")
        .contains("\"HD-2\""));
    assert_eq!(git(&repos.mine, &["status", "--porcelain"]), "");
}
