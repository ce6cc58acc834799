//! The branch a publish starts from, and the states of a clone it refuses.

use std::path::PathBuf;

use crate::git::Git;
use crate::PublishError;

/// The branch and where it publishes to.
pub(crate) struct Branch {
    /// `main`.
    pub(crate) name: String,
    /// `origin`.
    pub(crate) remote: String,
    /// The remote's branch: `refs/heads/main`.
    pub(crate) merge: String,
    /// Its remote-tracking ref: `refs/remotes/origin/main`.
    pub(crate) tracking: String,
    /// The commit the branch is at, which the upstream holds.
    pub(crate) head: String,
    pub(crate) git_dir: PathBuf,
}

impl Branch {
    pub(crate) fn read(git: &Git) -> Result<Branch, PublishError> {
        let git_dir = PathBuf::from(git.ok(["rev-parse", "--absolute-git-dir"], None)?.text());
        let in_progress = [
            ("MERGE_HEAD", "merge"),
            ("rebase-merge", "rebase"),
            ("rebase-apply", "rebase"),
            ("CHERRY_PICK_HEAD", "cherry-pick"),
            ("REVERT_HEAD", "revert"),
        ];
        if let Some((_, what)) = in_progress
            .iter()
            .find(|(file, _)| git_dir.join(file).exists())
        {
            return Err(PublishError::InProgress { what });
        }
        let symbolic = git.run(["symbolic-ref", "-q", "HEAD"], None)?;
        if !symbolic.ok {
            return Err(PublishError::DetachedHead);
        }
        let full = symbolic.text();
        let name = full
            .strip_prefix("refs/heads/")
            .unwrap_or(&full)
            .to_string();
        let config = |key: &str| -> Result<Option<String>, PublishError> {
            let output = git.run(["config", "--get", &format!("branch.{name}.{key}")], None)?;
            Ok(output
                .ok
                .then(|| output.text())
                .filter(|text| !text.is_empty()))
        };
        let no_upstream = |detail: &str| PublishError::NoUpstream {
            branch: name.clone(),
            detail: detail.to_string(),
        };
        let (Some(remote), Some(merge)) = (config("remote")?, config("merge")?) else {
            let remotes = git.ok(["remote"], None)?.text();
            return Err(no_upstream(if remotes.is_empty() {
                " (the repository has no remote)"
            } else {
                " (no `git push -u` yet)"
            }));
        };
        if remote == "." {
            return Err(no_upstream(" (its upstream is a local branch)"));
        }
        let tracking = git.run(
            [
                "rev-parse",
                "--symbolic-full-name",
                &format!("{name}@{{upstream}}"),
            ],
            None,
        )?;
        if !tracking.ok || tracking.text().is_empty() {
            return Err(no_upstream(" (its remote branch was never fetched)"));
        }
        let tracking = tracking.text();
        let commit = |reference: &str| -> Result<Option<String>, PublishError> {
            let output = git.run(
                [
                    "rev-parse",
                    "--verify",
                    "-q",
                    &format!("{reference}^{{commit}}"),
                ],
                None,
            )?;
            Ok(output.ok.then(|| output.text()))
        };
        let Some(head) = commit("HEAD")? else {
            return Err(no_upstream(" (the branch has no commit yet)"));
        };
        let Some(upstream) = commit(&tracking)? else {
            return Err(no_upstream(" (its remote branch was never fetched)"));
        };
        let ahead = git.ok(
            ["rev-list", "--count", &format!("{upstream}..{head}")],
            None,
        )?;
        let count: usize = ahead.text().parse().unwrap_or(0);
        if count > 0 {
            return Err(PublishError::UnpushedCommits {
                count,
                branch: name,
                upstream: tracking
                    .strip_prefix("refs/remotes/")
                    .unwrap_or(&tracking)
                    .to_string(),
            });
        }
        Ok(Branch {
            name,
            remote,
            merge,
            tracking,
            head,
            git_dir,
        })
    }
}
