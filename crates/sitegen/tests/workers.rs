//! The prerender's Node workers: a worker that stops answering fails the build after a
//! timeout that names the route, one that dies is replaced at once and its route sent
//! again, no worker outlives sitegen, however it ends, and the workers share a code
//! cache of the bundle.

mod common;

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use common::*;

/// A value no other process carries in its environment: sitegen passes its
/// environment to its workers, so the processes holding it are this test's.
fn marker() -> String {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    format!(
        "{}-{}",
        std::process::id(),
        COUNT.fetch_add(1, Ordering::SeqCst)
    )
}

const MARKER_ENV: &str = "SITEGEN_TEST_WORKER_MARKER";

/// The processes whose environment holds `MARKER_ENV=marker`.
fn marked_processes(marker: &str) -> Vec<u32> {
    let wanted = format!("{MARKER_ENV}={marker}");
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        // Processes of other users, or gone meanwhile, cannot be read: not ours.
        let Ok(environ) = fs::read(entry.path().join("environ")) else {
            continue;
        };
        if environ
            .split(|byte| *byte == 0)
            .any(|variable| variable == wanted.as_bytes())
        {
            found.push(pid);
        }
    }
    found
}

/// Asserts that no process of `marker` is left (a killed worker may take a moment to
/// be reaped by init).
fn assert_no_process_left(marker: &str, after: &str) {
    let deadline = Instant::now() + Duration::from_secs(3);
    loop {
        let left = marked_processes(marker);
        if left.is_empty() {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "after {after}: processes {left:?} outlived sitegen"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A build whose workers carry `marker`; without the cache, so that every route is
/// rendered by a worker (a cached route would start none).
fn build_marked(content: &Path, out: &Path, marker: &str, env: &[(&str, &str)]) -> Command {
    let mut command = build_command(
        &repo_root(),
        env,
        content.to_str().unwrap(),
        out.to_str().unwrap(),
        &["--no-cache"],
    );
    command.env(MARKER_ENV, marker);
    command
}

fn run(mut command: Command) -> Output {
    command.output().expect("sitegen runs")
}

#[test]
fn a_stopped_worker_fails_the_build_naming_the_route_after_the_timeout() {
    let (tmp, content) = small_project();
    let out = tmp.path().join("dist");
    let marker = marker();
    let started = Instant::now();
    let output = run(build_marked(
        &content,
        &out,
        &marker,
        &[
            ("SITEGEN_FAULT", "stop-worker"),
            ("SITEGEN_WORKER_TIMEOUT_SECS", "2"),
            ("SITEGEN_JOBS", "1"),
        ],
    ));
    let elapsed = started.elapsed();
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    // The first route the worker was asked for: the home page, the first route planned
    // (no page waits for the images' variants, which are made before the routes).
    assert!(
        text.contains("prerendering \"/\" failed: the prerender worker"),
        "{text}"
    );
    assert!(text.contains("did not answer within 2 s"), "{text}");
    assert!(text.contains("SITEGEN_WORKER_TIMEOUT_SECS"), "{text}");
    assert!(
        !out.exists(),
        "a failed first build wrote {}",
        out.display()
    );
    // The content, the (cached) web app and 2 s of waiting; not a hang.
    assert!(elapsed < Duration::from_secs(60), "took {elapsed:?}");
    assert_no_process_left(&marker, "a timed-out worker");
}

/// A route whose worker dies is sent to a new worker, once: when every worker dies as
/// it starts, the build fails at once (not after the timeout), naming the first route
/// and how each worker it was sent to ended.
#[test]
fn a_build_whose_route_ends_every_worker_fails_naming_it_at_once() {
    let (tmp, content) = small_project();
    let out = tmp.path().join("dist");
    let marker = marker();
    let started = Instant::now();
    let output = run(build_marked(
        &content,
        &out,
        &marker,
        &[
            ("SITEGEN_FAULT", "kill-worker"),
            ("SITEGEN_WORKER_TIMEOUT_SECS", "600"),
            ("SITEGEN_JOBS", "1"),
        ],
    ));
    let elapsed = started.elapsed();
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    let headline = text
        .lines()
        .find(|line| line.starts_with("error[E0803]: "))
        .unwrap_or_else(|| panic!("no E0803: {text}"));
    assert!(
        headline.starts_with(
            "error[E0803]: prerendering \"/\" failed: each of the 2 prerender \
             workers it was tried on ended before answering it: process "
        ),
        "{text}"
    );
    assert_eq!(
        headline
            .matches(" was killed by signal 9 (SIGKILL)")
            .count(),
        2,
        "{text}"
    );
    assert!(!text.contains("did not answer"), "{text}");
    assert!(
        !out.exists(),
        "a failed first build wrote {}",
        out.display()
    );
    assert!(elapsed < Duration::from_secs(60), "took {elapsed:?}");
    assert_no_process_left(&marker, "workers that died");
}

/// The first worker dies before its first route (as one killed while idle): its routes
/// go to a new worker, the build succeeds with a warning saying so, and its site is the
/// same as a build whose workers all lived.
#[test]
fn a_build_whose_worker_died_renders_its_routes_on_a_new_one_and_says_so() {
    let (tmp, content) = small_project();
    let out = tmp.path().join("dist");
    let marker = marker();
    let output = run(build_marked(
        &content,
        &out,
        &marker,
        &[
            ("SITEGEN_FAULT", "kill-first-worker"),
            ("SITEGEN_WORKER_TIMEOUT_SECS", "600"),
        ],
    ));
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    let warnings: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with("warning[W0801]: the prerender worker (process "))
        .collect();
    assert!(!warnings.is_empty(), "{text}");
    for warning in warnings {
        assert!(
            warning.contains(") was killed by signal 9 (SIGKILL) before answering \"/"),
            "{text}"
        );
        assert!(
            warning.ends_with("; the route was rendered on a new worker"),
            "{text}"
        );
    }
    assert_no_process_left(&marker, "a build with a replaced worker");

    let clean = tmp.path().join("clean");
    let output = run(build_marked(&content, &clean, &marker, &[]));
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        snapshot(&out) == snapshot(&clean),
        "the site differs from a build whose workers lived"
    );
}

#[test]
fn no_worker_outlives_a_build_that_succeeds_fails_or_is_interrupted() {
    let (tmp, content) = small_project();
    let out = tmp.path().join("dist");
    for (case, env, expected) in [
        ("a build", vec![], Some(0)),
        (
            "a failed build",
            vec![
                ("SITEGEN_FAULT", "stop-worker"),
                ("SITEGEN_WORKER_TIMEOUT_SECS", "1"),
            ],
            Some(1),
        ),
        (
            "an interrupted build",
            vec![("SITEGEN_FAULT", "rendering:INT")],
            Some(130),
        ),
        (
            "a killed build",
            vec![("SITEGEN_FAULT", "rendering:KILL")],
            None,
        ),
    ] {
        let marker = marker();
        let output = run(build_marked(&content, &out, &marker, &env));
        assert_eq!(
            output.status.code(),
            expected,
            "{case}: {}",
            stderr(&output)
        );
        assert_no_process_left(&marker, case);
    }
}

/// A build (of `marker`) whose workers stop as they start, once they have: sitegen
/// waits for them until the timeout (10 minutes here). The caller ends and waits for it.
#[allow(clippy::zombie_processes)]
fn build_with_stopped_workers(marker: &str) -> (tempfile::TempDir, std::process::Child, Vec<u32>) {
    let (tmp, content) = small_project();
    let out = tmp.path().join("dist");
    let mut command = build_marked(
        &content,
        &out,
        marker,
        &[
            ("SITEGEN_FAULT", "stop-worker"),
            ("SITEGEN_WORKER_TIMEOUT_SECS", "600"),
        ],
    );
    let child = command
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    let is_worker = |pid: &u32| {
        fs::read(format!("/proc/{pid}/cmdline"))
            .is_ok_and(|line| String::from_utf8_lossy(&line).contains("prerender.mjs"))
    };
    loop {
        let workers: Vec<u32> = marked_processes(marker)
            .into_iter()
            .filter(is_worker)
            .collect();
        if !workers.is_empty() {
            return (tmp, child, workers);
        }
        assert!(Instant::now() < deadline, "no worker started");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// SIGTERM sent to sitegen alone (not its process group, as a service manager may)
/// while its workers are stopped: sitegen does not wait for the timeout, kills them
/// and exits 143.
#[test]
fn a_signal_stops_a_build_whose_workers_hang_at_once() {
    let marker = marker();
    // Wait for the workers (stopped as they start) before the signal.
    let (_tmp, mut child, _) = build_with_stopped_workers(&marker);
    std::thread::sleep(Duration::from_millis(300));
    let signalled = Instant::now();
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    let waited = signalled.elapsed();
    let mut text = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut text).unwrap();
    assert_eq!(status.code(), Some(143), "{text}");
    assert!(text.contains("interrupted;"), "{text}");
    assert!(
        waited < Duration::from_secs(5),
        "exited {waited:?} after SIGTERM"
    );
    assert_no_process_left(&marker, "SIGTERM");
}

/// Whether the kernel may back the memory of process `pid` with transparent huge pages.
fn huge_pages_allowed(pid: u32) -> bool {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    // Kernels before 6.0 do not say; they are taken to allow them.
    !status
        .lines()
        .any(|line| line.split_whitespace().eq(["THP_enabled:", "0"]))
}

/// Faulting in a transparent huge page zeroes all of its 2 MB: on a build, that was a
/// fifth of the CPU of an update with nothing to render, and the workers inherit it.
#[test]
fn neither_sitegen_nor_its_workers_use_transparent_huge_pages() {
    if !fs::read_to_string("/proc/self/status")
        .unwrap()
        .contains("THP_enabled:")
    {
        eprintln!("skipped: this kernel does not say whether a process may use them");
        return;
    }
    let marker = marker();
    let (_tmp, mut child, workers) = build_with_stopped_workers(&marker);
    let sitegen = child.id();
    let allowed: Vec<u32> = std::iter::once(sitegen)
        .chain(workers)
        .filter(|pid| huge_pages_allowed(*pid))
        .collect();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        allowed.is_empty(),
        "processes {allowed:?} (sitegen is {sitegen}) may use them"
    );
    assert_no_process_left(&marker, "SIGKILL");
}

/// The V8 code cache of the SSR bundle (web/scripts/code-cache.mjs) that every worker
/// compiles the bundle from; other tests' workers share it.
fn code_cache_path() -> std::path::PathBuf {
    repo_root().join("web/dist/server/entry-server.cjs.v8-cache")
}

/// Whether `path` starts with a code cache's header: `sitegen code cache`, the Node
/// version and architecture, and the digests of the bundle and of the data.
fn holds_a_code_cache(path: &Path) -> bool {
    let Ok(bytes) = fs::read(path) else {
        return false;
    };
    let header = bytes
        .split(|&byte| byte == b'\n')
        .next()
        .unwrap_or_default();
    let fields: Vec<&[u8]> = header.split(|&byte| byte == b' ').collect();
    let is_digest = |field: &[u8]| field.len() == 64 && field.iter().all(u8::is_ascii_hexdigit);
    fields.len() == 7
        && fields[..3] == [&b"sitegen"[..], b"code", b"cache"]
        && fields[5..].iter().all(|f| is_digest(f))
}

/// A worker that finds no code cache fit for the bundle writes one after its first
/// page; a damaged one is never run, and the pages are the same either way.
#[test]
fn workers_write_the_bundles_code_cache_and_never_run_a_damaged_one() {
    let (tmp, content) = small_project();
    let first = tmp.path().join("first");
    let output = run(build_marked(&content, &first, &marker(), &[]));
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(holds_a_code_cache(&code_cache_path()));

    fs::write(code_cache_path(), b"sitegen code cache damaged\n\x00\x01").unwrap();
    let second = tmp.path().join("second");
    let output = run(build_marked(&content, &second, &marker(), &[]));
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(snapshot(&first), snapshot(&second));
    assert!(holds_a_code_cache(&code_cache_path()));
}
