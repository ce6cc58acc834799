//! The layout every page shares (`/assets/layout.{hash}.json`): site facts, contact,
//! social links, navigation, categories and the e-mail settings.

use crate::media::{media, texts, Media};
use crate::vocabulary::Word;
use serde::Serialize;
use sha2::{Digest, Sha256};
use sitegen_content::model::{self};
use sitegen_content::routes::encode_uri_component;
use sitegen_content::{Content, SocialKind};
use ts_rs::TS;

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
