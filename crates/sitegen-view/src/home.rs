//! The home page and its sections.

use crate::media::{draft_mark, media, Media};
use crate::vocabulary::string_union;
use serde::Serialize;
use sitegen_content::{Content, HomeSection as Section};
use ts_rs::TS;

/// A section of the home page, as React gets it: its name in home.toml (its
/// TypeScript type is the union of every [`Section`]'s name).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HomeSection(Section);

impl Serialize for HomeSection {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0.name())
    }
}

impl TS for HomeSection {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;

    fn docs() -> Option<String> {
        Some("/** A section name of home.toml's `sections` (sitegen validates them). */\n".into())
    }
    fn name(_: &ts_rs::Config) -> String {
        "HomeSection".into()
    }
    fn inline(_: &ts_rs::Config) -> String {
        string_union(Section::names())
    }
    fn decl(cfg: &ts_rs::Config) -> String {
        format!("type HomeSection = {};", Self::inline(cfg))
    }
    fn decl_concrete(cfg: &ts_rs::Config) -> String {
        Self::decl(cfg)
    }
    // A named type of its own: the TypeScript declarations declare it (typescript.rs).
    fn output_path() -> Option<std::path::PathBuf> {
        Some(format!("{}.ts", "HomeSection").into())
    }
}

/// The sections the home page shows, in order (home.toml's list, else all of them).
fn home_sections(c: &Content) -> Vec<HomeSection> {
    c.home.sections().into_iter().map(HomeSection).collect()
}

/// The block routes: every home block, and the home page's `sections`.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Home<'a> {
    sections: Vec<HomeSection>,
    #[serde(flatten)]
    #[ts(flatten)]
    blocks: HomeBlocks<'a>,
}

/// Every block of home.toml.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct HomeBlocks<'a> {
    hero: Hero<'a>,
    stats: Stats<'a>,
    partners: Partners<'a>,
    showcase: Showcase<'a>,
    services_slider: ServicesSlider<'a>,
    testimonials: Testimonials<'a>,
    map: MapBlock<'a>,
}

/// `/`: the sections home.toml lists, in order, and the data of those only, so a
/// section left out costs nothing.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields)]
pub struct HomePageData<'a> {
    sections: Vec<HomeSection>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hero: Option<Hero<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<Stats<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    partners: Option<Partners<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    showcase: Option<Showcase<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    services_slider: Option<ServicesSlider<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    testimonials: Option<Testimonials<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    map: Option<MapBlock<'a>>,
}

/// The hero block.
#[derive(Debug, Clone, Serialize, TS)]
struct Hero<'a> {
    tagline: &'a str,
    /// A video: width and height are 0.
    video: Media,
    poster: Media,
}

/// The counters block.
#[derive(Debug, Clone, Serialize, TS)]
struct Stats<'a> {
    heading: &'a str,
    items: Vec<StatItem<'a>>,
}

/// A counter: it counts up to `value`, shown with `decimals` decimals.
#[derive(Debug, Clone, Serialize, TS)]
struct StatItem<'a> {
    #[ts(type = "number")]
    value: StatValue,
    decimals: u32,
    prefix: &'a str,
    suffix: &'a str,
    label: &'a str,
}

/// A counter's target as written: an integer stays an integer in the JSON (`100`,
/// not `100.0`).
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(untagged)]
enum StatValue {
    Integer(i64),
    Decimal(f64),
}

/// The partner logos block.
#[derive(Debug, Clone, Serialize, TS)]
struct Partners<'a> {
    heading: &'a str,
    logos: Vec<PartnerLogo<'a>>,
}

/// A partner's logo.
#[derive(Debug, Clone, Serialize, TS)]
struct PartnerLogo<'a> {
    name: &'a str,
    image: Media,
}

/// The showcase block: tabs of cards.
#[derive(Debug, Clone, Serialize, TS)]
struct Showcase<'a> {
    heading: &'a str,
    tabs: Vec<ShowcaseTab<'a>>,
}

/// A showcase tab; `category` (an id) links it to the category's products.
#[derive(Debug, Clone, Serialize, TS)]
struct ShowcaseTab<'a> {
    label: &'a str,
    category: Option<&'a str>,
    cards: Vec<ShowcaseCard<'a>>,
}

/// A card of a showcase tab.
#[derive(Debug, Clone, Serialize, TS)]
struct ShowcaseCard<'a> {
    title: &'a str,
    description: &'a str,
    image: Media,
}

/// The services slider block.
#[derive(Debug, Clone, Serialize, TS)]
struct ServicesSlider<'a> {
    heading: &'a str,
    cards: Vec<ServiceCard<'a>>,
}

/// A services slider card; `service` (a serviceId) links it to the service's page.
#[derive(Debug, Clone, Serialize, TS)]
struct ServiceCard<'a> {
    title: &'a str,
    image: Media,
    service: Option<&'a str>,
}

/// The testimonials block.
#[derive(Debug, Clone, Serialize, TS)]
struct Testimonials<'a> {
    heading: &'a str,
    items: Vec<Testimonial<'a>>,
}

/// A testimonial slide; the classes are style keys.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
struct Testimonial<'a> {
    quote: &'a str,
    name: &'a str,
    image_class: &'a str,
    background_class: &'a str,
    /// Only in previews (`sitegen serve`, `build --drafts`): the entry is a draft.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "true")]
    draft: Option<bool>,
}

/// The map block.
#[derive(Debug, Clone, Serialize, TS)]
struct MapBlock<'a> {
    heading: &'a str,
    height: u32,
}

/// The home page `/`: `sections` (home.toml's list, or every section in the spec's
/// order) and the data of those sections only.
pub fn home_page(c: &Content) -> HomePageData<'_> {
    let Home { sections, blocks } = home(c);
    let mut page = HomePageData {
        sections: sections.clone(),
        hero: None,
        stats: None,
        partners: None,
        showcase: None,
        services_slider: None,
        testimonials: None,
        map: None,
    };
    let HomeBlocks {
        hero,
        stats,
        partners,
        showcase,
        services_slider,
        testimonials,
        map,
    } = blocks;
    let shown = |wanted: Section| sections.iter().any(|section| section.0 == wanted);
    page.hero = shown(Section::Hero).then_some(hero);
    page.stats = shown(Section::Stats).then_some(stats);
    page.partners = shown(Section::Partners).then_some(partners);
    page.showcase = shown(Section::Showcase).then_some(showcase);
    page.services_slider = shown(Section::ServicesSlider).then_some(services_slider);
    page.testimonials = shown(Section::Testimonials).then_some(testimonials);
    page.map = shown(Section::Map).then_some(map);
    page
}

/// Every home block (the block routes except `/timeline`, which show one block each
/// whatever the home page lists), with the home page's `sections`.
pub fn home(c: &Content) -> Home<'_> {
    let home = &c.home;
    Home {
        sections: home_sections(c),
        blocks: HomeBlocks {
            hero: Hero {
                tagline: home.hero.tagline.as_str(),
                video: media(c, &home.hero.video),
                poster: media(c, &home.hero.poster),
            },
            stats: Stats {
                heading: home.stats.heading.as_str(),
                items: home
                    .stats
                    .item
                    .iter()
                    .map(|stat| {
                        let number = stat.value.value;
                        StatItem {
                            value: if number.integer {
                                StatValue::Integer(number.value as i64)
                            } else {
                                StatValue::Decimal(number.value)
                            },
                            decimals: number.decimals,
                            prefix: stat.prefix.as_deref().unwrap_or(""),
                            suffix: stat.suffix.as_deref().unwrap_or(""),
                            label: stat.label.as_str(),
                        }
                    })
                    .collect(),
            },
            partners: Partners {
                heading: home.partners.heading.as_str(),
                logos: home
                    .partners
                    .logo
                    .iter()
                    .map(|logo| PartnerLogo {
                        name: logo.name.as_str(),
                        image: media(c, &logo.image),
                    })
                    .collect(),
            },
            showcase: Showcase {
                heading: home.showcase.heading.as_str(),
                tabs: home
                    .showcase
                    .tab
                    .iter()
                    .map(|tab| ShowcaseTab {
                        label: tab.label.as_str(),
                        category: tab.category.as_ref().map(|c| c.value.as_str()),
                        cards: tab
                            .card
                            .iter()
                            .map(|card| ShowcaseCard {
                                title: card.title.as_str(),
                                description: card.description.as_str(),
                                image: media(c, &card.image),
                            })
                            .collect(),
                    })
                    .collect(),
            },
            services_slider: ServicesSlider {
                heading: home.services_slider.heading.as_str(),
                cards: home
                    .services_slider
                    .card
                    .iter()
                    .map(|card| ServiceCard {
                        title: card.title.as_str(),
                        image: media(c, &card.image),
                        service: card.service.as_ref().map(|s| s.value.as_str()),
                    })
                    .collect(),
            },
            testimonials: Testimonials {
                heading: home.testimonials.heading.as_str(),
                items: home
                    .testimonials
                    .item
                    .iter()
                    .map(|t| Testimonial {
                        quote: t.quote.as_str(),
                        name: t.name.as_str(),
                        image_class: t.image_class.as_str(),
                        background_class: t.background_class.as_str(),
                        draft: draft_mark(t.is_draft()),
                    })
                    .collect(),
            },
            map: MapBlock {
                heading: home.map.heading.as_str(),
                height: home.map.height,
            },
        },
    }
}
