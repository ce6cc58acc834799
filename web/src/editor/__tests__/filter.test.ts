import { describe, expect, it } from 'vitest';
import type { EntrySummary } from '../logic/api-types';
import { filterEntries, searchable } from '../logic/filter';

const categories = ['ophthalmic', 'dialysis', 'radiology'];
const many: EntrySummary[] = Array.from({ length: 10_000 }, (_, index) => ({
  id: index + 1,
  title: `${index % 2 ? 'Slit Lamp' : 'Dialysis Machine'} ${index + 1}`,
  category: categories[index % 3],
  subcategory: 'General',
  route: `/products/${index + 1}/x`,
}));
const prepared = searchable(many);

describe('the entry filter', () => {
  it('keeps everything for an empty query', () => {
    expect(filterEntries(prepared, '')).toHaveLength(10_000);
  });

  it('matches every word of the query, in any case, in title or id', () => {
    const found = filterEntries(prepared, 'slit  LAMP 999');
    expect(found.map((entry) => entry.id)).toEqual([1000, 9990, 9992, 9994, 9996, 9998, 9999, 10_000].filter((id) => id % 2 === 0 && String(id).includes('999')));
    expect(filterEntries(prepared, '10000').map((entry) => entry.id)).toEqual([10_000]);
  });

  it('keeps only the chosen category', () => {
    const found = filterEntries(prepared, 'lamp', 'dialysis');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((entry) => entry.category === 'dialysis' && entry.title.includes('Lamp'))).toBe(true);
  });

  it('finds text ids', () => {
    const services = searchable([{ id: 'maintenance', title: 'Maintenance', route: '/services/maintenance' }]);
    expect(filterEntries(services, 'mainten')).toHaveLength(1);
  });
});
