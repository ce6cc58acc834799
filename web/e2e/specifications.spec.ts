// A product that procurement can compare: brand, model, specifications and a PDF brochure.
// The real content has none (the spec invents no specifications), so each worker builds a
// copy in which the first product has them.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { axeViolations } from './catalogue-axe';
import { ownSiteTest } from './own-site';

const PRODUCT = '/products/1/slit-lamp';
const SPECIFICATIONS: [name: string, value: string][] = [
  ['Magnification', '10x, 16x, 25x'],
  ['Weight', '12 kg'],
  ['Power supply', '230 V, 50 Hz'],
];
/** 3,000 bytes: shown as 3 KB. */
const BROCHURE = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3000 - 15, 0x20), Buffer.from('\n%%EOF\n')]);

/** The first product with a brand, a model, specifications and a brochure. */
function withComparableProduct(content: string) {
  mkdirSync(path.join(content, 'media/brochures'), { recursive: true });
  writeFileSync(path.join(content, 'media/brochures/slit-lamp.pdf'), BROCHURE);
  const products = path.join(content, 'products.toml');
  const specifications = SPECIFICATIONS.map(([name, value]) => `  { name = "${name}", value = "${value}" },`).join('\n');
  const added = `brand = "Example Optics"\nmodel = "SL-900"\nspecifications = [\n${specifications}\n]\nbrochure = "media/brochures/slit-lamp.pdf"\n`;
  writeFileSync(products, readFileSync(products, 'utf8').replace('subcategory = "General"\n', `subcategory = "General"\n${added}`));
}

const test = ownSiteTest('specifications', withComparableProduct);

test('a product shows its brand, model, specifications and brochure, hydrates cleanly and passes axe', async ({
  page,
  request,
  problems,
}) => {
  await page.goto(PRODUCT);
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
  const facts = page.locator('.product-facts');
  await expect(facts.getByText('Example Optics')).toBeVisible();
  await expect(facts.getByText('SL-900')).toBeVisible();
  const table = page.getByRole('table');
  for (const [name, value] of SPECIFICATIONS) {
    const row = table.getByRole('row', { name: `${name} ${value}` });
    await expect(row.getByRole('rowheader')).toHaveText(name);
    await expect(row.getByRole('cell')).toHaveText(value);
  }
  const brochure = page.getByRole('link', { name: 'Download brochure (PDF, 3 KB)' });
  const href = await brochure.getAttribute('href');
  expect(href).toMatch(/^\/media\/brochures\/slit-lamp\.[0-9a-f]+\.pdf$/);
  const download = await request.get(href ?? '');
  expect(download.status()).toBe(200);
  expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
  expect(await axeViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
});

test('the JSON-LD names the brand, the model and each specification', async ({ page }) => {
  await page.goto(PRODUCT);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = blocks.map((text) => JSON.parse(text)).find((block) => block['@type'] === 'Product');
  expect(product.brand).toEqual({ '@type': 'Brand', name: 'Example Optics' });
  expect(product.model).toBe('SL-900');
  expect(product.additionalProperty).toEqual(
    SPECIFICATIONS.map(([name, value]) => ({ '@type': 'PropertyValue', name, value })),
  );
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the specifications and the brochure link are in the page', async ({ page }) => {
    await page.goto(PRODUCT);
    await expect(page.getByRole('rowheader', { name: 'Weight' })).toBeVisible();
    await expect(page.getByRole('cell', { name: '12 kg' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download brochure (PDF, 3 KB)' })).toBeVisible();
  });
});
