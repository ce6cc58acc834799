#!/usr/bin/env node
// Save → reloaded page in a live preview (issue 13, scripts/bench): starts a preview
// server, opens one page in headless Chromium, then SAVES times rewrites one line of a
// file so that the page's text changes, and measures from the write to the reloaded
// page's `load` event. Prints each time and the median, in ms, as JSON on the last line.
//
//   node scripts/bench-serve.mjs FILE PATTERN PAGE_URL READY_REGEX -- COMMAND [ARGS…]
//
// FILE: the file to edit; PATTERN: a regular expression matching the one line to
// rewrite (it becomes that line with ` (edit N)` appended before its closing quote);
// PAGE_URL: the page to open; READY_REGEX: what the server prints on stdout or stderr
// once it serves. The server is stopped (SIGINT, then SIGKILL) at the end. With
// SERVER_LOG=PATH, what the server prints (each rebuild's stage times) goes there.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { launchChromium } from './audit-browser.mjs';
import { keepServerOutput } from './server-output.mjs';

const separator = process.argv.indexOf('--');
const [file, pattern, pageUrl, ready] = process.argv.slice(2, separator);
const command = process.argv.slice(separator + 1);
if (separator < 0 || !file || !pattern || !pageUrl || !ready || command.length === 0) {
  console.error('usage: bench-serve.mjs FILE PATTERN PAGE_URL READY_REGEX -- COMMAND [ARGS…]');
  process.exit(2);
}
const saves = Number(process.env.SAVES ?? 10);

const server = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
let printed = '';
let giveUp;
await new Promise((resolve, reject) => {
  const seen = (chunk) => {
    printed += chunk.toString();
    if (new RegExp(ready).test(printed)) resolve();
  };
  server.stdout.on('data', seen);
  server.stderr.on('data', seen);
  server.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${printed.slice(-2000)}`)));
  giveUp = setTimeout(() => reject(new Error(`the server was not ready within 10 minutes:\n${printed.slice(-2000)}`)), 600_000);
}).finally(() => clearTimeout(giveUp));
keepServerOutput(server, printed);

const original = readFileSync(file, 'utf8');
const line = new RegExp(pattern, 'm');
if (!line.test(original)) throw new Error(`no line of ${file} matches ${pattern}`);
const browser = await launchChromium();
const times = [];
try {
  const page = await browser.newPage();
  await page.goto(pageUrl, { waitUntil: 'load' });
  // Let the live-reload client connect before the first save.
  await page.waitForTimeout(1500);
  for (let save = 1; save <= saves; save++) {
    const reloaded = page.waitForEvent('load', { timeout: 120_000 });
    const edited = original.replace(line, (text) => text.replace(/"\s*,?\s*$/, (end) => ` (edit ${save})${end}`));
    const started = performance.now();
    writeFileSync(file, edited);
    await reloaded;
    times.push(performance.now() - started);
    console.log(`save ${save}: ${times.at(-1).toFixed(0)} ms`);
    // Settle, as an editor would between saves.
    await page.waitForTimeout(700);
  }
} finally {
  writeFileSync(file, original);
  await browser.close();
  server.kill('SIGINT');
  setTimeout(() => server.kill('SIGKILL'), 3000).unref();
  server.stdout.destroy();
  server.stderr.destroy();
}
const sorted = [...times].sort((a, b) => a - b);
const median = (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
console.log(JSON.stringify({ median_ms: Math.round(median), times_ms: times.map(Math.round) }));
