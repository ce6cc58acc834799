#!/usr/bin/env node
// The browser editor's API at a catalogue size: starts `sitegen serve --no-build` on a
// content folder (scripts/bench-content.py writes them), then times the list of files,
// the list of products (first and again), one product, and SAVES saves of one product's
// title (each runs the full check of every file and writes products.toml). Prints each
// figure in ms and the medians as JSON on the last line. The content folder's
// products.toml is restored at the end.
//
// With PREVIEW=1 it times the editor's save → preview instead: the server builds and
// watches, the page of product 1 is open in headless Chromium, and each of SAVES saves
// of that product's description through the editor's API is timed from the request to
// the reloaded page's `load` event (as scripts/bench-serve.mjs times a file save).
// With SERVER_LOG=PATH, what the server prints goes there.
//
//   node scripts/bench-editor.mjs SITEGEN_BIN CONTENT_DIR
//   PREVIEW=1 node scripts/bench-editor.mjs SITEGEN_BIN CONTENT_DIR
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './audit-browser.mjs';
import { keepServerOutput } from './server-output.mjs';

const [bin, content] = process.argv.slice(2);
if (!bin || !content) {
  console.error('usage: bench-editor.mjs SITEGEN_BIN CONTENT_DIR');
  process.exit(2);
}
const saves = Number(process.env.SAVES ?? 7);
const out = mkdtempSync(join(tmpdir(), 'bench-editor-'));
const preview = process.env.PREVIEW === '1';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = preview
  ? ['serve', '--port', '0', '--content', content, '--out', out, '--web', join(root, 'web'), '--templates', join(root, 'templates')]
  : ['serve', '--no-build', '--port', '0', '--content', content, '--out', out];
const server = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
let printed = '';
const editor = await new Promise((resolve, reject) => {
  const seen = (chunk) => {
    printed += chunk.toString();
    const match = /editor: (http:\/\/\S+)/.exec(printed);
    // A previewing server is ready once its first build serves.
    if (match && (!preview || /serving .* at/.test(printed))) resolve(match[1]);
  };
  server.stdout.on('data', seen);
  server.stderr.on('data', seen);
  server.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${printed}`)));
});
keepServerOutput(server, printed);
const origin = new URL(editor).origin;
const page = await (await fetch(editor)).text();
const token = /name="sitegen-edit-token" content="([0-9a-f]+)"/.exec(page)[1];
const headers = { 'x-sitegen-edit-token': token, origin, 'content-type': 'application/json' };

async function timed(path, body) {
  const started = performance.now();
  const response = await fetch(origin + path, body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) });
  const json = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json).slice(0, 500)}`);
  return [performance.now() - started, json];
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (ms) => Math.round(ms);

const original = readFileSync(join(content, 'products.toml'));
const figures = {};
try {
  if (preview) {
    figures.save_to_preview = await savesToPreview();
    figures.save_to_preview_median = median(figures.save_to_preview);
  } else {
    await timeTheApi();
  }
} finally {
  writeFileSync(join(content, 'products.toml'), original);
  server.kill('SIGINT');
}
console.log(JSON.stringify(figures));

/** The list of files, of products, one product and SAVES saves of its title. */
async function timeTheApi() {
  figures.files = round((await timed('/_edit/api/files'))[0]);
  const [listFirst, list] = await timed('/_edit/api/entries?path=products.toml');
  figures.entries_first = round(listFirst);
  figures.entries_again = round((await timed('/_edit/api/entries?path=products.toml'))[0]);
  figures.products = list.entries.length;
  const id = list.entries[Math.floor(list.entries.length / 2)].id;
  const [entryMs, entry] = await timed(`/_edit/api/entry?path=products.toml&id=${id}`);
  figures.entry = round(entryMs);
  const times = [];
  let title = entry.value.title;
  for (let n = 0; n < saves; n++) {
    const next = `${entry.value.title} (edit ${n})`;
    const [ms, saved] = await timed('/_edit/api/save', {
      path: 'products.toml',
      changes: [{ op: 'set', entry: id, field: ['title'], value: next, base: title }],
    });
    if (!saved.written) throw new Error('the save wrote nothing');
    title = next;
    times.push(round(ms));
    console.log(`save ${n + 1}: ${round(ms)} ms`);
  }
  figures.saves = times;
  figures.save_median = median(times);
}

/** SAVES saves of product 1's description, each from the request to the open page's reload. */
async function savesToPreview() {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/products/1/slit-lamp`, { waitUntil: 'load' });
    // Let the live-reload client connect before the first save.
    await page.waitForTimeout(1500);
    const [, entry] = await timed('/_edit/api/entry?path=products.toml&id=1');
    let description = entry.value.description;
    const times = [];
    for (let n = 1; n <= saves; n++) {
      const next = `${entry.value.description} (edit ${n})`;
      const reloaded = page.waitForEvent('load', { timeout: 120_000 });
      const started = performance.now();
      const [, saved] = await timed('/_edit/api/save', {
        path: 'products.toml',
        changes: [{ op: 'set', entry: 1, field: ['description'], value: next, base: description }],
      });
      if (!saved.written) throw new Error('the save wrote nothing');
      await reloaded;
      times.push(round(performance.now() - started));
      description = next;
      console.log(`save ${n} → preview: ${times.at(-1)} ms`);
      // Settle, as an editor would between saves.
      await page.waitForTimeout(700);
    }
    return times;
  } finally {
    await browser.close();
  }
}
