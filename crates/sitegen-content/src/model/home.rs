//! `home.toml`: the home page's sections. Each section is one type in one file of
//! `model/home/` (its table, its checks and its view), implementing [`HomeSectionKind`];
//! `build.rs` lists those files, and [`home_sections!`] makes of the list the file's
//! type ([`Home`]), the names `sections` accepts ([`HomeSection`]) and the home page's
//! views ([`HomeView`], [`HomePageView`]).

use std::fmt::Debug;

use serde::Serialize;
use sitegen_diagnostics::{ErrorCode, Span};
use toml::de::DeTable;
use ts_rs::TS;

use crate::raw::RawRefs;
use crate::values::MediaRef;
use crate::views::Media;

/// A section of the home page: a table of home.toml, what is checked in it beyond its
/// types, and what React gets of it.
pub trait HomeSectionKind {
    /// What React gets of the section (its TypeScript type is declared with the others).
    type View<'a>: Serialize + TS + Clone + Debug
    where
        Self: 'a;

    /// The section's view.
    fn view<'a>(&'a self, views: &dyn SectionViews) -> Self::View<'a>;

    /// What its types do not catch (a negative counter, …), each at its place.
    fn problems(&self) -> Vec<SectionProblem> {
        Vec::new()
    }

    /// The ids it refers to, read from its table as written (`table`), so that they are
    /// checked even when the file does not load.
    fn references(_table: &DeTable<'_>, _refs: &mut RawRefs) {}

    /// How many of its entries are drafts.
    fn drafts(&self) -> usize {
        0
    }

    /// Leaves its drafts out (`sitegen build`).
    fn remove_drafts(&mut self) {}
}

/// What a section's view needs from outside the content (sitegen-view gives it).
pub trait SectionViews {
    /// The view of a media file: its published URL, size and variants.
    fn media(&self, media: &MediaRef) -> Media;
}

/// A problem of a section's content, at its place in home.toml.
#[derive(Debug, Clone, PartialEq)]
pub struct SectionProblem {
    /// Where it is written.
    pub span: Span,
    /// Its error code.
    pub code: ErrorCode,
    /// What is wrong.
    pub message: String,
    /// How to fix it, if there is more to say.
    pub hint: Option<String>,
}

/// `Some(true)` for a draft: the JSON then has `"draft": true`. Published entries carry
/// no key, so a production build's data is the same as without drafts.
pub fn draft_mark(draft: bool) -> Option<bool> {
    draft.then_some(true)
}

/// `"a" | "b"`: a TypeScript union of string literals.
fn string_union<'a>(words: impl IntoIterator<Item = &'a str>) -> String {
    let quoted: Vec<String> = words.into_iter().map(|w| format!("\"{w}\"")).collect();
    quoted.join(" | ")
}

/// Makes, of the sections `build.rs` lists (`key: Variant = module::Type`, in the
/// default order, each with its description), home.toml's type [`Home`], the names
/// [`HomeSection`] and the views. Tests call it with sections of their own.
macro_rules! home_sections {
    ($( $(#[doc = $doc:literal])* $key:ident : $variant:ident = $section:ty ),* $(,)?) => {
        $crate::de::content_table! {
            /// `home.toml`: every block of the home page.
            pub struct Home {
                /// Optional: which sections the home page shows, in this order (default: every
                /// section, in the spec's order).
                pub sections: Option<$crate::de::Located<Vec<$crate::de::Located<String>>>>,
                $(
                    $(#[doc = $doc])*
                    pub $key: $section,
                )*
            }
        }

        /// A section of the home page: a name home.toml's `sections` accepts, and a
        /// table of home.toml.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum HomeSection {
            $(
                $(#[doc = $doc])*
                $variant,
            )*
        }

        impl HomeSection {
            /// Every section, in the spec's order: the default of home.toml's `sections`.
            pub const ALL: &'static [HomeSection] = &[$(HomeSection::$variant),*];

            /// Its name in home.toml (`services_slider`), which is also its TypeScript name.
            pub fn name(self) -> &'static str {
                match self {
                    $(HomeSection::$variant => stringify!($key),)*
                }
            }

            /// The section named `name`, if there is one.
            pub fn named(name: &str) -> Option<HomeSection> {
                HomeSection::ALL
                    .iter()
                    .copied()
                    .find(|section| section.name() == name)
            }

            /// Every section's name, in the spec's order.
            pub fn names() -> impl Iterator<Item = &'static str> + Clone {
                HomeSection::ALL.iter().map(|section| section.name())
            }
        }

        // React gets a section by its name in home.toml.
        impl serde::Serialize for HomeSection {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }

        impl ts_rs::TS for HomeSection {
            type WithoutGenerics = Self;
            type OptionInnerType = Self;

            fn docs() -> Option<String> {
                Some("/** A section name of home.toml's `sections` (sitegen validates them). */\n".into())
            }
            fn name(_: &ts_rs::Config) -> String {
                "HomeSection".into()
            }
            fn inline(_: &ts_rs::Config) -> String {
                $crate::model::home::string_union(HomeSection::names())
            }
            fn decl(cfg: &ts_rs::Config) -> String {
                format!("type HomeSection = {};", Self::inline(cfg))
            }
            fn decl_concrete(cfg: &ts_rs::Config) -> String {
                Self::decl(cfg)
            }
            // A named type of its own: the TypeScript declarations declare it.
            fn output_path() -> Option<std::path::PathBuf> {
                Some("HomeSection.ts".into())
            }
        }

        /// The block routes: every home block, and the home page's `sections`.
        #[derive(Debug, Clone, serde::Serialize, ts_rs::TS)]
        #[ts(rename = "Home")]
        pub struct HomeView<'a> {
            sections: Vec<HomeSection>,
            #[serde(flatten)]
            #[ts(flatten)]
            blocks: HomeBlocks<'a>,
        }

        /// Every block of home.toml.
        #[derive(Debug, Clone, serde::Serialize, ts_rs::TS)]
        #[serde(rename_all = "camelCase")]
        pub struct HomeBlocks<'a> {
            $($key: <$section as $crate::model::home::HomeSectionKind>::View<'a>,)*
        }

        /// `/`: the sections home.toml lists, in order, and the data of those only, so a
        /// section left out costs nothing.
        #[derive(Debug, serde::Serialize, ts_rs::TS)]
        #[serde(rename_all = "camelCase")]
        #[ts(optional_fields, rename = "HomePageData")]
        pub struct HomePageView<'a> {
            sections: Vec<HomeSection>,
            $(
                #[serde(skip_serializing_if = "Option::is_none")]
                $key: Option<<$section as $crate::model::home::HomeSectionKind>::View<'a>>,
            )*
        }

        impl From<HomeView<'_>> for serde_json::Value {
            fn from(view: HomeView<'_>) -> serde_json::Value {
                // Only structs, strings, numbers and lists: nothing that can fail.
                serde_json::to_value(view).unwrap_or_default()
            }
        }

        impl From<HomePageView<'_>> for serde_json::Value {
            fn from(view: HomePageView<'_>) -> serde_json::Value {
                serde_json::to_value(view).unwrap_or_default()
            }
        }

        impl Home {
            /// The sections the home page shows, in order: home.toml's `sections`, else
            /// [`HomeSection::ALL`]. Unknown names never get here (they are errors).
            pub fn sections(&self) -> Vec<HomeSection> {
                match &self.sections {
                    Some(listed) => listed
                        .value
                        .iter()
                        .filter_map(|name| HomeSection::named(&name.value))
                        .collect(),
                    None => HomeSection::ALL.to_vec(),
                }
            }

            /// Every block (the block routes show one each, whatever the home page
            /// lists), with the home page's `sections`.
            pub fn view<'a>(
                &'a self,
                views: &dyn $crate::model::home::SectionViews,
            ) -> HomeView<'a> {
                use $crate::model::home::HomeSectionKind as _;
                HomeView {
                    sections: self.sections(),
                    blocks: HomeBlocks {
                        $($key: self.$key.view(views),)*
                    },
                }
            }

            /// The home page `/`: `sections` and the views of those sections only.
            pub fn page_view<'a>(
                &'a self,
                views: &dyn $crate::model::home::SectionViews,
            ) -> HomePageView<'a> {
                use $crate::model::home::HomeSectionKind as _;
                let sections = self.sections();
                let shown = |wanted: HomeSection| sections.contains(&wanted);
                HomePageView {
                    $($key: shown(HomeSection::$variant).then(|| self.$key.view(views)),)*
                    sections,
                }
            }

            /// What the sections' types do not catch, in section order.
            pub fn problems(&self) -> Vec<$crate::model::home::SectionProblem> {
                use $crate::model::home::HomeSectionKind as _;
                let mut problems = Vec::new();
                $(problems.extend(self.$key.problems());)*
                problems
            }

            /// The ids home.toml refers to, read from its tables as written.
            pub(crate) fn references(root: &toml::de::DeTable<'_>) -> $crate::raw::RawRefs {
                let mut refs = $crate::raw::RawRefs::default();
                $(
                    if let Some(table) = $crate::raw::raw_table(root, stringify!($key)) {
                        <$section as $crate::model::home::HomeSectionKind>::references(table, &mut refs);
                    }
                )*
                refs
            }

            /// How many entries of its sections are drafts.
            pub fn drafts(&self) -> usize {
                use $crate::model::home::HomeSectionKind as _;
                0 $(+ self.$key.drafts())*
            }

            /// Leaves the drafts of its sections out.
            pub fn remove_drafts(&mut self) {
                use $crate::model::home::HomeSectionKind as _;
                $(self.$key.remove_drafts();)*
            }
        }
    };
}

/// What a section's file starts with.
#[allow(unused_imports)]
mod prelude {
    pub(crate) use super::{draft_mark, HomeSectionKind, SectionProblem, SectionViews};
    pub(crate) use crate::de::{content_table, Located, Number};
    pub(crate) use crate::raw::{raw_strings, RawRefs};
    pub(crate) use crate::values::{MediaRef, Prose, Text};
    pub(crate) use crate::views::Media;
    pub(crate) use serde::Serialize;
    pub(crate) use sitegen_diagnostics::ErrorCode;
    pub(crate) use toml::de::DeTable;
    pub(crate) use ts_rs::TS;
}

include!(concat!(env!("OUT_DIR"), "/home_sections.rs"));

#[cfg(test)]
mod tests;
