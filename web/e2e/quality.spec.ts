import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, waitForApp, appErrors, layoutUrl } from './support';

// Accessibility of every prerendered route (issue 7: zero axe violations): the routes
// of dist/sitemap.xml plus the block routes (prerendered, kept out of the sitemap).
// Desktop only: the phone layout is the same markup.

const SITE_DIR = path.resolve(import.meta.dirname, '..', process.env.SITE_DIR ?? '../dist');
const AXE_SOURCE = readFileSync(
  path.resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js'),
  'utf8',
);

/** The route paths the sitemap lists, percent-encoded as in URLs. */
function sitemapRoutes(): string[] {
  const xml = readFileSync(path.join(SITE_DIR, 'sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
    const loc = (match[1] ?? '').replaceAll('&amp;', '&');
    const pathname = new URL(loc).pathname;
    return pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  });
}

/**
 * A fallback page for hosts without `_redirects` (`/products/{id}`, aliases): not a
 * route, it only sends the browser on (sitegen serve redirects its URL anyway).
 */
function isMovedPage(file: string): boolean {
  return readFileSync(file, 'utf8').includes('<meta http-equiv="refresh"');
}

/** Every route with a page (`index.html`, `ROUTE.html`) in the built site, percent-encoded. */
function prerenderedRoutes(): string[] {
  const found: string[] = [];
  const walk = (folder: string, route: string[]) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (route.length === 0 && ['assets', 'media', 'data'].includes(entry.name)) continue;
        walk(path.join(folder, entry.name), [...route, entry.name]);
      } else if (entry.name.endsWith('.html') && !isMovedPage(path.join(folder, entry.name))) {
        const page = entry.name === 'index.html' && route.length === 0 ? [] : [...route, entry.name.slice(0, -'.html'.length)];
        if (page.join('/') !== '404') found.push('/' + page.map(encodeURIComponent).join('/'));
      }
    }
  };
  walk(SITE_DIR, []);
  return found;
}

const inSitemap = sitemapRoutes();
const blockRoutes = prerenderedRoutes().filter(
  (route) => !inSitemap.some((listed) => decodeURIComponent(listed) === decodeURIComponent(route)),
);
// The ~250 product pages share one template: the suite checks a few of them (the
// audit script, scripts/audit, checks every route).
const PRODUCT_PAGES_CHECKED = 3;
const allRoutes = [...new Set([...inSitemap, ...blockRoutes])].sort();
const isProductPage = (route: string) => /^\/products\/\d+\//.test(route);
const productPages = allRoutes.filter(isProductPage);
const ROUTES = [...allRoutes.filter((route) => !isProductPage(route)), ...productPages.slice(0, PRODUCT_PAGES_CHECKED)];

test.describe('accessibility (axe) and the Content-Security-Policy', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop only');

  test('the sitemap and the block routes cover the site', () => {
    expect(inSitemap).toContain('/');
    expect(inSitemap.length).toBeGreaterThan(20);
    expect(blockRoutes).toContain('/footer');
  });

  for (const route of ROUTES) {
    test(`${decodeURIComponent(route)} has no axe violation and needs nothing the CSP blocks`, async ({
      page,
      problems,
    }) => {
      // The page runs under the CSP that sitegen serve sends from dist/_headers, as
      // on the CDN: every violation is recorded, from the first byte on.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (event) => {
          seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
        });
      });
      const response = await page.goto(route);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      await waitForApp(page);
      // Below-the-fold chunks, lazy images and the map load too.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      const cspViolations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      expect(cspViolations, `CSP violations on ${route}`).toEqual([]);
      expect(appErrors(problems)).toEqual([]);
      await page.evaluate(AXE_SOURCE);
      const violations = await page.evaluate(async () => {
        type Result = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
        const axe = (window as unknown as { axe: { run: (context: Document) => Promise<Result> } }).axe;
        const result = await axe.run(document);
        return result.violations.map(
          (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
      });
      expect(violations, `axe violations on ${route}`).toEqual([]);
    });
  }
});

// The build's .br / .gz twins (fast levels for pages and data, the best for hashed
// bundles) are what `sitegen serve` and nginx send: each must decode to the file itself.
test.describe('precompressed twins', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop only');

  test('pages, data and bundles come as brotli or gzip that decode to the file', async ({ request }) => {
    const entryScript = readdirSync(path.join(SITE_DIR, 'assets')).find(
      (name) => name.startsWith('entry-client') && name.endsWith('.js'),
    );
    expect(entryScript).toBeDefined();
    const urls = ['/', productPages[0] ?? '/products', '/data/redirects.json', await layoutUrl(request), `/assets/${entryScript}`];
    for (const url of urls) {
      const identity = await request.get(url, { headers: { 'Accept-Encoding': 'identity' } });
      expect(identity.status(), url).toBe(200);
      expect(identity.headers()['content-encoding'], url).toBeUndefined();
      const original = await identity.body();
      for (const encoding of ['br', 'gzip']) {
        const response = await request.get(url, { headers: { 'Accept-Encoding': encoding } });
        expect(response.headers()['content-encoding'], `${url} ${encoding}`).toBe(encoding);
        expect(response.headers()['vary']?.toLowerCase(), url).toContain('accept-encoding');
        // Playwright decodes the body: it must be the file, byte for byte.
        expect((await response.body()).equals(original), `${url} ${encoding}`).toBe(true);
      }
    }
  });
});
