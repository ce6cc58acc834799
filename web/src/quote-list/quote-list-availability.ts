// Whether the products of a quote list are still published, asked per item rather than
// of the whole catalogue: a list holds a handful of products, a catalogue may hold
// 10,000. Each check reads the product page's own data (cached for the
// visit, the one a click on the item would load anyway), which also refreshes the
// item's title, category and image.
import { fetchRouteData } from '../content/data-cache';
import { routeDataUrl } from '../content/route-data-url';
import type { ProductPageData, RouteData } from '../content/types';
import { productPath, productPermalink } from '../lib/paths';
import type { QuoteItemSnapshot } from './quote-list-store';

export type Availability = { state: 'checking' } | { state: 'unknown' } | { state: 'gone' } | { state: 'published'; product: QuoteItemSnapshot };

function snapshotOf(data: RouteData<ProductPageData>): QuoteItemSnapshot {
  const { id, title, slug, category, categoryName, image } = data.page.product;
  return { id, title, slug, category, categoryName, image };
}

/**
 * The product's current state: its page's data, or after a rename (the slug in the
 * list is old) the page its permalink (`/products/{id}`) redirects to. A product that has neither is
 * no longer published. A failure to ask (offline) leaves it unknown.
 */
export async function checkAvailability(item: { id: number; slug: string }, fetcher: typeof fetch = fetch): Promise<Availability> {
  try {
    const data = await fetchRouteData<RouteData<ProductPageData>>(routeDataUrl(productPath(item)));
    if (data) return { state: 'published', product: snapshotOf(data) };
    const renamed = await fetcher(productPermalink(item.id), { method: 'HEAD' });
    const slug = renamed.ok ? new URL(renamed.url).pathname.match(/^\/products\/\d+\/([^/]+)\/?$/)?.[1] : undefined;
    if (!slug || slug === item.slug) return { state: 'gone' };
    const moved = await fetchRouteData<RouteData<ProductPageData>>(routeDataUrl(productPath({ id: item.id, slug })));
    return moved ? { state: 'published', product: snapshotOf(moved) } : { state: 'gone' };
  } catch {
    return { state: 'unknown' };
  }
}
