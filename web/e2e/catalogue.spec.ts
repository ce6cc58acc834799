import { appErrors, expect, isRenderingSkipped, requestsTo, test, waitForApp } from './support';
import { axeViolations } from './catalogue-axe';
import { exposedCount } from './accessibility-tree';
import type { Page, Response } from '@playwright/test';

// The catalogue screens of issue 5: products (sidebar, breadcrumb, a prerendered page
// per category, search, mobile filters, enquiry), product pages and the services.

// axe is injected as an inline script: the site's Content-Security-Policy would block it.
test.use({ bypassCSP: true });

const DIALYSIS = 'Dialysis Products';

async function openMenuEntry(page: Page, menu: string, entry: string) {
  const mobileToggle = page.getByRole('button', { name: 'Menu', exact: true });
  if (await mobileToggle.isVisible()) await mobileToggle.click();
  await page.getByRole('button', { name: `${menu} menu` }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: entry, exact: true }).click();
}

/** On phones the sidebar hides behind Show Filters. */
async function showFilters(page: Page) {
  const toggle = page.getByRole('button', { name: 'Show Filters' });
  if (await toggle.isVisible()) await toggle.click();
}

const cards = (page: Page) => page.locator('.product-grid > li');
/** A category of the sidebar (on phones the filter panel): a link to its page. */
const categoryLink = (page: Page, name: string) =>
  page.locator('#product-categories').getByRole('link', { name, exact: true });
const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** The pages the app fetches for their route data from now on (paths, in order). */
function routeChunksFetched(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'fetch' && !pathname.includes('.')) fetched.push(pathname);
  });
  return fetched;
}

test.describe('products page', () => {
  test('shows all products with the sidebar, breadcrumb and no axe violation', async ({ page, problems }) => {
    await page.goto('/products');
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Products');
    await expect(breadcrumb(page).getByRole('listitem')).toHaveText(['Home', 'Products']);
    await expect(cards(page)).toHaveCount(250);
    const firstImage = cards(page).first().locator('img');
    await expect(firstImage).toHaveAttribute('width', /\d+/);
    await expect(firstImage).toHaveAttribute('height', /\d+/);
    await showFilters(page);
    await expect(page.locator('#product-categories .category-button')).toHaveCount(17);
    expect(await axeViolations(page)).toEqual([]);
    expect(appErrors(problems)).toEqual([]);
  });

  test('takes its category from the navigation state, subcategory All', async ({ page, problems }) => {
    await page.goto('/');
    await waitForApp(page);
    await openMenuEntry(page, 'Products', DIALYSIS);
    await expect(page).toHaveURL(/\/products$/);
    await expect(heading(page)).toHaveText(DIALYSIS);
    await expect(breadcrumb(page).getByRole('listitem')).toHaveText(['Home', 'Products', DIALYSIS]);
    await expect(cards(page)).toHaveCount(16);
    // A subcategory chosen from there goes to the category's own page.
    await showFilters(page);
    await page.getByRole('button', { name: 'Dialysis Machines' }).click();
    await expect(page).toHaveURL(/\/products\/category\/dialysis\?subcategory=Dialysis\+Machines$/);
    await expect(cards(page)).toHaveCount(7);
    expect(appErrors(problems)).toEqual([]);
  });

  test('an older ?category= URL moves on to the category page, keeping the subcategory', async ({
    page,
    problems,
  }) => {
    await page.goto('/products?category=dialysis&subcategory=Dialysis%20Machines');
    await waitForApp(page);
    await expect(page).toHaveURL(/\/products\/category\/dialysis\?subcategory=Dialysis\+Machines$/);
    await expect(heading(page)).toHaveText(DIALYSIS);
    await expect(breadcrumb(page)).toHaveText(/Dialysis Products.*Dialysis Machines/);
    await expect(cards(page)).toHaveCount(7);
    expect(appErrors(problems)).toEqual([]);
  });

  test('choosing a category goes to its page, fetching only its chunk, and resets the subcategory to All', async ({
    page,
    problems,
  }) => {
    await page.goto('/products/category/dialysis?subcategory=Dialysis%20Machines');
    await waitForApp(page);
    await expect(cards(page)).toHaveCount(7);
    await page.evaluate(() => window.scrollTo(0, 800));
    await page.waitForFunction(() => window.scrollY > 300);
    const fetched = routeChunksFetched(page);
    await showFilters(page);
    await categoryLink(page, 'Radiology Products').click();
    await expect(page).toHaveURL(/\/products\/category\/radiology$/);
    await expect(heading(page)).toHaveText('Radiology Products');
    await expect(breadcrumb(page).getByRole('listitem')).toHaveText(['Home', 'Products', 'Radiology Products']);
    await expect(cards(page)).toHaveCount(16);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(fetched).toEqual(['/products/category/radiology']);
    // A chosen subcategory, then back: the query follows.
    await showFilters(page);
    await page.getByRole('button', { name: 'Imaging & Diagnostic Products' }).click();
    await expect(page).toHaveURL(/\/products\/category\/radiology\?subcategory=Imaging/);
    await expect(cards(page)).toHaveCount(1);
    await page.goBack();
    await expect(cards(page)).toHaveCount(16);
    // All Products goes back to the whole catalogue.
    await showFilters(page);
    await categoryLink(page, 'All Products').click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(heading(page)).toHaveText('All Products');
    await expect(cards(page)).toHaveCount(250);
    expect(appErrors(problems)).toEqual([]);
  });

  test('reloading a category page keeps the category and its subcategory', async ({ page, problems }) => {
    await page.goto('/products/category/radiology?subcategory=Imaging%20%26%20Diagnostic%20Products');
    await waitForApp(page);
    await expect(cards(page)).toHaveCount(1);
    await page.reload();
    await waitForApp(page);
    await expect(heading(page)).toHaveText('Radiology Products');
    await expect(breadcrumb(page)).toHaveText(/Radiology Products.*Imaging & Diagnostic Products$/);
    await expect(cards(page)).toHaveCount(1);
    expect(appErrors(problems)).toEqual([]);
  });

  // The search box: e2e/search.spec.ts.

  test('Learn More opens the enquiry modal for that product; Escape, Close and the overlay close it and focus returns', async ({
    page,
    problems,
  }) => {
    await page.goto('/products/category/dialysis');
    await waitForApp(page);
    const firstCard = cards(page).first();
    const title = (await firstCard.locator('h2').textContent()) ?? '';
    const learnMore = firstCard.getByRole('button', { name: /Learn More/ });
    await learnMore.click();
    const dialog = page.getByRole('dialog', { name: 'Product Information' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(title);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(learnMore).toBeFocused();
    await learnMore.click();
    await page.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog).toBeHidden();
    // A tap on the overlay (the dialog's backdrop, in a corner of the screen) closes it too.
    await learnMore.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(4, 4);
    await expect(dialog).toBeHidden();
    await expect(learnMore).toBeFocused();
    expect(appErrors(problems)).toEqual([]);
  });

  test('the card title links to the product page', async ({ page, problems }) => {
    await page.goto('/products');
    await waitForApp(page);
    const link = cards(page).first().locator('h2 a');
    const title = (await link.textContent()) ?? '';
    await link.click();
    await expect(page).toHaveURL(/\/products\/\d+\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    expect(appErrors(problems)).toEqual([]);
  });

  test('the JavaScript does not carry the catalogue', async ({ page }) => {
    // Bodies are read before the test ends: a script that arrives later (loaded when
    // near the viewport) is not waited for.
    const bodies: Promise<string>[] = [];
    const onResponse = (response: Response) => {
      if (response.url().endsWith('.js')) bodies.push(response.text());
    };
    page.on('response', onResponse);
    await page.goto('/products');
    await waitForApp(page);
    page.off('response', onResponse);
    const scripts = await Promise.all(bodies);
    const aTitle = (await cards(page).nth(200).locator('h2').textContent()) ?? '';
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).not.toContain(aTitle);
  });
});

test.describe('category pages', () => {
  test('a category page is prerendered with its title, canonical URL, breadcrumb and cards, and has no axe violation', async ({
    page,
    request,
    problems,
  }) => {
    const response = await request.get('/products/category/dialysis');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<title>Dialysis Products \| [^<]+<\/title>/);
    expect(html).toContain('<link rel="canonical" href="https://www.example.com/products/category/dialysis">');
    expect(html).toContain('<h1 id="products-title">Dialysis Products</h1>');
    expect(html.match(/class="product-grid-item"/g)).toHaveLength(16);
    expect(html).toMatch(/"@type":\s*"BreadcrumbList"/);

    await page.goto('/products/category/dialysis');
    await waitForApp(page);
    await expect(page).toHaveTitle(/^Dialysis Products \| /);
    await expect(breadcrumb(page)).toHaveText(/Home.*Products.*Dialysis Products$/);
    await expect(cards(page)).toHaveCount(16);
    await showFilters(page);
    await expect(categoryLink(page, DIALYSIS)).toHaveAttribute('aria-current', 'page');
    expect(await axeViolations(page)).toEqual([]);
    expect(appErrors(problems)).toEqual([]);
  });

  test('an unknown category id answers 404 with the not-found screen', async ({ page, request, problems }) => {
    const response = await request.get('/products/category/no-such-category');
    expect(response.status()).toBe(404);
    await page.goto('/products/category/no-such-category');
    await waitForApp(page);
    await expect(heading(page)).toHaveText('404 - Page Not Found');
    await expect(cards(page)).toHaveCount(0);
    expect(appErrors(problems, { expect404: true })).toEqual([]);
  });
});

test.describe('category pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('show the category and its cards from the prerendered HTML', async ({ page }) => {
    await page.goto('/products/category/radiology');
    await expect(heading(page)).toHaveText('Radiology Products');
    await expect(breadcrumb(page)).toHaveText(/Products.*Radiology Products$/);
    await expect(cards(page)).toHaveCount(16);
    await expect(cards(page).first().locator('h2 a')).toHaveAttribute('href', /^\/products\/\d+\/[a-z0-9-]+$/);
  });
});

test.describe('mobile filters', () => {
  test.skip(({ isMobile }) => !isMobile, 'phones only');

  const sidebar = (page: Page) => page.locator('#product-categories');
  const toggle = (page: Page) => page.locator('.products-filter-toggle');
  /** The panel's own "Hide Filters", at its top: the toolbar's toggle lies under the open panel. */
  const hideInPanel = (page: Page) => sidebar(page).getByRole('button', { name: 'Hide Filters' });
  const isModal = (page: Page) => sidebar(page).evaluate((panel) => panel.matches(':modal'));

  /** Opens the panel: a modal dialog, with the focus inside. */
  async function openPanel(page: Page) {
    await page.getByRole('button', { name: 'Show Filters' }).click();
    await expect(sidebar(page)).toBeVisible();
    expect(await isModal(page)).toBe(true);
    await expect(hideInPanel(page)).toBeFocused();
  }

  /** The panel is closed, the focus is back on the toggle, and nothing was chosen. */
  async function expectClosedUnchanged(page: Page) {
    await expect(sidebar(page)).toBeHidden();
    await expect(toggle(page)).toBeFocused();
    await expect(toggle(page)).toHaveText('Show Filters');
    await expect(toggle(page)).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(page).toHaveURL(/\/products$/);
    await expect(heading(page)).toHaveText('All Products');
  }

  test('Hide Filters at the panel top closes it; nothing is chosen', async ({ page, problems }) => {
    await page.goto('/products');
    await waitForApp(page);
    await expect(sidebar(page)).toBeHidden();
    await openPanel(page);
    expect(await axeViolations(page)).toEqual([]);
    // A real tap, at the centre of what is on top there (no force): it must be the button.
    await hideInPanel(page).click();
    await expectClosedUnchanged(page);
    expect(appErrors(problems)).toEqual([]);
  });

  test('the open panel is a modal dialog: the page behind is inert and the focus stays inside', async ({
    page,
    problems,
  }) => {
    await page.goto('/products');
    await waitForApp(page);
    expect(await exposedCount(page, 'button', /^Learn More/)).toBeGreaterThan(0);
    await openPanel(page);
    await expect(sidebar(page)).toHaveRole('dialog');
    await expect(sidebar(page)).toHaveAccessibleName('Categories');
    // The covered toggle (also "Hide Filters" while the panel is open) and the cards are out of reach.
    expect(await exposedCount(page, 'button', 'Hide Filters')).toBe(1);
    expect(await exposedCount(page, 'button', /^Learn More/)).toBe(0);
    // Tab and Shift+Tab go round the panel's controls and never reach the page behind.
    const panelLinks = await sidebar(page).locator('a, button').count();
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let step = 0; step < panelLinks + 2; step += 1) {
        await page.keyboard.press(key);
        const inside = await page.evaluate(
          () =>
            document.activeElement === document.body ||
            document.getElementById('product-categories')!.contains(document.activeElement),
        );
        expect(inside).toBe(true);
      }
    }
    expect(appErrors(problems)).toEqual([]);
  });

  test('Escape closes the panel; nothing is chosen', async ({ page, problems }) => {
    await page.goto('/products');
    await waitForApp(page);
    await openPanel(page);
    await page.keyboard.press('Escape');
    await expectClosedUnchanged(page);
    // Escape works wherever the focus is in the panel.
    await openPanel(page);
    await page.keyboard.press('Tab');
    await expect(categoryLink(page, 'All Products')).toBeFocused();
    await page.keyboard.press('Escape');
    await expectClosedUnchanged(page);
    expect(appErrors(problems)).toEqual([]);
  });

  test('a tap on the overlay closes the panel; nothing is chosen', async ({ page, problems }) => {
    await page.goto('/products');
    await waitForApp(page);
    await openPanel(page);
    // Beside the panel (at most 85 % of the width): the backdrop.
    await page.touchscreen.tap(370, 400);
    await expectClosedUnchanged(page);
    expect(appErrors(problems)).toEqual([]);
  });

  test('choosing a category closes the panel and shows the category', async ({ page, problems }) => {
    await page.goto('/products');
    await waitForApp(page);
    await openPanel(page);
    await categoryLink(page, 'Cardiology Products').click();
    await expect(sidebar(page)).toBeHidden();
    await expect(page).toHaveURL(/\/products\/category\/cardiology$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cardiology Products');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(appErrors(problems)).toEqual([]);
  });
});

test.describe('product page', () => {
  test('is prerendered with breadcrumb, image, description and Product data; Enquire opens the modal', async ({
    page,
    request,
    problems,
  }) => {
    const html = await (await request.get('/products/1/slit-lamp')).text();
    expect(html).toContain('<h1>Slit Lamp</h1>');
    expect(html).toContain('<title>');

    await page.goto('/products/1/slit-lamp');
    await waitForApp(page);
    await expect(breadcrumb(page)).toHaveText(/Home.*Products.*Ophthalmic Products.*Slit Lamp/);
    await expect(page.locator('.product-detail-image')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Enquire Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Product Information' });
    await expect(dialog).toContainText('Slit Lamp');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await breadcrumb(page).getByRole('link', { name: 'Ophthalmic Products' }).click();
    await expect(page).toHaveURL(/\/products\/category\/ophthalmic$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ophthalmic Products');
    expect(appErrors(problems)).toEqual([]);
  });
});

test('the product page carries Product and BreadcrumbList structured data', async ({ request }) => {
  const html = await (await request.get('/products/1/slit-lamp')).text();
  // sitegen writes the JSON-LD into the page head, not React.
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    ([, json]) => JSON.parse(json ?? '') as { '@type': string; name?: string },
  );
  expect(blocks.map((block) => block['@type']).sort()).toEqual(['BreadcrumbList', 'Product']);
  expect(blocks.find((block) => block['@type'] === 'Product')?.name).toBe('Slit Lamp');
});

test('each page shows the breadcrumb trail its JSON-LD declares', async ({ request }) => {
  // A listing's trail ends at its category (a chosen subcategory adds itself in the browser).
  const paths = [
    '/products',
    '/products/category/dialysis',
    '/certificate',
    '/services',
    '/services/Dental%20centre%20setup',
    '/products/1/slit-lamp',
    '/railway-registration',
    '/railway-registration/PCMD',
    '/aboutUs',
    '/PrivacyPolicy',
    '/quote-list',
  ];
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const declared = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
      .map(([, json]) => JSON.parse(json ?? '') as { '@type': string; itemListElement?: { name: string }[] })
      .find((block) => block['@type'] === 'BreadcrumbList')
      ?.itemListElement?.map((item) => item.name);
    const nav = /<nav aria-label="Breadcrumb"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? '';
    const shown = [...nav.matchAll(/<li>(.*?)<\/li>/gs)].map(([, item]) =>
      (item ?? '').replace(/<[^>]+>/g, '').replace(/&amp;/g, '&'),
    );
    expect(declared, path).toBeDefined();
    expect(shown, path).toEqual(declared);
  }
});

// The spec's table of gallery counts; entries without a gallery repeat the main image galleryCount (3) times.
const SERVICES: Array<[id: string, title: string, gallery: number]> = [
  ['dialysis-center', 'Dialysis Center Setup', 7],
  ['Radiology-center', 'Radiology Center Setup', 13],
  ['Ophthalmic-Products-center', 'Ophthalmic Products', 8],
  ['mot-center', 'Modular Operation Theater (MOT) Center Setup', 6],
  ['icu-center', 'Modular Intensive Care Unit (ICU) Center Setup', 8],
  ['cardiology-center', 'Cardiology Center Setup', 7],
  ['neurology-center', 'Neurology Center Setup', 6],
  ['urology-center', 'Urology Center Setup', 3],
  ['oncology-center', 'Oncology Center Setup', 3],
  ['pathology-center', 'Pathology Center Setup', 3],
  ['ent-center', 'ENT Center Setup', 3],
  ['orthopedic-center', 'Orthopedic Center Setup', 3],
  ['general-surgery-center', 'General Surgery Center Setup', 3],
  ['gynecology-center', 'Gynecology Center Setup', 3],
  ['Laboratory-center', 'Laboratory Center Setup', 3],
  ['Dental centre setup', 'Dental Center Setup', 3],
  ['Emergency centre setup ', 'Emergency Center Setup', 3],
];

test.describe('services', () => {
  test('the listing links every service to its page', async ({ page, problems }) => {
    await page.goto('/services');
    await waitForApp(page);
    const links = page.locator('main .card h2 a');
    await expect(links).toHaveCount(SERVICES.length);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Emergency Center Setup' }).click();
    await expect(page).toHaveURL(/\/services\/Emergency%20centre%20setup%20$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Emergency Center Setup');
    expect(appErrors(problems)).toEqual([]);
  });

  for (const [id, title, gallery] of SERVICES) {
    test(`/services/${id} shows 10 bullets in two columns and ${gallery} gallery images`, async ({ page, problems }) => {
      await page.goto('/services/' + encodeURIComponent(id));
      await waitForApp(page);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(title);
      await expect(heading.locator('.highlight')).toHaveText(title.split(' ')[0] ?? title);
      await expect(breadcrumb(page)).toHaveText(new RegExp(`Home.*Services.*${title.replace(/[()]/g, '\\$&')}`));
      const columns = page.locator('.service-list > ul');
      await expect(columns).toHaveCount(2);
      await expect(columns.nth(0).locator('li')).toHaveCount(5);
      await expect(columns.nth(1).locator('li')).toHaveCount(5);
      await expect(page.locator('.gallery-grid > li')).toHaveCount(gallery);
      if (id === 'dialysis-center' || id === 'Dental centre setup') expect(await axeViolations(page)).toEqual([]);
      expect(appErrors(problems)).toEqual([]);
    });
  }

  test('an unknown id says the service information is not found, with the serviceType from the menu', async ({
    page,
    problems,
  }) => {
    await page.goto('/services/no-such-service');
    await waitForApp(page);
    await expect(page.getByRole('heading', { name: 'Service information not found' })).toBeVisible();
    await expect(
      page.getByText(
        'The requested service details are not available. Please select a different service or contact us for more information.',
      ),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(appErrors(problems, { expect404: true })).toEqual([]);
  });

  test('the breadcrumb names the service from the menu', async ({ page, problems }) => {
    await page.goto('/');
    await waitForApp(page);
    await openMenuEntry(page, 'Services', 'Urology Center Setup');
    await expect(page).toHaveURL(/\/services\/urology-center$/);
    await expect(breadcrumb(page)).toHaveText(/Services.*Urology Center Setup/);
    expect(appErrors(problems)).toEqual([]);
  });

  test('a broken gallery image shows the placeholder', async ({ page, problems }) => {
    await page.route('**/media/gallery/**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/services/urology-center');
    await waitForApp(page);
    await page.locator('.gallery-grid').scrollIntoViewIfNeeded();
    await expect(page.locator('.gallery-grid .image-placeholder')).toHaveCount(3);
    expect(appErrors(problems, { expect404: true }).filter((line) => !line.includes('404'))).toEqual([]);
  });

  test('the gallery fetches its last picture only when the visitor scrolls near it', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'a desktop screen shows the whole gallery');
    const galleryRequests = requestsTo(page, '/media/gallery/');
    await page.goto('/services/dialysis-center');
    await waitForApp(page);
    await page.waitForLoadState('networkidle');
    const pictures = page.locator('.gallery-grid > li');
    const last = pictures.last();
    const lastImage = last.locator('img');
    expect(await isRenderingSkipped(lastImage)).toBe(true);
    expect(galleryRequests.length).toBeLessThan(await pictures.count());

    await last.scrollIntoViewIfNeeded();
    await expect(lastImage).toBeVisible();
    await expect.poll(() => galleryRequests.length).toBe(await pictures.count());
  });
});
