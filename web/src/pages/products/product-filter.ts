import type { ProductSummary } from '../../content/types';

/** The "everything" value of both the category and the subcategory filter. */
export const ALL = 'All';

export type ProductSelection = { category: string; subcategory: string };

export const ALL_PRODUCTS: ProductSelection = { category: ALL, subcategory: ALL };

/** Reads the selection a menu entry passes in the navigation state (anything else: all products). */
export function selectionFromState(state: unknown): ProductSelection {
  if (typeof state !== 'object' || state === null) return ALL_PRODUCTS;
  const { category, subcategory } = state as Record<string, unknown>;
  if (typeof category !== 'string') return ALL_PRODUCTS;
  return { category, subcategory: typeof subcategory === 'string' ? subcategory : ALL };
}

export function filterProducts(products: ProductSummary[], selection: ProductSelection): ProductSummary[] {
  return products.filter(
    (product) =>
      (selection.category === ALL || product.category === selection.category) &&
      (selection.subcategory === ALL || product.subcategory === selection.subcategory),
  );
}

export function productPath(product: Pick<ProductSummary, 'id' | 'slug'>): string {
  return `/products/${product.id}/${product.slug}`;
}
