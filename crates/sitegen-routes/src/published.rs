//! The content a build publishes with what is planned from it: its routes (each with
//! its data) and the layout data every page shares, planned once ([`Published::plan`])
//! from the content as it is published, the WebP variants it keeps included.

use sitegen_content::Content;
use sitegen_media::variants::{self, ShownImages};
use sitegen_view as view;

use crate::{PagePlanner, PlannedRoute};

/// The published content and its plan, made once and never changed.
pub struct Published {
    /// The content as `sitegen-render`'s `load_content` made it.
    pub content: Content,
    /// Every route of the site, with its data.
    pub routes: Vec<PlannedRoute>,
    /// The layout data of every page (its [`view::layout_file`]).
    pub layout_json: String,
}

impl Published {
    /// Plans the routes and the layout of `content`, on `jobs` threads, their page data
    /// by `pages`.
    pub fn plan(content: Content, jobs: usize, pages: &PagePlanner) -> Self {
        Self {
            routes: crate::plan_with(&content, jobs, pages),
            layout_json: layout_json_of(&content),
            content,
        }
    }

    /// Which raster images with variants each route's data and the layout
    /// show, as `pages` (which planned the routes' data) finds them.
    pub fn shown_images(&self, pages: &PagePlanner) -> ShownImages {
        let by_route: Vec<_> = self
            .routes
            .iter()
            .map(|route| pages.shown_srcs(&route.path, &route.page))
            .collect();
        variants::shown_images_of(
            &self.content.media,
            &by_route,
            &variants::shown_srcs(&self.layout_json),
        )
    }
}

/// The layout data of every page (its [`view::layout_file`]).
fn layout_json_of(content: &Content) -> String {
    serde_json::Value::from(view::layout(content)).to_string()
}
