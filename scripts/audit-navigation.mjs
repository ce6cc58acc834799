#!/usr/bin/env node
// Measures what a client-side navigation costs (scripts/audit): for each target route,
// opens the home page, waits for the app, then navigates inside the app to the target
// (React Router handles it: no page load) and lists every JavaScript, CSS and JSON
// file fetched from the site after that point. Sizes are gzip (level 9) of the files
// in DIST_DIR, as the audit's other sizes, so they do not depend on the server.
//
//   node scripts/audit-navigation.mjs BASE_URL DIST_DIR OUT.json ROUTE…
//
// Writes `[{ route, kbGzip, files: [{ path, kbGzip }] }]` and prints one line per route.
import { writeFileSync } from 'node:fs';
import { gzipKb, launchChromium } from './audit-browser.mjs';

const [base, dist, out, ...targets] = process.argv.slice(2);
if (!base || !dist || !out || targets.length === 0) {
  console.error('usage: audit-navigation.mjs BASE_URL DIST_DIR OUT.json ROUTE…');
  process.exit(2);
}

/** Kinds of file a navigation may fetch that count against the budget. */
const COUNTED = /\.(js|css|json)$/;

const browser = await launchChromium();
const report = [];
for (const route of targets) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.route((url) => !url.href.startsWith(base), (request) => request.abort());
  const page = await context.newPage();
  await page.goto(base + '/', { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
  // Scroll through the home page first, so what it loads lazily is not counted.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');

  const fetched = new Set();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === base && COUNTED.test(url.pathname)) fetched.add(url.pathname);
  });
  // The router listens to popstate: this is an in-app navigation, like a link's click.
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await page.waitForFunction((path) => decodeURI(window.location.pathname) === decodeURI(path), route);
  await page.waitForLoadState('networkidle');
  const files = [...fetched].sort().map((path) => ({ path, kbGzip: gzipKb(dist, path) }));
  const kbGzip = files.reduce((sum, file) => sum + file.kbGzip, 0);
  report.push({ route, kbGzip, files });
  console.log(`   / → ${route}: ${kbGzip.toFixed(1)} KB gzip in ${files.length} file(s)`);
  await context.close();
}
await browser.close();
writeFileSync(out, JSON.stringify(report, null, 2));
