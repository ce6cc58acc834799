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

/// The whole checked content of a site: its products and what every page shares.
#[derive(Debug, Clone, PartialEq)]
pub struct Content {
    /// Everything but the products, which every page may show: one value, so that
    /// whoever asks whether the pages' shared inputs changed compares it whole.
    pub site_wide: SiteWide,
    /// products.toml's products, in file order.
    pub products: Vec<Product>,
}

/// The content but its products: the site, its navigation, categories and every other
/// file, and the media they name. A product page shows its own product, the first few
/// of its category and all of this; every other page, some of this.
#[derive(Debug, Clone, PartialEq)]
pub struct SiteWide {
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

// `content.site`, `content.media`, …: the content reads as one whole, as the views
// and stages name it, while the part every page shares stays one value.
impl std::ops::Deref for Content {
    type Target = SiteWide;

    fn deref(&self) -> &SiteWide {
        &self.site_wide
    }
}

impl std::ops::DerefMut for Content {
    fn deref_mut(&mut self) -> &mut SiteWide {
        &mut self.site_wide
    }
}

impl Content {
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

#[cfg(test)]
mod tests {
    use crate::test_support::valid_copy;
    use crate::testing::edit_files;

    #[test]
    fn an_edited_product_leaves_what_every_page_shares_the_same_and_any_other_file_does_not() {
        let (_dir, dir) = valid_copy();
        let first = crate::load(&dir).content.unwrap();
        edit_files(
            &dir,
            &[("products.toml", "\"Slit Lamp\"", "\"Slit Lamp II\"")],
        );
        let retitled = crate::load(&dir).content.unwrap();
        assert_ne!(first.products, retitled.products);
        assert_eq!(first.site_wide, retitled.site_wide);
        edit_files(&dir, &[("site.toml", "Pvt. Ltd.", "Ltd.")]);
        let renamed = crate::load(&dir).content.unwrap();
        assert_ne!(retitled.site_wide, renamed.site_wide);
        assert!(!renamed.site.name().contains("Pvt."));
    }
}
