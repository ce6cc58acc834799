//! Structured data for search engines: the JSON-LD blocks of each page's head, built
//! from the content (schema.org `MedicalBusiness` on the home page, `Product` on
//! product pages, `BreadcrumbList` wherever the page has a breadcrumb trail), and the
//! image each page shows when it is shared (Open Graph and X cards), which for an SVG
//! drawing is a PNG drawn from it ([`share`]).

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{json, Map, Value};
use sitegen_content::routes::{CATEGORY, SERVICE};
use sitegen_content::{Category, Content, MediaRef, Product, ServiceEntry};
use sitegen_media::share;
use sitegen_routes::{encode_path, PlannedRoute};

use crate::script_json::escape_json_for_script;

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

/// The image a shared page shows (`og:image`, `twitter:image`), with its size and
/// the words that describe it (`og:image:alt`, `twitter:image:alt`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ShareImage {
    /// Absolute, from the site's base URL.
    pub url: String,
    pub width: u32,
    pub height: u32,
    /// Its media type (`og:image:type`), e.g. `image/jpeg`.
    pub mime_type: &'static str,
    /// What the image shows: the name of the product, category or service it pictures
    /// (as the page's own `<img>` says), or the site's name for its default image.
    pub alt: String,
}

/// The image a page is about, with its alt text.
struct PageImage<'a> {
    image: &'a MediaRef,
    alt: &'a str,
}

/// The entry a page is about, whose image the page shows when shared.
enum Subject<'a> {
    Product(&'a Product),
    Category(&'a Category),
    Service(&'a ServiceEntry),
}

/// The entry `route`'s page is about: a product page's product, a category's first
/// listing page's category, a service page's service.
fn subject<'a>(content: &'a Content, route: &PlannedRoute) -> Option<Subject<'a>> {
    if let Some(product) = route.product.and_then(|index| content.products.get(index)) {
        return Some(Subject::Product(product));
    }
    if let Some(id) = route.path.strip_prefix(CATEGORY.prefix()) {
        return content.category(id).map(Subject::Category);
    }
    let id = route.path.strip_prefix(SERVICE.prefix())?;
    content.service(id).map(Subject::Service)
}

/// A subject's own image: a product's (else its category's), a category's, a
/// service's.
fn subject_image<'a>(content: &'a Content, subject: Subject<'a>) -> Option<PageImage<'a>> {
    match subject {
        Subject::Product(product) => content.product_image(product).map(|image| PageImage {
            image,
            alt: product.title(),
        }),
        Subject::Category(category) => Some(PageImage {
            image: &category.image,
            alt: category.name(),
        }),
        Subject::Service(service) => service.image.as_ref().map(|image| PageImage {
            image,
            alt: service.title(),
        }),
    }
}

/// `route`'s own image ([`subject_image`] of its [`subject`]).
fn page_image<'a>(content: &'a Content, route: &PlannedRoute) -> Option<PageImage<'a>> {
    subject_image(content, subject(content, route)?)
}

/// What `route` shows when shared: the page's own image ([`page_image`]) as the file
/// made to share it (a PNG of an SVG drawing, a small JPEG of a photo: see [`share`]),
/// or as it is when sharing sites display it (GIF, WebP), else the site's default
/// ([`default_share_image`]).
pub fn share_image(content: &Content, route: &PlannedRoute) -> Option<ShareImage> {
    let Some(PageImage { image, alt }) = page_image(content, route) else {
        return default_share_image(content);
    };
    if let Some(file) = share::share_file(image) {
        return Some(ShareImage {
            url: media_absolute(content, &file.output),
            width: file.width,
            height: file.height,
            mime_type: file.mime_type(),
            alt: alt.to_string(),
        });
    }
    if is_shareable(image) {
        return Some(share_image_of(content, image, alt));
    }
    default_share_image(content)
}

/// The images pages are shared with that get a file made to share them
/// ([`share::share_file`]), each once, in content path order: the ones
/// [`share::write_share_files`] makes. Every product, category and service has a page
/// (the route table's product, category and service routes), so they are found from
/// the content alone: the editor's check of a save needs no plan of 10,000 pages.
pub fn shared_images(content: &Content) -> Vec<&MediaRef> {
    let subjects = (content.products.iter().map(Subject::Product))
        .chain(content.categories.iter().map(Subject::Category))
        .chain(content.services.iter().map(Subject::Service));
    let images: BTreeMap<&str, &MediaRef> = subjects
        .filter_map(|subject| subject_image(content, subject))
        .map(|page| (page.image.path.as_str(), page.image))
        .collect();
    // Whether an image has a share file is asked once an image, not once a page: its
    // name is a hash (thousands of product pages show a few dozen drawings).
    images
        .into_values()
        .filter(|image| share::share_file(image).is_some())
        .collect()
}

/// The site's own share image (`site.toml`'s `og_image`), for pages without one.
pub fn default_share_image(content: &Content) -> Option<ShareImage> {
    content
        .site
        .og_image
        .as_ref()
        .map(|image| share_image_of(content, image, content.site.name()))
}

/// Facebook, X, LinkedIn and the chat apps draw JPEG, PNG, GIF and WebP previews, not
/// SVG (an SVG drawing is shared as a PNG drawn from it).
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

fn share_image_of(content: &Content, image: &MediaRef, alt: &str) -> ShareImage {
    let extension = image
        .output
        .rsplit_once('.')
        .map(|(_, ext)| ext.to_ascii_lowercase());
    ShareImage {
        url: media_absolute(content, &image.output),
        width: image.width,
        height: image.height,
        mime_type: match extension.as_deref() {
            Some("png") => "image/png",
            Some("gif") => "image/gif",
            Some("webp") => "image/webp",
            _ => "image/jpeg",
        },
        alt: alt.to_string(),
    }
}

/// The absolute URL of a decoded path, which may carry a query (`/products?x=y`).
fn absolute(base_url: &str, path: &str) -> String {
    let (path, query) = match path.split_once('?') {
        Some((path, query)) => (path, format!("?{query}")),
        None => (path, String::new()),
    };
    sitegen_content::absolute_url(base_url, &format!("{}{query}", encode_path(path)))
}

/// The absolute URL of the media file at `output` (its path inside the output): on
/// the media origin when the media live on their own, else on the site.
fn media_absolute(content: &Content, output: &str) -> String {
    let origin = content.media.origin().unwrap_or(content.site.base_url());
    absolute(origin, &sitegen_content::media_url(None, output))
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
        json!(sitegen_content::absolute_url(base, "/#organization")),
    );
    org.insert("name".into(), json!(site.name()));
    org.insert("alternateName".into(), json!(site.short_name()));
    org.insert("description".into(), json!(site.description()));
    org.insert("url".into(), json!(absolute(base, "/")));
    org.insert(
        "logo".into(),
        json!(media_absolute(content, site.logo_output())),
    );
    if let Some(image) = site.og_image_output() {
        org.insert("image".into(), json!(media_absolute(content, image)));
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

/// A product page's `Product`. No offers: the catalogue has no prices. The brand,
/// model and specifications (`additionalProperty`) only when the content names them.
fn product_ld(content: &Content, product: &Product, route: &PlannedRoute) -> Value {
    let base = content.site.base_url();
    let mut ld = Map::new();
    ld.insert("@context".into(), json!("https://schema.org"));
    ld.insert("@type".into(), json!("Product"));
    ld.insert("name".into(), json!(product.title()));
    ld.insert("description".into(), json!(product.description()));
    if let Some(image) = content.product_image(product) {
        // A photo's original is not published: its share JPEG is the product's picture.
        let output =
            share::share_jpeg(image).map_or_else(|| image.output.clone(), |file| file.output);
        ld.insert("image".into(), json!(media_absolute(content, &output)));
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
    if let Some(brand) = &product.brand {
        ld.insert(
            "brand".into(),
            json!({ "@type": "Brand", "name": brand.as_str() }),
        );
    }
    if let Some(model) = &product.model {
        ld.insert("model".into(), json!(model.as_str()));
    }
    let properties: Vec<Value> = product
        .specifications()
        .iter()
        .map(|spec| {
            json!({ "@type": "PropertyValue", "name": spec.name.value.as_str(), "value": spec.value.as_str() })
        })
        .collect();
    if !properties.is_empty() {
        ld.insert("additionalProperty".into(), json!(properties));
    }
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
mod tests;
