//! The rules of every part, through [`crate::load`] and one by one.

use super::*;

#[test]
fn ids_in_urls_follow_one_rule() {
    for good in [
        "dialysis-center",
        "Dental centre setup",
        "Emergency centre setup ",
        "a.b_c",
    ] {
        assert_eq!(url_id_problem(good), None, "{good}");
    }
    let long = "x".repeat(limits::MAX_URL_ID_CHARS + 1);
    for bad in [
        ".",
        "..",
        "a/b",
        "a\\b",
        "a\0b",
        "a?b",
        "a#b",
        "a%20b",
        long.as_str(),
    ] {
        assert!(url_id_problem(bad).is_some(), "{bad:?} was accepted");
    }
    assert_eq!(
        url_id_problem("a\0b").as_deref(),
        Some("it contains U+0000")
    );
}
use crate::test_support::{codes, load_edited, single};

#[test]
fn duplicate() {
    let report = load_edited(&[("products.toml", "id = 13", "id = 12")]);
    let shown = single(&report, ErrorCode::Duplicate, "duplicate product id \"12\"");
    assert!(
        shown.ends_with("= help: first defined on line 2"),
        "{shown}"
    );
    for (file, from, to, message) in [
        (
            "services.toml",
            "id = \"Radiology-center\"",
            "id = \"dialysis-center\"",
            "duplicate service id \"dialysis-center\"",
        ),
        (
            "catalogue.toml",
            "id = \"radiology\"",
            "id = \"dialysis\"",
            "duplicate category id \"dialysis\"",
        ),
        (
            "catalogue.toml",
            "name = \"Radiology Products\"",
            "name = \"Dialysis Products\"",
            "duplicate category name \"Dialysis Products\"",
        ),
        (
            "certificates.toml",
            "id = \"gst\"",
            "id = \"iso-9001\"",
            "duplicate certificate id \"iso-9001\"",
        ),
        (
            "certificates.toml",
            "id = \"pcmd-western-railway\"",
            "id = \"pcmm-central-railway\"",
            "duplicate registration id \"pcmm-central-railway\"",
        ),
        (
            "pages.toml",
            "path = \"/contact\"",
            "path = \"/products\"",
            "duplicate page path \"/products\"",
        ),
    ] {
        let report = load_edited(&[(file, from, to)]);
        let duplicates: Vec<&str> = report
            .diagnostics
            .iter()
            .filter(|d| d.code == ErrorCode::Duplicate)
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(duplicates, vec![message]);
    }
}

#[test]
fn unknown_category() {
    let report = load_edited(&[(
        "products.toml",
        "category = \"radiology\"",
        "category = \"radiologi\"",
    )]);
    let shown = single(
        &report,
        ErrorCode::UnknownCategory,
        "unknown category \"radiologi\"",
    );
    assert!(
        shown.ends_with("= help: did you mean \"radiology\"?"),
        "{shown}"
    );
    let report = load_edited(&[(
        "home.toml",
        "category = \"ophthalmic\"",
        "category = \"opthalmic\"",
    )]);
    single(
        &report,
        ErrorCode::UnknownCategory,
        "unknown category \"opthalmic\"",
    );
}

#[test]
fn every_error_of_one_product_is_reported_in_one_run() {
    // A missing image used to drop the product before its references were
    // checked, so fixing it took one run per problem.
    let report = load_edited(&[(
        "products.toml",
        "category = \"dialysis\"\nsubcategory = \"Dialysis Machines\"\nimage = \"media/products/hemodialysis.svg\"",
        "category = \"dialisys\"\nsubcategory = \"Dialysis Machines\"\nimage = \"media/products/missing.svg\"\ncolour = 1",
    ), (
        "products.toml",
        "id = 13",
        "id = 12",
    ), (
        "products.toml",
        "subcategory = \"Dialysis Equipments\"",
        "subcategory = \"Dialysis Equipment\"\nimage = \"media/nope.svg\"",
    )]);
    assert_eq!(
        codes(&report),
        vec![
            ErrorCode::UnknownCategory,
            ErrorCode::MediaMissing,
            ErrorCode::UnknownKey,
            ErrorCode::Duplicate,
            ErrorCode::UnknownSubcategory,
            ErrorCode::MediaMissing,
        ],
        "{:#?}",
        report.diagnostics
    );
}

#[test]
fn a_broken_field_hides_no_reference_or_duplicate_elsewhere_in_its_file() {
    // Each edit breaks an entry's media (which drops the typed entry, or the
    // whole home page) and adds a cross-file problem that must still show.
    type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a [ErrorCode]);
    let cases: [Case<'_>; 5] = [
        (
            "home.toml",
            &[
                ("media/partners/acme.svg", "media/partners/nope.svg"),
                ("category = \"ophthalmic\"", "category = \"opthalmic\""),
                (
                    "service = \"dialysis-center\"",
                    "service = \"dialysis-centre\"",
                ),
            ],
            &[
                ErrorCode::MediaMissing,
                ErrorCode::UnknownCategory,
                ErrorCode::UnknownService,
            ],
        ),
        (
            "navigation.toml",
            &[
                ("label = \"Home\"", "label = 7"),
                ("to = \"/products\"", "to = \"/product\""),
            ],
            &[ErrorCode::WrongType, ErrorCode::UnknownRoute],
        ),
        (
            "catalogue.toml",
            &[
                ("media/categories/dialysis.svg", "media/categories/nope.svg"),
                (
                    "name = \"Dialysis Products\"",
                    "name = \"Ophthalmic Products\"",
                ),
            ],
            &[ErrorCode::Duplicate, ErrorCode::MediaMissing],
        ),
        (
            "certificates.toml",
            &[
                ("media/certificates/iso.svg", "media/certificates/nope.svg"),
                ("id = \"gst\"", "id = \"iso-9001\""),
            ],
            &[ErrorCode::MediaMissing, ErrorCode::Duplicate],
        ),
        (
            "services.toml",
            &[
                ("media/services/radiology.svg", "media/services/nope.svg"),
                ("id = \"Radiology-center\"", "id = \"dialysis-center\""),
            ],
            &[ErrorCode::Duplicate, ErrorCode::MediaMissing],
        ),
    ];
    for (file, edits, expected) in cases {
        let edits: Vec<(&str, &str, &str)> =
            edits.iter().map(|(from, to)| (file, *from, *to)).collect();
        let report = load_edited(&edits);
        assert_eq!(
            codes(&report),
            expected.to_vec(),
            "{file}: {:#?}",
            report.diagnostics
        );
    }
}

#[test]
fn a_name_where_an_id_belongs_suggests_the_id() {
    for (file, from, to) in [
        (
            "products.toml",
            "category = \"radiology\"",
            "category = \"Radiology Products\"",
        ),
        (
            "home.toml",
            "category = \"ophthalmic\"",
            "category = \"Ophthalmic Products\"",
        ),
        (
            "navigation.toml",
            "service = \"dialysis-center\"",
            "service = \"Dialysis Center Setup\"",
        ),
    ] {
        let report = load_edited(&[(file, from, to)]);
        assert_eq!(
            report.diagnostics.len(),
            1,
            "{file}: {:?}",
            report.diagnostics
        );
        let hint = report.diagnostics[0].hint.clone().unwrap_or_default();
        let id = from.split('"').nth(1).unwrap_or_default();
        assert_eq!(hint, format!("did you mean \"{id}\"?"), "{file}");
    }
    let report = load_edited(&[(
        "navigation.toml",
        "to = \"/contact\"",
        "to = \"/services/Dialysis%20Center%20Setup\"",
    )]);
    assert_eq!(
        report.diagnostics[0].hint.as_deref(),
        Some("did you mean \"/services/dialysis-center\"?")
    );
}

#[test]
fn without_a_suggestion_a_reference_gets_the_catalogue_hint() {
    let report = load_edited(&[(
        "products.toml",
        "category = \"radiology\"",
        "category = \"veterinary\"",
    )]);
    assert_eq!(
        report.diagnostics[0].hint.as_deref(),
        Some(ErrorCode::UnknownCategory.hint())
    );
}

#[test]
fn unknown_category_is_not_reported_for_a_category_that_failed_to_load() {
    let report = load_edited(&[(
        "catalogue.toml",
        "short_name = \"Radiology\"",
        "short_name = 3",
    )]);
    assert_eq!(codes(&report), vec![ErrorCode::WrongType]);
}

#[test]
fn unknown_subcategory() {
    let report = load_edited(&[(
        "products.toml",
        "subcategory = \"Dialysis Equipments\"",
        "subcategory = \"Dialysis Equipment\"",
    )]);
    let shown = single(
        &report,
        ErrorCode::UnknownSubcategory,
        "subcategory \"Dialysis Equipment\" is not in category \"dialysis\"",
    );
    assert!(
        shown.ends_with("did you mean \"Dialysis Equipments\"?"),
        "{shown}"
    );
}

#[test]
fn unknown_service() {
    let report = load_edited(&[(
        "navigation.toml",
        "service = \"dialysis-center\"",
        "service = \"dialysis-centre\"",
    )]);
    let shown = single(
        &report,
        ErrorCode::UnknownService,
        "unknown service \"dialysis-centre\"",
    );
    assert!(
        shown.ends_with("did you mean \"dialysis-center\"?"),
        "{shown}"
    );
    let report = load_edited(&[(
        "home.toml",
        "service = \"dialysis-center\"",
        "service = \"dialysis\"",
    )]);
    single(
        &report,
        ErrorCode::UnknownService,
        "unknown service \"dialysis\"",
    );
}

#[test]
fn unknown_route() {
    for (from, to, message) in [
        (
            "to = \"/contact\"",
            "to = \"/contacts\"",
            "\"/contacts\" is not a route of the site",
        ),
        (
            "to = \"/railway-registration/PCMD\"",
            "to = \"/railway-registration/PCMX\"",
            "\"/railway-registration/PCMX\" is not a route of the site",
        ),
        (
            "to = \"/services/dialysis-center\"",
            "to = \"/services/dialysis\"",
            "\"/services/dialysis\" is not a route of the site",
        ),
        (
            "to = \"/products/12/hemodialysis-machine\"",
            "to = \"/products/12/hemodialysis\"",
            "\"/products/12/hemodialysis\" is not a route of the site",
        ),
        (
            "to = \"/products/12/hemodialysis-machine\"",
            "to = \"/products/99/x\"",
            "\"/products/99/x\" is not a route of the site",
        ),
        (
            "to = \"/products/12/hemodialysis-machine\"",
            "to = \"/products/category/dialysys\"",
            "\"/products/category/dialysys\" is not a route of the site",
        ),
    ] {
        let report = load_edited(&[("navigation.toml", from, to)]);
        single(&report, ErrorCode::UnknownRoute, message);
    }
    let report = load_edited(&[("navigation.toml", "to = \"/contact\"", "to = \"/contacts\"")]);
    assert!(report.diagnostics[0]
        .to_string()
        .ends_with("did you mean \"/contact\"?"));
}

#[test]
fn a_category_page_is_a_route_and_a_misspelt_one_gets_a_hint() {
    let report = load_edited(&[(
        "navigation.toml",
        "to = \"/contact\"",
        "to = \"/products/category/dialysis\"",
    )]);
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
    let report = load_edited(&[(
        "navigation.toml",
        "to = \"/contact\"",
        "to = \"/products/category/dialysys\"",
    )]);
    assert!(report.diagnostics[0]
        .to_string()
        .ends_with("did you mean \"/products/category/dialysis\"?"));
}

#[test]
fn route_aliases_and_encoded_service_ids_are_routes() {
    let report = load_edited(&[(
        "navigation.toml",
        "to = \"/contact\"",
        "to = \"/JobApplicationForm\"",
    )]);
    assert!(report.diagnostics.is_empty());
}

#[test]
fn not_a_static_route() {
    let report = load_edited(&[(
        "pages.toml",
        "path = \"/contact\"",
        "path = \"/services/dialysis-center\"",
    )]);
    single(
        &report,
        ErrorCode::NotAStaticRoute,
        "\"/services/dialysis-center\" is not a static route",
    );
}

#[test]
fn navigation_target() {
    let report = load_edited(&[(
        "navigation.toml",
        "label = \"Contact\"\nto = \"/contact\"",
        "label = \"Contact\"",
    )]);
    single(
        &report,
        ErrorCode::NavigationTarget,
        "navigation entry \"Contact\" has neither `to` nor `service`",
    );
    let report = load_edited(&[(
        "navigation.toml",
        "to = \"/contact\"",
        "to = \"/contact\"\nservice = \"dialysis-center\"",
    )]);
    single(
        &report,
        ErrorCode::NavigationTarget,
        "navigation entry \"Contact\" has both `to` and `service`",
    );
}

#[test]
fn gallery_count() {
    let report = load_edited(&[("services.toml", "gallery_count = 2", "gallery_count = 7")]);
    single(
        &report,
        ErrorCode::GalleryCount,
        "gallery has 2 images but gallery_count is 7",
    );
    let report = load_edited(&[(
        "services.toml",
        "has_gallery = false\ngallery_count = 3",
        "has_gallery = true\ngallery_count = 3",
    )]);
    single(
        &report,
        ErrorCode::GalleryCount,
        "has_gallery is true but there is no gallery (gallery_count is 3)",
    );
}

#[test]
fn wrong_count() {
    let report = load_edited(&[("site.toml", ", \"support@medical.test\"]", "]")]);
    single(
        &report,
        ErrorCode::WrongCount,
        "contact.emails must list exactly 3 e-mail addresses, found 2",
    );
    let report = load_edited(&[(
        "site.toml",
        "top_bar_phones = [\"+91 00000 00001\", ",
        "top_bar_phones = [",
    )]);
    single(
        &report,
        ErrorCode::WrongCount,
        "contact.top_bar_phones must list exactly 2 phone numbers, found 1",
    );
}

#[test]
fn unknown_placeholder() {
    let report = load_edited(&[(
        "policies/privacy.toml",
        "Write to {support_email}",
        "Write to {suport_email}",
    )]);
    let shown = single(
        &report,
        ErrorCode::UnknownPlaceholder,
        "unknown placeholder {suport_email}",
    );
    assert!(
        shown.starts_with("content/policies/privacy.toml:7:25:"),
        "{shown}"
    );
    assert!(shown.contains("  ^^^^^^^^^^^^^^\n"), "{shown}");
    assert!(
        shown.ends_with("did you mean \"{support_email}\"?"),
        "{shown}"
    );
}

#[test]
fn negative_stat() {
    let report = load_edited(&[("home.toml", "value = 100", "value = -100")]);
    single(
        &report,
        ErrorCode::NegativeStat,
        "statistic \"Government Customers\" has a negative value",
    );
}

#[test]
fn placeholder_email_key() {
    let report = load_edited(&[(
        "site.toml",
        "public_key = \"pk_live_1234\"",
        "public_key = \"YOUR_PUBLIC_KEY\"",
    )]);
    single(
        &report,
        ErrorCode::PlaceholderEmailKey,
        "email.public_key \"YOUR_PUBLIC_KEY\" is a placeholder",
    );
    assert!(is_placeholder_key("template_placeholder"));
    assert!(is_placeholder_key("example-service"));
    assert!(!is_placeholder_key("service_abc"));
}

#[test]
fn job_template_missing() {
    let report = load_edited(&[("site.toml", "job = \"template_job\"\n", "")]);
    single(
        &report,
        ErrorCode::JobTemplateMissing,
        "no email.templates.job: job applications are simulated and not delivered",
    );
    assert!(report.content.is_some());
}

#[test]
fn placeholders_are_found_and_filled() {
    let found: Vec<&str> = placeholders("a {company} {x-y} {} {address}}")
        .into_iter()
        .map(|(_, n)| n)
        .collect();
    assert_eq!(found, vec!["company", "address"]);
    let report = crate::load(&crate::test_support::valid_content());
    let content = report.content.unwrap();
    assert_eq!(
        fill_placeholders("{company} at {address}, {support_email} {other}", &content.site),
        "Vasai Medical Systems Pvt. Ltd. at Unit 1, Vasai (East), Palghar, Maharashtra 401208, India, support@medical.test {other}"
    );
}

/// catalogue.toml with `page_size = VALUE` on its first line.
fn with_page_size(value: &str) -> crate::LoadReport {
    load_edited(&[(
        "catalogue.toml",
        "[[category]]\nid = \"ophthalmic\"",
        &format!("page_size = {value}\n\n[[category]]\nid = \"ophthalmic\""),
    )])
}

#[test]
fn page_size_defaults_to_one_page_for_the_spec_catalogue_and_takes_a_positive_number() {
    let content = crate::load(&crate::test_support::valid_content())
        .content
        .unwrap();
    assert_eq!(content.page_size.get(), crate::DEFAULT_PAGE_SIZE);
    assert_eq!(crate::DEFAULT_PAGE_SIZE, 250);
    let report = with_page_size("24");
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
    assert_eq!(report.content.unwrap().page_size.get(), 24);
}

#[test]
fn page_size_zero_is_a_positioned_error_with_a_hint() {
    let shown = single(
        &with_page_size("0"),
        ErrorCode::NumberOutOfRange,
        "\"page_size\" must be at least 1, found 0",
    );
    assert!(
        shown.starts_with("content/catalogue.toml:1:13: error[E0105]"),
        "{shown}"
    );
    assert!(shown.contains("leave it out for 250"), "{shown}");
}

#[test]
fn page_size_negative_or_not_a_number_is_a_positioned_error() {
    let shown = single(
        &with_page_size("-5"),
        ErrorCode::NumberOutOfRange,
        "\"page_size\" must not be negative",
    );
    assert!(shown.starts_with("content/catalogue.toml:1:13:"), "{shown}");
    for written in ["\"ten\"", "2.5", "true"] {
        let report = with_page_size(written);
        assert_eq!(codes(&report), vec![ErrorCode::WrongType], "{written}");
        let shown = report.diagnostics[0].to_string();
        assert!(shown.starts_with("content/catalogue.toml:1:13:"), "{shown}");
        assert!(report.content.is_none());
    }
}
