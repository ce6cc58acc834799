// Product photos on the product page: picture left, text right from 768 px up, whatever
// the photo's shape. The real content has no photos, so the run builds a copy in which
// three products have one each (landscape, portrait, square), generated here as PNGs
// grainy enough that their WebP variants are kept (a <picture> with its <source>).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { grainyPng } from './grainy-png';
import { ownSiteTest } from './own-site';

const PHOTOS = [
  { product: 1, name: 'landscape', width: 1200, height: 800 },
  { product: 2, name: 'portrait', width: 800, height: 1200 },
  { product: 3, name: 'square', width: 1000, height: 1000 },
];

function withPhotos(content: string) {
  mkdirSync(path.join(content, 'media/products'), { recursive: true });
  const products = path.join(content, 'products.toml');
  let text = readFileSync(products, 'utf8');
  for (const photo of PHOTOS) {
    writeFileSync(path.join(content, `media/products/${photo.name}.png`), grainyPng(photo.width, photo.height));
    text = text.replace(new RegExp(`^id = ${photo.product}$`, 'm'), `id = ${photo.product}\nimage = "media/products/${photo.name}.png"`);
  }
  writeFileSync(products, text);
}

const test = ownSiteTest('photos', withPhotos);

for (const photo of PHOTOS) {
  test(`a ${photo.name} photo stays left of the product's title and buttons from 768 px up`, async ({ page, problems }, testInfo) => {
    for (const width of [768, 1024, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/products/${photo.product}`);
      await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
      const image = page.locator('.product-detail picture > img.product-detail-image');
      await expect(image).toHaveJSProperty('complete', true);
      await expect(page.locator('.product-detail picture > source')).toHaveAttribute('type', 'image/webp');
      const picture = (await image.boundingBox())!;
      const title = (await page.locator('.product-detail h1').boundingBox())!;
      const article = (await page.locator('.product-detail').boundingBox())!;
      expect(picture.x, `${width} px: the picture starts the row`).toBeCloseTo(article.x, 0);
      expect(title.x, `${width} px: the title is right of the picture`).toBeGreaterThan(picture.x + picture.width);
      expect(title.y, `${width} px: the title is beside the picture, not under it`).toBeLessThan(picture.y + picture.height);
      expect(picture.width / article.width, `${width} px: 5 of 12 columns`).toBeGreaterThan(0.35);
      // For a reviewer to look at: compared by the boxes above, not by pixels (fonts differ between machines).
      await testInfo.attach(`${photo.name}-${width}`, { body: await page.screenshot(), contentType: 'image/png' });
    }
    expect(problems).toEqual([]);
  });
}
