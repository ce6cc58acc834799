// The data of the unit tests and the prerender smoke test: the views sitegen builds from
// its valid content fixture (content-fixture.gen.ts, generated from
// crates/sitegen-content/tests/fixtures/valid), wrapped in route data. Not the site's content.
import type { Crumb, Home, Layout, RouteData } from '../content/types';
import * as views from './content-fixture.gen';

export const layoutFixture: Layout = views.layout;

/** Route data as sitegen plans it: the meta comes from the route, the page from the views. */
function routeData<P>(path: string, title: string, page: P, breadcrumb: Crumb[] = []): RouteData<P> {
  return {
    meta: {
      title,
      description: `${title} description`,
      path,
      canonical: `${layoutFixture.site.baseUrl}${encodeURI(path)}`,
      breadcrumb,
    },
    page,
  };
}

/** Every home block (a block route's data). */
export const homeFixture: Home = views.home;

export const homeRoute = routeData('/', layoutFixture.site.name, views.homePage);

export const productsRoute = routeData('/products', 'Products', views.productsPage);

/** `/products/category/dialysis`: only the dialysis products. */
export const dialysisCategoryRoute = routeData(
  '/products/category/dialysis',
  'Dialysis Products',
  views.categoryPages.dialysis,
);

/** A service whose id has spaces, one of them trailing ("Emergency centre setup "). */
export const spacedServiceFixture = views.servicePages['Emergency centre setup '];

export const spacedServiceRoute = routeData(
  `/services/${spacedServiceFixture.id}`,
  spacedServiceFixture.title,
  spacedServiceFixture,
);

/** A service with a gallery. */
export const dialysisServiceRoute = routeData(
  '/services/dialysis-center',
  views.servicePages['dialysis-center'].title,
  views.servicePages['dialysis-center'],
);

export const privacyFixture = views.policies.privacy;

export const privacyRoute = routeData('/PrivacyPolicy', privacyFixture.title, privacyFixture);

export const notFoundRoute = routeData('/404', '404 - Page Not Found', {});
