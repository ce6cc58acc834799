import { describe, expect, it } from 'vitest';
import { layoutFixture, productsRoute } from '../../../testing/fixtures';
import {
  ALL_PRODUCTS,
  categoryPath,
  filterProducts,
  knownSelection,
  queryOf,
  selectionFromQuery,
  selectionFromState,
} from '../product-filter';

const products = productsRoute.page.products;

describe('product filter', () => {
  it('starts with all products and subcategory All', () => {
    expect(selectionFromState(null)).toEqual(ALL_PRODUCTS);
    expect(selectionFromState({ category: 'dialysis' })).toEqual({ category: 'dialysis', subcategory: 'All' });
  });

  it('filters by category and subcategory', () => {
    expect(filterProducts(products, { category: 'dialysis', subcategory: 'All' })).toHaveLength(1);
    expect(filterProducts(products, { category: 'dialysis', subcategory: 'Dialysis Machines' })).toHaveLength(1);
    expect(filterProducts(products, { category: 'dental', subcategory: 'All' })).toHaveLength(0);
  });

  it('searches titles by every word, ignoring case and spacing', () => {
    expect(filterProducts(products, ALL_PRODUCTS, '  HEMO  machine ')).toHaveLength(1);
    expect(filterProducts(products, ALL_PRODUCTS, 'machine hemo')).toHaveLength(1);
    expect(filterProducts(products, ALL_PRODUCTS, 'ventilator')).toHaveLength(0);
    expect(filterProducts(products, { category: 'dental', subcategory: 'All' }, 'hemo')).toHaveLength(0);
  });

  it('reads and writes the selection in the URL query', () => {
    const selection = { category: 'dialysis', subcategory: 'Dialysis Machines' };
    expect(selectionFromQuery(new URLSearchParams(queryOf(selection)))).toEqual(selection);
    expect(queryOf(ALL_PRODUCTS)).toBe('');
    expect(selectionFromQuery(new URLSearchParams(''))).toBeNull();
    expect(selectionFromQuery(new URLSearchParams('category=dialysis'))).toEqual({ category: 'dialysis', subcategory: 'All' });
    expect(categoryPath('dialysis')).toBe('/products?category=dialysis');
  });

  it('falls back to what the catalogue knows', () => {
    const { categories } = layoutFixture;
    expect(knownSelection({ category: 'no-such', subcategory: 'All' }, categories)).toEqual(ALL_PRODUCTS);
    expect(knownSelection({ category: 'dialysis', subcategory: 'No such' }, categories)).toEqual({
      category: 'dialysis',
      subcategory: 'All',
    });
  });
});
