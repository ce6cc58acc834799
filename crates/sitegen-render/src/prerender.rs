//! The bridge to the prerenderer: long-lived `node` processes running the SSR bundle
//! (docs/data-contract.md §5). Each gets the layout once, then one `{url, route}` line
//! per route and answers one `{html, modules, status}` line. A process serves many
//! routes, so Node's start-up and the bundle's import are paid once per worker, not per
//! route; the build runs one worker per core ([`crate::parallel`]).

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde::Deserialize;

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

/// A running prerender worker.
pub struct Prerenderer {
    child: Child,
    /// `None` once closed, which tells the worker to exit.
    stdin: Option<BufWriter<ChildStdin>>,
    stdout: BufReader<ChildStdout>,
}

impl Prerenderer {
    /// Starts `node <script>` with the web app's folder as working directory and sends
    /// it `layout_json`, the layout (serialised JSON) of every page it will render.
    pub fn start(script: &Path, web_dir: &Path, layout_json: &str) -> Result<Self, BuildError> {
        // The worker runs from web/, so a relative script path would resolve twice.
        let script = script.canonicalize().map_err(|e| BuildError::Prerender {
            url: String::new(),
            message: format!("prerender script {}: {e}", script.display()),
        })?;
        let mut child = Command::new("node")
            // A larger young generation: a page allocates a few MB, and the default
            // semi-space made the worker spend ~15 % of its time in scavenges.
            .arg("--max-semi-space-size=32")
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
        let mut worker = match (stdin, stdout) {
            (Some(stdin), Some(stdout)) => Self {
                child,
                stdin: Some(stdin),
                stdout,
            },
            _ => {
                return Err(BuildError::Prerender {
                    url: String::new(),
                    message: "the prerender worker has no stdin/stdout".into(),
                })
            }
        };
        // No reply comes for the layout; a worker that cannot take it fails the first render.
        let _ = worker.send(&format!("{{\"layout\":{layout_json}}}"));
        Ok(worker)
    }

    /// Renders one URL with its route data (`RouteData`, serialised JSON).
    pub fn render(&mut self, url: &str, route_json: &str) -> Result<Rendered, BuildError> {
        let fail = |message: String| BuildError::Prerender {
            url: url.to_string(),
            message,
        };
        let url_json = serde_json::to_string(url).map_err(|e| fail(e.to_string()))?;
        self.send(&format!("{{\"url\":{url_json},\"route\":{route_json}}}"))
            .map_err(fail)?;
        let mut reply = String::new();
        let read = self
            .stdout
            .read_line(&mut reply)
            .map_err(|e| fail(format!("worker stdout: {e}")))?;
        if read == 0 {
            let status = self
                .child
                .wait()
                .map_or_else(|e| e.to_string(), |status| status.to_string());
            return Err(fail(format!(
                "the prerender worker exited early ({status}) while rendering it"
            )));
        }
        match serde_json::from_str::<Reply>(&reply) {
            Ok(Reply::Rendered(rendered)) => Ok(rendered),
            Ok(Reply::Failed { error }) => Err(fail(error)),
            Err(e) => Err(fail(format!("unreadable reply ({e}): {}", reply.trim()))),
        }
    }

    /// Writes one message line. The JSON must be on one line: serde_json's compact
    /// output is.
    fn send(&mut self, line: &str) -> Result<(), String> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| "the prerender worker was closed".to_string())?;
        stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush())
            .map_err(|e| format!("worker stdin: {e} (the worker exited early)"))
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

/// A stand-in for `web/scripts/prerender.mjs` that speaks the same protocol without the
/// web app: it answers `<p>URL|LAYOUT.site.name|ROUTE.meta.title</p>` (status 404
/// for `/404`) and exits with status 3, answering nothing, when asked for `/crash`.
#[cfg(test)]
pub(crate) fn fake_worker(dir: &Path) -> std::path::PathBuf {
    const SCRIPT: &str = r#"
import { createInterface } from 'node:readline';
let layout;
for await (const line of createInterface({ input: process.stdin })) {
  const message = JSON.parse(line);
  if (!('url' in message)) { layout = message.layout; continue; }
  if (message.url === '/crash') process.exit(3);
  const html = `<p>${message.url}|${layout?.site?.name}|${message.route?.meta?.title}</p>`;
  const status = message.url === '/404' ? 404 : 200;
  process.stdout.write(JSON.stringify({ html, modules: [], status }) + '\n');
}
"#;
    let path = dir.join("fake-prerender.mjs");
    std::fs::write(&path, SCRIPT).expect("the fake worker is written");
    path
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::sync::Mutex;

    use super::*;
    use crate::parallel;

    const LAYOUT: &str = r#"{"site":{"name":"Layout sent once"}}"#;
    const ROUTE: &str = r#"{"meta":{"title":"A title"},"page":{}}"#;

    impl Prerenderer {
        fn pid(&self) -> u32 {
            self.child.id()
        }
    }

    fn start(dir: &tempfile::TempDir) -> Result<Prerenderer, BuildError> {
        Prerenderer::start(&fake_worker(dir.path()), dir.path(), LAYOUT)
    }

    #[test]
    fn a_worker_renders_each_route_with_the_layout_it_was_sent_once() {
        let dir = tempfile::tempdir().unwrap();
        let mut worker = start(&dir).unwrap();
        for url in ["/a", "/services/x%20y"] {
            let rendered = worker.render(url, ROUTE).unwrap();
            assert!(
                rendered.html == format!("<p>{url}|Layout sent once|A title</p>"),
                "{}",
                rendered.html
            );
            assert_eq!(rendered.status, 200);
        }
        worker.finish().unwrap();
    }

    #[test]
    fn a_worker_crash_is_reported_with_the_url() {
        let dir = tempfile::tempdir().unwrap();
        let mut worker = start(&dir).unwrap();
        match worker.render("/crash", ROUTE) {
            Err(BuildError::Prerender { url, message }) => {
                assert_eq!(url, "/crash");
                assert!(message.contains("exited"), "{message}");
            }
            other => panic!("expected a prerender error, got {other:?}"),
        }
    }

    #[test]
    fn routes_are_spread_over_several_workers_and_none_outlives_a_failure() {
        let dir = tempfile::tempdir().unwrap();
        let urls: Vec<String> = (0..60).map(|i| format!("/page-{i}")).collect();
        let (rendered, workers) = parallel::run_queue(
            urls.len(),
            3,
            || start(&dir),
            |worker, index| Ok((worker.pid(), worker.render(&urls[index], ROUTE)?)),
        )
        .unwrap();
        let pids: BTreeSet<u32> = rendered.iter().map(|(pid, _)| *pid).collect();
        assert!(pids.len() > 1, "all 60 routes went to one worker: {pids:?}");
        for ((_, page), url) in rendered.iter().zip(&urls) {
            assert!(
                page.html.starts_with(&format!("<p>{url}|")),
                "{}",
                page.html
            );
        }
        for worker in workers {
            worker.finish().unwrap();
        }

        let started = Mutex::new(Vec::new());
        let mut urls = urls;
        urls[17] = "/crash".into();
        let error = parallel::run_queue(
            urls.len(),
            3,
            || {
                let worker = start(&dir)?;
                started.lock().unwrap().push(worker.pid());
                Ok(worker)
            },
            |worker, index| worker.render(&urls[index], ROUTE),
        )
        .map(|_| ())
        .unwrap_err();
        assert!(
            matches!(&error, BuildError::Prerender { url, .. } if url == "/crash"),
            "{error:?}"
        );
        for pid in started.into_inner().unwrap() {
            assert!(
                !Path::new(&format!("/proc/{pid}")).exists(),
                "worker {pid} outlived the failed run"
            );
        }
    }
}
