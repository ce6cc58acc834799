//! `_headers`, which Netlify and Cloudflare Pages read: the security headers of every
//! path (the Content-Security-Policy among them) and how long each file is cached.

use sitegen_hosts::{HeaderRule, Headers};

/// Long-lived caching for files whose names carry a content hash.
pub const CACHE_IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Revalidate on every use: HTML and data keep their URLs across builds.
pub const CACHE_REVALIDATE: &str = "public, max-age=0, must-revalidate";

/// The origins the Content-Security-Policy must allow besides the site itself.
#[derive(Debug, Clone)]
pub struct CspOrigins {
    /// The map iframe's origin (`contact.map_embed_url`).
    pub frame: Option<String>,
    /// The e-mail API's origin (`email.origin`).
    pub connect: Option<String>,
    /// The media origin, when the media live on their own (`media_url`): images and
    /// video load from it (a brochure is a link, which CSP does not govern).
    pub media: Option<String>,
}

/// The origin (`scheme://host[:port]`) of an absolute http(s) URL.
pub fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    if scheme != "https" && scheme != "http" {
        return None;
    }
    let host = rest.split(['/', '?', '#']).next()?;
    (!host.is_empty()).then(|| format!("{scheme}://{host}"))
}

/// The Content-Security-Policy: scripts only from the site (the embedded JSON data and
/// JSON-LD are data blocks, which CSP does not treat as scripts), no inline styles
/// (the app has no `style` attributes), the map iframe, the e-mail API and the media
/// origin as the only third parties.
pub fn content_security_policy(origins: &CspOrigins) -> String {
    let with = |base: &str, extra: &Option<String>| match extra {
        Some(origin) => format!("{base} {origin}"),
        None => base.to_string(),
    };
    [
        "default-src 'self'".to_string(),
        "script-src 'self'".to_string(),
        "style-src 'self'".to_string(),
        with("img-src 'self' data:", &origins.media),
        "font-src 'self'".to_string(),
        with("media-src 'self'", &origins.media),
        match &origins.frame {
            Some(origin) => format!("frame-src {origin}"),
            None => "frame-src 'none'".to_string(),
        },
        with("connect-src 'self'", &origins.connect),
        "manifest-src 'self'".to_string(),
        "worker-src 'self'".to_string(),
        "frame-ancestors 'none'".to_string(),
        "base-uri 'self'".to_string(),
        "form-action 'self'".to_string(),
        "object-src 'none'".to_string(),
    ]
    .join("; ")
}

/// `_headers` in the Netlify / Cloudflare Pages format: security headers on every
/// path, immutable caching for hashed assets and media, revalidation for data and HTML.
///
/// Both hosts join the values of a header that several matching rules set, so each
/// path gets its `Cache-Control` from exactly one rule: `/*` carries none, and the
/// clean-URL pages (which no pattern can single out) get the hosts' default for
/// HTML, `public, max-age=0, must-revalidate`, which `sitegen serve` applies too.
/// The routes' data chunks lie in the page folders, under a name no hashed file has.
pub fn headers(origins: &CspOrigins) -> Headers {
    let mut headers = Headers::with_comment(
        "Written by sitegen build: security and caching headers (Netlify / Cloudflare Pages format).",
    );
    let security = [
        ("Content-Security-Policy", content_security_policy(origins)),
        ("X-Content-Type-Options", "nosniff".into()),
        ("Referrer-Policy", "strict-origin-when-cross-origin".into()),
        (
            "Permissions-Policy",
            "camera=(), microphone=(), geolocation=()".into(),
        ),
        (
            "Strict-Transport-Security",
            "max-age=31536000; includeSubDomains".into(),
        ),
    ];
    headers.push(HeaderRule::new("/*", security));
    for hashed in ["/assets/*", "/media/*", "/search/*"] {
        headers.push(HeaderRule::new(
            hashed,
            [("Cache-Control", CACHE_IMMUTABLE)],
        ));
    }
    // A page is served at `/ROUTE`, which no rule but `/*` matches: it revalidates by
    // the hosts' default (Cloudflare Pages, Netlify and `sitegen serve` alike).
    for revalidated in ["/data/*", "/*.html", "/"] {
        headers.push(HeaderRule::new(
            revalidated,
            [("Cache-Control", CACHE_REVALIDATE)],
        ));
    }
    headers
}

#[cfg(test)]
mod tests {
    use super::*;

    fn origins() -> CspOrigins {
        CspOrigins {
            frame: origin_of("https://www.google.com/maps/embed?pb=!1m18"),
            connect: origin_of("https://api.emailjs.com"),
            media: None,
        }
    }

    #[test]
    fn origins_drop_path_and_query() {
        assert_eq!(
            origin_of("https://www.google.com/maps/embed?pb=1").as_deref(),
            Some("https://www.google.com")
        );
        assert_eq!(
            origin_of("http://localhost:8080").as_deref(),
            Some("http://localhost:8080")
        );
        assert_eq!(origin_of("mailto:a@b.c"), None);
    }

    #[test]
    fn the_csp_allows_scripts_only_from_the_site() {
        let csp = content_security_policy(&origins());
        assert!(csp.contains("script-src 'self';"), "{csp}");
        assert!(!csp.contains("unsafe-inline"), "{csp}");
        assert!(csp.contains("frame-src https://www.google.com;"), "{csp}");
        assert!(
            csp.contains("connect-src 'self' https://api.emailjs.com;"),
            "{csp}"
        );
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert!(csp.contains("object-src 'none'"), "{csp}");
        assert!(csp.contains("img-src 'self' data:;"), "{csp}");
        assert!(csp.contains("media-src 'self';"), "{csp}");
    }

    #[test]
    fn media_on_their_own_origin_are_allowed_as_images_and_video() {
        let csp = content_security_policy(&CspOrigins {
            media: origin_of("https://media.example.com/site"),
            ..origins()
        });
        assert!(
            csp.contains("img-src 'self' data: https://media.example.com;"),
            "{csp}"
        );
        assert!(
            csp.contains("media-src 'self' https://media.example.com;"),
            "{csp}"
        );
        assert!(csp.contains("script-src 'self';"), "{csp}");
    }

    #[test]
    fn without_a_map_no_frames_are_allowed() {
        let csp = content_security_policy(&CspOrigins {
            frame: None,
            connect: None,
            media: None,
        });
        assert!(csp.contains("frame-src 'none';"), "{csp}");
        assert!(csp.contains("connect-src 'self';"), "{csp}");
    }

    #[test]
    fn headers_cache_hashed_files_forever_and_revalidate_the_rest() {
        let text = headers(&origins()).to_text();
        assert!(text.contains(&format!("/assets/*\n  Cache-Control: {CACHE_IMMUTABLE}\n")));
        assert!(text.contains(&format!("/media/*\n  Cache-Control: {CACHE_IMMUTABLE}\n")));
        assert!(text.contains(&format!("/search/*\n  Cache-Control: {CACHE_IMMUTABLE}\n")));
        assert!(text.contains(&format!("/data/*\n  Cache-Control: {CACHE_REVALIDATE}\n")));
        assert!(text.contains(&format!("/\n  Cache-Control: {CACHE_REVALIDATE}\n")));
        assert!(text.contains("  X-Content-Type-Options: nosniff\n"));
        // One Cache-Control per path: hosts join the values of overlapping rules.
        let global: Vec<&str> = text
            .lines()
            .skip_while(|line| *line != "/*")
            .skip(1)
            .take_while(|line| line.starts_with("  "))
            .collect();
        assert!(global.len() >= 5, "{text}");
        assert!(
            !global.iter().any(|line| line.contains("Cache-Control")),
            "{text}"
        );
        assert!(text.contains("  Strict-Transport-Security: max-age=31536000"));
    }
}
