//! Structured data for search engines: the JSON-LD blocks of each page's head, built
//! from the content (schema.org `MedicalBusiness` on the home page, `Product` on
//! product pages, `BreadcrumbList` wherever the page has a breadcrumb trail), and the
//! image each page shows when it is shared (Open Graph and X cards).

use serde::Serialize;
use serde_json::{json, Map, Value};
use sitegen_content::routes::{CATEGORY, SERVICE};
use sitegen_content::{Content, MediaRef, Product};

use crate::routes::{encode_path, PlannedRoute};
use crate::shell::escape_json_for_script;

/// The JSON-LD objects of `route`, in the order they appear in the head.
pub fn json_ld(content: &Content, route: &PlannedRoute) -> Vec<Value> {
    let mut blocks = Vec::new();
    if route.path == "/" {
        blocks.push(organisation(content));
    }
    if let Some(product) = route.product.and_then(|index| content.products.get(index)) {
        blocks.push(product_ld(content, product, route));
    }
    if !route.breadcrumb.is_empty() {
        blocks.push(breadcrumb_list(content.site.base_url(), &route.breadcrumb));
    }
    blocks
}

/// The blocks as the text of `<script type="application/ld+json">` elements: `<`
/// escaped so no value can close the element.
pub fn script_texts(blocks: &[Value]) -> Vec<String> {
    blocks
        .iter()
        .map(|block| escape_json_for_script(&block.to_string()))
        .collect()
}

/// The image a shared page shows (`og:image`, `twitter:image`), with its size.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ShareImage {
    /// Absolute, from the site's base URL.
    pub url: String,
    pub width: u32,
    pub height: u32,
}

/// What `route` shows when shared: the page's own image (a product's, else its
/// category's; a category's; a service's) when it is one the sharing sites display,
/// else the site's default ([`default_share_image`]).
pub fn share_image(content: &Content, route: &PlannedRoute) -> Option<ShareImage> {
    let page_image =
        if let Some(product) = route.product.and_then(|index| content.products.get(index)) {
            content.product_image(product)
        } else if let Some(id) = route.path.strip_prefix(CATEGORY.prefix()) {
            content.category(id).map(|category| &category.image)
        } else if let Some(id) = route.path.strip_prefix(SERVICE.prefix()) {
            content
                .service(id)
                .and_then(|service| service.image.as_ref())
        } else {
            None
        };
    match page_image.filter(|image| is_shareable(image)) {
        Some(image) => Some(share_image_of(content, image)),
        None => default_share_image(content),
    }
}

/// The site's own share image (`site.toml`'s `og_image`), for pages without one.
pub fn default_share_image(content: &Content) -> Option<ShareImage> {
    content
        .site
        .og_image
        .as_ref()
        .map(|image| share_image_of(content, image))
}

/// Facebook, X, LinkedIn and the chat apps draw JPEG, PNG, GIF and WebP previews, not
/// SVG: a page whose image is an SVG drawing is shared with the site's default image.
fn is_shareable(image: &MediaRef) -> bool {
    let extension = image
        .output
        .rsplit_once('.')
        .map(|(_, ext)| ext.to_ascii_lowercase());
    matches!(
        extension.as_deref(),
        Some("jpg" | "jpeg" | "png" | "gif" | "webp")
    ) && image.width > 0
        && image.height > 0
}

fn share_image_of(content: &Content, image: &MediaRef) -> ShareImage {
    ShareImage {
        url: absolute(content.site.base_url(), &image.src()),
        width: image.width,
        height: image.height,
    }
}

/// The absolute URL of a decoded path, which may carry a query (`/products?x=y`).
fn absolute(base_url: &str, path: &str) -> String {
    let (path, query) = match path.split_once('?') {
        Some((path, query)) => (path, format!("?{query}")),
        None => (path, String::new()),
    };
    format!(
        "{}{}{query}",
        base_url.trim_end_matches('/'),
        encode_path(path)
    )
}

/// The company as a schema.org `MedicalBusiness`.
fn organisation(content: &Content) -> Value {
    let site = &content.site;
    let contact = &site.contact;
    let base = site.base_url();
    let mut phones: Vec<String> = Vec::new();
    for phone in contact
        .phones
        .value
        .iter()
        .chain(&contact.top_bar_phones.value)
    {
        let phone = phone.as_str().to_string();
        if !phones.contains(&phone) {
            phones.push(phone);
        }
    }
    let same_as: Vec<&str> = site
        .social
        .iter()
        .flatten()
        // A chat link is not a profile.
        .filter(|social| social.kind.as_str() != "whatsapp")
        .map(|social| social.url.as_str())
        .filter(|url| url.starts_with("https://") || url.starts_with("http://"))
        .collect();
    let mut org = Map::new();
    org.insert("@context".into(), json!("https://schema.org"));
    org.insert("@type".into(), json!("MedicalBusiness"));
    org.insert(
        "@id".into(),
        json!(format!("{}/#organization", base.trim_end_matches('/'))),
    );
    org.insert("name".into(), json!(site.name()));
    org.insert("alternateName".into(), json!(site.short_name()));
    org.insert("description".into(), json!(site.description()));
    org.insert("url".into(), json!(absolute(base, "/")));
    org.insert(
        "logo".into(),
        json!(absolute(base, &format!("/{}", site.logo_output()))),
    );
    if let Some(image) = site.og_image_output() {
        org.insert("image".into(), json!(absolute(base, &format!("/{image}"))));
    }
    org.insert("foundingDate".into(), json!(site.founded.to_string()));
    org.insert(
        "address".into(),
        json!({ "@type": "PostalAddress", "streetAddress": contact.address.to_string(), "addressCountry": "IN" }),
    );
    org.insert(
        "telephone".into(),
        json!(phones.first().cloned().unwrap_or_default()),
    );
    org.insert(
        "contactPoint".into(),
        Value::Array(
            phones
                .iter()
                .map(|phone| json!({ "@type": "ContactPoint", "telephone": phone, "contactType": "customer service" }))
                .collect(),
        ),
    );
    org.insert("email".into(), json!(contact.top_bar_email.as_str()));
    org.insert(
        "openingHours".into(),
        json!(opening_hours(&contact.hours).unwrap_or_else(|| contact.hours.to_string())),
    );
    org.insert("hasMap".into(), json!(contact.maps_url.as_str()));
    if !same_as.is_empty() {
        org.insert("sameAs".into(), json!(same_as));
    }
    Value::Object(org)
}

/// A product page's `Product`. No offers or brand: the catalogue has no prices and
/// the products are other makers' (an invented brand would be false).
fn product_ld(content: &Content, product: &Product, route: &PlannedRoute) -> Value {
    let base = content.site.base_url();
    let mut ld = Map::new();
    ld.insert("@context".into(), json!("https://schema.org"));
    ld.insert("@type".into(), json!("Product"));
    ld.insert("name".into(), json!(product.title()));
    ld.insert("description".into(), json!(product.description()));
    if let Some(image) = content.product_image(product) {
        ld.insert("image".into(), json!(absolute(base, &image.src())));
    }
    let category = content
        .category(product.category())
        .map_or(product.category(), |c| c.name());
    ld.insert(
        "category".into(),
        json!(format!("{category} > {}", product.subcategory())),
    );
    ld.insert("sku".into(), json!(product.id().to_string()));
    ld.insert("url".into(), json!(absolute(base, &route.path)));
    Value::Object(ld)
}

fn breadcrumb_list(base_url: &str, trail: &[(String, String)]) -> Value {
    json!({
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": trail.iter().enumerate().map(|(index, (name, path))| json!({
            "@type": "ListItem",
            "position": index + 1,
            "name": name,
            "item": absolute(base_url, path),
        })).collect::<Vec<_>>(),
    })
}

/// schema.org `openingHours` ("Mo-Sa 10:00-18:30") from the site's text, e.g.
/// "Mon - Saturday: 10.00 AM - 06.30 PM"; `None` when the text has another shape.
pub fn opening_hours(text: &str) -> Option<String> {
    const DAYS: [(&str, &str); 7] = [
        ("mon", "Mo"),
        ("tue", "Tu"),
        ("wed", "We"),
        ("thu", "Th"),
        ("fri", "Fr"),
        ("sat", "Sa"),
        ("sun", "Su"),
    ];
    let (days, hours) = text.split_once(':')?;
    let day = |word: &str| {
        let word = word.trim().to_ascii_lowercase();
        DAYS.iter()
            .find(|(prefix, _)| word.starts_with(prefix))
            .map(|(_, code)| *code)
    };
    let days = match days.split_once('-') {
        Some((from, to)) => format!("{}-{}", day(from)?, day(to)?),
        None => day(days)?.to_string(),
    };
    let time = |text: &str| -> Option<String> {
        let text = text.trim().to_ascii_uppercase();
        let (clock, pm) = if let Some(clock) = text.strip_suffix("PM") {
            (clock.trim(), true)
        } else if let Some(clock) = text.strip_suffix("AM") {
            (clock.trim(), false)
        } else {
            (text.as_str(), false)
        };
        let (h, m) = clock.split_once(['.', ':']).unwrap_or((clock, "0"));
        let (mut h, m): (u32, u32) = (h.trim().parse().ok()?, m.trim().parse().ok()?);
        if pm && h < 12 {
            h += 12;
        }
        (h < 24 && m < 60).then(|| format!("{h:02}:{m:02}"))
    };
    let (open, close) = hours.split_once('-')?;
    Some(format!("{days} {}-{}", time(open)?, time(close)?))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::routes;

    fn real_content() -> Content {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content");
        sitegen_content::load(&dir)
            .content
            .expect("the real content loads")
    }

    fn raster(output: &str, width: u32, height: u32) -> MediaRef {
        MediaRef {
            path: output.replace(".1a2b3c4d", ""),
            output: output.into(),
            width,
            height,
        }
    }

    fn planned<'a>(planned: &'a [PlannedRoute], path: &str) -> &'a PlannedRoute {
        planned
            .iter()
            .find(|route| route.path == path)
            .unwrap_or_else(|| panic!("no planned route {path}"))
    }

    #[test]
    fn pages_are_shared_with_their_own_raster_image_and_its_size() {
        let mut content = real_content();
        let base = content.site.base_url().trim_end_matches('/').to_string();
        // A product with its own photo; the others of its category use the category's.
        content.products[0].image = Some(raster("media/products/one.1a2b3c4d.jpg", 800, 600));
        let category = content.products[0].category().to_string();
        let category_index = content
            .categories
            .iter()
            .position(|c| c.id() == category)
            .unwrap();
        content.categories[category_index].image =
            raster("media/categories/cat.1a2b3c4d.png", 1200, 630);
        content.services[0].image = Some(raster("media/services/svc.1a2b3c4d.webp", 640, 480));
        let sibling = content
            .products
            .iter()
            .skip(1)
            .position(|p| p.category() == category && p.image.is_none())
            .map(|position| position + 1)
            .expect("another product of the category without its own image");
        let all = routes::plan(&content);
        let image_of = |path: &str| share_image(&content, planned(&all, path)).unwrap();

        assert_eq!(
            image_of(&content.products[0].route()),
            ShareImage {
                url: format!("{base}/media/products/one.1a2b3c4d.jpg"),
                width: 800,
                height: 600
            }
        );
        let category_image = ShareImage {
            url: format!("{base}/media/categories/cat.1a2b3c4d.png"),
            width: 1200,
            height: 630,
        };
        assert_eq!(image_of(&content.products[sibling].route()), category_image);
        assert_eq!(
            image_of(&sitegen_content::category_path(&category)),
            category_image
        );
        let service_path = format!("/services/{}", content.services[0].id());
        assert_eq!(
            image_of(&service_path),
            ShareImage {
                url: format!("{base}/media/services/svc.1a2b3c4d.webp"),
                width: 640,
                height: 480
            }
        );
    }

    #[test]
    fn svg_images_and_pages_without_one_are_shared_with_the_site_default() {
        let content = real_content();
        let default = default_share_image(&content).expect("site.toml names an og_image");
        assert!(default
            .url
            .starts_with(content.site.base_url().trim_end_matches('/')));
        assert!(default.url.ends_with(".png"), "{default:?}");
        assert!(default.width > 0 && default.height > 0);
        // The real catalogue's illustrations are SVG drawings, which sharing sites do not show.
        let product = &content.products[0];
        assert!(content
            .product_image(product)
            .unwrap()
            .output
            .ends_with(".svg"));
        let all = routes::plan(&content);
        for path in [
            product.route(),
            sitegen_content::category_path(product.category()),
            format!("/services/{}", content.services[0].id()),
            "/".to_string(),
            "/aboutUs".to_string(),
        ] {
            assert_eq!(
                share_image(&content, planned(&all, &path)),
                Some(default.clone()),
                "{path}"
            );
        }
    }

    #[test]
    fn opening_hours_follow_schema_org() {
        assert_eq!(
            opening_hours("Mon - Saturday: 10.00 AM - 06.30 PM").as_deref(),
            Some("Mo-Sa 10:00-18:30")
        );
        assert_eq!(opening_hours("by appointment"), None);
    }

    #[test]
    fn json_ld_cannot_close_its_script_element() {
        let texts = script_texts(&[json!({ "name": "</script><b>" })]);
        assert!(!texts[0].contains('<'));
        let back: Value = serde_json::from_str(&texts[0]).unwrap();
        assert_eq!(back["name"], "</script><b>");
    }

    #[test]
    fn breadcrumbs_number_their_items_from_one_with_absolute_urls() {
        let list = breadcrumb_list(
            "https://e.com",
            &[
                ("Home".into(), "/".into()),
                ("Services".into(), "/services".into()),
                ("Dental".into(), "/services/Dental centre setup".into()),
            ],
        );
        assert_eq!(list["itemListElement"][0]["position"], 1);
        assert_eq!(
            list["itemListElement"][2]["item"],
            "https://e.com/services/Dental%20centre%20setup"
        );
    }
}
