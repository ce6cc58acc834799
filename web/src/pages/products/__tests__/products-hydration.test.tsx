import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { PrerenderData, ProductsPageData, RouteData } from '../../../content/types';
import { render } from '../../../entry-server';
import { pageAssembler } from '../../../testing/page-assembler';
import { clientStarter, hostFetch, layOutPrerenderedPage } from '../../../testing/prerendered-document';
import { dialysisCategoryRoute, layoutFixture, productsRoute } from '../../../testing/fixtures';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const startClientOn = clientStarter();

const assemble = pageAssembler();

/**
 * The prerendered page of `route`, opened at `url` (which may carry a query), on a host
 * that serves the layout file and `chunks`.
 */
async function hydrateAt(route: RouteData<ProductsPageData>, url: string, chunks: Record<string, unknown> = {}) {
  const data: PrerenderData = { layout: layoutFixture, route };
  const html = assemble(await render(route.meta.path, data));
  window.history.replaceState(null, '', url);
  vi.stubGlobal('fetch', vi.fn(hostFetch(chunks)));
  const container = layOutPrerenderedPage(html, { path: route.meta.path, route });
  await startClientOn(container);
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  return container;
}

const hydrateProductsAt = (url: string, chunks?: Record<string, unknown>) => hydrateAt(productsRoute, url, chunks);

describe('the products page', () => {
  it('hydrates an older ?category= URL without a mismatch, then moves on to the category page', async () => {
    const errors = vi.spyOn(console, 'error');
    // The category page, whose data is fetched after the move.
    const container = await hydrateProductsAt('/products?category=dialysis', {
      '/products/category/dialysis': dialysisCategoryRoute,
    });
    expect(errors).not.toHaveBeenCalled();
    expect(window.location.pathname + window.location.search).toBe('/products/category/dialysis');
    expect(fetch).toHaveBeenCalledWith('/products/category/dialysis', expect.anything());
    expect(container.querySelector('h1')?.textContent).toBe('Dialysis Products');
  });

  it('hydrates a category page without a mismatch, then applies its subcategory query', async () => {
    const errors = vi.spyOn(console, 'error');
    const container = await hydrateAt(dialysisCategoryRoute, '/products/category/dialysis?subcategory=Dialysis%20Machines');
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('h1')?.textContent).toBe('Dialysis Products');
    expect(container.querySelector('nav[aria-label="Breadcrumb"]')?.textContent).toContain('Dialysis Machines');
    const machines = dialysisCategoryRoute.page.products.filter((p) => p.subcategory === 'Dialysis Machines');
    expect(machines.length).toBeLessThan(dialysisCategoryRoute.page.products.length);
    expect(container.querySelectorAll('.product-grid > li')).toHaveLength(machines.length);
  });

  it('shows all products without a query', async () => {
    const container = await hydrateProductsAt('/products');
    expect(container.querySelector('h1')?.textContent).toBe('All Products');
    expect(container.querySelectorAll('.product-grid > li')).toHaveLength(productsRoute.page.products.length);
  });
});
