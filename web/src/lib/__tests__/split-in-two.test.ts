import { describe, expect, it } from 'vitest';
import { splitInTwo } from '../split-in-two';

describe('splitInTwo (the services list in two columns)', () => {
  it('puts the first half, rounded up, in the first column', () => {
    expect(splitInTwo([1, 2, 3, 4, 5])).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('splits an even list evenly', () => {
    expect(splitInTwo(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'])).toEqual([
      ['a', 'b', 'c', 'd', 'e'],
      ['f', 'g', 'h', 'i', 'j'],
    ]);
  });

  it('handles one and no items', () => {
    expect(splitInTwo(['only'])).toEqual([['only'], []]);
    expect(splitInTwo([])).toEqual([[], []]);
  });
});
