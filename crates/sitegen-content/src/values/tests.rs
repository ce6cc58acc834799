use super::*;

/// Each value rule as loading reports it.
mod load;

#[test]
fn absolute_urls_join_the_base_and_the_path_with_one_slash() {
    assert_eq!(
        absolute_url("https://example.com", "/sitemap.xml"),
        "https://example.com/sitemap.xml"
    );
    assert_eq!(
        absolute_url("https://example.com/", "/#organization"),
        "https://example.com/#organization"
    );
}

#[test]
fn a_media_origin_is_an_absolute_url_with_at_most_a_plain_path_prefix() {
    for (given, kept) in [
        ("https://media.example.com", "https://media.example.com"),
        ("https://media.example.com/", "https://media.example.com"),
        (
            "https://cdn.example.com/site-a",
            "https://cdn.example.com/site-a",
        ),
        (
            "https://cdn.example.com/a/b_c.d/",
            "https://cdn.example.com/a/b_c.d",
        ),
        ("http://127.0.0.1:9000", "http://127.0.0.1:9000"),
    ] {
        assert_eq!(parse_media_origin(given).map(|u| u.0), Ok(kept.into()));
    }
    for bad in [
        "",
        "media.example.com",
        "ftp://media.example.com",
        "https://",
        "https://media.example.com?v=1",
        "https://media.example.com#x",
        "https://media.example.com//",
        "https://cdn.example.com/a//b",
        "https://cdn.example.com/a/../b",
        "https://cdn.example.com/a b",
        "https://cdn.example.com/a%20b",
        "/media",
    ] {
        assert!(parse_media_origin(bad).is_err(), "{bad}");
    }
    assert!(media_origin_problem("https://media.example.com/")
        .is_some_and(|problem| problem.contains("\"https://media.example.com\"")));
}

#[test]
fn a_base_url_given_outside_the_content_must_be_an_origin() {
    for (given, kept) in [
        ("https://preview.example.com", "https://preview.example.com"),
        (
            "https://preview.example.com/",
            "https://preview.example.com",
        ),
        ("http://127.0.0.1:4391", "http://127.0.0.1:4391"),
    ] {
        assert_eq!(HttpUrl::parse_origin(given).map(|u| u.0), Ok(kept.into()));
    }
    for bad in [
        "",
        "preview.example.com",
        "ftp://x.com",
        "https://",
        "https://x.com/preview",
        "https://x.com?a=1",
        "https://x y.com",
    ] {
        assert!(HttpUrl::parse_origin(bad).is_err(), "{bad}");
    }
}

#[test]
fn malformed_email_is_rejected() {
    for good in ["info@example.com", "a.b+c@sub.domain.in"] {
        assert!(is_valid_email(good), "{good}");
    }
    for bad in [
        "",
        "info",
        "info@",
        "@x.com",
        "a b@x.com",
        "a@x",
        "a@@x.com",
        "a@x..com",
        "a@-x.com",
    ] {
        assert!(!is_valid_email(bad), "{bad}");
    }
}

#[test]
fn example_email_is_detected() {
    assert!(is_example_email("info@example.com"));
    assert!(is_example_email("x@mail.example.org"));
    assert!(!is_example_email("x@notexample.com"));
}

#[test]
fn malformed_url_is_rejected() {
    assert!(is_valid_http_url("https://www.example.com"));
    assert!(is_valid_http_url("http://localhost:8080/x?y=1"));
    for bad in [
        "www.example.com",
        "ftp://x.com",
        "https://",
        "https:// x.com",
        "/relative",
    ] {
        assert!(!is_valid_http_url(bad), "{bad}");
    }
    assert!(is_valid_link("mailto:info@x.com?subject=hi"));
    assert!(is_valid_link("tel:+910000000001"));
    assert!(!is_valid_link("mailto:nobody"));
    assert!(!is_valid_link("javascript:alert(1)"));
}

#[test]
fn link_problem_says_what_is_wrong() {
    assert_eq!(link_problem("https://www.google.com/maps?q=1"), None);
    assert_eq!(link_problem("http://user@localhost:8080/x"), None);
    assert_eq!(link_problem("tel:+91 00000 00001"), None);
    assert_eq!(
        link_problem("https://exa mple.com"),
        Some("it contains whitespace")
    );
    assert_eq!(
        link_problem("https://x.com/\u{7}"),
        Some("it contains control characters")
    );
    for no_host in [
        "https:///path",
        "https://.x.com",
        "https://x..com",
        "https://x.com:80a",
    ] {
        assert_eq!(link_problem(no_host), Some("no valid host"), "{no_host}");
    }
    assert_eq!(link_problem("mailto:"), Some("no valid e-mail address"));
    assert_eq!(link_problem("tel:12"), Some("not a phone number"));
    assert_eq!(
        link_problem("htps://x.com"),
        Some("unknown scheme (expected https, http, mailto or tel)")
    );
}

#[test]
fn malformed_phone_is_rejected() {
    assert!(is_valid_phone("+91 00000 00001"));
    assert!(is_valid_phone("(022) 1234-5678"));
    for bad in [
        "1234567",
        "+91 0000 0000 0000 0000",
        "phone",
        "91+0000000000",
        "12345678x",
    ] {
        assert!(!is_valid_phone(bad), "{bad}");
    }
}

#[test]
fn registration_type_parses_only_pcmm_and_pcmd() {
    assert_eq!(
        RegistrationType::parse("PCMM"),
        Some(RegistrationType::Pcmm)
    );
    assert_eq!(
        RegistrationType::parse("PCMD").map(RegistrationType::as_str),
        Some("PCMD")
    );
    assert_eq!(RegistrationType::parse("pcmm"), None);
}
