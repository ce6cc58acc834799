//! The testimonial carousel.

use super::prelude::*;

content_table! {
    /// `[testimonials]`.
    pub struct Testimonials {
        /// The heading.
        pub heading: Text,
        /// The slides.
        pub item: Vec<Testimonial>,
    }
}

content_table! {
    /// A testimonial slide.
    pub struct Testimonial {
        /// The quote.
        pub quote: Prose,
        /// Who said it.
        pub name: Text,
        /// The image style key.
        pub image_class: String,
        /// The background style key.
        pub background_class: String,
        /// Optional: `true` leaves it out of `sitegen build` (`--drafts` and `sitegen serve` show it, marked).
        pub draft: Option<bool>,
    }
}

impl Testimonial {
    /// Whether it is a draft (left out of production builds).
    pub fn is_draft(&self) -> bool {
        self.draft == Some(true)
    }
}

/// The views React gets.
pub mod view {
    use super::*;

    /// The testimonials block.
    #[derive(Debug, Clone, Serialize, TS)]
    pub struct Testimonials<'a> {
        pub(super) heading: &'a str,
        pub(super) items: Vec<Testimonial<'a>>,
    }

    /// A testimonial slide; the classes are style keys.
    #[derive(Debug, Clone, Serialize, TS)]
    #[serde(rename_all = "camelCase")]
    pub struct Testimonial<'a> {
        pub(super) quote: &'a str,
        pub(super) name: &'a str,
        pub(super) image_class: &'a str,
        pub(super) background_class: &'a str,
        /// Only in previews (`sitegen serve`, `build --drafts`): the entry is a draft.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional, type = "true")]
        pub(super) draft: Option<bool>,
    }
}

impl HomeSectionKind for Testimonials {
    type View<'a> = view::Testimonials<'a>;

    fn view<'a>(&'a self, _: &dyn SectionViews) -> view::Testimonials<'a> {
        view::Testimonials {
            heading: self.heading.as_str(),
            items: self
                .item
                .iter()
                .map(|t| view::Testimonial {
                    quote: t.quote.as_str(),
                    name: t.name.as_str(),
                    image_class: t.image_class.as_str(),
                    background_class: t.background_class.as_str(),
                    draft: draft_mark(t.is_draft()),
                })
                .collect(),
        }
    }

    fn drafts(&self) -> usize {
        self.item.iter().filter(|t| t.is_draft()).count()
    }

    fn remove_drafts(&mut self) {
        self.item.retain(|t| !t.is_draft());
    }
}
