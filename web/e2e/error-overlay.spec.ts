import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, waitForApp } from './support';

// The error overlay of `sitegen serve` (issue 13, point 2): an editor breaks a content
// file while a page is open; the page shows the positioned diagnostic, as the terminal
// does, until the file is fixed and the page reloads. This spec runs its own
// `sitegen serve` (building and watching) on a copy of content/, not the suite's
// `--no-build` server.

const WEB_DIR = path.resolve(import.meta.dirname, '..');
const REPO_DIR = path.resolve(WEB_DIR, '..');
const SITEGEN = path.resolve(WEB_DIR, process.env.SITEGEN_BIN ?? '../target/debug/sitegen');
const AXE_SOURCE = readFileSync(path.join(WEB_DIR, 'node_modules/axe-core/axe.min.js'), 'utf8');
const BROKEN_PRODUCT =
  '\n[[product]]\nid = 9999\ntitle = "Test Monitor"\ndescription = "x"\ncategory = "dialisys"\nsubcategory = "General"\n';

let project = '';
let server: ChildProcess | undefined;
let origin = '';
let products = '';
let goodProducts = '';

/** Starts `sitegen serve --port 0` and resolves with the origin it announces. */
function startServer(): Promise<string> {
  const child = spawn(
    SITEGEN,
    [
      'serve',
      '--port',
      '0',
      '--content',
      path.join(project, 'content'),
      '--out',
      path.join(project, 'dist'),
      '--web',
      WEB_DIR,
      '--templates',
      path.join(REPO_DIR, 'templates'),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  server = child;
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const announced = /serving .* at (http:\/\/[^/\s]+)\//.exec(seen);
      if (announced?.[1]) resolve(announced[1]);
    });
    child.on('exit', (code) => reject(new Error(`sitegen serve exited (${code}): ${seen}`)));
  });
}

test.describe('the error overlay of sitegen serve', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop only: one server, one browser');
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    project = mkdtempSync(path.join(tmpdir(), 'sitegen-overlay-'));
    cpSync(path.join(REPO_DIR, 'content'), path.join(project, 'content'), { recursive: true });
    products = path.join(project, 'content', 'products.toml');
    // Eight products keep each rebuild short.
    const all = readFileSync(products, 'utf8');
    goodProducts = all.split('[[product]]').slice(0, 9).join('[[product]]');
    writeFileSync(products, goodProducts);
    origin = await startServer();
  });

  test.afterAll(() => {
    server?.kill('SIGINT');
    if (project) rmSync(project, { recursive: true, force: true });
  });

  test('a broken save shows the positioned diagnostic until the fix reloads the page', async ({ page, browser }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
      });
    });
    await page.goto(`${origin}/`);
    await waitForApp(page);
    const overlay = page.getByRole('alertdialog', { name: 'The build failed' });
    await expect(overlay).toHaveCount(0);
    // Still the same document after the failed build: no reload.
    await page.evaluate(() => ((window as unknown as { beforeTheEdit: boolean }).beforeTheEdit = true));

    writeFileSync(products, goodProducts + BROKEN_PRODUCT);
    const line = (goodProducts + BROKEN_PRODUCT).split('\n').findIndex((text) => text.includes('dialisys')) + 1;
    await expect(overlay).toBeVisible({ timeout: 30_000 });
    await expect(overlay).toContainText(`content/products.toml:${line}:12: error[E0202]: unknown category "dialisys"`);
    await expect(overlay).toContainText('help: did you mean "dialysis"?');
    const snippet = overlay.locator('pre').first();
    await expect(snippet).toContainText(`${line} | category = "dialisys"`);
    await expect(snippet).toContainText('|            ^^^^^^^^^^');
    expect(await page.evaluate(() => (window as unknown as { beforeTheEdit?: boolean }).beforeTheEdit)).toBe(true);
    // The dialog has the focus, and the page under it is still the last good build.
    expect(await page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.getAttribute('role'))).toBe(
      'alertdialog',
    );
    await expect(page.locator('#root')).not.toBeEmpty();

    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      type Result = { violations: { id: string; nodes: { target: string[] }[] }[] };
      const axe = (window as unknown as { axe: { run: (context: Document) => Promise<Result> } }).axe;
      const result = await axe.run(document);
      return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    expect(violations).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);

    // It arrives with a short animation, and without one when the system asks for less motion.
    const animation = (dialog: typeof overlay) => dialog.evaluate((node) => getComputedStyle(node).animationName);
    expect(await animation(overlay)).not.toBe('none');

    // A page opened while the content is broken gets the last good build and the overlay.
    const later = await browser.newPage({ reducedMotion: 'reduce' });
    await later.goto(`${origin}/products`);
    const laterOverlay = later.getByRole('alertdialog', { name: 'The build failed' });
    await expect(laterOverlay).toContainText('unknown category');
    expect(await animation(laterOverlay)).toBe('none');
    await later.close();

    await page.keyboard.press('Escape');
    await expect(overlay).toHaveCount(0);

    // The fix restores the home page as it was: the overlay goes, and the page, which
    // the fixed build did not change, stays as it is.
    writeFileSync(products, goodProducts);
    await expect(overlay).toHaveCount(0, { timeout: 90_000 });
    expect(await page.evaluate(() => (window as unknown as { beforeTheEdit?: boolean }).beforeTheEdit)).toBe(true);
  });

  test('a save reloads the open pages it changed, and only those', async ({ browser }) => {
    const marked = async (url: string) => {
      const page = await browser.newPage();
      await page.goto(`${origin}${url}`);
      await waitForApp(page);
      await page.evaluate(() => ((window as unknown as { beforeTheEdit: boolean }).beforeTheEdit = true));
      return page;
    };
    const stillTheSameDocument = (page: Page) =>
      page.evaluate(() => (window as unknown as { beforeTheEdit?: boolean }).beforeTheEdit === true);
    const product = await marked('/products/1/slit-lamp');
    const about = await marked('/aboutUs');

    const reloaded = product.waitForEvent('load', { timeout: 90_000 });
    const description = 'A slit lamp for the eye clinic, edited while the preview runs.';
    writeFileSync(products, goodProducts.replace(/^description = .*$/m, `description = "${description}"`));
    await reloaded;
    await expect(product.getByText(description)).toBeVisible();
    expect(await stillTheSameDocument(product)).toBe(false);
    // The about page heard of the same build and stayed: nothing on it changed.
    await about.waitForTimeout(1000);
    expect(await stillTheSameDocument(about)).toBe(true);
    await product.close();
    await about.close();
    writeFileSync(products, goodProducts);
  });
});
