import { describe, expect, it } from 'vitest';
import { layoutFixture, productsRoute } from '../../../testing/fixtures';
import {
  ALL_PRODUCTS,
  catalogueUrl,
  filterBySelection,
  knownSelection,
  requestedSelection,
  selectionFromQuery,
  selectionFromState,
  type ProductSelection,
} from '../product-filter';

const filterProducts = (selection: ProductSelection) => filterBySelection(productsRoute.page.products, selection);

describe('product filter', () => {
  it('starts with all products and subcategory All', () => {
    expect(selectionFromState(null)).toEqual(ALL_PRODUCTS);
    expect(selectionFromState({ category: 'dialysis' })).toEqual({ category: 'dialysis', subcategory: 'All' });
  });

  it('filters by category and subcategory', () => {
    // The valid content fixture: three dialysis products, two of them machines; no dental products.
    expect(filterProducts({ category: 'dialysis', subcategory: 'All' })).toHaveLength(3);
    expect(filterProducts({ category: 'dialysis', subcategory: 'Dialysis Machines' })).toHaveLength(2);
    expect(filterProducts({ category: 'dental', subcategory: 'All' })).toHaveLength(0);
  });

  it('gives every selection its canonical URL: all products, a category page, its subcategory in the query', () => {
    expect(catalogueUrl(ALL_PRODUCTS)).toBe('/products');
    expect(catalogueUrl({ category: 'dialysis', subcategory: 'All' })).toBe('/products/category/dialysis');
    expect(catalogueUrl({ category: 'radiology', subcategory: 'Imaging & Diagnostic Products' })).toBe(
      '/products/category/radiology?subcategory=Imaging+%26+Diagnostic+Products',
    );
  });

  it('reads the selection from the category page, else the older query, else the navigation state', () => {
    const query = (text: string) => new URLSearchParams(text);
    expect(requestedSelection('dialysis', query(''), null)).toEqual({ category: 'dialysis', subcategory: 'All' });
    expect(requestedSelection('dialysis', query('subcategory=Dialysis+Machines'), { category: 'dental' })).toEqual({
      category: 'dialysis',
      subcategory: 'Dialysis Machines',
    });
    expect(requestedSelection(null, query('category=dental'), { category: 'dialysis' })).toEqual({
      category: 'dental',
      subcategory: 'All',
    });
    expect(requestedSelection(null, query(''), { category: 'dialysis' })).toEqual({
      category: 'dialysis',
      subcategory: 'All',
    });
    expect(requestedSelection(null, query(''), null)).toEqual(ALL_PRODUCTS);
    expect(selectionFromQuery(query('category=dialysis&subcategory=Dialysis%20Machines'))).toEqual({
      category: 'dialysis',
      subcategory: 'Dialysis Machines',
    });
  });

  it('sends a selection through its URL and back unchanged', () => {
    const selection = { category: 'radiology', subcategory: 'Imaging & Diagnostic Products' };
    const url = new URL(catalogueUrl(selection), 'https://site.example');
    expect(requestedSelection('radiology', url.searchParams, null)).toEqual(selection);
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
