//! Integration tests of `sitegen serve`, run as a user would run it: the binary on a
//! small built site (`--no-build`), spoken to over HTTP.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

mod common;

/// How long the server may take to start listening.
const START_DEADLINE: Duration = Duration::from_secs(30);

/// A running `sitegen serve`, stopped when dropped.
struct Server {
    child: Child,
    /// The `http://ADDR` it announced.
    addr: String,
    /// What it wrote to stderr before announcing.
    stderr: mpsc::Receiver<String>,
    /// What it wrote to stdout after announcing.
    stdout: mpsc::Receiver<String>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// What it writes to stderr within `wait` (its lines arrive through a thread,
    /// maybe after the address was announced).
    fn stderr_within(&self, wait: Duration) -> String {
        lines_within(&self.stderr, wait)
    }

    /// What it writes to stdout within `wait` after announcing its address.
    fn stdout_within(&self, wait: Duration) -> String {
        lines_within(&self.stdout, wait)
    }
}

fn lines_within(lines: &mpsc::Receiver<String>, wait: Duration) -> String {
    let deadline = Instant::now() + wait;
    let mut got = Vec::new();
    while let Ok(line) = lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        got.push(line);
    }
    got.join("\n")
}

/// Starts `sitegen serve --no-build --port 0 --out DIST ARGS…` and waits for the
/// `serving … at http://ADDR/` line.
fn serve(dist: &Path, args: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sitegen"))
        .args(["serve", "--no-build", "--port", "0", "--out"])
        .arg(dist)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sitegen runs");
    let (stdout_lines, stdout) = mpsc::channel();
    let (stderr_lines, stderr) = mpsc::channel();
    let out = child.stdout.take().unwrap();
    let err = child.stderr.take().unwrap();
    // Owned at once, so that a failed start still stops the process.
    let mut server = Server {
        child,
        addr: String::new(),
        stderr,
        stdout,
    };
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            let _ = stdout_lines.send(line);
        }
    });
    std::thread::spawn(move || {
        for line in BufReader::new(err).lines().map_while(Result::ok) {
            let _ = stderr_lines.send(line);
        }
    });
    let deadline = Instant::now() + START_DEADLINE;
    while server.addr.is_empty() {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = server
            .stdout
            .recv_timeout(left)
            .expect("sitegen serve announces its address");
        if let Some((_, url)) = line.split_once(" at http://") {
            server.addr = url.trim_end_matches('/').to_string();
        }
    }
    server
}

/// Sends one GET and returns the status line and the body.
fn get(addr: &str, path: &str) -> (String, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    (head.lines().next().unwrap().to_string(), body.to_string())
}

fn site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let dist = dir.path().join("dist");
    std::fs::create_dir_all(&dist).unwrap();
    std::fs::write(dist.join("index.html"), "<p>home</p>").unwrap();
    std::fs::write(dist.join("404.html"), "<p>missing</p>").unwrap();
    std::fs::write(
        dist.join("_headers"),
        "/*\n  X-Content-Type-Options: nosniff\n",
    )
    .unwrap();
    std::fs::write(dist.join(".sitegen-output"), "sitegen-output 1\n").unwrap();
    dir
}

// Symbolic links as Unix makes them (Windows needs privileges for them).
#[cfg(unix)]
#[test]
fn serve_does_not_follow_symlinks_out_of_dist_nor_serve_host_files() {
    let dir = site();
    let dist = dir.path().join("dist");
    let outside = dir.path().join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("passwd"), "root:x:0:0").unwrap();
    std::os::unix::fs::symlink(&outside, dist.join("etclink")).unwrap();
    let server = serve(&dist, &[]);

    let (status, body) = get(&server.addr, "/etclink/passwd");
    assert!(status.contains(" 403 "), "{status}");
    assert!(!body.contains("root:x"));
    for path in [
        "/./_headers",
        "/%2e/_headers",
        "/%5fheaders",
        "/.sitegen-output",
    ] {
        let (status, body) = get(&server.addr, path);
        assert!(status.contains(" 404 "), "{path}: {status}");
        assert_eq!(body, "<p>missing</p>", "{path}");
    }
    assert_eq!(get(&server.addr, "/").1, "<p>home</p>");
}

#[test]
fn serve_stops_on_sigterm_as_on_ctrl_c() {
    let site = site();
    let mut server = serve(site.path(), &[]);
    let pid = server.child.id().to_string();
    let sent = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(sent.success());
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            assert!(status.success(), "{status}");
            break;
        }
        assert!(Instant::now() < deadline, "sitegen serve ignored SIGTERM");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn serve_warns_that_a_non_loopback_host_is_reachable_from_the_network() {
    let dir = site();
    let server = serve(&dir.path().join("dist"), &["--host", "0.0.0.0"]);
    let stderr = server.stderr_within(Duration::from_secs(1));
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|line| line.contains("reachable from the network"))
        .collect();
    assert_eq!(warnings.len(), 1, "{stderr}");
    assert!(warnings[0].starts_with("warning: "), "{stderr}");
    assert!(warnings[0].contains("0.0.0.0:"), "{stderr}");
}

#[test]
fn serve_on_loopback_gives_no_network_warning() {
    let dir = site();
    let server = serve(&dir.path().join("dist"), &["--host", "127.0.0.1"]);
    assert_eq!(get(&server.addr, "/").1, "<p>home</p>");
    let stderr = server.stderr_within(Duration::from_secs(1));
    assert!(!stderr.contains("reachable"), "{stderr}");
}

#[test]
fn serve_refuses_a_busy_port_before_building_and_says_so_once() {
    let busy = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = busy.local_addr().unwrap().port().to_string();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("site");
    // A build would fail on the missing content and say so: the port must be
    // refused before any of that.
    let started = Instant::now();
    let output = Command::new(env!("CARGO_BIN_EXE_sitegen"))
        .args(["serve", "--host", "127.0.0.1", "--port", &port])
        .arg("--content")
        .arg(dir.path().join("no-content"))
        .arg("--out")
        .arg(&out)
        .output()
        .expect("sitegen runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "answered at once"
    );
    // The error with its code, and the catalogue's hint.
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{stderr}");
    assert!(
        lines[0].starts_with("error[E0901]: cannot listen on "),
        "{stderr}"
    );
    assert!(lines[1].starts_with(" = help: "), "{stderr}");
    assert!(
        stderr.contains(&format!("127.0.0.1:{port}")),
        "names the address: {stderr}"
    );
    assert!(stderr.contains("--port"), "suggests --port: {stderr}");
    assert_eq!(
        stderr.matches("in use").count(),
        1,
        "says it once: {stderr}"
    );
    assert!(!out.exists(), "nothing was built");
    drop(busy);
}

/// The live-reload script and the error overlay exist only in `sitegen serve`, which
/// adds them to pages as it serves them: a built site holds no trace of either.
#[test]
fn a_built_site_holds_no_trace_of_live_reload_or_the_error_overlay() {
    let (tmp, content) = common::small_project();
    let out = tmp.path().join("dist");
    let output = common::build(&[], &content, &out);
    assert!(output.status.success(), "{}", common::stderr(&output));
    let mut checked = 0;
    for file in common::walk(&out) {
        // The .br and .gz twins hold the same text, compressed.
        if file
            .extension()
            .is_some_and(|ext| ext == "br" || ext == "gz")
        {
            continue;
        }
        let text = String::from_utf8_lossy(&std::fs::read(&file).unwrap()).into_owned();
        for trace in [
            "__sitegen/",
            "livereload",
            "sitegen-error-overlay",
            "alertdialog",
        ] {
            assert!(!text.contains(trace), "{} holds {trace:?}", file.display());
        }
        checked += 1;
    }
    assert!(checked > 20, "only {checked} files");
}

/// `--quiet` serves without a word: no address, no notice, not even the warning about
/// a reachable address (it is not an error).
#[test]
fn a_quiet_serve_prints_nothing() {
    let dir = site();
    let free = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = free.local_addr().unwrap().port().to_string();
    drop(free);
    let mut child = Command::new(env!("CARGO_BIN_EXE_sitegen"))
        .args([
            "serve",
            "--no-build",
            "--quiet",
            "--host",
            "0.0.0.0",
            "--port",
            &port,
        ])
        .arg("--out")
        .arg(dir.path().join("dist"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sitegen runs");
    let deadline = Instant::now() + START_DEADLINE;
    while TcpStream::connect(format!("127.0.0.1:{port}")).is_err() {
        assert!(Instant::now() < deadline, "sitegen serve did not listen");
        std::thread::sleep(Duration::from_millis(50));
    }
    let (status, body) = get(&format!("127.0.0.1:{port}"), "/");
    assert!(status.contains("200"), "{status}");
    assert_eq!(body, "<p>home</p>");
    child.kill().unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stdout), "");
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

/// Starts `sitegen serve --port 0` building and watching `content` into `out`, with the
/// repository's web app and templates; stdout piped, stderr as given.
fn serve_watching(content: &Path, out: &Path, stderr: Stdio) -> Child {
    serve_watching_with(&[], content, out, stderr)
}

/// [`serve_watching`] with the environment variables `env` set.
fn serve_watching_with(env: &[(&str, &str)], content: &Path, out: &Path, stderr: Stdio) -> Child {
    let repo = common::repo_root();
    Command::new(env!("CARGO_BIN_EXE_sitegen"))
        .envs(env.iter().copied())
        .args(["serve", "--port", "0", "--content"])
        .arg(content)
        .arg("--out")
        .arg(out)
        .arg("--web")
        .arg(repo.join("web"))
        .arg("--templates")
        .arg(repo.join("templates"))
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("sitegen runs")
}

/// Stops `child` with SIGINT, as Ctrl-C does, and asserts that it ended well (a serve
/// then records its output folder and the sitemap's dates).
fn stop_as_ctrl_c_does(child: &mut Child) {
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    assert!(child.wait().unwrap().success());
}

/// The usual flow: a preview with `sitegen serve`, stopped with Ctrl-C, then `sitegen
/// build` into the same folder, which updates the preview's files in place (the
/// preview recorded its folder as it stopped) and equals a clean build.
#[test]
fn the_build_after_a_preview_updates_its_folder_in_place() {
    let (tmp, content) = common::small_project();
    let out = tmp.path().join("dist");
    // One day for both builds: a run across midnight dates them apart.
    let day = [("SOURCE_DATE_EPOCH", "1767225600")];
    let mut child = serve_watching_with(&day, &content, &out, Stdio::null());
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let serving = lines
        .find_map(|line| line.ok().filter(|line| line.starts_with("serving ")))
        .expect("the preview never served");
    let (_, addr) = serving.split_once(" at http://").unwrap();
    // An answer: the server runs, and Ctrl-C now stops it (not a build).
    let (status, _) = get(addr.trim_end_matches('/'), "/");
    assert!(status.contains("200"), "{status}");
    stop_as_ctrl_c_does(&mut child);

    let build = common::build(&day, &content, &out);
    let said = common::stdout(&build);
    assert!(build.status.success(), "{}", common::stderr(&build));
    assert!(said.contains("in place"), "{said}");
    let clean_out = tmp.path().join("clean");
    let clean = common::build(&day, &content, &clean_out);
    assert!(clean.status.success(), "{}", common::stderr(&clean));
    assert!(
        common::snapshot(&out) == common::snapshot(&clean_out),
        "the updated preview differs from a clean build"
    );
}

/// A preview keeps the sitemap's dates in memory and stores them as it stops: the build
/// after it dates a page the preview's edit changed by the preview's day, not its own.
#[test]
fn the_sitemap_dates_of_a_preview_are_kept_for_the_build_after_it() {
    const JANUARY: &str = "1767225600";
    const MARCH: &str = "1772323200";
    let (tmp, content) = common::small_project();
    let out = tmp.path().join("dist");
    let mut child = serve_watching_with(
        &[("SOURCE_DATE_EPOCH", JANUARY)],
        &content,
        &out,
        Stdio::piped(),
    );
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let stderr = BufReader::new(child.stderr.take().unwrap());
    let (lines, received) = mpsc::channel();
    let sender = lines.clone();
    std::thread::spawn(move || {
        stdout
            .lines()
            .map_while(Result::ok)
            .for_each(|line| drop(sender.send(line)))
    });
    std::thread::spawn(move || {
        stderr
            .lines()
            .map_while(Result::ok)
            .for_each(|line| drop(lines.send(line)))
    });
    let wait_for = |start: &str| loop {
        let line = received
            .recv_timeout(START_DEADLINE)
            .unwrap_or_else(|_| panic!("no line starting {start:?}"));
        if line.starts_with(start) {
            break;
        }
    };
    wait_for("serving ");
    common::edit(
        &content.join("products.toml"),
        "title = \"Slit Lamp\"\ndescription = \"",
        "title = \"Slit Lamp\"\ndescription = \"Now with a new lamp. ",
    );
    wait_for("change detected");
    wait_for("built ");
    stop_as_ctrl_c_does(&mut child);

    let build = common::build(&[("SOURCE_DATE_EPOCH", MARCH)], &content, &out);
    assert!(build.status.success(), "{}", common::stderr(&build));
    let sitemap = std::fs::read_to_string(out.join("sitemap.xml")).unwrap();
    assert!(
        sitemap.contains("<lastmod>2026-01-01</lastmod>"),
        "{sitemap}"
    );
    assert!(!sitemap.contains("2026-03-01"), "{sitemap}");
}

/// Sends one GET and returns the status line, the `Content-Length` and the body.
fn get_with_length(addr: &str, path: &str) -> std::io::Result<(String, Option<usize>, String)> {
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )?;
    let mut response = String::new();
    stream.read_to_string(&mut response)?;
    let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
    let length = head.lines().find_map(|line| {
        let (name, value) = line.split_once(':')?;
        name.eq_ignore_ascii_case("content-length")
            .then(|| value.trim().parse().ok())?
    });
    Ok((
        head.lines().next().unwrap_or_default().to_string(),
        length,
        body.to_string(),
    ))
}

/// While a client asks for pages in a loop, saves arrive one after another, each while
/// the rebuild of the one before runs: every answer is a whole page, of one version.
#[test]
fn pages_stay_whole_while_saves_arrive_during_rebuilds() {
    const SAVES: usize = 6;
    const MAX_REQUESTS: usize = 20_000;
    const PRODUCT_PAGE: &str = "/products/1/slit-lamp";
    let (tmp, content) = common::small_project();
    let out = tmp.path().join("dist");
    let mut child = serve_watching(&content, &out, Stdio::piped());
    let stdout = child.stdout.take().unwrap();
    let stderr = child.stderr.take().unwrap();
    let server = Server {
        child,
        addr: String::new(),
        stderr: mpsc::channel().1,
        stdout: mpsc::channel().1,
    };
    let mut lines = BufReader::new(stdout).lines();
    let serving = lines
        .find_map(|line| line.ok().filter(|line| line.starts_with("serving ")))
        .expect("the preview never served");
    std::thread::spawn(move || lines.for_each(drop));
    let addr = serving
        .split_once(" at http://")
        .unwrap()
        .1
        .trim_end_matches('/')
        .to_string();
    let (rebuilds_tx, rebuilds) = mpsc::channel();
    let superseded = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let superseded_seen = superseded.clone();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if line.starts_with("change detected") {
                let _ = rebuilds_tx.send(());
            } else if line.starts_with("a file changed while it was read") {
                superseded_seen.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            }
        }
    });

    let products = content.join("products.toml");
    let original = std::fs::read_to_string(&products).unwrap();
    let first_description = original
        .split("description = \"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap()
        .to_string();
    let versions: Vec<String> = std::iter::once(first_description.clone())
        .chain((1..=SAVES).map(|k| format!("Saved description number {k} of the slit lamp.")))
        .collect();

    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let client = {
        let (addr, stop, versions) = (addr.clone(), stop.clone(), versions.clone());
        std::thread::spawn(move || {
            let mut seen = vec![0usize; versions.len()];
            let mut failures = Vec::new();
            let mut requests = 0;
            while !stop.load(std::sync::atomic::Ordering::SeqCst) && requests < MAX_REQUESTS {
                for path in [PRODUCT_PAGE, "/"] {
                    requests += 1;
                    let (status, length, body) = match get_with_length(&addr, path) {
                        Ok(answer) => answer,
                        Err(error) => {
                            failures.push(format!("{path}: {error}"));
                            continue;
                        }
                    };
                    if !status.contains(" 200 ") {
                        failures.push(format!("{path}: {status}"));
                    } else if length != Some(body.len()) || !body.trim_end().ends_with("</html>") {
                        failures.push(format!(
                            "{path}: a partial page ({} bytes, Content-Length {length:?})",
                            body.len()
                        ));
                    } else if path == PRODUCT_PAGE {
                        let shown: Vec<usize> = (0..versions.len())
                            .filter(|&k| body.contains(&versions[k]))
                            .collect();
                        match shown[..] {
                            [k] => seen[k] += 1,
                            _ => failures.push(format!("{path}: versions {shown:?} at once")),
                        }
                    }
                }
            }
            (requests, seen, failures)
        })
    };

    let edited = |k: usize| original.replacen(&first_description, &versions[k], 1);
    for k in 1..=SAVES {
        std::fs::write(&products, edited(k)).unwrap();
        // The next save lands while this one's rebuild runs.
        rebuilds
            .recv_timeout(Duration::from_secs(30))
            .expect("a save starts a rebuild");
    }
    let deadline = Instant::now() + Duration::from_secs(60);
    while !get(&addr, PRODUCT_PAGE).1.contains(&versions[SAVES]) {
        assert!(
            Instant::now() < deadline,
            "the last save never reached the page"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    let (requests, seen, failures) = client.join().unwrap();
    drop(server);
    eprintln!(
        "{requests} requests during {SAVES} saves ({} builds dropped as a save arrived while \
         they read the content); the product page's answers by version: {seen:?}",
        superseded.load(std::sync::atomic::Ordering::SeqCst)
    );
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(seen[0] > 0, "no answer came before the first save");
    assert!(requests < MAX_REQUESTS, "the client ran out of requests");
}

#[test]
fn the_editor_is_on_on_loopback_off_elsewhere_unless_asked_and_off_with_no_edit() {
    let dir = site();
    let dist = dir.path().join("dist");
    let local = serve(&dist, &[]);
    let printed = local.stdout_within(Duration::from_secs(1));
    assert!(
        printed.contains(&format!("editor: http://{}/_edit\n", local.addr))
            || printed.ends_with(&format!("editor: http://{}/_edit", local.addr)),
        "{printed}"
    );
    // Mounted and guarded: a request naming another host is refused.
    assert!(get(&local.addr, "/_edit").0.contains("403"));

    let off = serve(&dist, &["--no-edit"]);
    assert!(!off
        .stdout_within(Duration::from_secs(1))
        .contains("editor:"));
    assert!(get(&off.addr, "/_edit").0.contains("404"));
    // Publishing and the history are the editor's: off with it, guarded with it.
    for path in [
        "/_edit/api/publish",
        "/_edit/api/history?path=products.toml",
    ] {
        assert!(get(&local.addr, path).0.contains("403"), "{path}");
        assert!(get(&off.addr, path).0.contains("404"), "{path}");
    }

    let network = serve(&dist, &["--host", "0.0.0.0"]);
    assert!(!network
        .stdout_within(Duration::from_secs(1))
        .contains("editor:"));
    assert!(get(&network.addr, "/_edit/api/publish").0.contains("404"));

    let asked = serve(&dist, &["--host", "0.0.0.0", "--edit"]);
    let printed = asked.stdout_within(Duration::from_secs(1));
    let line = printed
        .lines()
        .find(|l| l.starts_with("editor: "))
        .unwrap_or_default();
    let token = line
        .split_once("/_edit?token=")
        .map(|(_, token)| token)
        .unwrap_or_default();
    assert_eq!(token.len(), 64, "{printed}");
    assert!(token.bytes().all(|b| b.is_ascii_hexdigit()), "{printed}");
    // With --edit, publishing needs the token like a save.
    assert!(get(&asked.addr, "/_edit/api/publish").0.contains("403"));
}

/// The live prerender workers (Node running `prerender.mjs`) whose parent is `parent`.
#[cfg(target_os = "linux")]
fn prerender_workers_of(parent: u32) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        // Gone meanwhile: not a worker any more.
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // `PID (NAME) STATE PPID …`; the name may hold spaces and parentheses.
        let Some((_, rest)) = stat.rsplit_once(')') else {
            continue;
        };
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let (state, ppid) = (fields[0], fields[1]);
        if state == "Z" || ppid != parent.to_string() {
            continue;
        }
        let command = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        if String::from_utf8_lossy(&command).contains("prerender.mjs") {
            found.push(pid);
        }
    }
    found
}

/// Whether process `pid` has ended (gone, or a zombie its parent has not reaped).
#[cfg(target_os = "linux")]
fn has_ended(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).map_or(true, |stat| {
        stat.rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z'))
    })
}

/// `sitegen serve` keeps its prerender worker between builds. Killed while idle (by
/// SIGKILL, then the new one by SIGINT), it is noticed by the next save's build, which
/// renders the route on a new worker: each save reaches the page within 10 s more than
/// a save whose worker lived (measured first, under the same load), not after the
/// worker timeout (600 s here), and a warning says how the worker ended.
#[cfg(target_os = "linux")]
#[test]
fn a_worker_killed_while_serve_idles_is_replaced_and_the_save_reaches_the_page() {
    const PRODUCT_PAGE: &str = "/products/1/slit-lamp";
    let (tmp, content) = common::small_project();
    let out = tmp.path().join("dist");
    let repo = common::repo_root();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sitegen"))
        .args([
            "serve",
            "--port",
            "0",
            "--worker-timeout",
            "600",
            "--content",
        ])
        .arg(&content)
        .arg("--out")
        .arg(&out)
        .arg("--web")
        .arg(repo.join("web"))
        .arg("--templates")
        .arg(repo.join("templates"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sitegen runs");
    let (stdout, stderr) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let server = Server {
        child,
        addr: String::new(),
        stderr: mpsc::channel().1,
        stdout: mpsc::channel().1,
    };
    let mut lines = BufReader::new(stdout).lines();
    let serving = lines
        .find_map(|line| line.ok().filter(|line| line.starts_with("serving ")))
        .expect("the preview never served");
    std::thread::spawn(move || lines.for_each(drop));
    let (stderr_lines, said) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = stderr_lines.send(line);
        }
    });
    let addr = serving
        .split_once(" at http://")
        .unwrap()
        .1
        .trim_end_matches('/')
        .to_string();

    let products = content.join("products.toml");
    let original = std::fs::read_to_string(&products).unwrap();
    let first_description = original
        .split("description = \"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap()
        .to_string();
    // Saves a new description and answers how long it took to reach the page.
    let save = |description: &str, within: Duration| {
        std::fs::write(
            &products,
            original.replacen(&first_description, description, 1),
        )
        .unwrap();
        let saved = Instant::now();
        while !get(&addr, PRODUCT_PAGE).1.contains(description) {
            assert!(
                saved.elapsed() < within,
                "{description:?} did not reach the page within {within:?}; sitegen said:\n{}",
                lines_within(&said, Duration::ZERO)
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        saved.elapsed()
    };
    let plain = save(
        "The slit lamp, saved while its worker lived.",
        PLAIN_SAVE_DEADLINE,
    );
    eprintln!("a save whose worker lived reached the page in {plain:?}");
    let mut text = String::new();
    for (signal, ending) in [
        ("KILL", "was killed by signal 9 (SIGKILL)"),
        ("INT", "was killed by signal 2 (SIGINT)"),
    ] {
        let workers = prerender_workers_of(server.child.id());
        assert!(!workers.is_empty(), "no idle worker to kill");
        for pid in &workers {
            let sent = Command::new("kill")
                .args([&format!("-{signal}"), &pid.to_string()])
                .status()
                .unwrap();
            assert!(sent.success());
        }
        let deadline = Instant::now() + Duration::from_secs(10);
        while !workers.iter().all(|pid| has_ended(*pid)) {
            assert!(Instant::now() < deadline, "SIG{signal} ended no worker");
            std::thread::sleep(Duration::from_millis(20));
        }
        let took = save(
            &format!("The slit lamp, saved after a worker got SIG{signal}."),
            plain + Duration::from_secs(10),
        );
        eprintln!("the save after SIG{signal} reached the page in {took:?}");
        // The warning is printed with the build's summary, as the page lands.
        let deadline = Instant::now() + Duration::from_secs(5);
        while !text.contains(ending) && Instant::now() < deadline {
            text.push_str(&lines_within(&said, Duration::from_millis(100)));
            text.push('\n');
        }
        let warning = text
            .lines()
            .find(|line| line.contains(ending))
            .unwrap_or_else(|| panic!("no word of the worker that got SIG{signal}: {text}"));
        assert!(
            warning.starts_with("warning[W0801]: the prerender worker (process "),
            "{text}"
        );
        assert!(
            warning.ends_with(&format!(
                " before answering {PRODUCT_PAGE:?}; the route was rendered on a new worker"
            )),
            "{text}"
        );
    }
    assert!(!text.contains("did not answer"), "{text}");
    assert!(!text.contains("error["), "{text}");
}

/// How long a save may take to reach the page when nothing is wrong (a shared, busy
/// machine runs the tests).
const PLAIN_SAVE_DEADLINE: Duration = Duration::from_secs(60);
