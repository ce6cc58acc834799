//! The home page and its sections: each section's view is declared with its content
//! (`sitegen_content::model::home`); here they get the media of the build.

use crate::media::{media, Media};
use sitegen_content::{Content, MediaRef, SectionViews};

/// The block routes: every home block, and the home page's `sections`.
pub type Home<'a> = sitegen_content::HomeView<'a>;

/// `/`: the sections home.toml lists, in order, and the data of those only, so a
/// section left out costs nothing.
pub type HomePageData<'a> = sitegen_content::HomePageView<'a>;

/// A section of the home page, as React gets it: its name in home.toml.
pub use sitegen_content::HomeSection;

/// The media of `Content` as the sections' views show them.
struct ContentMedia<'c>(&'c Content);

impl SectionViews for ContentMedia<'_> {
    fn media(&self, media_ref: &MediaRef) -> Media {
        media(self.0, media_ref)
    }
}

/// The home page `/`: `sections` (home.toml's list, or every section in the spec's
/// order) and the data of those sections only.
pub fn home_page(c: &Content) -> HomePageData<'_> {
    c.home.page_view(&ContentMedia(c))
}

/// Every home block (the block routes except `/timeline`, which show one block each
/// whatever the home page lists), with the home page's `sections`.
pub fn home(c: &Content) -> Home<'_> {
    c.home.view(&ContentMedia(c))
}
