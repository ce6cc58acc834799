// Old URLs in the app: what sitegen's `_redirects` answers with a 301, the client
// router does on an in-app navigation, from `/data/redirects.json` (fetched only when
// a URL has no data of its own).
import { redirect } from 'react-router-dom';
import { ROUTE_PATHS } from '../lib/route-paths.gen';
import type { RedirectMap } from './contract.gen';
import { fetchData } from './data-cache';
import { REDIRECTS_DATA_URL } from './data-files.gen';
import { safeDecode, withoutTrailingSlash } from './route-data-url';

/**
 * Where an old URL lives now: an alias's target, or for `/products/{id}` and
 * `/products/{id}/{any slug}` the product's current page. `null` for a current or
 * unknown URL.
 */
export function redirectTarget(map: RedirectMap, pathname: string): string | null {
  const path = withoutTrailingSlash(safeDecode(pathname));
  const alias = Object.hasOwn(map.aliases, path) ? map.aliases[path] : undefined;
  if (alias !== undefined) return alias;
  const id = permalinkId(path);
  const target = id !== undefined && Object.hasOwn(map.products, id) ? map.products[id] : undefined;
  return target !== undefined && target !== path ? target : null;
}

/** A redirect response for an old URL (browser only), or `null`. */
export async function redirectForOldUrl(url: URL): Promise<Response | null> {
  const map = await fetchData<RedirectMap>(REDIRECTS_DATA_URL);
  const target = map && redirectTarget(map, url.pathname);
  return target ? redirect(target + url.search) : null;
}

/** The product id of its permalink (`/products/{id}`) or of any slug under it (`/products/{id}/{slug}`). */
function permalinkId(path: string): string | undefined {
  const permalink = ROUTE_PATHS['product-permalink'].path;
  const prefix = permalink.slice(0, permalink.indexOf(':'));
  if (!path.startsWith(prefix)) return undefined;
  const [id = '', ...slug] = path.slice(prefix.length).split('/');
  return /^\d+$/.test(id) && slug.length <= 1 ? id : undefined;
}
