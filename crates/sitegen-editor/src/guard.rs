//! Every request to the editor is hostile until proven otherwise: the editor writes
//! files. A request passes when
//! - its `Host` is the server's own (an IP address it listens on, or `localhost`): a
//!   page of another site that renamed its host to this computer's address (DNS
//!   rebinding) names its own host;
//! - its `Origin`, when it has one, is `http://` + that host: a page of another site
//!   cannot read or write through a visitor's browser;
//! - a write carries `Origin` (or `Sec-Fetch-Site: same-origin`), which browsers send
//!   with every cross-site write;
//! - an API request carries the per-run token, which only the editor's own page has;
//!   a media file (`/_edit/media/…`, unpublished uploads among them) carries it too, in
//!   its header or, for an `<img>` that cannot send headers, as `?token=`.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::{ApiError, Editor, TOKEN_HEADER};

/// Refuses what may not reach the editor (403), and marks every answer as not to be
/// sniffed, framed by other sites or leak its address (the token) to others.
pub(crate) async fn guard(
    State(editor): State<Arc<Editor>>,
    request: Request,
    next: Next,
) -> Response {
    if let Err(refusal) = check(
        request.method(),
        request.uri().path(),
        request.uri().query(),
        request.headers(),
        &editor.options.token,
        editor.options.addr,
    ) {
        return with_safety_headers(refusal.into_response());
    }
    with_safety_headers(next.run(request).await)
}

fn with_safety_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers
        .entry(header::CONTENT_SECURITY_POLICY)
        .or_insert(HeaderValue::from_static("frame-ancestors 'self'"));
    response
}

/// Whether a request may reach the editor (see the module's text).
pub fn check(
    method: &Method,
    path: &str,
    query: Option<&str>,
    headers: &HeaderMap,
    token: &str,
    addr: SocketAddr,
) -> Result<(), ApiError> {
    let text = |name| {
        headers
            .get(name)
            .and_then(|value: &HeaderValue| value.to_str().ok())
    };
    let host = text(header::HOST.as_str())
        .ok_or_else(|| ApiError::forbidden("the request names no Host"))?;
    if !host_allowed(host, addr) {
        return Err(ApiError::forbidden(format!(
            "the editor answers only requests for this server ({}), not for {host}",
            addr
        )));
    }
    let origin = text(header::ORIGIN.as_str());
    if let Some(origin) = origin {
        if origin != format!("http://{host}") {
            return Err(ApiError::forbidden(format!(
                "a page of {origin} may not use the editor of {host}"
            )));
        }
    }
    let reads = matches!(*method, Method::GET | Method::HEAD);
    if !reads && origin.is_none() && text("sec-fetch-site") != Some("same-origin") {
        return Err(ApiError::forbidden(
            "a change must come from the editor's page (the request has no Origin)",
        ));
    }
    let api = path == "/_edit/api" || path.starts_with("/_edit/api/");
    let media = path.starts_with("/_edit/media/");
    if api || media {
        let given = text(TOKEN_HEADER).unwrap_or_default();
        let in_address = media && query_has_token(query, token);
        if !same_secret(given, token) && !in_address {
            return Err(ApiError::forbidden(
                "the editor's token is missing or wrong: reload the editor from the address sitegen serve printed",
            ));
        }
    }
    Ok(())
}

/// Whether `given` is `token`, compared in a time that does not tell how much of it
/// matched.
pub fn same_secret(given: &str, token: &str) -> bool {
    given.len() == token.len()
        && given
            .bytes()
            .zip(token.bytes())
            .fold(0u8, |differ, (a, b)| differ | (a ^ b))
            == 0
}

/// Whether `host` (a `Host` header: `127.0.0.1:8080`, `[::1]:8080`, `localhost:8080`)
/// names the server listening on `addr`: its port and, for its name, `localhost`
/// or a loopback address when it listens on loopback or on every address, the
/// address it listens on, or any address when it listens on every one. No other
/// name passes: a name is what DNS rebinding changes.
pub fn host_allowed(host: &str, addr: SocketAddr) -> bool {
    let (name, port) = match host.rsplit_once(':') {
        Some((name, port)) if !port.contains(']') => (name, port.parse::<u16>().ok()),
        _ => (host, Some(80)),
    };
    if port != Some(addr.port()) {
        return false;
    }
    let listens_here = addr.ip().is_loopback() || addr.ip().is_unspecified();
    if name.eq_ignore_ascii_case("localhost") {
        return listens_here;
    }
    let bare = name
        .strip_prefix('[')
        .and_then(|name| name.strip_suffix(']'))
        .unwrap_or(name);
    if name.contains(':') && bare.len() == name.len() {
        // An IPv6 address must be in brackets.
        return false;
    }
    match bare.parse::<IpAddr>() {
        Ok(ip) => {
            ip == addr.ip() || (ip.is_loopback() && listens_here) || addr.ip().is_unspecified()
        }
        Err(_) => false,
    }
}

/// Whether the query of `uri` carries `token=` with the token (the page's address
/// off loopback).
pub fn query_has_token(query: Option<&str>, token: &str) -> bool {
    query.unwrap_or_default().split('&').any(|pair| {
        pair.strip_prefix("token=")
            .is_some_and(|given| same_secret(given, token))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_servers_own_host_passes() {
        let loopback: SocketAddr = "127.0.0.1:8080".parse().unwrap();
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST:8080",
            "[::1]:8080",
        ] {
            assert!(host_allowed(host, loopback), "{host}");
        }
        for host in [
            "127.0.0.1:8081",
            "127.0.0.1",
            "evil.example:8080",
            "localhost.evil.example:8080",
            "192.168.1.20:8080",
            "::1:8080",
            "",
        ] {
            assert!(!host_allowed(host, loopback), "{host}");
        }
        let lan: SocketAddr = "192.168.1.20:8080".parse().unwrap();
        assert!(host_allowed("192.168.1.20:8080", lan));
        assert!(!host_allowed("localhost:8080", lan));
        assert!(!host_allowed("10.0.0.1:8080", lan));
        let every: SocketAddr = "0.0.0.0:8080".parse().unwrap();
        assert!(host_allowed("10.0.0.1:8080", every));
        assert!(host_allowed("localhost:8080", every));
        assert!(!host_allowed("nas.local:8080", every));
        let port_80: SocketAddr = "127.0.0.1:80".parse().unwrap();
        assert!(host_allowed("127.0.0.1", port_80));
    }

    #[test]
    fn the_token_is_compared_whole() {
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abd", "abc"));
        assert!(!same_secret("ab", "abc"));
        assert!(!same_secret("", "abc"));
        assert!(query_has_token(Some("x=1&token=abc"), "abc"));
        assert!(!query_has_token(Some("token=abcd"), "abc"));
        assert!(!query_has_token(None, "abc"));
    }

    #[test]
    fn tokens_are_64_hex_digits_and_differ() {
        let (a, b) = (crate::new_token(), crate::new_token());
        assert_eq!(a.len(), 64);
        assert!(a.bytes().all(|byte| byte.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }
}
