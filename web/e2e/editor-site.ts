// `sitegen serve` with the browser editor, on a copy of the content of its own: for the
// editor's tests, which write content files.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';

const sitegen = path.resolve(process.env.SITEGEN_BIN ?? '../target/debug/sitegen');
const repo = path.resolve(import.meta.dirname, '../..');

export type EditorSite = {
  /** The server's origin, e.g. http://127.0.0.1:40123. */
  base: string;
  /** The content folder the editor writes. */
  content: string;
  read: (file: string) => string;
  write: (file: string, text: string) => void;
};

/** Copies the content and runs `sitegen serve` on it (a build, the watcher, the editor). */
async function startEditorSite(): Promise<{ site: EditorSite; stop: () => void }> {
  const work = mkdtempSync(path.join(tmpdir(), 'sitegen-editor-'));
  const content = path.join(work, 'content');
  cpSync(path.join(repo, 'content'), content, { recursive: true });
  const server = spawn(sitegen, ['serve', '--port', '0', '--content', content, '--out', path.join(work, 'dist')], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const editorUrl = await new Promise<string>((resolve, reject) => {
    let printed = '';
    // Both pipes are read to the end: a full pipe would stop the server mid-write.
    const read = (chunk: Buffer) => {
      printed += chunk.toString();
      const address = /editor: (http:\/\/\S+)/.exec(printed)?.[1];
      if (address) resolve(address);
    };
    server.stdout.on('data', read);
    server.stderr.on('data', read);
    server.on('exit', (code) => reject(new Error(`sitegen serve exited (${code}): ${printed}`)));
  });
  // serve builds the editor's front end beside the site when its sources changed; until
  // then /_edit answers 503.
  while ((await fetch(editorUrl)).status === 503) await new Promise((resolve) => setTimeout(resolve, 250));
  const file = (name: string) => path.join(content, name);
  return {
    site: {
      base: new URL(editorUrl).origin,
      content,
      read: (name) => readFileSync(file(name), 'utf8'),
      write: (name, text) => writeFileSync(file(name), text),
    },
    stop: () => {
      server.kill();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** Playwright's `test` with `site`: a serve of a content copy of the test's own. */
export const test = base.extend<{ site: EditorSite }>({
  site: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const { site, stop } = await startEditorSite();
      await use(site);
      stop();
    },
    { timeout: 180_000 },
  ],
  baseURL: async ({ site }, use) => use(site.base),
});

export { expect } from '@playwright/test';
