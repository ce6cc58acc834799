// Media on an origin of their own (`--media-url`): the build writes them to the media
// folder, and a visitor's page takes its photo, its variants and its share image from
// there, under the site's own Content-Security-Policy (not bypassed here, since a CSP
// that left the media origin out would blank every picture).
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { grainyPng } from './grainy-png';
import { startOwnSite, type OwnSite } from './own-site';

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
};

/** An object store's stand-in: the files of `folder`, as they are when asked for. */
function serveFolder(folder: string, served: string[]): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const relative = decodeURIComponent(new URL(request.url ?? '/', 'http://media').pathname);
    const file = path.join(folder, relative);
    served.push(relative);
    try {
      if (!file.startsWith(folder + path.sep) || !statSync(file).isFile()) throw new Error('not a file');
      response.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      response.end(readFileSync(file));
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (typeof address !== 'object' || !address) throw new Error('no address');
      resolve({ origin: `http://127.0.0.1:${address.port}`, server });
    }),
  );
}

let site: OwnSite;
let stopSite: () => void;
let media: { origin: string; server: Server };
let work: string;
const served: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = mkdtempSync(path.join(tmpdir(), 'sitegen-media-origin-'));
  const mediaOut = path.join(work, 'media-origin');
  media = await serveFolder(mediaOut, served);
  ({ site, stop: stopSite } = await startOwnSite(
    'media-origin',
    (content) => {
      mkdirSync(path.join(content, 'media/products'), { recursive: true });
      writeFileSync(path.join(content, 'media/products/photo.png'), grainyPng(1200, 800));
      const products = path.join(content, 'products.toml');
      writeFileSync(products, readFileSync(products, 'utf8').replace(/^id = 1$/m, 'id = 1\nimage = "media/products/photo.png"'));
    },
    ['--media-url', media.origin, '--media-out', mediaOut],
  ));
});

test.afterAll(() => {
  stopSite?.();
  media?.server.close();
  rmSync(work, { recursive: true, force: true });
});

test('with --media-url, a product photo and its share image come from the media origin and show', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  await page.goto(`${site.base}/products/1`);
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');

  const image = page.locator('.product-detail picture > img.product-detail-image');
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth), 'the photo decoded').toBeGreaterThan(0);
  expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(new RegExp(`^${media.origin}/media/products/photo\\.`));
  expect(served.some((file) => /^\/media\/products\/photo\..*\.webp$/.test(file)), 'a WebP variant was fetched from the media origin').toBe(true);

  const share = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(share).toMatch(new RegExp(`^${media.origin}/media/products/photo\\.`));
  const shared = await page.request.get(share!);
  expect(shared.status()).toBe(200);
  expect(shared.headers()['content-type']).toBe('image/jpeg');

  // Nothing of the media is left on the site's own origin.
  expect((await page.request.get(`${site.base}${new URL(share!).pathname}`)).status()).toBe(404);
  expect(problems, 'no CSP refusal or failed load').toEqual([]);
});
