// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { FrameCache } from '../app/frame-cache';
import { renderPage } from '../entry-server';
import type { PrerenderData, RouteData } from '../content/types';
import * as views from '../testing/content-fixture.gen';
import { layoutFixture, notFoundRoute } from '../testing/fixtures';
import { pageAssembler } from '../testing/page-assembler';
import { categoryPath, productPath, servicePath } from '../lib/paths';

function route(path: string, page: unknown): [string, RouteData<unknown>] {
  return [path, { meta: { title: path, description: path, path, canonical: `https://example.com${path}`, breadcrumb: [] }, page }];
}

/** Every kind of page of the valid content fixture, several of each frame. */
const pages: [string, RouteData<unknown>][] = [
  route('/', views.homePage),
  route('/products', views.productsPage),
  ...Object.entries(views.categoryPages).map(([id, page]) => route(categoryPath(id), page)),
  ...Object.values(views.productPages).map((page) => route(productPath(page.product), page)),
  route('/services', views.servicesPage),
  ...Object.values(views.servicePages).map((page) => route(servicePath(page.id), page)),
  route('/certificate', views.certificatesPage),
  route('/railway-registration', views.railwayPage),
  route('/aboutUs', views.about),
  route('/PrivacyPolicy', views.policies.privacy),
  route('/footer', views.home),
  ['/no-such-page', notFoundRoute],
];

describe('pages rendered as a frame around a screen', () => {
  it('are the very markup of a whole render, and most screens are rendered alone', async () => {
    const error = vi.spyOn(console, 'error');
    const frames = new FrameCache();
    const assemble = pageAssembler();
    for (const [url, routeData] of pages) {
      const data: PrerenderData = { layout: layoutFixture, route: routeData };
      const { modules, status, ...whole } = await renderPage(url, data, null);
      const { modules: framedModules, status: framedStatus, ...framed } = await renderPage(url, data, frames);
      expect([framedModules, framedStatus], url).toEqual([modules, status]);
      expect(assemble(framed), url).toBe(assemble(whole));
    }
    // No frame had to be rendered whole.
    expect(error).not.toHaveBeenCalled();
    expect(frames.counts.screens).toBeGreaterThan(pages.length / 2);
    error.mockRestore();
  });
});
