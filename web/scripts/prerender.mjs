#!/usr/bin/env node
// The prerender worker of docs/data-contract.md §5. sitegen starts one of these (cwd
// web/) and writes one JSON request per line to stdin:
//   {"url": "/services/dialysis-center", "data": {"layout": …, "route": …}}
// For each, in order, exactly one JSON line goes to stdout:
//   {"html": "…", "modules": ["src/pages/…"], "status": 200}   or   {"error": "…"}
// stdout carries nothing else: every log goes to stderr. Exits when stdin closes.
import { createInterface } from 'node:readline';

// Keep stdout for replies only, whatever the app or a library logs.
for (const method of ['log', 'info', 'debug', 'warn']) {
  console[method] = (...args) => console.error(...args);
}

const bundleUrl = new URL('../dist/server/entry-server.js', import.meta.url);

let render;
let loadError;
try {
  ({ render } = await import(bundleUrl.href));
  if (typeof render !== 'function') throw new Error('it exports no render function');
} catch (error) {
  loadError = `cannot load the SSR bundle ${bundleUrl.pathname} (run npm run build): ${messageOf(error, { stack: false })}`;
  console.error(loadError);
  process.exitCode = 1;
}

function messageOf(error, { stack = true } = {}) {
  if (error instanceof Error) return (stack && error.stack) || error.message;
  return String(error);
}

function reply(object) {
  process.stdout.write(JSON.stringify(object) + '\n');
}

async function handle(line) {
  if (loadError) return { error: loadError };
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    return { error: `request is not valid JSON: ${messageOf(error, { stack: false })}` };
  }
  const { url, data } = request ?? {};
  if (typeof url !== 'string' || typeof data !== 'object' || data === null) {
    return { error: 'request needs {"url": string, "data": {"layout", "route"}}' };
  }
  try {
    const { html, modules, status } = await render(url, data);
    return { html, modules, status };
  } catch (error) {
    return { error: `rendering ${url} failed: ${messageOf(error)}` };
  }
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
// Requests are handled one at a time, so replies come back in request order.
for await (const line of lines) {
  if (line.trim() === '') continue;
  reply(await handle(line));
}
