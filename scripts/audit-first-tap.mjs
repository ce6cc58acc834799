#!/usr/bin/env node
// Measures whether the frame's controls answer a visitor's first tap (scripts/audit):
// 20 taps, 4 controls on each of 5 routes, each on a fresh page load in a phone
// emulation (390×844, touch) with the CPU 4× slower, each tap as soon as its control is
// visible, long before the app's code may have arrived. A tap is lost when what it
// controls has not opened within TIMEOUT_MS. Prints each tap (whether the app had
// hydrated when it landed) and the time from tap to open, median and maximum; exits 1
// when a tap was lost.
//
//   node scripts/audit-first-tap.mjs BASE_URL [OUT.json]
import { writeFileSync } from 'node:fs';
import { launchChromium } from './audit-browser.mjs';

const [base, out] = process.argv.slice(2);
if (!base) {
  console.error('usage: audit-first-tap.mjs BASE_URL [OUT.json]');
  process.exit(2);
}

const TIMEOUT_MS = 5000;
const CPU_SLOWDOWN = 4;

// A control: what to tap first to reveal it (the phone menu), the control, and the
// element that is visible once it has opened (or a page it may lead to without script).
const MENU = { name: 'menu toggle', tap: '.nav-mobile-toggle', opens: '#primary-navigation' };
const DROPDOWN = {
  name: 'Products dropdown',
  before: MENU,
  tap: '.nav-items > li:nth-child(2) > .nav-menu-toggle',
  opens: '#nav-menu-1',
};
const QUOTE = { name: 'Get a Quote', before: MENU, tap: '.nav-quote', opens: '#getaquote', orPage: '/contact' };
const FOOTER = { name: 'footer section', scroll: 'footer.site-footer', tap: '.footer-toggle', opens: '#footer-panel-quick' };
const FILTERS = { name: 'Show Filters', tap: '.products-filter-toggle', opens: '#product-categories' };

const PLAN = [
  ['/', [MENU, DROPDOWN, QUOTE, FOOTER]],
  ['/aboutUs', [MENU, DROPDOWN, QUOTE, FOOTER]],
  ['/contact', [MENU, DROPDOWN, QUOTE, FOOTER]],
  ['/products', [MENU, DROPDOWN, FILTERS, FOOTER]],
  ['/products/category/dialysis', [MENU, DROPDOWN, FILTERS, FOOTER]],
];

/** Taps `control` as soon as it is visible; resolves with ms from the tap to its opening, or null. */
async function tapAndTime(page, control) {
  const target = page.locator(control.tap).first();
  if (control.scroll) {
    await page.waitForSelector(control.scroll, { state: 'attached' });
    await page.evaluate((selector) => document.querySelector(selector).scrollIntoView(), control.scroll);
  }
  await target.waitFor({ state: 'visible', timeout: 30_000 });
  // Watch for the opening from inside the page, frame by frame, from the tap's pointerdown.
  await page.evaluate((opens) => {
    window.__tap = { at: null, openAt: null };
    addEventListener(
      'pointerdown',
      () => {
        window.__tap.at = performance.now();
        window.__tap.hydrated = document.documentElement.dataset.app === 'ready';
        const watch = () => {
          const element = document.querySelector(opens);
          if (element?.checkVisibility()) window.__tap.openAt = performance.now();
          else requestAnimationFrame(watch);
        };
        watch();
      },
      { capture: true, once: true },
    );
  }, control.opens);
  const startUrl = page.url();
  await target.tap({ timeout: 10_000 });
  const started = Date.now();
  while (Date.now() - started < TIMEOUT_MS) {
    if (control.orPage && new URL(page.url()).pathname === control.orPage && page.url() !== startUrl) {
      return { ms: Date.now() - started, hydrated: false, page: control.orPage };
    }
    const state = await page.evaluate(() => window.__tap).catch(() => null);
    if (state?.openAt != null) return { ms: state.openAt - state.at, hydrated: state.hydrated };
    await page.waitForTimeout(10);
  }
  return null;
}

const browser = await launchChromium();
const results = [];
for (const [route, controls] of PLAN) {
  for (const control of controls) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await context.route((url) => !url.href.startsWith(base), (request) => request.abort());
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(base + route, { waitUntil: 'commit' });
    let result = null;
    try {
      if (control.before && !(await tapAndTime(page, control.before))) throw new Error(`${control.before.name} did not open`);
      result = await tapAndTime(page, control);
    } catch (error) {
      console.log(`   ${route}: ${control.name}: ${error.message.split('\n')[0]}`);
    }
    await context.close();
    results.push({ route, control: control.name, ...(result ?? { ms: null }) });
    const what = result === null ? 'LOST' : `${result.ms.toFixed(0).padStart(5)} ms`;
    const when = result === null ? '' : result.page ? ` (reached ${result.page})` : result.hydrated ? ' (hydrated)' : ' (before hydration)';
    console.log(`   ${what}  ${route}  ${control.name}${when}`);
  }
}
await browser.close();

const times = results.flatMap((result) => (result.ms === null ? [] : [result.ms])).sort((a, b) => a - b);
const lost = results.length - times.length;
const median = times.length ? times[Math.floor((times.length - 1) / 2)] : null;
const max = times.length ? times[times.length - 1] : null;
const early = results.filter((result) => result.ms !== null && !result.hydrated).length;
console.log(
  `   ${results.length} taps, ${lost} lost, ${early} before hydration; tap → open: median ${median?.toFixed(0)} ms, max ${max?.toFixed(0)} ms`,
);
if (out) writeFileSync(out, JSON.stringify({ taps: results.length, lost, median, max, results }, null, 2));
process.exit(lost === 0 ? 0 : 1);
