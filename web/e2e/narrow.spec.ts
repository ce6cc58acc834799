import { test, expect, waitForApp, appErrors } from './support';

// The smallest phones in use are 320 px wide: no page may be wider than that, so no
// visitor scrolls sideways or loses the right edge of a card.

const KEY_ROUTES = [
  '/',
  '/products',
  '/products/category/dialysis',
  '/products/12/b-scan-ultrasound',
  '/services/dialysis-center',
  '/certificate',
  '/railway-registration/PCMM',
  '/aboutUs',
  '/blogs',
  '/contact',
  '/jobapplicationform',
  '/PrivacyPolicy',
];

test.describe('at 320 px wide', () => {
  test.skip(({ isMobile }) => !isMobile, 'a phone');
  test.use({ viewport: { width: 320, height: 640 } });

  for (const route of KEY_ROUTES) {
    test(`${route} is no wider than the screen`, async ({ page, problems }) => {
      await page.goto(route);
      await waitForApp(page);
      const widths = await page.evaluate(() => ({
        document: document.documentElement.scrollWidth,
        body: document.body.scrollWidth,
        viewport: document.documentElement.clientWidth,
      }));
      expect(widths.document).toBeLessThanOrEqual(widths.viewport);
      expect(widths.body).toBeLessThanOrEqual(widths.viewport);
      expect(appErrors(problems)).toEqual([]);
    });
  }

  test('the product cards fit the width and no title breaks inside a word', async ({ page }) => {
    await page.goto('/products');
    await waitForApp(page);
    const viewport = await page.evaluate(() => document.documentElement.clientWidth);
    const cards = page.locator('.product-grid > li');
    for (const index of [0, 1, 2]) {
      const box = (await cards.nth(index).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport);
    }
    // A word cut in two: a title's text overflows its box, or a line break falls inside a word.
    const cutTitles = await page.locator('.product-card-title a').evaluateAll((links) =>
      links.slice(0, 24).flatMap((link) => {
        if (link.scrollWidth > link.clientWidth + 1) return [link.textContent];
        const range = document.createRange();
        const text = link.firstChild;
        if (!text || text.nodeType !== Node.TEXT_NODE) return [];
        const words = [...(text.textContent ?? '').matchAll(/\S+/g)];
        return words.flatMap((word) => {
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          // A word on one line has one line box (a hyphen-less break would give two).
          return range.getClientRects().length > 1 ? [word[0]] : [];
        });
      }),
    );
    expect(cutTitles).toEqual([]);
  });
});
