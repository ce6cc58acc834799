//! The whole checked content of a site, as a load assembles it.

use std::path::PathBuf;

use crate::media::MediaIndex;
use crate::model::{
    About, Category, Certificate, Home, Navigation, PageMeta, Policies, Product, Registration,
    ServiceEntry, Site, Synonyms, Timeline,
};
use crate::values::{MediaRef, RegistrationType};

/// The `page_size` of a catalogue.toml without one: the 250-product catalogue of the
/// spec stays on one page.
pub const DEFAULT_PAGE_SIZE: usize = 250;

/// The whole checked content of a site.
#[derive(Debug, Clone, PartialEq)]
pub struct Content {
    /// The content directory it was loaded from.
    pub root: PathBuf,
    /// site.toml.
    pub site: Site,
    /// navigation.toml.
    pub navigation: Navigation,
    /// catalogue.toml's categories, in file order.
    pub categories: Vec<Category>,
    /// catalogue.toml's `page_size`: the most products a listing page shows.
    pub page_size: std::num::NonZeroUsize,
    /// products.toml's products, in file order.
    pub products: Vec<Product>,
    /// services.toml's entries, in file order.
    pub services: Vec<ServiceEntry>,
    /// home.toml.
    pub home: Home,
    /// about.toml.
    pub about: About,
    /// certificates.toml's certificates.
    pub certificates: Vec<Certificate>,
    /// certificates.toml's railway registrations.
    pub registrations: Vec<Registration>,
    /// policies/*.toml.
    pub policies: Policies,
    /// timeline.toml.
    pub timeline: Timeline,
    /// pages.toml's entries.
    pub pages: Vec<PageMeta>,
    /// synonyms.toml (none when the file is absent).
    pub synonyms: Synonyms,
    /// Every media file the content references.
    pub media: MediaIndex,
}

impl Content {
    /// Whether `other` is the same content but for its products: what every page
    /// shows besides the products (every field listed, so that the compiler asks for a
    /// field added to `Content`).
    pub fn same_but_products(&self, other: &Content) -> bool {
        let Content {
            root,
            site,
            navigation,
            categories,
            page_size,
            products: _,
            services,
            home,
            about,
            certificates,
            registrations,
            policies,
            timeline,
            pages,
            synonyms,
            media,
        } = self;
        *root == other.root
            && *site == other.site
            && *navigation == other.navigation
            && *categories == other.categories
            && *page_size == other.page_size
            && *services == other.services
            && *home == other.home
            && *about == other.about
            && *certificates == other.certificates
            && *registrations == other.registrations
            && *policies == other.policies
            && *timeline == other.timeline
            && *pages == other.pages
            && *synonyms == other.synonyms
            && *media == other.media
    }

    /// The category with id `id`.
    pub fn category(&self, id: &str) -> Option<&Category> {
        self.categories.iter().find(|c| c.id() == id)
    }

    /// The product with id `id`.
    pub fn product(&self, id: u32) -> Option<&Product> {
        self.products.iter().find(|p| p.id() == id)
    }

    /// The service entry with serviceId `id` (exact, spaces included).
    pub fn service(&self, id: &str) -> Option<&ServiceEntry> {
        self.services.iter().find(|s| s.id() == id)
    }

    /// The registrations of one type, in file order.
    pub fn registrations_of(&self, kind: RegistrationType) -> impl Iterator<Item = &Registration> {
        self.registrations.iter().filter(move |r| r.kind == kind)
    }

    /// pages.toml's entry for a static route, if any.
    pub fn page(&self, path: &str) -> Option<&PageMeta> {
        self.pages.iter().find(|p| p.path() == path)
    }

    /// A product's image: its own, or else its category's.
    pub fn product_image<'a>(&'a self, product: &'a Product) -> Option<&'a MediaRef> {
        product
            .image
            .as_ref()
            .or_else(|| self.category(product.category()).map(|c| &c.image))
    }
}
