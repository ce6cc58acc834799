//! The tables of `home.toml`: every block of the home page.

use super::*;
use crate::de::content_table;

content_table! {
    /// `home.toml`: every block of the home page.
    pub struct Home {
        /// Optional: which sections the home page shows, in this order (default: every
        /// section, in the spec's order).
        pub sections: Option<Located<Vec<Located<String>>>>,
        /// The video hero.
        pub hero: Hero,
        /// The statistics band.
        pub stats: Stats,
        /// The partner logos.
        pub partners: Partners,
        /// The tabbed product showcase.
        pub showcase: Showcase,
        /// The services card slider.
        pub services_slider: ServicesSlider,
        /// The testimonial carousel.
        pub testimonials: Testimonials,
        /// The map embed.
        pub map: MapBlock,
    }
}

content_table! {
    /// `[hero]`.
    pub struct Hero {
        /// The tagline over the video.
        pub tagline: Text,
        /// The background video.
        pub video: MediaRef,
        /// The video's poster image.
        pub poster: MediaRef,
    }
}

content_table! {
    /// `[stats]`.
    pub struct Stats {
        /// The band's heading.
        pub heading: Text,
        /// The counters.
        pub item: Vec<Stat>,
    }
}

content_table! {
    /// A counter of the statistics band.
    pub struct Stat {
        /// The counter's target (not negative); its decimals are kept.
        pub value: Located<Number>,
        /// Text before the number.
        pub prefix: Option<String>,
        /// Text after the number.
        pub suffix: Option<String>,
        /// The label under the number.
        pub label: Text,
    }
}

content_table! {
    /// `[partners]`.
    pub struct Partners {
        /// The heading.
        pub heading: Text,
        /// The logos.
        pub logo: Vec<PartnerLogo>,
    }
}

content_table! {
    /// A partner logo.
    pub struct PartnerLogo {
        /// The partner's name (alt text).
        pub name: Text,
        /// The logo.
        pub image: MediaRef,
    }
}

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

content_table! {
    /// `[map]`.
    pub struct MapBlock {
        /// The heading.
        pub heading: Text,
        /// The iframe height in pixels.
        pub height: u32,
    }
}
