// Product photos on the product page: picture left, text right from 768 px up, whatever
// the photo's shape. The real content has no photos, so the run builds a copy in which
// three products have one each (landscape, portrait, square), generated here as PNGs
// grainy enough that their WebP variants are kept (a <picture> with its <source>).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect } from '@playwright/test';
import { ownSiteTest } from './own-site';

const PHOTOS = [
  { product: 1, name: 'landscape', width: 1200, height: 800 },
  { product: 2, name: 'portrait', width: 800, height: 1200 },
  { product: 3, name: 'square', width: 1000, height: 1000 },
];

/** A PNG of a colour gradient under fine grain (RGB, 8 bits, no filter). */
function grainyPng(width: number, height: number): Buffer {
  let seed = 12345;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = seed % 32;
      row[1 + x * 3] = ((x * 200) / width + grain) & 0xff;
      row[2 + x * 3] = ((y * 200) / height + grain) & 0xff;
      row[3 + x * 3] = 120 + grain;
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

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
