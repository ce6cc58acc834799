//! Clones of a bare repository in a temporary folder, with a content folder, for the
//! publish tests; and git's own smart-HTTP server (`git http-backend`) on a port.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub const PRODUCTS: &str = "# The products.
[[product]]
id = 17
title = \"Hemodialysis Machine\"
model = \"HD-1\"
description = \"Cleans blood.\"

[[product]]
id = 18
title = \"RO Unit\"   # the plant's name
model = 'RO-1'
description = \"Water for dialysis.\"
";

pub const SITE: &str = "name = \"Example\"

[contact]
phones = [\"+91 1\"]
emails = [\"info@example.com\"]
";

pub use sitegen_content::testing::git;

pub fn configure(dir: &Path, name: &str) {
    git(dir, &["config", "user.name", name]);
    git(
        dir,
        &[
            "config",
            "user.email",
            &format!("{}@example.com", name.to_lowercase()),
        ],
    );
}

pub struct Repos {
    pub root: tempfile::TempDir,
    pub bare: PathBuf,
    pub mine: PathBuf,
}

impl Repos {
    /// A bare repository with one commit (a content folder and a README), and my clone of it.
    pub fn new() -> Repos {
        let root = tempfile::tempdir().unwrap();
        let bare = root.path().join("site.git");
        git(
            root.path(),
            &["init", "-q", "--bare", "-b", "main", "site.git"],
        );
        let seed = root.path().join("seed");
        git(root.path(), &["init", "-q", "-b", "main", "seed"]);
        configure(&seed, "Seed");
        std::fs::create_dir_all(seed.join("content/media/products")).unwrap();
        std::fs::write(seed.join("content/products.toml"), PRODUCTS).unwrap();
        std::fs::write(seed.join("content/site.toml"), SITE).unwrap();
        std::fs::write(seed.join("content/media/products/hd.jpg"), b"jpeg").unwrap();
        std::fs::write(seed.join("README.md"), "# Site\n").unwrap();
        git(&seed, &["add", "."]);
        git(&seed, &["commit", "-q", "-m", "first"]);
        git(&seed, &["remote", "add", "origin", &url(&bare)]);
        git(&seed, &["push", "-q", "-u", "origin", "main"]);
        let repos = Repos {
            root,
            bare,
            mine: PathBuf::new(),
        };
        let mine = repos.clone_as("mine", "Editor");
        Repos { mine, ..repos }
    }

    pub fn clone_as(&self, folder: &str, name: &str) -> PathBuf {
        git(self.root.path(), &["clone", "-q", &url(&self.bare), folder]);
        let dir = self.root.path().join(folder);
        configure(&dir, name);
        dir
    }

    pub fn content(&self) -> PathBuf {
        self.mine.join("content")
    }

    /// A colleague's clone, changed by `change` and pushed.
    pub fn colleague_publishes(&self, change: impl FnOnce(&Path)) {
        let theirs = self.root.path().join("colleague");
        if !theirs.exists() {
            self.clone_as("colleague", "Colleague");
        } else {
            git(&theirs, &["pull", "-q", "--ff-only"]);
        }
        change(&theirs);
        git(&theirs, &["commit", "-q", "-am", "a colleague's change"]);
        git(&theirs, &["push", "-q"]);
    }

    pub fn remote_head(&self) -> String {
        git(&self.bare, &["rev-parse", "main"])
    }

    pub fn remote_file(&self, path: &str) -> String {
        git(&self.bare, &["show", &format!("main:{path}")])
    }
}

pub fn url(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// Replaces `from` by `to` in `file`, which must hold it.
pub fn replace(file: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains(from), "{} lacks {from:?}", file.display());
    std::fs::write(file, text.replacen(from, to, 1)).unwrap();
}

/// Serves the repositories under `root` over HTTP with `git http-backend`, answering
/// every request with 401 when `refuse` is set; returns the base URL.
pub fn http_server(root: &Path, refuse: bool) -> String {
    http_server_with(root, refuse, None)
}

/// Something done once, before the first push is answered (after the client's fetch).
pub type BeforePush = Box<dyn FnOnce() + Send>;

/// [`http_server`] that runs `before_first_push` when the first push asks for the
/// remote's branches: the push then finds the branch moved since its fetch.
pub fn http_server_with(
    root: &Path,
    refuse: bool,
    before_first_push: Option<BeforePush>,
) -> String {
    let before_first_push = std::sync::Arc::new(std::sync::Mutex::new(before_first_push));
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    let root = root.to_path_buf();
    let exec_path = git(&root, &["--exec-path"]);
    let backend = PathBuf::from(exec_path).join("git-http-backend");
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(stream) = stream else { continue };
            let root = root.clone();
            let backend = backend.clone();
            let before = before_first_push.clone();
            std::thread::spawn(move || serve_one(stream, &root, &backend, refuse, &before));
        }
    });
    format!("http://{address}")
}

fn serve_one(
    stream: std::net::TcpStream,
    root: &Path,
    backend: &Path,
    refuse: bool,
    before_first_push: &std::sync::Mutex<Option<BeforePush>>,
) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut writer = stream;
    let mut line = String::new();
    if reader.read_line(&mut line).unwrap_or(0) == 0 {
        return;
    }
    let mut parts = line.split_whitespace();
    let method = parts.next().unwrap_or("GET").to_string();
    let target = parts.next().unwrap_or("/").to_string();
    let mut length = 0usize;
    let mut content_type = String::new();
    let mut chunked = false;
    loop {
        let mut header = String::new();
        reader.read_line(&mut header).unwrap();
        let header = header.trim_end();
        if header.is_empty() {
            break;
        }
        let (name, value) = header.split_once(':').unwrap_or((header, ""));
        let value = value.trim();
        match name.to_ascii_lowercase().as_str() {
            "content-length" => length = value.parse().unwrap_or(0),
            "content-type" => content_type = value.to_string(),
            "transfer-encoding" => chunked = value.eq_ignore_ascii_case("chunked"),
            _ => {}
        }
    }
    let mut body = Vec::new();
    if chunked {
        loop {
            let mut size = String::new();
            reader.read_line(&mut size).unwrap();
            let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            let mut chunk = vec![0; size + 2];
            reader.read_exact(&mut chunk).unwrap();
            if size == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..size]);
        }
    } else {
        body.resize(length, 0);
        reader.read_exact(&mut body).unwrap();
    }
    if refuse {
        let _ = writer.write_all(
            b"HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm=\"git\"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
        );
        return;
    }
    let (path, query) = target.split_once('?').unwrap_or((&target, ""));
    if query.contains("service=git-receive-pack") {
        if let Some(action) = before_first_push.lock().unwrap().take() {
            action();
        }
    }
    let mut child = Command::new(backend)
        .env("GIT_PROJECT_ROOT", root)
        .env("GIT_HTTP_EXPORT_ALL", "1")
        .env("REQUEST_METHOD", &method)
        .env("PATH_INFO", path)
        .env("QUERY_STRING", query)
        .env("CONTENT_TYPE", &content_type)
        .env("CONTENT_LENGTH", body.len().to_string())
        .env("REMOTE_USER", "editor")
        .env("REMOTE_ADDR", "127.0.0.1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer_thread = std::thread::spawn(move || {
        let _ = stdin.write_all(&body);
    });
    let output = child.wait_with_output().unwrap();
    writer_thread.join().unwrap();
    let split = output
        .stdout
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .map(|at| (at, 4))
        .or_else(|| {
            output
                .stdout
                .windows(2)
                .position(|window| window == b"\n\n")
                .map(|at| (at, 2))
        })
        .unwrap_or((0, 0));
    let head = String::from_utf8_lossy(&output.stdout[..split.0]).to_string();
    let body = &output.stdout[split.0 + split.1..];
    let mut status = "200 OK".to_string();
    let mut headers = String::new();
    for header in head.lines() {
        match header.strip_prefix("Status:") {
            Some(value) => status = value.trim().to_string(),
            None if !header.is_empty() => headers.push_str(&format!("{header}\r\n")),
            None => {}
        }
    }
    let _ = writer.write_all(
        format!(
            "HTTP/1.1 {status}\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        )
        .as_bytes(),
    );
    let _ = writer.write_all(body);
}
