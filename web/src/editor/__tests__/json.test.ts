import { describe, expect, it } from 'vitest';
import { deepEqual, getIn, setIn } from '../logic/json';

describe('values at a path', () => {
  const value = { title: 'Lamp', specifications: [{ name: 'Weight', value: '1 kg' }] };

  it('are read, or undefined where a step is missing', () => {
    expect(getIn(value, ['specifications', 0, 'value'])).toBe('1 kg');
    expect(getIn(value, ['specifications', 3, 'value'])).toBeUndefined();
    expect(getIn(value, ['title', 'deeper'])).toBeUndefined();
  });

  it('are set on a copy, sharing what did not change', () => {
    const next = setIn(value, ['specifications', 0, 'value'], '2 kg') as typeof value;
    expect(next.specifications[0]?.value).toBe('2 kg');
    expect(value.specifications[0]?.value).toBe('1 kg');
    expect(next.title).toBe('Lamp');
  });

  it('remove an object key when set to undefined, and make missing steps', () => {
    expect(setIn(value, ['title'], undefined)).toEqual({ specifications: value.specifications });
    expect(setIn({}, ['a', 'b'], 1)).toEqual({ a: { b: 1 } });
    expect(setIn({}, ['list', 0], 'x')).toEqual({ list: ['x'] });
  });

  it('compare deeply, key order aside', () => {
    expect(deepEqual({ a: [1, { b: 2 }], c: null }, { c: null, a: [1, { b: 2 }] })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined } as never)).toBe(false);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
  });
});
