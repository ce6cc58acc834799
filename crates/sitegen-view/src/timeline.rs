//! The company timeline and the founders' biographies.

use crate::media::{media, Media};
use serde::Serialize;
use sitegen_content::Content;
use ts_rs::TS;

/// `/timeline`: timeline.toml in camelCase (`[[….entry]]` keeps its TOML name), media resolved.
#[derive(Debug, Serialize, TS)]
pub struct Timeline<'a> {
    company: CompanyTimeline<'a>,
    biography: Biography<'a>,
}

/// The placeholder company timeline.
#[derive(Debug, Serialize, TS)]
struct CompanyTimeline<'a> {
    heading: &'a str,
    entry: Vec<CompanyTimelineEntry<'a>>,
}

/// An entry of the company timeline.
#[derive(Debug, Serialize, TS)]
struct CompanyTimelineEntry<'a> {
    date: &'a str,
    title: &'a str,
    text: &'a str,
}

/// The biography timeline and its source.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
struct Biography<'a> {
    heading: &'a str,
    source_url: &'a str,
    source_label: &'a str,
    entry: Vec<BiographyEntry<'a>>,
}

/// An entry of the biography timeline.
#[derive(Debug, Serialize, TS)]
struct BiographyEntry<'a> {
    year: u32,
    title: &'a str,
    text: &'a str,
    image: Media,
}

/// `/timeline`: timeline.toml in camelCase (`entry` stays `entry`), media resolved.
pub fn timeline(c: &Content) -> Timeline<'_> {
    let timeline = &c.timeline;
    Timeline {
        company: CompanyTimeline {
            heading: timeline.company.heading.as_str(),
            entry: timeline
                .company
                .entry
                .iter()
                .map(|e| CompanyTimelineEntry {
                    date: e.date.as_str(),
                    title: e.title.as_str(),
                    text: e.text.as_str(),
                })
                .collect(),
        },
        biography: Biography {
            heading: timeline.biography.heading.as_str(),
            source_url: timeline.biography.source_url.as_str(),
            source_label: timeline.biography.source_label.as_str(),
            entry: timeline
                .biography
                .entry
                .iter()
                .map(|e| BiographyEntry {
                    year: e.year,
                    title: e.title.as_str(),
                    text: e.text.as_str(),
                    image: media(c, &e.image),
                })
                .collect(),
        },
    }
}
