// A site built from a changed copy of the content, in a folder of its own, served as a CDN
// would serve it: for tests whose content differs from the real one's.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

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
