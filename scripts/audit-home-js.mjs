#!/usr/bin/env node
// Measures the home page's JavaScript before the visitor scrolls (scripts/audit, whose
// report holds the budget of issue 15): opens `/` on a phone screen (390×844), waits
// until the app is hydrated and the network is quiet, without scrolling, and lists
// every script the page fetched from the site. Sizes are gzip (level 9) of the files
// in DIST_DIR, as the audit's other sizes.
//
//   node scripts/audit-home-js.mjs BASE_URL DIST_DIR [OUT.json]
//
// Prints one line per file, largest first, and the total; writes
// `{ kbGzip, files: [{ path, kbGzip }] }` to OUT.json.
import { writeFileSync } from 'node:fs';
import { gzipKb, launchChromium } from './audit-browser.mjs';

const [base, dist, out] = process.argv.slice(2);
if (!base || !dist) {
  console.error('usage: audit-home-js.mjs BASE_URL DIST_DIR [OUT.json]');
  process.exit(2);
}

const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
await context.route((url) => !url.href.startsWith(base), (request) => request.abort());
const page = await context.newPage();
const scripts = new Set();
page.on('request', (request) => {
  const url = new URL(request.url());
  if (url.origin === base && request.resourceType() === 'script') scripts.add(url.pathname);
});
await page.goto(base + '/', { waitUntil: 'networkidle' });
await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
// What the app starts after hydration (idle-time work, sections near the first screen).
await page.waitForTimeout(1500);
await page.waitForLoadState('networkidle');
await browser.close();

const files = [...scripts].map((path) => ({ path, kbGzip: gzipKb(dist, path) })).sort((a, b) => b.kbGzip - a.kbGzip);
const kbGzip = files.reduce((sum, file) => sum + file.kbGzip, 0);
for (const file of files) console.log(`   ${file.kbGzip.toFixed(1).padStart(6)}  ${file.path}`);
console.log(`   ${kbGzip.toFixed(1).padStart(6)}  KB gzip in ${files.length} file(s)`);
if (out) writeFileSync(out, JSON.stringify({ kbGzip, files }, null, 2));
