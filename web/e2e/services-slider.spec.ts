import type { Page } from '@playwright/test';
import { test, expect, waitForApp } from './support';

// The home page's Our Services slider (spec: it auto-scrolls by one card width every
// 3 s and wraps to the start at the end), over three of its cycles on Playwright's
// paused clock: every step is one card, every cycle has a step per card and stops at the
// same places, and the first card comes back to its start to the pixel.

const STEP_MS = 3000;
const CYCLES = 3;

/** Where a card stands, to the pixel, relative to the slider's viewport. */
function cardOffset(page: Page, index: number): Promise<number> {
  return page.evaluate((cardIndex) => {
    const viewport = document.querySelector('.services-viewport')!.getBoundingClientRect();
    const card = document.querySelectorAll('.services-track > li')[cardIndex]!.getBoundingClientRect();
    return Math.round(card.x - viewport.x);
  }, index);
}

const selectedIndex = async (page: Page) =>
  Number(await page.locator('.services-track').getAttribute('data-selected-index'));

test('the services slider steps one card at a time and stops at the same positions in every cycle', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/');
  await waitForApp(page);
  const slider = page.locator('section.services-slider');
  await slider.scrollIntoViewIfNeeded();
  await page.locator('.services-viewport[data-ready]').waitFor({ state: 'attached' });
  // Time stands still from here; the hover and leave restart the autoplay's interval.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await slider.hover({ position: { x: 5, y: 5 } });
  await page.mouse.move(0, 0);
  // Each position is read half a step after a move began: the scroll has settled by then.
  await page.clock.runFor(STEP_MS / 2);
  const cards = await page.locator('.services-track > li').count();
  const startIndex = await selectedIndex(page);
  const start = await cardOffset(page, startIndex);
  const firstCardStart = await cardOffset(page, 0);

  const cycles: number[][] = [];
  for (let cycle = 0; cycle < CYCLES; cycle += 1) {
    const stops: number[] = [];
    for (let step = 1; step <= cards; step += 1) {
      await page.clock.runFor(STEP_MS);
      const index = await selectedIndex(page);
      expect(index).toBe((startIndex + step) % cards);
      // The card of the step stands where the first stood: one card width a step.
      expect(await cardOffset(page, index)).toBe(start);
      stops.push(await cardOffset(page, 0));
    }
    // A full cycle brings the first card back to its start, to the pixel.
    expect(stops.at(-1)).toBe(firstCardStart);
    cycles.push(stops);
  }
  const [first, ...others] = cycles;
  for (const stops of others) expect(stops).toEqual(first);
});
