// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { render } from '../entry-server';
import type { PrerenderData } from '../content/types';
import {
  dialysisServiceRoute,
  homeRoute,
  layoutFixture,
  notFoundRoute,
  privacyFixture,
  privacyRoute,
  productsRoute,
  spacedServiceFixture,
  spacedServiceRoute,
} from '../testing/fixtures';
import { pageAssembler } from '../testing/page-assembler';

const layout = layoutFixture;
const assemble = pageAssembler();

/** The worker's answer for `url`, with its page put together as sitegen does. */
async function rendered(url: string, data: PrerenderData) {
  const result = await render(url, data);
  return { ...result, html: assemble(result) };
}

describe('SSR render (the prerender protocol)', () => {
  it('renders the home page with its blocks and the frame', async () => {
    const result = await rendered('/', { layout, route: homeRoute });
    expect(result.status).toBe(200);
    expect(result.modules).toEqual(['src/pages/home/HomePage.tsx']);
    expect(result.html).toContain('Delivering Trust and Innovation in Medical Equipment Since 2002');
    expect(result.html).toContain('Excellence in Healthcare Support');
    expect(result.html).toContain('12.19 M');
    expect(result.html).toContain('Quick Links');
    expect(result.html).toContain(`© <span data-year="${new Date().getFullYear()}">`);
    expect(result.html).toMatch(/^<[a-z]/);
    expect(result.html).not.toMatch(/^\s|\s$/);
  });

  it('renders the products page with all products', async () => {
    const result = await rendered('/products', { layout, route: productsRoute });
    expect(result.modules).toEqual(['src/pages/products/ProductsPage.tsx']);
    expect(result.html).toContain('All Products');
    const [first] = productsRoute.page.products;
    expect(result.html).toContain(first?.title);
    expect(result.html).toContain(`width="${first?.image.width}" height="${first?.image.height}"`);
  });

  it('renders a service whose id has spaces, with the list in two columns', async () => {
    // Five bullets: the fixture's service has fewer.
    const page = { ...spacedServiceFixture, servicesList: ['One', 'Two', 'Three', 'Four', 'Five'] };
    const result = await rendered('/services/Emergency centre setup ', { layout, route: { ...spacedServiceRoute, page } });
    expect(result.status).toBe(200);
    expect(result.modules).toEqual(['src/pages/services/ServiceDetailPage.tsx']);
    expect(result.html).toContain('<span class="highlight">Emergency</span> Center Setup');
    const columns = result.html.match(/<ul>(.*?)<\/ul>/g) ?? [];
    expect(columns.some((column) => column.includes('One') && column.includes('Three') && !column.includes('Four'))).toBe(
      true,
    );
  });

  it('renders the gallery of a service that has one', async () => {
    const result = await rendered('/services/dialysis-center', { layout, route: dialysisServiceRoute });
    expect(result.html.match(/class="gallery-image"/g)).toHaveLength(dialysisServiceRoute.page.gallery.length);
  });

  it('renders a legal page from its policy data', async () => {
    const result = await rendered('/PrivacyPolicy', { layout, route: privacyRoute });
    expect(result.modules).toEqual(['src/pages/legal/LegalPage.tsx']);
    expect(result.html).toContain(privacyFixture.sections[0]?.heading);
    expect(result.html).toContain('Last updated: 2026-01-01');
  });

  it('answers the alias /JobApplicationForm with the job form', async () => {
    const route = { ...notFoundRoute, meta: { ...notFoundRoute.meta, path: '/jobapplicationform' } };
    const result = await rendered('/JobApplicationForm', { layout, route });
    expect(result.status).toBe(200);
    expect(result.modules).toEqual(['src/pages/job-application/JobApplicationPage.tsx']);
    expect(result.html).toContain('Resume');
  });

  it('renders the not-found page with status 404', async () => {
    const result = await rendered('/404', { layout, route: notFoundRoute });
    expect(result.status).toBe(404);
    expect(result.modules).toEqual(['src/pages/not-found/NotFoundPage.tsx']);
    expect(result.html).toContain('404 - Page Not Found');
    expect(result.html).toContain('Oops! The page you are looking for does not exist.');
    expect(result.html).toContain('Go Back Home');
  });

  it('renders the /footer block without a second footer', async () => {
    const result = await rendered('/footer', { layout, route: { ...notFoundRoute, page: {} } });
    expect(result.html.match(/<footer/g)).toHaveLength(1);
    expect(result.html).toMatch(/<main[^>]*>.*<footer/);
  });
});
