//! The tables of the information pages: about, certificates and registrations, the
//! legal pages, the timeline and the static pages' titles.

use super::*;
use crate::de::content_table;

// ---------------------------------------------------------------- about.toml

content_table! {
    /// `about.toml`: the About Us page.
    pub struct About {
        /// Who are we.
        pub who_we_are: AboutSection,
        /// Why you should work with us.
        pub why_work_with_us: AboutSection,
        /// Our Mission.
        pub mission: Statement,
        /// Our Vision.
        pub vision: Statement,
        /// Story of our Leaders.
        pub leaders: Leaders,
        /// About Our USP.
        pub usp: AboutSection,
        /// Our Services box.
        pub services_box: ListBox,
        /// Our Specialization box.
        pub specialization_box: ListBox,
    }
}

content_table! {
    /// A section of paragraphs and optional points.
    pub struct AboutSection {
        /// The heading.
        pub heading: Text,
        /// The paragraphs.
        pub paragraphs: Vec<Prose>,
        /// Optional bullet points.
        pub points: Option<Vec<Text>>,
    }
}

content_table! {
    /// A heading with one text (mission, vision).
    pub struct Statement {
        /// The heading.
        pub heading: Text,
        /// The text.
        pub text: Prose,
    }
}

content_table! {
    /// `[leaders]`.
    pub struct Leaders {
        /// The heading.
        pub heading: Text,
        /// The leader profiles.
        pub item: Vec<Leader>,
    }
}

content_table! {
    /// A leader profile.
    pub struct Leader {
        /// The role (e.g. Managing Director).
        pub title: Text,
        /// The name.
        pub name: Text,
        /// The designation.
        pub designation: Text,
        /// The portrait.
        pub image: MediaRef,
        /// The story.
        pub paragraphs: Vec<Prose>,
    }
}

content_table! {
    /// A heading with a list of items.
    pub struct ListBox {
        /// The heading.
        pub heading: Text,
        /// The items.
        pub items: Vec<Text>,
    }
}

// ---------------------------------------------------------------- certificates.toml

content_table! {
    /// `certificates.toml`.
    pub(crate) struct CertificatesFile {
        /// The professional certificates.
        pub certificate: crate::de::List<Certificate>,
        /// The railway registrations.
        pub registration: crate::de::List<Registration>,
    }
}

content_table! {
    /// A certificate of the gallery.
    pub struct Certificate {
        /// Unique id.
        pub id: Located<Text>,
        /// The title.
        pub title: Text,
        /// The image; the placeholder shows when absent.
        pub image: Option<MediaRef>,
        /// Optional: `true` leaves it out of `sitegen build` (`--drafts` and `sitegen serve` show it, marked).
        pub draft: Option<bool>,
    }
}

content_table! {
    /// A railway registration certificate.
    pub struct Registration {
        /// PCMM or PCMD.
        pub kind as "type": RegistrationType,
        /// Unique id.
        pub id: Located<Text>,
        /// The title.
        pub title: Text,
        /// The image; the placeholder shows when absent.
        pub image: Option<MediaRef>,
    }
}

// ---------------------------------------------------------------- policies/*.toml

content_table! {
    /// A legal page (`policies/{privacy,terms,shipping,payment}.toml`).
    ///
    /// Texts may use `{support_email}`, `{company}` and `{address}`.
    pub struct Policy {
        /// The page title.
        pub title: Located<Text>,
        /// Shown as "Last updated".
        pub updated: Option<Text>,
        /// Introductory paragraphs.
        pub intro: Option<Vec<Located<Prose>>>,
        /// The sections.
        pub section: Option<Vec<PolicySection>>,
    }
}

content_table! {
    /// A section of a legal page.
    pub struct PolicySection {
        /// The heading.
        pub heading: Located<Text>,
        /// The paragraphs.
        pub paragraphs: Option<Vec<Located<Prose>>>,
        /// Optional bullets.
        pub bullets: Option<Vec<Located<Prose>>>,
    }
}

/// The four legal pages.
#[derive(Debug, Clone, PartialEq)]
pub struct Policies {
    /// The privacy policy.
    pub privacy: Policy,
    /// The terms and conditions.
    pub terms: Policy,
    /// The shipping (and return/refund) policy.
    pub shipping: Policy,
    /// The payment policy.
    pub payment: Policy,
}

impl Policies {
    /// The policy of a kind.
    pub fn get(&self, kind: PolicyKind) -> &Policy {
        match kind {
            PolicyKind::Privacy => &self.privacy,
            PolicyKind::Terms => &self.terms,
            PolicyKind::Shipping => &self.shipping,
            PolicyKind::Payment => &self.payment,
        }
    }
}

// ---------------------------------------------------------------- timeline.toml

content_table! {
    /// `timeline.toml`: the placeholder company timeline and the biography timeline.
    pub struct Timeline {
        /// The company timeline (placeholder content).
        pub company: CompanyTimeline,
        /// The biography timeline.
        pub biography: Biography,
    }
}

content_table! {
    /// `[company]` of timeline.toml.
    pub struct CompanyTimeline {
        /// The heading.
        pub heading: Text,
        /// The entries.
        pub entry: Vec<CompanyEntry>,
    }
}

content_table! {
    /// A company timeline entry.
    pub struct CompanyEntry {
        /// The date as shown.
        pub date: Text,
        /// The title.
        pub title: Text,
        /// The text.
        pub text: Prose,
    }
}

content_table! {
    /// `[biography]` of timeline.toml.
    pub struct Biography {
        /// The heading.
        pub heading: Text,
        /// Where the text comes from.
        pub source_url: HttpUrl,
        /// The source link's label.
        pub source_label: Text,
        /// The entries.
        pub entry: Vec<BiographyEntry>,
    }
}

content_table! {
    /// A biography timeline entry.
    pub struct BiographyEntry {
        /// The year.
        pub year: u32,
        /// The title.
        pub title: Text,
        /// The text.
        pub text: Prose,
        /// The background image shown while the entry is in view.
        pub image: MediaRef,
    }
}

// ---------------------------------------------------------------- pages.toml

content_table! {
    /// `pages.toml`.
    pub(crate) struct PagesFile {
        /// The page descriptions.
        pub page: crate::de::List<PageMeta>,
    }
}

content_table! {
    /// The title and meta description of a static route.
    pub struct PageMeta {
        /// A static route of data-contract §4.
        pub path: Located<String>,
        /// The page title.
        pub title: Text,
        /// The meta description.
        pub description: Text,
    }
}

impl PageMeta {
    /// The route.
    pub fn path(&self) -> &str {
        &self.path.value
    }
    /// The page title.
    pub fn title(&self) -> &str {
        &self.title
    }
    /// The meta description.
    pub fn description(&self) -> &str {
        &self.description
    }
}

impl Certificate {
    /// The id.
    pub fn id(&self) -> &str {
        &self.id.value
    }
    /// Whether it is a draft (left out of production builds).
    pub fn is_draft(&self) -> bool {
        self.draft == Some(true)
    }
}

impl Registration {
    /// The id.
    pub fn id(&self) -> &str {
        &self.id.value
    }
}
