import { createHash } from 'node:crypto';
import { defineConfig } from '@playwright/test';

// End-to-end tests run in Debian's Chromium (no browser download on these machines)
// against the built dist/ served by `sitegen serve --no-build`, exactly as a CDN serves it.
// Each checkout (a git worktree) gets a port of its own, so that test runs of two checkouts
// on one machine never share a server (`reuseExistingServer` would serve the other's dist/).
process.env.E2E_PORT ??= String(4173 + (createHash('sha1').update(process.cwd()).digest().readUInt16BE(0) % 800));
const port = Number(process.env.E2E_PORT);
// Names this run's shared sites (e2e/own-site.ts); the workers inherit it.
process.env.E2E_RUN_ID ??= `${Date.now()}-${process.pid}`;
const sitegen = process.env.SITEGEN_BIN ?? '../target/debug/sitegen';
const siteDir = process.env.SITE_DIR ?? '../dist';

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  // No retry: a test that passes only on its retry is a failure to investigate.
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumFlags },
    trace: 'off',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1366, height: 900 } } },
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      // The editor's tests (its publishing's too) start a server and a build each; its
      // phone layout test sets its own screen, so one project runs them all. The photo
      // layout test sets its own screen widths too, and the media origin's test does not depend on the screen.
      testIgnore: ['**/editor.spec.ts', '**/publish.spec.ts', '**/photos.spec.ts', '**/media-origin.spec.ts'],
    },
  ],
  webServer: {
    command: `${sitegen} serve --no-build --port ${port} --out ${siteDir}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
