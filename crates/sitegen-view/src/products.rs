//! The catalogue: product summaries, listing pages and product pages.

use std::collections::HashMap;

use crate::media::{draft_mark, optional_media, Media};
use crate::paging;
use serde::Serialize;
use sitegen_content::model::{self};
use sitegen_content::Content;
use ts_rs::TS;

/// How many related products a product page lists.
pub const RELATED_PRODUCTS: usize = 4;

/// A product in a listing: `{ id, title, category, subcategory, image, slug }`.
#[derive(Debug, Serialize, TS)]
pub struct ProductSummary<'a> {
    id: u32,
    title: &'a str,
    /// A category id.
    category: &'a str,
    subcategory: &'a str,
    /// The product's image, else its category's (checked content always has one).
    #[ts(as = "Media")]
    image: Option<Media>,
    slug: String,
    /// Only in previews (`sitegen serve`, `build --drafts`): the product is a draft.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "true")]
    draft: Option<bool>,
}

/// A product page's product: its summary, description and category name.
#[derive(Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Product<'a> {
    #[serde(flatten)]
    #[ts(flatten)]
    summary: ProductSummary<'a>,
    description: &'a str,
    category_name: &'a str,
    /// The maker's brand, when the content names one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    brand: Option<&'a str>,
    /// The maker's model, when the content names one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    model: Option<&'a str>,
    /// What buyers compare, in the content's order (empty when there is none).
    specifications: Vec<Specification<'a>>,
    /// The PDF brochure to download, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    brochure: Option<Brochure>,
}

/// One specification of a product: `{ name, value }`.
#[derive(Debug, Serialize, TS)]
pub struct Specification<'a> {
    name: &'a str,
    value: &'a str,
}

/// A product's brochure: `{ src, size }`, its size as people read it (`1.2 MB`).
#[derive(Debug, Serialize, TS)]
pub struct Brochure {
    /// The published (hashed) file's URL.
    src: String,
    /// Its size, e.g. `1.2 MB`.
    size: String,
}

/// `/products` (every product, `category` null) and `/products/category/{id}` (only that
/// category's products, `category` its id): one page of the listing, `paging` saying
/// which (catalogue.toml's `page_size`).
#[derive(Debug, Serialize, TS)]
pub struct ProductsPageData<'a> {
    category: Option<&'a str>,
    products: Vec<ProductSummary<'a>>,
    paging: ListingPaging,
}

/// Where a page of a listing is: page `number` (1-based) of `of`, the whole listing
/// holding `total` products (its pages are `{listing}` and `{listing}/page/N`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
pub struct ListingPaging {
    /// This page, 1-based.
    pub number: u32,
    /// How many pages the listing has (at least 1).
    pub of: u32,
    /// How many products the listing holds, over all its pages.
    pub total: u32,
}

impl ProductsPageData<'_> {
    /// Which page of its listing this is.
    pub fn paging(&self) -> ListingPaging {
        self.paging
    }
}

/// `/products/{id}/{slug}`: the product and up to [`RELATED_PRODUCTS`] others of its category.
#[derive(Debug, Serialize, TS)]
pub struct ProductPageData<'a> {
    product: Product<'a>,
    related: Vec<ProductSummary<'a>>,
}

/// A ProductSummary: `{ id, title, category, subcategory, image, slug }`.
pub fn product_summary<'a>(c: &'a Content, product: &'a model::Product) -> ProductSummary<'a> {
    ProductSummary {
        id: product.id(),
        title: product.title(),
        category: product.category(),
        subcategory: product.subcategory(),
        image: optional_media(c, c.product_image(product)),
        slug: product.slug(),
        draft: draft_mark(product.is_draft()),
    }
}

/// Whether `a` and `b`, products of two contents that are the same but for their
/// products, have the same [`product_summary`]: what it shows of them is the same
/// (their descriptions, specifications and the like are not shown). A warm builder
/// keeps the pages that show only summaries of unchanged products.
pub fn same_summary(a: &model::Product, b: &model::Product) -> bool {
    // Each field of `ProductSummary` from the product (the image falls back on the
    // category's, the same in both contents; the slug follows the title).
    a.id() == b.id()
        && a.title() == b.title()
        && a.category() == b.category()
        && a.subcategory() == b.subcategory()
        && a.image == b.image
        && a.is_draft() == b.is_draft()
}

/// `/products`: `{ category: null, products, paging }`, the listing's first page.
pub fn products_page(c: &Content) -> ProductsPageData<'_> {
    listing(c, None, 1).swap_remove(0)
}

/// `/products/category/{id}`: `{ category: id, products, paging }` with only that
/// category's products (its first page), so the page's JSON stays small.
pub fn category_page<'a>(c: &'a Content, category: &'a model::Category) -> ProductsPageData<'a> {
    listing(c, Some(category), 1).swap_remove(0)
}

/// Every page of a listing (`/products` for `None`, else the category's), at least
/// one: an empty listing has one empty page, which shows the empty message.
pub fn listing_pages<'a>(
    c: &'a Content,
    category: Option<&'a model::Category>,
) -> Vec<ProductsPageData<'a>> {
    listing(c, category, usize::MAX)
}

/// The first `pages` pages of a listing (at least one), as [`listing_pages`] makes them:
/// a listing's first page need not make the summaries of the others.
fn listing<'a>(
    c: &'a Content,
    category: Option<&'a model::Category>,
    pages: usize,
) -> Vec<ProductsPageData<'a>> {
    let listed: Vec<&model::Product> = c
        .products
        .iter()
        .filter(|p| category.is_none_or(|category| p.category() == category.id()))
        .collect();
    paging::pages(listed.len(), c.page_size)
        .iter()
        .take(pages.max(1))
        .map(|page| listing_page(c, category, &listed, page))
        .collect()
}

/// One page of a listing whose products are `listed` (every product of the listing,
/// in file order; [`paging::pages`] of them give `page`): a warm builder makes only
/// the pages whose products changed.
pub fn listing_page<'a>(
    c: &'a Content,
    category: Option<&'a model::Category>,
    listed: &[&'a model::Product],
    page: &paging::ListingPage,
) -> ProductsPageData<'a> {
    ProductsPageData {
        category: category.map(model::Category::id),
        products: listed[page.items.clone()]
            .iter()
            .map(|p| product_summary(c, p))
            .collect(),
        paging: ListingPaging {
            number: page.number as u32,
            of: page.of as u32,
            total: listed.len() as u32,
        },
    }
}

/// `/products/{id}/{slug}`: `{ product, related }`, related being up to
/// [`RELATED_PRODUCTS`] other products of the same category, in file order.
pub fn product_page<'a>(c: &'a Content, p: &'a model::Product) -> ProductPageData<'a> {
    let of_category: Vec<&model::Product> = c
        .products
        .iter()
        .filter(|other| other.category() == p.category())
        .collect();
    product_page_among(c, p, &of_category)
}

/// The products of each category, in file order: what [`product_page_among`] takes,
/// made once for every product page (a scan of the catalogue per page is quadratic).
pub fn products_by_category(c: &Content) -> HashMap<&str, Vec<&model::Product>> {
    let mut by_category: HashMap<&str, Vec<&model::Product>> = HashMap::new();
    for product in &c.products {
        by_category
            .entry(product.category())
            .or_default()
            .push(product);
    }
    by_category
}

/// [`product_page`], given the products of `p`'s category in file order.
pub fn product_page_among<'a>(
    c: &'a Content,
    p: &'a model::Product,
    of_category: &[&'a model::Product],
) -> ProductPageData<'a> {
    ProductPageData {
        product: Product {
            summary: product_summary(c, p),
            description: p.description(),
            category_name: c.category(p.category()).map_or("", |cat| cat.name()),
            brand: p.brand.as_deref(),
            model: p.model.as_deref(),
            specifications: p
                .specifications()
                .iter()
                .map(|spec| Specification {
                    name: spec.name.value.as_str(),
                    value: spec.value.as_str(),
                })
                .collect(),
            brochure: p.brochure.as_ref().map(|brochure| Brochure {
                src: c.media.url(&brochure.output),
                size: sitegen_content::human_size(brochure.bytes),
            }),
        },
        related: of_category
            .iter()
            .copied()
            .filter(|other| other.id() != p.id())
            .take(RELATED_PRODUCTS)
            .map(|other| product_summary(c, other))
            .collect(),
    }
}
