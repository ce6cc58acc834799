//! The `git` command line, run without a shell. Every value that comes from a request
//! (a message, a path) goes where git cannot read it as an option: on stdin, after
//! `--`, or with pathspec magic turned off (`GIT_LITERAL_PATHSPECS`).

use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::PublishError;

/// One repository's `git`, run in its top folder.
pub(crate) struct Git {
    pub(crate) top: PathBuf,
    /// A temporary index instead of the repository's (`GIT_INDEX_FILE`).
    index: Option<PathBuf>,
    /// Whether git may ask for a password on the terminal.
    prompt: bool,
}

/// What a git command printed.
pub(crate) struct Output {
    pub(crate) ok: bool,
    pub(crate) stdout: Vec<u8>,
    pub(crate) stderr: String,
}

impl Output {
    pub(crate) fn text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).trim_end().to_string()
    }

    /// The NUL-separated paths of a `-z` listing.
    pub(crate) fn paths(&self) -> Vec<String> {
        self.stdout
            .split(|byte| *byte == 0)
            .filter(|path| !path.is_empty())
            .map(|path| String::from_utf8_lossy(path).into_owned())
            .collect()
    }
}

impl Git {
    /// The repository holding `folder`, run in its top folder.
    pub(crate) fn discover(folder: &Path, prompt: bool) -> Result<(Git, String), PublishError> {
        if !folder.is_dir() {
            return Err(PublishError::Io {
                path: folder.to_path_buf(),
                error: "no such folder (give the content folder with --content)".to_string(),
            });
        }
        let probe = Git {
            top: folder.to_path_buf(),
            index: None,
            prompt,
        };
        let top = probe.run(["rev-parse", "--show-toplevel"], None)?;
        if !top.ok {
            return Err(PublishError::NoRepository {
                folder: folder.to_path_buf(),
            });
        }
        let prefix = probe.run(["rev-parse", "--show-prefix"], None)?.text();
        let git = Git {
            top: PathBuf::from(top.text()),
            index: None,
            prompt,
        };
        Ok((git, prefix))
    }

    /// The repository whose top folder is `top`, as found already.
    #[cfg(test)]
    pub(crate) fn at(top: &Path) -> Git {
        Git {
            top: top.to_path_buf(),
            index: None,
            prompt: false,
        }
    }

    /// The same repository with `index` as its index.
    pub(crate) fn with_index(&self, index: &Path) -> Git {
        Git {
            top: self.top.clone(),
            index: Some(index.to_path_buf()),
            prompt: self.prompt,
        }
    }

    /// Runs git with `args`, `stdin` written to it; a failure to start git is an error,
    /// git's own failure is in the output.
    pub(crate) fn run<I, S>(&self, args: I, stdin: Option<&[u8]>) -> Result<Output, PublishError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.run_args(&os_strings(args), stdin)
    }

    /// [`Git::run`] with its arguments collected.
    fn run_args(&self, args: &[OsString], stdin: Option<&[u8]>) -> Result<Output, PublishError> {
        let mut command = Command::new("git");
        command
            .args(args)
            .current_dir(&self.top)
            .env("GIT_LITERAL_PATHSPECS", "1")
            .env("LC_ALL", "C")
            .stdin(if stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if !self.prompt {
            command.env("GIT_TERMINAL_PROMPT", "0");
        }
        if let Some(index) = &self.index {
            command.env("GIT_INDEX_FILE", index);
        }
        let shown = || shown_command(args);
        let mut child = command.spawn().map_err(|error| PublishError::Git {
            command: shown(),
            detail: format!("cannot run git ({error}): is git installed?"),
        })?;
        if let Some(bytes) = stdin {
            if let Some(mut pipe) = child.stdin.take() {
                // A git that stops reading early reports its own error below.
                let _ = pipe.write_all(bytes);
            }
        }
        let output = child
            .wait_with_output()
            .map_err(|error| PublishError::Git {
                command: shown(),
                detail: error.to_string(),
            })?;
        Ok(Output {
            ok: output.status.success(),
            stdout: output.stdout,
            stderr: String::from_utf8_lossy(&output.stderr).trim().to_string(),
        })
    }

    /// Runs git and requires success.
    pub(crate) fn ok<I, S>(&self, args: I, stdin: Option<&[u8]>) -> Result<Output, PublishError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        let args = os_strings(args);
        let output = self.run_args(&args, stdin)?;
        if output.ok {
            return Ok(output);
        }
        Err(PublishError::Git {
            command: shown_command(&args),
            detail: output.stderr,
        })
    }

    /// The bytes of `path` in `commit`, `None` when it has no such file.
    pub(crate) fn blob(&self, commit: &str, path: &str) -> Result<Option<Vec<u8>>, PublishError> {
        let output = self.run(["cat-file", "blob", &format!("{commit}:{path}")], None)?;
        Ok(output.ok.then_some(output.stdout))
    }
}

/// Arguments of any string kind, as the command takes them.
fn os_strings<I, S>(args: I) -> Vec<OsString>
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    args.into_iter()
        .map(|arg| arg.as_ref().to_os_string())
        .collect()
}

/// A git command as a message shows it: `git ARGS…`.
fn shown_command(args: &[OsString]) -> String {
    let words: Vec<String> = args
        .iter()
        .map(|arg| arg.to_string_lossy().into_owned())
        .collect();
    format!("git {}", words.join(" "))
}

/// Why talking to the remote failed, from git's message: credentials, or the network.
pub(crate) fn remote_failure(remote: &str, stderr: &str) -> PublishError {
    let lower = stderr.to_lowercase();
    let authentication = [
        "authentication failed",
        "could not read username",
        "could not read password",
        "terminal prompts disabled",
        "permission denied",
        "403",
        "401",
        "access denied",
        "invalid username or password",
    ];
    let network = [
        "could not resolve host",
        "connection refused",
        "connection timed out",
        "network is unreachable",
        "failed to connect",
        "couldn't connect",
        "no route to host",
        "does not appear to be a git repository",
        "operation timed out",
    ];
    let detail = stderr.to_string();
    if authentication.iter().any(|words| lower.contains(words)) {
        PublishError::Authentication {
            remote: remote.to_string(),
            detail,
        }
    } else if network.iter().any(|words| lower.contains(words))
        || lower.contains("unable to access")
        || lower.contains("could not read from remote")
    {
        PublishError::Unreachable {
            remote: remote.to_string(),
            detail,
        }
    } else {
        PublishError::Git {
            command: format!("git fetch {remote}"),
            detail,
        }
    }
}
