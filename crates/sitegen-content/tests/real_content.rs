//! The real `content/` against the counts the site promises (250 products in 16 categories, …).

use std::path::Path;

use sitegen_content::{load, Content, RegistrationType};

fn real_content() -> Content {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content");
    let report = load(&dir);
    assert_eq!(report.errors(), 0, "{:#?}", report.diagnostics);
    report.content.expect("the real content loads")
}

#[test]
fn the_catalogue_has_16_categories_and_about_250_products_with_ids_1_to_258() {
    let content = real_content();
    assert_eq!(content.categories.len(), 16);
    let count = content.products.len();
    assert!((240..=258).contains(&count), "{count} products");
    let ids: Vec<u32> = content.products.iter().map(|p| p.id()).collect();
    assert_eq!(ids.iter().min(), Some(&1));
    assert_eq!(ids.iter().max(), Some(&258));
    assert!(count < 258, "ids have gaps");
}

#[test]
fn there_are_11_certificates_and_3_pcmm_and_8_pcmd_registrations() {
    let content = real_content();
    assert_eq!(content.certificates.len(), 11);
    assert_eq!(content.registrations_of(RegistrationType::Pcmm).count(), 3);
    assert_eq!(content.registrations_of(RegistrationType::Pcmd).count(), 8);
}

#[test]
fn there_are_17_service_entries_with_10_bullets_and_the_spec_gallery_counts() {
    let content = real_content();
    assert_eq!(content.services.len(), 17);
    for service in &content.services {
        assert_eq!(service.services_list.len(), 10, "{}", service.id());
    }
    let galleries = [
        ("dialysis-center", 7),
        ("Radiology-center", 13),
        ("Ophthalmic-Products-center", 8),
        ("mot-center", 6),
        ("icu-center", 8),
        ("cardiology-center", 7),
        ("neurology-center", 6),
        ("urology-center", 3),
        ("oncology-center", 3),
        ("gynecology-center", 3),
        ("orthopedic-center", 3),
    ];
    for (id, images) in galleries {
        let service = content
            .service(id)
            .unwrap_or_else(|| panic!("no service {id:?}"));
        assert!(service.has_gallery, "{id}");
        assert_eq!(*service.gallery_count, images, "{id}");
    }
    assert!(
        content.service("Emergency centre setup ").is_some(),
        "trailing space kept"
    );
    assert!(content.service("Dental centre setup").is_some());
}

#[test]
fn home_has_18_service_cards_3_testimonials_and_about_has_3_directors() {
    let content = real_content();
    assert_eq!(content.home.services_slider.card.len(), 18);
    assert_eq!(content.home.testimonials.item.len(), 3);
    assert_eq!(content.about.leaders.item.len(), 3);
}
