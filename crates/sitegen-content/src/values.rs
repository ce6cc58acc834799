//! Validated scalar values: texts, e-mail addresses, URLs, phone numbers, media
//! references and the fixed vocabularies of the contract.
//!
//! Each type checks itself while it is read, so a problem is reported at the
//! exact value, whichever file it is in.

use std::borrow::Cow;
use std::fmt;
use std::ops::Deref;

use schemars::{JsonSchema, Schema, SchemaGenerator};
use toml::de::DeValue;

use crate::de::{allowed_characters, Cx, FromToml, Lines};
use crate::media::MediaCache;
use sitegen_diagnostics::ErrorCode;
use sitegen_diagnostics::Span;

/// Reads a one-line string value, or reports a wrong type or a character it may not hold.
fn string_value(
    value: &DeValue<'_>,
    span: &Span,
    cx: &mut Cx<'_>,
    expected: &str,
) -> Option<String> {
    let text = any_string_value(value, span, cx, expected)?;
    allowed_characters(text, span, cx, Lines::One)
}

/// Reads a string value, whatever it holds, or reports a wrong type.
fn any_string_value(
    value: &DeValue<'_>,
    span: &Span,
    cx: &mut Cx<'_>,
    expected: &str,
) -> Option<String> {
    match value {
        DeValue::String(s) => Some(s.to_string()),
        _ => {
            cx.wrong_type(value, span, expected);
            None
        }
    }
}

macro_rules! string_newtype {
    ($(#[$meta:meta])* $name:ident, $schema:expr) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(String);

        impl $name {
            /// The text as written.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl JsonSchema for $name {
            fn schema_name() -> Cow<'static, str> {
                stringify!($name).into()
            }
            fn inline_schema() -> bool {
                true
            }
            fn json_schema(_generator: &mut SchemaGenerator) -> Schema {
                $schema
            }
        }
    };
}

string_newtype!(
    /// Plain text that must not be empty (after trimming).
    Text,
    schemars::json_schema!({ "type": "string", "pattern": "\\S" })
);

impl FromToml for Text {
    fn from_toml(value: &DeValue<'_>, span: &Span, cx: &mut Cx<'_>) -> Option<Self> {
        non_empty_text(value, span, cx, Lines::One).map(Text)
    }
}

string_newtype!(
    /// Plain text of one or more lines (a description, a paragraph, a quote) that must
    /// not be empty (after trimming). Unlike [`Text`] it may hold line breaks and tabs.
    Prose,
    schemars::json_schema!({ "type": "string", "pattern": "\\S" })
);

impl FromToml for Prose {
    fn from_toml(value: &DeValue<'_>, span: &Span, cx: &mut Cx<'_>) -> Option<Self> {
        non_empty_text(value, span, cx, Lines::Several).map(Prose)
    }
}

fn non_empty_text(
    value: &DeValue<'_>,
    span: &Span,
    cx: &mut Cx<'_>,
    lines: Lines,
) -> Option<String> {
    let text = any_string_value(value, span, cx, "a non-empty string")?;
    if text.trim().is_empty() {
        cx.report(span, ErrorCode::EmptyText, "text must not be empty", None);
        return None;
    }
    allowed_characters(text, span, cx, lines)
}

string_newtype!(
    /// An e-mail address (`name@domain.tld`).
    Email,
    schemars::json_schema!({ "type": "string", "format": "email" })
);

impl FromToml for Email {
    fn from_toml(value: &DeValue<'_>, span: &Span, cx: &mut Cx<'_>) -> Option<Self> {
        let text = string_value(value, span, cx, "a string")?;
        if !is_valid_email(&text) {
            cx.report(
                span,
                ErrorCode::InvalidEmail,
                format!("invalid e-mail address \"{text}\""),
                None,
            );
            return None;
        }
        warn_example_email(&text, span, cx);
        Some(Email(text))
    }
}

fn warn_example_email(address: &str, span: &Span, cx: &mut Cx<'_>) {
    if is_example_email(address) {
        cx.report(
            span,
            ErrorCode::ExampleEmail,
            format!("\"{address}\" is an example address"),
            None,
        );
    }
}

/// Whether the address is at example.com or example.org (or a subdomain).
pub fn is_example_email(address: &str) -> bool {
    let domain = address
        .rsplit_once('@')
        .map(|(_, d)| d.to_ascii_lowercase())
        .unwrap_or_default();
    ["example.com", "example.org"]
        .iter()
        .any(|example| domain == *example || domain.ends_with(&format!(".{example}")))
}

/// A pragmatic e-mail check: one `@`, a local part without spaces, a dotted domain
/// of letters, digits and hyphens.
pub fn is_valid_email(address: &str) -> bool {
    let Some((local, domain)) = address.split_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+/=?^_`{|}~.-".contains(c));
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|label| {
            !label.is_empty()
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
        && labels
            .last()
            .is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()));
    local_ok && domain_ok
}

string_newtype!(
    /// A phone number: digits, spaces, a leading `+`, `-` and parentheses; 8 to 15 digits.
    Phone,
    schemars::json_schema!({ "type": "string", "pattern": "^\\+?[0-9 ()-]+$" })
);

impl FromToml for Phone {
    fn from_toml(value: &DeValue<'_>, span: &Span, cx: &mut Cx<'_>) -> Option<Self> {
        let text = string_value(value, span, cx, "a string")?;
        if !is_valid_phone(&text) {
            cx.report(
                span,
                ErrorCode::InvalidPhone,
                format!("invalid phone number \"{text}\""),
                None,
            );
            return None;
        }
        Some(Phone(text))
    }
}

/// Digits, spaces, `-`, parentheses and one leading `+`; 8 to 15 digits.
pub fn is_valid_phone(number: &str) -> bool {
    let body = number.strip_prefix('+').unwrap_or(number);
    let allowed = body
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '-' | '(' | ')'));
    let digits = body.chars().filter(char::is_ascii_digit).count();
    allowed && (8..=15).contains(&digits)
}

string_newtype!(
    /// An absolute `http://` or `https://` URL.
    HttpUrl,
    schemars::json_schema!({ "type": "string", "format": "uri", "pattern": "^https?://" })
);

impl FromToml for HttpUrl {
    fn from_toml(value: &DeValue<'_>, span: &Span, cx: &mut Cx<'_>) -> Option<Self> {
        let text = string_value(value, span, cx, "a string")?;
        if !is_valid_http_url(&text) {
            cx.report(
                span,
                ErrorCode::InvalidUrl,
                format!("invalid URL \"{text}\""),
                None,
            );
            return None;
        }
        Some(HttpUrl(text))
    }
}

impl HttpUrl {
    /// Reads a site origin given outside the content (`--base-url`,
    /// `SITEGEN_BASE_URL`): an absolute http(s) URL with a host and no path, query or
    /// fragment; one trailing `/` is dropped. `Err` says what is wrong.
    pub fn parse_origin(text: &str) -> Result<HttpUrl, String> {
        let trimmed = text.strip_suffix('/').unwrap_or(text);
        if !is_valid_http_url(trimmed) {
            return Err(format!(
                "\"{text}\" is not an absolute URL: write it like https://preview.example.com"
            ));
        }
        let after_scheme = trimmed.split_once("://").map_or("", |(_, rest)| rest);
        if after_scheme.contains(['/', '?', '#']) {
            return Err(format!(
                "\"{text}\" has a path, query or fragment: the site is served at the root of its origin, \
                 write only the origin, like https://preview.example.com"
            ));
        }
        Ok(HttpUrl(trimmed.to_string()))
    }
}

/// Reads the media origin given outside the content (`--media-url`): an absolute
/// http(s) URL with a host, optionally a path prefix, no query or fragment; one
/// trailing `/` is dropped. `Err` says what is wrong.
pub fn parse_media_origin(text: &str) -> Result<HttpUrl, String> {
    let trimmed = text.strip_suffix('/').unwrap_or(text);
    match media_origin_problem(trimmed) {
        Some(problem) => Err(format!("\"{text}\" {problem}")),
        None => Ok(HttpUrl(trimmed.to_string())),
    }
}

/// What is wrong with a media origin (`media_url`, `--media-url`), if anything: the
/// media files are served at it + their path in the output (`/media/…`), so it is an
/// absolute http(s) URL with a host and at most a path prefix of plain segments, with
/// no query, fragment or trailing `/`.
pub fn media_origin_problem(url: &str) -> Option<String> {
    const EXAMPLE: &str = "write it like https://media.example.com or https://cdn.example.com/site";
    if !is_valid_http_url(url) {
        return Some(format!("is not an absolute http(s) URL: {EXAMPLE}"));
    }
    let after_scheme = url.split_once("://").map_or("", |(_, rest)| rest);
    if after_scheme.contains(['?', '#']) {
        return Some(format!(
            "has a query or fragment, which the media files' URLs cannot carry: {EXAMPLE}"
        ));
    }
    if url.ends_with('/') {
        return Some(format!(
            "ends with /: the media paths start with one, write \"{}\"",
            url.trim_end_matches('/')
        ));
    }
    let prefix = after_scheme.split_once('/').map_or("", |(_, path)| path);
    let plain = |segment: &str| {
        !segment.is_empty()
            && segment != "."
            && segment != ".."
            && segment
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '~'))
    };
    if !prefix.is_empty() && !prefix.split('/').all(plain) {
        return Some(format!(
            "has a path prefix that is not plain segments (letters, digits, - _ . ~): {EXAMPLE}"
        ));
    }
    None
}

/// The URL of `path` (encoded, from its leading `/`) on the site at `base_url`: every
/// absolute URL of the live site is joined here, so a base written with a trailing `/`
/// never gives `//`.
pub fn absolute_url(base_url: &str, path: &str) -> String {
    format!("{}{path}", base_url.trim_end_matches('/'))
}

/// An absolute http(s) URL with a valid host (see [`link_problem`]).
pub fn is_valid_http_url(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    (lower.starts_with("https://") || lower.starts_with("http://")) && link_problem(url).is_none()
}

/// What is wrong with a link, if anything: the one URL grammar of the site, used by
/// the content checks and by the link checker of the built pages. A link is an
/// `http(s)://` URL with a host (letters, digits, `-` and `.`, an optional port and
/// user), `mailto:` with an e-mail address, or `tel:` with a phone number; no control
/// characters, and no whitespace outside `tel:`.
pub fn link_problem(link: &str) -> Option<&'static str> {
    if link.chars().any(char::is_control) {
        return Some("it contains control characters");
    }
    let lower = link.to_ascii_lowercase();
    if !lower.starts_with("tel:") && link.chars().any(char::is_whitespace) {
        return Some("it contains whitespace");
    }
    if let Some(rest) = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
    {
        let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
        let host = authority
            .rsplit_once('@')
            .map_or(authority, |(_, host)| host);
        let host_name = match host.rsplit_once(':') {
            Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name,
            _ => host,
        };
        let valid_host = !host_name.is_empty()
            && host_name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.')
            && !host_name.starts_with('.')
            && !host_name.ends_with('.')
            && !host_name.contains("..");
        return (!valid_host).then_some("no valid host");
    }
    if let Some(address) = link.strip_prefix("mailto:") {
        let address = address.split('?').next().unwrap_or("");
        return (!is_valid_email(address)).then_some("no valid e-mail address");
    }
    if let Some(number) = link.strip_prefix("tel:") {
        return (!is_valid_phone(number)).then_some("not a phone number");
    }
    Some("unknown scheme (expected https, http, mailto or tel)")
}

string_newtype!(
    /// A link: an absolute http(s) URL, a `mailto:` address or a `tel:` number.
    LinkUrl,
    schemars::json_schema!({ "type": "string", "pattern": "^(https?://|mailto:|tel:)" })
);

impl FromToml for LinkUrl {
    fn from_toml(value: &DeValue<'_>, span: &Span, cx: &mut Cx<'_>) -> Option<Self> {
        let text = string_value(value, span, cx, "a string")?;
        if !is_valid_link(&text) {
            cx.report(
                span,
                ErrorCode::InvalidUrl,
                format!("invalid link \"{text}\""),
                None,
            );
            return None;
        }
        if let Some(address) = text.strip_prefix("mailto:") {
            let address = address.split('?').next().unwrap_or("");
            warn_example_email(address, span, cx);
        }
        Some(LinkUrl(text))
    }
}

/// An http(s) URL, `mailto:` + a valid address, or `tel:` + a valid phone number.
pub fn is_valid_link(link: &str) -> bool {
    link_problem(link).is_none()
}

/// A reference to a media file, resolved while loading: its path, hashed output
/// name and dimensions. The WebP variants the build made of it are in the content's
/// [`crate::MediaIndex`], found by `path`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaRef {
    /// The content path as written, e.g. `media/brand/logo.svg`.
    pub path: String,
    /// The path inside `dist/`, e.g. `media/brand/logo.3f2a9c1e.svg`.
    pub output: String,
    /// Width in pixels (0 for video).
    pub width: u32,
    /// Height in pixels (0 for video).
    pub height: u32,
}

impl FromToml for MediaRef {
    fn from_toml(value: &DeValue<'_>, span: &Span, cx: &mut Cx<'_>) -> Option<Self> {
        let path = string_value(value, span, cx, "a media path string")?;
        match cx.media.resolve(&path) {
            Ok(file) => Some(MediaRef {
                path,
                output: file.output,
                width: file.width,
                height: file.height,
            }),
            Err(problem) => {
                cx.report(span, problem.code, problem.message, None);
                None
            }
        }
    }
}

impl JsonSchema for MediaRef {
    fn schema_name() -> Cow<'static, str> {
        "MediaPath".into()
    }
    fn inline_schema() -> bool {
        true
    }
    fn json_schema(_generator: &mut SchemaGenerator) -> Schema {
        schemars::json_schema!({
            "type": "string",
            "pattern": "^media/",
            "description": "A media file path relative to content/, starting with media/"
        })
    }
}

/// A product's brochure: a PDF under `content/media/`, checked by its bytes and its
/// size, and published (under a hashed name) for download.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Brochure {
    /// The content path as written, e.g. `media/brochures/hd-2.pdf`.
    pub path: String,
    /// The path inside `dist/`, e.g. `media/brochures/hd-2.3f2a9c1e.pdf`.
    pub output: String,
    /// Its size in bytes.
    pub bytes: u64,
}

impl crate::de::Kept for MediaRef {
    fn shift(&mut self, _by: isize) {}
    fn same_media(&self, media: &mut MediaCache) -> bool {
        media.resolve(&self.path).is_ok_and(|file| {
            (file.output.as_str(), file.width, file.height)
                == (self.output.as_str(), self.width, self.height)
        })
    }
}

impl crate::de::Kept for Brochure {
    fn shift(&mut self, _by: isize) {}
    fn same_media(&self, media: &mut MediaCache) -> bool {
        media.resolve_document(&self.path).is_ok_and(|file| {
            (file.output.as_str(), file.bytes) == (self.output.as_str(), self.bytes)
        })
    }
}

impl FromToml for Brochure {
    fn from_toml(value: &DeValue<'_>, span: &Span, cx: &mut Cx<'_>) -> Option<Self> {
        let path = string_value(value, span, cx, "a media path string")?;
        match cx.media.resolve_document(&path) {
            Ok(file) => Some(Brochure {
                path,
                output: file.output,
                bytes: file.bytes,
            }),
            Err(problem) => {
                cx.report(span, problem.code, problem.message, None);
                None
            }
        }
    }
}

impl JsonSchema for Brochure {
    fn schema_name() -> Cow<'static, str> {
        "BrochurePath".into()
    }
    fn inline_schema() -> bool {
        true
    }
    fn json_schema(_generator: &mut SchemaGenerator) -> Schema {
        schemars::json_schema!({
            "type": "string",
            "pattern": "^media/.*\\.pdf$",
            "description": "A PDF file path relative to content/, starting with media/"
        })
    }
}

/// Declares a closed vocabulary read from a string, with "did you mean".
macro_rules! string_enum {
    ($(#[$meta:meta])* $name:ident, $code:ident, $description:literal { $( $(#[$vmeta:meta])* $variant:ident = $text:literal ),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $( $(#[$vmeta])* $variant, )*
        }

        impl $name {
            /// Every value, in contract order.
            pub const ALL: &'static [$name] = &[$( $name::$variant, )*];

            /// The value as written in the content and the JSON.
            pub fn as_str(self) -> &'static str {
                match self { $( $name::$variant => $text, )* }
            }

            /// The value written as `text`, if any.
            pub fn parse(text: &str) -> Option<$name> {
                match text { $( $text => Some($name::$variant), )* _ => None }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromToml for $name {
            fn from_toml(value: &DeValue<'_>, span: &Span, cx: &mut Cx<'_>) -> Option<Self> {
                let text = string_value(value, span, cx, "a string")?;
                if let Some(parsed) = $name::parse(&text) {
                    return Some(parsed);
                }
                let names: Vec<&str> = $name::ALL.iter().map(|v| v.as_str()).collect();
                let hint = sitegen_diagnostics::did_you_mean(&text, names.iter().copied())
                    .unwrap_or_else(|| format!("use one of: {}", names.join(", ")));
                cx.report(
                    span,
                    ErrorCode::$code,
                    format!("\"{text}\" is not a valid {}", $description),
                    Some(hint),
                );
                None
            }
        }

        impl JsonSchema for $name {
            fn schema_name() -> Cow<'static, str> {
                stringify!($name).into()
            }
            fn inline_schema() -> bool {
                true
            }
            fn json_schema(_generator: &mut SchemaGenerator) -> Schema {
                schemars::json_schema!({ "type": "string", "enum": [$($text),*] })
            }
        }
    };
}

string_enum!(
    /// The kind of a railway registration certificate.
    RegistrationType, UnknownRegistrationType, "registration type" {
        /// PCMM (Store).
        Pcmm = "PCMM",
        /// PCMD (Medical).
        Pcmd = "PCMD",
    }
);

string_enum!(
    /// The kind of a social link in the top bar (it picks the icon).
    SocialKind, UnknownVariant, "social link kind" {
        /// Instagram.
        Instagram = "instagram",
        /// Facebook.
        Facebook = "facebook",
        /// Twitter.
        Twitter = "twitter",
        /// E-mail.
        Email = "email",
        /// LinkedIn.
        Linkedin = "linkedin",
        /// WhatsApp.
        Whatsapp = "whatsapp",
    }
);

string_enum!(
    /// A generated navigation menu.
    GeneratedMenu, UnknownMenu, "generated menu" {
        /// The catalogue's categories, each opening /products.
        Categories = "categories",
    }
);

/// site.toml's `host`: the host the site is deployed to (see `sitegen_hosts::Host`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HostProfile(pub sitegen_hosts::Host);

impl FromToml for HostProfile {
    fn from_toml(value: &DeValue<'_>, span: &Span, cx: &mut Cx<'_>) -> Option<Self> {
        let text = string_value(value, span, cx, "a string")?;
        if let Some(host) = sitegen_hosts::Host::parse(&text) {
            return Some(HostProfile(host));
        }
        let names = sitegen_hosts::Host::ALL.map(sitegen_hosts::Host::name);
        let hint = sitegen_diagnostics::did_you_mean(&text, names.iter().copied())
            .unwrap_or_else(|| format!("use one of: {}", names.join(", ")));
        cx.report(
            span,
            ErrorCode::UnknownHost,
            format!("\"{text}\" is no host sitegen knows"),
            Some(hint),
        );
        None
    }
}

impl JsonSchema for HostProfile {
    fn schema_name() -> Cow<'static, str> {
        "HostProfile".into()
    }
    fn inline_schema() -> bool {
        true
    }
    fn json_schema(_generator: &mut SchemaGenerator) -> Schema {
        let names = sitegen_hosts::Host::ALL.map(sitegen_hosts::Host::name);
        schemars::json_schema!({ "type": "string", "enum": names })
    }
}

#[cfg(test)]
mod tests;
