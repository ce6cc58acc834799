import { appErrors, expect, test, waitForApp } from './support';
import type { Page } from '@playwright/test';
import { axeViolations } from './catalogue-axe';

// The information screens of issue 5: certificates, railway registrations, About Us,
// blogs, legal pages, timeline, 404 and the broken-image fallback.

// axe is injected as an inline script: the site's Content-Security-Policy would block it.
test.use({ bypassCSP: true });

const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });

const CERTIFICATES = [
  'Shop Establishment',
  'Udyam Certificate',
  'GST Certificate',
  'Import Export Certificate',
  'MSMS Certificate',
  'PNDT Maharashtra',
  'NON Conviction',
  'Drugs Licence 20B',
  'Drugs Licence 21B',
  'Tread Mark Certificate',
  'ISO 9001 Certificate',
];

test.describe('certificates', () => {
  test('shows the 11 certificates with no axe violation', async ({ page, problems }) => {
    await page.goto('/certificate');
    await waitForApp(page);
    await expect(page.locator('.certificate-card figcaption')).toHaveText(CERTIFICATES);
    expect(await axeViolations(page)).toEqual([]);
    expect(appErrors(problems)).toEqual([]);
  });

  test('opens full-screen and closes by the close button, by Escape and by a click anywhere', async ({
    page,
    problems,
  }) => {
    await page.goto('/certificate');
    await waitForApp(page);
    const opener = page.getByRole('button', { name: /ISO 9001 Certificate/ });
    const lightbox = page.getByRole('dialog', { name: 'ISO 9001 Certificate' });

    // Keyboard: reach the card, open with Enter; the close button has focus.
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByRole('button', { name: 'Close' })).toBeFocused();
    await expect(lightbox.locator('img')).toHaveJSProperty('complete', true);
    expect(await axeViolations(page)).toEqual([]);
    await lightbox.getByRole('button', { name: 'Close' }).click();
    await expect(lightbox).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(lightbox).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();

    await opener.click();
    await expect(lightbox).toBeVisible();
    await lightbox.locator('img').click();
    await expect(lightbox).toBeHidden();
    await opener.click();
    await page.mouse.click(5, 300);
    await expect(lightbox).toBeHidden();
    expect(appErrors(problems)).toEqual([]);
  });

  test('the full-size image is not part of the gallery until opened', async ({ page }) => {
    await page.goto('/certificate');
    await waitForApp(page);
    await expect(page.locator('.lightbox img')).toHaveCount(0);
  });
});

test.describe('railway registrations', () => {
  for (const [type, count] of [
    ['PCMM', 3],
    ['PCMD', 8],
  ] as const) {
    test(`${type} lists ${count} registrations`, async ({ page, problems }) => {
      await page.goto(`/railway-registration/${type}`);
      await waitForApp(page);
      await expect(page.locator('.certificate-card')).toHaveCount(count);
      await expect(breadcrumb(page)).toContainText('Railway Registration Certification');
      expect(await axeViolations(page)).toEqual([]);
      expect(appErrors(problems)).toEqual([]);
    });
  }

  test('any other type shows an empty list with a friendly line', async ({ page, problems }) => {
    await page.goto('/railway-registration/OTHER');
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('OTHER Registration Certificates');
    await expect(page.locator('.certificate-card')).toHaveCount(0);
    await expect(page.getByText('There are no registration certificates of this type yet.', { exact: false })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(appErrors(problems, { expect404: true })).toEqual([]);
  });

  test('the landing shows both types', async ({ page, problems }) => {
    await page.goto('/railway-registration');
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 2 })).toContainText(['PCMM', 'PCMD']);
    await expect(page.locator('.certificate-card')).toHaveCount(11);
    expect(await axeViolations(page)).toEqual([]);
    expect(appErrors(problems)).toEqual([]);
  });
});

test.describe('About Us', () => {
  test('has its sections in order and no axe violation', async ({ page, problems }) => {
    await page.goto('/aboutUs');
    await waitForApp(page);
    const headings = await page.locator('main h2').allTextContents();
    const order = [
      'Who are we',
      'Why you should work with us',
      'Our Mission',
      'Story of our Leaders',
      'About Our USP',
      'Our Services',
      'Our Specialization',
    ].map((heading) => headings.indexOf(heading));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await expect(page.locator('.leader-slide')).toHaveCount(3);
    expect(await axeViolations(page)).toEqual([]);
    expect(appErrors(problems)).toEqual([]);
  });

  test('the mission/vision card flips every 5 s and by its button', async ({ page, problems }) => {
    await page.clock.install();
    // The hydrating render assumes reduced motion; the card arms its timer in an effect
    // of the render that learns otherwise, and marks it (data-flips) in the same task.
    // The page's clock stamps the mark, however long the page took to load.
    await page.addInitScript(() => {
      const armedAt: number[] = [];
      Object.assign(window, { armedAt });
      new MutationObserver(() => {
        if (document.querySelector('.flip-card[data-flips]')) armedAt.push(Date.now());
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-flips'] });
    });
    await page.goto('/aboutUs');
    await waitForApp(page);
    const card = page.locator('.flip-card');
    await expect(card).toHaveAttribute('data-flips', 'armed');
    // Stop the clock short of the flip, then step to just before it and onto it. The
    // clock runs on within the arming task, so the stamp may be a little late.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 1000);
    const [armedAt, pausedAt] = await page.evaluate(() => [(window as unknown as { armedAt: number[] }).armedAt[0] ?? NaN, Date.now()]);
    await page.clock.runFor(armedAt + 4900 - pausedAt);
    await expect(card).toHaveAttribute('data-face', 'mission');
    await page.clock.runFor(100);
    await expect(card).toHaveAttribute('data-face', 'vision');
    // With the clock paused, the next 5 s start exactly at the flip.
    await page.clock.runFor(4999);
    await expect(card).toHaveAttribute('data-face', 'vision');
    await page.clock.runFor(1);
    await expect(card).toHaveAttribute('data-face', 'mission');
    await page.getByRole('button', { name: 'Show Our Vision' }).click();
    await expect(card).toHaveAttribute('data-face', 'vision');
    expect(appErrors(problems)).toEqual([]);
  });

  test('the card stays put under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/aboutUs');
    await waitForApp(page);
    await page.clock.runFor(12_000);
    await expect(page.locator('.flip-card')).toHaveAttribute('data-face', 'mission');
    await page.getByRole('button', { name: 'Show Our Vision' }).click();
    await expect(page.locator('.flip-card')).toHaveAttribute('data-face', 'vision');
  });

  test('the leader carousel moves on every 5 s and wraps from the last leader to the first', async ({
    page,
    problems,
  }) => {
    await page.clock.install();
    await page.goto('/aboutUs');
    await waitForApp(page);
    // Below the first screen, embla starts only once the carousel comes near the viewport.
    const viewport = page.locator('.leader-viewport');
    await expect(viewport).not.toHaveAttribute('data-ready');
    await viewport.scrollIntoViewIfNeeded();
    await expect(viewport).toHaveAttribute('data-ready', 'true');
    const dots = page.locator('.carousel-dot');
    await expect(dots).toHaveCount(3);
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(5500);
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(5000);
    await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(5000);
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    // A dot jumps to its leader.
    await dots.nth(2).click();
    await page.clock.runFor(1000);
    await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');
    expect(appErrors(problems)).toEqual([]);
  });
});

test('blogs shows its heading and a friendly line', async ({ page, problems }) => {
  await page.goto('/blogs');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blogs');
  await expect(page.getByText('No posts yet.', { exact: false })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(appErrors(problems)).toEqual([]);
});

const POLICIES: Array<[path: string, title: string, topics: string[]]> = [
  [
    '/PrivacyPolicy',
    'Privacy Policy',
    ['Consent', 'Information We Collect', 'Log Files', 'Cookies', 'Your Data Protection Rights', "Children's Information"],
  ],
  [
    '/TermsAndConditions',
    'Terms and Conditions',
    ['Cookies', 'License', 'User Comments', 'Hyperlinking', 'iFrames', 'Content Liability', 'Reservation of Rights', 'Removal of Links', 'Disclaimer'],
  ],
  ['/ShippingPolicy', 'Shipping Policy', ['Shipping Coverage', 'Order Processing', 'Delivery Estimates', 'Order Tracking', 'Shipping Partners', 'International Shipping and Customs']],
  ['/ReturnRefundPolicy', 'Shipping Policy', ['Shipping Coverage', 'Delivery Estimates']],
  ['/PaymentPolicy', 'Payment Policy', ['Accepted Payment Methods', 'Payment Processing', 'Payment Security', 'Taxes and Invoices', 'Payment Terms']],
];

test.describe('legal pages', () => {
  for (const [path, title, topics] of POLICIES) {
    test(`${path} shows the ${title} with its topics and a breadcrumb back home`, async ({ page, problems }) => {
      await page.goto(path);
      await waitForApp(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      const headings = (await page.locator('main h2').allTextContents()).join(' | ');
      for (const topic of topics) expect(headings).toContain(topic);
      if (path === '/PrivacyPolicy') await expect(page.locator('main')).toContainText('@');
      // Readable line length: a line holds at most about 75 characters of its own text.
      const charactersPerLine = await page
        .locator('main article p')
        .last()
        .evaluate((element) => {
          const probe = document.createElement('span');
          probe.textContent = (element.textContent ?? '').slice(0, 60);
          element.append(probe);
          const perCharacter = probe.getBoundingClientRect().width / probe.textContent.length;
          probe.remove();
          return element.getBoundingClientRect().width / perCharacter;
        });
      expect(charactersPerLine).toBeLessThanOrEqual(80);
      expect(await axeViolations(page)).toEqual([]);
      await breadcrumb(page).getByRole('link', { name: 'Home' }).click();
      await expect(page).toHaveURL(/\/$/);
      expect(appErrors(problems)).toEqual([]);
    });
  }
});

test('the timeline background follows the entry scrolled into view and links to its source', async ({
  page,
  problems,
}) => {
  await page.goto('/timeline');
  await waitForApp(page);
  const backdrop = page.locator('.biography-backdrop');
  await expect(backdrop).toHaveAttribute('data-entry-year', '1881');
  const last = page.locator('.biography .timeline-entry').last();
  await last.scrollIntoViewIfNeeded();
  await last.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await expect(backdrop).toHaveAttribute('data-entry-year', '1908');
  await expect(page.locator('.biography a[target="_blank"]')).toHaveAttribute('href', /^https:\/\//);
  expect(await axeViolations(page)).toEqual([]);
  expect(appErrors(problems)).toEqual([]);
});

test('the 404 page says so and links home', async ({ page, problems }) => {
  await page.goto('/no-such-page/at-all');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 - Page Not Found');
  await expect(page.getByText('Oops! The page you are looking for does not exist.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Go Back Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(appErrors(problems, { expect404: true })).toEqual([]);
});

test('broken images show the placeholder, also when they broke before hydration', async ({ page, problems }) => {
  await page.route('**/media/certificates/**', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/certificate');
  await waitForApp(page);
  // Lazy images load as they come into view.
  const cards = page.locator('.certificate-card');
  for (let index = 0; index < 11; index += 1) await cards.nth(index).scrollIntoViewIfNeeded();
  await expect(page.locator('.certificate-card .image-placeholder')).toHaveCount(11);
  expect(problems.page).toEqual([]);
  expect(problems.console.filter((line) => !line.includes('404') && !line.startsWith('Failed to load resource'))).toEqual([]);
});
