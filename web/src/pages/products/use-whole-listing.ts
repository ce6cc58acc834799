import { useEffect, useState } from 'react';
import type { ProductSummary } from '../../content/types';
import { loadWholeListing } from './listing-pages';

/**
 * Every product of a listing (`categoryId` null: `/products`) while `wanted`, else
 * `null`; also `null` until its pages have arrived, or when one is missing.
 */
export function useWholeListing(categoryId: string | null, wanted: boolean): ProductSummary[] | null {
  const [loaded, setLoaded] = useState<{ categoryId: string | null; products: ProductSummary[] } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    loadWholeListing(categoryId).then(
      (products) => {
        if (current && products) setLoaded({ categoryId, products });
      },
      // A page that failed to load leaves the page's own products shown.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [categoryId, wanted]);
  return wanted && loaded?.categoryId === categoryId ? loaded.products : null;
}
