//! The bridge to the prerenderer: long-lived `node` processes running the SSR bundle
//! (docs/data-contract.md §5). Each gets the layout once, then one `{url, route}` line
//! per route and answers one `{html, modules, status}` line ([`crate::protocol`]). A
//! process serves many routes, so Node's start-up and the bundle's import are paid once
//! per worker, not per route; a build shares its workers between its threads
//! ([`crate::worker_pool`]).
//!
//! A worker never holds the build: its pipes are driven by two threads of its own, so
//! the build only waits on channels, with a deadline ([`WORKER_TIMEOUT_ENV`]) and an
//! eye on Ctrl-C ([`crate::interrupt`]). Requests from several threads may wait in a
//! worker at once; it answers them in order, and its reader thread hands each answer
//! to the thread that asked. A worker whose process ends (killed, crashed) is noticed
//! as its stdout ends: the requests waiting on it, and any sent after, fail at once
//! with how it ended ([`WorkerError::WorkerEnded`]). A worker is killed when dropped,
//! and on Linux also when sitegen itself dies, however it dies.

use std::collections::{HashMap, VecDeque};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::Path;
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::error::{Ended, WorkerError};
use crate::interrupt::{self, Interrupted};
use crate::protocol::Message;
use crate::rendered::{rendered_of, Rendered};

/// The environment variable the command line reads [`Prerenderer::start`]'s timeout
/// from, which a timed-out render names.
pub const WORKER_TIMEOUT_ENV: &str = "SITEGEN_WORKER_TIMEOUT_SECS";
/// A route renders in milliseconds and a worker starts in about a second: a minute
/// without an answer means the worker hangs or was stopped.
pub const DEFAULT_WORKER_TIMEOUT: Duration = Duration::from_secs(60);
/// How long a worker whose output ended may take to exit: the system ends a process's
/// pipes as it ends the process.
const EXIT_AFTER_OUTPUT: Duration = Duration::from_secs(2);
/// How often a wait for a worker looks for Ctrl-C.
const INTERRUPT_POLL: Duration = Duration::from_millis(50);

/// A running prerender worker. It takes requests from several threads at once
/// ([`Prerenderer::render`] is `&self`): the worker answers them in the order they
/// came, so while it renders one page the next request already waits in its stdin,
/// and it never idles while the thread of the page it just answered wraps that page.
pub struct Prerenderer {
    child: Mutex<Child>,
    pid: u32,
    /// The requests on their way to the worker, shared with its stdout reader.
    outbox: Arc<Mutex<Outbox>>,
    /// How long one answer may take.
    timeout: Duration,
    /// Set before the worker is killed for its silence, so that the other requests
    /// waiting on it report that, not an early exit.
    killed_for_silence: AtomicBool,
}

/// What goes to a worker, and what its next stdout lines answer.
struct Outbox {
    /// Lines for the worker's stdin, written by its writer thread; `None` once closed,
    /// which tells the worker to exit.
    requests: Option<Sender<String>>,
    /// What each coming reply line answers, in the order the requests were sent.
    expected: VecDeque<Expected>,
    /// The worker's stdout ended: nothing more will be answered.
    closed: bool,
}

/// One entry of [`Outbox::expected`].
enum Expected {
    /// A new layout was sent here (no reply comes for it): the frames sent before
    /// belong to the old one.
    NewLayout,
    /// The page of one render request goes to this channel, or why it could not be read.
    Page(Sender<Result<Rendered, String>>),
}

/// Why a wait for the worker ended without an answer.
enum Silence {
    /// Nothing came within the timeout.
    TimedOut,
    /// A signal came.
    Interrupted(Interrupted),
    /// The worker's stdout ended before the answer.
    Closed,
}

impl Prerenderer {
    /// Starts `node <script>` with the web app's folder as working directory and sends
    /// it `layout_json`, the layout (serialised JSON) of every page it will render. One
    /// answer may take up to `timeout`.
    pub fn start(
        script: &Path,
        web_dir: &Path,
        layout_json: &str,
        timeout: Duration,
    ) -> Result<Self, WorkerError> {
        let worker = Self::spawn(script, web_dir, timeout)?;
        worker.set_layout(layout_json);
        Ok(worker)
    }

    /// Starts `node <script>` without a layout yet: a build starts its first worker
    /// before the content is loaded, so that Node boots and loads the bundle meanwhile.
    /// It needs [`Prerenderer::set_layout`] before its first render.
    pub fn spawn(script: &Path, web_dir: &Path, timeout: Duration) -> Result<Self, WorkerError> {
        // The worker runs from web/, so a relative script path would resolve twice.
        let script = script
            .canonicalize()
            .map_err(|e| WorkerError::io(script, e))?;
        let mut child = crate::os::spawn_tied(worker_command(&script, web_dir))
            .map_err(|source| WorkerError::NodeMissing { source })?;
        // Both are piped above, so both are there.
        let stdin = child.stdin.take().expect("the worker's stdin is piped");
        let stdout = child.stdout.take().expect("the worker's stdout is piped");
        let stderr = child.stderr.take().expect("the worker's stderr is piped");
        copy_to_stderr(stderr);
        if crate::fault::forced("stop-worker") {
            crate::os::pause(child.id());
        }
        if crate::fault::kill_starting_worker() {
            let _ = child.kill();
        }
        let outbox = Arc::new(Mutex::new(Outbox {
            requests: Some(write_lines(stdin)),
            expected: VecDeque::new(),
            closed: false,
        }));
        read_replies(stdout, outbox.clone());
        Ok(Self {
            pid: child.id(),
            child: Mutex::new(child),
            outbox,
            timeout,
            killed_for_silence: AtomicBool::new(false),
        })
    }

    /// Sends the layout of the pages that follow (a warm worker of `sitegen serve` gets
    /// a new one when the frame's data changed). No reply comes for it; a worker that
    /// cannot take it fails the next render.
    pub fn set_layout(&self, layout_json: &str) {
        let mut outbox = self.outbox();
        // The frames of the old layout are forgotten once the replies before it are read.
        outbox.expected.push_back(Expected::NewLayout);
        outbox.send(Message::layout_line(layout_json));
    }

    /// The worker's process id.
    pub fn pid(&self) -> u32 {
        self.pid
    }

    /// Renders one URL with its route data (`RouteData`, serialised JSON). Several
    /// threads may wait on one worker at once; each gets the answer to its request.
    pub fn render(&self, url: &str, route_json: &str) -> Result<Rendered, WorkerError> {
        let fail = |message: String| WorkerError::Prerender {
            url: url.to_string(),
            message,
        };
        let line = Message::render_line(url, route_json).map_err(|e| fail(e.to_string()))?;
        let reply = {
            let (answer, reply) = mpsc::channel();
            let mut outbox = self.outbox();
            // A worker whose output has ended (it died while idle) answers nothing:
            // `answer` is dropped here, so the wait below ends at once, not after the
            // timeout.
            if !outbox.closed {
                outbox.expected.push_back(Expected::Page(answer));
                outbox.send(line);
            }
            reply
        };
        match self.wait_for(&reply) {
            Ok(page) => page.map_err(fail),
            Err(Silence::Interrupted(signal)) => Err(signal.into()),
            Err(Silence::Closed) if self.killed_for_silence.load(Ordering::SeqCst) => {
                Err(fail(self.silence_message()))
            }
            Err(Silence::Closed) => Err(WorkerError::WorkerEnded {
                url: url.to_string(),
                ended: vec![Ended {
                    pid: self.pid(),
                    how: self.how_it_ended()?,
                }],
            }),
            Err(Silence::TimedOut) => {
                self.killed_for_silence.store(true, Ordering::SeqCst);
                self.kill();
                Err(fail(self.silence_message()))
            }
        }
    }

    fn silence_message(&self) -> String {
        format!(
            "the prerender worker (process {}) did not answer within {}, so it was \
             killed: it hangs (a render that never ends?) or was stopped; set {} to \
             wait longer",
            self.pid(),
            seconds(self.timeout),
            WORKER_TIMEOUT_ENV
        )
    }

    /// The answer `reply` brings, waiting at most the timeout and stopping early on
    /// Ctrl-C.
    fn wait_for<T>(&self, reply: &Receiver<T>) -> Result<T, Silence> {
        let deadline = Instant::now() + self.timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match reply.recv_timeout(left.min(INTERRUPT_POLL)) {
                Ok(answer) => return Ok(answer),
                Err(RecvTimeoutError::Disconnected) => return Err(Silence::Closed),
                Err(RecvTimeoutError::Timeout) => {
                    interrupt::check().map_err(Silence::Interrupted)?;
                    if left.is_zero() {
                        return Err(Silence::TimedOut);
                    }
                }
            }
        }
    }

    /// How the worker's process ended, once its output has: it has exited, or is about
    /// to. One that closed its output and lives on is killed.
    fn how_it_ended(&self) -> Result<String, WorkerError> {
        Ok(match self.wait_exit(EXIT_AFTER_OUTPUT) {
            Ok(Ok(status)) => crate::os::how_it_ended(status),
            Ok(Err(e)) => format!("ended (its exit status cannot be read: {e})"),
            Err(Silence::Interrupted(signal)) => return Err(signal.into()),
            Err(Silence::TimedOut | Silence::Closed) => {
                self.kill();
                format!(
                    "closed its output but did not exit within {}, so it was killed",
                    seconds(EXIT_AFTER_OUTPUT)
                )
            }
        })
    }

    /// Closes the worker's stdin and waits (at most the timeout) for it to exit.
    pub fn finish(self) -> Result<(), WorkerError> {
        drop(self.outbox().requests.take());
        let status = self
            .wait_exit(self.timeout)
            .map_err(|silence| match silence {
                Silence::Interrupted(signal) => signal.into(),
                Silence::TimedOut | Silence::Closed => WorkerError::WorkerDidNotExit {
                    pid: self.pid(),
                    waited: seconds(self.timeout),
                },
            })?;
        match status {
            Ok(status) if status.success() => Ok(()),
            Ok(status) => Err(WorkerError::WorkerExited { status }),
            Err(e) => Err(WorkerError::io(Path::new("node"), e)),
        }
    }

    /// Waits for the worker's exit, at most `within`, stopping early on Ctrl-C.
    fn wait_exit(&self, within: Duration) -> Result<std::io::Result<ExitStatus>, Silence> {
        let deadline = Instant::now() + within;
        loop {
            match self.child().try_wait() {
                Ok(Some(status)) => return Ok(Ok(status)),
                Ok(None) => {}
                Err(e) => return Ok(Err(e)),
            }
            interrupt::check().map_err(Silence::Interrupted)?;
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(Silence::TimedOut);
            }
            std::thread::sleep(left.min(Duration::from_millis(5)));
        }
    }

    fn kill(&self) {
        let mut child = self.child();
        // SIGKILL ends a stopped process too.
        let _ = child.kill();
        let _ = child.wait();
    }

    fn child(&self) -> MutexGuard<'_, Child> {
        self.child.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn outbox(&self) -> MutexGuard<'_, Outbox> {
        self.outbox.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl Outbox {
    /// Queues one message line for the writer thread. The JSON must be on one line:
    /// serde_json's compact output is. A worker that has gone away is noticed by the
    /// wait for its answer (its stdout closes), so a failed send is not an error here.
    fn send(&self, line: String) {
        if let Some(requests) = &self.requests {
            let _ = requests.send(line);
        }
    }
}

impl Drop for Prerenderer {
    fn drop(&mut self) {
        // After finish() the worker has exited and this is a no-op; on an error path
        // (a failed route, a timeout, Ctrl-C) it makes sure no node process outlives
        // the build. Its pipe threads end when its pipes close.
        self.kill();
    }
}

/// The command that starts a worker running `script` in `web_dir`.
fn worker_command(script: &Path, web_dir: &Path) -> Command {
    let mut command = Command::new("node");
    command
        // A larger young generation: a page allocates a few MB, and the default
        // semi-space made the worker spend ~15 % of its time in scavenges.
        .arg("--max-semi-space-size=32")
        // Without escape analysis, the optimising compiler's largest pass here, a worker
        // rendered a 10,000-product catalogue's pages in 7 % less time and 8 % less CPU
        // (its compiler threads share the cores with the other worker and sitegen).
        .arg("--no-turbo-escape")
        .arg(script)
        .current_dir(web_dir)
        // Node reads and parses this certificate bundle as it starts (about 50 ms of
        // CPU with Debian's, more than the rest of Node's start), and a worker makes no
        // TLS connection.
        .env_remove("NODE_EXTRA_CA_CERTS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        // Not inherited: Node makes its stdio non-blocking, and on a shared stderr
        // that would make sitegen's own messages fail (EAGAIN) whenever the reader
        // lags, and for good after a worker is killed. Copied over instead.
        .stderr(Stdio::piped());
    command
}

/// `60 s`, `1.5 s`.
fn seconds(duration: Duration) -> String {
    let seconds = duration.as_secs_f64();
    if seconds.fract() == 0.0 {
        format!("{seconds:.0} s")
    } else {
        format!("{seconds:.1} s")
    }
}

/// A thread that writes the lines sent to it into `stdin`; it closes `stdin` (the
/// worker's signal to exit) when the sender is dropped, and ends early when the worker
/// has gone (a write fails). A stopped worker blocks only this thread.
fn write_lines(stdin: ChildStdin) -> Sender<String> {
    let (sender, receiver) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        let mut stdin = BufWriter::new(stdin);
        for line in receiver {
            let written = stdin
                .write_all(line.as_bytes())
                .and_then(|()| stdin.write_all(b"\n"))
                .and_then(|()| stdin.flush());
            if written.is_err() {
                break;
            }
        }
    });
    sender
}

/// A thread that copies what the worker logs onto sitegen's stderr, until the worker's
/// stderr closes (it exited or was killed).
fn copy_to_stderr(mut logs: ChildStderr) {
    std::thread::spawn(move || {
        let _ = std::io::copy(&mut logs, &mut std::io::stderr());
    });
}

/// A thread that reads the worker's reply lines and hands each page to the request it
/// answers, the next one [`Outbox::expected`] holds. It reads the frames too: a frame's
/// markup comes with the first page in it, which may be another thread's. At the end
/// of `stdout` (the worker exited or was killed) every request still waiting is told
/// so, by its channel closing.
fn read_replies(stdout: ChildStdout, outbox: Arc<Mutex<Outbox>>) {
    std::thread::spawn(move || {
        let mut stdout = BufReader::new(stdout);
        // The frames the worker sent for its current layout, by its ids.
        let mut frames = HashMap::new();
        let mut line = String::new();
        loop {
            line.clear();
            let read = stdout.read_line(&mut line);
            let mut outbox = outbox.lock().unwrap_or_else(|p| p.into_inner());
            let answer = loop {
                match outbox.expected.pop_front() {
                    Some(Expected::NewLayout) => frames.clear(),
                    Some(Expected::Page(answer)) => break Some(answer),
                    None => break None,
                }
            };
            match read {
                Ok(0) => {}
                Ok(_) => {
                    drop(outbox);
                    // A line nothing asked for (the protocol allows none) is dropped.
                    if let Some(answer) = answer {
                        let _ = answer.send(rendered_of(&line, &mut frames));
                    }
                    continue;
                }
                Err(e) => {
                    if let Some(answer) = answer {
                        let _ = answer.send(Err(format!("worker stdout: {e}")));
                    }
                }
            }
            outbox.closed = true;
            outbox.expected.clear();
            break;
        }
    });
}

/// A stand-in for `web/scripts/prerender.mjs` that speaks the same protocol without the
/// web app: it answers `<p>URL|LAYOUT.site.name|ROUTE.meta.title</p>` (status 404
/// for `/404`), exits with status 3, answering nothing, when asked for `/crash`, and
/// never answers `/hang` (a render that does not end).
#[cfg(any(test, feature = "testing"))]
pub fn fake_worker(dir: &Path) -> std::path::PathBuf {
    const SCRIPT: &str = r#"
import { createInterface } from 'node:readline';
let layout;
for await (const line of createInterface({ input: process.stdin })) {
  const message = JSON.parse(line);
  if (!('url' in message)) { layout = message.layout; continue; }
  if (message.url === '/crash') process.exit(3);
  if (message.url === '/hang') continue;
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

    fn start(dir: &tempfile::TempDir) -> Result<Prerenderer, WorkerError> {
        Prerenderer::start(
            &fake_worker(dir.path()),
            dir.path(),
            LAYOUT,
            DEFAULT_WORKER_TIMEOUT,
        )
    }

    #[test]
    fn a_worker_starts_without_the_extra_certificates_node_would_parse() {
        let command = worker_command(Path::new("prerender.mjs"), Path::new("web"));
        let removed: Vec<_> = command
            .get_envs()
            .filter(|(_, value)| value.is_none())
            .map(|(name, _)| name)
            .collect();
        assert_eq!(removed, ["NODE_EXTRA_CA_CERTS"]);
    }

    #[test]
    fn a_worker_renders_each_route_with_the_layout_it_was_sent_once() {
        let dir = tempfile::tempdir().unwrap();
        let worker = start(&dir).unwrap();
        for url in ["/a", "/services/x%20y"] {
            let rendered = worker.render(url, ROUTE).unwrap();
            let html = rendered.markup.html();
            assert!(
                html == format!("<p>{url}|Layout sent once|A title</p>"),
                "{html}"
            );
            assert_eq!(rendered.status, 200);
        }
        worker.finish().unwrap();
    }

    /// Renders `/THREAD/PAGE` on `worker` from `threads` threads at once, `pages` each,
    /// and asserts that each thread gets the page `expected` of its URL.
    fn render_from_threads(
        worker: &Prerenderer,
        threads: usize,
        pages: usize,
        expected: impl Fn(&str) -> String + Sync,
    ) {
        std::thread::scope(|scope| {
            for thread in 0..threads {
                let expected = &expected;
                scope.spawn(move || {
                    for page in 0..pages {
                        let url = format!("/{thread}/{page}");
                        let rendered = worker.render(&url, ROUTE).unwrap();
                        assert_eq!(rendered.markup.html(), expected(&url));
                    }
                });
            }
        });
    }

    #[test]
    fn threads_sharing_a_worker_each_get_the_answer_to_their_own_request() {
        let dir = tempfile::tempdir().unwrap();
        let worker = start(&dir).unwrap();
        render_from_threads(&worker, 4, 25, |url| {
            format!("<p>{url}|Layout sent once|A title</p>")
        });
        worker.finish().unwrap();
    }

    /// A worker that puts every page in frame 1, whose markup it sends with its first
    /// reply only, whatever layouts come.
    fn framing_worker(dir: &Path) -> std::path::PathBuf {
        const SCRIPT: &str = r#"
import { createInterface } from 'node:readline';
let sent = false;
for await (const line of createInterface({ input: process.stdin })) {
  const message = JSON.parse(line);
  if (!('url' in message)) continue;
  const reply = { frame: 1, hoisted: '', screen: message.url, modules: [], status: 200 };
  if (!sent) reply.frameMarkup = { before: '<main>', after: '</main>' };
  sent = true;
  process.stdout.write(JSON.stringify(reply) + '\n');
}
"#;
        let path = dir.join("framing-prerender.mjs");
        std::fs::write(&path, SCRIPT).expect("the framing worker is written");
        path
    }

    #[test]
    fn a_frame_sent_in_one_threads_reply_frames_the_pages_of_every_thread_until_a_new_layout() {
        let dir = tempfile::tempdir().unwrap();
        let worker = Prerenderer::start(
            &framing_worker(dir.path()),
            dir.path(),
            LAYOUT,
            DEFAULT_WORKER_TIMEOUT,
        )
        .unwrap();
        render_from_threads(&worker, 3, 20, |url| format!("<main>{url}</main>"));
        // The frames of the old layout are gone: this worker should have sent frame 1 again.
        worker.set_layout(LAYOUT);
        let message = worker.render("/after", ROUTE).unwrap_err().to_string();
        assert!(message.contains("frame 1 was never sent"), "{message}");
    }

    #[test]
    fn a_worker_crash_is_reported_with_the_url_and_its_exit_code() {
        let dir = tempfile::tempdir().unwrap();
        let worker = start(&dir).unwrap();
        match worker.render("/crash", ROUTE) {
            Err(WorkerError::WorkerEnded { url, ended }) => {
                assert_eq!(url, "/crash");
                assert_eq!(
                    ended,
                    [Ended {
                        pid: worker.pid(),
                        how: "exited with code 3".into()
                    }]
                );
            }
            other => panic!("expected a prerender error, got {other:?}"),
        }
    }

    // The worker's output ends as it dies: its next route fails at once, saying how it
    // ended, instead of waiting for the timeout.
    #[cfg(unix)]
    #[test]
    fn a_worker_killed_while_idle_fails_its_next_route_at_once_saying_how() {
        let dir = tempfile::tempdir().unwrap();
        let worker = start(&dir).unwrap();
        worker.render("/a", ROUTE).unwrap();
        let pid = worker.pid();
        let killed = Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        // Idle and dead: its reader has seen its output end before the next route.
        let deadline = Instant::now() + Duration::from_secs(10);
        while !worker.outbox().closed {
            assert!(Instant::now() < deadline, "the worker's output never ended");
            std::thread::sleep(Duration::from_millis(10));
        }
        let started = Instant::now();
        let error = worker.render("/b", ROUTE).unwrap_err();
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "failed after {:?}",
            started.elapsed()
        );
        assert_eq!(
            error.to_string(),
            format!(
                "prerendering \"/b\" failed: the prerender worker (process {pid}) was \
                 killed by signal 9 (SIGKILL) before answering it"
            )
        );
    }

    fn start_impatient(dir: &tempfile::TempDir) -> Prerenderer {
        let script = fake_worker(dir.path());
        Prerenderer::start(&script, dir.path(), LAYOUT, Duration::from_millis(400)).unwrap()
    }

    fn is_running(pid: u32) -> bool {
        Path::new(&format!("/proc/{pid}")).exists()
    }

    /// Asserts that a render failed after the timeout (not long after it), naming the URL.
    fn assert_timed_out(result: Result<Rendered, WorkerError>, url: &str, started: Instant) {
        let elapsed = started.elapsed();
        match result {
            Err(WorkerError::Prerender {
                url: failed,
                message,
            }) => {
                assert_eq!(failed, url);
                assert!(message.contains("did not answer within 0.4 s"), "{message}");
                assert!(message.contains(WORKER_TIMEOUT_ENV), "{message}");
            }
            other => panic!("expected a timeout, got {other:?}"),
        }
        assert!(
            (Duration::from_millis(400)..Duration::from_secs(5)).contains(&elapsed),
            "failed after {elapsed:?}"
        );
    }

    #[test]
    fn a_worker_that_never_answers_fails_the_route_after_the_timeout_and_is_killed() {
        let dir = tempfile::tempdir().unwrap();
        let worker = start_impatient(&dir);
        let pid = worker.pid();
        let started = Instant::now();
        assert_timed_out(worker.render("/hang", ROUTE), "/hang", started);
        assert!(!is_running(pid), "the hung worker {pid} was not killed");
    }

    // The fallbacks cannot pause a process.
    #[cfg(all(unix, not(feature = "portable")))]
    #[test]
    fn a_stopped_worker_fails_the_route_after_the_timeout_and_dies_when_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let worker = start_impatient(&dir);
        let pid = worker.pid();
        assert!(crate::os::pause(pid));
        let started = Instant::now();
        assert_timed_out(worker.render("/products", ROUTE), "/products", started);
        drop(worker);
        assert!(
            !is_running(pid),
            "the stopped worker {pid} outlived its handle"
        );
    }

    // Two routes wait on one hung worker: the one whose wait ends first kills it, and
    // the other must still say that the worker hung, not that it exited by itself.
    #[test]
    fn every_route_waiting_on_a_hung_worker_is_told_it_timed_out() {
        let dir = tempfile::tempdir().unwrap();
        let worker = start_impatient(&dir);
        let started = Instant::now();
        std::thread::scope(|scope| {
            let first = scope.spawn(|| worker.render("/hang", ROUTE));
            // Asked later, so its own wait would end later.
            std::thread::sleep(Duration::from_millis(200));
            let second = scope.spawn(|| worker.render("/hang", ROUTE));
            assert_timed_out(first.join().unwrap(), "/hang", started);
            assert_timed_out(second.join().unwrap(), "/hang", started);
        });
    }

    #[test]
    fn a_worker_that_fails_on_its_way_out_is_a_worker_exited_error() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("exits-3.mjs");
        std::fs::write(
            &script,
            "process.stdin.resume(); process.stdin.on('end', () => process.exit(3));\n",
        )
        .unwrap();
        let worker =
            Prerenderer::start(&script, dir.path(), LAYOUT, DEFAULT_WORKER_TIMEOUT).unwrap();
        match worker.finish() {
            Err(error @ WorkerError::WorkerExited { status }) => {
                assert_eq!(status.code(), Some(3));
                assert!(error.to_string().contains("exited with"), "{error}");
            }
            other => panic!("expected WorkerExited, got {other:?}"),
        }
    }

    #[test]
    fn a_missing_script_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("no-such-worker.mjs");
        match Prerenderer::start(&missing, dir.path(), LAYOUT, DEFAULT_WORKER_TIMEOUT) {
            Err(WorkerError::Io { path, .. }) => assert_eq!(path, missing),
            other => panic!(
                "expected an Io error naming the script, got {:?}",
                other.err()
            ),
        }
    }

    #[test]
    fn a_worker_dropped_without_finishing_is_killed() {
        let dir = tempfile::tempdir().unwrap();
        let worker = start(&dir).unwrap();
        worker.render("/a", ROUTE).unwrap();
        let pid = worker.pid();
        drop(worker);
        assert!(!is_running(pid), "worker {pid} outlived its handle");
    }

    #[test]
    fn timeouts_are_told_in_seconds() {
        assert_eq!(seconds(DEFAULT_WORKER_TIMEOUT), "60 s");
        assert_eq!(seconds(Duration::from_millis(400)), "0.4 s");
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
            let html = page.markup.html();
            assert!(html.starts_with(&format!("<p>{url}|")), "{html}");
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
            matches!(&error, WorkerError::WorkerEnded { url, .. } if url == "/crash"),
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
