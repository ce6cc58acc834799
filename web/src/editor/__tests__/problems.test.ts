import { describe, expect, it } from 'vitest';
import type { Problem } from '../logic/api-types';
import { fieldElementId, nearestField, placeProblems, problemPlace } from '../logic/problems';

const problem = (over: Partial<Problem>): Problem => ({
  code: 'E0202',
  severity: 'error',
  message: 'unknown category',
  hint: null,
  file: 'products.toml',
  line: 12,
  column: 12,
  entry: 17,
  field: ['category'],
  ...over,
});

describe('where problems show', () => {
  const shown = new Set(['category', 'specifications', 'specifications.1', 'specifications.1.value']);

  it('at their field of the open entry', () => {
    const places = placeProblems([problem({})], 'products.toml', 17, shown);
    expect([...places.atField.keys()]).toEqual(['category']);
    expect(places.elsewhere).toEqual([]);
  });

  it('at the nearest field the form shows', () => {
    expect(nearestField(['specifications', 1, 'value', 'deeper'], shown)).toEqual(['specifications', 1, 'value']);
    expect(nearestField(['nowhere'], shown)).toBeNull();
  });

  it('at the top of the form with no field, elsewhere for another entry or file', () => {
    const places = placeProblems(
      [problem({ field: null }), problem({ entry: 18 }), problem({ file: 'navigation.toml', entry: null, field: ['menu', 2, 'to'] })],
      'products.toml',
      17,
      shown,
    );
    expect(places.atForm).toHaveLength(1);
    expect(places.elsewhere.map((found) => found.file)).toEqual(['products.toml', 'navigation.toml']);
  });

  it('of a document ignore the entry', () => {
    const places = placeProblems([problem({ file: 'site.toml', entry: null, field: ['contact', 'phones'] })], 'site.toml', undefined, new Set(['contact.phones']));
    expect([...places.atField.keys()]).toEqual(['contact.phones']);
  });

  it('match an entry id sent as text', () => {
    const places = placeProblems([problem({ entry: '17' })], 'products.toml', 17, shown);
    expect(places.atField.size).toBe(1);
  });

  it('name their place in words, and link to a field id', () => {
    expect(problemPlace(problem({}))).toBe('products.toml:12:12, entry 17, category');
    expect(fieldElementId(['specifications', 1, 'value'])).toBe('field-specifications.1.value');
  });
});
