//! Answering a request for a file of `dist/` as nginx or a CDN would: the
//! precompressed twin the client accepts, validators and `304`, byte ranges, and a
//! `HEAD` that says what the `GET` would send.

use std::io::SeekFrom;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use tokio::io::{AsyncReadExt, AsyncSeekExt};

use crate::conditional::{ByteRange, Validators};
use crate::files::{self, Resolved};
use crate::headers::{self, acceptable_encodings, Encoding};

/// The methods a static site answers.
pub const ALLOWED_METHODS: &str = "GET, HEAD";

/// Answers `method` on `url_path` (as in the request line) from `dist`.
pub async fn answer(
    dist: PathBuf,
    method: &Method,
    url_path: &str,
    request: &HeaderMap,
    inject_live_reload: Option<fn(Vec<u8>) -> Vec<u8>>,
) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return (
            StatusCode::METHOD_NOT_ALLOWED,
            [(header::ALLOW, ALLOWED_METHODS)],
            "Method not allowed",
        )
            .into_response();
    }
    let url_path = url_path.to_string();
    let resolve_in = dist.clone();
    let resolved =
        match tokio::task::spawn_blocking(move || files::resolve(&resolve_in, &url_path)).await {
            Ok(resolved) => resolved,
            Err(_) => return StatusCode::INTERNAL_SERVER_ERROR.into_response(),
        };
    match resolved {
        Resolved::File { path, status } => {
            let file = File {
                dist,
                path,
                status,
                inject_live_reload,
            };
            file.answer(method, request)
                .await
                .unwrap_or_else(|_| StatusCode::NOT_FOUND.into_response())
        }
        Resolved::Redirect(location) => match HeaderValue::from_str(&location) {
            Ok(location) => (
                StatusCode::MOVED_PERMANENTLY,
                [(header::LOCATION, location)],
            )
                .into_response(),
            Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
        },
        Resolved::Forbidden => (StatusCode::FORBIDDEN, "Forbidden").into_response(),
        Resolved::BadRequest => (StatusCode::BAD_REQUEST, "Bad request").into_response(),
        Resolved::NotFound => (
            StatusCode::NOT_FOUND,
            "Not found (and dist/404.html is missing: has the site been built?)",
        )
            .into_response(),
    }
}

/// A file `resolve` found, about to be sent.
struct File {
    dist: PathBuf,
    path: PathBuf,
    status: StatusCode,
    inject_live_reload: Option<fn(Vec<u8>) -> Vec<u8>>,
}

/// The bytes chosen for a response, before any range is cut out of them.
enum Source {
    /// The file (or its twin) on disk, read only as far as needed.
    Disk(PathBuf),
    /// A page rewritten in memory (live reload).
    Memory(Vec<u8>),
}

impl File {
    async fn answer(self, method: &Method, request: &HeaderMap) -> std::io::Result<Response> {
        let content_type = files::content_type(&self.path);
        let compressible = headers::is_compressible(&content_type);
        let inject = self
            .inject_live_reload
            .filter(|_| content_type.starts_with("text/html"));
        let accept = request
            .get(header::ACCEPT_ENCODING)
            .and_then(|value| value.to_str().ok())
            .unwrap_or("");
        let twin = match compressible && inject.is_none() {
            true => self.twin(acceptable_encodings(accept)).await,
            false => None,
        };
        let (encoding, on_disk) = match twin {
            Some((encoding, path)) => (Some(encoding), path),
            None => (None, self.path.clone()),
        };
        let metadata = tokio::fs::metadata(&on_disk).await?;
        let modified = metadata.modified().unwrap_or(SystemTime::UNIX_EPOCH);
        let (source, length, variant) = match inject {
            Some(inject) => {
                let page = inject(tokio::fs::read(&on_disk).await?);
                let length = page.len() as u64;
                (Source::Memory(page), length, "live-reload")
            }
            None => (
                Source::Disk(on_disk),
                metadata.len(),
                encoding.map_or("", Encoding::suffix),
            ),
        };

        let mut response = Response::new(Body::empty());
        let headers = response.headers_mut();
        // A content type is ASCII from the extension table; a bad one is left out.
        if let Ok(value) = HeaderValue::from_str(&content_type) {
            headers.insert(header::CONTENT_TYPE, value);
        }
        if let Some(encoding) = encoding {
            headers.insert(
                header::CONTENT_ENCODING,
                HeaderValue::from_static(encoding.token()),
            );
        }
        if compressible {
            headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
        }
        // The 404 page stands in for a missing file: no validators, no ranges, so that
        // nothing treats it as a version of the missing file.
        if self.status != StatusCode::OK {
            *response.status_mut() = self.status;
            return with_body(response, method, source, 0, length).await;
        }

        let validators = Validators::new(length, modified, variant);
        headers.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
        headers.insert(header::ETAG, header_value(&validators.etag));
        headers.insert(
            header::LAST_MODIFIED,
            header_value(&validators.last_modified()),
        );
        if validators.not_modified(request) {
            *response.status_mut() = StatusCode::NOT_MODIFIED;
            return Ok(response);
        }
        let range = match validators.range_applies(request) {
            true => ByteRange::of(request, length),
            false => ByteRange::Whole,
        };
        match range {
            ByteRange::Whole => with_body(response, method, source, 0, length).await,
            ByteRange::Part { start, end } => {
                *response.status_mut() = StatusCode::PARTIAL_CONTENT;
                response.headers_mut().insert(
                    header::CONTENT_RANGE,
                    header_value(&format!("bytes {start}-{end}/{length}")),
                );
                with_body(response, method, source, start, end + 1 - start).await
            }
            ByteRange::Unsatisfiable => {
                *response.status_mut() = StatusCode::RANGE_NOT_SATISFIABLE;
                response.headers_mut().insert(
                    header::CONTENT_RANGE,
                    header_value(&format!("bytes */{length}")),
                );
                Ok(response)
            }
        }
    }

    /// The first precompressed twin the client accepts.
    async fn twin(&self, accepted: Vec<Encoding>) -> Option<(Encoding, PathBuf)> {
        let (dist, path) = (self.dist.clone(), self.path.clone());
        tokio::task::spawn_blocking(move || {
            accepted.into_iter().find_map(|encoding| {
                files::twin(&dist, &path, encoding.suffix()).map(|twin| (encoding, twin))
            })
        })
        .await
        .ok()
        .flatten()
    }
}

/// Sets `Content-Length` to `length` and, for `GET`, the body to the `length` bytes
/// of `source` from `start`; `HEAD` gets the same headers and no body.
async fn with_body(
    mut response: Response,
    method: &Method,
    source: Source,
    start: u64,
    length: u64,
) -> std::io::Result<Response> {
    response
        .headers_mut()
        .insert(header::CONTENT_LENGTH, HeaderValue::from(length));
    if method == Method::HEAD {
        return Ok(response);
    }
    let bytes = match source {
        Source::Memory(bytes) => {
            let start = start as usize;
            bytes[start..start + length as usize].to_vec()
        }
        Source::Disk(path) => read_part(&path, start, length).await?,
    };
    *response.body_mut() = Body::from(bytes);
    Ok(response)
}

/// Reads `length` bytes from `start`: a video seek reads only what it asks for.
async fn read_part(path: &Path, start: u64, length: u64) -> std::io::Result<Vec<u8>> {
    let mut file = tokio::fs::File::open(path).await?;
    file.seek(SeekFrom::Start(start)).await?;
    let mut bytes = Vec::with_capacity(length as usize);
    file.take(length).read_to_end(&mut bytes).await?;
    if (bytes.len() as u64) < length {
        // The file shrank (a rebuild swapped it): a short body would break the response.
        return Err(std::io::ErrorKind::UnexpectedEof.into());
    }
    Ok(bytes)
}

fn header_value(text: &str) -> HeaderValue {
    HeaderValue::from_str(text).unwrap_or_else(|_| HeaderValue::from_static(""))
}
