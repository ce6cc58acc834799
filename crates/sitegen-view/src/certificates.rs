//! Certificates, the railway page and the registrations pages.

use crate::media::{draft_mark, optional_media, Media};
use crate::vocabulary::Word;
use serde::Serialize;
use sitegen_content::{Content, RegistrationType};
use ts_rs::TS;

/// A certificate of the `/certificate` page; without an image the placeholder shows.
#[derive(Debug, Serialize, TS)]
struct Certificate<'a> {
    id: &'a str,
    title: &'a str,
    image: Option<Media>,
    /// Only in previews (`sitegen serve`, `build --drafts`): the entry is a draft.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "true")]
    draft: Option<bool>,
}

/// `/certificate`: every certificate.
#[derive(Debug, Serialize, TS)]
pub struct CertificatesPageData<'a> {
    certificates: Vec<Certificate<'a>>,
}

/// A railway registration certificate.
#[derive(Debug, Serialize, TS)]
struct Registration<'a> {
    #[serde(rename = "type")]
    kind: Word<RegistrationType>,
    id: &'a str,
    title: &'a str,
    image: Option<Media>,
}

/// `/railway-registration`: the registrations of each type, PCMM then PCMD.
#[derive(Debug, Serialize, TS)]
pub struct RailwayPageData<'a> {
    types: Vec<RegistrationsPageData<'a>>,
}

/// `/railway-registration/{type}`: the registrations of one type.
#[derive(Debug, Serialize, TS)]
pub struct RegistrationsPageData<'a> {
    #[serde(rename = "type")]
    kind: Word<RegistrationType>,
    items: Vec<Registration<'a>>,
}

/// `/certificate`: `{ certificates: { id, title, image }[] }`.
pub fn certificates_page(c: &Content) -> CertificatesPageData<'_> {
    CertificatesPageData {
        certificates: c
            .certificates
            .iter()
            .map(|cert| Certificate {
                id: cert.id(),
                title: cert.title.as_str(),
                image: optional_media(c, cert.image.as_ref()),
                draft: draft_mark(cert.is_draft()),
            })
            .collect(),
    }
}

/// `/railway-registration`: `{ types: [{ type, items }] }`, PCMM then PCMD.
pub fn railway_page(c: &Content) -> RailwayPageData<'_> {
    RailwayPageData {
        types: RegistrationType::ALL
            .iter()
            .map(|kind| registrations_page(c, *kind))
            .collect(),
    }
}

/// `/railway-registration/{type}`: `{ type, items }`.
pub fn registrations_page(c: &Content, kind: RegistrationType) -> RegistrationsPageData<'_> {
    RegistrationsPageData {
        kind: Word(kind),
        items: c
            .registrations_of(kind)
            .map(|r| Registration {
                kind: Word(r.kind),
                id: r.id(),
                title: r.title.as_str(),
                image: optional_media(c, r.image.as_ref()),
            })
            .collect(),
    }
}
