// The pages of a product listing (catalogue.toml's `page_size`): `/products` and a
// category's page are page 1, later pages are `…/page/N`, each carrying its own data.
import { fetchRouteData } from '../../content/data-cache';
import { routeDataUrl } from '../../content/route-data-url';
import type { ProductSummary, ProductsPageData, RouteData } from '../../content/types';
import { categoryPath, fillPattern } from '../../lib/paths';
import { ROUTE_PATHS } from '../../lib/route-paths.gen';

/** The URL of page `page` (1-based) of `/products` (`categoryId` null) or of a category's listing. */
export function listingPagePath(categoryId: string | null, page: number): string {
  if (page <= 1) return categoryId === null ? '/products' : categoryPath(categoryId);
  return categoryId === null
    ? fillPattern(ROUTE_PATHS['products-page'].path, { page })
    : fillPattern(ROUTE_PATHS['products-category-page'].path, { categoryId, page });
}

type ListingData = RouteData<ProductsPageData>;

/** A page of a listing's data (fetched once per visit; the page shown is in the cache already). */
function loadPage(categoryId: string | null, page: number): Promise<ListingData | null> {
  return fetchRouteData<ListingData>(routeDataUrl(listingPagePath(categoryId, page)));
}

/**
 * Every product of `/products` (`categoryId` null) or of a category, in order, from
 * the data of its pages: page 1 says how many there are. `null` when a page is
 * missing (an unknown category, or the site changed since this page was loaded).
 */
export async function loadWholeListing(categoryId: string | null): Promise<ProductSummary[] | null> {
  const first = await loadPage(categoryId, 1);
  if (!first) return null;
  const later = await Promise.all(
    Array.from({ length: first.page.paging.of - 1 }, (_, index) => loadPage(categoryId, index + 2)),
  );
  const pages = [first, ...later];
  if (pages.some((page) => page === null)) return null;
  return pages.flatMap((page) => page?.page.products ?? []);
}
