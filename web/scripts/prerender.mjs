#!/usr/bin/env node
// The prerender worker of docs/data-contract.md §5. sitegen starts one or more of these
// (cwd web/) and writes JSON messages to stdin, one per line:
//   {"layout": …}                                   the layout of every following page
//   {"url": "/services/dialysis-center", "route": …} render this URL
// For each render request, in order, exactly one JSON line goes to stdout:
//   {"html": "…", "modules": ["src/pages/…"], "status": 200}         a whole page, or
//   {"frame": 3, "frameMarkup": {"before": "…", "after": "…"},       its screen in frame 3
//    "hoisted": "…", "screen": "…", "modules": […], "status": 200}   (markup: first time only)
//   or {"error": "…"}
// The layout is sent once per worker rather than with every route: it is the same on
// every page, and parsing it per route was a large part of a route's cost.
// stdout carries nothing else: every log goes to stderr. Exits when stdin closes.
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { loadWithCodeCache } from './code-cache.mjs';

// React picks its development build (several times slower, extra checks) unless told
// otherwise; a prerender is a production render.
process.env.NODE_ENV = 'production';

// Keep stdout for replies only, whatever the app or a library logs.
for (const method of ['log', 'info', 'debug', 'warn']) {
  console[method] = (...args) => console.error(...args);
}

const bundlePath = fileURLToPath(new URL('../dist/server/entry-server.cjs', import.meta.url));

let render;
/** Writes the bundle's code cache after the first page, if it had none fit to use. */
let saveCodeCache;
let loadError;
try {
  const bundle = loadWithCodeCache(bundlePath, `${bundlePath}.v8-cache`);
  ({ render } = bundle.exports);
  saveCodeCache = bundle.saveCache;
  if (typeof render !== 'function') throw new Error('it exports no render function');
} catch (error) {
  loadError = `cannot load the SSR bundle ${bundlePath} (run npm run build): ${messageOf(error, { stack: false })}`;
  console.error(loadError);
  process.exitCode = 1;
}

let layout;

function messageOf(error, { stack = true } = {}) {
  if (error instanceof Error) return (stack && error.stack) || error.message;
  return String(error);
}

function reply(object) {
  process.stdout.write(JSON.stringify(object) + '\n');
}

/** Handles one message; returns the reply, or `undefined` for messages that get none. */
async function handle(line) {
  let message;
  try {
    message = JSON.parse(line);
  } catch (error) {
    return { error: `request is not valid JSON: ${messageOf(error, { stack: false })}` };
  }
  if (typeof message === 'object' && message !== null && 'layout' in message && !('url' in message)) {
    layout = message.layout;
    return undefined;
  }
  if (loadError) return { error: loadError };
  const { url, route } = message ?? {};
  if (typeof url !== 'string' || typeof route !== 'object' || route === null) {
    return { error: 'request needs {"url": string, "route": object}' };
  }
  if (typeof layout !== 'object' || layout === null) {
    return { error: `no {"layout": …} message before the request for ${url}` };
  }
  try {
    return await render(url, { layout, route });
  } catch (error) {
    return { error: `rendering ${url} failed: ${messageOf(error)}` };
  }
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
// Requests are handled one at a time, so replies come back in request order.
for await (const line of lines) {
  if (line.trim() === '') continue;
  const answer = await handle(line);
  if (answer !== undefined) reply(answer);
  // After the reply, so sitegen already has the page. The first page compiles nearly
  // all that any page needs (React's renderer, the router, the frame), and sitegen
  // kills its workers when the build ends, so waiting for more would risk saving none.
  if (saveCodeCache && answer !== undefined && !('error' in answer)) {
    saveCodeCache();
    saveCodeCache = undefined;
  }
}
