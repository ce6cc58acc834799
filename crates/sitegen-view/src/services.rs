//! The services page and each service's page.

use crate::media::{draft_mark, media, optional_media, texts, Media};
use serde::Serialize;
use sitegen_content::model::{self};
use sitegen_content::Content;
use ts_rs::TS;

/// A service in the `/services` listing.
#[derive(Debug, Serialize, TS)]
struct ServiceSummary<'a> {
    id: &'a str,
    title: &'a str,
    image: Option<Media>,
    /// Only in previews (`sitegen serve`, `build --drafts`): the entry is a draft.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "true")]
    draft: Option<bool>,
}

/// `/services`: every service entry.
#[derive(Debug, Serialize, TS)]
pub struct ServicesPageData<'a> {
    services: Vec<ServiceSummary<'a>>,
}

/// `/services/{id}`: a service entry of services.toml.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ServiceEntry<'a> {
    id: &'a str,
    title: &'a str,
    image: Option<Media>,
    description: &'a str,
    services_list: Vec<&'a str>,
    has_gallery: bool,
    gallery_count: u32,
    gallery: Vec<Media>,
    /// Only in previews (`sitegen serve`, `build --drafts`): the entry is a draft.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "true")]
    draft: Option<bool>,
}

/// `/services`: `{ services: { id, title, image }[] }`.
pub fn services_page(c: &Content) -> ServicesPageData<'_> {
    ServicesPageData {
        services: c
            .services
            .iter()
            .map(|s| ServiceSummary {
                id: s.id(),
                title: s.title(),
                image: optional_media(c, s.image.as_ref()),
                draft: draft_mark(s.is_draft()),
            })
            .collect(),
    }
}

/// `/services/{id}`: the ServiceEntry.
pub fn service_page<'a>(c: &'a Content, s: &'a model::ServiceEntry) -> ServiceEntry<'a> {
    ServiceEntry {
        id: s.id(),
        title: s.title(),
        image: optional_media(c, s.image.as_ref()),
        description: s.description(),
        services_list: texts(&s.services_list),
        has_gallery: s.has_gallery,
        gallery_count: s.gallery_count.value,
        gallery: s
            .gallery
            .iter()
            .flat_map(|g| g.value.iter())
            .map(|m| media(c, m))
            .collect(),
        draft: draft_mark(s.is_draft()),
    }
}
