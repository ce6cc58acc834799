import { appErrors, expect, test, waitForApp } from './support';
import { axeViolations } from './catalogue-axe';
import type { Page } from '@playwright/test';

// The products' search: the index sitegen builds, the query in ?q=, keyboard use.

// axe is injected as an inline script: the site's Content-Security-Policy would block it.
test.use({ bypassCSP: true });

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search products' });
const results = (page: Page) => page.locator('.search-result');
const resultTitles = (page: Page) => page.locator('.search-result-title a');
const status = (page: Page) => page.locator('.search-results [role="status"]');

/** The search's own requests (its code and index), from now on. */
function searchRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/search/') || pathname === '/data/search-index.json') seen.push(pathname);
  });
  return seen;
}

/** How long the app may take to arrive and hydrate on a slowed CPU of a shared machine. */
const APP_ARRIVAL_MS = 30_000;

/** Runs the page's CPU this many times slower, as a mid-range phone. */
const CPU_SLOWDOWN = 4;

async function slowCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

test.describe('early typing', () => {
  // A control works the moment it is painted: typing starts as soon as the box shows,
  // while the app's code may still be loading or hydrating.
  test('every letter typed into /products the moment its box shows reaches the box, ?q= and the results', async ({
    page,
    problems,
  }) => {
    await slowCpu(page);
    await page.goto('/products', { waitUntil: 'commit' });
    await searchBox(page).pressSequentially('ventilater');
    await expect(searchBox(page)).toHaveValue('ventilater');
    // The app may still be arriving on a slowed CPU: what counts is that no letter is lost.
    await expect(page).toHaveURL(/\/products\?q=ventilater$/, { timeout: APP_ARRIVAL_MS });
    await expect(status(page)).toHaveText(/^\d+ products? for “ventilater”$/, { timeout: APP_ARRIVAL_MS });
    await expect(resultTitles(page).first()).toContainText(/ventilator/i);
    expect(appErrors(problems)).toEqual([]);
  });
});

test.describe('products search', () => {
  test('finds products by title as you type, with typos, and the grid comes back when cleared', async ({ page, problems }) => {
    const requested = searchRequests(page);
    await page.goto('/products');
    await waitForApp(page);
    // Nothing of the index loads before the search is used.
    expect(requested).toEqual([]);
    await searchBox(page).pressSequentially('ventilater');
    await expect(resultTitles(page).first()).toContainText(/ventilator/i);
    await expect(page).toHaveURL(/\?q=ventilater$/);
    expect(requested).toContain('/data/search-index.json');
    await expect(status(page)).toHaveText(/^\d+ products? for “ventilater”$/);
    await expect(resultTitles(page).first().locator('mark')).toHaveText(/ventilator/i);
    await searchBox(page).fill('');
    await expect(page.locator('.product-grid > li')).toHaveCount(250);
    await expect(page).toHaveURL(/\/products$/);
    expect(appErrors(problems)).toEqual([]);
  });

  test('?q= survives a reload and Back, and a shared link shows the same results', async ({ page, problems }) => {
    await page.goto('/products?q=slit%20lamp');
    await waitForApp(page);
    await expect(searchBox(page)).toHaveValue('slit lamp');
    await expect(resultTitles(page).first()).toHaveText('Slit Lamp');
    const shown = await resultTitles(page).allTextContents();
    await page.reload();
    await waitForApp(page);
    await expect(resultTitles(page)).toHaveText(shown);
    await resultTitles(page).first().click();
    await expect(page).toHaveURL(/\/products\/1\//);
    await page.goBack();
    await expect(page).toHaveURL(/\/products\?q=slit(\+|%20)lamp$/);
    await expect(searchBox(page)).toHaveValue('slit lamp');
    await expect(resultTitles(page)).toHaveText(shown);
    expect(appErrors(problems)).toEqual([]);
  });

  test('a result chosen right after typing leaves the whole query for Back', async ({ page, problems }) => {
    await page.goto('/products');
    await waitForApp(page);
    await searchBox(page).pressSequentially('otoscop');
    await expect(resultTitles(page).first()).toHaveText('Otoscope');
    // Within the pause after which the URL follows the box.
    await resultTitles(page).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Otoscope');
    await page.goBack();
    await expect(page).toHaveURL(/\/products\?q=otoscop$/);
    await expect(searchBox(page)).toHaveValue('otoscop');
    await expect(resultTitles(page).first()).toHaveText('Otoscope');
    await page.goBack();
    await expect(page).toHaveURL(/\/products$/);
    await expect(searchBox(page)).toHaveValue('');
    expect(appErrors(problems)).toEqual([]);
  });

  test('an exact product id ranks first, and a category page searches within its category', async ({ page, problems }) => {
    await page.goto('/products?q=17');
    await waitForApp(page);
    await expect(page.locator('.search-result-place').first()).toContainText('Product 17');
    await page.goto('/products/category/dialysis?q=machine');
    await waitForApp(page);
    await expect(results(page).first()).toBeVisible();
    for (const place of await page.locator('.search-result-place').allTextContents()) {
      expect(place).toContain('Dialysis Products');
    }
    const facets = page.getByRole('navigation', { name: 'Results by category' });
    await expect(facets.getByRole('link', { name: /Dialysis Products/ })).toHaveAttribute('aria-current', 'page');
    await facets.getByRole('link', { name: /All categories/ }).click();
    await expect(page).toHaveURL(/\/products\?q=machine$/);
    await expect(page.locator('.search-result-place').filter({ hasNotText: 'Dialysis Products' }).first()).toBeVisible();
    expect(appErrors(problems)).toEqual([]);
  });

  test('says so when nothing matches, and shows markup in the query as text', async ({ page, problems }) => {
    // No word of it matches anything, even fuzzily (a word that did would show partial results).
    await page.goto('/products?q=%3Czzqq%3Eqqxx%3C%2Fzzqq%3E');
    await waitForApp(page);
    await expect(page.getByText('No products found for “<zzqq>qqxx</zzqq>”')).toBeVisible();
    await expect(page.locator('.products-results zzqq')).toHaveCount(0);
    // A very long query is cut to 100 characters.
    await page.goto(`/products?q=${'lamp'.repeat(60)}`);
    await waitForApp(page);
    // The box takes the URL's query in the render after hydration, which may follow
    // the app's "ready" mark: awaited, not read once.
    await expect(searchBox(page)).toHaveValue('lamp'.repeat(25));
    expect(appErrors(problems)).toEqual([]);
  });

  test('keyboard: ArrowDown from the box to the results, arrows between them, ArrowUp back', async ({ page, problems }) => {
    await page.goto('/products');
    await waitForApp(page);
    await searchBox(page).focus();
    await page.keyboard.type('monitor');
    await expect(resultTitles(page).nth(1)).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(resultTitles(page).first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(resultTitles(page).nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const title = await resultTitles(page).first().textContent();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title ?? '');
    expect(appErrors(problems)).toEqual([]);
  });

  test('the results have no axe violations', async ({ page }) => {
    await page.goto('/products?q=dialisys%20machne');
    await waitForApp(page);
    await expect(results(page).first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('buyers words: a machine by its procedure abbreviation, a hyphenated type with a space, before "machine"', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'the desktop project covers it');
  // The abbreviations are content (synonyms.toml); "machine" is in too many titles to outrank the rest.
  const firstResults: Array<[query: string, title: string]> = [
    ['PSG machine', 'Polysomnography System'],
    ['phaco machine', 'Phacoemulsification System'],
    ['NCT machine', 'Non-Contact Tonometer'],
    ['x ray machine', 'X-Ray'],
    ['c arm machine', 'C-Arm'],
    ['a scan machine', 'A-Scan Biometer'],
  ];
  for (const [query, title] of firstResults) {
    await page.goto(`/products?q=${encodeURIComponent(query)}`);
    await waitForApp(page);
    await expect(resultTitles(page).first(), query).toContainText(title);
  }
});
