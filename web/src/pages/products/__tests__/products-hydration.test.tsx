import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATA_SCRIPT_ID, startClient, type StartedClient } from '../../../app/start-client';
import { clearDataCache } from '../../../content/data-cache';
import type { PrerenderData } from '../../../content/types';
import { render } from '../../../entry-server';
import { layoutFixture, productsRoute } from '../../../testing/fixtures';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let started: StartedClient | undefined;

afterEach(() => {
  act(() => started?.root.unmount());
  started = undefined;
  clearDataCache();
  document.body.innerHTML = '';
});

/** The prerendered /products page, opened at `url` (which may carry a query). */
async function hydrateProductsAt(url: string) {
  const data: PrerenderData = { layout: layoutFixture, route: productsRoute };
  const { html } = await render('/products', data);
  window.history.replaceState(null, '', url);
  const json = JSON.stringify({ path: '/products', ...data }).replace(/</g, '\\u003c');
  document.body.innerHTML = `<div id="root">${html}</div><script id="${DATA_SCRIPT_ID}" type="application/json">${json}</script>`;
  const container = document.getElementById('root') as HTMLElement;
  await act(async () => {
    started = await startClient(container);
  });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  return container;
}

describe('the products page', () => {
  it('hydrates a filtered URL without a mismatch, then applies the query', async () => {
    const errors = vi.spyOn(console, 'error');
    const container = await hydrateProductsAt('/products?category=dental');
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('h1')?.textContent).toBe('Dental Products');
    expect(container.textContent).toContain('No products found in this category');
  });

  it('shows all products without a query', async () => {
    const container = await hydrateProductsAt('/products');
    expect(container.querySelector('h1')?.textContent).toBe('All Products');
    expect(container.querySelectorAll('.product-grid > li')).toHaveLength(1);
  });
});
