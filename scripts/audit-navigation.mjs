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

/** Whether `request` is one of the site's files that count against the budget. */
function counted(request) {
  const url = new URL(request.url());
  return url.origin === base && COUNTED.test(url.pathname);
}

/** How long no counted request may be in flight before a page counts as settled. */
const QUIET_MS = 500;

/**
 * Follows the counted requests of `page`; `settled()` waits until none has been in
 * flight for QUIET_MS. Playwright's `networkidle` is not used: it also waits for the
 * home page's video, which a browser may keep fetching for as long as it likes, and after
 * an in-app navigation it has already been reached, so it would not wait at all.
 */
function inFlight(page) {
  const pending = new Set();
  let lastChange = Date.now();
  page.on('request', (request) => {
    if (!counted(request)) return;
    pending.add(request);
    lastChange = Date.now();
  });
  const done = (request) => {
    if (pending.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async settled() {
      const deadline = Date.now() + 30_000;
      while (pending.size > 0 || Date.now() - lastChange < QUIET_MS) {
        if (Date.now() > deadline) {
          const urls = [...pending].map((request) => request.url()).join(', ');
          throw new Error(`still fetching after 30 s: ${urls || '(requests kept starting)'}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

const browser = await launchChromium();
const report = [];
for (const route of targets) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.route((url) => !url.href.startsWith(base), (request) => request.abort());
  const page = await context.newPage();
  const requests = inFlight(page);
  await page.goto(base + '/');
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
  // Scroll through the home page first, so what it loads lazily is not counted.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await requests.settled();

  const fetched = new Set();
  page.on('request', (request) => {
    if (counted(request)) fetched.add(new URL(request.url()).pathname);
  });
  // The router listens to popstate: this is an in-app navigation, like a link's click.
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await page.waitForFunction((path) => decodeURI(window.location.pathname) === decodeURI(path), route);
  await requests.settled();
  const files = [...fetched].sort().map((path) => ({ path, kbGzip: gzipKb(dist, path) }));
  const kbGzip = files.reduce((sum, file) => sum + file.kbGzip, 0);
  report.push({ route, kbGzip, files });
  console.log(`   / → ${route}: ${kbGzip.toFixed(1)} KB gzip in ${files.length} file(s)`);
  await context.close();
}
await browser.close();
writeFileSync(out, JSON.stringify(report, null, 2));
