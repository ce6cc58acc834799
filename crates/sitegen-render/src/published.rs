//! The content a build publishes with what is planned from it: its routes (each with
//! its data) and the layout data every page shares. [`Plan`] is the one place a build
//! plans, and plans again when a variant is left out.

use std::sync::OnceLock;

use sitegen_content::Content;
use sitegen_media::variants::{self, ShownImages, WrittenVariants};
use sitegen_view as view;

use crate::routes::{self, PagePlanner, PlannedRoute};

/// A build's plan. Which WebP variants are worth shipping is known only once they
/// are encoded, after the plan is made (a variant not smaller than its source is left
/// out): the plan is made from the content first, and then, only when the variants
/// the build wrote left one out (rare), once again without it. The pages that show no
/// image with variants read the first; everything written after the variants, the
/// second.
pub(crate) struct Plan {
    first: Published,
    /// How many threads plan.
    jobs: usize,
    /// The content planned again without the variants the build left out; set once,
    /// by [`Plan::with_variants`].
    without_dropped: OnceLock<Published>,
}

impl Plan {
    /// The plan of `content`, made on `jobs` threads, its page data by `pages`.
    pub fn new(content: Content, jobs: usize, pages: &PagePlanner) -> Self {
        Self {
            first: Published::plan(content, jobs, pages),
            jobs,
            without_dropped: OnceLock::new(),
        }
    }

    /// The plan as made from the content: what the pages that show no image with
    /// variants read (the same in both plans), before the variants are written.
    pub fn first(&self) -> &Published {
        &self.first
    }

    /// The plan with the variants the build `written`: the content planned again
    /// without those it left out, if any. A build writes its variants once, so this is
    /// asked once.
    pub fn with_variants(&self, written: &WrittenVariants) -> &Published {
        if !written.dropped_any() {
            return &self.first;
        }
        self.without_dropped.get_or_init(|| {
            let mut content = self.first.content.clone();
            content.media = written.without_dropped(&self.first.content.media);
            Published::plan(content, self.jobs, &PagePlanner::fresh())
        })
    }

    /// The plan as made from the content, given up.
    pub fn into_first(self) -> Published {
        self.first
    }

    /// The plan as it stands: the first, until the variants the build wrote left one
    /// out. Once they are written, every file is written from it (the pages that show
    /// none of them may be written from the first before).
    pub fn latest(&self) -> &Published {
        self.without_dropped.get().unwrap_or(&self.first)
    }
}

/// The published content and its plan, made once and never changed: leaving a WebP
/// variant out makes a new one ([`Plan::with_variants`]).
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
    /// Plans the routes and the layout of `content`, on `jobs` threads.
    fn plan(content: Content, jobs: usize, pages: &PagePlanner) -> Self {
        Self {
            routes: routes::plan_with(&content, jobs, pages),
            layout_json: layout_json_of(&content),
            content,
        }
    }

    /// Which raster images with planned variants each route's data and the layout
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

    /// The routes at `indexes`.
    pub fn routes_at(&self, indexes: &[usize]) -> Vec<&PlannedRoute> {
        indexes.iter().map(|&index| &self.routes[index]).collect()
    }
}

/// The layout data of every page (its [`view::layout_file`]).
fn layout_json_of(content: &Content) -> String {
    serde_json::Value::from(view::layout(content)).to_string()
}
