//! The JSON views handed to React (data-contract §3).
//!
//! Keys are camelCase; every media reference becomes `{ src, width, height }` with
//! `src` = `/` + the hashed output path (and `variants` when it has WebP variants). Texts are passed through unchanged (plain
//! text: React escapes them); only policy placeholders are filled.

use serde_json::{json, Map, Value};

use crate::check::fill_placeholders;
use crate::model::{
    AboutSection, Category, Leader, ListBox, NavEntry, PolicyKind, Product, ServiceEntry, Statement,
};
use crate::routes::encode_uri_component;
use crate::values::{MediaRef, RegistrationType, Text};
use crate::{Content, Registration};

/// How many related products a product page lists.
pub const RELATED_PRODUCTS: usize = 4;

/// `{ src, width, height, variants? }` of a media file. `variants` lists its responsive
/// WebP files `{ src, width, height }`, narrowest first, and is left out when it has
/// none (SVG, GIF, video, or none smaller than the source).
pub fn media(c: &Content, media: &MediaRef) -> Value {
    let mut object = json!({ "src": media.src(), "width": media.width, "height": media.height });
    let variants: Vec<Value> = c
        .media
        .get(&media.path)
        .map(|file| file.variants.as_slice())
        .unwrap_or_default()
        .iter()
        .map(|v| json!({ "src": v.src(), "width": v.width, "height": v.height }))
        .collect();
    if !variants.is_empty() {
        object["variants"] = Value::Array(variants);
    }
    object
}

fn optional_media(c: &Content, media_ref: Option<&MediaRef>) -> Value {
    media_ref.map_or(Value::Null, |m| media(c, m))
}

fn texts<'a>(items: impl IntoIterator<Item = &'a Text>) -> Value {
    Value::Array(
        items
            .into_iter()
            .map(|t| Value::String(t.to_string()))
            .collect(),
    )
}

/// The layout: site facts, contact, social links, navigation, categories and the
/// e-mail settings (`/data/layout.json`).
pub fn layout(c: &Content) -> Value {
    let site = &c.site;
    let contact = &site.contact;
    let templates = &site.email.templates.value;
    json!({
        "site": {
            "name": site.name(),
            "shortName": site.short_name(),
            "baseUrl": site.base_url(),
            "description": site.description(),
            "logo": media(c, &site.logo),
            "founded": site.founded,
            "firstFirm": site.first_firm,
            "claims": texts(&site.claims),
        },
        "contact": {
            "address": contact.address.as_str(),
            "hours": contact.hours.as_str(),
            "locationLabel": contact.location_label.as_str(),
            "mapsUrl": contact.maps_url.as_str(),
            "mapEmbedUrl": contact.map_embed_url.as_str(),
            "mapTitle": contact.map_title.as_str(),
            "emails": contact.emails.iter().map(|e| e.as_str()).collect::<Vec<_>>(),
            "phones": contact.phones.iter().map(|p| p.as_str()).collect::<Vec<_>>(),
            "topBarEmail": contact.top_bar_email.as_str(),
            "topBarPhones": contact.top_bar_phones.iter().map(|p| p.as_str()).collect::<Vec<_>>(),
            "supportEmail": contact.support_email.as_str(),
            "chatUrl": contact.chat_url.as_str(),
        },
        "social": site.social.iter().flatten().map(|s| json!({
            "kind": s.kind.as_str(),
            "label": s.label.as_str(),
            "url": s.url.as_str(),
        })).collect::<Vec<_>>(),
        "navigation": {
            "items": c.navigation.item.iter().map(|item| nav_item(c, item)).collect::<Vec<_>>(),
            "footer": {
                "quickLinks": c.navigation.footer.quick_links.iter().map(|l| json!({"label": l.label.as_str(), "to": l.to.value})).collect::<Vec<_>>(),
                "legalLinks": c.navigation.footer.legal_links.iter().map(|l| json!({"label": l.label.as_str(), "to": l.to.value})).collect::<Vec<_>>(),
            },
        },
        "categories": c.categories.iter().map(|cat| json!({
            "id": cat.id(),
            "name": cat.name(),
            "shortName": cat.short_name.as_str(),
            "subcategories": texts(&cat.subcategories),
        })).collect::<Vec<_>>(),
        "email": {
            "publicKey": site.email.public_key.as_str(),
            "serviceId": site.email.service_id.as_str(),
            "origin": site.email.origin(),
            "templates": {
                "contact": templates.contact.as_str(),
                "enquiry": templates.enquiry.as_str(),
                "quote": templates.quote.as_str(),
                "job": templates.job.as_ref().map(|j| j.as_str()),
            },
        },
    })
}

/// A NavItem: `to` always filled; a `service` entry links to its detail page;
/// `menu = "categories"` expands to one entry per category.
fn nav_item(c: &Content, entry: &NavEntry) -> Value {
    let mut item = Map::new();
    item.insert("label".into(), json!(entry.label.as_str()));
    let to = match (&entry.to, &entry.service) {
        (Some(to), _) => to.value.clone(),
        (None, Some(service)) => {
            crate::routes::SERVICE.path_with(&[&encode_uri_component(&service.value)])
        }
        (None, None) => "/".to_string(),
    };
    item.insert("to".into(), json!(to));
    if let Some(service) = &entry.service {
        item.insert("service".into(), json!(service.value));
    }
    let mut entries: Vec<Value> = Vec::new();
    if entry.menu.is_some() {
        entries.extend(c.categories.iter().map(|category| {
            json!({
                "label": category.name(),
                "to": "/products",
                "category": category.id(),
                "entries": [],
            })
        }));
    }
    entries.extend(
        entry
            .entries
            .iter()
            .flatten()
            .map(|child| nav_item(c, child)),
    );
    item.insert("entries".into(), Value::Array(entries));
    Value::Object(item)
}

/// Marks an entry's JSON as a draft (`"draft": true`); published entries carry no
/// key, so a production build's data is the same as without drafts.
fn mark_draft(mut value: Value, draft: bool) -> Value {
    if let (true, Value::Object(fields)) = (draft, &mut value) {
        fields.insert("draft".into(), Value::Bool(true));
    }
    value
}

/// The home page `/`: `sections` (home.toml's list, or every section in the spec's
/// order) and the data of those sections only, so a section left out costs nothing.
pub fn home_page(c: &Content) -> Value {
    let sections = c.home.sections();
    let mut page = home(c);
    if let Value::Object(fields) = &mut page {
        fields.retain(|key, _| {
            key == "sections" || sections.iter().any(|section| camel_case(section) == *key)
        });
    }
    page
}

/// `services_slider` → `servicesSlider`.
fn camel_case(snake: &str) -> String {
    let mut out = String::with_capacity(snake.len());
    let mut upper = false;
    for c in snake.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// Every home block (the block routes except `/timeline`, which show one block each
/// whatever the home page lists), with the home page's `sections`.
pub fn home(c: &Content) -> Value {
    let home = &c.home;
    json!({
        "sections": home.sections(),
        "hero": {
            "tagline": home.hero.tagline.as_str(),
            "video": media(c, &home.hero.video),
            "poster": media(c, &home.hero.poster),
        },
        "stats": {
            "heading": home.stats.heading.as_str(),
            "items": home.stats.item.iter().map(|stat| {
                let number = stat.value.value;
                let value = if number.integer { json!(number.value as i64) } else { json!(number.value) };
                json!({
                    "value": value,
                    "decimals": number.decimals,
                    "prefix": stat.prefix.as_deref().unwrap_or(""),
                    "suffix": stat.suffix.as_deref().unwrap_or(""),
                    "label": stat.label.as_str(),
                })
            }).collect::<Vec<_>>(),
        },
        "partners": {
            "heading": home.partners.heading.as_str(),
            "logos": home.partners.logo.iter().map(|logo| json!({
                "name": logo.name.as_str(),
                "image": media(c, &logo.image),
            })).collect::<Vec<_>>(),
        },
        "showcase": {
            "heading": home.showcase.heading.as_str(),
            "tabs": home.showcase.tab.iter().map(|tab| json!({
                "label": tab.label.as_str(),
                "category": tab.category.as_ref().map(|c| c.value.as_str()),
                "cards": tab.card.iter().map(|card| json!({
                    "title": card.title.as_str(),
                    "description": card.description.as_str(),
                    "image": media(c, &card.image),
                })).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        },
        "servicesSlider": {
            "heading": home.services_slider.heading.as_str(),
            "cards": home.services_slider.card.iter().map(|card| json!({
                "title": card.title.as_str(),
                "image": media(c, &card.image),
                "service": card.service.as_ref().map(|s| s.value.as_str()),
            })).collect::<Vec<_>>(),
        },
        "testimonials": {
            "heading": home.testimonials.heading.as_str(),
            "items": home.testimonials.item.iter().map(|t| mark_draft(json!({
                "quote": t.quote.as_str(),
                "name": t.name.as_str(),
                "imageClass": t.image_class,
                "backgroundClass": t.background_class,
            }), t.is_draft())).collect::<Vec<_>>(),
        },
        "map": {
            "heading": home.map.heading.as_str(),
            "height": home.map.height,
        },
    })
}

/// A ProductSummary: `{ id, title, category, subcategory, image, slug }`.
pub fn product_summary(c: &Content, product: &Product) -> Value {
    let summary = json!({
        "id": product.id(),
        "title": product.title(),
        "category": product.category(),
        "subcategory": product.subcategory(),
        "image": optional_media(c, c.product_image(product)),
        "slug": product.slug(),
    });
    mark_draft(summary, product.is_draft())
}

/// `/products`: `{ category: null, products: ProductSummary[] }` with every product.
pub fn products_page(c: &Content) -> Value {
    catalogue_page(c, None)
}

/// `/products/category/{id}`: `{ category: id, products: ProductSummary[] }` with only
/// that category's products, so the page's JSON stays small.
pub fn category_page(c: &Content, category: &Category) -> Value {
    catalogue_page(c, Some(category))
}

fn catalogue_page(c: &Content, category: Option<&Category>) -> Value {
    let products: Vec<Value> = c
        .products
        .iter()
        .filter(|p| category.is_none_or(|category| p.category() == category.id()))
        .map(|p| product_summary(c, p))
        .collect();
    json!({ "category": category.map(Category::id), "products": products })
}

/// `/products/{id}/{slug}`: `{ product, related }`, related being up to
/// [`RELATED_PRODUCTS`] other products of the same category, in file order.
pub fn product_page(c: &Content, p: &Product) -> Value {
    let mut product = product_summary(c, p);
    if let Value::Object(fields) = &mut product {
        fields.insert("description".into(), json!(p.description()));
        let category_name = c.category(p.category()).map_or("", |cat| cat.name());
        fields.insert("categoryName".into(), json!(category_name));
    }
    let related: Vec<Value> = c
        .products
        .iter()
        .filter(|other| other.category() == p.category() && other.id() != p.id())
        .take(RELATED_PRODUCTS)
        .map(|other| product_summary(c, other))
        .collect();
    json!({ "product": product, "related": related })
}

/// `/services`: `{ services: { id, title, image }[] }`.
pub fn services_page(c: &Content) -> Value {
    json!({
        "services": c.services.iter().map(|s| mark_draft(json!({
            "id": s.id(),
            "title": s.title(),
            "image": optional_media(c, s.image.as_ref()),
        }), s.is_draft())).collect::<Vec<_>>(),
    })
}

/// `/services/{id}`: the ServiceEntry.
pub fn service_page(c: &Content, s: &ServiceEntry) -> Value {
    let page = json!({
        "id": s.id(),
        "title": s.title(),
        "image": optional_media(c, s.image.as_ref()),
        "description": s.description(),
        "servicesList": texts(&s.services_list),
        "hasGallery": s.has_gallery,
        "galleryCount": s.gallery_count.value,
        "gallery": s.gallery.iter().flat_map(|g| g.value.iter()).map(|m| media(c, m)).collect::<Vec<_>>(),
    });
    mark_draft(page, s.is_draft())
}

/// `/certificate`: `{ certificates: { id, title, image }[] }`.
pub fn certificates_page(c: &Content) -> Value {
    json!({
        "certificates": c.certificates.iter().map(|cert| mark_draft(json!({
            "id": cert.id(),
            "title": cert.title.as_str(),
            "image": optional_media(c, cert.image.as_ref()),
        }), cert.is_draft())).collect::<Vec<_>>(),
    })
}

fn registration(c: &Content, r: &Registration) -> Value {
    json!({
        "type": r.kind.as_str(),
        "id": r.id(),
        "title": r.title.as_str(),
        "image": optional_media(c, r.image.as_ref()),
    })
}

/// `/railway-registration`: `{ types: [{ type, items }] }`, PCMM then PCMD.
pub fn railway_page(c: &Content) -> Value {
    json!({
        "types": RegistrationType::ALL.iter().map(|kind| registrations_page(c, *kind)).collect::<Vec<_>>(),
    })
}

/// `/railway-registration/{type}`: `{ type, items }`.
pub fn registrations_page(c: &Content, kind: RegistrationType) -> Value {
    json!({
        "type": kind.as_str(),
        "items": c.registrations_of(kind).map(|r| registration(c, r)).collect::<Vec<_>>(),
    })
}

fn about_section(section: &AboutSection) -> Value {
    json!({
        "heading": section.heading.as_str(),
        "paragraphs": texts(&section.paragraphs),
        "points": texts(section.points.iter().flatten()),
    })
}

fn statement(statement: &Statement) -> Value {
    json!({ "heading": statement.heading.as_str(), "text": statement.text.as_str() })
}

fn list_box(list: &ListBox) -> Value {
    json!({ "heading": list.heading.as_str(), "items": texts(&list.items) })
}

fn leader(c: &Content, leader: &Leader) -> Value {
    json!({
        "title": leader.title.as_str(),
        "name": leader.name.as_str(),
        "designation": leader.designation.as_str(),
        "image": media(c, &leader.image),
        "paragraphs": texts(&leader.paragraphs),
    })
}

/// `/aboutUs`: about.toml in camelCase (`leaders.item` stays `item`), media resolved,
/// absent `points` as `[]`.
pub fn about(c: &Content) -> Value {
    let about = &c.about;
    json!({
        "whoWeAre": about_section(&about.who_we_are),
        "whyWorkWithUs": about_section(&about.why_work_with_us),
        "mission": statement(&about.mission),
        "vision": statement(&about.vision),
        "leaders": {
            "heading": about.leaders.heading.as_str(),
            "item": about.leaders.item.iter().map(|l| leader(c, l)).collect::<Vec<_>>(),
        },
        "usp": about_section(&about.usp),
        "servicesBox": list_box(&about.services_box),
        "specializationBox": list_box(&about.specialization_box),
    })
}

/// A legal page: `{ title, updated, intro, sections: [{ heading, paragraphs, bullets }] }`
/// with `{support_email}`, `{company}` and `{address}` filled.
pub fn policy(c: &Content, kind: PolicyKind) -> Value {
    let policy = c.policies.get(kind);
    let fill = |text: &Text| fill_placeholders(text, &c.site);
    json!({
        "title": fill(&policy.title),
        "updated": policy.updated.as_ref().map(|u| u.as_str()),
        "intro": policy.intro.iter().flatten().map(|t| fill(t)).collect::<Vec<_>>(),
        "sections": policy.section.iter().flatten().map(|section| json!({
            "heading": fill(&section.heading),
            "paragraphs": section.paragraphs.iter().flatten().map(|t| fill(t)).collect::<Vec<_>>(),
            "bullets": section.bullets.iter().flatten().map(|t| fill(t)).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}

/// `/timeline`: timeline.toml in camelCase (`entry` stays `entry`), media resolved.
pub fn timeline(c: &Content) -> Value {
    let timeline = &c.timeline;
    json!({
        "company": {
            "heading": timeline.company.heading.as_str(),
            "entry": timeline.company.entry.iter().map(|e| json!({
                "date": e.date.as_str(),
                "title": e.title.as_str(),
                "text": e.text.as_str(),
            })).collect::<Vec<_>>(),
        },
        "biography": {
            "heading": timeline.biography.heading.as_str(),
            "sourceUrl": timeline.biography.source_url.as_str(),
            "sourceLabel": timeline.biography.source_label.as_str(),
            "entry": timeline.biography.entry.iter().map(|e| json!({
                "year": e.year,
                "title": e.title.as_str(),
                "text": e.text.as_str(),
                "image": media(c, &e.image),
            })).collect::<Vec<_>>(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{load_edited, valid_content};

    fn content() -> Content {
        crate::load(&valid_content())
            .content
            .expect("valid fixture")
    }

    #[test]
    fn markup_in_a_title_stays_literal_text() {
        let c = content();
        let product = c.product(40).expect("product 40");
        let page = product_page(&c, product);
        assert_eq!(
            page["product"]["title"],
            "Digital X-Ray (DR) <script>alert(1)</script>"
        );
        let json = serde_json::to_string(&page).unwrap_or_default();
        assert!(json.contains("<script>alert(1)</script>"), "{json}");
    }

    #[test]
    fn media_becomes_src_width_height() {
        let c = content();
        let layout = layout(&c);
        let logo = &layout["site"]["logo"];
        assert_eq!(
            (logo["width"].as_u64(), logo["height"].as_u64()),
            (Some(120), Some(40))
        );
        let src = logo["src"].as_str().unwrap_or_default();
        assert!(
            src.starts_with("/media/brand/logo.")
                && src.ends_with(".svg")
                && src.len() == "/media/brand/logo.12345678.svg".len()
        );
        let video = &home(&c)["hero"]["video"];
        assert_eq!(
            (video["width"].as_u64(), video["height"].as_u64()),
            (Some(0), Some(0))
        );
        assert!(logo.get("variants").is_none(), "{logo}");
    }

    /// The JSON view of the site's og:image (a raster image, so it has variants).
    fn og_image_view(c: &Content) -> Value {
        c.site
            .og_image
            .as_ref()
            .map(|m| media(c, m))
            .unwrap_or_default()
    }

    #[test]
    fn raster_media_lists_its_webp_variants() {
        let c = content();
        let og = og_image_view(&c);
        let variants = og["variants"].as_array().cloned().unwrap_or_default();
        assert!(!variants.is_empty(), "{og}");
        for variant in &variants {
            let src = variant["src"].as_str().unwrap_or_default();
            assert!(src.starts_with("/media/brand/og-image.") && src.ends_with(".webp"));
            assert!(variant["width"].as_u64() <= og["width"].as_u64());
        }
    }

    #[test]
    fn dropped_variants_are_not_listed() {
        let mut c = content();
        let og_path = c.site.og_image.as_ref().map(|m| m.path.clone());
        let og_path = og_path.unwrap_or_default();
        let widest = c.media.get(&og_path).map(|f| f.width).unwrap_or_default();
        c.media
            .retain_variants(|file, variant| file.path != og_path || variant.width == widest);
        let og = og_image_view(&c);
        assert_eq!(og["variants"].as_array().map(Vec::len), Some(1), "{og}");
        assert_eq!(og["variants"][0]["width"].as_u64(), Some(u64::from(widest)));

        c.media.retain_variants(|_, _| false);
        let og = og_image_view(&c);
        assert!(og.get("variants").is_none(), "{og}");
    }

    #[test]
    fn service_navigation_entries_link_to_the_encoded_service_page() {
        let c = content();
        let services = &layout(&c)["navigation"]["items"][2]["entries"];
        assert_eq!(services[1]["to"], "/services/Emergency%20centre%20setup%20");
        assert_eq!(services[1]["service"], "Emergency centre setup ");
        assert!(services[0].get("category").is_none());
    }

    #[test]
    fn categories_menu_expands_to_the_catalogue() {
        let c = content();
        let products = &layout(&c)["navigation"]["items"][1];
        assert_eq!(
            products["entries"][1],
            json!({"label": "Dialysis Products", "to": "/products", "category": "dialysis", "entries": []})
        );
    }

    #[test]
    fn job_template_is_null_when_absent() {
        let report = load_edited(&[("site.toml", "job = \"template_job\"\n", "")]);
        let c = report.content.expect("warnings only");
        assert_eq!(layout(&c)["email"]["templates"]["job"], Value::Null);
        assert_eq!(layout(&c)["email"]["origin"], "https://api.emailjs.com");
    }

    #[test]
    fn stats_keep_their_decimals() {
        let c = content();
        let items = &home(&c)["stats"]["items"];
        assert_eq!(items[0]["value"], json!(12.19));
        assert_eq!(items[0]["decimals"], 2);
        assert_eq!(items[1]["value"], json!(100));
        assert_eq!(items[1]["decimals"], 0);
        assert_eq!(items[0]["prefix"], "");
    }

    #[test]
    fn product_page_lists_related_products_of_the_same_category() {
        let c = content();
        let product = c.product(12).expect("product 12");
        let page = product_page(&c, product);
        let related: Vec<u64> = page["related"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|p| p["id"].as_u64())
            .collect();
        assert_eq!(related, vec![13, 14]);
        assert_eq!(page["product"]["categoryName"], "Dialysis Products");
        assert_eq!(page["product"]["slug"], "hemodialysis-machine");
        // Without an own image a product shows its category's.
        let summary = product_summary(&c, c.product(13).expect("product 13"));
        assert!(summary["image"]["src"]
            .as_str()
            .unwrap_or_default()
            .starts_with("/media/categories/dialysis."));
    }

    #[test]
    fn railway_page_lists_pcmm_then_pcmd() {
        let c = content();
        let page = railway_page(&c);
        assert_eq!(page["types"][0]["type"], "PCMM");
        assert_eq!(page["types"][1]["type"], "PCMD");
        assert_eq!(page["types"][1]["items"][0]["image"], Value::Null);
        assert_eq!(
            registrations_page(&c, RegistrationType::Pcmm)["items"][0]["id"],
            "pcmm-central-railway"
        );
    }

    #[test]
    fn policy_placeholders_are_filled() {
        let c = content();
        let privacy = policy(&c, PolicyKind::Privacy);
        assert_eq!(
            privacy["intro"][0],
            "At Vasai Medical Systems Pvt. Ltd., we respect your privacy."
        );
        assert!(privacy["sections"][0]["paragraphs"][0]
            .as_str()
            .unwrap_or_default()
            .contains("support@medical.test"));
        let payment = policy(&c, PolicyKind::Payment);
        assert_eq!(payment["updated"], Value::Null);
        assert_eq!(payment["sections"][0]["paragraphs"], json!([]));
    }

    #[test]
    fn service_page_has_the_service_entry_shape() {
        let c = content();
        let page = service_page(&c, c.service("dialysis-center").expect("service"));
        for key in [
            "id",
            "title",
            "image",
            "description",
            "servicesList",
            "hasGallery",
            "galleryCount",
            "gallery",
        ] {
            assert!(page.get(key).is_some(), "{key}");
        }
        assert_eq!(page["gallery"].as_array().map(Vec::len), Some(2));
        let listing = services_page(&c);
        assert_eq!(listing["services"][2]["image"], Value::Null);
    }

    #[test]
    fn about_and_timeline_are_camel_case() {
        let c = content();
        let about = about(&c);
        assert_eq!(about["whoWeAre"]["points"], json!([]));
        assert!(about["leaders"]["item"][0]["image"]["src"].is_string());
        let timeline = timeline(&c);
        assert_eq!(timeline["biography"]["sourceLabel"], "Source");
        assert_eq!(timeline["biography"]["entry"][0]["year"], 1881);
        assert_eq!(
            certificates_page(&c)["certificates"][1]["image"],
            Value::Null
        );
        assert_eq!(
            products_page(&c)["products"].as_array().map(Vec::len),
            Some(5)
        );
    }

    #[test]
    fn a_category_page_holds_only_that_categorys_products() {
        let c = content();
        let all = products_page(&c);
        assert_eq!(all["category"], Value::Null);
        let dialysis = c.category("dialysis").expect("dialysis");
        let page = category_page(&c, dialysis);
        assert_eq!(page["category"], "dialysis");
        let products = page["products"].as_array().expect("products");
        let expected = c
            .products
            .iter()
            .filter(|p| p.category() == "dialysis")
            .count();
        assert!(expected > 0 && expected < c.products.len());
        assert_eq!(products.len(), expected);
        assert!(products.iter().all(|p| p["category"] == "dialysis"));
    }
}
