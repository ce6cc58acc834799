//! The content a build publishes with what is planned from it: its routes (each with
//! its data) and the layout data every page shares.

use sitegen_content::Content;
use sitegen_media::variants::{self, ShownImages, WrittenVariants};
use sitegen_view as view;

use crate::routes::{self, PlannedRoute};

/// The published content and its plan, made once and never changed: a decision that
/// changes what the views show (a WebP variant left out, see
/// [`Published::without_dropped`]) makes a new one.
pub(crate) struct Published {
    /// The content as [`crate::stages::load_content`] made it, or with the variants a
    /// build left out removed.
    pub content: Content,
    /// Every route of the site, with its data.
    pub routes: Vec<PlannedRoute>,
    /// The layout data of every page (its [`view::layout_file`]).
    pub layout_json: String,
}

impl Published {
    /// Plans the routes and the layout of `content`.
    pub fn plan(content: Content) -> Self {
        Self {
            routes: routes::plan(&content),
            layout_json: layout_json_of(&content),
            content,
        }
    }

    /// Which raster images with planned variants each route's data and the layout show.
    pub fn shown_images(&self) -> ShownImages {
        variants::shown_images(
            &self.content.media,
            self.routes.iter().map(|route| route.page.get()),
            &self.layout_json,
        )
    }

    /// Rare: a raster that compresses better than WebP. This content without the
    /// variants `written` left out, planned again; `None` when it left none out.
    pub fn without_dropped(&self, written: &WrittenVariants) -> Option<Self> {
        if !written.dropped_any() {
            return None;
        }
        let mut content = self.content.clone();
        content.media = written.without_dropped(&self.content.media);
        Some(Self::plan(content))
    }

    /// The routes at `indexes`.
    pub fn routes_at(&self, indexes: &[usize]) -> Vec<&PlannedRoute> {
        indexes.iter().map(|&index| &self.routes[index]).collect()
    }
}

/// The layout data of every page (its [`view::layout_file`]).
fn layout_json_of(content: &Content) -> String {
    serde_json::Value::from(view::layout(content)).to_string()
}
