//! Every view of whatever content loads is built without panicking: the seeded fuzz
//! loop of `sitegen-content` (mutated copies of the valid fixture), whose failures
//! reproduce from the printed seed and iteration.

use serde_json::Value;
use sitegen_content::testing::fuzz::mutated_loads;
use sitegen_content::{Content, PolicyKind, RegistrationType};

/// Builds every view of `c` and its JSON.
fn every_view(c: &Content) {
    let mut views: Vec<Value> = vec![
        sitegen_view::layout(c).into(),
        sitegen_view::home_page(c).into(),
        sitegen_view::home(c).into(),
        sitegen_view::products_page(c).into(),
        sitegen_view::services_page(c).into(),
        sitegen_view::certificates_page(c).into(),
        sitegen_view::railway_page(c).into(),
        sitegen_view::about(c).into(),
        sitegen_view::timeline(c).into(),
    ];
    views.extend(
        c.categories
            .iter()
            .map(|category| sitegen_view::category_page(c, category).into()),
    );
    views.extend(
        c.products
            .iter()
            .map(|p| sitegen_view::product_page(c, p).into()),
    );
    views.extend(
        c.services
            .iter()
            .map(|s| sitegen_view::service_page(c, s).into()),
    );
    views.extend(
        RegistrationType::ALL
            .iter()
            .map(|kind| sitegen_view::registrations_page(c, *kind).into()),
    );
    views.extend(
        PolicyKind::ALL
            .iter()
            .map(|kind| sitegen_view::policy(c, *kind).into()),
    );
    assert!(views.iter().all(Value::is_object));
}

#[test]
fn the_views_of_mutated_valid_content_never_panic() {
    let dir = tempfile::tempdir().unwrap();
    let mut loaded = 0;
    mutated_loads(dir.path(), 0x5173_6e67_656e, 400, |report, _| {
        if let Some(c) = &report.content {
            loaded += 1;
            every_view(c);
        }
    });
    // Some mutations keep the content valid (a changed text, a removed comment).
    assert!(loaded > 0);
}
