//! The content model: one type per table of data-contract §1.
//!
//! Each type is read by [`crate::de::FromToml`] (every field checked, unknown keys
//! rejected) and described by a JSON Schema for editors. Values the checks across
//! files need to point at keep their position ([`Located`]).

use crate::de::{content_table, Located};
use crate::routes;
// Declared with the routes (a legal page is a route); read here as part of the model.
pub use crate::routes::PolicyKind;
use crate::values::{
    Brochure, Email, GeneratedMenu, HostProfile, HttpUrl, LinkUrl, MediaRef, Phone, Prose,
    RegistrationType, SocialKind, Text,
};

// ---------------------------------------------------------------- site.toml

content_table! {
    /// `site.toml`: company facts, contact details, social links, e-mail settings.
    pub struct Site {
        /// The company name.
        pub name: Text,
        /// The logo word mark and og:site_name.
        pub short_name: Text,
        /// Canonical origin for URLs and the sitemap, without a trailing slash.
        pub base_url: Located<HttpUrl>,
        /// Where the media files are served when they live on an origin of their own
        /// (an object store or CDN), e.g. `https://media.example.com`, optionally with a
        /// path prefix; no trailing slash. `sitegen build` then writes them to a folder
        /// of their own and every page names them there (`--media-url` replaces it;
        /// `sitegen serve` serves them itself).
        pub media_url: Option<Located<HttpUrl>>,
        /// The default meta description.
        pub description: Text,
        /// The brand logo.
        pub logo: MediaRef,
        /// The default Open Graph image.
        pub og_image: Option<MediaRef>,
        /// The year the company was founded.
        pub founded: u32,
        /// The year the first partnership firm started.
        pub first_firm: u32,
        /// The claims made on the pages.
        pub claims: Vec<Text>,
        /// Contact details.
        pub contact: Contact,
        /// Top bar social icons.
        pub social: Option<Vec<SocialLink>>,
        /// E-mail service (EmailJS) settings.
        pub email: EmailSettings,
        /// The host the site is deployed to (`cloudflare-pages`, `netlify`, `vercel`,
        /// `github-pages`, `gitlab-pages`, `s3`, `nginx`): `sitegen build` writes what it
        /// reads and checks its limits; `--host` replaces it.
        pub host: Option<HostProfile>,
    }
}

impl Site {
    /// The company name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The short name (logo word mark, og:site_name).
    pub fn short_name(&self) -> &str {
        &self.short_name
    }
    /// The canonical origin, e.g. `https://www.example.com` (no trailing slash).
    pub fn base_url(&self) -> &str {
        &self.base_url.value
    }
    /// The host the site is deployed to, if site.toml names one.
    pub fn host(&self) -> Option<sitegen_hosts::Host> {
        self.host.map(|profile| profile.0)
    }
    /// The default meta description.
    pub fn description(&self) -> &str {
        &self.description
    }
    /// The path inside `dist/` of the default Open Graph image, if there is one.
    pub fn og_image_output(&self) -> Option<&str> {
        self.og_image.as_ref().map(|m| m.output.as_str())
    }
    /// The path inside `dist/` of the logo.
    pub fn logo_output(&self) -> &str {
        &self.logo.output
    }
}

content_table! {
    /// `[contact]` of site.toml.
    pub struct Contact {
        /// The postal address.
        pub address: Text,
        /// Opening hours.
        pub hours: Text,
        /// The label of the top bar's location link.
        pub location_label: Text,
        /// The top bar's location link.
        pub maps_url: HttpUrl,
        /// The map iframe's URL.
        pub map_embed_url: HttpUrl,
        /// The map iframe's title.
        pub map_title: Text,
        /// Footer e-mail addresses: exactly 3.
        pub emails: Located<Vec<Email>>,
        /// Footer phone numbers: exactly 3.
        pub phones: Located<Vec<Phone>>,
        /// The top bar's e-mail address.
        pub top_bar_email: Email,
        /// The top bar's phone numbers: exactly 2.
        pub top_bar_phones: Located<Vec<Phone>>,
        /// The address named in the privacy policy.
        pub support_email: Email,
        /// The floating chat button's link.
        pub chat_url: HttpUrl,
    }
}

content_table! {
    /// A `[[social]]` link of site.toml.
    pub struct SocialLink {
        /// Which icon.
        pub kind: SocialKind,
        /// Accessible label.
        pub label: Text,
        /// Where it goes (http(s), mailto: or tel:).
        pub url: LinkUrl,
    }
}

content_table! {
    /// `[email]` of site.toml: the EmailJS settings.
    pub struct EmailSettings {
        /// The EmailJS public key.
        pub public_key: Located<Text>,
        /// The EmailJS service id.
        pub service_id: Located<Text>,
        /// The EmailJS API origin (default `https://api.emailjs.com`).
        pub origin: Option<HttpUrl>,
        /// Template ids per form.
        pub templates: Located<EmailTemplates>,
    }
}

/// The EmailJS API origin used when site.toml names none.
const DEFAULT_EMAIL_ORIGIN: &str = "https://api.emailjs.com";

impl EmailSettings {
    /// The API origin, defaulting to [`DEFAULT_EMAIL_ORIGIN`].
    pub fn origin(&self) -> &str {
        self.origin
            .as_ref()
            .map_or(DEFAULT_EMAIL_ORIGIN, |o| o.as_str())
    }
}

content_table! {
    /// `[email.templates]` of site.toml.
    pub struct EmailTemplates {
        /// The contact form's template.
        pub contact: Located<Text>,
        /// The product enquiry's template.
        pub enquiry: Located<Text>,
        /// The quote request's template.
        pub quote: Located<Text>,
        /// The job application's template; without it the job form is simulated.
        pub job: Option<Located<Text>>,
    }
}

// ---------------------------------------------------------------- navigation.toml

content_table! {
    /// `navigation.toml`: the menu and the footer links.
    pub struct Navigation {
        /// The menu items, in order.
        pub item: Vec<Located<NavEntry>>,
        /// The footer's links.
        pub footer: Footer,
    }
}

content_table! {
    /// A menu item or dropdown entry: a label and exactly one of `to` and `service`.
    pub struct NavEntry {
        /// The text shown.
        pub label: Text,
        /// A route of data-contract §4.
        pub to: Option<Located<String>>,
        /// A serviceId of services.toml (opens /services/{id}).
        pub service: Option<Located<String>>,
        /// A generated dropdown (`categories`).
        pub menu: Option<GeneratedMenu>,
        /// The dropdown's entries.
        pub entries: Option<Vec<Located<NavEntry>>>,
    }
}

content_table! {
    /// `[footer]` of navigation.toml.
    pub struct Footer {
        /// The Quick Links column.
        pub quick_links: Vec<Link>,
        /// The legal links.
        pub legal_links: Vec<Link>,
    }
}

content_table! {
    /// A footer link.
    pub struct Link {
        /// The text shown.
        pub label: Text,
        /// A route of data-contract §4.
        pub to: Located<String>,
    }
}

// ---------------------------------------------------------------- catalogue.toml, products.toml

content_table! {
    /// `catalogue.toml`.
    pub(crate) struct CatalogueFile {
        /// How many products a page of a listing shows (`/products`, a category's
        /// page), at least 1; later pages are `…/page/N`. Default
        /// [`DEFAULT_PAGE_SIZE`](crate::DEFAULT_PAGE_SIZE).
        pub page_size: Option<Located<u32>>,
        /// The categories.
        pub category: crate::de::List<Category>,
    }
}

content_table! {
    /// A product category.
    pub struct Category {
        /// URL slug, unique.
        pub id: Located<Text>,
        /// The name shown everywhere, unique.
        pub name: Located<Text>,
        /// Sidebar and compact label.
        pub short_name: Text,
        /// The category image, also the default product image.
        pub image: MediaRef,
        /// The subcategories products may name.
        pub subcategories: Vec<Text>,
    }
}

content_table! {
    /// `products.toml`.
    pub(crate) struct ProductsFile {
        /// The products.
        pub product: crate::de::List<Product>,
    }
}

content_table! {
    /// A product of the catalogue.
    pub movable struct Product {
        /// Unique positive integer.
        pub id: Located<u32>,
        /// The title (titles may repeat).
        pub title: Text,
        /// The description (plain text).
        pub description: Prose,
        /// A category id.
        pub category: Located<String>,
        /// One of the category's subcategories.
        pub subcategory: Located<String>,
        /// Optional: defaults to the category's image.
        pub image: Option<MediaRef>,
        /// Optional: `true` leaves it out of `sitegen build` (`--drafts` and `sitegen serve` show it, marked).
        pub draft: Option<bool>,
        /// Optional: old paths of the site that redirect (301) here, e.g. `/old/path`.
        pub aliases: Option<Vec<Located<String>>>,
        /// Optional: the maker's brand, e.g. "Fresenius".
        pub brand: Option<Text>,
        /// Optional: the maker's model name or number, e.g. "4008S".
        pub model: Option<Text>,
        /// Optional: what buyers compare, as name and value pairs in the order shown; a name once per product.
        pub specifications: Option<Vec<Specification>>,
        /// Optional: a PDF brochure under media/, published for download.
        pub brochure: Option<Brochure>,
    }
}

content_table! {
    /// One specification of a product, e.g. "Weight" = "12 kg".
    pub movable struct Specification {
        /// What is stated, e.g. "Weight".
        pub name: Located<Text>,
        /// Its value, e.g. "12 kg".
        pub value: Text,
    }
}

impl Product {
    /// The product id.
    pub fn id(&self) -> u32 {
        self.id.value
    }
    /// Whether `other` holds the same values, wherever in its file each is written: an
    /// edit above a product moves its spans, not what any page shows of it.
    pub fn same_values(&self, other: &Product) -> bool {
        fn values<T: PartialEq>(list: &[Located<T>]) -> impl Iterator<Item = &T> {
            list.iter().map(|item| &item.value)
        }
        let Product {
            id,
            title,
            description,
            category,
            subcategory,
            image,
            draft,
            aliases,
            brand,
            model,
            specifications,
            brochure,
        } = self;
        fn specs(product: &Product) -> impl Iterator<Item = (&Text, &Text)> {
            let specs = product.specifications().iter();
            specs.map(|spec| (&spec.name.value, &spec.value))
        }
        id.value == other.id.value
            && *title == other.title
            && *description == other.description
            && category.value == other.category.value
            && subcategory.value == other.subcategory.value
            && *image == other.image
            && *draft == other.draft
            && aliases.is_some() == other.aliases.is_some()
            && values(self.aliases()).eq(values(other.aliases()))
            && *brand == other.brand
            && *model == other.model
            && specifications.is_some() == other.specifications.is_some()
            && specs(self).eq(specs(other))
            && *brochure == other.brochure
    }
    /// The title.
    pub fn title(&self) -> &str {
        &self.title
    }
    /// The description.
    pub fn description(&self) -> &str {
        &self.description
    }
    /// The category id.
    pub fn category(&self) -> &str {
        &self.category.value
    }
    /// The subcategory.
    pub fn subcategory(&self) -> &str {
        &self.subcategory.value
    }
    /// The URL slug of the title (see [`routes::slug`]).
    pub fn slug(&self) -> String {
        routes::slug(&self.title)
    }
    /// The product page's route: `/products/{id}/{slug}`.
    pub fn route(&self) -> String {
        routes::PRODUCT.path_with(&[&self.id().to_string(), &self.slug()])
    }
    /// Whether it is a draft (left out of production builds).
    pub fn is_draft(&self) -> bool {
        self.draft == Some(true)
    }
    /// Its old paths (`aliases`), each redirecting to [`Product::route`].
    pub fn aliases(&self) -> &[Located<String>] {
        self.aliases.as_deref().unwrap_or_default()
    }
    /// Its specifications, in the order shown.
    pub fn specifications(&self) -> &[Specification] {
        self.specifications.as_deref().unwrap_or_default()
    }
}

impl Category {
    /// The id (URL slug).
    pub fn id(&self) -> &str {
        &self.id.value
    }
    /// The name.
    pub fn name(&self) -> &str {
        &self.name.value
    }
}

// ---------------------------------------------------------------- services.toml

content_table! {
    /// `services.toml`.
    pub(crate) struct ServicesFile {
        /// The service catalogue entries.
        pub service: crate::de::List<ServiceEntry>,
    }
}

content_table! {
    /// A service catalogue entry, keyed by its serviceId.
    pub struct ServiceEntry {
        /// The serviceId exactly as in URLs (may contain spaces, even trailing).
        pub id: Located<Text>,
        /// The title.
        pub title: Text,
        /// The main image.
        pub image: Option<MediaRef>,
        /// The description.
        pub description: Prose,
        /// The bullets.
        pub services_list: Vec<Text>,
        /// Whether the entry has its own gallery.
        pub has_gallery: bool,
        /// How many gallery images are shown.
        pub gallery_count: Located<u32>,
        /// The gallery: exactly `gallery_count` images when `has_gallery`.
        pub gallery: Option<Located<Vec<MediaRef>>>,
        /// Optional: `true` leaves it out of `sitegen build` (`--drafts` and `sitegen serve` show it, marked).
        pub draft: Option<bool>,
        /// Optional: old paths of the site that redirect (301) here, e.g. `/old/path`.
        pub aliases: Option<Vec<Located<String>>>,
    }
}

impl ServiceEntry {
    /// The serviceId.
    pub fn id(&self) -> &str {
        &self.id.value
    }
    /// The title.
    pub fn title(&self) -> &str {
        &self.title
    }
    /// The description.
    pub fn description(&self) -> &str {
        &self.description
    }
    /// The detail page's route: `/services/` + the URL-encoded id.
    pub fn route(&self) -> String {
        routes::SERVICE.path_with(&[&routes::encode_uri_component(self.id())])
    }
    /// Whether it is a draft (left out of production builds).
    pub fn is_draft(&self) -> bool {
        self.draft == Some(true)
    }
    /// Its old paths (`aliases`), each redirecting to [`ServiceEntry::route`].
    pub fn aliases(&self) -> &[Located<String>] {
        self.aliases.as_deref().unwrap_or_default()
    }
}

// ---------------------------------------------------------------- home.toml

pub mod home;
pub use home::{
    draft_mark, Home, HomeBlocks, HomePageView, HomeSection, HomeSectionKind, HomeView,
    SectionProblem, SectionViews,
};

// ---------------------------------------------------------------- about.toml, certificates.toml, policies, timeline.toml, pages.toml

mod information;
pub use information::*;

// ---------------------------------------------------------------- synonyms.toml

content_table! {
    /// `synonyms.toml` (optional): the words buyers search with for what the catalogue
    /// calls otherwise. The search index applies them when it is built.
    #[derive(Default)]
    pub struct Synonyms {
        /// Groups of equivalent words: a search for any of them finds the products that
        /// hold any other ("usg", "ultrasound").
        pub group: Option<crate::de::List<SynonymGroup>>,
        /// One-way mappings: a search for `word` also finds the products that hold one
        /// of `means`, never the other way ("scope" finds "endoscope").
        pub one_way: Option<crate::de::List<OneWaySynonym>>,
    }
}

content_table! {
    /// A `[[group]]` of synonyms.toml: words and phrases that mean the same.
    pub struct SynonymGroup {
        /// The words or phrases, each as a buyer would type it.
        pub words: Vec<Located<String>>,
    }
}

content_table! {
    /// A `[[one_way]]` of synonyms.toml.
    pub struct OneWaySynonym {
        /// What a buyer types.
        pub word: Located<String>,
        /// What the catalogue calls it: a search for `word` finds these too.
        pub means: Vec<Located<String>>,
    }
}

/// One rule of the synonyms as the index applies it: a product whose text holds the
/// phrase `holds` (its words in a row) is also found by the words `adds`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SynonymRule {
    /// A phrase's words, as the search splits them.
    pub holds: Vec<String>,
    /// The words a search may then use instead.
    pub adds: Vec<String>,
}

impl Synonyms {
    /// The groups, none when the file has no `[[group]]`.
    pub fn groups(&self) -> &[SynonymGroup] {
        self.group.as_ref().map_or(&[], |list| &list.0)
    }

    /// The one-way mappings, none when the file has no `[[one_way]]`.
    pub fn one_ways(&self) -> &[OneWaySynonym] {
        self.one_way.as_ref().map_or(&[], |list| &list.0)
    }

    /// Every rule of the file: each word of a group adds the others; each target of a
    /// one-way mapping adds its `word`.
    pub fn rules(&self) -> Vec<SynonymRule> {
        let phrase = |text: &str| crate::search_words::words(text).collect::<Vec<_>>();
        let mut rules = Vec::new();
        for group in self.groups() {
            let phrases: Vec<Vec<String>> = group.words.iter().map(|w| phrase(w)).collect();
            for (index, holds) in phrases.iter().enumerate() {
                let adds: Vec<String> = phrases
                    .iter()
                    .enumerate()
                    .filter(|(other, _)| *other != index)
                    .flat_map(|(_, words)| words.iter().cloned())
                    .collect();
                rules.push(SynonymRule {
                    holds: holds.clone(),
                    adds,
                });
            }
        }
        for mapping in self.one_ways() {
            for target in &mapping.means {
                rules.push(SynonymRule {
                    holds: phrase(target),
                    adds: phrase(&mapping.word),
                });
            }
        }
        rules.retain(|rule| !rule.holds.is_empty() && !rule.adds.is_empty());
        rules
    }
}
