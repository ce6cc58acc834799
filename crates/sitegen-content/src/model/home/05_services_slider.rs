//! The services card slider.

use super::prelude::*;

content_table! {
    /// `[services_slider]`.
    pub struct ServicesSlider {
        /// The heading.
        pub heading: Text,
        /// The cards.
        pub card: Vec<ServiceCard>,
    }
}

content_table! {
    /// A services slider card.
    pub struct ServiceCard {
        /// The title.
        pub title: Text,
        /// The image.
        pub image: MediaRef,
        /// Optional serviceId the card stands for.
        pub service: Option<Located<String>>,
    }
}

/// The views React gets.
pub mod view {
    use super::*;

    /// The services slider block.
    #[derive(Debug, Clone, Serialize, TS)]
    pub struct ServicesSlider<'a> {
        pub(super) heading: &'a str,
        pub(super) cards: Vec<ServiceCard<'a>>,
    }

    /// A services slider card; `service` (a serviceId) links it to the service's page.
    #[derive(Debug, Clone, Serialize, TS)]
    pub struct ServiceCard<'a> {
        pub(super) title: &'a str,
        pub(super) image: Media,
        pub(super) service: Option<&'a str>,
    }
}

impl HomeSectionKind for ServicesSlider {
    type View<'a> = view::ServicesSlider<'a>;

    fn view<'a>(&'a self, views: &dyn SectionViews) -> view::ServicesSlider<'a> {
        view::ServicesSlider {
            heading: self.heading.as_str(),
            cards: self
                .card
                .iter()
                .map(|card| view::ServiceCard {
                    title: card.title.as_str(),
                    image: views.media(&card.image),
                    service: card.service.as_ref().map(|s| s.value.as_str()),
                })
                .collect(),
        }
    }

    fn references(table: &DeTable<'_>, refs: &mut RawRefs) {
        refs.services.extend(raw_strings(table, "card", "service"));
    }
}
