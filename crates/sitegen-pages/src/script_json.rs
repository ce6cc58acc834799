//! JSON written into a page's `<script>` elements (its data, its JSON-LD).

/// JSON inside `<script>` must not contain `</script>` or `<!--`: escaping every `<`
/// (and the two line separators some parsers choke on) keeps it inert and valid JSON.
pub fn escape_json_for_script(json: &str) -> String {
    json.replace('<', "\\u003c")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}
