#!/usr/bin/env node
// The products' search against Pagefind 1.6 on the same built site, side by side:
//
//   bytes for the first query   what a visitor downloads from the first use of the search
//                               to the first results: code and index (and Pagefind's WASM
//                               and the top 5 results' fragments), each file as a host
//                               compressing with gzip sends it (files already compressed,
//                               as Pagefind's index, as they are)
//   bytes per later query       the same for each next query of the list (median, max)
//   keystroke → results         in headless Chromium as a phone (390 px, touch) with the
//                               CPU 4× slower (CDP): ours from the input event to the
//                               results painted (the first query also unmounts the
//                               products grid the page opened with); Pagefind's from search() to the top 5
//                               results' data (no rendering: its own cost is less than
//                               ours), median over the query list
//   quality                     per list, the share of queries whose expected product is
//                               in the top 5: scripts/search-queries.json (written beside
//                               the code) and scripts/search-queries-buyers.json (in the
//                               words buyers write: abbreviations, trade words, spellings)
//
//   node scripts/bench-search.mjs                 # 10,000 products (scripts/bench-content.py)
//   node scripts/bench-search.mjs --products 250  # the real catalogue
//   node scripts/bench-search.mjs --dist DIR      # an already built site (no build)
//   options: --work DIR (kept), --port N (4204), --cpu SLOWDOWN (4; 1 for none),
//            --sitegen BIN (target/debug/sitegen)
//
// Needs Python 3, Node, /usr/bin/chromium and the npm registry (npx pagefind@1.6).

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(root, 'web', 'package.json'));
const { chromium } = require('@playwright/test');

const options = { products: 10000, port: 4204, cpu: 4, sitegen: path.join(root, 'target/debug/sitegen') };
for (let i = 2; i < process.argv.length; i += 2) {
  const [name, value] = [process.argv[i].replace(/^--/, ''), process.argv[i + 1]];
  if (!['products', 'port', 'cpu', 'sitegen', 'work', 'dist'].includes(name) || value === undefined) {
    console.error(`unknown option ${process.argv[i]} (see the head of ${path.basename(import.meta.filename)})`);
    process.exit(2);
  }
  options[name] = ['products', 'port', 'cpu'].includes(name) ? Number(value) : path.resolve(value);
}

const CPU_SLOWDOWN = options.cpu;
const TOP = 5;
/** The query lists, each named in the report. */
const QUERY_LISTS = [
  ['search-queries.json', 'scripts/search-queries.json'],
  ['search-queries-buyers.json', 'scripts/search-queries-buyers.json'],
];
const queries = QUERY_LISTS.flatMap(([name, file]) =>
  JSON.parse(readFileSync(path.join(root, file), 'utf8')).queries.map((query) => ({ ...query, list: name })),
);
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

function run(command, args, opts = {}) {
  return execFileSync(command, args, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', ...opts });
}

// ---------------------------------------------------------------- the site
const work = options.work ?? mkdtempSync(path.join(tmpdir(), 'bench-search-'));
let dist = options.dist;
if (!dist) {
  dist = path.join(work, 'dist');
  console.error(`content: ${options.products} products into ${work}`);
  run('python3', [path.join(root, 'scripts/bench-content.py'), path.join(root, 'content'), work, String(options.products)]);
  const started = performance.now();
  run(options.sitegen, ['build', '--content', path.join(work, `content-${options.products}`), '--out', dist], { cwd: root });
  console.error(`sitegen build: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
console.error('pagefind 1.6: indexing the product pages of the same dist');
{
  const started = performance.now();
  run('npx', ['--yes', 'pagefind@1.6', '--site', dist, '--glob', 'products/[0-9]*/*.html', '--quiet'], { cwd: tmpdir() });
  console.error(`pagefind: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
// A blank page of the site to run Pagefind's API in.
writeFileSync(path.join(dist, 'bench-pagefind.html'), '<!doctype html><html lang="en"><title>bench</title><body></body></html>');

// Each product has a folder of its own holding its page (/products/{id}/{slug}.html).
const productIds = new Set(
  queries.map((q) => q.id).filter((id) => existsSync(path.join(dist, 'products', String(id)))),
);
const list = queries.filter((q) => productIds.has(q.id));
const skipped = queries.length - list.length;

// ---------------------------------------------------------------- measuring
/** A file's bytes as a gzip-compressing host sends them (compressed files as they are). */
function wireBytes(urlPath) {
  const file = path.join(dist, decodeURIComponent(urlPath));
  if (!existsSync(file)) return 0;
  const bytes = readFileSync(file);
  return /\.(js|mjs|css|json|html|svg|txt)$/.test(file) ? gzipSync(bytes, { level: 6 }).length : bytes.length;
}

/** Counts the bytes of the responses from now until `take()`. */
function recorder(page) {
  let seen = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.status() === 200) seen.push(url.pathname);
  });
  return {
    take() {
      const paths = seen;
      seen = [];
      return { files: paths.length, bytes: paths.reduce((sum, p) => sum + wireBytes(p), 0), paths };
    },
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function phonePage(browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  return { page, slowDown: () => cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN }) };
}

async function benchOurs(browser, base) {
  const { page, slowDown } = await phonePage(browser);
  await page.goto(`${base}/products`, { timeout: 300_000 });
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', null, { timeout: 300_000 });
  console.error('ours: /products loaded');
  await slowDown();
  const bytes = recorder(page);
  bytes.take();
  const rows = [];
  for (const { q, id, list: listName } of list) {
    // Timed in the page, from the input event (Playwright types the query as one
    // insertion, as a trusted event) to the results painted.
    await page.evaluate((query) => {
      window.benchResult = new Promise((resolve) => {
        let start = 0;
        const input = document.querySelector('#product-search');
        input.addEventListener('input', () => (start = performance.now()), { capture: true, once: true });
        const shown = () => {
          const status = document.querySelector('.search-results [role="status"]');
          return status !== null && status.textContent.endsWith(`for “${query}”`);
        };
        const observer = new MutationObserver(() => {
          if (!start || !shown()) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      });
    }, q);
    await page.locator('#product-search').fill(q, { timeout: 300_000 });
    const ms = await page.evaluate(() => window.benchResult);
    const top = await page.$$eval('.search-result-title a', (links, n) => links.slice(0, n).map((a) => a.getAttribute('href')), TOP);
    rows.push({ q, list: listName, ms, ...bytes.take(), hit: top.some((href) => href.startsWith(`/products/${id}/`)) });
    console.error(`ours: ${JSON.stringify(q)} ${ms.toFixed(0)} ms`);
  }
  await page.context().close();
  return rows;
}

async function benchPagefind(browser, base) {
  const { page, slowDown } = await phonePage(browser);
  // Pagefind compiles WASM in a worker, which the site's CSP forbids ('wasm-unsafe-eval'):
  // its responses come without it here (bypassCSP does not reach workers).
  await page.context().route('**/*', async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['content-security-policy'];
    await route.fulfill({ response, headers });
  });
  await page.goto(`${base}/bench-pagefind.html`);
  await slowDown();
  const bytes = recorder(page);
  const rows = [];
  for (const { q, id, list: listName } of list) {
    const { ms, urls } = await page.evaluate(
      async ({ query, top }) => {
        const start = performance.now();
        window.pagefind ??= await import('/pagefind/pagefind.js');
        const search = await window.pagefind.search(query);
        const data = await Promise.all(search.results.slice(0, top).map((result) => result.data()));
        return { ms: performance.now() - start, urls: data.map((d) => d.url) };
      },
      { query: q, top: TOP },
    );
    rows.push({ q, list: listName, ms, ...bytes.take(), hit: urls.some((url) => url.startsWith(`/products/${id}/`)) });
  }
  await page.context().close();
  return rows;
}

// ---------------------------------------------------------------- run
const server = spawn(options.sitegen, ['serve', '--no-build', '--port', String(options.port), '--out', dist], {
  cwd: root,
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${options.port}`;
let result;
try {
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${base}/robots.txt`)).ok) break;
    } catch {
      if (tries > 100) throw new Error('sitegen serve did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const loadBefore = loadAverage();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const ours = await benchOurs(browser, base);
    const pagefind = await benchPagefind(browser, base);
    result = { ours, pagefind, loadBefore, loadAfter: loadAverage() };
  } finally {
    await browser.close();
  }
} finally {
  server.kill();
}

// ---------------------------------------------------------------- report
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const quality = (rows) => {
  const hits = rows.filter((row) => row.hit).length;
  return `${hits}/${rows.length} (${((100 * hits) / rows.length).toFixed(0)} %)`;
};
function summary(rows) {
  const later = rows.slice(1);
  return {
    first: `${kb(rows[0].bytes)} (${rows[0].files} files)`,
    laterMedian: kb(median(later.map((row) => row.bytes))),
    laterMax: kb(Math.max(...later.map((row) => row.bytes))),
    msMedian: `${median(rows.map((row) => row.ms)).toFixed(1)} ms`,
    msFirst: `${rows[0].ms.toFixed(0)} ms`,
    quality: Object.fromEntries(QUERY_LISTS.map(([name]) => [name, quality(rows.filter((row) => row.list === name))])),
  };
}
const ours = summary(result.ours);
const theirs = summary(result.pagefind);
const line = (label, a, b) => console.log(`| ${label.padEnd(44)} | ${a.padStart(20)} | ${b.padStart(20)} |`);
console.log(`\n${options.dist ? 'given dist' : `${options.products} products`}, ${list.length} queries${skipped ? ` (${skipped} skipped: product not in this catalogue)` : ''}; load average ${result.loadBefore} → ${result.loadAfter}\n`);
line('measure', 'sitegen search', 'Pagefind 1.6');
console.log(`|${'-'.repeat(46)}|${'-'.repeat(22)}:|${'-'.repeat(22)}:|`);
line('first query: code + index (gzip)', ours.first, theirs.first);
line('each later query (gzip): median', ours.laterMedian, theirs.laterMedian);
line('each later query (gzip): max', ours.laterMax, theirs.laterMax);
line(`keystroke → results, phone, CPU ${CPU_SLOWDOWN}× slower: median`, ours.msMedian, theirs.msMedian);
line('  the first query (code and index load)', ours.msFirst, theirs.msFirst);
for (const [name] of QUERY_LISTS) {
  line(`quality, top ${TOP}: ${name}`, ours.quality[name], theirs.quality[name]);
}
const ratio = median(result.ours.map((row) => row.ms)) / median(result.pagefind.map((row) => row.ms));
console.log(`\nkeystroke → results: ours / Pagefind's = ${ratio.toFixed(2)} (same run)`);
console.log('\nper query (ms, bytes, top 5):');
result.ours.forEach((row, index) => {
  const other = result.pagefind[index];
  console.log(
    `  ${JSON.stringify(row.q).padEnd(24)} ours ${row.ms.toFixed(0).padStart(5)} ms ${kb(row.bytes).padStart(9)} ${row.hit ? 'hit ' : 'MISS'}   pagefind ${other.ms.toFixed(0).padStart(5)} ms ${kb(other.bytes).padStart(9)} ${other.hit ? 'hit' : 'MISS'}`,
  );
});
if (!options.work && !options.dist) rmSync(work, { recursive: true, force: true });
