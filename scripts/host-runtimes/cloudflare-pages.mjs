#!/usr/bin/env node
// The built site in Cloudflare's own runtime: `wrangler pages dev` (workerd with Pages'
// asset, `_redirects` and `_headers` handling) serves DIST, and this checks what a
// visitor and a search engine get there (docs/deploying.md):
// - every sitemap URL answers 200 in place, with the page whose canonical URL it is;
// - its other spellings (`/ROUTE/`, `/ROUTE.html`) reach it in one redirect;
// - `/products/{id}` reaches the product's page in one redirect where `_redirects`
//   has its rule, an old slug in two, an alias in one; the others arrive through
//   `404.html` (status 404), whose app moves on;
// - an unknown path answers 404 with the site's 404 page;
// - pages, redirects and the 404 carry every security header, hashed files are cached
//   for a year.
//
//   node scripts/host-runtimes/cloudflare-pages.mjs DIST [PORT]
//
// Prints one line per kind of check and exits 1 listing every failure.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(process.argv[2] ?? path.join(here, '../../dist'));
const port = Number(process.argv[3] ?? 8788);
const origin = `http://127.0.0.1:${port}`;
// The newest date the pinned wrangler's workerd (package.json) takes: it refuses later ones.
const COMPATIBILITY_DATE = '2026-04-01';
const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'strict-transport-security',
];

const failures = [];
const fail = (what) => failures.push(what);

function startWrangler() {
  const wrangler = spawn(
    path.join(here, 'node_modules/.bin/wrangler'),
    ['pages', 'dev', dist, '--ip', '127.0.0.1', '--port', String(port), '--compatibility-date', COMPATIBILITY_DATE],
    { cwd: here, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } },
  );
  let log = '';
  const ready = new Promise((resolve, reject) => {
    const read = (chunk) => {
      log += chunk;
      if (log.includes('Ready on')) resolve();
    };
    wrangler.stdout.on('data', read);
    wrangler.stderr.on('data', read);
    wrangler.on('exit', (code) => reject(new Error(`wrangler pages dev ended (${code}) before it was ready:\n${log}`)));
    setTimeout(() => reject(new Error(`wrangler pages dev was not ready within 60 s:\n${log}`)), 60_000).unref();
  });
  return { wrangler, ready };
}

/** Follows `url` redirect by redirect: the statuses on the way and the last answer. */
async function visit(url) {
  const hops = [];
  let location = new URL(url, origin).href;
  for (let step = 0; step < 5; step += 1) {
    const response = await fetch(location, { redirect: 'manual' });
    if (response.status < 300 || response.status >= 400) {
      return { hops, response, body: await response.text(), path: new URL(location).pathname };
    }
    hops.push(response.status);
    await response.arrayBuffer();
    location = new URL(response.headers.get('location'), location).href;
  }
  throw new Error(`${url}: more than 5 redirects`);
}

function canonicalOf(html) {
  return /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
}

function securityHeadersMissing(response) {
  return SECURITY_HEADERS.filter((name) => !response.headers.has(name));
}

/** The page URLs of the sitemap file `name`, following an index to its parts. */
function sitemapPages(name) {
  const xml = readFileSync(path.join(dist, name), 'utf8');
  const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
  if (!xml.includes('<sitemapindex')) return locs;
  return locs.flatMap((loc) => sitemapPages(new URL(loc).pathname.slice(1)));
}

const pages = sitemapPages('sitemap.xml');
const redirectMap = JSON.parse(readFileSync(path.join(dist, 'data/redirects.json'), 'utf8'));
const rules = readFileSync(path.join(dist, '_redirects'), 'utf8');
const notFoundPage = readFileSync(path.join(dist, '404.html'), 'utf8');

const { wrangler, ready } = startWrangler();
const started = performance.now();
try {
  await ready;
  const counts = {};
  const count = (kind) => (counts[kind] = (counts[kind] ?? 0) + 1);

  for (const loc of pages) {
    const url = new URL(loc);
    const here = `${url.pathname}${url.search}`;
    const { hops, response, body } = await visit(here);
    count('sitemap URL');
    if (hops.length > 0 || response.status !== 200) fail(`${here}: ${[...hops, response.status].join(' → ')}, not 200 in place`);
    else if (canonicalOf(body) !== loc) fail(`${here}: the page's canonical URL is ${canonicalOf(body)}`);
    const missing = securityHeadersMissing(response);
    if (missing.length > 0) fail(`${here}: no ${missing.join(', ')}`);
    // Cloudflare drops a trailing space (`%20`) from the URL of its own redirect to the
    // clean URL, so those spellings of such a page end at the 404 page there.
    if (url.pathname !== '/' && !url.pathname.endsWith('%20')) {
      for (const spelling of [`${url.pathname}/`, `${url.pathname}.html`]) {
        const other = await visit(spelling);
        count('other spelling');
        if (other.hops.length !== 1 || other.path !== url.pathname || other.response.status !== 200) {
          fail(`${spelling}: ${[...other.hops, other.response.status].join(' → ')} ending at ${other.path}`);
        }
      }
    }
  }

  // Old URLs: what `_redirects` holds arrives in its hops; the rest gets the 404 page.
  const ruled = new Set(rules.split('\n').map((line) => line.split(/\s+/)[0]));
  const anySlugRule = rules.includes('/products/:id/:slug ');
  for (const [id, page] of Object.entries(redirectMap.products)) {
    const permalink = `/products/${id}`;
    const oldSlug = `${permalink}/an-old-title`;
    for (const [old, most] of [
      [permalink, ruled.has(permalink) ? 1 : null],
      [oldSlug, anySlugRule && ruled.has(permalink) ? 2 : null],
    ]) {
      const { hops, response, path: landed } = await visit(old);
      count(most === null ? 'old URL to the 404 page' : 'old URL redirected');
      if (most === null) {
        if (response.status !== 404 || hops.length > 0) fail(`${old}: ${[...hops, response.status].join(' → ')}, not the 404 page`);
      } else if (hops.length > most || decodeURIComponent(landed) !== page || response.status !== 200) {
        fail(`${old}: ${[...hops, response.status].join(' → ')} ending at ${landed}, not ${page} in ${most}`);
      }
    }
  }
  for (const [alias, page] of Object.entries(redirectMap.aliases)) {
    const { hops, response, path: landed } = await visit(encodeURI(alias));
    count('alias');
    if (hops.length !== 1 || decodeURIComponent(landed) !== page || response.status !== 200) {
      fail(`${alias}: ${[...hops, response.status].join(' → ')} ending at ${landed}, not ${page} in 1`);
    }
  }

  for (const unknown of ['/no-such-page', '/products/999999999/x/y', '/assets/no-such-file.js']) {
    const { hops, response, body } = await visit(unknown);
    count('unknown path');
    if (hops.length > 0 || response.status !== 404) fail(`${unknown}: ${[...hops, response.status].join(' → ')}, not 404`);
    else if (body !== notFoundPage) fail(`${unknown}: not the site's 404 page`);
    const missing = securityHeadersMissing(response);
    if (missing.length > 0) fail(`${unknown}: no ${missing.join(', ')}`);
  }
  const redirect = await fetch(`${origin}/products/page/1`, { redirect: 'manual' });
  const missing = securityHeadersMissing(redirect);
  if (missing.length > 0) fail(`the redirect of /products/page/1: no ${missing.join(', ')}`);
  const entry = /src="(\/assets\/[^"]+\.js)"/.exec(notFoundPage)?.[1];
  const asset = await fetch(`${origin}${entry}`);
  if (!asset.headers.get('cache-control')?.includes('immutable')) fail(`${entry}: not cached for a year`);
  count('headers');

  for (const [kind, n] of Object.entries(counts)) console.log(`${kind}: ${n} checked`);
  console.log(`wrangler pages dev: ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  wrangler.kill('SIGTERM');
}
if (failures.length > 0) {
  console.error(`${failures.length} failures in Cloudflare's runtime:\n${failures.slice(0, 50).join('\n')}`);
  process.exit(1);
}
