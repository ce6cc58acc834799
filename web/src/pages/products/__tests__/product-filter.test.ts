import { describe, expect, it } from 'vitest';
import { productsRoute } from '../../../testing/fixtures';
import { ALL_PRODUCTS, filterProducts, selectionFromState } from '../product-filter';

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
});
