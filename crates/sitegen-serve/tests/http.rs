//! HTTP tests of the preview server: a real server on a free port, raw HTTP/1.1
//! requests, the answers a CDN or nginx would give.

use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use sitegen_diagnostics::{Diagnostic, ErrorCode, Location};
use sitegen_serve::{bind, local_addr, serve_until, LiveReload, ServeOptions};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const SECURITY_HEADER: &str = "x-content-type-options";
const HEADERS_FILE: &str = "/*\n  X-Content-Type-Options: nosniff\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n/media/*\n  Cache-Control: public, max-age=31536000, immutable\n";
/// A stand-in for the home video: bytes whose value is their position, so any range
/// can be checked.
const VIDEO_LENGTH: usize = 1000;

fn video() -> Vec<u8> {
    (0..VIDEO_LENGTH).map(|at| (at % 251) as u8).collect()
}

/// A small built site.
fn site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("assets")).unwrap();
    std::fs::create_dir_all(root.join("media")).unwrap();
    std::fs::write(root.join("index.html"), "<body><p>home</p></body>").unwrap();
    std::fs::write(root.join("index.html.br"), "BROTLI").unwrap();
    std::fs::write(root.join("index.html.gz"), "GZIP").unwrap();
    std::fs::write(root.join("404.html"), "<p>missing</p>").unwrap();
    std::fs::write(root.join("assets/app.js"), "js").unwrap();
    std::fs::write(root.join("media/home.mp4"), video()).unwrap();
    std::fs::write(root.join("_headers"), HEADERS_FILE).unwrap();
    std::fs::write(root.join("_redirects"), "/Old /new 301\n").unwrap();
    std::fs::write(root.join(".sitegen-output"), "sitegen-output 1\n").unwrap();
    dir
}

/// Serves with `options` on a free port until the test ends.
async fn start_with(options: ServeOptions) -> SocketAddr {
    let listener = bind("127.0.0.1", 0).await.unwrap();
    let addr = local_addr(&listener).unwrap();
    tokio::spawn(serve_until(listener, options, std::future::pending()));
    addr
}

/// Serves `dist` with live reload, as `sitegen serve` does while watching.
async fn start_live(dist: &Path) -> (SocketAddr, LiveReload) {
    let reload = LiveReload::new();
    let addr = start_with(ServeOptions {
        live_reload: Some(reload.clone()),
        ..ServeOptions::new(dist)
    })
    .await;
    (addr, reload)
}

async fn start(dist: &Path) -> SocketAddr {
    start_with(ServeOptions::new(dist)).await
}

/// Request headers, name and value.
type Headers = &'static [(&'static str, &'static str)];

/// One parsed response.
#[derive(Debug)]
struct Reply {
    status: u16,
    /// Names in lower case.
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(known, _)| known == name)
            .map(|(_, value)| value.as_str())
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// Sends `method path` with `headers` on a new connection and reads the whole answer.
async fn request(addr: SocketAddr, method: &str, path: &str, headers: &[(&str, &str)]) -> Reply {
    let mut raw = format!("{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n");
    for (name, value) in headers {
        raw.push_str(&format!("{name}: {value}\r\n"));
    }
    raw.push_str("\r\n");
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(raw.as_bytes()).await.unwrap();
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).await.unwrap();
    parse(&bytes)
}

async fn get(addr: SocketAddr, path: &str) -> Reply {
    request(addr, "GET", path, &[]).await
}

fn parse(bytes: &[u8]) -> Reply {
    let split = bytes
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .expect("a complete response head");
    let head = String::from_utf8_lossy(&bytes[..split]);
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap().split(' ').nth(1).unwrap();
    Reply {
        status: status.parse().unwrap(),
        headers: lines
            .filter_map(|line| line.split_once(':'))
            .map(|(name, value)| (name.trim().to_lowercase(), value.trim().to_string()))
            .collect(),
        body: bytes[split + 4..].to_vec(),
    }
}

// Symbolic links as Unix makes them (Windows needs privileges for them).
#[cfg(unix)]
#[tokio::test]
async fn symlinks_out_of_dist_are_refused() {
    let dist = site();
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("passwd"), "root:x:0:0").unwrap();
    let root = dist.path();
    std::os::unix::fs::symlink(outside.path(), root.join("etclink")).unwrap();
    std::os::unix::fs::symlink(outside.path().join("passwd"), root.join("passwd.txt")).unwrap();
    std::os::unix::fs::symlink(root.join("assets/app.js"), root.join("inside.js")).unwrap();
    std::os::unix::fs::symlink(root.join("_headers"), root.join("headers.txt")).unwrap();
    let addr = start(root).await;

    for path in ["/etclink/passwd", "/passwd.txt", "/etclink", "/etclink/"] {
        let reply = get(addr, path).await;
        assert_eq!(reply.status, 403, "{path}: {reply:?}");
        assert!(!reply.text().contains("root:x"), "{path}");
    }
    // A link that stays inside dist/ is followed, one to a host file is not.
    assert_eq!(get(addr, "/inside.js").await.text(), "js");
    let headers = get(addr, "/headers.txt").await;
    assert_eq!(headers.status, 404);
    assert!(!headers.text().contains("nosniff"));
}

#[tokio::test]
async fn host_files_dotfiles_and_the_marker_are_refused_however_spelled() {
    let dist = site();
    std::fs::create_dir_all(dist.path().join(".git")).unwrap();
    std::fs::write(dist.path().join(".git/config"), "[core]").unwrap();
    std::fs::write(dist.path().join("assets/.env"), "KEY=1").unwrap();
    let addr = start(dist.path()).await;
    for path in [
        "/_headers",
        "/./_headers",
        "/%2e/_headers",
        "/%2E/_headers",
        "/%5fheaders",
        "/%5Fheaders",
        "//_headers",
        "/assets/../_headers",
        "/assets/%2e%2e/_headers",
        "/_HEADERS",
        "/_redirects",
        "/./_redirects",
        "/%2e/_redirects",
        "/.sitegen-output",
        "/./.sitegen-output",
        "/%2esitegen-output",
        "/.git/config",
        "/assets/.env",
        "/assets/%2eenv",
    ] {
        let reply = get(addr, path).await;
        assert_eq!(reply.status, 404, "{path}: {reply:?}");
        assert_eq!(reply.text(), "<p>missing</p>", "{path}");
    }
    // Paths that climb above the root are refused outright.
    assert_eq!(get(addr, "/../_headers").await.status, 403);
    assert_eq!(get(addr, "/%2e%2e/_headers").await.status, 403);
    // The normalised spelling of a real file still reaches it.
    assert_eq!(get(addr, "/./assets/../assets/app.js").await.text(), "js");
}

#[tokio::test]
async fn head_carries_the_length_of_the_get() {
    let dist = site();
    let addr = start(dist.path()).await;
    for path in ["/media/home.mp4", "/", "/nope"] {
        let get = get(addr, path).await;
        let head = request(addr, "HEAD", path, &[]).await;
        assert_eq!(head.status, get.status, "{path}");
        assert_eq!(
            head.header("content-length"),
            Some(get.body.len().to_string().as_str()),
            "{path}: {head:?}"
        );
        assert!(head.body.is_empty(), "{path}");
        assert_eq!(head.header("etag"), get.header("etag"), "{path}");
    }
}

#[tokio::test]
async fn byte_ranges_answer_206_with_the_part_asked_for() {
    let dist = site();
    let addr = start(dist.path()).await;
    let whole = get(addr, "/media/home.mp4").await;
    assert_eq!(whole.status, 200);
    assert_eq!(whole.header("accept-ranges"), Some("bytes"));
    assert_eq!(whole.body, video());

    for (range, start, end) in [
        ("bytes=0-99", 0, 99),
        ("bytes=900-", 900, 999),
        ("bytes=-10", 990, 999),
        ("bytes=500-5000", 500, 999),
    ] {
        let part = request(addr, "GET", "/media/home.mp4", &[("Range", range)]).await;
        assert_eq!(part.status, 206, "{range}");
        assert_eq!(
            part.header("content-range"),
            Some(format!("bytes {start}-{end}/{VIDEO_LENGTH}").as_str()),
            "{range}"
        );
        assert_eq!(part.body, video()[start..=end], "{range}");
        assert_eq!(
            part.header("content-length"),
            Some((end + 1 - start).to_string().as_str())
        );
    }
    // A range for an older version (If-Range) gets the whole new file.
    let stale = request(
        addr,
        "GET",
        "/media/home.mp4",
        &[("Range", "bytes=0-9"), ("If-Range", "\"old\"")],
    )
    .await;
    assert_eq!(stale.status, 200);
    assert_eq!(stale.body.len(), VIDEO_LENGTH);
}

#[tokio::test]
async fn ranges_past_the_end_answer_416() {
    let dist = site();
    let addr = start(dist.path()).await;
    let reply = request(addr, "GET", "/media/home.mp4", &[("Range", "bytes=5000-")]).await;
    assert_eq!(reply.status, 416);
    assert_eq!(
        reply.header("content-range"),
        Some(format!("bytes */{VIDEO_LENGTH}").as_str())
    );
}

#[tokio::test]
async fn unchanged_files_answer_304_to_conditional_requests() {
    let dist = site();
    let addr = start(dist.path()).await;
    let first = get(addr, "/assets/app.js").await;
    let etag = first.header("etag").expect("an ETag").to_string();
    let modified = first.header("last-modified").expect("a Last-Modified");

    let by_tag = request(addr, "GET", "/assets/app.js", &[("If-None-Match", &etag)]).await;
    assert_eq!(by_tag.status, 304);
    assert!(by_tag.body.is_empty());
    assert_eq!(by_tag.header("etag"), Some(etag.as_str()));
    assert_eq!(by_tag.header(SECURITY_HEADER), Some("nosniff"));

    let by_date = request(
        addr,
        "GET",
        "/assets/app.js",
        &[("If-Modified-Since", modified)],
    )
    .await;
    assert_eq!(by_date.status, 304);

    let changed = request(
        addr,
        "GET",
        "/assets/app.js",
        &[("If-None-Match", "\"other\"")],
    )
    .await;
    assert_eq!(changed.status, 200);
    assert_eq!(changed.text(), "js");

    // Each encoding is its own representation, with its own tag.
    let brotli = request(addr, "GET", "/", &[("Accept-Encoding", "br")]).await;
    let plain = get(addr, "/").await;
    assert_ne!(brotli.header("etag"), plain.header("etag"));
}

#[tokio::test]
async fn other_methods_answer_405_with_allow() {
    let dist = site();
    let addr = start(dist.path()).await;
    for (method, path) in [
        ("POST", "/"),
        ("PUT", "/assets/app.js"),
        ("DELETE", "/nope"),
    ] {
        let reply = request(addr, method, path, &[("Content-Length", "0")]).await;
        assert_eq!(reply.status, 405, "{method} {path}");
        assert_eq!(reply.header("allow"), Some("GET, HEAD"), "{method} {path}");
    }
}

#[tokio::test]
async fn security_headers_are_on_every_response() {
    let dist = site();
    let addr = start_with(ServeOptions {
        live_reload: Some(LiveReload::new()),
        ..ServeOptions::new(dist.path())
    })
    .await;
    let cases: [(&str, &str, Headers, u16); 10] = [
        ("GET", "/", &[], 200),
        ("GET", "/media/home.mp4", &[("Range", "bytes=0-1")], 206),
        ("GET", "/Old", &[], 301),
        ("GET", "/%zz", &[], 400),
        ("GET", "/etc/../../passwd", &[], 403),
        ("GET", "/nope", &[], 404),
        ("GET", "/_headers", &[], 404),
        ("POST", "/", &[("Content-Length", "0")], 405),
        ("GET", "/media/home.mp4", &[("Range", "bytes=5000-")], 416),
        ("GET", "/__sitegen/livereload.js", &[], 200),
    ];
    for (method, path, headers, status) in cases {
        let reply = request(addr, method, path, headers).await;
        assert_eq!(reply.status, status, "{method} {path}");
        assert_eq!(
            reply.header(SECURITY_HEADER),
            Some("nosniff"),
            "{method} {path}: {reply:?}"
        );
    }
}

#[tokio::test]
async fn missing_hashed_files_are_not_cached_as_immutable() {
    let dist = site();
    let addr = start(dist.path()).await;
    let found = get(addr, "/assets/app.js").await;
    assert_eq!(
        found.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    for path in ["/assets/app-0000.js", "/media/logo-0000.png"] {
        let missing = get(addr, path).await;
        assert_eq!(missing.status, 404, "{path}");
        let cache = missing.header("cache-control").unwrap_or("");
        assert!(!cache.contains("immutable"), "{path}: {cache}");
        assert_eq!(cache, "public, max-age=0, must-revalidate", "{path}");
    }
}

#[tokio::test]
async fn idle_and_half_sent_requests_are_cut_off_after_the_header_timeout() {
    let dist = site();
    let addr = start_with(ServeOptions {
        header_read_timeout: Duration::from_millis(300),
        ..ServeOptions::new(dist.path())
    })
    .await;
    let mut stalled = Vec::new();
    for at in 0..40 {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        if at % 2 == 0 {
            // Half a request head, never finished.
            stream
                .write_all(b"GET / HTTP/1.1\r\nHost: x\r\nUser-Ag")
                .await
                .unwrap();
        }
        stalled.push(stream);
    }
    for (at, mut stream) in stalled.into_iter().enumerate() {
        let mut rest = Vec::new();
        let closed =
            tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut rest)).await;
        assert!(
            closed.is_ok(),
            "connection {at} is still open after the timeout"
        );
    }
    // The server still answers complete requests.
    assert_eq!(get(addr, "/assets/app.js").await.text(), "js");
}

#[tokio::test]
async fn live_reload_answers_the_long_poll_after_a_rebuild() {
    let dist = site();
    let (addr, reload) = start_live(dist.path()).await;
    let page = get(addr, "/").await;
    let text = page.text();
    let tag_at = text
        .find("<script src=\"/__sitegen/livereload.js?v=")
        .expect("the live-reload tag");
    let (tag, rest) = text[tag_at..].split_once("</script>").unwrap();
    assert_eq!(rest, "</body>");
    let script = tag
        .trim_start_matches("<script src=\"")
        .trim_end_matches("\">");
    assert_eq!(
        page.header("content-length"),
        Some(page.body.len().to_string().as_str())
    );
    // Named by its content, the script is cached for good: a reload does not wait for it.
    let script = get(addr, script).await;
    assert_eq!(script.status, 200);
    assert_eq!(
        script.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    let current = get(addr, "/__sitegen/status").await;
    assert_eq!(current.header("cache-control"), Some("no-store"));
    assert_eq!(
        json(&current),
        serde_json::json!({"generation": 0, "build": 0, "problems": [], "page_changed": true})
    );

    let waiting = tokio::spawn(async move { get(addr, "/__sitegen/status?after=0").await });
    // Once the server holds the poll, the build below is the one it must report: a
    // poll that answered at once would carry generation 0.
    tokio::time::timeout(Duration::from_secs(5), async {
        while reload.waiting_pages() == 0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    })
    .await
    .expect("the server holds the poll");
    reload.notify(None);
    let next = tokio::time::timeout(Duration::from_secs(5), waiting)
        .await
        .expect("the poll answers after the rebuild")
        .unwrap();
    assert_eq!(
        json(&next),
        serde_json::json!({"generation": 1, "build": 1, "problems": [], "page_changed": true})
    );
}

#[tokio::test]
async fn only_the_pages_a_build_changed_are_told_to_reload() {
    let dist = site();
    let folder = dist.path().join("products");
    std::fs::create_dir_all(&folder).unwrap();
    for page in ["a", "b"] {
        std::fs::write(
            folder.join(format!("{page}.html")),
            format!("<p>{page}</p>"),
        )
        .unwrap();
    }
    let (addr, reload) = start_live(dist.path()).await;
    reload.notify(Some(vec!["products/a.html".into()]));
    let changed = |page: &'static str| async move {
        json(&get(addr, &format!("/__sitegen/status?page={page}")).await)["page_changed"].clone()
    };
    assert_eq!(changed("/products/a").await, true);
    assert_eq!(changed("/products/a/").await, true);
    assert_eq!(changed("/products/b").await, false);
    assert_eq!(changed("/").await, false);
    assert_eq!(
        changed("/products/removed").await,
        true,
        "a page now gone reloads into the 404"
    );
    assert_eq!(
        changed("/products/%61").await,
        true,
        "paths are decoded as for the page itself"
    );
    reload.notify(None);
    assert_eq!(
        changed("/products/b").await,
        true,
        "a build that cannot say reloads every page"
    );
}

fn json(reply: &Reply) -> serde_json::Value {
    assert_eq!(reply.status, 200, "{}", reply.text());
    assert_eq!(reply.header("content-type"), Some("application/json"));
    serde_json::from_slice(&reply.body).unwrap()
}

/// What the terminal shows for a content error, as the overlay gets it.
fn unknown_category() -> Diagnostic {
    Diagnostic {
        severity: ErrorCode::UnknownCategory.severity(),
        code: ErrorCode::UnknownCategory,
        location: Location::Text {
            path: "content/products.toml".into(),
            line: 412,
            column: 12,
        },
        message: "unknown category \"dialisys\"".into(),
        hint: Some("did you mean \"dialysis\"?".into()),
        source_line: Some("category = \"dialisys\"".into()),
        caret_offset: 11,
        length: 10,
    }
}

#[tokio::test]
async fn a_failed_build_reaches_open_pages_and_pages_opened_later_until_a_build_succeeds() {
    let dist = site();
    let (addr, reload) = start_live(dist.path()).await;
    let waiting = tokio::spawn(async move { get(addr, "/__sitegen/status?after=0").await });
    tokio::time::sleep(Duration::from_millis(200)).await;
    reload.fail(vec![
        unknown_category(),
        Diagnostic::new(
            ErrorCode::WebAppBuild,
            "the web app failed at `npm run build`",
        ),
    ]);
    let failed = tokio::time::timeout(Duration::from_secs(5), waiting)
        .await
        .expect("the poll answers after the failed build")
        .unwrap();
    let expected = serde_json::json!({
        "generation": 1,
        "build": 0,
        "page_changed": true,
        "problems": [
            {
                "severity": "error", "code": "E0202",
                "location": "content/products.toml:412:12", "path": "content/products.toml",
                "line": 412, "column": 12, "message": "unknown category \"dialisys\"",
                "hint": "did you mean \"dialysis\"?", "source_line": "category = \"dialisys\"",
                "caret_offset": 11, "caret_length": 10,
            },
            {
                "severity": "error", "code": "E0802", "location": "", "path": "",
                "line": 0, "column": 0,
                "message": "the web app failed at `npm run build`",
                "hint": ErrorCode::WebAppBuild.hint(),
                "source_line": null, "caret_offset": 0, "caret_length": 1,
            },
        ],
    });
    assert_eq!(json(&failed), expected);
    // A page opened now gets the last good build, and learns of the problems at once.
    assert_eq!(get(addr, "/").await.status, 200);
    assert_eq!(json(&get(addr, "/__sitegen/status").await), expected);

    reload.notify(None);
    assert_eq!(
        json(&get(addr, "/__sitegen/status?after=1").await),
        serde_json::json!({"generation": 2, "build": 1, "problems": [], "page_changed": true})
    );
}

#[tokio::test]
async fn before_any_good_build_pages_get_a_stand_in_that_can_show_the_overlay() {
    let dist = tempfile::tempdir().unwrap();
    let addr = start_with(ServeOptions {
        live_reload: Some(LiveReload::new()),
        ..ServeOptions::new(dist.path())
    })
    .await;
    for path in ["/", "/products/1/monitor", "/404.html"] {
        let page = get(addr, path).await;
        assert_eq!(page.status, 503, "{path}");
        assert!(page.text().contains("No build yet"), "{path}");
        assert!(
            page.text()
                .contains("<script src=\"/__sitegen/livereload.js?v="),
            "{path}"
        );
    }
    assert_eq!(get(addr, "/assets/app.js").await.status, 404);
    // Without live reload (`--no-build`), a missing site is a plain 404.
    let plain = start(dist.path()).await;
    assert_eq!(get(plain, "/").await.status, 404);
}

#[tokio::test]
async fn precompressed_twins_are_served_when_the_client_accepts_them() {
    let dist = site();
    let addr = start(dist.path()).await;
    let accept = |value| [("Accept-Encoding", value)];
    let brotli = request(addr, "GET", "/", &accept("gzip, deflate, br")).await;
    assert_eq!(brotli.header("content-encoding"), Some("br"));
    assert_eq!(brotli.header("vary"), Some("Accept-Encoding"));
    assert_eq!(brotli.text(), "BROTLI");
    let gzip = request(addr, "GET", "/", &accept("gzip")).await;
    assert_eq!(gzip.header("content-encoding"), Some("gzip"));
    let plain = request(addr, "GET", "/", &accept("identity")).await;
    assert_eq!(plain.header("content-encoding"), None);
    assert_eq!(plain.text(), "<body><p>home</p></body>");
}

#[tokio::test]
async fn the_headers_file_applies_like_on_the_cdn() {
    let dist = site();
    let addr = start(dist.path()).await;
    let asset = request(addr, "GET", "/assets/app.js", &[("Accept-Encoding", "br")]).await;
    assert_eq!(asset.header(SECURITY_HEADER), Some("nosniff"));
    assert_eq!(
        asset.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    assert_eq!(
        asset.header("content-encoding"),
        None,
        "no twin, no encoding"
    );
    let page = get(addr, "/").await;
    assert_eq!(
        page.header("cache-control"),
        Some("public, max-age=0, must-revalidate")
    );
    // Rules match the path however it is spelled.
    let spelled = get(addr, "/./assets/%61pp.js").await;
    assert_eq!(
        spelled.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );
}

#[tokio::test]
async fn mounted_routes_answer_before_the_site_and_without_its_headers() {
    let dist = site();
    let mounted = axum::Router::new().route("/_edit", axum::routing::get(|| async { "editor" }));
    let addr = start_with(ServeOptions {
        mounted: Some(mounted),
        ..ServeOptions::new(dist.path())
    })
    .await;
    let editor = get(addr, "/_edit").await;
    assert_eq!((editor.status, editor.text().as_str()), (200, "editor"));
    assert_eq!(editor.header(SECURITY_HEADER), None);
    // Everything else is still the site's.
    let home = get(addr, "/").await;
    assert_eq!(home.status, 200);
    assert!(home.text().contains("home"));
    assert_eq!(get(addr, "/_edit/other").await.status, 404);
}

#[tokio::test]
async fn pages_may_be_framed_by_the_servers_own_pages_only_when_asked() {
    let dist = site();
    std::fs::write(
        dist.path().join("_headers"),
        "/*\n  Content-Security-Policy: default-src 'self'; frame-ancestors 'none'\n",
    )
    .unwrap();
    let as_built = start_with(ServeOptions::new(dist.path())).await;
    assert_eq!(
        get(as_built, "/").await.header("content-security-policy"),
        Some("default-src 'self'; frame-ancestors 'none'")
    );
    let beside_the_editor = start_with(ServeOptions {
        framed_by_self: true,
        ..ServeOptions::new(dist.path())
    })
    .await;
    assert_eq!(
        get(beside_the_editor, "/")
            .await
            .header("content-security-policy"),
        Some("default-src 'self'; frame-ancestors 'self'")
    );
}
