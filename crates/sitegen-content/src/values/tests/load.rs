use crate::test_support::{codes, load_edited, single};
use sitegen_diagnostics::ErrorCode;

#[test]
fn empty_text() {
    let report = load_edited(&[("products.toml", "title = \"Slit Lamp\"", "title = \"   \"")]);
    single(&report, ErrorCode::EmptyText, "text must not be empty");
}

#[test]
fn invalid_email() {
    let report = load_edited(&[(
        "site.toml",
        "top_bar_email = \"info@medical.test\"",
        "top_bar_email = \"info.medical.test\"",
    )]);
    single(
        &report,
        ErrorCode::InvalidEmail,
        "invalid e-mail address \"info.medical.test\"",
    );
}

#[test]
fn invalid_url() {
    let report = load_edited(&[(
        "site.toml",
        "chat_url = \"https://wa.me/910000000000\"",
        "chat_url = \"wa.me/910000000000\"",
    )]);
    single(
        &report,
        ErrorCode::InvalidUrl,
        "invalid URL \"wa.me/910000000000\"",
    );
    let report = load_edited(&[(
        "site.toml",
        "url = \"mailto:info@medical.test\"",
        "url = \"mailto:nobody\"",
    )]);
    single(
        &report,
        ErrorCode::InvalidUrl,
        "invalid link \"mailto:nobody\"",
    );
    let report = load_edited(&[(
        "site.toml",
        "base_url = \"https://www.medical.test\"",
        "base_url = \"https://www.medical.test/\"",
    )]);
    single(
        &report,
        ErrorCode::InvalidUrl,
        "base_url \"https://www.medical.test/\" must not end with /",
    );
}

#[test]
fn invalid_phone() {
    let report = load_edited(&[("site.toml", "\"+91 00000 00003\"", "\"call us\"")]);
    single(
        &report,
        ErrorCode::InvalidPhone,
        "invalid phone number \"call us\"",
    );
}

#[test]
fn unknown_variant() {
    let report = load_edited(&[("site.toml", "kind = \"instagram\"", "kind = \"instagam\"")]);
    let shown = single(
        &report,
        ErrorCode::UnknownVariant,
        "\"instagam\" is not a valid social link kind",
    );
    assert!(shown.ends_with("did you mean \"instagram\"?"), "{shown}");
}

#[test]
fn unknown_registration_type() {
    let report = load_edited(&[("certificates.toml", "type = \"PCMD\"", "type = \"PCMX\"")]);
    single(
        &report,
        ErrorCode::UnknownRegistrationType,
        "\"PCMX\" is not a valid registration type",
    );
}

#[test]
fn unknown_menu() {
    let report = load_edited(&[(
        "navigation.toml",
        "menu = \"categories\"",
        "menu = \"services\"",
    )]);
    single(
        &report,
        ErrorCode::UnknownMenu,
        "\"services\" is not a valid generated menu",
    );
}

#[test]
fn example_email() {
    let report = load_edited(&[(
        "site.toml",
        "support_email = \"support@medical.test\"",
        "support_email = \"support@example.com\"",
    )]);
    single(
        &report,
        ErrorCode::ExampleEmail,
        "\"support@example.com\" is an example address",
    );
    assert!(report.content.is_some(), "warnings do not stop the build");
}

#[test]
fn every_malformed_value_of_a_file_is_reported() {
    let report = load_edited(&[
        (
            "site.toml",
            "top_bar_email = \"info@medical.test\"",
            "top_bar_email = \"nope\"",
        ),
        (
            "site.toml",
            "chat_url = \"https://wa.me/910000000000\"",
            "chat_url = \"nope\"",
        ),
    ]);
    assert_eq!(
        codes(&report),
        vec![ErrorCode::InvalidEmail, ErrorCode::InvalidUrl]
    );
}

#[test]
fn a_one_line_text_holds_no_control_character_line_break_or_direction_override() {
    let title = "title = \"Hemodialysis Machine\"";
    for (written, message) in [
        (
            "title = \"Hemo\\u0000dialysis\"",
            "a one-line text holds NUL (U+0000) as its character 5",
        ),
        (
            "title = \"\\u001b[31mRed\"",
            "a one-line text holds ESC (U+001B) as its character 1",
        ),
        (
            "title = \"Hemodialysis\\nMachine\"",
            "a one-line text holds a line break (U+000A) as its character 13",
        ),
        (
            "title = \"\u{202E}enihcaM\"",
            "a one-line text holds a direction override (U+202E) as its character 1",
        ),
        (
            "title = \"\"\"Hemo\ndialysis\"\"\"",
            "a one-line text holds a line break (U+000A) as its character 5",
        ),
    ] {
        let report = load_edited(&[("products.toml", title, written)]);
        let shown = single(&report, ErrorCode::ForbiddenCharacter, message);
        assert!(shown.contains("content/products.toml:3:9"), "{shown}");
    }
    // References and ids are one line too.
    let report = load_edited(&[(
        "products.toml",
        "category = \"dialysis\"",
        "category = \"dialysis\\u0000\"",
    )]);
    let first = &report.diagnostics[0];
    assert_eq!(first.code, ErrorCode::ForbiddenCharacter);
    assert_eq!(
        first.message,
        "a one-line text holds NUL (U+0000) as its character 9"
    );
    assert!(first.to_string().contains("content/products.toml:5:12"));
}

#[test]
fn a_description_may_hold_line_breaks_and_tabs_but_no_other_control_character() {
    let description = "description = \"Placeholder description.\"";
    let report = load_edited(&[(
        "products.toml",
        description,
        "description = \"\"\"\nFirst line.\n\tSecond line.\"\"\"",
    )]);
    assert_eq!(codes(&report), vec![]);
    for (written, message) in [
        (
            "description = \"Placeholder\\u0000\"",
            "a text holds NUL (U+0000) as its character 12",
        ),
        (
            "description = \"Safe \\u2066text\"",
            "a text holds a direction override (U+2066) as its character 6",
        ),
    ] {
        let report = load_edited(&[("products.toml", description, written)]);
        single(&report, ErrorCode::ForbiddenCharacter, message);
    }
}
