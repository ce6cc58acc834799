import type { Page, Request } from '@playwright/test';
import { axeViolations } from './catalogue-axe';
import { appErrors, expect as baseExpect, siteLayout, test, waitForApp } from './support';

// The quote list: added from product cards and product pages, kept in localStorage and
// shared by tabs, sent as one e-mail through the quote template, passed on by WhatsApp
// or printed.

// The first send also loads the e-mail and toast chunks on a shared, loaded machine.
const expect = baseExpect.configure({ timeout: 15_000 });

// axe is injected as an inline script: the site's Content-Security-Policy would block it.
test.use({ bypassCSP: true });

const SLIT_LAMP = { id: 1, title: 'Slit Lamp', path: '/products/1/slit-lamp' };
const B_SCAN = { id: 12, title: 'B-Scan Ultrasound', path: '/products/12/b-scan-ultrasound' };

type EmailSettings = { publicKey: string; serviceId: string; templates: { quote: string } };
type Layout = { email: EmailSettings; contact: { chatUrl: string }; site: { name: string } };

const headerLink = (page: Page) => page.getByRole('link', { name: /^Quote list \d+$/ });
/** A button named "LABEL: product title" (the title is visually hidden). */
const named = (label: string, title: string) => new RegExp(`^${label} ?: ${title}$`);
const addButton = (page: Page, title: string) => page.getByRole('button', { name: named('Add to quote list', title) });
const inListButton = (page: Page, title: string) => page.getByRole('button', { name: named('In quote list', title) });
const items = (page: Page) => page.locator('.quote-list-item');

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForApp(page);
}

/** Adds the first product of the catalogue from its card, and B-Scan from its page. */
async function addTwo(page: Page) {
  await open(page, '/products');
  await addButton(page, SLIT_LAMP.title).click();
  await expect(inListButton(page, SLIT_LAMP.title)).toHaveAttribute('aria-pressed', 'true');
  await expect(headerLink(page)).toHaveAccessibleName('Quote list 1');
  await open(page, B_SCAN.path);
  await addButton(page, B_SCAN.title).click();
  await expect(headerLink(page)).toHaveAccessibleName('Quote list 2');
}

function interceptSend(page: Page): Request[] {
  const requests: Request[] = [];
  void page.route('**/api/v1.0/email/send', async (route) => {
    requests.push(route.request());
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'OK' });
  });
  return requests;
}

test('products are added from a card and from a product page, and stay after a reload', async ({ page, problems }) => {
  await addTwo(page);
  await page.reload();
  await waitForApp(page);
  await expect(inListButton(page, B_SCAN.title)).toBeVisible();
  await headerLink(page).click();
  await expect(page).toHaveURL(/\/quote-list$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quote List');
  await expect(page).toHaveTitle(/^Quote List/);
  await expect(items(page)).toHaveCount(2);
  const first = items(page).first();
  await expect(first.getByRole('link', { name: SLIT_LAMP.title })).toHaveAttribute('href', SLIT_LAMP.path);
  await expect(first.getByRole('link', { name: 'Ophthalmic Products' })).toHaveAttribute('href', '/products/category/ophthalmic');
  await expect(first.locator('img')).toHaveAttribute('src', /\/media\//);
  expect(await axeViolations(page)).toEqual([]);

  // A click on "In quote list" takes the product out again.
  await open(page, B_SCAN.path);
  await inListButton(page, B_SCAN.title).click();
  await expect(addButton(page, B_SCAN.title)).toHaveAttribute('aria-pressed', 'false');
  await expect(headerLink(page)).toHaveAccessibleName('Quote list 1');
  expect(appErrors(problems)).toEqual([]);
});

test('remove, clear and the empty state, with no axe violation', async ({ page, problems }) => {
  await addTwo(page);
  await open(page, '/quote-list');
  await page.getByRole('button', { name: named('Remove', SLIT_LAMP.title) }).click();
  await expect(items(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear list' }).click();
  await expect(items(page)).toHaveCount(0);
  await expect(page.getByText('Your quote list is empty.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
  await expect(headerLink(page)).toHaveAccessibleName('Quote list 0');
  expect(await axeViolations(page)).toEqual([]);
  expect(appErrors(problems)).toEqual([]);
});

test('two tabs share the list', async ({ page, context, problems }) => {
  await open(page, '/quote-list');
  const other = await context.newPage();
  await open(other, B_SCAN.path);
  await addButton(other, B_SCAN.title).click();
  await expect(items(page)).toHaveCount(1);
  await expect(headerLink(page)).toHaveAccessibleName('Quote list 1');
  await page.getByRole('button', { name: named('Remove', B_SCAN.title) }).click();
  await expect(addButton(other, B_SCAN.title)).toBeVisible();
  await expect(headerLink(other)).toHaveAccessibleName('Quote list 0');
  expect(appErrors(problems)).toEqual([]);
});

test('a quantity is a whole number from 1 to 9,999; anything else gets a message and blocks sending', async ({ page, problems }) => {
  const requests = interceptSend(page);
  await addTwo(page);
  await open(page, '/quote-list');
  const quantity = page.getByRole('textbox', { name: named('Quantity', SLIT_LAMP.title) });
  await expect(quantity).toHaveValue('1');
  for (const bad of ['0', '10000', '2.5', '-3', 'ten', '']) {
    await quantity.fill(bad);
    await expect(quantity).toHaveAttribute('aria-invalid', 'true');
    await expect(quantity).toHaveAccessibleDescription('Enter a whole number from 1 to 9,999.');
  }
  await expect(page.getByRole('button', { name: 'Send quote request' })).toBeDisabled();
  await quantity.fill('9999');
  await expect(quantity).not.toHaveAttribute('aria-invalid');
  await page.reload();
  await waitForApp(page);
  await expect(page.getByRole('textbox', { name: named('Quantity', SLIT_LAMP.title) })).toHaveValue('9999');
  expect(requests).toHaveLength(0);
  expect(appErrors(problems)).toEqual([]);
});

test('sends the list as one e-mail through the quote template, then clears it', async ({ page, request, problems }) => {
  const layout = await siteLayout<Layout>(request);
  const requests = interceptSend(page);
  await addTwo(page);
  await open(page, '/quote-list');
  await page.getByRole('textbox', { name: named('Quantity', B_SCAN.title) }).fill('3');
  const form = page.getByRole('form', { name: 'Request a quote for this list' });
  await form.getByRole('button', { name: 'Send quote request' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  expect(requests).toHaveLength(0);

  await form.getByLabel('Name').fill('Asha Rao');
  await form.getByLabel('Contact Number').fill('9876543210');
  await form.getByLabel('Email').fill('asha@example.com');
  await form.getByLabel('Organisation (optional)').fill('Central Railway Hospital');
  await form.getByLabel('Message').fill('For the new dialysis ward');
  await form.getByRole('button', { name: 'Send quote request' }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Email sent successfully!' })).toBeVisible();
  await expect(page.getByText('Your quote list is empty.')).toBeVisible();
  expect(requests).toHaveLength(1);
  expect(requests[0]!.postDataJSON()).toEqual({
    lib_version: '4.4.1',
    user_id: layout.email.publicKey,
    service_id: layout.email.serviceId,
    template_id: layout.email.templates.quote,
    template_params: {
      name: 'Asha Rao',
      contact: '9876543210',
      email: 'asha@example.com',
      organisation: 'Central Railway Hospital',
      message: 'For the new dialysis ward',
      items: `${SLIT_LAMP.title} (id ${SLIT_LAMP.id}): quantity 1\n${B_SCAN.title} (id ${B_SCAN.id}): quantity 3`,
      item_count: '2',
    },
  });
  expect(appErrors(problems).filter((line) => !line.includes('/api/v1.0/email/'))).toEqual([]);
});

test('an unpublished product is shown as no longer available and left out of the e-mail and WhatsApp text', async ({
  page,
  request,
  problems,
}) => {
  const layout = await siteLayout<Layout>(request);
  const requests = interceptSend(page);
  await addTwo(page);
  // A product the list kept that the catalogue no longer publishes.
  await page.evaluate(() => {
    const key = 'quote-list';
    const list = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[];
    const image = { src: '/media/none.svg', width: 4, height: 3 };
    list.push({ id: 99999, title: 'Withdrawn Analyzer', slug: 'withdrawn-analyzer', category: 'lab', categoryName: 'Lab', image, quantity: 2 });
    localStorage.setItem(key, JSON.stringify(list));
  });
  await open(page, '/quote-list');
  const gone = items(page).filter({ hasText: 'Withdrawn Analyzer' });
  await expect(gone.getByText('No longer available')).toBeVisible();
  await expect(gone.getByRole('link')).toHaveCount(0);

  await page.getByLabel('Message').fill('Urgent');
  const whatsApp = page.getByRole('link', { name: 'Send on WhatsApp' });
  const href = await whatsApp.getAttribute('href');
  const url = new URL(href ?? '');
  expect(url.origin + url.pathname).toBe(layout.contact.chatUrl);
  expect(url.searchParams.get('text')).toBe(
    `Quote request:\n${SLIT_LAMP.title} (id ${SLIT_LAMP.id}): quantity 1\n${B_SCAN.title} (id ${B_SCAN.id}): quantity 1\n\nUrgent`,
  );

  await page.getByLabel('Name').fill('Asha Rao');
  await page.getByLabel('Contact Number').fill('9876543210');
  await page.getByLabel('Email', { exact: true }).fill('asha@example.com');
  await page.getByRole('button', { name: 'Send quote request' }).click();
  await expect.poll(() => requests.length).toBe(1);
  const params = requests[0]!.postDataJSON().template_params as Record<string, string>;
  expect(params.items).not.toContain('Withdrawn');
  expect(params.item_count).toBe('2');
  expect(appErrors(problems, { expect404: true }).filter((line) => !line.includes('/api/v1.0/email/'))).toEqual([]);
});

test('prints the list with the company name and contacts, without the navigation, chat button or footer', async ({
  page,
  request,
  problems,
}) => {
  const layout = await siteLayout<Layout>(request);
  await addTwo(page);
  await open(page, '/quote-list');
  await expect(items(page)).toHaveCount(2);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByText(layout.site.name, { exact: true })).toBeVisible();
  await expect(items(page).first()).toBeVisible();
  for (const selector of ['.site-header', 'footer.site-footer', '.chat-button', '.quote-list-actions', 'form']) {
    await expect(page.locator(selector).first()).toBeHidden();
  }
  await page.emulateMedia({ media: 'screen' });
  await expect(page.locator('.site-header')).toBeVisible();
  expect(appErrors(problems)).toEqual([]);
});
