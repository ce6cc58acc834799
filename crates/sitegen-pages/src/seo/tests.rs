/// Each rule of a product's JSON-LD.
mod json_ld;

use std::path::Path;

use super::*;
use sitegen_routes as routes;

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
fn pages_are_shared_with_a_small_jpeg_of_their_own_photo_or_their_own_webp() {
    let mut content = real_content();
    let base = content.site.base_url().trim_end_matches('/').to_string();
    // A product with its own photo; the others of its category use the category's.
    let photo = raster("media/products/one.1a2b3c4d.jpg", 800, 600);
    content.products[0].image = Some(photo.clone());
    let category = content.products[0].category().to_string();
    let category_index = content
        .categories
        .iter()
        .position(|c| c.id() == category)
        .unwrap();
    let category_photo = raster("media/categories/cat.1a2b3c4d.png", 1200, 630);
    content.categories[category_index].image = category_photo.clone();
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

    let jpeg = share::share_jpeg(&photo).unwrap();
    assert!(jpeg.output.ends_with(".jpg") && jpeg.output != photo.output);
    assert_eq!(
        image_of(&content.products[0].route()),
        ShareImage {
            url: format!("{base}/{}", jpeg.output),
            width: 800,
            height: 600,
            mime_type: "image/jpeg",
            alt: content.products[0].title().to_string(),
        }
    );
    let category_jpeg = share::share_jpeg(&category_photo).unwrap();
    let category_image = |alt: &str| ShareImage {
        url: format!("{base}/{}", category_jpeg.output),
        width: 1200,
        height: 630,
        mime_type: "image/jpeg",
        alt: alt.to_string(),
    };
    let sibling = &content.products[sibling];
    assert_eq!(
        image_of(&sibling.route()),
        category_image(sibling.title()),
        "a product page's image is described by the product's name, as on the page"
    );
    assert_eq!(
        image_of(&sitegen_content::category_path(&category)),
        category_image(content.categories[category_index].name())
    );
    let service_path = format!("/services/{}", content.services[0].id());
    assert_eq!(
        image_of(&service_path),
        ShareImage {
            url: format!("{base}/media/services/svc.1a2b3c4d.webp"),
            width: 640,
            height: 480,
            mime_type: "image/webp",
            alt: content.services[0].title().to_string(),
        }
    );
}

#[test]
fn with_a_media_origin_the_share_image_and_the_json_ld_name_the_media_there() {
    let mut content = real_content();
    let origin = "https://media.example.com/site";
    content.media.set_origin(Some(origin.to_string()));
    let photo = raster("media/products/one.1a2b3c4d.jpg", 800, 600);
    content.products[0].image = Some(photo.clone());
    let all = routes::plan(&content);
    let route = planned(&all, &content.products[0].route());
    let jpeg = share::share_jpeg(&photo).unwrap();
    let expected = format!("{origin}/{}", jpeg.output);
    assert_eq!(share_image(&content, route).unwrap().url, expected);
    let product = json_ld(&content, route)
        .into_iter()
        .find(|block| block["@type"] == "Product")
        .unwrap();
    assert_eq!(product["image"], expected.as_str());
    let home = json_ld(&content, planned(&all, "/"));
    assert_eq!(
        home[0]["logo"],
        format!("{origin}/{}", content.site.logo_output()).as_str()
    );
    // The page itself stays on the site.
    assert!(product["url"]
        .as_str()
        .unwrap()
        .starts_with(content.site.base_url()));
}

/// The head of `route`'s page as the page template writes it.
fn page_head(content: &Content, route: &PlannedRoute) -> String {
    let templates = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../templates");
    crate::shell::Shells::load(&templates)
        .unwrap()
        .page(&crate::shell::PageShell {
            lang: "en",
            title: &route.title,
            description: &route.description,
            canonical: &route.canonical(content.site.base_url()),
            og_image: share_image(content, route).as_ref(),
            site_name: content.site.name(),
            noindex: false,
            assets: &sitegen_webapp::HeadAssets {
                entry_script: "/assets/e.js".into(),
                stylesheets: Vec::new(),
                modulepreloads: Vec::new(),
            },
            layout_url: "/assets/layout.1a2b3c4d.json",
            body: "",
            data_json: "{}".into(),
            json_ld: Vec::new(),
        })
        .unwrap()
}

/// The share meta tags of a page shared with `url` at `width`×`height`.
fn share_tags(url: &str, (width, height): (u32, u32), alt: &str) -> [String; 7] {
    [
        format!(r#"<meta property="og:image" content="{url}">"#),
        format!(r#"<meta property="og:image:width" content="{width}">"#),
        format!(r#"<meta property="og:image:height" content="{height}">"#),
        r#"<meta property="og:image:type" content="image/png">"#.to_string(),
        format!(r#"<meta property="og:image:alt" content="{alt}">"#),
        format!(r#"<meta name="twitter:image" content="{url}">"#),
        format!(r#"<meta name="twitter:image:alt" content="{alt}">"#),
    ]
}

#[test]
fn svg_drawings_are_shared_as_the_png_drawn_from_them_with_its_size() {
    let mut content = real_content();
    let base = content.site.base_url().trim_end_matches('/').to_string();
    // The real catalogue's illustrations are SVG drawings; one product gets a
    // drawing of its own.
    content.products[0].image = Some(MediaRef {
        path: "media/products/one.svg".into(),
        output: "media/products/one.1a2b3c4d.svg".into(),
        width: 640,
        height: 480,
    });
    let own = &content.products[0];
    let sibling = content
        .products
        .iter()
        .find(|p| p.category() == own.category() && p.image.is_none())
        .expect("another product of the category without its own image");
    let category = content.category(own.category()).unwrap();
    let service = &content.services[0];
    let service_image = service.image.as_ref().expect("the service has an image");
    assert!(category.image.output.ends_with(".svg") && service_image.output.ends_with(".svg"));
    let all = routes::plan(&content);

    let pages = [
        (
            own.route(),
            content.products[0].image.as_ref().unwrap(),
            own.title(),
        ),
        (sibling.route(), &category.image, sibling.title()),
        (
            sitegen_content::category_path(category.id()),
            &category.image,
            category.name(),
        ),
        (
            format!("/services/{}", service.id()),
            service_image,
            service.title(),
        ),
    ];
    for (path, drawing, alt) in pages {
        let route = planned(&all, &path);
        let png = share::share_png(drawing).unwrap();
        assert!(png.output.ends_with(".png"), "{png:?}");
        let shared = share_image(&content, route).unwrap();
        assert_eq!(
            shared,
            ShareImage {
                url: format!("{base}/{}", png.output),
                width: png.width,
                height: png.height,
                mime_type: "image/png",
                alt: alt.to_string(),
            },
            "{path}"
        );
        assert_eq!(
            (png.width, png.height),
            (1200, 900),
            "{path}: 640×480 drawn at 1200 px"
        );
        let head = page_head(&content, route);
        for tag in share_tags(&shared.url, (1200, 900), &alt.replace('&', "&amp;")) {
            assert!(head.contains(&tag), "{path}: {tag} missing in {head}");
        }
        assert!(
            !head.contains(&drawing.output),
            "{path}: the drawing itself is not shared"
        );
    }
    let shared: Vec<&str> = shared_images(&content)
        .iter()
        .map(|image| image.path.as_str())
        .collect();
    assert!(shared.contains(&"media/products/one.svg"));
    assert!(shared.contains(&category.image.path.as_str()));
    assert!(shared.contains(&service_image.path.as_str()));
    assert!(
        !shared.iter().any(|path| path.starts_with("media/brand/")),
        "{shared:?}"
    );
}

#[test]
fn pages_without_an_image_are_shared_with_the_site_default() {
    let content = real_content();
    let default = default_share_image(&content).expect("site.toml names an og_image");
    assert!(default
        .url
        .starts_with(content.site.base_url().trim_end_matches('/')));
    assert!(default.url.ends_with(".png"), "{default:?}");
    assert!(default.width > 0 && default.height > 0);
    assert_eq!(default.alt, content.site.name());
    let all = routes::plan(&content);
    for path in ["/", "/aboutUs", "/products", "/contact"] {
        let route = planned(&all, path);
        assert_eq!(
            share_image(&content, route),
            Some(default.clone()),
            "{path}"
        );
        let head = page_head(&content, route);
        let tags = share_tags(&default.url, (default.width, default.height), &default.alt);
        for tag in tags {
            assert!(head.contains(&tag), "{path}: {tag} missing");
        }
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

#[test]
fn the_drawings_shared_are_the_pages_own_illustrations() {
    let content = sitegen_content::load(&sitegen_content::testing::valid_content_dir())
        .content
        .expect("the fixture loads");
    let shared: Vec<&str> = shared_images(&content)
        .iter()
        .map(|image| image.path.as_str())
        .collect();
    // The product's own image, the categories' illustrations (their pages, and the
    // products without an image of their own) and the services' images.
    assert_eq!(shared, sitegen_content::testing::VALID_SHARED_DRAWINGS);
}

#[test]
fn the_images_shared_from_the_content_are_those_of_the_planned_pages() {
    let content = sitegen_content::load(&sitegen_content::testing::valid_content_dir())
        .content
        .expect("the fixture loads");
    let planned: std::collections::BTreeSet<&str> = routes::plan(&content)
        .iter()
        .filter_map(|route| page_image(&content, route))
        .filter(|page| share::share_file(page.image).is_some())
        .map(|page| page.image.path.as_str())
        .collect();
    let from_content: Vec<&str> = shared_images(&content)
        .iter()
        .map(|image| image.path.as_str())
        .collect();
    assert!(!planned.is_empty());
    assert_eq!(from_content, planned.into_iter().collect::<Vec<_>>());
}
