//! `sitegen-view` is the data contract's views (`docs/data-contract.md` §3): the typed
//! JSON React receives, built from a checked [`Content`], and the TypeScript types
//! generated from them.
//!
//! What it is for:
//! - one struct per JSON shape, borrowing from [`Content`] and deriving `Serialize` (its
//!   JSON) and `TS` (its TypeScript type), in the way of Zola's `content/src/ser.rs`,
//!   with the function that builds it ([`layout`], [`home_page`], [`product_page`], …);
//! - the envelopes the prerenderer and the page shell hand on ([`RouteData`],
//!   [`PrerenderData`], [`EmbeddedPageData`]);
//! - [`typescript`]: those types as `web/src/content/contract.gen.ts`
//!   ([`TYPESCRIPT_FILE`]), so the web app reads exactly the shapes built here; a
//!   staleness test (`tests/contract.rs`) keeps the committed file in step;
//! - naming the responsive WebP variants a view offers for a raster image
//!   ([`variants`]: which widths, their sizes and content-hashed file names).
//!
//! What it is not for: loading or checking content, media included (`sitegen-content`:
//! a view never fails and never reports), deciding which routes exist, encoding images
//! or writing files (`sitegen-render` plans the routes, encodes the planned variants,
//! keeps those smaller than their source and writes each view where it belongs),
//! serving or command-line handling.
//!
//! Keys are camelCase; every media reference becomes `{ src, width, height }` with
//! `src` = `/` + the hashed output path (and `variants` when it has WebP variants).
//! Texts are passed through unchanged (plain text: React escapes them); only policy
//! placeholders are filled. The JSON files are written from a [`Value`]
//! (`Value::from(view)`), whose object keys are sorted, so the bytes written do not
//! depend on the order of the fields below.
//!
//! ```no_run
//! let report = sitegen_content::load(std::path::Path::new("content"));
//! if let Some(content) = &report.content {
//!     let layout = serde_json::Value::from(sitegen_view::layout(content));
//!     println!("{layout}");
//! }
//! ```

#![warn(missing_docs)]

pub mod paging;
pub mod variants;

use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::Value;
use sha2::{Digest, Sha256};
use sitegen_content::model::{self, PolicyKind};
use sitegen_content::routes::encode_uri_component;
use sitegen_content::{
    fill_placeholders, Content, MediaRef, RegistrationType, SocialKind, Text, HOME_SECTIONS,
};
use ts_rs::TS;

/// How many related products a product page lists.
pub const RELATED_PRODUCTS: usize = 4;

/// `impl From<View> for Value` for the views that become a JSON file or a page's data.
macro_rules! into_json {
    ($($view:ident),* $(,)?) => {$(
        impl From<$view<'_>> for Value {
            fn from(view: $view<'_>) -> Value {
                // Only structs, strings, numbers and lists: nothing that can fail.
                serde_json::to_value(view).unwrap_or_default()
            }
        }
    )*};
}

into_json!(
    Layout,
    HomePageData,
    Home,
    ProductSummary,
    ProductsPageData,
    ProductPageData,
    ServicesPageData,
    ServiceEntry,
    CertificatesPageData,
    RailwayPageData,
    RegistrationsPageData,
    About,
    Policy,
    Timeline,
);

// ---------------------------------------------------------------- media

/// A media reference, resolved by sitegen (`src` like "/media/brand/logo.3f2a9c1e.svg";
/// a video has width and height 0).
#[derive(Debug, Clone, Serialize, TS)]
pub struct Media {
    src: String,
    width: u32,
    height: u32,
    /// The WebP files of a png/jpg image, narrowest first, each smaller than `src`;
    /// absent when there are none (SVG, GIF, video, or none smaller than the source).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    variants: Option<Vec<MediaVariant>>,
}

/// One responsive WebP file of a raster image (`src` like "/media/home/poster.640w.1a2b3c4d.webp").
#[derive(Debug, Clone, Serialize, TS)]
pub struct MediaVariant {
    src: String,
    width: u32,
    height: u32,
}

/// The view of a media file: `{ src, width, height, variants? }`, `variants` being
/// those the build made and kept (see [`variants`]).
pub fn media(c: &Content, media: &MediaRef) -> Media {
    let variants: Vec<MediaVariant> = c
        .media
        .get(&media.path)
        .map(|file| file.variants.as_slice())
        .unwrap_or_default()
        .iter()
        .map(|v| MediaVariant {
            src: v.src(),
            width: v.width,
            height: v.height,
        })
        .collect();
    Media {
        src: media.src(),
        width: media.width,
        height: media.height,
        variants: (!variants.is_empty()).then_some(variants),
    }
}

fn optional_media(c: &Content, media_ref: Option<&MediaRef>) -> Option<Media> {
    media_ref.map(|m| media(c, m))
}

fn texts<'a>(items: impl IntoIterator<Item = &'a Text>) -> Vec<&'a str> {
    items.into_iter().map(Text::as_str).collect()
}

/// `Some(true)` for a draft: the JSON then has `"draft": true`. Published entries carry
/// no key, so a production build's data is the same as without drafts.
fn draft_mark(draft: bool) -> Option<bool> {
    draft.then_some(true)
}

// ---------------------------------------------------------------- vocabularies

/// A closed vocabulary of the content (an enum read from a fixed set of strings): in the
/// JSON each value is the string the content writes, and its TypeScript type is the
/// union of those strings.
trait Vocabulary: Copy + 'static {
    /// The TypeScript type's name.
    const NAME: &'static str;
    /// The TypeScript type's doc comment.
    const DOC: &'static str;
    /// Every value, in the order of the union.
    fn all() -> &'static [Self];
    /// The string a value is written as.
    fn word(self) -> &'static str;
}

impl Vocabulary for SocialKind {
    const NAME: &'static str = "SocialKind";
    const DOC: &'static str =
        "/**\n * The kind of a social link in the top bar (it picks the icon).\n */\n";
    fn all() -> &'static [Self] {
        SocialKind::ALL
    }
    fn word(self) -> &'static str {
        self.as_str()
    }
}

impl Vocabulary for RegistrationType {
    const NAME: &'static str = "RegistrationType";
    const DOC: &'static str = "/**\n * The kind of a railway registration certificate.\n */\n";
    fn all() -> &'static [Self] {
        RegistrationType::ALL
    }
    fn word(self) -> &'static str {
        self.as_str()
    }
}

/// A value of a [`Vocabulary`] in a view.
#[derive(Debug, Clone, Copy)]
struct Word<V>(V);

impl<V: Vocabulary> Serialize for Word<V> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0.word())
    }
}

/// `"a" | "b" | …`: a TypeScript union of string literals.
fn string_union<'a>(words: impl IntoIterator<Item = &'a str>) -> String {
    let quoted: Vec<String> = words.into_iter().map(|w| format!("\"{w}\"")).collect();
    quoted.join(" | ")
}

impl<V: Vocabulary> TS for Word<V> {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;

    fn docs() -> Option<String> {
        Some(V::DOC.into())
    }
    fn name(_: &ts_rs::Config) -> String {
        V::NAME.into()
    }
    fn inline(_: &ts_rs::Config) -> String {
        string_union(V::all().iter().map(|v| v.word()))
    }
    fn decl(cfg: &ts_rs::Config) -> String {
        format!("type {} = {};", V::NAME, Self::inline(cfg))
    }
    fn decl_concrete(cfg: &ts_rs::Config) -> String {
        Self::decl(cfg)
    }
}

// ---------------------------------------------------------------- layout

/// `/assets/layout.{hash}.json`: what the frame of every page shows.
#[derive(Debug, Serialize, TS)]
pub struct Layout<'a> {
    site: SiteFacts<'a>,
    contact: Contact<'a>,
    social: Vec<SocialLink<'a>>,
    navigation: Navigation<'a>,
    categories: Vec<Category<'a>>,
    email: EmailSettings<'a>,
}

/// The company facts of site.toml.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
struct SiteFacts<'a> {
    name: &'a str,
    short_name: &'a str,
    base_url: &'a str,
    description: &'a str,
    logo: Media,
    founded: u32,
    first_firm: u32,
    claims: Vec<&'a str>,
}

/// The contact details of site.toml.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
struct Contact<'a> {
    address: &'a str,
    hours: &'a str,
    location_label: &'a str,
    maps_url: &'a str,
    map_embed_url: &'a str,
    map_title: &'a str,
    emails: Vec<&'a str>,
    phones: Vec<&'a str>,
    top_bar_email: &'a str,
    top_bar_phones: Vec<&'a str>,
    support_email: &'a str,
    chat_url: &'a str,
}

/// A top bar link; `kind` picks the icon.
#[derive(Debug, Serialize, TS)]
struct SocialLink<'a> {
    kind: Word<SocialKind>,
    label: &'a str,
    url: &'a str,
}

/// The menu and the footer links.
#[derive(Debug, Serialize, TS)]
struct Navigation<'a> {
    items: Vec<NavItem<'a>>,
    footer: Footer<'a>,
}

/// The footer's link lists.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
struct Footer<'a> {
    quick_links: Vec<Link<'a>>,
    legal_links: Vec<Link<'a>>,
}

/// A footer link.
#[derive(Debug, Serialize, TS)]
struct Link<'a> {
    label: &'a str,
    to: &'a str,
}

/// A menu entry. `to` is always filled: a `service` entry has
/// to = "/services/" + encodeURIComponent(service); the generated products menu has
/// entries { label: category name, to: "/products", category: id }.
#[derive(Debug, Serialize, TS)]
struct NavItem<'a> {
    label: &'a str,
    to: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    service: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    category: Option<&'a str>,
    entries: Vec<NavItem<'a>>,
}

/// A category of the catalogue (the products' filter and menu).
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
struct Category<'a> {
    id: &'a str,
    name: &'a str,
    short_name: &'a str,
    subcategories: Vec<&'a str>,
}

/// The EmailJS settings of site.toml.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
struct EmailSettings<'a> {
    public_key: &'a str,
    service_id: &'a str,
    origin: &'a str,
    templates: EmailTemplates<'a>,
}

/// The EmailJS template of each form; without `job` the job form is simulated.
#[derive(Debug, Serialize, TS)]
struct EmailTemplates<'a> {
    contact: &'a str,
    enquiry: &'a str,
    quote: &'a str,
    job: Option<&'a str>,
}

/// Where the layout every page shares is written, relative to the output folder, for
/// its JSON `layout_json`: under `assets/`, so that hosts cache it for a year, and named
/// by the [`short_hash`](sitegen_content::short_hash) of its bytes, so that each page
/// names the very layout its markup was rendered with (`assets/layout.1a2b3c4d.json`).
pub fn layout_file(layout_json: &str) -> String {
    let hash = sitegen_content::short_hash(&Sha256::digest(layout_json.as_bytes()));
    format!("assets/layout.{hash}.json")
}

/// The layout: site facts, contact, social links, navigation, categories and the
/// e-mail settings (the [`layout_file`]).
pub fn layout(c: &Content) -> Layout<'_> {
    let site = &c.site;
    let contact = &site.contact;
    let templates = &site.email.templates.value;
    Layout {
        site: SiteFacts {
            name: site.name(),
            short_name: site.short_name(),
            base_url: site.base_url(),
            description: site.description(),
            logo: media(c, &site.logo),
            founded: site.founded,
            first_firm: site.first_firm,
            claims: texts(&site.claims),
        },
        contact: Contact {
            address: contact.address.as_str(),
            hours: contact.hours.as_str(),
            location_label: contact.location_label.as_str(),
            maps_url: contact.maps_url.as_str(),
            map_embed_url: contact.map_embed_url.as_str(),
            map_title: contact.map_title.as_str(),
            emails: contact.emails.iter().map(|e| e.as_str()).collect(),
            phones: contact.phones.iter().map(|p| p.as_str()).collect(),
            top_bar_email: contact.top_bar_email.as_str(),
            top_bar_phones: contact.top_bar_phones.iter().map(|p| p.as_str()).collect(),
            support_email: contact.support_email.as_str(),
            chat_url: contact.chat_url.as_str(),
        },
        social: site
            .social
            .iter()
            .flatten()
            .map(|s| SocialLink {
                kind: Word(s.kind),
                label: s.label.as_str(),
                url: s.url.as_str(),
            })
            .collect(),
        navigation: Navigation {
            items: c
                .navigation
                .item
                .iter()
                .map(|item| nav_item(c, item))
                .collect(),
            footer: Footer {
                quick_links: links(&c.navigation.footer.quick_links),
                legal_links: links(&c.navigation.footer.legal_links),
            },
        },
        categories: c
            .categories
            .iter()
            .map(|cat| Category {
                id: cat.id(),
                name: cat.name(),
                short_name: cat.short_name.as_str(),
                subcategories: texts(&cat.subcategories),
            })
            .collect(),
        email: EmailSettings {
            public_key: site.email.public_key.as_str(),
            service_id: site.email.service_id.as_str(),
            origin: site.email.origin(),
            templates: EmailTemplates {
                contact: templates.contact.as_str(),
                enquiry: templates.enquiry.as_str(),
                quote: templates.quote.as_str(),
                job: templates.job.as_ref().map(|j| j.as_str()),
            },
        },
    }
}

fn links(links: &[model::Link]) -> Vec<Link<'_>> {
    links
        .iter()
        .map(|l| Link {
            label: l.label.as_str(),
            to: l.to.value.as_str(),
        })
        .collect()
}

/// A NavItem: `to` always filled; a `service` entry links to its detail page;
/// `menu = "categories"` expands to one entry per category.
fn nav_item<'a>(c: &'a Content, entry: &'a model::NavEntry) -> NavItem<'a> {
    let to = match (&entry.to, &entry.service) {
        (Some(to), _) => to.value.clone(),
        (None, Some(service)) => {
            sitegen_content::routes::SERVICE.path_with(&[&encode_uri_component(&service.value)])
        }
        (None, None) => "/".to_string(),
    };
    let mut entries: Vec<NavItem<'a>> = Vec::new();
    if entry.menu.is_some() {
        entries.extend(c.categories.iter().map(|category| NavItem {
            label: category.name(),
            to: "/products".to_string(),
            service: None,
            category: Some(category.id()),
            entries: Vec::new(),
        }));
    }
    entries.extend(
        entry
            .entries
            .iter()
            .flatten()
            .map(|child| nav_item(c, child)),
    );
    NavItem {
        label: entry.label.as_str(),
        to,
        service: entry.service.as_ref().map(|s| s.value.as_str()),
        category: None,
        entries,
    }
}

// ---------------------------------------------------------------- home

/// A section name of home.toml's `sections` (sitegen validates them against
/// [`HOME_SECTIONS`]; its TypeScript type is the union of those names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct HomeSection(&'static str);

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
        string_union(HOME_SECTIONS.iter().copied())
    }
    fn decl(cfg: &ts_rs::Config) -> String {
        format!("type HomeSection = {};", Self::inline(cfg))
    }
    fn decl_concrete(cfg: &ts_rs::Config) -> String {
        Self::decl(cfg)
    }
}

/// The sections the home page shows, in order (home.toml's list, else all of them).
fn home_sections(c: &Content) -> Vec<HomeSection> {
    c.home
        .sections()
        .into_iter()
        .filter_map(|name| HOME_SECTIONS.iter().find(|known| **known == name).copied())
        .map(HomeSection)
        .collect()
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
    let shown = |name: &str| sections.iter().any(|section| section.0 == name);
    page.hero = shown("hero").then_some(hero);
    page.stats = shown("stats").then_some(stats);
    page.partners = shown("partners").then_some(partners);
    page.showcase = shown("showcase").then_some(showcase);
    page.services_slider = shown("services_slider").then_some(services_slider);
    page.testimonials = shown("testimonials").then_some(testimonials);
    page.map = shown("map").then_some(map);
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

// ---------------------------------------------------------------- products

/// A product in a listing: `{ id, title, category, subcategory, image, slug }`.
#[derive(Debug, Serialize, TS)]
pub struct ProductSummary<'a> {
    id: u32,
    title: &'a str,
    /// A category id.
    category: &'a str,
    subcategory: &'a str,
    /// The product's image, else its category's (checked content always has one).
    #[ts(as = "Media")]
    image: Option<Media>,
    slug: String,
    /// Only in previews (`sitegen serve`, `build --drafts`): the product is a draft.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "true")]
    draft: Option<bool>,
}

/// A product page's product: its summary, description and category name.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Product<'a> {
    #[serde(flatten)]
    #[ts(flatten)]
    summary: ProductSummary<'a>,
    description: &'a str,
    category_name: &'a str,
}

/// `/products` (every product, `category` null) and `/products/category/{id}` (only that
/// category's products, `category` its id): one page of the listing, `paging` saying
/// which (catalogue.toml's `page_size`).
#[derive(Debug, Serialize, TS)]
pub struct ProductsPageData<'a> {
    category: Option<&'a str>,
    products: Vec<ProductSummary<'a>>,
    paging: ListingPaging,
}

/// Where a page of a listing is: page `number` (1-based) of `of`, the whole listing
/// holding `total` products (its pages are `{listing}` and `{listing}/page/N`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
pub struct ListingPaging {
    /// This page, 1-based.
    pub number: u32,
    /// How many pages the listing has (at least 1).
    pub of: u32,
    /// How many products the listing holds, over all its pages.
    pub total: u32,
}

impl ProductsPageData<'_> {
    /// Which page of its listing this is.
    pub fn paging(&self) -> ListingPaging {
        self.paging
    }
}

/// `/products/{id}/{slug}`: the product and up to [`RELATED_PRODUCTS`] others of its category.
#[derive(Debug, Serialize, TS)]
pub struct ProductPageData<'a> {
    product: Product<'a>,
    related: Vec<ProductSummary<'a>>,
}

/// A ProductSummary: `{ id, title, category, subcategory, image, slug }`.
pub fn product_summary<'a>(c: &'a Content, product: &'a model::Product) -> ProductSummary<'a> {
    ProductSummary {
        id: product.id(),
        title: product.title(),
        category: product.category(),
        subcategory: product.subcategory(),
        image: optional_media(c, c.product_image(product)),
        slug: product.slug(),
        draft: draft_mark(product.is_draft()),
    }
}

/// `/products`: `{ category: null, products, paging }`, the listing's first page.
pub fn products_page(c: &Content) -> ProductsPageData<'_> {
    listing_pages(c, None).swap_remove(0)
}

/// `/products/category/{id}`: `{ category: id, products, paging }` with only that
/// category's products (its first page), so the page's JSON stays small.
pub fn category_page<'a>(c: &'a Content, category: &'a model::Category) -> ProductsPageData<'a> {
    listing_pages(c, Some(category)).swap_remove(0)
}

/// Every page of a listing (`/products` for `None`, else the category's), at least
/// one: an empty listing has one empty page, which shows the empty message.
pub fn listing_pages<'a>(
    c: &'a Content,
    category: Option<&'a model::Category>,
) -> Vec<ProductsPageData<'a>> {
    let listed: Vec<&model::Product> = c
        .products
        .iter()
        .filter(|p| category.is_none_or(|category| p.category() == category.id()))
        .collect();
    paging::pages(listed.len(), c.page_size)
        .into_iter()
        .map(|page| ProductsPageData {
            category: category.map(model::Category::id),
            products: listed[page.items]
                .iter()
                .map(|p| product_summary(c, p))
                .collect(),
            paging: ListingPaging {
                number: page.number as u32,
                of: page.of as u32,
                total: listed.len() as u32,
            },
        })
        .collect()
}

/// `/products/{id}/{slug}`: `{ product, related }`, related being up to
/// [`RELATED_PRODUCTS`] other products of the same category, in file order.
pub fn product_page<'a>(c: &'a Content, p: &'a model::Product) -> ProductPageData<'a> {
    ProductPageData {
        product: Product {
            summary: product_summary(c, p),
            description: p.description(),
            category_name: c.category(p.category()).map_or("", |cat| cat.name()),
        },
        related: c
            .products
            .iter()
            .filter(|other| other.category() == p.category() && other.id() != p.id())
            .take(RELATED_PRODUCTS)
            .map(|other| product_summary(c, other))
            .collect(),
    }
}

// ---------------------------------------------------------------- services

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

// ---------------------------------------------------------------- certificates

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

// ---------------------------------------------------------------- about

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

// ---------------------------------------------------------------- policies

/// A legal page, placeholders filled.
#[derive(Debug, Serialize, TS)]
pub struct Policy<'a> {
    title: String,
    updated: Option<&'a str>,
    intro: Vec<String>,
    sections: Vec<PolicySection>,
}

/// A section of a legal page.
#[derive(Debug, Serialize, TS)]
struct PolicySection {
    heading: String,
    paragraphs: Vec<String>,
    bullets: Vec<String>,
}

/// A legal page: `{ title, updated, intro, sections: [{ heading, paragraphs, bullets }] }`
/// with `{support_email}`, `{company}` and `{address}` filled.
pub fn policy(c: &Content, kind: PolicyKind) -> Policy<'_> {
    let policy = c.policies.get(kind);
    let fill = |text: &Text| fill_placeholders(text, &c.site);
    let fill_all = |texts: &Option<Vec<sitegen_content::Located<Text>>>| -> Vec<String> {
        texts.iter().flatten().map(|t| fill(t)).collect()
    };
    Policy {
        title: fill(&policy.title),
        updated: policy.updated.as_ref().map(|u| u.as_str()),
        intro: fill_all(&policy.intro),
        sections: policy
            .section
            .iter()
            .flatten()
            .map(|section| PolicySection {
                heading: fill(&section.heading),
                paragraphs: fill_all(&section.paragraphs),
                bullets: fill_all(&section.bullets),
            })
            .collect(),
    }
}

// ---------------------------------------------------------------- timeline

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

// ---------------------------------------------------------------- route data

/// Title, description, path and canonical URL of a route.
#[derive(Debug, Serialize, TS)]
pub struct RouteMeta<'a> {
    /// The page title.
    pub title: &'a str,
    /// The meta description.
    pub description: &'a str,
    /// The decoded route path.
    pub path: &'a str,
    /// The canonical URL on the live site (empty on the 404 page).
    pub canonical: &'a str,
}

/// `/data/routes/{path}.json`: one per prerendered route; `page` is the screen's data.
#[derive(Debug, Serialize, TS)]
pub struct RouteData<'a, P> {
    /// Title, description, path and canonical URL.
    pub meta: RouteMeta<'a>,
    /// The screen's data.
    pub page: P,
}

impl<P: Serialize> From<RouteData<'_, P>> for Value {
    fn from(route: RouteData<'_, P>) -> Value {
        serde_json::to_value(route).unwrap_or_default()
    }
}

/// The data of a page that shows none of the content (`/contact`, `/blogs`, the forms,
/// the 404 page): `{}`.
#[derive(Debug, Serialize, TS)]
pub struct EmptyPage {}

impl From<EmptyPage> for Value {
    fn from(_: EmptyPage) -> Value {
        Value::Object(serde_json::Map::new())
    }
}

// ---------------------------------------------------------------- page envelopes

/// What the app renders a route from (docs/data-contract.md §5): the layout every page
/// shares and the route's data. sitegen sends a prerender worker the layout once and
/// then one route per request, and `web/scripts/prerender.mjs` puts them together;
/// both fields hold the JSON sitegen wrote, passed on as it is.
#[derive(Debug, Serialize, TS)]
pub struct PrerenderData<'a> {
    /// The layout (`/assets/layout.{hash}.json`).
    #[ts(as = "Layout<'static>")]
    pub layout: &'a RawValue,
    /// The route's `/data/routes/….json`.
    #[ts(type = "RouteData<unknown>")]
    pub route: &'a RawValue,
}

/// What each prerendered page embeds in its data script (docs/data-contract.md §6): the
/// route data it was rendered from, and the path it was rendered for. The layout it was
/// rendered with is not embedded: every page names the one file all pages share
/// (`/assets/layout.{hash}.json`) on its entry script's `data-layout` attribute.
#[derive(Debug, Serialize, TS)]
pub struct EmbeddedPageData<'a> {
    /// The decoded route path; `null` on the 404 page, which the client renders afresh
    /// for whatever URL it is served at.
    pub path: Option<&'a str>,
    /// The route's `/data/routes/….json`.
    #[ts(type = "RouteData<unknown>")]
    pub route: &'a RawValue,
}

// ---------------------------------------------------------------- TypeScript

/// Lays out ts-rs's one-line object type one field a line (`type A = { a: T, b: U, };`
/// becomes `type A = {\n  a: T;\n  b: U;\n};`), field docs indented above their field.
/// Other declarations (unions, aliases) are kept as they are.
fn pretty(decl: &str) -> String {
    let Some((head, body)) = decl.split_once(" = { ") else {
        return decl.to_string();
    };
    let Some(body) = body.strip_suffix(" };") else {
        return decl.to_string();
    };
    let mut fields: Vec<String> = Vec::new();
    let mut field = String::new();
    let mut depth = 0i32;
    let mut in_comment = false;
    let chars: Vec<char> = body.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        if !in_comment && ch == '/' && chars.get(i + 1) == Some(&'*') {
            in_comment = true;
        } else if in_comment && ch == '*' && chars.get(i + 1) == Some(&'/') {
            in_comment = false;
            field.push_str("*/");
            i += 2;
            continue;
        } else if !in_comment {
            match ch {
                '<' | '{' | '(' | '[' => depth += 1,
                '>' | '}' | ')' | ']' => depth -= 1,
                ',' if depth == 0 => {
                    fields.push(std::mem::take(&mut field));
                    i += 1;
                    continue;
                }
                _ => {}
            }
        }
        field.push(ch);
        i += 1;
    }
    if !field.trim().is_empty() {
        fields.push(field);
    }
    let mut out = format!("{head} = {{\n");
    for field in fields {
        for line in field.trim().lines() {
            let line = line.trim_end();
            let line = line
                .strip_prefix(' ')
                .filter(|l| l.starts_with('*'))
                .unwrap_or(line);
            if line.starts_with('*') {
                out.push_str(&format!("   {line}\n"));
            } else if line.starts_with("/**") || line.ends_with("*/") {
                out.push_str(&format!("  {line}\n"));
            } else {
                out.push_str(&format!("  {line};\n"));
            }
        }
    }
    out.push_str("};");
    out
}

/// Where [`typescript`]'s text is committed, relative to the repository root.
pub const TYPESCRIPT_FILE: &str = "web/src/content/contract.gen.ts";

/// The TypeScript declarations of every view, as [`TYPESCRIPT_FILE`] holds them. A
/// field added to a view changes this text: the staleness test (`tests/contract.rs`)
/// fails until the file is regenerated, and then `tsc` fails wherever the web app
/// builds a value of that type without it.
pub fn typescript() -> String {
    let cfg = ts_rs::Config::new();
    let mut out = String::from(
        "// Generated from crates/sitegen-view/src/lib.rs: do not edit. Regenerate with\n\
         // `SITEGEN_BLESS=1 cargo test -p sitegen-view --test contract` (docs/data-contract.md §3).\n",
    );
    macro_rules! declare {
        ($($view:ty),* $(,)?) => {$(
            out.push('\n');
            out.push_str(&<$view as TS>::docs().unwrap_or_default());
            out.push_str("export ");
            out.push_str(&pretty(&<$view as TS>::decl(&cfg)));
            out.push('\n');
        )*};
    }
    declare!(
        Media,
        MediaVariant,
        Layout<'static>,
        SiteFacts<'static>,
        Contact<'static>,
        Word<SocialKind>,
        SocialLink<'static>,
        Navigation<'static>,
        Footer<'static>,
        Link<'static>,
        NavItem<'static>,
        Category<'static>,
        EmailSettings<'static>,
        EmailTemplates<'static>,
        RouteMeta<'static>,
        RouteData<'static, ()>,
        EmptyPage,
        PrerenderData<'static>,
        EmbeddedPageData<'static>,
        HomeSection,
        Home<'static>,
        HomePageData<'static>,
        Hero<'static>,
        Stats<'static>,
        StatItem<'static>,
        Partners<'static>,
        PartnerLogo<'static>,
        Showcase<'static>,
        ShowcaseTab<'static>,
        ShowcaseCard<'static>,
        ServicesSlider<'static>,
        ServiceCard<'static>,
        Testimonials<'static>,
        Testimonial<'static>,
        MapBlock<'static>,
        ProductSummary<'static>,
        Product<'static>,
        ProductsPageData<'static>,
        ListingPaging,
        ProductPageData<'static>,
        ServiceSummary<'static>,
        ServicesPageData<'static>,
        ServiceEntry<'static>,
        Certificate<'static>,
        CertificatesPageData<'static>,
        Word<RegistrationType>,
        Registration<'static>,
        RailwayPageData<'static>,
        RegistrationsPageData<'static>,
        About<'static>,
        AboutSection<'static>,
        Statement<'static>,
        ListBox<'static>,
        Leaders<'static>,
        Leader<'static>,
        Policy<'static>,
        PolicySection,
        Timeline<'static>,
        CompanyTimeline<'static>,
        CompanyTimelineEntry<'static>,
        Biography<'static>,
        BiographyEntry<'static>,
    );
    out
}
