// Small, made-up data in the contract's shapes (docs/data-contract.md §3), for unit
// tests and the prerender smoke test. Not the site's content.
import type {
  Home,
  Layout,
  Media,
  Policy,
  ProductsPageData,
  RouteData,
  ServiceEntry,
} from '../content/types';

const image = (name: string): Media => ({ src: `/media/test/${name}.svg`, width: 400, height: 300 });

export const layoutFixture: Layout = {
  site: {
    name: 'Fixture Medical Pvt. Ltd.',
    shortName: 'Fixture Medical',
    baseUrl: 'https://fixture.example',
    description: 'Fixture description.',
    logo: { src: '/media/test/logo.svg', width: 160, height: 48 },
    founded: 2002,
    firstFirm: 1983,
    claims: ['20+ years of experience', '50,000+ doctors'],
  },
  contact: {
    address: '1 Fixture Road, Vasai (East), Maharashtra 401208, India',
    hours: 'Mon - Saturday: 10.00 AM - 06.30 PM',
    locationLabel: 'Vasai',
    mapsUrl: 'https://maps.example/?q=Vasai',
    mapEmbedUrl: 'https://maps.example/embed?q=Vasai',
    mapTitle: 'Map of the fixture office',
    emails: ['info@fixture.example', 'sales@fixture.example', 'support@fixture.example'],
    phones: ['+91 00000 00001', '+91 00000 00002', '+91 00000 00003'],
    topBarEmail: 'info@fixture.example',
    topBarPhones: ['+91 00000 00001', '+91 00000 00002'],
    supportEmail: 'support@fixture.example',
    chatUrl: 'https://chat.example/910000000000',
  },
  social: [
    { kind: 'instagram', label: 'Instagram', url: 'https://instagram.example/fixture' },
    { kind: 'email', label: 'E-mail', url: 'mailto:info@fixture.example' },
    { kind: 'whatsapp', label: 'WhatsApp', url: 'https://chat.example/910000000000' },
  ],
  navigation: {
    items: [
      { label: 'Home', to: '/', entries: [] },
      {
        label: 'Products',
        to: '/products',
        entries: [{ label: 'Dialysis Products', to: '/products', category: 'dialysis', entries: [] }],
      },
      {
        label: 'Services',
        to: '/services',
        entries: [
          {
            label: 'Dialysis Center Setup',
            to: '/services/dialysis-center',
            service: 'dialysis-center',
            entries: [],
          },
        ],
      },
      {
        label: "Certificate's",
        to: '/certificate',
        entries: [
          {
            label: 'Railway Registration Certification',
            to: '/railway-registration',
            entries: [{ label: 'PCMM(Store)', to: '/railway-registration/PCMM', entries: [] }],
          },
        ],
      },
    ],
    footer: {
      quickLinks: [
        { label: 'Home', to: '/' },
        { label: 'About Us', to: '/aboutUs' },
      ],
      legalLinks: [{ label: 'Privacy Policy', to: '/PrivacyPolicy' }],
    },
  },
  categories: [
    { id: 'dialysis', name: 'Dialysis Products', shortName: 'Dialysis', subcategories: ['Dialysis Machines'] },
    { id: 'dental', name: 'Dental Products', shortName: 'Dental', subcategories: ['Chairs'] },
  ],
  email: {
    publicKey: 'public-key',
    serviceId: 'service-id',
    origin: 'https://api.emailjs.com',
    templates: { contact: 'contact', enquiry: 'enquiry', quote: 'quote', job: null },
  },
};

function routeData<P>(path: string, title: string, page: P): RouteData<P> {
  return {
    meta: { title, description: `${title} description`, path, canonical: `https://fixture.example${path}` },
    page,
  };
}

export const homeFixture: Home = {
  sections: ['hero', 'stats', 'partners', 'showcase', 'services_slider', 'testimonials', 'map'],
  hero: {
    tagline: 'Delivering Trust and Innovation in Medical Equipment Since 2002',
    video: { src: '/media/test/hero.mp4', width: 0, height: 0 },
    // A photo with WebP variants, as sitegen hands it over: the hydration tests cover the <picture>.
    poster: {
      src: '/media/test/hero-poster.jpg',
      width: 1600,
      height: 900,
      variants: [
        { src: '/media/test/hero-poster.640w.webp', width: 640, height: 360 },
        { src: '/media/test/hero-poster.1600w.webp', width: 1600, height: 900 },
      ],
    },
  },
  stats: {
    heading: 'Excellence in Healthcare Support',
    items: [
      { value: 12.19, decimals: 2, prefix: '', suffix: ' M', label: 'Dollars Turnover' },
      { value: 100, decimals: 0, prefix: '', suffix: '+', label: 'Government Customers' },
    ],
  },
  partners: { heading: 'Your trusted Health Partner for life', logos: [{ name: 'Partner One', image: image('p1') }] },
  showcase: {
    heading: 'Making Healthcare Safer',
    tabs: [
      {
        label: 'Ophthalmic',
        category: 'ophthalmic',
        cards: [{ title: 'Slit Lamp', description: 'A showcase card.', image: image('slit-lamp') }],
      },
      { label: 'Dialysis', category: null, cards: [{ title: 'Dialyser', description: 'Second tab.', image: image('d') }] },
    ],
  },
  servicesSlider: {
    heading: 'Our Services',
    cards: [{ title: 'Dialysis', image: image('dialysis'), service: 'dialysis-center' }],
  },
  testimonials: {
    heading: 'What Our Clients Say',
    items: [{ quote: 'A placeholder quote.', name: 'A. Person', imageClass: 'one', backgroundClass: 'bg-one' }],
  },
  map: { heading: 'Find Us', height: 450 },
};

export const homeRoute = routeData('/', 'Fixture Medical', homeFixture);

export const productsRoute = routeData<ProductsPageData>('/products', 'Products', {
  category: null,
  products: [
    {
      id: 12,
      title: 'Hemodialysis Machine',
      category: 'dialysis',
      subcategory: 'Dialysis Machines',
      image: image('hemo'),
      slug: 'hemodialysis-machine',
    },
  ],
});

/** `/products/category/dialysis`: the one dialysis product of the fixture. */
export const dialysisCategoryRoute = routeData<ProductsPageData>(
  '/products/category/dialysis',
  'Dialysis Products | Fixture Medical',
  { category: 'dialysis', products: productsRoute.page.products },
);

export const dentalServiceFixture: ServiceEntry = {
  id: 'Dental centre setup',
  title: 'Dental Center Setup',
  image: image('dental'),
  description: 'Dental description.',
  servicesList: ['One', 'Two', 'Three', 'Four', 'Five'],
  hasGallery: false,
  galleryCount: 3,
  gallery: [],
};

export const dentalServiceRoute = routeData('/services/Dental centre setup', 'Dental Center Setup', dentalServiceFixture);

export const privacyFixture: Policy = {
  title: 'Privacy Policy',
  updated: '2026-01-01',
  intro: ['We respect your privacy.'],
  sections: [{ heading: 'Information We Collect', paragraphs: ['Names.'], bullets: ['E-mail addresses'] }],
};

export const privacyRoute = routeData('/PrivacyPolicy', 'Privacy Policy', privacyFixture);

export const notFoundRoute = routeData('/404', '404 - Page Not Found', {});
