#!/usr/bin/env node
// Runs axe-core on every prerendered route of a built site (scripts/audit).
//
//   node scripts/audit-axe.mjs BASE_URL DIST_DIR OUT.json
//
// Routes: every page (`ROUTE.html`) under DIST_DIR (the sitemap's routes and the block
// routes). Uses Playwright and axe-core from web/node_modules and Debian's Chromium.
// Writes `{ route: [{ id, impact, help, targets: [selector] }] }` (routes with no
// violation have an empty list) and prints one line per violation.
import { createRequire } from 'node:module';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, sep, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './audit-browser.mjs';

const [base, dist, out] = process.argv.slice(2);
if (!base || !dist || !out) {
  console.error('usage: audit-axe.mjs BASE_URL DIST_DIR OUT.json');
  process.exit(2);
}
const web = join(dirname(fileURLToPath(import.meta.url)), '..', 'web');
const require = createRequire(join(web, 'package.json'));
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Every page (`index.html`, `ROUTE.html`) but the 404 page and the moved pages, as a route path ("/" for the root). */
function routes(dir) {
  const found = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!['assets', 'media', 'data'].includes(entry.name) || folder !== dir) walk(path);
      } else if (entry.name.endsWith('.html') && !readFileSync(path, 'utf8').includes('<meta http-equiv="refresh"')) {
        const route = relative(dir, path).split(sep).join('/').slice(0, -'.html'.length);
        if (route === 'index') found.push('/');
        else if (route !== '404') found.push('/' + route);
      }
    }
  };
  walk(dir);
  return found.sort();
}

const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
// Nothing but the site itself: the maps iframe and other third parties stay out.
await context.route((url) => !url.href.startsWith(base), (route) => route.abort());
const report = {};
const all = routes(dist);
const queue = [...all];
async function worker() {
  const page = await context.newPage();
  for (let route = queue.shift(); route !== undefined; route = queue.shift()) {
    const url = base + route.split('/').map(encodeURIComponent).join('/');
    try {
      await page.goto(url, { waitUntil: 'load' });
      await page
        .waitForFunction(() => document.documentElement.dataset.app === 'ready', null, { timeout: 10_000 })
        .catch(() => {});
      await page.evaluate(axeSource);
      const result = await page.evaluate(() => window.axe.run(document));
      report[route] = result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
    } catch (error) {
      report[route] = [{ id: 'audit-error', impact: 'critical', help: String(error), targets: [] }];
    }
  }
  await page.close();
}
await Promise.all([worker(), worker()]);
await browser.close();
const sorted = Object.fromEntries(Object.keys(report).sort().map((k) => [k, report[k]]));
writeFileSync(out, JSON.stringify(sorted, null, 2));
let count = 0;
for (const [route, violations] of Object.entries(sorted)) {
  for (const v of violations) {
    count += 1;
    console.log(`${route}: ${v.id} (${v.impact}) ${v.targets.slice(0, 3).join(', ')}${v.targets.length > 3 ? ', …' : ''}`);
  }
}
console.log(`axe: ${all.length} routes, ${count} violation(s)`);
