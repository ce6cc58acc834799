// `sitegen serve` with the browser editor, on a copy of the content of its own: for the
// editor's tests, which write content files.
import { execFileSync, spawn } from 'node:child_process';
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
  /** The folder holding it: a git clone when the site has a remote. */
  work: string;
  /** The bare repository the clone publishes to, if any. */
  remote: string | null;
  read: (file: string) => string;
  write: (file: string, text: string) => void;
};

/** Git with none of the machine's configuration: no author unless a test sets one. */
const gitEnv = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };

/** Runs git in `dir`; what it printed. */
export const git = (dir: string, ...args: string[]) => execFileSync('git', args, { cwd: dir, env: gitEnv, encoding: 'utf8' }).trim();

/** Makes `work` a clone of a new bare repository (returned), its content the first commit, by "Seed". */
function publishedRepository(work: string): string {
  const bare = mkdtempSync(path.join(tmpdir(), 'sitegen-remote-'));
  git(bare, 'init', '-q', '--bare', '-b', 'main');
  git(work, 'init', '-q', '-b', 'main');
  git(work, 'add', 'content');
  git(work, '-c', 'user.name=Seed', '-c', 'user.email=seed@example.com', 'commit', '-q', '-m', 'content');
  git(work, 'remote', 'add', 'origin', `file://${bare}`);
  git(work, 'push', '-q', '-u', 'origin', 'main');
  return bare;
}

/**
 * Copies the content and runs `sitegen serve` on it (a build, the watcher, the editor);
 * with `repository`, in a clone of a bare repository of its own (`site.remote`), for publishing.
 */
async function startEditorSite(repository = false): Promise<{ site: EditorSite; stop: () => void }> {
  const work = mkdtempSync(path.join(tmpdir(), 'sitegen-editor-'));
  const content = path.join(work, 'content');
  cpSync(path.join(repo, 'content'), content, { recursive: true });
  const remote = repository ? publishedRepository(work) : null;
  const server = spawn(sitegen, ['serve', '--port', '0', '--content', content, '--out', path.join(work, 'dist')], {
    cwd: repo,
    env: gitEnv,
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
      work,
      remote,
      read: (name) => readFileSync(file(name), 'utf8'),
      write: (name, text) => writeFileSync(file(name), text),
    },
    stop: () => {
      server.kill();
      rmSync(work, { recursive: true, force: true });
      if (remote) rmSync(remote, { recursive: true, force: true });
    },
  };
}

/** Playwright's `test` with `site`: a serve of a content copy of the test's own. */
export const test = base.extend<{ site: EditorSite; repository: boolean }>({
  repository: [false, { option: true }],
  site: [
    async ({ repository }, use) => {
      const { site, stop } = await startEditorSite(repository);
      await use(site);
      stop();
    },
    { timeout: 180_000 },
  ],
  baseURL: async ({ site }, use) => use(site.base),
});

export { expect } from '@playwright/test';
