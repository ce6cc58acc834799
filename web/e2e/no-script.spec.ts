import type { Page } from '@playwright/test';
import { test, expect } from './support';

// A visitor without JavaScript (or before the app's code has arrived) uses the frame's
// controls as the browser gives them: the menu, its dropdowns and the footer's sections
// open through popovers, the phone filter panel through a <dialog> command, and every
// choice is a link to a prerendered page.
test.use({ javaScriptEnabled: false });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The menu a toggle controls. */
const controlled = async (page: Page, toggle: ReturnType<Page['locator']>) =>
  page.locator(`#${await toggle.getAttribute('aria-controls')}`);

async function openPhoneMenu(page: Page, isMobile: boolean) {
  if (!isMobile) return;
  await expect(nav(page).getByRole('link', { name: 'About Us', exact: true })).toBeHidden();
  const toggle = nav(page).getByRole('button', { name: 'Menu', exact: true });
  await expect(toggle.locator('.nav-toggle-icon-close')).toBeHidden();
  await toggle.click();
  await expect(nav(page).getByRole('link', { name: 'About Us', exact: true })).toBeVisible();
  // The toggle shows the close icon while the menu is open.
  await expect(toggle.locator('.nav-toggle-icon-open')).toBeHidden();
  await expect(toggle.locator('.nav-toggle-icon-close')).toBeVisible();
}

test('the menu and every dropdown open, nested ones too', async ({ page, isMobile }) => {
  await page.goto('/aboutUs');
  await openPhoneMenu(page, isMobile);
  const topToggles = nav(page).locator('.nav-items > li > .nav-menu-toggle');
  const count = await topToggles.count();
  expect(count).toBe(5);
  for (let index = 0; index < count; index += 1) {
    const toggle = topToggles.nth(index);
    const menu = await controlled(page, toggle);
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link').first()).toBeVisible();
    for (const nested of await menu.locator(':scope > li > .nav-menu-toggle').all()) {
      const submenu = await controlled(page, nested);
      await expect(submenu).toBeHidden();
      await nested.click();
      await expect(submenu.getByRole('link').first()).toBeVisible();
    }
    await toggle.click();
    await expect(menu).toBeHidden();
  }
});

test('a dropdown entry is a link to its page', async ({ page, isMobile }) => {
  await page.goto('/');
  await openPhoneMenu(page, isMobile);
  await nav(page).getByRole('button', { name: "Certificate's menu" }).click();
  await nav(page).getByRole('button', { name: 'Railway Registration Certification menu' }).click();
  await nav(page).getByRole('link', { name: 'PCMM(Store)' }).click();
  await expect(page).toHaveURL(/\/railway-registration\/PCMM$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('PCMM');
});

test('every link of the frame leads to a page', async ({ page, request }) => {
  await page.goto('/');
  const hrefs = await page
    .locator('nav a[href^="/"], footer a[href^="/"]')
    .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href')!))]);
  expect(hrefs.length).toBeGreaterThan(20);
  for (const href of hrefs) {
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
  }
});

test('Get a Quote leads to the contact page', async ({ page, isMobile }) => {
  await page.goto('/aboutUs');
  await openPhoneMenu(page, isMobile);
  await nav(page).getByRole('link', { name: 'Get a Quote' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
});

test('a footer section opens at 768 px, one at a time', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto('/aboutUs');
  const footer = page.locator('footer.site-footer');
  const certificate = footer.getByRole('link', { name: 'Certificate', exact: true });
  await expect(certificate).toBeHidden();
  await footer.getByRole('button', { name: 'Quick Links' }).click();
  await expect(certificate).toBeVisible();
  await footer.getByRole('button', { name: 'Legal' }).click();
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  await expect(certificate).toBeHidden();
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/PrivacyPolicy$/);
});

test('the filters show and a category is picked', async ({ page, isMobile }) => {
  await page.goto('/products');
  const panel = page.locator('#product-categories');
  if (isMobile) {
    await expect(panel).toBeHidden();
    await page.getByRole('button', { name: 'Show Filters' }).click();
    await expect(panel).toBeVisible();
    expect(await panel.evaluate((element) => element.matches(':modal'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await page.getByRole('button', { name: 'Show Filters' }).click();
  }
  await panel.getByRole('link', { name: 'Radiology Products', exact: true }).click();
  await expect(page).toHaveURL(/\/products\/category\/radiology$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Radiology Products');
  // (On a phone the panel is closed again on the new page.)
  await expect(
    page.locator('#product-categories').getByRole('link', { name: 'Radiology Products', includeHidden: true }),
  ).toHaveAttribute('aria-current', 'page');
});

test('every key page reads from its prerendered HTML', async ({ page }) => {
  const pages: Array<[string, string | RegExp]> = [
    ['/', 'Delivering Trust and Innovation in Medical Equipment Since 2002'],
    ['/products', 'All Products'],
    ['/products/12/b-scan-ultrasound', 'B-Scan Ultrasound'],
    ['/services/dialysis-center', 'Dialysis Center Setup'],
    ['/certificate', /Certif/],
    ['/aboutUs', /./],
    ['/blogs', 'Blogs'],
    ['/contact', 'Contact Us'],
    ['/jobapplicationform', /./],
    ['/PrivacyPolicy', 'Privacy Policy'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toHaveText(heading);
    expect(await page.locator('main').innerText(), path).not.toBe('');
  }
});
