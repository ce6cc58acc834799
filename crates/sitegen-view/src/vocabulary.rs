//! The content's closed vocabularies (enums read from fixed sets of strings) as JSON
//! strings and TypeScript string unions.

use serde::Serialize;
use sitegen_content::{RegistrationType, SocialKind};
use ts_rs::TS;

/// A closed vocabulary of the content (an enum read from a fixed set of strings): in the
/// JSON each value is the string the content writes, and its TypeScript type is the
/// union of those strings.
trait Vocabulary: Copy + 'static {
    /// The TypeScript type's name.
    const NAME: &'static str;
    /// The TypeScript type's doc comment.
    const DOC: &'static str;
    /// Every value, in the order of the union.
    fn all() -> &'static [Self];
    /// The string a value is written as.
    fn word(self) -> &'static str;
}

impl Vocabulary for SocialKind {
    const NAME: &'static str = "SocialKind";
    const DOC: &'static str =
        "/**\n * The kind of a social link in the top bar (it picks the icon).\n */\n";
    fn all() -> &'static [Self] {
        SocialKind::ALL
    }
    fn word(self) -> &'static str {
        self.as_str()
    }
}

impl Vocabulary for RegistrationType {
    const NAME: &'static str = "RegistrationType";
    const DOC: &'static str = "/**\n * The kind of a railway registration certificate.\n */\n";
    fn all() -> &'static [Self] {
        RegistrationType::ALL
    }
    fn word(self) -> &'static str {
        self.as_str()
    }
}

/// A value of a [`Vocabulary`] in a view.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Word<V>(pub(crate) V);

impl<V: Vocabulary> Serialize for Word<V> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0.word())
    }
}

/// `"a" | "b" | …`: a TypeScript union of string literals.
pub(crate) fn string_union<'a>(words: impl IntoIterator<Item = &'a str>) -> String {
    let quoted: Vec<String> = words.into_iter().map(|w| format!("\"{w}\"")).collect();
    quoted.join(" | ")
}

impl<V: Vocabulary> TS for Word<V> {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;

    fn docs() -> Option<String> {
        Some(V::DOC.into())
    }
    fn name(_: &ts_rs::Config) -> String {
        V::NAME.into()
    }
    fn inline(_: &ts_rs::Config) -> String {
        string_union(V::all().iter().map(|v| v.word()))
    }
    fn decl(cfg: &ts_rs::Config) -> String {
        format!("type {} = {};", V::NAME, Self::inline(cfg))
    }
    fn decl_concrete(cfg: &ts_rs::Config) -> String {
        Self::decl(cfg)
    }
    // A named type of its own: the TypeScript declarations declare it (typescript.rs).
    fn output_path() -> Option<std::path::PathBuf> {
        Some(format!("{}.ts", V::NAME).into())
    }
}
