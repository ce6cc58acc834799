//! Structured data for search engines: the JSON-LD blocks of each page's head, built
//! from the content (schema.org `MedicalBusiness` on the home page, `Product` on
//! product pages, `BreadcrumbList` wherever the page has a breadcrumb trail).

use serde_json::{json, Map, Value};
use sitegen_content::{Content, Product};

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
    use super::*;

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
