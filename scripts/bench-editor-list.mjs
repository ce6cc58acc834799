#!/usr/bin/env node
// The browser editor's list of entries at scale, in the browser (scripts/bench-editor.mjs
// times the API): how long `/_edit` takes to show a file's list, and how long each
// keystroke of the filter takes to show its result. Run it
// against a `sitegen serve` of the content to measure (scripts/bench-content.py writes
// copies with N products; `serve --no-build` is enough, the list does not need the site).
//
//   node scripts/bench-editor-list.mjs EDITOR_URL [FILE] [QUERY]
//
// EDITOR_URL: what serve printed after `editor:`; FILE: the entries file (default
// products.toml); QUERY: typed one character at a time (default "hemodialysis 12").
// Opens the list OPENS times (default 5) in headless Chromium, from navigation to the
// drawn count of entries; each keystroke is timed from its input event to the next
// frame after the list shows its result. Prints each time and the medians, in ms, as
// JSON on the last line.
import { launchChromium } from './audit-browser.mjs';

const [editorUrl, file = 'products.toml', query = 'hemodialysis 12'] = process.argv.slice(2);
if (!editorUrl) {
  console.error('usage: bench-editor-list.mjs EDITOR_URL [FILE] [QUERY]');
  process.exit(2);
}
const opens = Number(process.env.OPENS ?? 5);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
const url = new URL(editorUrl);
url.searchParams.set('file', file);

const openTimes = [];
for (let run = 0; run < opens; run++) {
  const started = Date.now();
  await page.goto(url.href);
  await page.locator('.entry-list-count [role="status"]').filter({ hasText: /\d+ entries/ }).waitFor({ timeout: 60_000 });
  await page.locator('.entry-row').first().waitFor();
  openTimes.push(Date.now() - started);
}
const entries = Number((await page.locator('.entry-list-count [role="status"]').textContent()).match(/(\d+) entries/)[1]);

// In the page: each character set as a person's typing sets it (an input event), then
// timed until the list is no longer busy (its rows show the new filter's result) and a
// frame is drawn with it. React renders the input event at once, marking the list busy,
// and the filtered rows after.
const keystrokeTimes = await page.evaluate(async (text) => {
  const input = document.querySelector('.entry-list-filters input[type="search"]');
  const list = document.querySelector('.entry-rows');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const times = [];
  for (let length = 1; length <= text.length; length++) {
    const started = performance.now();
    setValue.call(input, text.slice(0, length));
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((resolve) => {
      const done = () => !list.hasAttribute('aria-busy');
      if (done()) return resolve();
      const observer = new MutationObserver(() => {
        if (!done()) return;
        observer.disconnect();
        resolve();
      });
      observer.observe(list, { attributes: true, attributeFilter: ['aria-busy'] });
    });
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    times.push(performance.now() - started);
  }
  return times;
}, query);
await browser.close();

const round = (values) => values.map((value) => Math.round(value * 10) / 10);
console.log(`${file}: ${entries} entries`);
console.log(`open the list: ${openTimes.join(', ')} ms (median ${median(openTimes)} ms)`);
console.log(`filter keystrokes of ${JSON.stringify(query)}: ${round(keystrokeTimes).join(', ')} ms (median ${median(round(keystrokeTimes))} ms, max ${Math.max(...round(keystrokeTimes))} ms)`);
console.log(
  JSON.stringify({ file, entries, openMs: openTimes, openMedianMs: median(openTimes), keystrokeMs: round(keystrokeTimes), keystrokeMedianMs: median(round(keystrokeTimes)), keystrokeMaxMs: Math.max(...round(keystrokeTimes)) }),
);
