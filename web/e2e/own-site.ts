// A site built from a changed copy of the content, in a folder of its own, served as a CDN
// would serve it: for tests whose content differs from the real one's.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';

const sitegen = path.resolve(process.env.SITEGEN_BIN ?? '../target/debug/sitegen');
const repo = path.resolve(import.meta.dirname, '../..');

export type OwnSite = { base: string };

/**
 * Copies the content, lets `change` edit the copy, builds it (with `buildArgs` added to
 * `sitegen build`'s) and serves it on a free port.
 */
export async function startOwnSite(
  name: string,
  change: (content: string) => void,
  buildArgs: string[] = [],
): Promise<{ site: OwnSite; stop: () => void }> {
  const work = mkdtempSync(path.join(tmpdir(), `sitegen-${name}-`));
  const dist = buildCopy(work, change, buildArgs);
  const { site, stop } = await serve(dist);
  return {
    site,
    stop: () => {
      stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** Copies the content into `work`, lets `change` edit it and builds it; returns the dist folder. */
function buildCopy(work: string, change: (content: string) => void, buildArgs: string[] = []): string {
  const content = path.join(work, 'content');
  cpSync(path.join(repo, 'content'), content, { recursive: true });
  change(content);
  const dist = path.join(work, 'dist');
  execFileSync(sitegen, ['build', '--quiet', '--content', content, '--out', dist, ...buildArgs], { cwd: repo, stdio: 'pipe' });
  return dist;
}

/** Serves a built site as a CDN would, on a free port. */
async function serve(dist: string): Promise<{ site: OwnSite; stop: () => void }> {
  const server: ChildProcess = spawn(sitegen, ['serve', '--no-build', '--port', '0', '--out', dist], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let printed = '';
    // Both pipes are read to the end: a full pipe would stop the server mid-write.
    const read = (chunk: Buffer) => {
      printed += chunk.toString();
      const address = /serving .* at (http:\/\/[^\s/]+)\//.exec(printed)?.[1];
      if (address) resolve(address);
    };
    server.stdout?.on('data', read);
    server.stderr?.on('data', read);
    server.on('exit', (code) => reject(new Error(`sitegen serve exited (${code}): ${printed}`)));
  });
  return { site: { base }, stop: () => server.kill() };
}

/**
 * The site `name` of this test run, built once however many workers and projects ask
 * for it: the first to ask builds it while the others wait, since builds of one web
 * folder take turns (they share its lock) and a build per worker would outlast the
 * fixture's time on a busy machine.
 */
async function sharedBuild(name: string, change: (content: string) => void): Promise<string> {
  const work = path.join(runDir(), name);
  const done = path.join(work, 'built');
  const failed = path.join(work, 'failed');
  mkdirSync(runDir(), { recursive: true });
  let builder = false;
  try {
    mkdirSync(work);
    builder = true;
  } catch {
    // Another worker builds it.
  }
  if (builder) {
    try {
      buildCopy(work, change);
      writeFileSync(done, '');
    } catch (error) {
      const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
      writeFileSync(failed, `${String(error)}\n${stderr}`);
    }
  }
  while (!existsSync(done)) {
    if (existsSync(failed)) throw new Error(`building the site "${name}" failed:\n${readFileSync(failed, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return path.join(work, 'dist');
}

/** This run's folder of shared sites (the config names the run; global teardown removes it). */
export function runDir(): string {
  return path.join(tmpdir(), `sitegen-e2e-sites-${process.env.E2E_RUN_ID ?? 'local'}`);
}

/** The console errors and failed responses of a page (hydration mismatches are console errors). */
export type Problems = string[];

/**
 * Playwright's `test` on a site of its own, built once per run from the content as
 * `change` leaves it and served by each worker; every test gets the page's `problems`.
 * axe is added as a script tag, which the site's CSP would refuse, so the CSP is bypassed.
 */
export function ownSiteTest(name: string, change: (content: string) => void) {
  const test = base.extend<{ problems: Problems }, { site: OwnSite }>({
    site: [
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const { site, stop } = await serve(await sharedBuild(name, change));
        await use(site);
        stop();
      },
      // The first worker to ask builds the site: a debug build of the whole content.
      { scope: 'worker', timeout: 180_000 },
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
