//! site.toml's rules: base URL, contact lists, EmailJS settings.

use super::*;
use crate::values::HttpUrl;

pub(super) fn check_site(r: &mut Reporter<'_>, site: &Site) {
    if site.base_url().ends_with('/') {
        r.report(
            &site.base_url.span,
            ErrorCode::InvalidUrl,
            format!("base_url \"{}\" must not end with /", site.base_url()),
            Some(format!(
                "write \"{}\"",
                site.base_url().trim_end_matches('/')
            )),
        );
    }
    if let Some(media_url) = &site.media_url {
        check_media_url(r, site, media_url);
    }
    let contact = &site.contact;
    let counts = [
        (
            "contact.emails",
            contact.emails.len(),
            &contact.emails.span,
            limits::FOOTER_EMAILS,
            "e-mail addresses",
        ),
        (
            "contact.phones",
            contact.phones.len(),
            &contact.phones.span,
            limits::FOOTER_PHONES,
            "phone numbers",
        ),
        (
            "contact.top_bar_phones",
            contact.top_bar_phones.len(),
            &contact.top_bar_phones.span,
            limits::TOP_BAR_PHONES,
            "phone numbers",
        ),
    ];
    for (key, found, span, expected, what) in counts {
        if found != expected {
            r.report(
                span,
                ErrorCode::WrongCount,
                format!("{key} must list exactly {expected} {what}, found {found}"),
                None,
            );
        }
    }
    check_email_settings(r, &site.email);
}

/// `media_url`: an origin the media paths can follow, and https when the site is.
fn check_media_url(r: &mut Reporter<'_>, site: &Site, media_url: &Located<HttpUrl>) {
    let url = media_url.value.as_str();
    if let Some(problem) = crate::values::media_origin_problem(url) {
        r.report(
            &media_url.span,
            ErrorCode::InvalidMediaUrl,
            format!("media_url \"{url}\" {problem}"),
            None,
        );
    } else if url.starts_with("http://") && site.base_url().starts_with("https://") {
        r.report(
            &media_url.span,
            ErrorCode::InsecureMediaUrl,
            format!(
                "media_url \"{url}\" is http:// while base_url is https://: browsers block or \
                 upgrade such images, videos and PDFs"
            ),
            Some(format!("write \"https://{}\"", &url["http://".len()..])),
        );
    }
}

/// Whether an EmailJS value is still a placeholder.
pub fn is_placeholder_key(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    value.starts_with("YOUR_")
        || lower.starts_with("your_")
        || lower.contains("placeholder")
        || lower.contains("example")
}

pub(super) fn check_email_settings(r: &mut Reporter<'_>, email: &EmailSettings) {
    let templates = &email.templates.value;
    let keys: [(&str, &Located<crate::values::Text>); 5] = [
        ("email.public_key", &email.public_key),
        ("email.service_id", &email.service_id),
        ("email.templates.contact", &templates.contact),
        ("email.templates.enquiry", &templates.enquiry),
        ("email.templates.quote", &templates.quote),
    ];
    let job = templates
        .job
        .as_ref()
        .map(|job| ("email.templates.job", job));
    for (key, value) in keys.into_iter().chain(job) {
        if is_placeholder_key(&value.value) {
            r.report(
                &value.span,
                ErrorCode::PlaceholderEmailKey,
                format!("{key} \"{}\" is a placeholder", value.value),
                None,
            );
        }
    }
    if templates.job.is_none() {
        r.report(
            &email.templates.span,
            ErrorCode::JobTemplateMissing,
            "no email.templates.job: job applications are simulated and not delivered".into(),
            None,
        );
    }
}
