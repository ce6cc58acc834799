// The JSON that sitegen hands to the app: docs/data-contract.md §3, field for field.
// Hand-written; change the contract first, then this file.

/** One responsive WebP file of a raster image (`src` like "/media/home/poster.640w.1a2b3c4d.webp"). */
export type MediaVariant = { src: string; width: number; height: number };

/**
 * A media reference, resolved by sitegen (`src` like "/media/brand/logo.3f2a9c1e.svg").
 * `variants`: the WebP files of a png/jpg image, narrowest first, each smaller than `src`;
 * absent when there are none.
 */
export type Media = { src: string; width: number; height: number; variants?: MediaVariant[] };

export type Link = { label: string; to: string };

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
  entries: NavItem[];
};

export type SocialKind = 'instagram' | 'facebook' | 'twitter' | 'email' | 'linkedin' | 'whatsapp';

export type Category = { id: string; name: string; shortName: string; subcategories: string[] };

/** `/data/layout.json`: every page (also embedded in each page). */
export type Layout = {
  site: {
    name: string;
    shortName: string;
    baseUrl: string;
    description: string;
    logo: Media;
    founded: number;
    firstFirm: number;
    claims: string[];
  };
  contact: {
    address: string;
    hours: string;
    locationLabel: string;
    mapsUrl: string;
    mapEmbedUrl: string;
    mapTitle: string;
    emails: string[];
    phones: string[];
    topBarEmail: string;
    topBarPhones: string[];
    supportEmail: string;
    chatUrl: string;
  };
  social: { kind: SocialKind; label: string; url: string }[];
  navigation: { items: NavItem[]; footer: { quickLinks: Link[]; legalLinks: Link[] } };
  categories: Category[];
  email: {
    publicKey: string;
    serviceId: string;
    origin: string;
    templates: { contact: string; enquiry: string; quote: string; job: string | null };
  };
};

export type RouteMeta = { title: string; description: string; path: string; canonical: string };

/** `/data/routes/{path}.json`: one per prerendered route. */
export type RouteData<P> = { meta: RouteMeta; page: P };

export type ProductSummary = {
  id: number;
  title: string;
  /** a category id */
  category: string;
  subcategory: string;
  image: Media;
  slug: string;
  /** Only in previews (`sitegen serve`, `build --drafts`): the product is a draft. */
  draft?: true;
};

export type Product = ProductSummary & { description: string; categoryName: string };

export type ServiceSummary = { id: string; title: string; image: Media | null; draft?: true };

export type ServiceEntry = {
  id: string;
  title: string;
  image: Media | null;
  description: string;
  servicesList: string[];
  hasGallery: boolean;
  galleryCount: number;
  gallery: Media[];
  draft?: true;
};

export type RegistrationType = 'PCMM' | 'PCMD';

export type Registration = { type: RegistrationType; id: string; title: string; image: Media | null };

export type Certificate = { id: string; title: string; image: Media | null; draft?: true };

export type StatItem = { value: number; decimals: number; prefix: string; suffix: string; label: string };

export type ShowcaseCard = { title: string; description: string; image: Media };

export type ShowcaseTab = { label: string; category: string | null; cards: ShowcaseCard[] };

export type ServiceCard = { title: string; image: Media; service: string | null };

export type Testimonial = {
  quote: string;
  name: string;
  imageClass: string;
  backgroundClass: string;
  draft?: true;
};

/** A section name of home.toml's `sections` (sitegen validates them). */
export type HomeSection = 'hero' | 'stats' | 'partners' | 'showcase' | 'services_slider' | 'testimonials' | 'map';

/** The block routes: every home block, and the home page's `sections`. */
export type Home = HomeBlocks & { sections: HomeSection[] };

/** `/`: the sections home.toml lists, in order, and the data of those only. */
export type HomePageData = Partial<HomeBlocks> & { sections: HomeSection[] };

export type HomeBlocks = {
  /** `video` has width/height 0 */
  hero: { tagline: string; video: Media; poster: Media };
  stats: { heading: string; items: StatItem[] };
  partners: { heading: string; logos: { name: string; image: Media }[] };
  showcase: { heading: string; tabs: ShowcaseTab[] };
  servicesSlider: { heading: string; cards: ServiceCard[] };
  testimonials: { heading: string; items: Testimonial[] };
  map: { heading: string; height: number };
};

/** `points` is `[]` when about.toml has none. */
export type AboutSection = { heading: string; paragraphs: string[]; points: string[] };

export type Leader = {
  title: string;
  name: string;
  designation: string;
  image: Media;
  paragraphs: string[];
};

/** about.toml in camelCase, media resolved. */
export type About = {
  whoWeAre: AboutSection;
  whyWorkWithUs: AboutSection;
  mission: { heading: string; text: string };
  vision: { heading: string; text: string };
  /** `[[leaders.item]]` keeps its TOML name. */
  leaders: { heading: string; item: Leader[] };
  usp: AboutSection;
  servicesBox: { heading: string; items: string[] };
  specializationBox: { heading: string; items: string[] };
};

export type Policy = {
  title: string;
  updated: string | null;
  intro: string[];
  sections: { heading: string; paragraphs: string[]; bullets: string[] }[];
};

export type CompanyTimelineEntry = { date: string; title: string; text: string };

export type BiographyEntry = { year: number; title: string; text: string; image: Media };

/** timeline.toml in camelCase (`[[….entry]]` keeps its TOML name). */
export type Timeline = {
  company: { heading: string; entry: CompanyTimelineEntry[] };
  biography: { heading: string; sourceUrl: string; sourceLabel: string; entry: BiographyEntry[] };
};

// Page data by screen (the `page` of RouteData).
/**
 * `/products` (every product, `category` null) and `/products/category/{id}` (only that
 * category's products, `category` its id).
 */
export type ProductsPageData = { category: string | null; products: ProductSummary[] };
export type ProductPageData = { product: Product; related: ProductSummary[] };
export type ServicesPageData = { services: ServiceSummary[] };
export type CertificatesPageData = { certificates: Certificate[] };
export type RailwayPageData = { types: { type: RegistrationType; items: Registration[] }[] };
export type RegistrationsPageData = { type: string; items: Registration[] };
export type EmptyPageData = Record<string, never>;

/** What sitegen sends with each prerender request (§5). */
export type PrerenderData = { layout: Layout; route: RouteData<unknown> };

/**
 * What each page embeds (§6). `path` is the decoded route path, `null` on the 404 page
 * (rendered afresh for whatever URL it is served at).
 */
export type EmbeddedPageData = PrerenderData & { path: string | null };
