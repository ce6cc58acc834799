import { describe, expect, it } from 'vitest';
import type { RedirectMap } from '../contract.gen';
import { redirectTarget } from '../redirects';

const map: RedirectMap = {
  aliases: { '/old/catalogue': '/products/12/hemodialysis-machine', '/JobApplicationForm': '/jobapplicationform' },
  products: { '12': '/products/12/hemodialysis-machine' },
};

describe('redirectTarget', () => {
  it('sends a product id with no slug or an old slug to the current page', () => {
    expect(redirectTarget(map, '/products/12')).toBe('/products/12/hemodialysis-machine');
    expect(redirectTarget(map, '/products/12/')).toBe('/products/12/hemodialysis-machine');
    expect(redirectTarget(map, '/products/12/old-title')).toBe('/products/12/hemodialysis-machine');
  });

  it('leaves the current page, unknown ids and other URLs alone', () => {
    expect(redirectTarget(map, '/products/12/hemodialysis-machine')).toBeNull();
    expect(redirectTarget(map, '/products/99/x')).toBeNull();
    expect(redirectTarget(map, '/products/category/dialysis')).toBeNull();
    expect(redirectTarget(map, '/products/page')).toBeNull();
    expect(redirectTarget(map, '/products/12/a/b')).toBeNull();
    expect(redirectTarget(map, '/PRODUCTS/12')).toBeNull();
    expect(redirectTarget(map, '/nope')).toBeNull();
    expect(redirectTarget(map, '/toString')).toBeNull();
  });

  it('follows aliases, compared decoded', () => {
    expect(redirectTarget(map, '/old/catalogue')).toBe('/products/12/hemodialysis-machine');
    expect(redirectTarget(map, '/old/catalogue/')).toBe('/products/12/hemodialysis-machine');
  });
});
