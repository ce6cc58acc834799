//! The words of a text as the products' search sees them, for the index sitegen writes
//! and for the checks of synonyms.toml. The web app splits queries the same way: the
//! vectors of [`TOKENIZER_VECTORS`] are written for its tests by `sitegen gen`.

/// The words of `text`: lower case, split at every character that is neither
/// alphabetic nor numeric (Unicode's Alphabetic property keeps a script's vowel signs
/// inside its words: "डायलिसिस" is one word).
pub fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
}

/// Texts whose words pin down the tokenizer on both sides: punctuation, digits,
/// accents, ligatures and non-Latin scripts.
pub const TOKENIZER_VECTORS: &[&str] = &[
    "Non-Contact Tonometer (NCT) 3D, x-ray",
    "BiPAP/CPAP machine — 2-in-1",
    "ECG 12‑channel (portable)",
    "Haemodialysis & hemodialysis",
    "Café Ångström ÆTHER straße",
    "डायलिसिस मशीन",
    "अल्ट्रासाउंड",
    "血液透析 装置",
    "Ультразвуковой аппарат",
    "O₂ concentrator 5L/min",
    "   leading and trailing   ",
    "",
];

/// A text and the words the tokenizer splits it into: what the web app's tokenizer
/// must find too.
#[derive(serde::Serialize)]
struct TokenizerVector {
    text: &'static str,
    words: Vec<String>,
}

/// [`TOKENIZER_VECTORS`] with their words, as JSON for the web app's tests.
pub fn tokenizer_vectors_json() -> String {
    let vectors: Vec<TokenizerVector> = TOKENIZER_VECTORS
        .iter()
        .map(|&text| TokenizerVector {
            text,
            words: words(text).collect(),
        })
        .collect();
    let mut text = serde_json::to_string_pretty(&vectors).unwrap_or_default();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_lower_case_and_split_at_non_alphanumerics() {
        let split: Vec<String> = words("Non-Contact Tonometer (NCT) 3D, x-ray").collect();
        assert_eq!(
            split,
            ["non", "contact", "tonometer", "nct", "3d", "x", "ray"]
        );
    }

    #[test]
    fn a_devanagari_word_keeps_its_vowel_signs() {
        assert_eq!(
            words("डायलिसिस मशीन").collect::<Vec<_>>(),
            ["डायलिसिस", "मशीन"]
        );
    }
}
