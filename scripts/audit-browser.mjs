// What the audit's browser scripts share (scripts/audit-axe.mjs,
// scripts/audit-navigation.mjs, scripts/audit-home-js.mjs): Debian's headless Chromium through Playwright, and the
// size of a site file as the audit counts it.
import { createRequire } from 'node:module';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const web = join(dirname(fileURLToPath(import.meta.url)), '..', 'web');
const require = createRequire(join(web, 'package.json'));
const { chromium } = require('@playwright/test');

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Chromium as the e2e tests run it (no browser download on these machines). */
export function launchChromium() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS });
}

/**
 * The gzip size (level 9), in KB, of the file a URL path names inside `dist`; 0 when
 * there is none. Counting the files, not the transfer, keeps the sizes independent of
 * whether the local server compresses.
 */
export function gzipKb(dist, urlPath) {
  const file = join(dist, decodeURIComponent(urlPath));
  if (!existsSync(file) || !statSync(file).isFile()) return 0;
  return gzipSync(readFileSync(file), { level: 9 }).length / 1024;
}
