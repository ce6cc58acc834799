//! Which raster images the pages and the layout show: only those get variants written.

use std::collections::{HashMap, HashSet};

use sitegen_content::{MediaFile, MediaIndex};

/// The `src` of every media file that `text` (page data or the layout) shows: a view
/// of a media file is `{"src":"/media/…",…}` ([`sitegen_view::media`]). A warm builder
/// keeps them with page data it reuses ([`shown_images_of`]).
pub fn shown_srcs(text: &str) -> Vec<String> {
    const SRC: &str = "\"src\":\"";
    text.match_indices(SRC)
        .map(|(at, _)| {
            let value = &text[at + SRC.len()..];
            value[..value.find('"').unwrap_or(value.len())].to_string()
        })
        .collect()
}

/// What the page data and the layout show of the raster images with planned variants.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ShownImages {
    /// For each page data given, whether it shows one: its data is final only once
    /// the variants are written (one not smaller than its source is left out).
    pub by_page: Vec<bool>,
    /// Whether the layout, which is in every page, shows one.
    pub by_layout: bool,
    /// The output path of each of them that a page or the layout shows: only their
    /// variants are encoded.
    outputs: HashSet<String>,
}

impl ShownImages {
    /// Whether a page or the layout shows `file`.
    pub fn shows(&self, file: &MediaFile) -> bool {
        self.outputs.contains(&file.output)
    }

    /// Whether [`encode_variants`] decodes `file`, a page or the layout showing it with
    /// variants: it then makes the file's share JPEG too, from the same decode.
    pub fn decoded_for_variants(&self, file: &MediaFile) -> bool {
        !file.variants.is_empty() && self.shows(file)
    }
}

/// Which of the raster files with planned variants the page data `pages` and the
/// `layout` (serialised JSON) show, in one pass over each. The others, such as the
/// site's share image, which pages name only in a `<meta>` tag, get no variants
/// written: nothing would ever load them. Their planned variants stay in the index
/// but reach no page, since no page data shows the file.
pub fn shown_images<'t>(
    media: &MediaIndex,
    pages: impl IntoIterator<Item = &'t str>,
    layout: &'t str,
) -> ShownImages {
    shown_images_of(
        media,
        pages.into_iter().map(shown_srcs),
        &shown_srcs(layout),
    )
}

/// [`shown_images`] from what each page and the layout show ([`shown_srcs`]).
pub fn shown_images_of<S: AsRef<[String]>>(
    media: &MediaIndex,
    pages: impl IntoIterator<Item = S>,
    layout: &[String],
) -> ShownImages {
    // A view names a file its variants replace by its widest variant
    // (`sitegen_view::media`): either URL finds the file's output path.
    let mut planned: HashMap<String, String> = HashMap::new();
    for file in media.files().filter(|file| !file.variants.is_empty()) {
        if let Some(widest) = file.variants.last() {
            planned.insert(media.url(&widest.output), file.output.clone());
        }
        planned.insert(media.url(&file.output), file.output.clone());
    }
    let mut shown: HashSet<String> = HashSet::new();
    let mut shows_planned = |srcs: &[String]| {
        let mut any = false;
        for file in srcs.iter().filter_map(|src| planned.get(src)) {
            if !shown.contains(file) {
                shown.insert(file.clone());
            }
            any = true;
        }
        any
    };
    let by_page = pages
        .into_iter()
        .map(|srcs| shows_planned(srcs.as_ref()))
        .collect();
    let by_layout = shows_planned(layout);
    ShownImages {
        by_page,
        by_layout,
        outputs: shown,
    }
}
