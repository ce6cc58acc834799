//! `sitegen-publish` publishes the content edits of a clone through git: the engine of
//! `sitegen publish`, and of the editor's Publish view. It returns typed
//! results and prints nothing.
//!
//! What it does, in order ([`publish`]):
//! - refuses a repository it cannot publish from safely: no upstream, a detached
//!   HEAD, a merge or rebase in progress, local commits not pushed yet;
//! - lists what changed in the content folder since the last published commit (the
//!   branch's, which is its upstream's), by entry and field ([`Listed`]);
//! - fetches; if a colleague published meanwhile, combines both value by value with
//!   the editor's engine (`sitegen-edit`), refusing when the same value changed on
//!   both sides ([`ValueConflict`]);
//! - makes one commit of exactly the changed content files in a temporary index (the
//!   user's own staged changes stay), pushes it without force (a push that loses a
//!   race fetches and tries once more), then moves the branch to it.
//!
//! Git runs as the `git` command line, so the credentials people already have (SSH
//! keys, credential helpers) work with any remote.

#![warn(missing_docs)]

mod branch;
mod error;
mod git;
mod history;
mod values;
pub mod words;

use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;

use serde_json::Value as Json;

use branch::Branch;
pub use error::PublishError;
use git::{remote_failure, Git};
pub use history::{author, history, set_author, Author, Version};
use values::Values;

/// What to publish, and how.
#[derive(Debug, Clone)]
pub struct PublishOptions {
    /// The content folder, inside a clone.
    pub content_dir: PathBuf,
    /// The commit message; proposed from the list of changes when `None`.
    pub message: Option<String>,
    /// List the changes and stop: nothing is fetched, committed or pushed.
    pub dry_run: bool,
    /// Whether git may ask for a password on the terminal (never for the editor).
    pub prompt: bool,
    /// Conflicts shown before and decided for our value: ours is published over the
    /// colleague's, as long as the colleague's value is still the one shown (a value
    /// of an entry, a setting or a whole media file; not an entry removed on one side).
    pub keep_mine: Vec<ValueConflict>,
}

/// An entry of a content file, as an editor names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryName {
    /// Its array of tables: `product`.
    pub array: String,
    /// Its id: `17`, `dialysis-setup`.
    pub id: String,
    /// Its title, name or label, if it has one.
    pub title: Option<String>,
}

/// What happened to an entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EntryChange {
    /// It is new.
    Added(EntryName),
    /// These fields (top-level keys) changed.
    Changed(EntryName, Vec<String>),
    /// It is gone.
    Removed(EntryName),
}

/// What happened to a file that is not compared value by value (media), or to one
/// whose values are all the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileChange {
    /// It is new.
    Added,
    /// Its bytes changed.
    Changed,
    /// It is gone.
    Removed,
    /// A content file whose values are the same: only comments or layout changed.
    Layout,
}

/// What changed in one place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum What {
    /// An entry of a content file.
    Entry(EntryChange),
    /// Settings of a content file outside its entries, by path (`contact.phones`).
    Settings(Vec<String>),
    /// A whole file.
    File(FileChange),
}

/// One line of the list of what will be published; its `Display` is the editors'
/// wording (see [`words`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    /// The file, relative to the content folder: `products.toml`, `media/products/a.jpg`.
    pub path: String,
    /// What changed there.
    pub what: What,
}

/// A value changed here and, differently, by a colleague since the last publish.
#[derive(Debug, Clone, PartialEq)]
pub struct ValueConflict {
    /// The file, relative to the content folder.
    pub path: String,
    /// The entry, if the value is an entry's.
    pub entry: Option<EntryName>,
    /// The field (a key, or `contact.phones`); `None` for a whole entry or file.
    pub field: Option<String>,
    /// Our value (`null`: removed).
    pub ours: Json,
    /// The colleague's value (`null`: removed).
    pub theirs: Json,
}

/// What would be published.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The changes, in the order of the files and their entries.
    pub changes: Vec<Listed>,
    /// The content files compared as a whole, not being valid TOML on one side (W1101).
    pub whole_files: Vec<String>,
    /// The branch published to, e.g. `main`.
    pub branch: String,
    /// The remote, e.g. `origin`.
    pub remote: String,
    /// The message the commit gets.
    pub message: String,
}

/// How a publish ended.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// The content folder is as last published.
    NothingToPublish,
    /// `dry_run`: what would be published.
    DryRun(Plan),
    /// Published.
    Published {
        /// What was published.
        plan: Plan,
        /// The commit pushed.
        commit: String,
        /// Whether a colleague's changes published meanwhile were combined with ours.
        combined: bool,
    },
}

/// The repository, the content folder's place in it, and what changed there.
struct Publishing {
    git: Git,
    /// The content folder relative to the repository's top, ending in `/` (empty at the top).
    prefix: String,
    branch: Branch,
    /// The changed files, relative to the repository's top.
    paths: Vec<String>,
    /// [`PublishOptions::keep_mine`].
    keep_mine: Vec<ValueConflict>,
}

impl Publishing {
    fn relative<'a>(&self, path: &'a str) -> &'a str {
        path.strip_prefix(&self.prefix).unwrap_or(path)
    }

    fn on_disk(&self, path: &str) -> Option<Vec<u8>> {
        std::fs::read(self.git.top.join(path)).ok()
    }
}

/// Publishes the content edits of `options.content_dir`'s clone (see the crate's docs).
pub fn publish(options: &PublishOptions) -> Result<Outcome, PublishError> {
    let (git, prefix) = Git::discover(&options.content_dir, options.prompt)?;
    let branch = Branch::read(&git)?;
    let paths = changed_paths(&git, &prefix, &branch.head)?;
    let publishing = Publishing {
        git,
        prefix,
        branch,
        paths,
        keep_mine: options.keep_mine.clone(),
    };
    if publishing.paths.is_empty() {
        return Ok(Outcome::NothingToPublish);
    }
    let (changes, whole_files) = describe(&publishing)?;
    let message = match &options.message {
        Some(message) if !message.trim().is_empty() => message.clone(),
        _ => words::proposed_message(&changes),
    };
    let plan = Plan {
        changes,
        whole_files,
        branch: publishing.branch.name.clone(),
        remote: publishing.branch.remote.clone(),
        message,
    };
    if options.dry_run {
        return Ok(Outcome::DryRun(plan));
    }
    check_author(&publishing.git)?;
    let mut attempt = 0;
    loop {
        attempt += 1;
        let theirs = fetch(&publishing)?;
        let combined = combine(&publishing, &theirs)?;
        let commit = make_commit(&publishing, &theirs, &combined, &plan.message)?;
        match push(&publishing, &commit, &theirs)? {
            Pushed::Yes => {
                finish(&publishing, &theirs, &commit, &combined)?;
                return Ok(Outcome::Published {
                    plan,
                    commit,
                    combined: theirs != publishing.branch.head,
                });
            }
            Pushed::LostRace if attempt < 2 => continue,
            Pushed::LostRace => {
                return Err(PublishError::Git {
                    command: format!("git push {}", publishing.branch.remote),
                    detail: "the remote moved twice while publishing: publish again".to_string(),
                })
            }
        }
    }
}

/// The files of the content folder that differ from the last published commit:
/// changed, removed, and new ones that git does not ignore.
fn changed_paths(git: &Git, prefix: &str, head: &str) -> Result<Vec<String>, PublishError> {
    let folder = if prefix.is_empty() { "." } else { prefix };
    let changed = git.ok(
        [
            "diff",
            "--name-only",
            "-z",
            "--no-renames",
            head,
            "--",
            folder,
        ],
        None,
    )?;
    let untracked = git.ok(
        [
            "ls-files",
            "-z",
            "--others",
            "--exclude-standard",
            "--",
            folder,
        ],
        None,
    )?;
    let paths: BTreeSet<String> = changed
        .paths()
        .into_iter()
        .chain(untracked.paths())
        .collect();
    Ok(paths.into_iter().collect())
}

/// The changes in editors' words, and the content files compared as a whole.
fn describe(publishing: &Publishing) -> Result<(Vec<Listed>, Vec<String>), PublishError> {
    let mut listed = Vec::new();
    let mut whole = Vec::new();
    for path in &publishing.paths {
        let relative = publishing.relative(path).to_string();
        let before = publishing.git.blob(&publishing.branch.head, path)?;
        let after = publishing.on_disk(path);
        let file_change = match (&before, &after) {
            (None, Some(_)) => FileChange::Added,
            (Some(_), None) => FileChange::Removed,
            _ => FileChange::Changed,
        };
        let values = match (
            sitegen_content::files::content_file(&relative),
            &before,
            &after,
        ) {
            (Some(file), Some(before), Some(after)) => {
                let parse = |bytes: &[u8]| {
                    std::str::from_utf8(bytes)
                        .ok()
                        .and_then(|text| Values::parse(text, file))
                };
                match (parse(before), parse(after)) {
                    (Some(before), Some(after)) => Some((before, after)),
                    _ => {
                        whole.push(relative.clone());
                        None
                    }
                }
            }
            _ => None,
        };
        let Some((before, after)) = values else {
            listed.push(Listed {
                path: relative,
                what: What::File(file_change),
            });
            continue;
        };
        let (entries, settings) = values::changes(&before, &after);
        if entries.is_empty() && settings.is_empty() {
            listed.push(Listed {
                path: relative,
                what: What::File(FileChange::Layout),
            });
            continue;
        }
        if !settings.is_empty() {
            listed.push(Listed {
                path: relative.clone(),
                what: What::Settings(settings.iter().map(|path| path.join(".")).collect()),
            });
        }
        listed.extend(entries.into_iter().map(|change| Listed {
            path: relative.clone(),
            what: What::Entry(change),
        }));
    }
    Ok((listed, whole))
}

fn check_author(git: &Git) -> Result<(), PublishError> {
    let set = |key: &str, variable: &str| -> Result<bool, PublishError> {
        if std::env::var_os(variable).is_some_and(|value| !value.is_empty()) {
            return Ok(true);
        }
        let output = git.run(["config", "--get", key], None)?;
        Ok(output.ok && !output.text().trim().is_empty())
    };
    if set("user.name", "GIT_AUTHOR_NAME")? && set("user.email", "GIT_AUTHOR_EMAIL")? {
        Ok(())
    } else {
        Err(PublishError::NoAuthor)
    }
}

/// Fetches the upstream; returns the commit it is at now.
fn fetch(publishing: &Publishing) -> Result<String, PublishError> {
    let branch = &publishing.branch;
    let output = publishing.git.run(
        ["fetch", "--quiet", "--no-tags", "--", &branch.remote],
        None,
    )?;
    if !output.ok {
        return Err(remote_failure(&branch.remote, &output.stderr));
    }
    let commit = publishing.git.ok(
        [
            "rev-parse",
            "--verify",
            &format!("{}^{{commit}}", branch.tracking),
        ],
        None,
    )?;
    let commit = commit.text();
    // The upstream must still hold what this branch was at: a remote rewritten by a
    // force-push cannot be combined with safely.
    let contains = publishing
        .git
        .run(["merge-base", "--is-ancestor", &branch.head, &commit], None)?;
    if !contains.ok {
        return Err(PublishError::Git {
            command: format!("git fetch {}", branch.remote),
            detail: format!(
                "{} was rewritten on the remote (it no longer holds this branch's commit): ask the developer to bring this clone up to date",
                branch.tracking
            ),
        });
    }
    Ok(commit)
}

/// A file combined with a colleague's: the bytes it held when read, and the combined ones.
struct Combined {
    read: Vec<u8>,
    bytes: Vec<u8>,
}

/// Our files combined with the colleagues' commits since `head`: the texts to commit
/// instead of the working tree's (by repository path). Refused when the same value
/// changed on both sides, or when their files are changed here outside the content edits.
fn combine(
    publishing: &Publishing,
    theirs: &str,
) -> Result<HashMap<String, Combined>, PublishError> {
    let mut combined = HashMap::new();
    let head = &publishing.branch.head;
    if theirs == head {
        return Ok(combined);
    }
    let git = &publishing.git;
    let their_paths = git
        .ok(
            ["diff", "--name-only", "-z", "--no-renames", head, theirs],
            None,
        )?
        .paths();
    let ours: BTreeSet<&String> = publishing.paths.iter().collect();
    let outside: Vec<&String> = their_paths
        .iter()
        .filter(|path| !ours.contains(path))
        .collect();
    if !outside.is_empty() {
        let mut in_the_way: BTreeSet<String> = BTreeSet::new();
        for listing in [
            vec!["diff", "--name-only", "-z", head.as_str(), "--"],
            vec!["diff", "--cached", "--name-only", "-z", head.as_str(), "--"],
            vec!["ls-files", "-z", "--others", "--"],
        ] {
            let args = listing
                .into_iter()
                .map(str::to_string)
                .chain(outside.iter().map(|path| path.to_string()));
            in_the_way.extend(git.ok(args, None)?.paths());
        }
        if !in_the_way.is_empty() {
            return Err(PublishError::InTheWay(in_the_way.into_iter().collect()));
        }
    }
    let mut conflicts = Vec::new();
    for path in their_paths.iter().filter(|path| ours.contains(path)) {
        let relative = publishing.relative(path);
        let base = git.blob(head, path)?;
        let mine = publishing.on_disk(path);
        let their = git.blob(theirs, path)?;
        if mine == their {
            continue;
        }
        let text = |bytes: &Option<Vec<u8>>| {
            bytes
                .as_ref()
                .and_then(|bytes| String::from_utf8(bytes.clone()).ok())
        };
        let file = sitegen_content::files::content_file(relative);
        let parsed = file.zip(text(&base)).zip(text(&mine)).zip(text(&their));
        let values = parsed.and_then(|(((file, base), mine), their)| {
            Some((
                file,
                Values::parse(&base, file)?,
                Values::parse(&mine, file)?,
                Values::parse(&their, file)?,
                [mine, their],
            ))
        });
        match values {
            Some((file, base_values, mine_values, their_values, [mine_text, their_text])) => {
                match values::combine(
                    relative,
                    file,
                    [&base_values, &mine_values, &their_values],
                    [&mine_text, &their_text],
                    &publishing.keep_mine,
                ) {
                    Ok(text) => {
                        combined.insert(
                            path.clone(),
                            Combined {
                                read: mine.clone().unwrap_or_default(),
                                bytes: text.into_bytes(),
                            },
                        );
                    }
                    Err(found) => conflicts.extend(found),
                }
            }
            None => {
                let state = |bytes: &Option<Vec<u8>>| match bytes {
                    Some(_) => Json::String("changed".to_string()),
                    None => Json::Null,
                };
                let found = ValueConflict {
                    path: relative.to_string(),
                    entry: None,
                    field: None,
                    ours: state(&mine),
                    theirs: state(&their),
                };
                // Kept: our bytes are committed as they are.
                if !values::decided(&publishing.keep_mine, &found) {
                    conflicts.push(found);
                }
            }
        }
    }
    if conflicts.is_empty() {
        Ok(combined)
    } else {
        Err(PublishError::Conflicts(conflicts))
    }
}

/// One commit on `parent` of exactly the changed content files (the combined texts
/// where there are some), made in a temporary index; `parent` itself when it already
/// holds them all.
fn make_commit(
    publishing: &Publishing,
    parent: &str,
    combined: &HashMap<String, Combined>,
    message: &str,
) -> Result<String, PublishError> {
    let scratch = tempfile::Builder::new()
        .prefix("sitegen-publish-")
        .tempdir_in(&publishing.branch.git_dir)
        .map_err(|error| PublishError::Io {
            path: publishing.branch.git_dir.clone(),
            error: error.to_string(),
        })?;
    let git = publishing.git.with_index(&scratch.path().join("index"));
    git.ok(["read-tree", parent], None)?;
    let (present, gone): (Vec<&String>, Vec<&String>) = publishing
        .paths
        .iter()
        .filter(|path| !combined.contains_key(*path))
        .partition(|path| publishing.git.top.join(path).exists());
    if !present.is_empty() {
        git.ok(
            ["add", "--all", "--"]
                .into_iter()
                .map(str::to_string)
                .chain(present.iter().map(|p| p.to_string())),
            None,
        )?;
    }
    if !gone.is_empty() {
        git.ok(
            ["rm", "-q", "--cached", "--ignore-unmatch", "--"]
                .into_iter()
                .map(str::to_string)
                .chain(gone.iter().map(|p| p.to_string())),
            None,
        )?;
    }
    let mut index_info = Vec::new();
    for (path, file) in combined {
        let blob = git
            .ok(["hash-object", "-w", "--stdin"], Some(&file.bytes))?
            .text();
        index_info.extend_from_slice(format!("100644 {blob}\t{path}\0").as_bytes());
    }
    if !index_info.is_empty() {
        git.ok(["update-index", "-z", "--index-info"], Some(&index_info))?;
    }
    let tree = git.ok(["write-tree"], None)?.text();
    let parent_tree = git
        .ok(["rev-parse", &format!("{parent}^{{tree}}")], None)?
        .text();
    if tree == parent_tree {
        return Ok(parent.to_string());
    }
    let commit = git.ok(
        ["commit-tree", tree.as_str(), "-p", parent, "-F", "-"],
        Some(message.as_bytes()),
    )?;
    Ok(commit.text())
}

enum Pushed {
    Yes,
    /// The remote moved between the fetch and the push.
    LostRace,
}

/// Pushes `commit` to the upstream branch, never forcing.
fn push(publishing: &Publishing, commit: &str, parent: &str) -> Result<Pushed, PublishError> {
    if commit == parent {
        return Ok(Pushed::Yes);
    }
    let branch = &publishing.branch;
    let output = publishing.git.run(
        [
            "push",
            "--porcelain",
            "--",
            &branch.remote,
            &format!("{commit}:{}", branch.merge),
        ],
        None,
    )?;
    if output.ok {
        return Ok(Pushed::Yes);
    }
    let said = format!("{}\n{}", output.text(), output.stderr);
    if said.contains("[rejected]")
        || said.contains("non-fast-forward")
        || said.contains("fetch first")
    {
        return Ok(Pushed::LostRace);
    }
    Err(remote_failure(&branch.remote, &output.stderr))
}

/// After the push: the branch and its upstream at the new commit, the index's entries
/// of the published files and the colleagues' files as committed, the combined files
/// written. Other staged changes and other files stay as they were.
fn finish(
    publishing: &Publishing,
    theirs: &str,
    commit: &str,
    combined: &HashMap<String, Combined>,
) -> Result<(), PublishError> {
    let git = &publishing.git;
    let branch = &publishing.branch;
    let reference = format!("refs/heads/{}", branch.name);
    git.ok(
        [
            "update-ref",
            "-m",
            "sitegen publish",
            &reference,
            commit,
            &branch.head,
        ],
        None,
    )?;
    git.ok(
        [
            "update-ref",
            "-m",
            "sitegen publish",
            &branch.tracking,
            commit,
        ],
        None,
    )?;
    if theirs != branch.head {
        let ours: BTreeSet<&String> = publishing.paths.iter().collect();
        let their_paths = git
            .ok(
                [
                    "diff",
                    "--name-only",
                    "-z",
                    "--no-renames",
                    &branch.head,
                    theirs,
                ],
                None,
            )?
            .paths();
        let (present, gone): (Vec<String>, Vec<String>) = their_paths
            .into_iter()
            .filter(|path| !ours.contains(path))
            .partition(|path| {
                git.run(["cat-file", "-e", &format!("{commit}:{path}")], None)
                    .is_ok_and(|output| output.ok)
            });
        if !present.is_empty() {
            git.ok(
                ["checkout", commit, "--"]
                    .into_iter()
                    .map(str::to_string)
                    .chain(present),
                None,
            )?;
        }
        if !gone.is_empty() {
            git.ok(
                ["rm", "-q", "-f", "--ignore-unmatch", "--"]
                    .into_iter()
                    .map(str::to_string)
                    .chain(gone),
                None,
            )?;
        }
    }
    for (path, file) in combined {
        write_combined(publishing, path, file)?;
    }
    git.ok(
        ["reset", "-q", commit, "--"]
            .into_iter()
            .map(str::to_string)
            .chain(publishing.paths.iter().cloned()),
        None,
    )?;
    Ok(())
}

/// Writes a combined file over ours, refusing to overwrite a save made since it was
/// read: that save is then combined with the published file, value by value, as a
/// colleague's would be (the published file is what a publish of it is compared with).
fn write_combined(
    publishing: &Publishing,
    path: &str,
    file: &Combined,
) -> Result<(), PublishError> {
    let full = publishing.git.top.join(path);
    let io = |error: String| PublishError::Io {
        path: full.clone(),
        error,
    };
    let written = sitegen_edit::write_if_unchanged(&full, &file.read, &file.bytes);
    match written {
        Ok(()) => Ok(()),
        Err(sitegen_edit::EditError::ChangedOnDisk { .. }) => {
            let now = std::fs::read(&full).map_err(|error| io(error.to_string()))?;
            let relative = publishing.relative(path);
            let parsed = |bytes: &[u8], file| {
                std::str::from_utf8(bytes)
                    .ok()
                    .and_then(|text| Values::parse(text, file))
            };
            let content_file = sitegen_content::files::content_file(relative);
            let rebased = content_file.and_then(|content_file| {
                let (read, saved, published) = (
                    parsed(&file.read, content_file)?,
                    parsed(&now, content_file)?,
                    parsed(&file.bytes, content_file)?,
                );
                let published_text = String::from_utf8(file.bytes.clone()).ok()?;
                let saved_text = String::from_utf8(now.clone()).ok()?;
                Some(values::combine(
                    relative,
                    content_file,
                    [&read, &saved, &published],
                    [&saved_text, &published_text],
                    &[],
                ))
            });
            match rebased {
                Some(Ok(text)) => sitegen_edit::write_if_unchanged(&full, &now, text.as_bytes())
                    .map_err(|error| io(error.to_string())),
                Some(Err(conflicts)) => Err(PublishError::Conflicts(conflicts)),
                None => Err(io(
                    "saved while publishing, and no longer valid TOML: the published version is in git (git show HEAD:PATH)".to_string(),
                )),
            }
        }
        Err(error) => Err(io(error.to_string())),
    }
}

#[cfg(test)]
mod tests;
