import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ROUTE_PATHS } from '../route-paths.gen';
import { categoryPath, fillPattern, productPath, productPermalink, registrationPath, servicePath } from '../paths';

describe('paths', () => {
  it('builds each entry page from its route pattern', () => {
    expect(productPath({ id: 12, slug: 'hemodialysis-machine' })).toBe('/products/12/hemodialysis-machine');
    expect(productPermalink(12)).toBe('/products/12');
    expect(categoryPath('laboratory-pathology')).toBe('/products/category/laboratory-pathology');
    expect(servicePath('dialysis-center')).toBe('/services/dialysis-center');
    expect(registrationPath('PCMM')).toBe('/railway-registration/PCMM');
  });

  it('encodes ids with spaces, trailing ones included', () => {
    expect(servicePath('Emergency centre setup ')).toBe('/services/Emergency%20centre%20setup%20');
    expect(categoryPath('a/b')).toBe('/products/category/a%2Fb');
  });

  it('builds paths that the router matches to the route they were built from', () => {
    const built: Array<[string, string]> = [
      [productPath({ id: 7, slug: 'x-ray' }), ROUTE_PATHS.product.path],
      [productPermalink(7), ROUTE_PATHS['product-permalink'].path],
      [categoryPath('dialysis'), ROUTE_PATHS['products-category'].path],
      [servicePath('Dental centre setup'), ROUTE_PATHS['service-detail'].path],
      [registrationPath('PCMD'), ROUTE_PATHS.registrations.path],
    ];
    for (const [path, pattern] of built) expect(matchPath(pattern, path)).not.toBeNull();
    expect(fillPattern('/a/:b/:c', { b: 1, c: 'd e' })).toBe('/a/1/d%20e');
  });
});
