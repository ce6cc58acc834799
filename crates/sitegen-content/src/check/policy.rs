//! Policy texts and their `{placeholder}`s.

use super::*;

/// The placeholders policy texts may use.
pub const PLACEHOLDERS: &[&str] = &["support_email", "company", "address"];

/// The `{name}` placeholders of a text, with their byte ranges in it.
pub(crate) fn placeholders(text: &str) -> Vec<(std::ops::Range<usize>, &str)> {
    let mut found = Vec::new();
    let mut search_from = 0;
    while let Some(open) = text[search_from..].find('{').map(|i| search_from + i) {
        let name_start = open + 1;
        let name_end = text[name_start..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(text.len(), |i| name_start + i);
        if name_end > name_start && text[name_end..].starts_with('}') {
            found.push((open..name_end + 1, &text[name_start..name_end]));
            search_from = name_end + 1;
        } else {
            search_from = name_start;
        }
    }
    found
}

pub(super) fn check_placeholders<T: std::ops::Deref<Target = str>>(
    r: &mut Reporter<'_>,
    text: &Located<T>,
) {
    for (_, name) in placeholders(&text.value) {
        if PLACEHOLDERS.contains(&name) {
            continue;
        }
        let written = format!("{{{name}}}");
        // Point at the placeholder itself when the source spells it literally.
        let span = r
            .file
            .slice(&text.span)
            .find(&written)
            .map_or(text.span.clone(), |i| {
                text.span.start + i..text.span.start + i + written.len()
            });
        let hint = sitegen_diagnostics::did_you_mean(name, PLACEHOLDERS.iter().copied())
            .map(|h| h.replace("mean \"", "mean \"{").replace("\"?", "}\"?"));
        r.report(
            &span,
            ErrorCode::UnknownPlaceholder,
            format!("unknown placeholder {written}"),
            hint,
        );
    }
}

pub(super) fn check_policy(r: &mut Reporter<'_>, policy: &Policy) {
    check_placeholders(r, &policy.title);
    for text in policy.intro.iter().flatten() {
        check_placeholders(r, text);
    }
    for section in policy.section.iter().flatten() {
        check_placeholders(r, &section.heading);
        for text in section
            .paragraphs
            .iter()
            .flatten()
            .chain(section.bullets.iter().flatten())
        {
            check_placeholders(r, text);
        }
    }
}

/// Fills `{support_email}`, `{company}` and `{address}` from site.toml; other
/// braces stay as written.
pub fn fill_placeholders(text: &str, site: &Site) -> String {
    let mut filled = String::with_capacity(text.len());
    let mut last = 0;
    for (range, name) in placeholders(text) {
        let value = match name {
            "support_email" => site.contact.support_email.as_str(),
            "company" => site.name(),
            "address" => site.contact.address.as_str(),
            _ => continue,
        };
        filled.push_str(&text[last..range.start]);
        filled.push_str(value);
        last = range.end;
    }
    filled.push_str(&text[last..]);
    filled
}
