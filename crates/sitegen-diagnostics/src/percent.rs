//! The `%XX` escapes of URLs, on the `percent-encoding` crate: one definition of each,
//! so the content checks, the link check, the renderer and the preview server agree
//! on what a path means.

use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

/// What JavaScript's `encodeURIComponent` leaves as it is: `A-Z a-z 0-9 - _ . ! ~ * ' ( )`.
const URI_COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'!')
    .remove(b'~')
    .remove(b'*')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')');

/// What a path keeps as it is: RFC 3986's unreserved characters and the `/` between
/// segments.
const PATH: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~')
    .remove(b'/');

/// JavaScript's `encodeURIComponent`: everything but `A-Z a-z 0-9 - _ . ! ~ * ' ( )`
/// percent-encoded as UTF-8.
pub fn encode_uri_component(text: &str) -> String {
    utf8_percent_encode(text, URI_COMPONENT).to_string()
}

/// Percent-encodes a decoded path for use in a URL: everything but the unreserved
/// characters and `/` (segments keep their `/`).
pub fn encode_path(path: &str) -> String {
    utf8_percent_encode(path, PATH).to_string()
}

/// Decodes `%XX` escapes; `None` when an escape is malformed (`%zz`, `%+f`, a `%` at
/// the end: the crate would keep those as written) or the result is not UTF-8.
pub fn percent_decode(text: &str) -> Option<String> {
    let well_formed = text.match_indices('%').all(|(at, _)| {
        text.get(at + 1..at + 3)
            .is_some_and(|hex| hex.bytes().all(|byte| byte.is_ascii_hexdigit()))
    });
    if !well_formed {
        return None;
    }
    let decoded = percent_decode_str(text).decode_utf8().ok()?;
    Some(decoded.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encode_uri_component_matches_javascript() {
        assert_eq!(
            encode_uri_component("Emergency centre setup "),
            "Emergency%20centre%20setup%20"
        );
        assert_eq!(encode_uri_component("a&b/é"), "a%26b%2F%C3%A9");
        assert_eq!(
            encode_uri_component("A-z_0.9!~*'()?#[]@$,;=+ %"),
            "A-z_0.9!~*'()%3F%23%5B%5D%40%24%2C%3B%3D%2B%20%25"
        );
    }

    #[test]
    fn percent_decode_decodes_utf8_and_refuses_bad_escapes_and_bytes() {
        assert_eq!(
            percent_decode("Dental%20centre%20setup").as_deref(),
            Some("Dental centre setup")
        );
        assert_eq!(percent_decode("%e2%82%AC%2Fx").as_deref(), Some("€/x"));
        assert_eq!(percent_decode("plain é").as_deref(), Some("plain é"));
        for malformed in ["bad%zz", "%+f", "%-1", "%4", "end%", "%é1", "%%41"] {
            assert_eq!(
                percent_decode(malformed),
                None,
                "{malformed:?} is a malformed escape"
            );
        }
        for not_utf8 in ["%FF", "%C3%28", "%C3", "%ED%A0%80"] {
            assert_eq!(percent_decode(not_utf8), None, "{not_utf8:?} is not UTF-8");
        }
        for text in ["Emergency centre setup ", "a&b/é", "100% sure?"] {
            assert_eq!(
                percent_decode(&encode_uri_component(text)).as_deref(),
                Some(text)
            );
        }
    }

    #[test]
    fn paths_keep_their_slashes_and_unreserved_characters() {
        assert_eq!(
            encode_path("/services/Emergency centre setup "),
            "/services/Emergency%20centre%20setup%20"
        );
        assert_eq!(encode_path("/aboutUs"), "/aboutUs");
        assert_eq!(encode_path("/a~b_c.d-e/é!"), "/a~b_c.d-e/%C3%A9%21");
    }
}
