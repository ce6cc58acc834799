//! The video hero.

use super::prelude::*;

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

/// The views React gets.
pub mod view {
    use super::*;

    /// The hero block.
    #[derive(Debug, Clone, Serialize, TS)]
    pub struct Hero<'a> {
        pub(super) tagline: &'a str,
        /// A video: width and height are 0.
        pub(super) video: Media,
        pub(super) poster: Media,
    }
}

impl HomeSectionKind for Hero {
    type View<'a> = view::Hero<'a>;

    fn view<'a>(&'a self, views: &dyn SectionViews) -> view::Hero<'a> {
        view::Hero {
            tagline: self.tagline.as_str(),
            video: views.media(&self.video),
            poster: views.media(&self.poster),
        }
    }
}
