//! Why a publish refused: each failure with its catalogue code.

use std::path::PathBuf;

use sitegen_content::ErrorCode;

use crate::ValueConflict;

/// Why nothing was published. Nothing was lost either: the content files are as they were.
#[derive(Debug, thiserror::Error)]
pub enum PublishError {
    /// The content folder is not in a git repository.
    #[error("{} is not in a git repository", folder.display())]
    NoRepository {
        /// The content folder.
        folder: PathBuf,
    },
    /// No remote branch to publish to.
    #[error("the branch {branch} has no upstream to publish to{detail}")]
    NoUpstream {
        /// The branch.
        branch: String,
        /// More about it, if anything.
        detail: String,
    },
    /// A detached HEAD.
    #[error("the repository is on no branch (a detached HEAD)")]
    DetachedHead,
    /// A merge, rebase, cherry-pick or revert is in progress.
    #[error("a {what} is in progress in the repository")]
    InProgress {
        /// `merge`, `rebase`, …
        what: &'static str,
    },
    /// The remote refused the credentials.
    #[error("{remote} refused the credentials: {detail}")]
    Authentication {
        /// The remote.
        remote: String,
        /// Git's message.
        detail: String,
    },
    /// The remote cannot be reached.
    #[error("{remote} cannot be reached: {detail}")]
    Unreachable {
        /// The remote.
        remote: String,
        /// Git's message.
        detail: String,
    },
    /// Commits of the branch are not on the remote yet.
    #[error("{count} local commit(s) of {branch} are not on {upstream} yet; a publish sends only the content edits, so it does not push them")]
    UnpushedCommits {
        /// How many.
        count: usize,
        /// The branch.
        branch: String,
        /// Its upstream, e.g. `origin/main`.
        upstream: String,
    },
    /// No author name or e-mail in git's configuration.
    #[error("git has no author for the commit (user.name and user.email are not set)")]
    NoAuthor,
    /// An author given for the clone that git cannot take.
    #[error("{0}")]
    BadAuthor(String),
    /// The same values were changed here and by a colleague.
    #[error("a colleague published changes to the same values; nothing was published, your edits are still on disk:\n{}", list(.0))]
    Conflicts(Vec<ValueConflict>),
    /// A colleague changed files that are changed here too outside what a publish sends.
    #[error("a colleague changed files you have changed or added too, outside what a publish sends: {}", .0.join(", "))]
    InTheWay(Vec<String>),
    /// Git failed otherwise.
    #[error("{command} failed: {detail}")]
    Git {
        /// The command.
        command: String,
        /// Git's message.
        detail: String,
    },
    /// A file cannot be read or written.
    #[error("{}: {error}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        error: String,
    },
}

fn list(conflicts: &[ValueConflict]) -> String {
    let lines: Vec<String> = conflicts
        .iter()
        .map(|conflict| format!("  {conflict}"))
        .collect();
    lines.join("\n")
}

impl PublishError {
    /// The catalogue's code of this failure.
    pub fn code(&self) -> ErrorCode {
        match self {
            PublishError::NoRepository { .. } | PublishError::NoUpstream { .. } => {
                ErrorCode::NoUpstream
            }
            PublishError::DetachedHead => ErrorCode::DetachedHead,
            PublishError::InProgress { .. } => ErrorCode::OperationInProgress,
            PublishError::Authentication { .. } => ErrorCode::AuthenticationFailed,
            PublishError::Unreachable { .. } => ErrorCode::RemoteUnreachable,
            PublishError::UnpushedCommits { .. } => ErrorCode::UnpushedCommits,
            PublishError::NoAuthor | PublishError::BadAuthor(_) => ErrorCode::NoAuthor,
            PublishError::Conflicts(_) => ErrorCode::PublishConflict,
            PublishError::InTheWay(_) => ErrorCode::LocalChangeInTheWay,
            PublishError::Git { .. } | PublishError::Io { .. } => ErrorCode::GitFailed,
        }
    }
}
