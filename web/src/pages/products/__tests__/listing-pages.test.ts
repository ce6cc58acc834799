import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDataCache } from '../../../content/data-cache';
import { pageCarrying } from '../../../testing/prerendered-document';
import type { ProductSummary } from '../../../content/types';
import { listingPagePath, loadWholeListing } from '../listing-pages';

describe('listingPagePath', () => {
  it('is the listing itself for page 1 and …/page/N after it', () => {
    expect(listingPagePath(null, 1)).toBe('/products');
    expect(listingPagePath(null, 2)).toBe('/products/page/2');
    expect(listingPagePath('dialysis', 1)).toBe('/products/category/dialysis');
    expect(listingPagePath('dialysis', 40)).toBe('/products/category/dialysis/page/40');
  });

  it('encodes a category id as a path segment', () => {
    expect(listingPagePath('a b', 3)).toBe('/products/category/a%20b/page/3');
  });
});

const product = (id: number) => ({ id, title: `P${id}` }) as unknown as ProductSummary;

/** Serves the pages of a listing of `pages` pages of two products each. */
function serveListing(prefix: string, pages: number, missing: number[] = []) {
  const fetched: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    fetched.push(url);
    const match = new RegExp(`^/${prefix}(?:/page/(\\d+))?$`).exec(url);
    const number = match ? Number(match[1] ?? 1) : 0;
    if (!match || number > pages || missing.includes(number)) return Promise.resolve(new Response('', { status: 404 }));
    const page = { category: null, products: [product(number * 10), product(number * 10 + 1)], paging: { number, of: pages, total: pages * 2 } };
    return Promise.resolve(new Response(pageCarrying(url, { meta: {}, page })));
  });
  return fetched;
}

describe('loadWholeListing', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearDataCache();
  });

  it('joins every page of the listing, in order, page 1 saying how many there are', async () => {
    const fetched = serveListing('products/category/dialysis', 3);
    const products = await loadWholeListing('dialysis');
    expect(products?.map((p) => p.id)).toEqual([10, 11, 20, 21, 30, 31]);
    expect(fetched).toEqual([
      '/products/category/dialysis',
      '/products/category/dialysis/page/2',
      '/products/category/dialysis/page/3',
    ]);
  });

  it('reads /products for no category, and one page is all of a one-page listing', async () => {
    const fetched = serveListing('products', 1);
    expect((await loadWholeListing(null))?.length).toBe(2);
    expect(fetched).toEqual(['/products']);
  });

  it('is null when a page is missing (an unknown category, or the site changed)', async () => {
    serveListing('products/category/dialysis', 3, [2]);
    expect(await loadWholeListing('dialysis')).toBeNull();
    clearDataCache();
    expect(await loadWholeListing('no-such-category')).toBeNull();
  });
});
