import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDataCache } from '../data-cache';
import { layoutLoader, routeDataLoader } from '../loaders';
import { spacedServiceRoute, layoutFixture, privacyRoute } from '../../testing/fixtures';
import { LAYOUT_URL } from '../../testing/prerendered-document';
import type { LoaderFunctionArgs } from 'react-router-dom';

function args(url: string, context?: unknown): LoaderFunctionArgs {
  return { request: new Request(url), params: {}, context } as unknown as LoaderFunctionArgs;
}

function mockFetch(responses: Record<string, unknown>) {
  const fetchMock = vi.fn(async (url: string) => {
    const key = decodeURIComponent(url);
    return key in responses
      ? new Response(JSON.stringify(responses[key]), { status: 200 })
      : new Response('not found', { status: 404 });
  });
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

  it('fetch the JSON chunks in the browser, once, and the layout from the file the page names', async () => {
    document.body.innerHTML = `<script type="module" data-layout="${LAYOUT_URL}"></script>`;
    const fetchMock = mockFetch({ [LAYOUT_URL]: layoutFixture, '/PrivacyPolicy/index.json': privacyRoute });
    const load = routeDataLoader('/PrivacyPolicy');
    await expect(load(args('http://localhost/privacypolicy'))).resolves.toEqual(privacyRoute);
    await expect(load(args('http://localhost/PrivacyPolicy'))).resolves.toEqual(privacyRoute);
    await expect(layoutLoader(args('http://localhost/'))).resolves.toEqual(layoutFixture);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('fetch a parameterised route by its encoded pathname', async () => {
    const fetchMock = mockFetch({ '/services/Emergency centre setup /index.json': spacedServiceRoute });
    const load = routeDataLoader();
    await expect(load(args('http://localhost/services/Emergency%20centre%20setup%20'))).resolves.toEqual(spacedServiceRoute);
    expect(fetchMock).toHaveBeenCalledWith('/services/Emergency%20centre%20setup%20/index.json', expect.anything());
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
