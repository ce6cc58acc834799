//! Escaping text for HTML and XML, the one way every file the build writes does it.

/// `text` with `& < > " '` escaped, safe as element text and as a quoted attribute
/// value in HTML and in XML (`&#39;`, not `&apos;`, which HTML 4 lacks). `/` stays as it
/// is: minijinja's default would turn every URL into `&#x2f;assets&#x2f;…`.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            _ => escaped.push(c),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_characters_are_escaped_and_slashes_kept() {
        assert_eq!(
            escape("<a href=\"/x?a=1&b='2'\">"),
            "&lt;a href=&quot;/x?a=1&amp;b=&#39;2&#39;&quot;&gt;"
        );
        assert_eq!(escape("Dental Clinic / Setup é"), "Dental Clinic / Setup é");
    }
}
