#!/usr/bin/env node
// @ts-check
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
// The messages' and replies' types are generated from sitegen's
// (src/app/prerender-protocol.gen.ts), and tsc checks this file against them.
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { loadWithCodeCache } from './code-cache.mjs';

/** @typedef {import('../src/app/prerender-protocol.gen').Message} Message */
/**
 * The field names of any message, so that tsc fails here when sitegen renames one.
 * @template T
 * @typedef {T extends unknown ? keyof T : never} KeysOf
 */
/** @typedef {Partial<Record<KeysOf<Message>, unknown>>} MessageFields */
/** @typedef {import('../src/app/prerender-protocol.gen').Reply} Reply */

// React picks its development build (several times slower, extra checks) unless told
// otherwise; a prerender is a production render.
process.env.NODE_ENV = 'production';

// Keep stdout for replies only, whatever the app or a library logs.
for (const method of /** @type {const} */ (['log', 'info', 'debug', 'warn'])) {
  console[method] = (/** @type {unknown[]} */ ...args) => console.error(...args);
}

const bundlePath = fileURLToPath(new URL('../dist/server/entry-server.cjs', import.meta.url));

/** @type {typeof import('../src/entry-server').render | undefined} */
let render;
/** Writes the bundle's code cache after the first page, if it had none fit to use. */
let saveCodeCache;
/** @type {string | undefined} */
let loadError;
try {
  const bundle = loadWithCodeCache(bundlePath, `${bundlePath}.v8-cache`);
  ({ render } = /** @type {{ render?: typeof render }} */ (bundle.exports));
  saveCodeCache = bundle.saveCache;
  if (typeof render !== 'function') throw new Error('it exports no render function');
} catch (error) {
  loadError = `cannot load the SSR bundle ${bundlePath} (run npm run build): ${messageOf(error, { stack: false })}`;
  console.error(loadError);
  process.exitCode = 1;
}

/** @type {unknown} */
let layout;

/**
 * @param {unknown} error
 * @param {{ stack?: boolean }} [options]
 */
function messageOf(error, { stack = true } = {}) {
  if (error instanceof Error) return (stack && error.stack) || error.message;
  return String(error);
}

/** @param {Reply} object */
function reply(object) {
  process.stdout.write(JSON.stringify(object) + '\n');
}

/**
 * Handles one message; returns the reply, or `undefined` for messages that get none.
 * @param {string} line
 * @returns {Promise<Reply | undefined>}
 */
async function handle(line) {
  /** @type {unknown} */
  let parsed;
  try {
    parsed = JSON.parse(line);
  } catch (error) {
    return { error: `request is not valid JSON: ${messageOf(error, { stack: false })}` };
  }
  // Checked field by field below: a message is sitegen's, but a line is only text.
  const message = /** @type {MessageFields} */ (typeof parsed === 'object' && parsed !== null ? parsed : {});
  if (message.layout !== undefined && message.url === undefined) {
    layout = message.layout;
    return undefined;
  }
  if (loadError !== undefined || render === undefined) return { error: loadError ?? 'the SSR bundle is not loaded' };
  const { url, route } = message;
  if (typeof url !== 'string' || typeof route !== 'object' || route === null) {
    return { error: 'request needs {"url": string, "route": object}' };
  }
  if (typeof layout !== 'object' || layout === null) {
    return { error: `no {"layout": …} message before the request for ${url}` };
  }
  try {
    // sitegen's JSON: its shapes are the generated contract's.
    const data = /** @type {import('../src/content/types').PrerenderData} */ ({ layout, route });
    return await render(url, data);
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
