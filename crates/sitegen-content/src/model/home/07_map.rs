//! The map embed.

use super::prelude::*;

content_table! {
    /// `[map]`.
    pub struct MapBlock {
        /// The heading.
        pub heading: Text,
        /// The iframe height in pixels.
        pub height: u32,
    }
}

/// The views React gets.
pub mod view {
    use super::*;

    /// The map block.
    #[derive(Debug, Clone, Serialize, TS)]
    pub struct MapBlock<'a> {
        pub(super) heading: &'a str,
        pub(super) height: u32,
    }
}

impl HomeSectionKind for MapBlock {
    type View<'a> = view::MapBlock<'a>;

    fn view<'a>(&'a self, _: &dyn SectionViews) -> view::MapBlock<'a> {
        view::MapBlock {
            heading: self.heading.as_str(),
            height: self.height,
        }
    }
}
