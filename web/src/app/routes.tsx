// The route table of docs/data-contract.md §4. React Router matches paths
// case-insensitively (its default), so `/JobApplicationForm` reaches the job form.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { layoutLoader, oldUrlLoader, routeDataLoader } from '../content/loaders';
import { ROOT_ROUTE_ID } from '../content/hooks';
import type { ScreenHandle } from '../lib/route-handle';
import { RootLayout } from './layout/RootLayout';
import { RouteError } from './RouteError';

type ScreenModule = { default: ComponentType };

// Every screen module, each its own chunk; the glob keys give the manifest keys, so a
// route's `handle.module` and what it loads cannot disagree.
const screenModules: Record<string, () => Promise<ScreenModule>> = {
  ...import.meta.glob<ScreenModule>('../pages/*/*Page.tsx'),
  ...import.meta.glob<ScreenModule>('./layout/*Page.tsx'),
};

function manifestKey(globKey: string): string {
  return globKey.startsWith('../') ? 'src/' + globKey.slice(3) : 'src/app/' + globKey.slice(2);
}

const importerByModule = new Map(
  Object.entries(screenModules).map(([globKey, importer]) => [manifestKey(globKey), importer]),
);

/** A route whose screen is the lazily loaded module `module` (e.g. `src/pages/home/HomePage.tsx`). */
function screen(
  id: string,
  path: string,
  module: string,
  options: { data?: 'static' | 'by-url' | 'none'; handle?: Omit<ScreenHandle, 'module'> } = {},
): RouteObject {
  const importer = importerByModule.get(module);
  if (!importer) throw new Error(`No screen module ${module}`);
  const data = options.data ?? 'static';
  const route = {
    id,
    handle: { module, ...options.handle } satisfies ScreenHandle,
    loader: data === 'none' ? undefined : routeDataLoader(data === 'static' ? path : undefined),
    lazy: async () => ({ Component: (await importer()).default }),
  };
  // The home page is the root route's index route.
  return path === '/' ? { ...route, index: true } : { ...route, path };
}

const HOME = 'src/pages/home/HomePage.tsx';
const HOME_BLOCK = 'src/pages/home/HomeBlockPage.tsx';
const LEGAL = 'src/pages/legal/LegalPage.tsx';
const PRODUCTS = 'src/pages/products/ProductsPage.tsx';

export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    path: '/',
    loader: layoutLoader,
    Component: RootLayout,
    errorElement: <RouteError />,
    children: [
      {
        // Pathless: an error in a screen keeps the frame around the error message.
        id: 'screens',
        errorElement: <RouteError />,
        children: [
          screen('home', '/', HOME),
          screen('products', '/products', PRODUCTS),
          // The literal `category` segment outranks the product route's `:productId`.
          screen('products-category', '/products/category/:categoryId', PRODUCTS, { data: 'by-url' }),
          screen('product', '/products/:productId/:slug', 'src/pages/product/ProductPage.tsx', { data: 'by-url' }),
          screen('services', '/services', 'src/pages/services/ServicesPage.tsx'),
          screen('service-detail', '/services/:serviceId', 'src/pages/services/ServiceDetailPage.tsx', {
            data: 'by-url',
          }),
          screen('certificates', '/certificate', 'src/pages/certificates/CertificatesPage.tsx'),
          screen('railway', '/railway-registration', 'src/pages/railway/RailwayPage.tsx'),
          screen('registrations', '/railway-registration/:type', 'src/pages/railway/RegistrationsPage.tsx', {
            data: 'by-url',
          }),
          screen('about', '/aboutUs', 'src/pages/about/AboutPage.tsx'),
          screen('blogs', '/blogs', 'src/pages/blogs/BlogsPage.tsx'),
          screen('contact', '/contact', 'src/pages/contact/ContactPage.tsx'),
          screen('job-application', '/jobapplicationform', 'src/pages/job-application/JobApplicationPage.tsx'),
          screen('terms', '/TermsAndConditions', LEGAL),
          screen('privacy', '/PrivacyPolicy', LEGAL),
          screen('return-refund', '/ReturnRefundPolicy', LEGAL),
          screen('shipping', '/ShippingPolicy', LEGAL),
          screen('payment', '/PaymentPolicy', LEGAL),
          // Block routes: one building block of the site alone.
          screen('block-footer', '/footer', 'src/app/layout/FooterBlockPage.tsx', {
            handle: { hideFrameFooter: true },
          }),
          screen('block-home-slider', '/home-slider', HOME_BLOCK, { handle: { block: 'hero' } }),
          screen('block-map', '/map', HOME_BLOCK, { handle: { block: 'map' } }),
          screen('block-service', '/service', HOME_BLOCK, { handle: { block: 'services' } }),
          screen('block-associate-partners', '/associate-partners', HOME_BLOCK, { handle: { block: 'partners' } }),
          screen('block-number-increase', '/number-increase', HOME_BLOCK, { handle: { block: 'stats' } }),
          screen('block-achievement', '/achievement', HOME_BLOCK, { handle: { block: 'achievements' } }),
          screen('block-our-clients-say', '/OurClientssay', HOME_BLOCK, { handle: { block: 'testimonials' } }),
          screen('block-testimonial', '/testimonial', HOME_BLOCK, { handle: { block: 'testimonials' } }),
          screen('block-product-home', '/Producthome', HOME_BLOCK, { handle: { block: 'showcase' } }),
          screen('block-product-form-modal', '/ProductFormModal', 'src/pages/blocks/EnquiryModalPreviewPage.tsx'),
          screen('block-notification', '/Notification', 'src/pages/blocks/NotificationPreviewPage.tsx'),
          screen('timeline', '/timeline', 'src/pages/timeline/TimelinePage.tsx'),
          // `/products/{id}` and aliases have no screen: their loader moves them on.
          { ...screen('not-found', '*', 'src/pages/not-found/NotFoundPage.tsx', { data: 'none' }), loader: oldUrlLoader },
        ],
      },
    ],
  },
];

/** The route id of the catch-all screen: its match means HTTP status 404. */
export const NOT_FOUND_ROUTE_ID = 'not-found';
