import { matchPath } from 'react-router-dom';
import { ROUTE_TABLE, type RouteEntry, type RouteId } from '../src/app/route-table.gen';
import { test, expect, waitForApp, appErrors, reachFooter } from './support';

/** The routes that are prerendered: pages and block routes. */
type PrerenderedId = {
  [Id in RouteId]: (typeof ROUTE_TABLE)[Id]['kind'] extends 'page' | 'block' ? Id : never;
}[RouteId];

// What each prerendered route of the generated table must show: for a static route the
// text, for a parameterised one URLs of the content with their texts. The texts are the
// spec's own words (headings, titles), so the test reads like the spec. A route added
// to the table without an entry here fails type-checking.
const SHOWS = {
  home: 'Delivering Trust and Innovation in Medical Equipment Since 2002',
  products: 'All Products',
  'products-category': [['/products/category/dialysis', 'Dialysis Products']],
  product: [['/products/12/b-scan-ultrasound', 'B-Scan Ultrasound']],
  services: 'Dialysis Center Setup',
  // The 250 products fit on one page of each listing: paging.spec.ts visits later
  // pages on a generated catalogue with small pages.
  'products-page': [],
  'products-category-page': [],
  'service-detail': [
    ['/services/dialysis-center', 'Dialysis Center Setup'],
    ['/services/Radiology-center', 'Radiology Center Setup'],
    ['/services/Ophthalmic-Products-center', 'Ophthalmic Products'],
    ['/services/mot-center', 'Modular Operation Theater (MOT) Center Setup'],
    ['/services/Dental%20centre%20setup', 'Dental Center Setup'],
    ['/services/Emergency%20centre%20setup%20', 'Emergency Center Setup'],
  ],
  certificates: 'ISO 9001 Certificate',
  railway: 'PCMM',
  registrations: [
    ['/railway-registration/PCMM', 'PCMM'],
    ['/railway-registration/PCMD', 'PCMD'],
  ],
  about: 'Story of our Leaders',
  blogs: 'Blogs',
  contact: 'Contact Us',
  'quote-list': 'Quote List',
  'job-application': 'Resume',
  terms: 'Terms',
  privacy: 'Privacy Policy',
  'return-refund': 'Shipping Policy',
  shipping: 'Shipping Policy',
  payment: 'Payment Policy',
  'block-footer': 'Quick Links',
  'block-home-slider': 'Delivering Trust and Innovation in Medical Equipment Since 2002',
  'block-map': 'Vasai',
  'block-service': 'Our Services',
  'block-associate-partners': 'Your trusted Health Partner for life',
  'block-number-increase': 'Excellence in Healthcare Support',
  timeline: '1881',
  'block-achievement': '50,000+',
  'block-our-clients-say': 'What Our Clients Say',
  'block-testimonial': 'What Our Clients Say',
  'block-product-form-modal': 'Product Information',
  'block-notification': 'Notification',
  'block-product-home': 'Making Healthcare Safer',
} satisfies Record<PrerenderedId, string | Array<[url: string, text: string]>>;

const TABLE: Record<RouteId, RouteEntry> = ROUTE_TABLE;

/** Every URL to visit, with the route it must match and the text it must show. */
const ROUTES: ReadonlyArray<readonly [id: RouteId, path: string, text: string]> = Object.entries(SHOWS).flatMap(([id, shows]) =>
  typeof shows === 'string'
    ? [[id as RouteId, TABLE[id as RouteId].path, shows] as const]
    : shows.map(([path, text]) => [id as RouteId, path, text] as const),
);

const ALIASES = Object.values(TABLE).filter((route) => route.kind === 'alias');

test('every URL visited matches the route it stands for, and every alias names a route', () => {
  for (const [id, path] of ROUTES) expect(matchPath(TABLE[id].path, path), `${path} as ${id}`).not.toBeNull();
  expect(ALIASES.length).toBeGreaterThan(0);
  for (const alias of ALIASES) expect(TABLE[alias.redirect as RouteId]?.kind).toBe('page');
});

/** The visible text of raw HTML, without tags, scripts or the embedded data. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

for (const [, path, text] of ROUTES) {
  test(`${path} is prerendered with its screen and hydrates cleanly`, async ({ page, request, problems }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(textOf(html)).toContain(text);
    expect(html).toMatch(/<div id="root"><[a-z]/);

    await page.goto(path);
    await waitForApp(page);
    await expect(page.locator('main')).toContainText(text);
    expect(appErrors(problems)).toEqual([]);
  });
}

test('an unknown route answers 404 with the not-found screen', async ({ page, request, problems }) => {
  const response = await request.get('/no-such-page');
  expect(response.status()).toBe(404);
  expect(textOf(await response.text())).toContain('404 - Page Not Found');

  await page.goto('/no-such-page');
  await waitForApp(page);
  await expect(page.getByText('Oops! The page you are looking for does not exist.')).toBeVisible();
  await page.getByRole('link', { name: 'Go Back Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(appErrors(problems, { expect404: true })).toEqual([]);
});

test('an unknown serviceId shows that the service information is not found', async ({ page, problems }) => {
  await page.goto('/services/no-such-service');
  await waitForApp(page);
  await expect(page.getByText('Service information not found')).toBeVisible();
  await expect(
    page.getByText(
      'The requested service details are not available. Please select a different service or contact us for more information.',
    ),
  ).toBeVisible();
  expect(appErrors(problems, { expect404: true })).toEqual([]);
});

for (const alias of ALIASES) {
  const target = TABLE[alias.redirect as RouteId].path;
  const shows = SHOWS[alias.redirect as PrerenderedId];
  test(`the alias ${alias.path} redirects to ${target}`, async ({ page, request }) => {
    const redirect = await request.get(alias.path, { maxRedirects: 0 });
    expect(redirect.status()).toBe(301);
    expect(redirect.headers()['location']).toBe(target);

    await page.goto(alias.path);
    await waitForApp(page);
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    if (typeof shows === 'string') await expect(page.locator('main')).toContainText(shows);
  });
}

test('client navigation reads the route data from its page and scrolls to the top', async ({ page, problems }) => {
  await page.goto('/');
  await waitForApp(page);
  await reachFooter(page);
  await page.waitForFunction(() => window.scrollY > 500);
  const chunk = page.waitForResponse(
    (response) => response.request().resourceType() === 'fetch' && new URL(response.url()).pathname === '/aboutUs',
  );
  const aboutLink = page.locator('footer a[href="/aboutUs"]').first();
  // On phones the footer's sections are accordions: open Quick Links first.
  if (!(await aboutLink.isVisible())) {
    await page.locator('footer').getByRole('button', { name: 'Quick Links' }).click();
  }
  await aboutLink.click();
  expect((await chunk).status()).toBe(200);
  await expect(page.locator('main')).toContainText('Story of our Leaders');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(appErrors(problems)).toEqual([]);
});
