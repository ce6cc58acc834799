import type { Category, ProductSummary } from '../../content/types';
import { categoryPath } from '../../lib/paths';

/** The "everything" value of both the category and the subcategory filter. */
export const ALL = 'All';

export type ProductSelection = { category: string; subcategory: string };

export const ALL_PRODUCTS: ProductSelection = { category: ALL, subcategory: ALL };

/**
 * The URL query keys of a filtered view. A category's page takes `?subcategory=…`;
 * `/products?category=…` is the older form, still read and sent on to the category's page.
 */
export const CATEGORY_PARAM = 'category';
export const SUBCATEGORY_PARAM = 'subcategory';

/** Reads the selection a menu entry passes in the navigation state (anything else: all products). */
export function selectionFromState(state: unknown): ProductSelection {
  if (typeof state !== 'object' || state === null) return ALL_PRODUCTS;
  const { category, subcategory } = state as Record<string, unknown>;
  if (typeof category !== 'string') return ALL_PRODUCTS;
  return { category, subcategory: typeof subcategory === 'string' ? subcategory : ALL };
}

/** The selection of a `/products?category=…` query, or `null` when the query names no category. */
export function selectionFromQuery(params: URLSearchParams): ProductSelection | null {
  const category = params.get(CATEGORY_PARAM);
  if (!category) return null;
  return { category, subcategory: params.get(SUBCATEGORY_PARAM) || ALL };
}

/**
 * The selection a products screen shows before the visitor chooses: on a category's
 * page that category, with the subcategory of the query; on `/products` the older
 * `?category=…` query, else the navigation state a menu entry passed.
 */
export function requestedSelection(
  pageCategory: string | null,
  params: URLSearchParams,
  state: unknown,
): ProductSelection {
  if (pageCategory !== null) return { category: pageCategory, subcategory: params.get(SUBCATEGORY_PARAM) || ALL };
  return selectionFromQuery(params) ?? selectionFromState(state);
}

/**
 * The canonical URL of a selection: `/products` for all products, else the category's
 * page, with `?subcategory=…` unless it is All.
 */
export function catalogueUrl(selection: ProductSelection): string {
  if (selection.category === ALL) return '/products';
  const path = categoryPath(selection.category);
  if (selection.subcategory === ALL) return path;
  return path + '?' + new URLSearchParams({ [SUBCATEGORY_PARAM]: selection.subcategory }).toString();
}

/** A selection the catalogue knows: an unknown category means all products, an unknown subcategory All. */
export function knownSelection(selection: ProductSelection, categories: readonly Category[]): ProductSelection {
  const category = categories.find((candidate) => candidate.id === selection.category);
  if (!category) return ALL_PRODUCTS;
  return category.subcategories.includes(selection.subcategory)
    ? selection
    : { category: category.id, subcategory: ALL };
}

/** The products in the selection, in their order. */
export function filterBySelection(products: readonly ProductSummary[], selection: ProductSelection): ProductSummary[] {
  return products.filter(
    (product) =>
      (selection.category === ALL || product.category === selection.category) &&
      (selection.subcategory === ALL || product.subcategory === selection.subcategory),
  );
}
