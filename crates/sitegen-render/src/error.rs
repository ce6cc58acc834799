//! What can go wrong in a build.

use std::path::PathBuf;

use sitegen_content::{Diagnostic, ErrorCode};
use sitegen_media::MediaError;
use sitegen_output::OutputError;
use sitegen_pages::shell::ShellError;
use sitegen_webapp::WebAppError;
use sitegen_workers::interrupt::Interrupted;
use sitegen_workers::WorkerError;

use sitegen_output::out_dir;

/// What went wrong in a build. Content errors are reported all at once.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error("{} error(s) in the content", .0.iter().filter(|d| d.severity == sitegen_content::Severity::Error).count())]
    Content(Vec<Diagnostic>),
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("the web app failed at `{step}`:\n{output}")]
    Web { step: String, output: String },
    /// A prerender worker's failure: a route it cannot render, `node` that cannot be
    /// started, a worker that failed or hung as it exited.
    #[error(transparent)]
    Worker(WorkerError),
    /// A page rendered a module the web build's manifest does not hold: the route table
    /// and the web build disagree.
    #[error("prerendering {url:?}: module {module:?} is not in Vite's manifest (run `sitegen gen`, or rebuild the web app)")]
    ManifestMissingModule { url: String, module: String },
    /// The HTML shell that cannot be loaded or wrapped around a page.
    #[error(transparent)]
    Shell(#[from] ShellError),
    /// A watched source changed while the build read it (see [`Builder::build_watched`]).
    #[error("a source changed while it was read")]
    SourcesChanged,
    /// A WebP variant or share PNG that cannot be made.
    #[error(transparent)]
    Media(#[from] MediaError),
    /// A media worker thread panicked (a bug in sitegen or a library it uses).
    #[error("a media worker stopped unexpectedly while making WebP variants")]
    MediaWorkerPanicked,
    /// Limits of the build's host that the output passes (errors first, then the
    /// build's warnings).
    #[error("{} limit(s) of the host passed", .0.iter().filter(|d| d.severity == sitegen_content::Severity::Error).count())]
    HostLimits(Vec<Diagnostic>),
    /// Links that lead nowhere (generated HTML and web sources), all of them.
    #[error("{} broken link(s)", .0.len())]
    Links(Vec<Diagnostic>),
    /// `--out` names a folder a build must not replace; nothing was touched.
    #[error("refusing to build into {}: {problem}\n  help: {}", path.display(), problem.hint())]
    UnsafeOutput {
        path: PathBuf,
        problem: out_dir::UnsafeOutput,
    },
    /// The media folder (`--media-out`, or its default beside `--out`) names a folder a
    /// build must not replace; nothing was touched.
    #[error(
        "refusing to write the media into {}: {problem}\n  help: {}",
        path.display(),
        ErrorCode::UnsafeMediaOutput.hint()
    )]
    UnsafeMediaOutput {
        path: PathBuf,
        problem: out_dir::UnsafeOutput,
    },
    /// SIGINT or SIGTERM came; the output folder was left as it was.
    #[error("interrupted")]
    Interrupted { signal: i32 },
}

impl BuildError {
    /// The catalogue's code of a failure that is not a list of diagnostics (those carry
    /// their own codes), nor a stop that is no failure (an interruption, a save that
    /// overtook the build).
    pub fn code(&self) -> Option<ErrorCode> {
        Some(match self {
            Self::Content(_)
            | Self::Links(_)
            | Self::HostLimits(_)
            | Self::Interrupted { .. }
            | Self::SourcesChanged => return None,
            Self::Io { .. } => ErrorCode::BuildIo,
            Self::Web { .. } => ErrorCode::WebAppBuild,
            Self::Worker(error) => return error.code(),
            Self::ManifestMissingModule { .. } => ErrorCode::ScreenNotBuilt,
            Self::Shell(error) => error.code(),
            Self::Media(error) => error.code(),
            Self::MediaWorkerPanicked => ErrorCode::InternalError,
            Self::UnsafeOutput { .. } => ErrorCode::UnsafeOutput,
            Self::UnsafeMediaOutput { .. } => ErrorCode::UnsafeMediaOutput,
        })
    }
}

impl From<WorkerError> for BuildError {
    fn from(error: WorkerError) -> Self {
        match error {
            // A stop, not a failure: the build reports it as such.
            WorkerError::Interrupted(interrupted) => interrupted.into(),
            error => Self::Worker(error),
        }
    }
}

impl From<OutputError> for BuildError {
    fn from(error: OutputError) -> Self {
        match error {
            OutputError::Io { path, source } => Self::Io { path, source },
            OutputError::Interrupted(interrupted) => interrupted.into(),
        }
    }
}

impl From<WebAppError> for BuildError {
    fn from(error: WebAppError) -> Self {
        match error {
            WebAppError::Web { step, output } => Self::Web { step, output },
            WebAppError::Output(error) => error.into(),
        }
    }
}

impl From<Interrupted> for BuildError {
    fn from(Interrupted { signal }: Interrupted) -> Self {
        Self::Interrupted { signal }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each failure of a build (not a list of diagnostics, not a stop) has its
    /// catalogue code, an error with a hint.
    #[test]
    fn every_build_failure_has_its_code() {
        let io = || std::io::Error::other("boom");
        let path = PathBuf::from("content/media/x.png");
        let exited = std::process::Command::new("false").status().unwrap();
        let not_json = serde_json::from_str::<serde_json::Value>("{").unwrap_err();
        let cases = [
            (
                BuildError::Io {
                    path: path.clone(),
                    source: io(),
                },
                ErrorCode::BuildIo,
            ),
            (
                BuildError::Web {
                    step: "vite build".into(),
                    output: String::new(),
                },
                ErrorCode::WebAppBuild,
            ),
            (OutputError::io(&path, io()).into(), ErrorCode::BuildIo),
            (
                WebAppError::Web {
                    step: "npm ci".into(),
                    output: String::new(),
                }
                .into(),
                ErrorCode::WebAppBuild,
            ),
            (
                WebAppError::Output(OutputError::io(&path, io())).into(),
                ErrorCode::BuildIo,
            ),
            (
                WorkerError::Io {
                    path: path.clone(),
                    source: io(),
                }
                .into(),
                ErrorCode::BuildIo,
            ),
            (
                WorkerError::Prerender {
                    url: "/".into(),
                    message: "threw".into(),
                }
                .into(),
                ErrorCode::PrerenderFailed,
            ),
            (
                WorkerError::NodeMissing { source: io() }.into(),
                ErrorCode::NodeMissing,
            ),
            (
                WorkerError::WorkerExited { status: exited }.into(),
                ErrorCode::PrerenderWorkerFailed,
            ),
            (
                WorkerError::WorkerDidNotExit {
                    pid: 1,
                    waited: "5 s".into(),
                }
                .into(),
                ErrorCode::PrerenderWorkerFailed,
            ),
            (
                BuildError::ManifestMissingModule {
                    url: "/".into(),
                    module: "src/pages/x.tsx".into(),
                },
                ErrorCode::ScreenNotBuilt,
            ),
            (
                ShellError::Template("syntax".into()).into(),
                ErrorCode::TemplateError,
            ),
            (
                ShellError::Io {
                    path: path.clone(),
                    source: io(),
                }
                .into(),
                ErrorCode::BuildIo,
            ),
            (
                BuildError::Media(sitegen_media::MediaError::ShareImage {
                    path: path.clone(),
                    reason: "text".into(),
                }),
                ErrorCode::SharePngFailed,
            ),
            (BuildError::MediaWorkerPanicked, ErrorCode::InternalError),
            (
                ShellError::PageData {
                    page: "/".into(),
                    source: not_json,
                }
                .into(),
                ErrorCode::InternalError,
            ),
            (
                BuildError::UnsafeOutput {
                    path: PathBuf::from("/"),
                    problem: out_dir::UnsafeOutput::FileSystemRoot,
                },
                ErrorCode::UnsafeOutput,
            ),
            (
                BuildError::UnsafeMediaOutput {
                    path: PathBuf::from("dist/media"),
                    problem: out_dir::UnsafeOutput::InsideProtected {
                        what: "the output folder",
                        path: PathBuf::from("dist"),
                    },
                },
                ErrorCode::UnsafeMediaOutput,
            ),
        ];
        for (error, code) in cases {
            assert_eq!(error.code(), Some(code), "{error}");
            assert_eq!(code.severity(), sitegen_content::Severity::Error);
            assert!(!code.hint().is_empty());
        }
        for stop in [
            BuildError::Content(Vec::new()),
            BuildError::Links(Vec::new()),
            BuildError::HostLimits(Vec::new()),
            BuildError::Interrupted { signal: 2 },
            BuildError::SourcesChanged,
            WorkerError::Interrupted(Interrupted { signal: 15 }).into(),
            OutputError::Interrupted(Interrupted { signal: 15 }).into(),
            WebAppError::Output(OutputError::Interrupted(Interrupted { signal: 2 })).into(),
        ] {
            assert_eq!(stop.code(), None, "{stop}");
        }
    }
}
