//! Conditional and range requests (RFC 9110 §13 and §14), as nginx and CDNs answer
//! them: validators (`ETag`, `Last-Modified`), `304 Not Modified`, and one byte range
//! (`206 Partial Content`, `416 Range Not Satisfiable`) so video can seek.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::http::{header, HeaderMap};

/// What identifies one version of a file as sent: its validators.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Validators {
    /// A strong entity tag, quotes included.
    pub etag: String,
    /// Whole seconds: HTTP dates carry no fractions.
    pub modified: SystemTime,
}

impl Validators {
    /// The validators of a file's bytes as sent: length and modification time (as
    /// nginx builds its tags), and a `variant` for each encoding or rewriting of the
    /// bytes, since each is a different representation.
    pub fn new(length: u64, modified: SystemTime, variant: &str) -> Self {
        let since_epoch = modified
            .duration_since(UNIX_EPOCH)
            .unwrap_or(Duration::ZERO);
        let separator = if variant.is_empty() { "" } else { "-" };
        Validators {
            etag: format!(
                "\"{:x}-{:x}{separator}{variant}\"",
                since_epoch.as_nanos(),
                length
            ),
            modified: UNIX_EPOCH + Duration::from_secs(since_epoch.as_secs()),
        }
    }

    /// The `Last-Modified` value.
    pub fn last_modified(&self) -> String {
        httpdate::fmt_http_date(self.modified)
    }

    /// Whether the client's copy is current: `If-None-Match` lists this tag (or is
    /// `*`), or, without `If-None-Match`, `If-Modified-Since` is not older than the file.
    pub fn not_modified(&self, request: &HeaderMap) -> bool {
        if let Some(tags) = header_text(request, header::IF_NONE_MATCH) {
            // Weak comparison: `W/"x"` matches `"x"`.
            return tags
                .split(',')
                .map(str::trim)
                .any(|tag| tag == "*" || tag.strip_prefix("W/").unwrap_or(tag) == self.etag);
        }
        header_text(request, header::IF_MODIFIED_SINCE)
            .and_then(|date| httpdate::parse_http_date(date).ok())
            .is_some_and(|since| self.modified <= since)
    }

    /// Whether a `Range` may apply: without `If-Range`, or when `If-Range` names this
    /// version exactly (strong tag or date); otherwise the whole file is sent.
    pub fn range_applies(&self, request: &HeaderMap) -> bool {
        match header_text(request, header::IF_RANGE) {
            None => true,
            Some(condition) if condition.starts_with('"') => condition == self.etag,
            Some(condition) => {
                httpdate::parse_http_date(condition).is_ok_and(|date| date == self.modified)
            }
        }
    }
}

/// The part of a file a `Range` header asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ByteRange {
    /// No (usable) range: send everything with 200.
    Whole,
    /// Bytes `start..=end`: send them with 206.
    Part { start: u64, end: u64 },
    /// No byte of the range exists: 416.
    Unsatisfiable,
}

impl ByteRange {
    /// Reads a `Range` header against a file of `length` bytes. Several ranges, other
    /// units and malformed values are ignored (the whole file is sent), which RFC 9110
    /// allows; one `bytes=` range is honoured: `a-b`, `a-` or the suffix `-n`.
    pub fn of(request: &HeaderMap, length: u64) -> ByteRange {
        let Some(spec) = header_text(request, header::RANGE)
            .and_then(|value| value.trim().strip_prefix("bytes="))
        else {
            return ByteRange::Whole;
        };
        if spec.contains(',') {
            return ByteRange::Whole;
        }
        let Some((first, last)) = spec.trim().split_once('-') else {
            return ByteRange::Whole;
        };
        let number = |text: &str| text.trim().parse::<u64>().ok();
        match (first.trim().is_empty(), number(first), number(last)) {
            // `-n`: the last n bytes.
            (true, _, Some(suffix)) if suffix > 0 && length > 0 => ByteRange::Part {
                start: length.saturating_sub(suffix),
                end: length - 1,
            },
            (true, _, Some(_)) => ByteRange::Unsatisfiable,
            (false, Some(start), _) if start >= length => ByteRange::Unsatisfiable,
            (false, Some(start), None) if last.trim().is_empty() => ByteRange::Part {
                start,
                end: length - 1,
            },
            (false, Some(start), Some(end)) if end >= start => ByteRange::Part {
                start,
                end: end.min(length - 1),
            },
            _ => ByteRange::Whole,
        }
    }
}

fn header_text(request: &HeaderMap, name: header::HeaderName) -> Option<&str> {
    request.get(name).and_then(|value| value.to_str().ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn with(name: header::HeaderName, value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(name, HeaderValue::from_str(value).unwrap());
        headers
    }

    fn range(value: &str, length: u64) -> ByteRange {
        ByteRange::of(&with(header::RANGE, value), length)
    }

    #[test]
    fn one_byte_range_is_honoured_in_each_form() {
        use ByteRange::*;
        assert_eq!(range("bytes=0-9", 100), Part { start: 0, end: 9 });
        assert_eq!(range("bytes=90-", 100), Part { start: 90, end: 99 });
        assert_eq!(range("bytes=-10", 100), Part { start: 90, end: 99 });
        assert_eq!(range("bytes=-500", 100), Part { start: 0, end: 99 });
        assert_eq!(range("bytes=50-500", 100), Part { start: 50, end: 99 });
    }

    #[test]
    fn ranges_past_the_end_are_unsatisfiable() {
        assert_eq!(range("bytes=100-", 100), ByteRange::Unsatisfiable);
        assert_eq!(range("bytes=200-300", 100), ByteRange::Unsatisfiable);
        assert_eq!(range("bytes=-0", 100), ByteRange::Unsatisfiable);
        assert_eq!(range("bytes=0-", 0), ByteRange::Unsatisfiable);
    }

    #[test]
    fn other_ranges_get_the_whole_file() {
        assert_eq!(range("bytes=0-1,5-6", 100), ByteRange::Whole);
        assert_eq!(range("items=0-1", 100), ByteRange::Whole);
        assert_eq!(range("bytes=9-1", 100), ByteRange::Whole);
        assert_eq!(range("bytes=x-1", 100), ByteRange::Whole);
        assert_eq!(ByteRange::of(&HeaderMap::new(), 100), ByteRange::Whole);
    }

    #[test]
    fn validators_match_the_tag_or_an_older_date() {
        let modified = UNIX_EPOCH + Duration::from_millis(1_700_000_000_500);
        let file = Validators::new(42, modified, "");
        assert!(file.not_modified(&with(header::IF_NONE_MATCH, &file.etag)));
        assert!(file.not_modified(&with(
            header::IF_NONE_MATCH,
            &format!("\"other\", W/{}", file.etag)
        )));
        assert!(!file.not_modified(&with(header::IF_NONE_MATCH, "\"other\"")));
        assert!(file.not_modified(&with(header::IF_MODIFIED_SINCE, &file.last_modified())));
        assert!(!file.not_modified(&with(
            header::IF_MODIFIED_SINCE,
            "Tue, 14 Nov 2023 22:13:19 GMT"
        )));
        assert_ne!(file.etag, Validators::new(42, modified, "br").etag);
    }

    #[test]
    fn if_range_keeps_the_range_only_for_this_version() {
        let file = Validators::new(42, UNIX_EPOCH + Duration::from_secs(1_700_000_000), "");
        assert!(file.range_applies(&HeaderMap::new()));
        assert!(file.range_applies(&with(header::IF_RANGE, &file.etag)));
        assert!(file.range_applies(&with(header::IF_RANGE, &file.last_modified())));
        assert!(!file.range_applies(&with(header::IF_RANGE, "\"old\"")));
    }
}
