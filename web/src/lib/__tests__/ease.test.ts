import { describe, expect, it } from 'vitest';
import { countUpValue, easeOutCubic } from '../ease';

describe('easeOutCubic', () => {
  it('starts at 0 and ends at 1', () => {
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(1)).toBe(1);
  });
  it('eases out: more than half the way at half the time', () => {
    expect(easeOutCubic(0.5)).toBeGreaterThan(0.5);
  });
  it('clamps outside 0…1', () => {
    expect(easeOutCubic(-1)).toBe(0);
    expect(easeOutCubic(2)).toBe(1);
  });
});

describe('countUpValue', () => {
  it('counts from 0 to the target, keeping its decimals', () => {
    expect(countUpValue(12.19, 2, 0, 2500)).toBe(0);
    expect(countUpValue(12.19, 2, 2500, 2500)).toBe(12.19);
    expect(countUpValue(10000, 0, 5000, 2500)).toBe(10000);
    expect(Number.isInteger(countUpValue(100, 0, 700, 2500))).toBe(true);
  });
});
