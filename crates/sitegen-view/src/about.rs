//! The about page.

use crate::media::{media, texts, Media};
use serde::Serialize;
use sitegen_content::model::{self};
use sitegen_content::Content;
use ts_rs::TS;

/// `/aboutUs`: about.toml in camelCase, media resolved.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct About<'a> {
    who_we_are: AboutSection<'a>,
    why_work_with_us: AboutSection<'a>,
    mission: Statement<'a>,
    vision: Statement<'a>,
    leaders: Leaders<'a>,
    usp: AboutSection<'a>,
    services_box: ListBox<'a>,
    specialization_box: ListBox<'a>,
}

/// A section of the About page; `points` is `[]` when about.toml has none.
#[derive(Debug, Serialize, TS)]
struct AboutSection<'a> {
    heading: &'a str,
    paragraphs: Vec<&'a str>,
    points: Vec<&'a str>,
}

/// The mission or the vision.
#[derive(Debug, Serialize, TS)]
struct Statement<'a> {
    heading: &'a str,
    text: &'a str,
}

/// A boxed list (services, specialization).
#[derive(Debug, Serialize, TS)]
struct ListBox<'a> {
    heading: &'a str,
    items: Vec<&'a str>,
}

/// The leaders; `[[leaders.item]]` keeps its TOML name.
#[derive(Debug, Serialize, TS)]
struct Leaders<'a> {
    heading: &'a str,
    item: Vec<Leader<'a>>,
}

/// One leader's story.
#[derive(Debug, Serialize, TS)]
struct Leader<'a> {
    title: &'a str,
    name: &'a str,
    designation: &'a str,
    image: Media,
    paragraphs: Vec<&'a str>,
}

fn about_section(section: &model::AboutSection) -> AboutSection<'_> {
    AboutSection {
        heading: section.heading.as_str(),
        paragraphs: texts(&section.paragraphs),
        points: texts(section.points.iter().flatten()),
    }
}

fn statement(statement: &model::Statement) -> Statement<'_> {
    Statement {
        heading: statement.heading.as_str(),
        text: statement.text.as_str(),
    }
}

fn list_box(list: &model::ListBox) -> ListBox<'_> {
    ListBox {
        heading: list.heading.as_str(),
        items: texts(&list.items),
    }
}

/// `/aboutUs`: about.toml in camelCase (`leaders.item` stays `item`), media resolved,
/// absent `points` as `[]`.
pub fn about(c: &Content) -> About<'_> {
    let about = &c.about;
    About {
        who_we_are: about_section(&about.who_we_are),
        why_work_with_us: about_section(&about.why_work_with_us),
        mission: statement(&about.mission),
        vision: statement(&about.vision),
        leaders: Leaders {
            heading: about.leaders.heading.as_str(),
            item: about
                .leaders
                .item
                .iter()
                .map(|l| Leader {
                    title: l.title.as_str(),
                    name: l.name.as_str(),
                    designation: l.designation.as_str(),
                    image: media(c, &l.image),
                    paragraphs: texts(&l.paragraphs),
                })
                .collect(),
        },
        usp: about_section(&about.usp),
        services_box: list_box(&about.services_box),
        specialization_box: list_box(&about.specialization_box),
    }
}
