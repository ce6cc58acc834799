import { appErrors, expect, test, waitForApp } from './support';
import { axeViolations } from './catalogue-axe';
import type { Page } from '@playwright/test';

// The header's search on every page, and what a search offers when it finds little.

// axe is injected as an inline script: the site's Content-Security-Policy would block it.
test.use({ bypassCSP: true });

const headerBox = (page: Page) => page.getByRole('searchbox', { name: 'Search the catalogue' });
const resultTitles = (page: Page) => page.locator('.search-result-title a');
const status = (page: Page) => page.locator('.search-results [role="status"]');

/** The search's own requests (its code and index), from now on. */
function indexRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/search/') || pathname === '/data/search-index.json') seen.push(pathname);
  });
  return seen;
}

test.describe('header search', () => {
  test('every letter typed the moment the header box shows reaches the box, ?q= and the results', async ({ page, problems }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const requested = indexRequests(page);
    await page.goto('/services', { waitUntil: 'commit' });
    await headerBox(page).pressSequentially('ventilater');
    await expect(headerBox(page)).toHaveValue('ventilater');
    await headerBox(page).press('Enter');
    // The app may still be arriving on a slowed CPU: what counts is that no letter is lost.
    await expect(page).toHaveURL(/\/products\?q=ventilater$/, { timeout: 30_000 });
    await expect(status(page)).toHaveText(/^\d+ products? for “ventilater”$/, { timeout: 30_000 });
    await expect(resultTitles(page).first()).toContainText(/ventilator/i);
    expect(requested).toContain('/data/search-index.json');
    expect(appErrors(problems)).toEqual([]);
  });

  test('loads nothing of the index until focused, then finds by a synonym', async ({ page, problems }) => {
    const requested = indexRequests(page);
    await page.goto('/');
    await waitForApp(page);
    await expect(headerBox(page)).toBeVisible();
    expect(requested).toEqual([]);
    await headerBox(page).fill('usg');
    await headerBox(page).press('Enter');
    await expect(page).toHaveURL(/\/products\?q=usg$/);
    await expect(resultTitles(page).filter({ hasText: /Ultrasound/ }).first()).toBeVisible();
    expect(appErrors(problems)).toEqual([]);
  });

  test('"Ask us" opens the quote form with the query in its message, or WhatsApp with it', async ({ page, problems }) => {
    await page.goto('/products?q=autoclave%20unit');
    await waitForApp(page);
    await expect(page.getByText('No product matches all of: autoclave unit. Showing products matching: autoclave')).toBeVisible();
    await expect(resultTitles(page).first()).toHaveText('Autoclave');
    const ask = page.getByRole('region', { name: 'Can’t find what you need? Ask us' });
    await expect(ask.getByRole('link', { name: 'Ask on WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/\d+\?text=I%20am%20looking%20for%3A%20autoclave%20unit$/,
    );
    await ask.getByRole('button', { name: 'Get a Quote' }).click();
    const dialog = page.locator('#getaquote');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Message')).toHaveValue('I am looking for: autoclave unit');
    expect(appErrors(problems)).toEqual([]);
  });

  test('an empty result offers the enquiry in its place, with no axe violations', async ({ page }) => {
    await page.goto('/products?q=zzqqxx');
    await waitForApp(page);
    await expect(page.getByText('No products found for “zzqqxx”')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Can’t find what you need? Ask us' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('partial results have no axe violations', async ({ page }) => {
    await page.goto('/products?q=autoclave%20unit');
    await waitForApp(page);
    await expect(resultTitles(page).first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('header search without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('is a plain form to /products?q=', async ({ page }) => {
    await page.goto('/about');
    await headerBox(page).fill('dialysis machine');
    await headerBox(page).press('Enter');
    await expect(page).toHaveURL(/\/products\?q=dialysis\+machine$/);
  });
});

test('on a phone, the header box shows its whole placeholder beside the logo, quote list and menu', async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, 'the phone bar is the narrow one');
  await page.goto('/');
  await waitForApp(page);
  const { placeholder, room } = await headerBox(page).evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    return {
      placeholder: context.measureText(input.placeholder).width,
      room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    };
  });
  expect(placeholder).toBeGreaterThan(0);
  expect(placeholder).toBeLessThanOrEqual(room);
});
