//! The partner logos.

use super::prelude::*;

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

/// The views React gets.
pub mod view {
    use super::*;

    /// The partner logos block.
    #[derive(Debug, Clone, Serialize, TS)]
    pub struct Partners<'a> {
        pub(super) heading: &'a str,
        pub(super) logos: Vec<PartnerLogo<'a>>,
    }

    /// A partner's logo.
    #[derive(Debug, Clone, Serialize, TS)]
    pub struct PartnerLogo<'a> {
        pub(super) name: &'a str,
        pub(super) image: Media,
    }
}

impl HomeSectionKind for Partners {
    type View<'a> = view::Partners<'a>;

    fn view<'a>(&'a self, views: &dyn SectionViews) -> view::Partners<'a> {
        view::Partners {
            heading: self.heading.as_str(),
            logos: self
                .logo
                .iter()
                .map(|logo| view::PartnerLogo {
                    name: logo.name.as_str(),
                    image: views.media(&logo.image),
                })
                .collect(),
        }
    }
}
