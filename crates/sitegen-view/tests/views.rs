//! The views of the valid content fixture (and small edits of it) have the shapes of
//! docs/data-contract.md §3.

use serde_json::{json, Value};
use sitegen_content::testing::{copy_dir, edit_files, valid_content_dir};
use sitegen_content::{Content, HomeSection, PolicyKind, RegistrationType};
use sitegen_view::*;

/// A view's JSON, as it is written.
fn json(view: impl Into<Value>) -> Value {
    view.into()
}

/// The valid fixture site.
fn content() -> Content {
    sitegen_content::load(&valid_content_dir())
        .content
        .expect("valid fixture")
}

/// The valid fixture site after replacing, in each `(file, from, to)`, the first `from`
/// by `to`; it must load (warnings allowed).
fn content_edited(edits: &[(&str, &str, &str)]) -> Content {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("content");
    copy_dir(&valid_content_dir(), &copy);
    edit_files(&copy, edits);
    let report = sitegen_content::load(&copy);
    report
        .content
        .unwrap_or_else(|| panic!("{:?}", report.diagnostics))
}

#[test]
fn markup_in_a_title_stays_literal_text() {
    let c = content();
    let product = c.product(40).expect("product 40");
    let page = json(product_page(&c, product));
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
    let layout = json(layout(&c));
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
    let video = &json(home(&c))["hero"]["video"];
    assert_eq!(
        (video["width"].as_u64(), video["height"].as_u64()),
        (Some(0), Some(0))
    );
    assert!(logo.get("variants").is_none(), "{logo}");
}

/// The JSON view of the site's og:image (a raster image, so it can have variants).
fn og_image_view(c: &Content) -> Value {
    c.site
        .og_image
        .as_ref()
        .and_then(|m| serde_json::to_value(media(c, m)).ok())
        .unwrap_or_default()
}

#[test]
fn raster_media_lists_the_webp_variants_the_build_kept() {
    let mut c = content();
    let og = og_image_view(&c);
    assert!(og.get("variants").is_none(), "none before the build: {og}");

    c.media.set_variants(variants::plan);
    let og = og_image_view(&c);
    let listed = og["variants"].as_array().cloned().unwrap_or_default();
    assert!(!listed.is_empty(), "{og}");
    for variant in &listed {
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
    c.media.set_variants(|file| {
        let mut planned = variants::plan(file);
        planned.retain(|variant| file.path != og_path || variant.width == widest);
        planned
    });
    let og = og_image_view(&c);
    assert_eq!(og["variants"].as_array().map(Vec::len), Some(1), "{og}");
    assert_eq!(og["variants"][0]["width"].as_u64(), Some(u64::from(widest)));

    c.media.set_variants(|_| Vec::new());
    let og = og_image_view(&c);
    assert!(og.get("variants").is_none(), "{og}");
}

#[test]
fn service_navigation_entries_link_to_the_encoded_service_page() {
    let c = content();
    let services = &json(layout(&c))["navigation"]["items"][2]["entries"];
    assert_eq!(services[1]["to"], "/services/Emergency%20centre%20setup%20");
    assert_eq!(services[1]["service"], "Emergency centre setup ");
    assert!(services[0].get("category").is_none());
}

#[test]
fn categories_menu_expands_to_the_catalogue() {
    let c = content();
    let products = &json(layout(&c))["navigation"]["items"][1];
    assert_eq!(
        products["entries"][1],
        json!({"label": "Dialysis Products", "to": "/products", "category": "dialysis", "entries": []})
    );
}

#[test]
fn job_template_is_null_when_absent() {
    let c = content_edited(&[("site.toml", "job = \"template_job\"\n", "")]);
    assert_eq!(json(layout(&c))["email"]["templates"]["job"], Value::Null);
    assert_eq!(
        json(layout(&c))["email"]["origin"],
        "https://api.emailjs.com"
    );
}

#[test]
fn stats_keep_their_decimals() {
    let c = content();
    let items = &json(home(&c))["stats"]["items"];
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
    let page = json(product_page(&c, product));
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
    let summary = json(product_summary(&c, c.product(13).expect("product 13")));
    assert!(summary["image"]["src"]
        .as_str()
        .unwrap_or_default()
        .starts_with("/media/categories/dialysis."));
}

#[test]
fn railway_page_lists_pcmm_then_pcmd() {
    let c = content();
    let page = json(railway_page(&c));
    assert_eq!(page["types"][0]["type"], "PCMM");
    assert_eq!(page["types"][1]["type"], "PCMD");
    assert_eq!(page["types"][1]["items"][0]["image"], Value::Null);
    assert_eq!(
        json(registrations_page(&c, RegistrationType::Pcmm))["items"][0]["id"],
        "pcmm-central-railway"
    );
}

#[test]
fn policy_placeholders_are_filled() {
    let c = content();
    let privacy = json(policy(&c, PolicyKind::Privacy));
    assert_eq!(
        privacy["intro"][0],
        "At Vasai Medical Systems Pvt. Ltd., we respect your privacy."
    );
    assert!(privacy["sections"][0]["paragraphs"][0]
        .as_str()
        .unwrap_or_default()
        .contains("support@medical.test"));
    let payment = json(policy(&c, PolicyKind::Payment));
    assert_eq!(payment["updated"], Value::Null);
    assert_eq!(payment["sections"][0]["paragraphs"], json!([]));
}

#[test]
fn service_page_has_the_service_entry_shape() {
    let c = content();
    let page = json(service_page(
        &c,
        c.service("dialysis-center").expect("service"),
    ));
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
    let listing = json(services_page(&c));
    assert_eq!(listing["services"][2]["image"], Value::Null);
}

#[test]
fn about_and_timeline_are_camel_case() {
    let c = content();
    let about = json(about(&c));
    assert_eq!(about["whoWeAre"]["points"], json!([]));
    assert!(about["leaders"]["item"][0]["image"]["src"].is_string());
    let timeline = json(timeline(&c));
    assert_eq!(timeline["biography"]["sourceLabel"], "Source");
    assert_eq!(timeline["biography"]["entry"][0]["year"], 1881);
    assert_eq!(
        json(certificates_page(&c))["certificates"][1]["image"],
        Value::Null
    );
    assert_eq!(
        json(products_page(&c))["products"].as_array().map(Vec::len),
        Some(5)
    );
}

#[test]
fn a_category_page_holds_only_that_categorys_products() {
    let c = content();
    let all = json(products_page(&c));
    assert_eq!(all["category"], Value::Null);
    let dialysis = c.category("dialysis").expect("dialysis");
    let page = json(category_page(&c, dialysis));
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

#[test]
fn the_home_page_holds_the_listed_sections_in_their_order_and_nothing_else() {
    let content = content_edited(&[(
        "home.toml",
        "[hero]",
        "sections = [\"map\", \"hero\"]\n\n[hero]",
    )]);
    let page = Value::from(home_page(&content));
    assert_eq!(page["sections"], serde_json::json!(["map", "hero"]));
    let mut keys: Vec<&str> = page
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(keys, ["hero", "map", "sections"]);
    // The block routes keep every block.
    assert!(Value::from(home(&content))["testimonials"].is_object());
}

#[test]
fn without_sections_the_home_page_shows_every_section_in_the_specs_order() {
    let content = content();
    assert_eq!(content.home.sections(), HomeSection::ALL);
    let page = Value::from(home_page(&content));
    assert_eq!(
        page.as_object().map(|o| o.len()),
        Some(HomeSection::ALL.len() + 1)
    );
    assert!(page["servicesSlider"].is_object());
}

#[test]
fn drafts_are_marked_in_a_preview_and_gone_from_a_production_build() {
    let mut content = content_edited(&[
        ("products.toml", "id = 13\n", "id = 13\ndraft = true\n"),
        (
            "home.toml",
            "[[testimonials.item]]\n",
            "[[testimonials.item]]\ndraft = true\n",
        ),
    ]);
    // Previewed: marked.
    let summary = Value::from(product_summary(&content, content.product(13).expect("13")));
    assert_eq!(summary["draft"], true);
    let twelve = Value::from(product_summary(&content, content.product(12).expect("12")));
    assert!(
        twelve.get("draft").is_none(),
        "published entries carry no key"
    );
    assert_eq!(
        Value::from(home(&content))["testimonials"]["items"][0]["draft"],
        true
    );
    content.remove_drafts();
    let related =
        Value::from(product_page(&content, content.product(12).expect("12")))["related"].clone();
    assert_eq!(
        related,
        serde_json::json!([Value::from(product_summary(
            &content,
            content.product(14).expect("14")
        ))])
    );
}

#[test]
fn the_layout_file_is_named_by_the_hash_of_its_bytes() {
    let bytes = json(layout(&content())).to_string();
    let file = layout_file(&bytes);
    let hash = file
        .strip_prefix("assets/layout.")
        .and_then(|rest| rest.strip_suffix(".json"))
        .unwrap_or_else(|| panic!("{file}"));
    assert_eq!(hash.len(), 8, "{file}");
    assert!(hash.bytes().all(|b| b.is_ascii_hexdigit()), "{file}");
    assert_eq!(layout_file(&bytes), file, "the same bytes, the same name");
    // A phone number in the frame changes: every page names another file.
    let edited = json(layout(&content_edited(&[(
        "site.toml",
        "+91 00000 00001",
        "+91 00000 00009",
    )])))
    .to_string();
    assert_ne!(edited, bytes);
    assert_ne!(layout_file(&edited), file);
}

#[test]
fn a_product_page_made_from_the_products_by_category_is_the_product_page() {
    let c = content();
    let by_category = products_by_category(&c);
    for product in &c.products {
        let among = product_page_among(&c, product, &by_category[product.category()]);
        assert_eq!(
            json(among),
            json(product_page(&c, product)),
            "{}",
            product.id()
        );
    }
}

#[test]
fn same_summary_answers_whether_the_summaries_are_the_same() {
    let c = content();
    let summary = |product| serde_json::to_value(product_summary(&c, product)).unwrap();
    let first = &c.products[0];
    let other = c
        .products
        .iter()
        .find(|p| p.title != first.title && p.description != first.description)
        .expect("another product");
    let mut described = first.clone();
    described.description = other.description.clone();
    assert!(
        same_summary(first, &described),
        "the description is not shown"
    );
    assert_eq!(summary(first), summary(&described));

    let mut retitled = first.clone();
    retitled.title = other.title.clone();
    let mut drafted = first.clone();
    drafted.draft = Some(!first.is_draft());
    let mut pictured = first.clone();
    pictured.image = c.products.iter().find_map(|p| {
        p.image
            .clone()
            .filter(|image| Some(image) != first.image.as_ref())
    });
    assert_ne!(pictured.image, first.image, "the fixture has another image");
    for changed in [&retitled, &drafted, &pictured] {
        assert!(!same_summary(first, changed), "{changed:?}");
        assert_ne!(summary(first), summary(changed));
    }
}
