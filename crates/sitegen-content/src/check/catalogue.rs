//! The catalogue's rules: ids usable in URLs, categories, products and their
//! references, service galleries.

use super::*;

/// Exact list lengths the contract states.
pub mod limits {
    /// Footer e-mail addresses (site.toml `contact.emails`).
    pub const FOOTER_EMAILS: usize = 3;
    /// Footer phone numbers (site.toml `contact.phones`).
    pub const FOOTER_PHONES: usize = 3;
    /// Top bar phone numbers (site.toml `contact.top_bar_phones`).
    pub const TOP_BAR_PHONES: usize = 2;
    /// The longest id that becomes a URL segment (a service or category id).
    pub const MAX_URL_ID_CHARS: usize = 100;
}

/// Why `id` cannot be a URL segment and a folder name, if it cannot: the one rule for
/// every id that becomes part of a route.
pub fn url_id_problem(id: &str) -> Option<String> {
    if id == "." || id == ".." {
        return Some(format!(
            "\"{id}\" would name the folder itself or its parent"
        ));
    }
    let length = id.chars().count();
    if length > limits::MAX_URL_ID_CHARS {
        return Some(format!(
            "it has {length} characters, more than {}",
            limits::MAX_URL_ID_CHARS
        ));
    }
    let allowed = |c: char| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.');
    id.chars().find(|c| !allowed(*c)).map(|c| {
        let shown = if c.is_control() {
            format!("U+{:04X}", c as u32)
        } else {
            format!("\"{c}\"")
        };
        format!("it contains {shown}")
    })
}

pub(super) fn check_catalogue(loaded: &Loaded, diagnostics: &mut Vec<Diagnostic>) {
    let Some((mut r, categories)) = raw_reporter(&loaded.catalogue, diagnostics) else {
        return;
    };
    r.duplicates("category id", keyed(categories.iter().map(|c| &c.id)));
    r.url_ids("category", keyed(categories.iter().map(|c| &c.id)));
    r.duplicates(
        "category name",
        keyed(categories.iter().filter_map(|c| c.name.as_ref())),
    );
    let page_size = loaded
        .catalogue
        .value
        .as_ref()
        .and_then(|file| file.page_size.as_ref());
    if let Some(size) = page_size.filter(|size| size.value == 0) {
        r.report(
            &size.span,
            ErrorCode::NumberOutOfRange,
            format!("\"page_size\" must be at least 1, found {}", size.value),
            Some(format!(
                "page_size is how many products a page of a listing shows; leave it out for {}",
                crate::DEFAULT_PAGE_SIZE
            )),
        );
    }
}

pub(super) fn check_products(
    loaded: &Loaded,
    targets: &Targets<'_>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let (Some(file), Some(raw_products)) = (&loaded.products.file, &loaded.products.raw) else {
        return;
    };
    let mut r = Reporter { file, diagnostics };
    if let Some(products) = &loaded.products.value {
        for product in &products.product.0 {
            if product.id() == 0 {
                r.report(
                    &product.id.span,
                    ErrorCode::NumberOutOfRange,
                    "product id must be a positive integer, found 0".into(),
                    None,
                );
            }
            check_specification_names(&mut r, product);
        }
    }
    // The checks below read the products as written, so that a product with a
    // wrong field elsewhere (a missing image, say) still gets these reported.
    r.duplicates(
        "product id",
        raw_products
            .iter()
            .filter_map(|p| p.id.as_ref().map(|id| (id.value.as_str(), &id.span))),
    );
    let Some(categories) = targets.categories else {
        return;
    };
    for product in raw_products {
        let Some(category) = &product.category else {
            continue;
        };
        // With duplicate ids (reported elsewhere) the first definition counts.
        let Some(entry) = categories.iter().find(|c| c.id.value == category.value) else {
            r.report(
                &category.span,
                ErrorCode::UnknownCategory,
                format!("unknown category \"{}\"", category.value),
                suggest_id(&category.value, categories),
            );
            continue;
        };
        let (Some(subcategory), Some(names)) = (&product.subcategory, &entry.subcategories) else {
            continue;
        };
        if !names.contains(&subcategory.value) {
            let hint = sitegen_diagnostics::did_you_mean(
                &subcategory.value,
                names.iter().map(String::as_str),
            )
            .unwrap_or_else(|| format!("\"{}\" has: {}", entry.id.value, names.join(", ")));
            r.report(
                &subcategory.span,
                ErrorCode::UnknownSubcategory,
                format!(
                    "subcategory \"{}\" is not in category \"{}\"",
                    subcategory.value, entry.id.value
                ),
                Some(hint),
            );
        }
    }
}

/// A specification's name once per product (compared without case), so that a table
/// of them never shows two rows with one header.
fn check_specification_names(r: &mut Reporter<'_>, product: &crate::model::Product) {
    let mut seen: Vec<String> = Vec::new();
    for specification in product.specifications() {
        let name = specification.name.value.trim().to_lowercase();
        if seen.contains(&name) {
            r.report(
                &specification.name.span,
                ErrorCode::DuplicateSpecification,
                format!(
                    "product {} names the specification \"{}\" twice",
                    product.id(),
                    specification.name.value.as_str()
                ),
                None,
            );
        } else {
            seen.push(name);
        }
    }
}

pub(super) fn check_gallery(r: &mut Reporter<'_>, service: &crate::model::ServiceEntry) {
    if !service.has_gallery {
        return;
    }
    let expected = service.gallery_count.value as usize;
    match &service.gallery {
        Some(gallery) if gallery.len() != expected => r.report(
            &gallery.span,
            ErrorCode::GalleryCount,
            format!(
                "gallery has {} images but gallery_count is {expected}",
                gallery.len()
            ),
            None,
        ),
        Some(_) => {}
        None => r.report(
            &service.gallery_count.span,
            ErrorCode::GalleryCount,
            format!("has_gallery is true but there is no gallery (gallery_count is {expected})"),
            None,
        ),
    }
}

pub(super) fn check_service_ref(
    r: &mut Reporter<'_>,
    service: &Located<String>,
    targets: &Targets<'_>,
) {
    let Some(services) = targets.services else {
        return;
    };
    if !ids(services).any(|id| id == service.value) {
        r.report(
            &service.span,
            ErrorCode::UnknownService,
            format!("unknown service \"{}\"", service.value),
            suggest_id(&service.value, services),
        );
    }
}
