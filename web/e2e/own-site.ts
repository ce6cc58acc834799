// A site built from a changed copy of the content, in a folder of its own, served as a CDN
// would serve it: for tests whose content differs from the real one's.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';

const sitegen = path.resolve(process.env.SITEGEN_BIN ?? '../target/debug/sitegen');
const repo = path.resolve(import.meta.dirname, '../..');

export type OwnSite = { base: string };

/** Copies the content, lets `change` edit the copy, builds it and serves it on a free port. */
export async function startOwnSite(
  name: string,
  change: (content: string) => void,
): Promise<{ site: OwnSite; stop: () => void }> {
  const work = mkdtempSync(path.join(tmpdir(), `sitegen-${name}-`));
  const content = path.join(work, 'content');
  cpSync(path.join(repo, 'content'), content, { recursive: true });
  change(content);
  const dist = path.join(work, 'dist');
  execFileSync(sitegen, ['build', '--quiet', '--content', content, '--out', dist], { cwd: repo, stdio: 'pipe' });
  const server: ChildProcess = spawn(sitegen, ['serve', '--no-build', '--port', '0', '--out', dist], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let printed = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const address = /serving .* at (http:\/\/[^\s/]+)\//.exec(printed)?.[1];
      if (address) resolve(address);
    });
    server.on('exit', (code) => reject(new Error(`sitegen serve exited (${code}): ${printed}`)));
  });
  return {
    site: { base },
    stop: () => {
      server.kill();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** The console errors and failed responses of a page (hydration mismatches are console errors). */
export type Problems = string[];

/**
 * Playwright's `test` on a site of its own: each worker builds the content as `change`
 * leaves it, and every test gets the page's `problems`. axe is added as a script tag,
 * which the site's CSP would refuse, so the CSP is bypassed.
 */
export function ownSiteTest(name: string, change: (content: string) => void) {
  const test = base.extend<{ problems: Problems }, { site: OwnSite }>({
    site: [
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const { site, stop } = await startOwnSite(name, change);
        await use(site);
        stop();
      },
      { scope: 'worker', timeout: 60_000 },
    ],
    baseURL: async ({ site }, use) => use(site.base),
    problems: async ({ page }, use) => {
      const problems: Problems = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(String(error)));
      await use(problems);
    },
  });
  test.use({ bypassCSP: true });
  return test;
}
