//! A section of the tests' own, `awards`, registered beside the real `map` the way
//! `build.rs` registers every section: read from home.toml, checked, listed and viewed
//! as JSON and TypeScript by the code [`home_sections!`] makes, with nothing else
//! naming it.

use serde_json::json;
use sitegen_diagnostics::ErrorCode;

use super::SectionViews;
use crate::load::load_file;
use crate::testing::valid_content_dir;
use crate::values::MediaRef;
use crate::views::Media;

/// The first year an award may have.
const FIRST_AWARD_YEAR: u32 = 1950;

mod registry {
    use super::super::prelude::*;
    use super::FIRST_AWARD_YEAR;

    content_table! {
        /// `[awards]`.
        pub struct Awards {
            /// The heading.
            pub heading: Text,
            /// The awards.
            pub award: Vec<Award>,
        }
    }

    content_table! {
        /// An award.
        pub struct Award {
            /// Its name.
            pub name: Text,
            /// The year it was given.
            pub year: Located<u32>,
            /// Its badge.
            pub badge: MediaRef,
            /// Optional serviceId it was given for.
            pub service: Option<Located<String>>,
        }
    }

    /// The awards block.
    #[derive(Debug, Clone, Serialize, TS)]
    pub struct AwardsView<'a> {
        heading: &'a str,
        awards: Vec<AwardView<'a>>,
    }

    /// An award as React gets it.
    #[derive(Debug, Clone, Serialize, TS)]
    pub struct AwardView<'a> {
        name: &'a str,
        year: u32,
        badge: Media,
    }

    impl HomeSectionKind for Awards {
        type View<'a> = AwardsView<'a>;

        fn view<'a>(&'a self, views: &dyn SectionViews) -> AwardsView<'a> {
            AwardsView {
                heading: self.heading.as_str(),
                awards: self
                    .award
                    .iter()
                    .map(|award| AwardView {
                        name: award.name.as_str(),
                        year: award.year.value,
                        badge: views.media(&award.badge),
                    })
                    .collect(),
            }
        }

        fn problems(&self) -> Vec<SectionProblem> {
            self.award
                .iter()
                .filter(|award| award.year.value < FIRST_AWARD_YEAR)
                .map(|award| SectionProblem {
                    span: award.year.span.clone(),
                    code: ErrorCode::NumberOutOfRange,
                    message: format!("award \"{}\" is older than {FIRST_AWARD_YEAR}", award.name),
                    hint: None,
                })
                .collect()
        }

        fn references(table: &DeTable<'_>, refs: &mut RawRefs) {
            refs.services.extend(raw_strings(table, "award", "service"));
        }
    }

    home_sections! {
        #[doc = " The map embed."]
        map: Map = crate::model::home::map::MapBlock,
        #[doc = " The awards (a section of the tests' own)."]
        awards: Awards = Awards,
    }
}

use registry::{Home, HomeSection};

const HOME_TOML: &str = r#"sections = ["awards"]

[map]
heading = "Find Us"
height = 450

[awards]
heading = "Awards"

[[awards.award]]
name = "Best Clinic Partner"
year = 2019
badge = "media/home/hero-poster.svg"
service = "Dental centre setup"
"#;

/// The media as the tests show them: their content path.
struct ContentPaths;

impl SectionViews for ContentPaths {
    fn media(&self, media: &MediaRef) -> Media {
        Media::new(
            format!("/{}", media.path),
            media.width,
            media.height,
            Vec::new(),
        )
    }
}

fn load(text: &str) -> (Option<Home>, Vec<String>, crate::raw::RawRefs) {
    let (load, diagnostics) =
        load_file::<Home, _>(&valid_content_dir(), "home.toml", text, Home::references);
    let shown = diagnostics.iter().map(|d| d.to_string()).collect();
    (load.value, shown, load.raw.unwrap_or_default())
}

#[test]
fn a_registered_section_is_a_table_of_home_toml_and_a_name_of_sections() {
    let (home, diagnostics, _) = load(HOME_TOML);
    assert_eq!(diagnostics, Vec::<String>::new());
    let home = home.expect("loads");
    assert_eq!(home.awards.award[0].year.value, 2019);
    assert_eq!(HomeSection::names().collect::<Vec<_>>(), ["map", "awards"]);
    assert_eq!(HomeSection::named("awards"), Some(HomeSection::Awards));
    assert_eq!(home.sections(), [HomeSection::Awards]);
}

#[test]
fn a_registered_section_rejects_what_its_table_does_not_declare() {
    let text = HOME_TOML.replace("heading = \"Awards\"", "heading = \"Awards\"\ncolour = 3");
    let (_, diagnostics, _) = load(&text);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert!(diagnostics[0].contains("unknown key"), "{diagnostics:?}");
}

#[test]
fn a_registered_sections_references_and_problems_are_checked() {
    let text = HOME_TOML.replace("year = 2019", "year = 1901");
    let (home, diagnostics, refs) = load(&text);
    assert_eq!(diagnostics, Vec::<String>::new());
    let services: Vec<&str> = refs.services.iter().map(|s| s.value.as_str()).collect();
    assert_eq!(services, ["Dental centre setup"]);
    let problems = home.expect("loads").problems();
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].code, ErrorCode::NumberOutOfRange);
    assert_eq!(&text[problems[0].span.clone()], "1901");
}

#[test]
fn a_registered_section_is_viewed_as_json_only_where_listed() {
    let home = load(HOME_TOML).0.expect("loads");
    let awards = json!({
        "heading": "Awards",
        "awards": [{
            "name": "Best Clinic Partner",
            "year": 2019,
            "badge": { "src": "/media/home/hero-poster.svg", "width": 1920, "height": 1080 },
        }],
    });
    assert_eq!(
        serde_json::Value::from(home.page_view(&ContentPaths)),
        json!({ "sections": ["awards"], "awards": awards }),
    );
    assert_eq!(
        serde_json::Value::from(home.view(&ContentPaths)),
        json!({
            "sections": ["awards"],
            "awards": awards,
            "map": { "heading": "Find Us", "height": 450 },
        }),
    );
}

#[test]
fn a_registered_sections_view_is_in_the_typescript_of_the_home_views() {
    use ts_rs::TS;
    let cfg = ts_rs::Config::new();
    assert_eq!(
        registry::HomePageView::decl(&cfg),
        "type HomePageData = { sections: Array<HomeSection>, map?: MapBlock, awards?: AwardsView, };"
    );
    assert_eq!(
        HomeSection::decl(&cfg),
        "type HomeSection = \"map\" | \"awards\";"
    );
}

#[test]
fn a_section_without_drafts_counts_none_and_keeps_its_entries() {
    let mut home = load(HOME_TOML).0.expect("loads");
    assert_eq!(home.drafts(), 0);
    home.remove_drafts();
    assert_eq!(home.awards.award.len(), 1);
}
