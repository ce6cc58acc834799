//! The tabbed product showcase.

use super::prelude::*;

content_table! {
    /// `[showcase]`.
    pub struct Showcase {
        /// The heading.
        pub heading: Text,
        /// The tabs.
        pub tab: Vec<ShowcaseTab>,
    }
}

content_table! {
    /// A showcase tab.
    pub struct ShowcaseTab {
        /// The tab label.
        pub label: Text,
        /// Optional link to a category id.
        pub category: Option<Located<String>>,
        /// The product cards.
        pub card: Vec<ShowcaseCard>,
    }
}

content_table! {
    /// A showcase product card.
    pub struct ShowcaseCard {
        /// The title.
        pub title: Text,
        /// The description.
        pub description: Prose,
        /// The image.
        pub image: MediaRef,
    }
}

/// The views React gets.
pub mod view {
    use super::*;

    /// The showcase block: tabs of cards.
    #[derive(Debug, Clone, Serialize, TS)]
    pub struct Showcase<'a> {
        pub(super) heading: &'a str,
        pub(super) tabs: Vec<ShowcaseTab<'a>>,
    }

    /// A showcase tab; `category` (an id) links it to the category's products.
    #[derive(Debug, Clone, Serialize, TS)]
    pub struct ShowcaseTab<'a> {
        pub(super) label: &'a str,
        pub(super) category: Option<&'a str>,
        pub(super) cards: Vec<ShowcaseCard<'a>>,
    }

    /// A card of a showcase tab.
    #[derive(Debug, Clone, Serialize, TS)]
    pub struct ShowcaseCard<'a> {
        pub(super) title: &'a str,
        pub(super) description: &'a str,
        pub(super) image: Media,
    }
}

impl HomeSectionKind for Showcase {
    type View<'a> = view::Showcase<'a>;

    fn view<'a>(&'a self, views: &dyn SectionViews) -> view::Showcase<'a> {
        view::Showcase {
            heading: self.heading.as_str(),
            tabs: self
                .tab
                .iter()
                .map(|tab| view::ShowcaseTab {
                    label: tab.label.as_str(),
                    category: tab.category.as_ref().map(|c| c.value.as_str()),
                    cards: tab
                        .card
                        .iter()
                        .map(|card| view::ShowcaseCard {
                            title: card.title.as_str(),
                            description: card.description.as_str(),
                            image: views.media(&card.image),
                        })
                        .collect(),
                })
                .collect(),
        }
    }

    fn references(table: &DeTable<'_>, refs: &mut RawRefs) {
        refs.categories.extend(raw_strings(table, "tab", "category"));
    }
}
