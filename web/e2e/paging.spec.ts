// Paged listings (catalogue.toml's `page_size`), on the site's content with 6 products a
// page: /products has 42 pages, the dialysis category 3 (its 7 "Dialysis Machines" spread
// over them). Each worker builds that site once and serves it as a CDN would.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { axeViolations } from './catalogue-axe';
import { ownSiteTest } from './own-site';

const PAGE_SIZE = 6;
const PRODUCTS = 250;

/** The content with small pages. */
function withSmallPages(content: string) {
  const catalogue = path.join(content, 'catalogue.toml');
  writeFileSync(catalogue, readFileSync(catalogue, 'utf8').replace('[[category]]', `page_size = ${PAGE_SIZE}\n\n[[category]]`));
}

const test = ownSiteTest('paging', withSmallPages);

const cards = (page: Page) => page.locator('.product-grid > li');
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Product pages' });
/** On phones the categories are a panel the toggle opens; beside the grid otherwise. */
async function showFilters(page: Page) {
  const toggle = page.getByRole('button', { name: 'Show Filters' });
  if (await toggle.isVisible()) await toggle.click();
}
const waitForApp = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.app === 'ready');

test('paging through a category: numbered links, aria-current, each page its own products', async ({
  page,
  problems,
}) => {
  await page.goto('/products/category/dialysis');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dialysis Products');
  await expect(page.getByRole('status')).toHaveText('16 products');
  await expect(cards(page)).toHaveCount(6);
  const nav = pagination(page);
  await expect(nav.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  const firstTitles = await cards(page).locator('h2').allTextContents();

  await nav.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/products\/category\/dialysis\/page\/2$/);
  await expect(nav.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(cards(page)).toHaveCount(6);
  expect(await cards(page).locator('h2').allTextContents()).not.toEqual(firstTitles);

  await nav.getByRole('link', { name: 'Page 3' }).click();
  await expect(page).toHaveURL(/\/page\/3$/);
  await expect(cards(page)).toHaveCount(4);
  await expect(nav.getByRole('link', { name: 'Next' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dialysis Products');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/products\/category\/dialysis\/page\/3$/);
  expect(problems).toEqual([]);
});

test('a later page reloads as it was, without a hydration mismatch, and passes axe', async ({ page, problems }) => {
  await page.goto('/products/page/2');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Products');
  await expect(page.getByRole('status')).toHaveText(`${PRODUCTS} products`);
  await expect(cards(page)).toHaveCount(PAGE_SIZE);
  await expect(pagination(page).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  expect(await axeViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
});

test('a subcategory shows all of its products, from every page of the category', async ({ page, problems }) => {
  await page.goto('/products/category/dialysis/page/2');
  await waitForApp(page);
  await showFilters(page);
  await page.getByRole('button', { name: 'Dialysis Machines' }).click();
  await expect(page).toHaveURL(/\/products\/category\/dialysis\?subcategory=Dialysis\+Machines$/);
  await expect(cards(page)).toHaveCount(7);
  await expect(page.getByRole('status')).toHaveText('7 products');
  await expect(pagination(page)).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("choosing a category on a later page goes to the category's first page", async ({ page, problems }) => {
  await page.goto('/products/page/5');
  await waitForApp(page);
  await showFilters(page);
  await page.locator('#product-categories').getByRole('link', { name: 'Dialysis Products' }).click();
  await expect(page).toHaveURL(/\/products\/category\/dialysis$/);
  await expect(pagination(page).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(cards(page)).toHaveCount(PAGE_SIZE);
  expect(problems).toEqual([]);
});

test('while a search is shown, the pagination is hidden', async ({ page }) => {
  await page.goto('/products/page/2?q=dialysis');
  await waitForApp(page);
  await expect(page.locator('.search-result-title a').first()).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expect(pagination(page)).toHaveCount(0);
});

test('page 1 redirects (301) to the listing itself', async ({ page, request }) => {
  const firstPages: [first: string, listing: string][] = [
    ['/products/page/1', '/products'],
    ['/products/category/dialysis/page/1', '/products/category/dialysis'],
  ];
  for (const [first, listing] of firstPages) {
    const response = await request.get(first, { maxRedirects: 0 });
    expect(response.status(), first).toBe(301);
    expect(response.headers()['location']).toBe(listing);
  }
  await page.goto('/products/page/1');
  await expect(page).toHaveURL(/\/products$/);
});

test('a page number of no page is a 404', async ({ page, request }) => {
  const bad = ['/products/page/0', '/products/page/43', '/products/page/two', '/products/category/dialysis/page/4'];
  for (const path of bad) {
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
  }
  await page.goto('/products/page/43');
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  // The same HTML at any width: one project walks the 42 pages.
  test.skip(({ isMobile }) => isMobile, 'the desktop project covers it');

  test('the pagination links reach every product', async ({ page }) => {
    const seen = new Set<string>();
    let next: string | null = '/products';
    let pages = 0;
    while (next) {
      await page.goto(next);
      pages += 1;
      for (const href of await cards(page).locator('h2 a').evaluateAll((links) =>
        links.map((link) => link.getAttribute('href') ?? ''),
      )) {
        if (/^\/products\/\d+\//.test(href)) seen.add(href);
      }
      next = await pagination(page)
        .getByRole('link', { name: 'Next' })
        .getAttribute('href', { timeout: 1_000 })
        .catch(() => null);
    }
    expect(pages).toBe(Math.ceil(PRODUCTS / PAGE_SIZE));
    expect(seen.size).toBe(PRODUCTS);
  });
});
