// Generated from crates/sitegen-view/src/lib.rs: do not edit. Regenerate with
// `SITEGEN_BLESS=1 cargo test -p sitegen-view --test contract` (docs/data-contract.md §3).

/**
 * A media reference, resolved by sitegen (`src` like "/media/brand/logo.3f2a9c1e.svg";
 * a video has width and height 0).
 */
export type Media = {
  src: string;
  width: number;
  height: number;
  /**
   * The WebP files of a png/jpg image, narrowest first, each smaller than `src`;
   * absent when there are none (SVG, GIF, video, or none smaller than the source).
   */
  variants?: Array<MediaVariant>;
};

/**
 * One responsive WebP file of a raster image (`src` like "/media/home/poster.640w.1a2b3c4d.webp").
 */
export type MediaVariant = {
  src: string;
  width: number;
  height: number;
};

/**
 * `/assets/layout.{hash}.json`: what the frame of every page shows.
 */
export type Layout = {
  site: SiteFacts;
  contact: Contact;
  social: Array<SocialLink>;
  navigation: Navigation;
  categories: Array<Category>;
  email: EmailSettings;
};

/**
 * The company facts of site.toml.
 */
export type SiteFacts = {
  name: string;
  shortName: string;
  baseUrl: string;
  description: string;
  logo: Media;
  founded: number;
  firstFirm: number;
  claims: Array<string>;
};

/**
 * The contact details of site.toml.
 */
export type Contact = {
  address: string;
  hours: string;
  locationLabel: string;
  mapsUrl: string;
  mapEmbedUrl: string;
  mapTitle: string;
  emails: Array<string>;
  phones: Array<string>;
  topBarEmail: string;
  topBarPhones: Array<string>;
  supportEmail: string;
  chatUrl: string;
};

/**
 * The kind of a social link in the top bar (it picks the icon).
 */
export type SocialKind = "instagram" | "facebook" | "twitter" | "email" | "linkedin" | "whatsapp";

/**
 * A top bar link; `kind` picks the icon.
 */
export type SocialLink = {
  kind: SocialKind;
  label: string;
  url: string;
};

/**
 * The menu and the footer links.
 */
export type Navigation = {
  items: Array<NavItem>;
  footer: Footer;
};

/**
 * The footer's link lists.
 */
export type Footer = {
  quickLinks: Array<Link>;
  legalLinks: Array<Link>;
};

/**
 * A footer link.
 */
export type Link = {
  label: string;
  to: string;
};

/**
 * A menu entry. `to` is always filled: a `service` entry has
 * to = "/services/" + encodeURIComponent(service); the generated products menu has
 * entries { label: category name, to: "/products", category: id }.
 */
export type NavItem = {
  label: string;
  to: string;
  service?: string;
  category?: string;
  entries: Array<NavItem>;
};

/**
 * A category of the catalogue (the products' filter and menu).
 */
export type Category = {
  id: string;
  name: string;
  shortName: string;
  subcategories: Array<string>;
};

/**
 * The EmailJS settings of site.toml.
 */
export type EmailSettings = {
  publicKey: string;
  serviceId: string;
  origin: string;
  templates: EmailTemplates;
};

/**
 * The EmailJS template of each form; without `job` the job form is simulated.
 */
export type EmailTemplates = {
  contact: string;
  enquiry: string;
  quote: string;
  job: string | null;
};

/**
 * Title, description, path and canonical URL of a route.
 */
export type RouteMeta = {
  /**
   * The page title.
   */
  title: string;
  /**
   * The meta description.
   */
  description: string;
  /**
   * The decoded route path.
   */
  path: string;
  /**
   * The canonical URL on the live site (empty on the 404 page).
   */
  canonical: string;
};

/**
 * `/data/routes/{path}.json`: one per prerendered route; `page` is the screen's data.
 */
export type RouteData<P> = {
  /**
   * Title, description, path and canonical URL.
   */
  meta: RouteMeta;
  /**
   * The screen's data.
   */
  page: P;
};

/**
 * The data of a page that shows none of the content (`/contact`, `/blogs`, the forms,
 * the 404 page): `{}`.
 */
export type EmptyPage = Record<symbol, never>;

/**
 * What the app renders a route from (docs/data-contract.md §5): the layout every page
 * shares and the route's data. sitegen sends a prerender worker the layout once and
 * then one route per request, and `web/scripts/prerender.mjs` puts them together;
 * both fields hold the JSON sitegen wrote, passed on as it is.
 */
export type PrerenderData = {
  /**
   * The layout (`/assets/layout.{hash}.json`).
   */
  layout: Layout;
  /**
   * The route's `/data/routes/….json`.
   */
  route: RouteData<unknown>;
};

/**
 * What each prerendered page embeds in its data script (docs/data-contract.md §6): the
 * route data it was rendered from, and the path it was rendered for. The layout it was
 * rendered with is not embedded: every page names the one file all pages share
 * (`/assets/layout.{hash}.json`) on its entry script's `data-layout` attribute.
 */
export type EmbeddedPageData = {
  /**
   * The decoded route path; `null` on the 404 page, which the client renders afresh
   * for whatever URL it is served at.
   */
  path: string | null;
  /**
   * The route's `/data/routes/….json`.
   */
  route: RouteData<unknown>;
};

/** A section name of home.toml's `sections` (sitegen validates them). */
export type HomeSection = "hero" | "stats" | "partners" | "showcase" | "services_slider" | "testimonials" | "map";

/**
 * The block routes: every home block, and the home page's `sections`.
 */
export type Home = {
  sections: Array<HomeSection>;
  hero: Hero;
  stats: Stats;
  partners: Partners;
  showcase: Showcase;
  servicesSlider: ServicesSlider;
  testimonials: Testimonials;
  map: MapBlock;
};

/**
 * `/`: the sections home.toml lists, in order, and the data of those only, so a
 * section left out costs nothing.
 */
export type HomePageData = {
  sections: Array<HomeSection>;
  hero?: Hero;
  stats?: Stats;
  partners?: Partners;
  showcase?: Showcase;
  servicesSlider?: ServicesSlider;
  testimonials?: Testimonials;
  map?: MapBlock;
};

/**
 * The hero block.
 */
export type Hero = {
  tagline: string;
  /**
   * A video: width and height are 0.
   */
  video: Media;
  poster: Media;
};

/**
 * The counters block.
 */
export type Stats = {
  heading: string;
  items: Array<StatItem>;
};

/**
 * A counter: it counts up to `value`, shown with `decimals` decimals.
 */
export type StatItem = {
  value: number;
  decimals: number;
  prefix: string;
  suffix: string;
  label: string;
};

/**
 * The partner logos block.
 */
export type Partners = {
  heading: string;
  logos: Array<PartnerLogo>;
};

/**
 * A partner's logo.
 */
export type PartnerLogo = {
  name: string;
  image: Media;
};

/**
 * The showcase block: tabs of cards.
 */
export type Showcase = {
  heading: string;
  tabs: Array<ShowcaseTab>;
};

/**
 * A showcase tab; `category` (an id) links it to the category's products.
 */
export type ShowcaseTab = {
  label: string;
  category: string | null;
  cards: Array<ShowcaseCard>;
};

/**
 * A card of a showcase tab.
 */
export type ShowcaseCard = {
  title: string;
  description: string;
  image: Media;
};

/**
 * The services slider block.
 */
export type ServicesSlider = {
  heading: string;
  cards: Array<ServiceCard>;
};

/**
 * A services slider card; `service` (a serviceId) links it to the service's page.
 */
export type ServiceCard = {
  title: string;
  image: Media;
  service: string | null;
};

/**
 * The testimonials block.
 */
export type Testimonials = {
  heading: string;
  items: Array<Testimonial>;
};

/**
 * A testimonial slide; the classes are style keys.
 */
export type Testimonial = {
  quote: string;
  name: string;
  imageClass: string;
  backgroundClass: string;
  /**
   * Only in previews (`sitegen serve`, `build --drafts`): the entry is a draft.
   */
  draft?: true;
};

/**
 * The map block.
 */
export type MapBlock = {
  heading: string;
  height: number;
};

/**
 * A product in a listing: `{ id, title, category, subcategory, image, slug }`.
 */
export type ProductSummary = {
  id: number;
  title: string;
  /**
   * A category id.
   */
  category: string;
  subcategory: string;
  /**
   * The product's image, else its category's (checked content always has one).
   */
  image: Media;
  slug: string;
  /**
   * Only in previews (`sitegen serve`, `build --drafts`): the product is a draft.
   */
  draft?: true;
};

/**
 * A product page's product: its summary, description and category name.
 */
export type Product = {
  description: string;
  categoryName: string;
  id: number;
  title: string;
  /**
   * A category id.
   */
  category: string;
  subcategory: string;
  /**
   * The product's image, else its category's (checked content always has one).
   */
  image: Media;
  slug: string;
  /**
   * Only in previews (`sitegen serve`, `build --drafts`): the product is a draft.
   */
  draft?: true;
};

/**
 * `/products` (every product, `category` null) and `/products/category/{id}` (only that
 * category's products, `category` its id): one page of the listing, `paging` saying
 * which (catalogue.toml's `page_size`).
 */
export type ProductsPageData = {
  category: string | null;
  products: Array<ProductSummary>;
  paging: ListingPaging;
};

/**
 * Where a page of a listing is: page `number` (1-based) of `of`, the whole listing
 * holding `total` products (its pages are `{listing}` and `{listing}/page/N`).
 */
export type ListingPaging = {
  /**
   * This page, 1-based.
   */
  number: number;
  /**
   * How many pages the listing has (at least 1).
   */
  of: number;
  /**
   * How many products the listing holds, over all its pages.
   */
  total: number;
};

/**
 * `/products/{id}/{slug}`: the product and up to [`RELATED_PRODUCTS`] others of its category.
 */
export type ProductPageData = {
  product: Product;
  related: Array<ProductSummary>;
};

/**
 * A service in the `/services` listing.
 */
export type ServiceSummary = {
  id: string;
  title: string;
  image: Media | null;
  /**
   * Only in previews (`sitegen serve`, `build --drafts`): the entry is a draft.
   */
  draft?: true;
};

/**
 * `/services`: every service entry.
 */
export type ServicesPageData = {
  services: Array<ServiceSummary>;
};

/**
 * `/services/{id}`: a service entry of services.toml.
 */
export type ServiceEntry = {
  id: string;
  title: string;
  image: Media | null;
  description: string;
  servicesList: Array<string>;
  hasGallery: boolean;
  galleryCount: number;
  gallery: Array<Media>;
  /**
   * Only in previews (`sitegen serve`, `build --drafts`): the entry is a draft.
   */
  draft?: true;
};

/**
 * A certificate of the `/certificate` page; without an image the placeholder shows.
 */
export type Certificate = {
  id: string;
  title: string;
  image: Media | null;
  /**
   * Only in previews (`sitegen serve`, `build --drafts`): the entry is a draft.
   */
  draft?: true;
};

/**
 * `/certificate`: every certificate.
 */
export type CertificatesPageData = {
  certificates: Array<Certificate>;
};

/**
 * The kind of a railway registration certificate.
 */
export type RegistrationType = "PCMM" | "PCMD";

/**
 * A railway registration certificate.
 */
export type Registration = {
  type: RegistrationType;
  id: string;
  title: string;
  image: Media | null;
};

/**
 * `/railway-registration`: the registrations of each type, PCMM then PCMD.
 */
export type RailwayPageData = {
  types: Array<RegistrationsPageData>;
};

/**
 * `/railway-registration/{type}`: the registrations of one type.
 */
export type RegistrationsPageData = {
  type: RegistrationType;
  items: Array<Registration>;
};

/**
 * `/aboutUs`: about.toml in camelCase, media resolved.
 */
export type About = {
  whoWeAre: AboutSection;
  whyWorkWithUs: AboutSection;
  mission: Statement;
  vision: Statement;
  leaders: Leaders;
  usp: AboutSection;
  servicesBox: ListBox;
  specializationBox: ListBox;
};

/**
 * A section of the About page; `points` is `[]` when about.toml has none.
 */
export type AboutSection = {
  heading: string;
  paragraphs: Array<string>;
  points: Array<string>;
};

/**
 * The mission or the vision.
 */
export type Statement = {
  heading: string;
  text: string;
};

/**
 * A boxed list (services, specialization).
 */
export type ListBox = {
  heading: string;
  items: Array<string>;
};

/**
 * The leaders; `[[leaders.item]]` keeps its TOML name.
 */
export type Leaders = {
  heading: string;
  item: Array<Leader>;
};

/**
 * One leader's story.
 */
export type Leader = {
  title: string;
  name: string;
  designation: string;
  image: Media;
  paragraphs: Array<string>;
};

/**
 * A legal page, placeholders filled.
 */
export type Policy = {
  title: string;
  updated: string | null;
  intro: Array<string>;
  sections: Array<PolicySection>;
};

/**
 * A section of a legal page.
 */
export type PolicySection = {
  heading: string;
  paragraphs: Array<string>;
  bullets: Array<string>;
};

/**
 * `/timeline`: timeline.toml in camelCase (`[[….entry]]` keeps its TOML name), media resolved.
 */
export type Timeline = {
  company: CompanyTimeline;
  biography: Biography;
};

/**
 * The placeholder company timeline.
 */
export type CompanyTimeline = {
  heading: string;
  entry: Array<CompanyTimelineEntry>;
};

/**
 * An entry of the company timeline.
 */
export type CompanyTimelineEntry = {
  date: string;
  title: string;
  text: string;
};

/**
 * The biography timeline and its source.
 */
export type Biography = {
  heading: string;
  sourceUrl: string;
  sourceLabel: string;
  entry: Array<BiographyEntry>;
};

/**
 * An entry of the biography timeline.
 */
export type BiographyEntry = {
  year: number;
  title: string;
  text: string;
  image: Media;
};
