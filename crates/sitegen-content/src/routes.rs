//! The routes of data-contract §4 that content may name, and URL helpers.

/// The routes of data-contract §4 that are pages of their own (not block routes) and
/// take no parameter.
pub const PAGE_ROUTES: &[&str] = &[
    "/",
    "/products",
    "/services",
    "/certificate",
    "/railway-registration",
    "/aboutUs",
    "/blogs",
    "/contact",
    "/jobapplicationform",
    "/TermsAndConditions",
    "/PrivacyPolicy",
    "/ReturnRefundPolicy",
    "/ShippingPolicy",
    "/PaymentPolicy",
];

/// The block routes: each shows one building block of the site on its own.
pub const BLOCK_ROUTES: &[&str] = &[
    "/footer",
    "/home-slider",
    "/map",
    "/service",
    "/associate-partners",
    "/number-increase",
    "/timeline",
    "/achievement",
    "/OurClientssay",
    "/testimonial",
    "/ProductFormModal",
    "/Notification",
    "/Producthome",
];

/// Every static route of data-contract §4 (the ones pages.toml may describe): the
/// [`PAGE_ROUTES`], then the [`BLOCK_ROUTES`]. Parameterised routes
/// (`/products/{id}/{slug}`, `/products/category/{id}`, `/services/{id}`,
/// `/railway-registration/{type}`) are not listed.
pub const STATIC_ROUTES: &[&str] = &{
    // Joined at compile time so each list is written once.
    let mut all = [""; PAGE_ROUTES.len() + BLOCK_ROUTES.len()];
    let mut i = 0;
    while i < PAGE_ROUTES.len() {
        all[i] = PAGE_ROUTES[i];
        i += 1;
    }
    let mut j = 0;
    while j < BLOCK_ROUTES.len() {
        all[i + j] = BLOCK_ROUTES[j];
        j += 1;
    }
    all
};

/// Where a category's page lives: `CATEGORY_ROUTE_PREFIX` + the category id. The
/// literal segment `category` keeps it apart from the product pages
/// (`/products/{numeric id}/{slug}`).
pub const CATEGORY_ROUTE_PREFIX: &str = "/products/category/";

/// The decoded path of a category's page: `/products/category/dialysis`.
pub fn category_path(category_id: &str) -> String {
    format!("{CATEGORY_ROUTE_PREFIX}{category_id}")
}

/// Paths that redirect to a static route (301) and so are valid link targets.
pub const ROUTE_ALIASES: &[(&str, &str)] = &[("/JobApplicationForm", "/jobapplicationform")];

/// The URL slug of a product title: lower case, every run of characters other than
/// ASCII letters and digits collapsed to one `-`, no `-` at either end.
pub fn slug(title: &str) -> String {
    let mut slug = String::with_capacity(title.len());
    for c in title.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    while slug.ends_with('-') {
        slug.pop();
    }
    slug
}

/// JavaScript's `encodeURIComponent`: everything but `A-Z a-z 0-9 - _ . ! ~ * ' ( )`
/// percent-encoded as UTF-8.
pub fn encode_uri_component(text: &str) -> String {
    let mut encoded = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&byte) {
            encoded.push(char::from(byte));
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    encoded
}

/// Decodes `%XX` escapes; `None` when an escape is malformed or the result is not UTF-8.
pub fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            decoded.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            decoded.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(decoded).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn static_routes_are_the_page_routes_then_the_block_routes() {
        assert_eq!(STATIC_ROUTES.len(), 27);
        assert_eq!(STATIC_ROUTES[..PAGE_ROUTES.len()], *PAGE_ROUTES);
        assert_eq!(STATIC_ROUTES[PAGE_ROUTES.len()..], *BLOCK_ROUTES);
        let mut unique = STATIC_ROUTES.to_vec();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), STATIC_ROUTES.len(), "a route is listed twice");
    }

    #[test]
    fn a_category_page_lives_under_products_category() {
        assert_eq!(category_path("dialysis"), "/products/category/dialysis");
    }

    #[test]
    fn slug_is_lower_case_with_collapsed_dashes() {
        assert_eq!(slug("Hemodialysis Machine"), "hemodialysis-machine");
        assert_eq!(slug("X-Ray  (Digital) "), "x-ray-digital");
        assert_eq!(slug("ICU Bed / 3 Function"), "icu-bed-3-function");
    }

    #[test]
    fn encode_uri_component_matches_javascript() {
        assert_eq!(
            encode_uri_component("Emergency centre setup "),
            "Emergency%20centre%20setup%20"
        );
        assert_eq!(encode_uri_component("a&b/é"), "a%26b%2F%C3%A9");
        assert_eq!(
            percent_decode("Dental%20centre%20setup").as_deref(),
            Some("Dental centre setup")
        );
        assert_eq!(percent_decode("bad%zz"), None);
    }
}
