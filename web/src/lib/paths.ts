// Every href of a page the site has one of per entry (a product, a category, a
// service, a registration type), built from the route patterns that Rust declares
// (route-table.gen.ts), so a link and the page it leads to cannot disagree.
import type { PathParam } from 'react-router-dom';
import { ROUTE_PATHS } from './route-paths.gen';

/** A route pattern with each `:name` replaced by its value, percent-encoded as a path segment. */
export function fillPattern<Pattern extends string>(
  pattern: Pattern,
  params: Record<PathParam<Pattern>, string | number>,
): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name as PathParam<Pattern>])),
  );
}

/** A product's page: `/products/12/hemodialysis-machine`. */
export function productPath(product: { id: number; slug: string }): string {
  return fillPattern(ROUTE_PATHS.product.path, { productId: product.id, slug: product.slug });
}

/** A product's permalink, which redirects to its page whatever its title became: `/products/12`. */
export function productPermalink(productId: number): string {
  return fillPattern(ROUTE_PATHS['product-permalink'].path, { id: productId });
}

/** A category's page: `/products/category/dialysis`. */
export function categoryPath(categoryId: string): string {
  return fillPattern(ROUTE_PATHS['products-category'].path, { categoryId });
}

/** A service's detail page (ids may hold spaces, even a trailing one). */
export function servicePath(serviceId: string): string {
  return fillPattern(ROUTE_PATHS['service-detail'].path, { serviceId });
}

/** The registrations of one type: `/railway-registration/PCMM`. */
export function registrationPath(type: string): string {
  return fillPattern(ROUTE_PATHS.registrations.path, { type });
}
