import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appErrors, expect, test, waitForApp } from './support';
import { axeViolations } from './catalogue-axe';
import type { RedirectMap } from '../src/content/contract.gen';
import { REDIRECTS_DATA_URL } from '../src/content/data-files.gen';

// Issue 14 as a visitor and an editor see it: old product URLs answered by `sitegen
// serve` (and by the client router where a host has no `_redirects`), and, on a
// preview of edited content served by `sitegen serve` (drafts shown by default), the
// Draft badge and the home page's sections in home.toml's order.

test.use({ bypassCSP: true });


test.describe('old product URLs on the built site', () => {
  test('sitegen serve answers /products/{id} and an old slug with 301s to the current page', async ({
    request,
  }) => {
    const map = (await (await request.get(REDIRECTS_DATA_URL)).json()) as RedirectMap;
    const current = map.products['12'];
    expect(current).toMatch(/^\/products\/12\/[a-z0-9-]+$/);

    const byId = await request.get('/products/12', { maxRedirects: 0 });
    expect(byId.status()).toBe(301);
    expect(byId.headers()['location']).toBe(current);

    const oldSlug = await request.get('/products/12/its-old-title', { maxRedirects: 0 });
    expect(oldSlug.status()).toBe(301);
    expect(oldSlug.headers()['location']).toBe('/products/12');

    const page = await request.get(current!, { maxRedirects: 0 });
    expect(page.status()).toBe(200);
    const followed = await request.get('/products/12/its-old-title');
    expect(followed.url()).toMatch(new RegExp(`${current}$`));
    // A category page is not an old product slug.
    expect((await request.get('/products/category/dialysis', { maxRedirects: 0 })).status()).toBe(200);
  });

  test('a permalink without a rule gets the 404 page, whose app moves it on', async ({ page, problems }) => {
    // A host without `_redirects`, or past its rule limit, answers `/products/12` with
    // 404.html (products have no fallback pages).
    const notFound = await (await page.request.get('/404.html')).text();
    await page.route('**/products/12', (route) => route.fulfill({ status: 404, contentType: 'text/html', body: notFound }));
    await page.goto('/products/12');
    await expect(page).toHaveURL(/\/products\/12\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(appErrors(problems, { expect404: true })).toEqual([]);
  });

  test('the client router moves an old product URL on when the host serves the 404 page', async ({
    page,
    problems,
  }) => {
    // A host without `_redirects` answers an old slug with 404.html.
    const notFound = await (await page.request.get('/404.html')).text();
    await page.route('**/products/12/its-old-title', (route) =>
      route.fulfill({ status: 404, contentType: 'text/html', body: notFound }),
    );
    await page.goto('/products/12/its-old-title');
    await expect(page).toHaveURL(/\/products\/12\/[a-z0-9-]+$/);
    await expect(page).not.toHaveURL(/its-old-title/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The old URL's own chunk and the document are the expected 404s.
    expect(appErrors(problems, { expect404: true })).toEqual([]);
  });
});

/** A `sitegen serve` of edited content: product 2 a draft, the home page map, hero, stats. */
const previewPort = Number(process.env.E2E_PREVIEW_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 1);
const previewURL = `http://127.0.0.1:${previewPort}`;

test.describe('a preview of edited content', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: previewURL });
  let server: ChildProcess | undefined;
  let dir = '';

  // Playwright reads the fixtures a hook uses from its first parameter: none here.
  // eslint-disable-next-line no-empty-pattern
  test.beforeAll(async ({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one preview build is enough');
    test.setTimeout(240_000);
    const web = path.resolve(import.meta.dirname, '..');
    const repo = path.resolve(web, '..');
    dir = mkdtempSync(path.join(tmpdir(), 'sitegen-preview-'));
    cpSync(path.join(repo, 'content'), path.join(dir, 'content'), { recursive: true });
    const edit = (file: string, from: string, to: string) => {
      const full = path.join(dir, 'content', file);
      writeFileSync(full, readFileSync(full, 'utf8').replace(from, to));
    };
    edit('products.toml', 'id = 2\n', 'id = 2\ndraft = true\n');
    edit('home.toml', '[hero]', 'sections = ["map", "hero", "stats"]\n\n[hero]');
    const sitegen = path.resolve(web, process.env.SITEGEN_BIN ?? '../target/debug/sitegen');
    // `sitegen serve` builds first, drafts included (its default), then listens.
    server = spawn(
        sitegen,
        ['serve', '--no-watch', '--port', String(previewPort), '--out', 'dist', '--web', web, '--templates', path.join(repo, 'templates')],
        { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    // Kept to say why, should the preview never come up.
    let errors = '';
    server.stderr?.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-4000);
    });
    // The full content is built first: on a loaded machine that takes minutes, so wait
    // as long as the hook may (a 503 "no build yet" page answers meanwhile).
    const deadline = Date.now() + 230_000;
    while (Date.now() < deadline) {
      if (server.exitCode !== null) break;
      const up = await fetch(previewURL).then(
        (response) => response.ok,
        () => false,
      );
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`sitegen serve did not answer on ${previewURL} (exit ${server.exitCode}):\n${errors}`);
  });

  test.afterAll(() => {
    server?.kill();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('a draft product carries a visible Draft badge, in the list and on its page', async ({ page, problems }) => {
    await page.goto('/products/category/ophthalmic');
    await waitForApp(page);
    const card = page.locator('.product-card').filter({ hasText: 'Auto Refractometer' });
    await expect(card.getByText('Draft', { exact: true })).toBeVisible();
    // Only the draft is marked.
    await expect(page.locator('.product-card .draft-badge')).toHaveCount(1);
    await card.getByRole('link', { name: 'Auto Refractometer' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Auto Refractometer\s*Draft/);
    expect(await axeViolations(page)).toEqual([]);
    expect(appErrors(problems)).toEqual([]);
  });

  test("the home page shows home.toml's sections in its order and no others", async ({ page, problems }) => {
    await page.goto('/');
    await waitForApp(page);
    // In document order: which of the three sections comes where.
    const names = await page
      .locator('main section.hero, main section.stats-band, main section.map-section')
      .evaluateAll((sections) =>
        sections.map((section) =>
          section.classList.contains('hero') ? 'hero' : section.classList.contains('map-section') ? 'map' : 'stats',
        ),
      );
    expect(names).toEqual(['map', 'hero', 'stats']);
    await expect(page.getByText('What Our Clients Say')).toHaveCount(0);
    await expect(page.getByText('Making Healthcare Safer')).toHaveCount(0);
    expect(appErrors(problems)).toEqual([]);
  });
});
