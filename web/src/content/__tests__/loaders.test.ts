import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDataCache } from '../data-cache';
import { layoutLoader, routeDataLoader } from '../loaders';
import { spacedServiceRoute, layoutFixture, privacyRoute } from '../../testing/fixtures';
import { hostFetch, LAYOUT_URL, pageCarrying } from '../../testing/prerendered-document';
import type { LoaderFunctionArgs } from 'react-router-dom';

function args(url: string, context?: unknown): LoaderFunctionArgs {
  return { request: new Request(url), params: {}, context } as unknown as LoaderFunctionArgs;
}

function mockFetch(files: Record<string, unknown>) {
  const fetchMock = vi.fn(hostFetch(files));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  clearDataCache();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('loaders', () => {
  it('read the request context on the server', async () => {
    const context = { layout: layoutFixture, route: privacyRoute };
    await expect(layoutLoader(args('http://localhost/PrivacyPolicy', context))).resolves.toBe(layoutFixture);
    await expect(routeDataLoader('/PrivacyPolicy')(args('http://localhost/PrivacyPolicy', context))).resolves.toBe(
      privacyRoute,
    );
  });

  it('read the data a page carries in the browser, once, and the layout from the file the page names', async () => {
    document.body.innerHTML = `<script type="module" data-layout="${LAYOUT_URL}"></script>`;
    const fetchMock = mockFetch({ '/PrivacyPolicy': privacyRoute });
    const load = routeDataLoader('/PrivacyPolicy');
    await expect(load(args('http://localhost/privacypolicy'))).resolves.toEqual(privacyRoute);
    await expect(load(args('http://localhost/PrivacyPolicy'))).resolves.toEqual(privacyRoute);
    await expect(layoutLoader(args('http://localhost/'))).resolves.toEqual(layoutFixture);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('fetch a parameterised route by its encoded pathname', async () => {
    const fetchMock = mockFetch({ '/services/Emergency%20centre%20setup%20': spacedServiceRoute });
    const load = routeDataLoader();
    await expect(load(args('http://localhost/services/Emergency%20centre%20setup%20'))).resolves.toEqual(spacedServiceRoute);
    expect(fetchMock).toHaveBeenCalledWith('/services/Emergency%20centre%20setup%20', expect.anything());
  });

  it('send on a URL the host redirects (an old URL) by the redirect map', async () => {
    vi.stubGlobal('fetch', async (url: string) => {
      if (url.endsWith('.json')) return Response.json({ aliases: {}, products: { '1': '/products/1/new' } });
      const moved = new Response(pageCarrying('/products/1/new', privacyRoute));
      Object.defineProperty(moved, 'redirected', { value: true });
      return moved;
    });
    const answer = await routeDataLoader()(args('http://localhost/products/1/old'));
    expect(answer instanceof Response && answer.headers.get('Location')).toBe('/products/1/new');
  });

  it('give null for a route that was not prerendered (HTTP 404)', async () => {
    mockFetch({});
    await expect(routeDataLoader()(args('http://localhost/services/no-such-service'))).resolves.toBeNull();
  });

  it('fail on other HTTP errors, and retry later', async () => {
    const fetchMock = vi.fn(async () => new Response('oops', { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    const load = routeDataLoader('/blogs');
    await expect(load(args('http://localhost/blogs'))).rejects.toThrow('HTTP 500');
    await expect(load(args('http://localhost/blogs'))).rejects.toThrow('HTTP 500');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
