import type { Page } from '@playwright/test';
import { test, expect, waitForApp, appErrors, isHydrated, holdScripts } from './support';
import { isExpanded } from './accessibility-tree';

// A tap that lands before the app's code has arrived is not lost: the browser opens the
// control at once, and React, once hydrated, keeps it open and takes it over.

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('the phone menu and a dropdown opened before hydration stay open, then follow the spec', async ({
  page,
  isMobile,
  problems,
}) => {
  test.skip(!isMobile, 'the menu toggle is a phone control');
  const release = holdScripts(page);
  await page.goto('/aboutUs', { waitUntil: 'commit' });
  const toggle = nav(page).getByRole('button', { name: 'Menu', exact: true });
  await toggle.click();
  const aboutMenu = nav(page).getByRole('button', { name: 'About Us menu' });
  await aboutMenu.click();
  await expect(nav(page).getByRole('link', { name: 'Company Profile' })).toBeVisible();
  expect(await isHydrated(page, '.nav-bar')).toBe(false);

  release();
  await waitForApp(page);
  await expect.poll(() => isHydrated(page, '.nav-bar')).toBe(true);
  await expect(nav(page).getByRole('link', { name: 'Company Profile' })).toBeVisible();
  await expect(nav(page).locator('.nav-menu.is-open')).toHaveCount(1);
  expect(await isExpanded(toggle)).toBe(true);
  expect(await isExpanded(aboutMenu)).toBe(true);
  // From now on React's rules: another dropdown closes this one.
  await nav(page).getByRole('button', { name: 'Contact menu' }).click();
  await expect.poll(() => isExpanded(aboutMenu)).toBe(false);
  await expect(nav(page).getByRole('link', { name: 'Company Profile' })).toBeHidden();
  expect(appErrors(problems)).toEqual([]);
});

test('the filter panel opened before hydration stays open and closes as a modal dialog', async ({
  page,
  isMobile,
  problems,
}) => {
  test.skip(!isMobile, 'the filter panel is a phone control');
  const release = holdScripts(page);
  await page.goto('/products', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Show Filters' }).click();
  const panel = page.locator('#product-categories');
  await expect(panel).toBeVisible();

  release();
  await waitForApp(page);
  await expect.poll(() => isHydrated(page, '.products-filter-toggle')).toBe(true);
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Show Filters' })).toBeFocused();
  expect(appErrors(problems)).toEqual([]);
});

test('before the app arrives, one dropdown is open at a time, and a tap outside or Escape closes it', async ({
  page,
  isMobile,
  problems,
}) => {
  const release = holdScripts(page, { exceptEntry: true });
  await page.goto('/aboutUs', { waitUntil: 'commit' });
  await page.locator('script[src*="entry-client"]').waitFor({ state: 'attached' });
  await page.waitForFunction(() => document.readyState !== 'loading');
  if (isMobile) await nav(page).getByRole('button', { name: 'Menu', exact: true }).click();
  const aboutMenu = nav(page).getByRole('button', { name: 'About Us menu' });
  const contactMenu = nav(page).getByRole('button', { name: 'Contact menu' });
  const certificatesMenu = nav(page).getByRole('button', { name: "Certificate's menu" });
  const railwayMenu = nav(page).getByRole('button', { name: 'Railway Registration Certification menu' });

  await aboutMenu.click();
  await expect(nav(page).getByRole('link', { name: 'Company Profile' })).toBeVisible();
  await contactMenu.click();
  await expect(nav(page).getByRole('link', { name: 'Careers' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Company Profile' })).toBeHidden();
  expect(await isExpanded(aboutMenu)).toBe(false);

  // A dropdown inside a dropdown keeps its parent open.
  await certificatesMenu.click();
  await railwayMenu.click();
  await expect(nav(page).getByRole('link', { name: 'PCMD(Medical)' })).toBeVisible();
  expect(await isExpanded(certificatesMenu)).toBe(true);
  await expect(nav(page).getByRole('link', { name: 'Careers' })).toBeHidden();

  await page.keyboard.press('Escape');
  await expect(nav(page).getByRole('link', { name: 'Professional Certification' })).toBeHidden();
  // On a phone the open menu covers the page: there is no outside to tap.
  if (!isMobile) {
    await aboutMenu.click();
    await expect(nav(page).getByRole('link', { name: 'Company Profile' })).toBeVisible();
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await expect(nav(page).getByRole('link', { name: 'Company Profile' })).toBeHidden();
  }
  expect(await isHydrated(page, '.nav-bar')).toBe(false);

  // Then React takes over with the same rules.
  release();
  await waitForApp(page);
  await expect.poll(() => isHydrated(page, '.nav-bar')).toBe(true);
  await aboutMenu.click();
  await contactMenu.click();
  await expect(nav(page).getByRole('link', { name: 'Company Profile' })).toBeHidden();
  await expect(nav(page).getByRole('link', { name: 'Careers' })).toBeVisible();
  expect(appErrors(problems)).toEqual([]);
});
