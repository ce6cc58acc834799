// Run with `npx vitest bench --run src/pages/products`: how long the catalogue filter
// and title search take on 10,000 generated products (a benchmark, not a timed test).
import { bench, describe } from 'vitest';
import type { ProductSummary } from '../../../content/types';
import { ALL, ALL_PRODUCTS, filterSearchable, searchable } from '../product-filter';

const WORDS = ['dialysis', 'monitor', 'infusion', 'pump', 'ventilator', 'scanner', 'ultrasound', 'surgical', 'lamp', 'bed'];
const CATEGORIES = { length: 16 };

function generatedProducts(count: number): ProductSummary[] {
  return Array.from({ length: count }, (_, index) => {
    const title = `${WORDS[index % WORDS.length] ?? ''} ${WORDS[(index * 7) % WORDS.length] ?? ''} model ${index}`;
    return {
      id: index + 1,
      title,
      category: `category-${index % CATEGORIES.length}`,
      subcategory: index % 3 === 0 ? 'Machines' : 'Equipments',
      image: { src: '/media/x.svg', width: 400, height: 300 },
      slug: title.replace(/\s+/g, '-'),
    };
  });
}

const products = generatedProducts(10_000);
const index = searchable(products);

describe('filtering 10,000 products', () => {
  bench('building the search index (once per page load)', () => {
    searchable(products);
  });
  bench('all products, no query', () => {
    filterSearchable(index, ALL_PRODUCTS, '');
  });
  bench('one category and subcategory', () => {
    filterSearchable(index, { category: 'category-3', subcategory: 'Machines' }, '');
  });
  bench('title search "dialysis pump"', () => {
    filterSearchable(index, ALL_PRODUCTS, 'dialysis pump');
  });
  bench('title search while typing "ultra" in one category', () => {
    filterSearchable(index, { category: 'category-5', subcategory: ALL }, 'ultra');
  });
});
