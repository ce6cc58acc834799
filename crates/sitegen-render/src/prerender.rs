//! The bridge to the prerenderer: one long-lived `node` process running the SSR bundle,
//! fed one `{url, data}` line per route and answering one `{html, modules, status}`
//! line (docs/data-contract.md §5). One process for the whole build avoids paying
//! Node's start-up and the bundle's import once per route.

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::BuildError;

/// What the app rendered for one URL.
#[derive(Debug, Deserialize)]
pub struct Rendered {
    pub html: String,
    #[serde(default)]
    pub modules: Vec<String>,
    #[serde(default = "ok_status")]
    pub status: u16,
}

fn ok_status() -> u16 {
    200
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Reply {
    Rendered(Rendered),
    Failed { error: String },
}

#[derive(Serialize)]
struct Request<'a> {
    url: &'a str,
    data: &'a Value,
}

/// A running prerender worker.
pub struct Prerenderer {
    child: Child,
    /// `None` once closed, which tells the worker to exit.
    stdin: Option<BufWriter<ChildStdin>>,
    stdout: BufReader<ChildStdout>,
}

impl Prerenderer {
    /// Starts `node <script>` with the web app's folder as working directory.
    pub fn start(script: &Path, web_dir: &Path) -> Result<Self, BuildError> {
        // The worker runs from web/, so a relative script path would resolve twice.
        let script = script.canonicalize().map_err(|e| BuildError::Prerender {
            url: String::new(),
            message: format!("prerender script {}: {e}", script.display()),
        })?;
        let mut child = Command::new("node")
            .arg(&script)
            .current_dir(web_dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| BuildError::Prerender {
                url: String::new(),
                message: format!("could not start node: {e} (is Node.js installed?)"),
            })?;
        let stdin = child.stdin.take().map(BufWriter::new);
        let stdout = child.stdout.take().map(BufReader::new);
        match (stdin, stdout) {
            (Some(stdin), Some(stdout)) => Ok(Self {
                child,
                stdin: Some(stdin),
                stdout,
            }),
            _ => Err(BuildError::Prerender {
                url: String::new(),
                message: "the prerender worker has no stdin/stdout".into(),
            }),
        }
    }

    /// Renders one URL with its data.
    pub fn render(&mut self, url: &str, data: &Value) -> Result<Rendered, BuildError> {
        let fail = |message: String| BuildError::Prerender {
            url: url.to_string(),
            message,
        };
        let line =
            serde_json::to_string(&Request { url, data }).map_err(|e| fail(e.to_string()))?;
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| fail("the prerender worker was closed".into()))?;
        writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .map_err(|e| fail(format!("worker stdin: {e}")))?;
        let mut reply = String::new();
        let read = self
            .stdout
            .read_line(&mut reply)
            .map_err(|e| fail(format!("worker stdout: {e}")))?;
        if read == 0 {
            return Err(fail("the prerender worker exited early".into()));
        }
        match serde_json::from_str::<Reply>(&reply) {
            Ok(Reply::Rendered(rendered)) => Ok(rendered),
            Ok(Reply::Failed { error }) => Err(fail(error)),
            Err(e) => Err(fail(format!("unreadable reply ({e}): {}", reply.trim()))),
        }
    }

    /// Closes the worker's stdin and waits for it to exit.
    pub fn finish(mut self) -> Result<(), BuildError> {
        drop(self.stdin.take());
        let status = self.child.wait().map_err(|e| BuildError::Prerender {
            url: String::new(),
            message: e.to_string(),
        })?;
        if status.success() {
            Ok(())
        } else {
            Err(BuildError::Prerender {
                url: String::new(),
                message: format!("the prerender worker exited with {status}"),
            })
        }
    }
}

impl Drop for Prerenderer {
    fn drop(&mut self) {
        // After finish() the worker has exited and this is a no-op; on an error path it
        // makes sure no node process outlives the build.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
