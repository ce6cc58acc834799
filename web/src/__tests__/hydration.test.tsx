import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { PrerenderData } from '../content/types';
import { render } from '../entry-server';
import { pageAssembler } from '../testing/page-assembler';
import { clientStarter, hostFetch, LAYOUT_URL, layOutPrerenderedPage } from '../testing/prerendered-document';
import { spacedServiceRoute, homeRoute, layoutFixture, notFoundRoute, privacyRoute } from '../testing/fixtures';
// The home page's carousels load their driver lazily, once hydrated: loaded here
// already, it settles inside the test's act() instead of during a later test.
import '../components/carousel/CarouselDriver';

// React needs this to run act() outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const startClientOn = clientStarter();

const assemble = pageAssembler();

/** Lays out the page as the shell does (§6) at `url`, from a prerender at `renderUrl`. */
async function prerenderedPage(url: string, data: PrerenderData, dataPath: string | null = url, renderUrl = url) {
  const html = assemble(await render(renderUrl, data));
  window.history.replaceState(null, '', url);
  return layOutPrerenderedPage(html, { path: dataPath, route: data.route });
}

async function start(container: HTMLElement) {
  const started = await startClientOn(container);
  // Hydration runs in a transition, in slices: let it finish (the frame marks the app
  // ready), then let lazy pieces and effects settle, all inside act.
  await act(async () => {
    for (let waited = 0; document.documentElement.dataset.app !== 'ready' && waited < 5_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  return started;
}

describe('the client entry', () => {
  it.each([
    ['/', homeRoute],
    ['/PrivacyPolicy', privacyRoute],
    ['/services/Emergency%20centre%20setup%20', spacedServiceRoute],
  ])('hydrates %s without a mismatch, fetching the layout file alone', async (url, route) => {
    const errors = vi.spyOn(console, 'error');
    const fetchMock = vi.fn(hostFetch());
    vi.stubGlobal('fetch', fetchMock);
    const container = await prerenderedPage(url, { layout: layoutFixture, route }, route.meta.path);
    const before = container.innerHTML;

    const client = await start(container);

    expect(client.mode).toBe('hydrate');
    expect(errors).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.map(([input]) => input)).toEqual([LAYOUT_URL]);
    expect(document.documentElement.dataset.app).toBe('ready');
    expect(container.querySelector('main')?.textContent).toBe(
      new DOMParser().parseFromString(before, 'text/html').querySelector('main')?.textContent,
    );
  });

  it('reports a page whose prerendered text is not what the client renders', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(hostFetch()));
    const container = await prerenderedPage('/PrivacyPolicy', { layout: layoutFixture, route: privacyRoute });
    const heading = container.querySelector('main h1');
    expect(heading?.textContent).toBeTruthy();
    heading!.textContent = 'Not what the server rendered';

    await start(container);

    const reported = errors.mock.calls.filter(([message]) => String(message).includes('hydration mismatch'));
    expect(reported).toHaveLength(1);
  });

  it('hydrates a page prerendered last year, then shows the current year', async () => {
    const errors = vi.spyOn(console, 'error');
    vi.stubGlobal('fetch', vi.fn(hostFetch()));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-12-31T23:00:00Z'));
    const container = await prerenderedPage('/PrivacyPolicy', { layout: layoutFixture, route: privacyRoute });
    expect(container.querySelector('[data-year]')?.textContent).toBe('2025');

    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
    await start(container);
    vi.useRealTimers();

    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('[data-year]')?.textContent).toBe('2026');
  });

  it('renders from scratch when 404.html is served for an unknown service id', async () => {
    const errors = vi.spyOn(console, 'error');
    vi.stubGlobal('fetch', vi.fn(hostFetch()));
    const container = await prerenderedPage(
      '/services/no-such-service',
      { layout: layoutFixture, route: notFoundRoute },
      null,
      '/404',
    );

    const client = await start(container);

    expect(client.mode).toBe('render');
    expect(container.textContent).toContain('Service information not found');
    expect(container.textContent).toContain(
      'The requested service details are not available. Please select a different service or contact us for more information.',
    );
    expect(errors).not.toHaveBeenCalled();
  });
});
