//! The rules of the JSON-LD a product page carries, one test each, on the valid fixture
//! with one product that names its brand, model and specifications.

use serde_json::{json, Value};
use sitegen_content::{Content, MediaRef};
use sitegen_media::share;

use crate::seo::{json_ld, script_texts};
use sitegen_routes::{self as routes, PlannedRoute};

fn planned<'a>(planned: &'a [PlannedRoute], path: &str) -> &'a PlannedRoute {
    planned
        .iter()
        .find(|route| route.path == path)
        .unwrap_or_else(|| panic!("no planned route {path}"))
}

/// The valid fixture, with product 77 naming its brand, model and specifications.
fn fixture_with_a_branded_product() -> (tempfile::TempDir, Content) {
    let dir = tempfile::tempdir().unwrap();
    sitegen_content::testing::copy_dir(&sitegen_content::testing::valid_content_dir(), dir.path());
    sitegen_content::testing::edit_files(
        dir.path(),
        &[(
            "products.toml",
            "title = \"Slit Lamp\"\n",
            "title = \"Slit Lamp\"\nbrand = \"Example Optics\"\nmodel = \"SL-900\"\n\
             specifications = [{ name = \"Weight\", value = \"12 kg\" }, { name = \"Power\", value = \"230 V\" }]\n",
        )],
    );
    let content = sitegen_content::load(dir.path())
        .content
        .expect("the edited fixture loads");
    (dir, content)
}

/// The `Product` block of product `id`'s page.
fn product_block(content: &Content, id: u32) -> Value {
    let product = content.products.iter().find(|p| p.id() == id).unwrap();
    let all = routes::plan(content);
    json_ld(content, planned(&all, &product.route()))
        .into_iter()
        .find(|block| block["@type"] == "Product")
        .expect("a product page has a Product block")
}

#[test]
fn a_product_names_itself_its_category_its_id_and_its_page_and_offers_no_price() {
    let (_dir, content) = fixture_with_a_branded_product();
    let base = content.site.base_url().trim_end_matches('/').to_string();
    let block = product_block(&content, 13);
    assert_eq!(block["@context"], "https://schema.org");
    assert_eq!(block["name"], "Dialyser Reprocessing Unit");
    assert_eq!(block["description"], "Placeholder description.");
    let category = content.category("dialysis").unwrap().name().to_string();
    assert_eq!(
        block["category"],
        format!("{category} > Dialysis Equipments")
    );
    assert_eq!(block["sku"], "13");
    assert_eq!(
        block["url"],
        format!("{base}/products/13/dialyser-reprocessing-unit")
    );
    // The catalogue has no prices.
    assert!(block.get("offers").is_none());
}

#[test]
fn a_product_s_image_is_its_own_else_its_category_s() {
    let (_dir, content) = fixture_with_a_branded_product();
    let base = content.site.base_url().trim_end_matches('/').to_string();
    let own = content.products.iter().find(|p| p.id() == 12).unwrap();
    let own_image = own.image.as_ref().expect("product 12 has its own image");
    let without = content.products.iter().find(|p| p.id() == 13).unwrap();
    assert!(without.image.is_none());
    let category_image = &content.category(without.category()).unwrap().image;
    let published = |image: &MediaRef| {
        let output =
            share::share_jpeg(image).map_or_else(|| image.output.clone(), |file| file.output);
        format!("{base}/{output}")
    };
    assert_eq!(
        product_block(&content, 12)["image"],
        published(own_image).as_str()
    );
    assert_eq!(
        product_block(&content, 13)["image"],
        published(category_image).as_str()
    );
    assert_ne!(published(own_image), published(category_image));
}

#[test]
fn brand_model_and_specifications_are_named_only_when_the_product_has_them() {
    let (_dir, content) = fixture_with_a_branded_product();
    let branded = product_block(&content, 77);
    assert_eq!(
        branded["brand"],
        json!({ "@type": "Brand", "name": "Example Optics" })
    );
    assert_eq!(branded["model"], "SL-900");
    assert_eq!(
        branded["additionalProperty"],
        json!([
            { "@type": "PropertyValue", "name": "Weight", "value": "12 kg" },
            { "@type": "PropertyValue", "name": "Power", "value": "230 V" },
        ])
    );
    let plain = product_block(&content, 13);
    for key in ["brand", "model", "additionalProperty"] {
        assert!(plain.get(key).is_none(), "{key}");
    }
}

#[test]
fn a_product_title_cannot_close_the_script_element_it_is_written_in() {
    let (_dir, content) = fixture_with_a_branded_product();
    let block = product_block(&content, 40);
    assert_eq!(
        block["name"],
        "Digital X-Ray (DR) <script>alert(1)</script>"
    );
    let [text] = &script_texts(&[block])[..] else {
        panic!("one block, one text")
    };
    assert!(!text.contains("</script>") && !text.contains('<'));
    let back: Value = serde_json::from_str(text).unwrap();
    assert_eq!(back["name"], "Digital X-Ray (DR) <script>alert(1)</script>");
}

#[test]
fn only_the_home_page_names_the_business_and_only_product_pages_a_product() {
    let (_dir, content) = fixture_with_a_branded_product();
    let all = routes::plan(&content);
    let types = |path: &str| -> Vec<Value> {
        json_ld(&content, planned(&all, path))
            .into_iter()
            .map(|block| block["@type"].clone())
            .collect()
    };
    assert_eq!(types("/"), [json!("MedicalBusiness")]);
    assert_eq!(
        types("/products/77/slit-lamp"),
        [json!("Product"), json!("BreadcrumbList")]
    );
    assert_eq!(types("/products"), [json!("BreadcrumbList")]);
}
