import { test, expect, waitForApp, appErrors, reachFooter } from './support';

// Every route of the spec's route table, with text its screen must show. The texts are
// the spec's own words (headings, titles), so the test reads like the spec.
const ROUTES: Array<[path: string, text: string]> = [
  ['/', 'Delivering Trust and Innovation in Medical Equipment Since 2002'],
  ['/products', 'All Products'],
  ['/products/category/dialysis', 'Dialysis Products'],
  ['/services', 'Dialysis Center Setup'],
  ['/services/dialysis-center', 'Dialysis Center Setup'],
  ['/services/Radiology-center', 'Radiology Center Setup'],
  ['/services/Ophthalmic-Products-center', 'Ophthalmic Products'],
  ['/services/mot-center', 'Modular Operation Theater (MOT) Center Setup'],
  ['/services/Dental%20centre%20setup', 'Dental Center Setup'],
  ['/services/Emergency%20centre%20setup%20', 'Emergency Center Setup'],
  ['/certificate', 'ISO 9001 Certificate'],
  ['/railway-registration', 'PCMM'],
  ['/railway-registration/PCMM', 'PCMM'],
  ['/railway-registration/PCMD', 'PCMD'],
  ['/aboutUs', 'Story of our Leaders'],
  ['/blogs', 'Blogs'],
  ['/contact', 'Contact Us'],
  ['/jobapplicationform', 'Resume'],
  ['/TermsAndConditions', 'Terms'],
  ['/PrivacyPolicy', 'Privacy Policy'],
  ['/ReturnRefundPolicy', 'Shipping Policy'],
  ['/ShippingPolicy', 'Shipping Policy'],
  ['/PaymentPolicy', 'Payment Policy'],
  ['/footer', 'Quick Links'],
  ['/home-slider', 'Delivering Trust and Innovation in Medical Equipment Since 2002'],
  ['/map', 'Vasai'],
  ['/service', 'Our Services'],
  ['/associate-partners', 'Your trusted Health Partner for life'],
  ['/number-increase', 'Excellence in Healthcare Support'],
  ['/timeline', '1881'],
  ['/achievement', '50,000+'],
  ['/OurClientssay', 'What Our Clients Say'],
  ['/testimonial', 'What Our Clients Say'],
  ['/ProductFormModal', 'Product Information'],
  ['/Notification', 'Notification'],
  ['/Producthome', 'Making Healthcare Safer'],
];

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

for (const [path, text] of ROUTES) {
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

test('both spellings of the job form route reach the job form', async ({ page, request }) => {
  const redirect = await request.get('/JobApplicationForm', { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expect(redirect.headers()['location']).toBe('/jobapplicationform');

  await page.goto('/JobApplicationForm');
  await waitForApp(page);
  await expect(page).toHaveURL(/\/jobapplicationform$/);
  await expect(page.locator('main')).toContainText('Resume');
});

test('client navigation fetches the route data chunk and scrolls to the top', async ({ page, problems }) => {
  await page.goto('/');
  await waitForApp(page);
  await reachFooter(page);
  await page.waitForFunction(() => window.scrollY > 500);
  const chunk = page.waitForResponse((response) => response.url().endsWith('/data/routes/aboutUs.json'));
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
