import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';
import { test, expect, waitForApp, appErrors, isRenderingSkipped, requestsTo } from './support';

// The home page (spec §2 "Home page, in order", §4 and §9): every timing runs on
// Playwright's clock, paused once the app is ready, so each step is exact.

const require = createRequire(import.meta.url);

/**
 * Scrolls to the sections below the first screen (showcase, slider, testimonials),
 * whose code loads when they come near the viewport, and to each carousel, whose embla
 * starts only then, and waits until they are hydrated and embla has arrived.
 */
async function revealBelowTheFold(page: Page) {
  await page.locator('section.showcase').scrollIntoViewIfNeeded();
  for (const viewport of ['.services-viewport', '.testimonial-viewport']) {
    await page.locator(viewport).scrollIntoViewIfNeeded();
    await page.locator(`${viewport}[data-ready]`).waitFor({ state: 'attached' });
  }
}

/** Opens / with the clock installed, waits for the app, then stops the time. */
async function openHome(page: Page) {
  await page.clock.install();
  await page.goto('/');
  await waitForApp(page);
  await revealBelowTheFold(page);
  // Pause a moment after the page's own present (jumping far ahead would fire the timers on the way).
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

/**
 * Restarts a section's automatic advance at this instant: hovering holds it, leaving
 * starts its interval afresh.
 */
async function restartAutoAdvance(page: Page, section: Locator) {
  await section.scrollIntoViewIfNeeded();
  await section.hover({ position: { x: 5, y: 5 } });
  await page.mouse.move(0, 0);
}

const showcase = (page: Page) => page.locator('section.showcase');
const selectedTab = (page: Page) => showcase(page).getByRole('tab', { selected: true });
const slider = (page: Page) => page.locator('section.services-slider');
const sliderIndex = (page: Page) => slider(page).locator('.services-track').getAttribute('data-selected-index');
const testimonials = (page: Page) => page.locator('section.testimonials');
const currentTestimonial = (page: Page) =>
  testimonials(page).locator('[aria-roledescription="slide"][aria-current="true"]');

test('shows the sections in the spec order and hydrates cleanly', async ({ page, problems }) => {
  await page.goto('/');
  await waitForApp(page);
  const headings = await page.locator('main h1, main h2').allTextContents();
  expect(headings).toEqual([
    'Delivering Trust and Innovation in Medical Equipment Since 2002',
    'Excellence in Healthcare Support',
    'Your trusted Health Partner for life',
    'Making Healthcare Safer',
    'Our Services',
    'What Our Clients Say',
    'Find Us',
  ]);
  await expect(page.locator('.services-track > li')).toHaveCount(18);
  await expect(page.locator('[aria-roledescription="slide"]')).toHaveCount(3);
  const map = page.locator('iframe.map-frame');
  await expect(map).toHaveAttribute('height', '450');
  await expect(map).toHaveAttribute('loading', 'lazy');
  await expect(map).toHaveAttribute('title', /.+/);
  expect(appErrors(problems)).toEqual([]);
});

test.describe('hero', () => {
  test('shows the poster at once and plays the muted looping video', async ({ page }) => {
    const html = await (await page.request.get('/')).text();
    expect(html).toMatch(/<img[^>]*class="hero-media"/);
    expect(html).not.toContain('<video');
    await page.goto('/');
    await waitForApp(page);
    const video = page.locator('video.hero-media');
    await expect(video).toHaveJSProperty('muted', true);
    await expect(video).toHaveJSProperty('loop', true);
    // The video's poster is the file the image under it already loaded, not a second download.
    const picked = await page
      .locator('.hero picture img.hero-media')
      .evaluate((image: HTMLImageElement) => new URL(image.currentSrc).pathname);
    expect(picked).toMatch(/hero-poster\.\d+w\.[0-9a-f]{8}\.webp$/);
    await expect(video).toHaveAttribute('poster', picked);
  });

  test('loads the poster as a WebP variant wide enough for the screen', async ({ page, problems }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await waitForApp(page);
    const poster = page.locator('.hero picture img.hero-media');
    await expect(poster).toHaveJSProperty('complete', true);
    const picked = await poster.evaluate((image: HTMLImageElement) => ({
      currentSrc: new URL(image.currentSrc).pathname,
      naturalWidth: image.naturalWidth,
      screenPixels: window.innerWidth * window.devicePixelRatio,
      intrinsicWidth: Number(image.getAttribute('width')),
      offered: (image.previousElementSibling?.getAttribute('srcset') ?? '').split(', ').map((c) => c.split(' ')[0]),
    }));
    expect(picked.currentSrc).toMatch(/^\/media\/home\/hero-poster\.\d+w\.[0-9a-f]{8}\.webp$/);
    // The poster covers the whole hero, as the video over it does.
    const heroBox = await page.locator('section.hero').boundingBox();
    const posterBox = await poster.boundingBox();
    expect(posterBox?.height).toBeCloseTo(heroBox?.height ?? 0, 0);
    expect(posterBox?.width).toBeCloseTo(heroBox?.width ?? 0, 0);
    expect(picked.offered).toContain(picked.currentSrc);
    expect(picked.naturalWidth).toBeGreaterThanOrEqual(Math.min(picked.screenPixels, picked.intrinsicWidth));
    const response = await page.request.get(picked.currentSrc);
    expect(response.headers()['content-type']).toBe('image/webp');
    expect(appErrors(problems)).toEqual([]);
  });

  test('shows the placeholder when the WebP poster fails to load', async ({ page, problems }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.route('**/media/home/*.webp', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/');
    await waitForApp(page);
    await expect(page.locator('.hero .image-placeholder.hero-media')).toBeVisible();
    await expect(page.locator('.hero picture')).toHaveCount(0);
    expect(problems.page).toEqual([]);
  });

  test('has no video under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await waitForApp(page);
    await expect(page.locator('.hero img.hero-media')).toBeVisible();
    await expect(page.locator('video')).toHaveCount(0);
  });
});

test.describe('statistic counters', () => {
  test('are prerendered with their final values', async ({ page }) => {
    const html = await (await page.request.get('/')).text();
    for (const value of ['12.19 M', '100+', '10000+']) expect(html).toContain(`>${value}<`);
  });

  test('count up from 0 over 2.5 s when scrolled into view, keeping two decimals', async ({ page }) => {
    await openHome(page);
    const values = page.locator('.stat-value');
    await page.locator('.stats-list').scrollIntoViewIfNeeded();
    await expect(values).toHaveText(['0.00 M', '0+', '0+']);
    // The count starts with the first frame after the band came into view.
    await expect
      .poll(async () => {
        await page.clock.runFor(16);
        return parseFloat((await values.first().textContent())!);
      })
      .toBeGreaterThan(0);
    await page.clock.runFor(1234);
    const halfway = await values.allTextContents();
    expect(halfway[0]).toMatch(/^\d+\.\d\d M$/);
    expect(parseFloat(halfway[0]!)).toBeGreaterThan(6.1); // ease-out: past half the value at half the time
    expect(parseFloat(halfway[0]!)).toBeLessThan(12.19);
    await page.clock.runFor(1300);
    await expect(values).toHaveText(['12.19 M', '100+', '10000+']);
  });
});

test.describe('product showcase', () => {
  test('has the six tabs, two cards each, dots and accessible tabs with arrow keys', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await revealBelowTheFold(page);
    const tabs = showcase(page).getByRole('tablist').getByRole('tab');
    await expect(tabs).toHaveText(['Ophthalmic', 'Dialysis', 'Radiology', 'MOT', 'ICU', 'Cardiology']);
    await expect(showcase(page).getByRole('tabpanel').locator('article')).toHaveCount(2);
    await expect(showcase(page).getByRole('button', { name: /^Show / })).toHaveCount(6);
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.nth(5)).toBeFocused();
  });

  test('advances every 4 s with a fade, cyclically', async ({ page }) => {
    await openHome(page);
    await restartAutoAdvance(page, showcase(page));
    const start = Number((await selectedTab(page).getAttribute('id'))!.split('-tab-')[1]);
    const panel = showcase(page).getByRole('tabpanel');
    // Each step: the fade starts 300 ms before the switch, the switch comes 4 s after the last.
    for (let step = 1; step <= 6; step += 1) {
      await page.clock.runFor(3699);
      await expect(panel).not.toHaveClass(/is-fading/);
      await page.clock.runFor(1);
      await expect(panel).toHaveClass(/is-fading/);
      await page.clock.runFor(299);
      await expect(selectedTab(page)).toHaveId(new RegExp(`-tab-${(start + step - 1) % 6}$`));
      await page.clock.runFor(1);
      await expect(selectedTab(page)).toHaveId(new RegExp(`-tab-${(start + step) % 6}$`));
      await expect(panel).not.toHaveClass(/is-fading/);
    }
  });

  test('a tab click fades out, then switches after 6 s', async ({ page }) => {
    await openHome(page);
    const icu = showcase(page).getByRole('tab', { name: 'ICU' });
    await icu.click();
    await expect(showcase(page).getByRole('tabpanel')).toHaveClass(/is-fading/);
    await page.clock.runFor(5999);
    await expect(icu).toHaveAttribute('aria-selected', 'false');
    await page.clock.runFor(1);
    await expect(icu).toHaveAttribute('aria-selected', 'true');
    await expect(showcase(page).getByRole('tabpanel')).not.toHaveClass(/is-fading/);
  });

  test('a dot click switches after 6 s too', async ({ page }) => {
    await openHome(page);
    await showcase(page).getByRole('button', { name: 'Show Cardiology' }).click();
    await page.clock.runFor(5999);
    await expect(showcase(page).getByRole('tab', { name: 'Cardiology' })).toHaveAttribute('aria-selected', 'false');
    await page.clock.runFor(1);
    await expect(showcase(page).getByRole('tab', { name: 'Cardiology' })).toHaveAttribute('aria-selected', 'true');
  });
});

test.describe('Our Services slider', () => {
  test('scrolls by one card every 3 s and wraps to the start at the end', async ({ page }) => {
    await openHome(page);
    await restartAutoAdvance(page, slider(page));
    const start = Number(await sliderIndex(page));
    const cards = slider(page).locator('.service-card');
    const startX = (await cards.nth(start).boundingBox())!.x;
    await page.clock.runFor(2999);
    expect(await sliderIndex(page)).toBe(String(start));
    await page.clock.runFor(1);
    await expect(slider(page).locator('.services-track')).toHaveAttribute('data-selected-index', String(start + 1));
    // Once the scroll has settled, the next card stands where the previous one did: one card width.
    await page.clock.runFor(1000);
    expect(Math.abs((await cards.nth(start + 1).boundingBox())!.x - startX)).toBeLessThan(2);

    const snaps = await page.evaluate(() => {
      const track = document.querySelector('.services-track')!;
      return track.children.length;
    });
    let index = start + 1;
    let wrapped = false;
    for (let step = 0; step < snaps && !wrapped; step += 1) {
      await page.clock.runFor(3000);
      const next = Number(await sliderIndex(page));
      if (next === 0) wrapped = true;
      else expect(next).toBe(index + 1);
      index = next;
    }
    expect(wrapped).toBe(true);
  });

  test('a click zooms a card and a second click unzooms it', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await revealBelowTheFold(page);
    const card = slider(page).locator('.services-track > li').first();
    const zoom = card.getByRole('button', { name: /^Zoom / });
    await zoom.click();
    await expect(zoom).toHaveAttribute('aria-pressed', 'true');
    await expect(card).toHaveClass(/is-zoomed/);
    await zoom.click();
    await expect(zoom).toHaveAttribute('aria-pressed', 'false');
    await expect(slider(page).getByRole('link', { name: /View More/ }).first()).toBeVisible();
  });
});

test.describe('testimonial carousel', () => {
  test('advances every 4.5 s, cyclically', async ({ page }) => {
    await openHome(page);
    await restartAutoAdvance(page, testimonials(page));
    const first = await currentTestimonial(page).getAttribute('aria-label');
    const start = Number(first!.split(' ')[0]) - 1;
    await page.clock.runFor(4499);
    await expect(currentTestimonial(page)).toHaveAttribute('aria-label', `${start + 1} of 3`);
    await page.clock.runFor(1);
    await expect(currentTestimonial(page)).toHaveAttribute('aria-label', `${((start + 1) % 3) + 1} of 3`);
    await page.clock.runFor(4500 * 2);
    await expect(currentTestimonial(page)).toHaveAttribute('aria-label', `${start + 1} of 3`);
  });

  test('previous and next wrap, dots jump, and it holds on hover', async ({ page }) => {
    await openHome(page);
    const section = testimonials(page);
    await section.getByRole('button', { name: 'Show testimonial 1' }).click();
    await expect(currentTestimonial(page)).toHaveAttribute('aria-label', '1 of 3');
    await section.getByRole('button', { name: 'Previous testimonial' }).click();
    await expect(currentTestimonial(page)).toHaveAttribute('aria-label', '3 of 3');
    await section.getByRole('button', { name: 'Next testimonial' }).click();
    await expect(currentTestimonial(page)).toHaveAttribute('aria-label', '1 of 3');
    await section.getByRole('button', { name: 'Show testimonial 3' }).click();
    await expect(currentTestimonial(page)).toHaveAttribute('aria-label', '3 of 3');
    await expect(section.getByRole('button', { name: 'Show testimonial 3' })).toHaveAttribute('aria-current', 'true');
    // The pointer is still over the carousel: nothing moves.
    await page.clock.runFor(10_000);
    await expect(currentTestimonial(page)).toHaveAttribute('aria-label', '3 of 3');
  });

  test('its pause button stops it', async ({ page }) => {
    await openHome(page);
    const section = testimonials(page);
    await section.getByRole('button', { name: 'Pause the testimonials' }).click();
    // Neither pointer nor focus holds it any more: only the pause does.
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const label = await currentTestimonial(page).getAttribute('aria-label');
    await page.clock.runFor(10_000);
    await expect(currentTestimonial(page)).toHaveAttribute('aria-label', label!);
    await expect(section.getByRole('button', { name: 'Play the testimonials' })).toBeVisible();
  });
});

test('under reduced motion nothing advances by itself', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openHome(page);
  await page.mouse.move(0, 0);
  await page.clock.runFor(20_000);
  await expect(showcase(page).getByRole('tab', { name: 'Ophthalmic' })).toHaveAttribute('aria-selected', 'true');
  expect(await sliderIndex(page)).toBe('0');
  await expect(currentTestimonial(page)).toHaveAttribute('aria-label', '1 of 3');
  await expect(page.locator('.stat-value').first()).toHaveText('12.19 M');
  await expect(page.locator('.partner-track')).toHaveCSS('animation-name', 'none');
  await expect(page.getByRole('button', { name: /^Pause the/ })).toHaveCount(0);
});

test('nothing advances while the tab is hidden', async ({ page }) => {
  await openHome(page);
  await page.mouse.move(0, 0);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const tab = await selectedTab(page).textContent();
  const slide = await sliderIndex(page);
  const testimonial = await currentTestimonial(page).getAttribute('aria-label');
  await page.clock.runFor(20_000);
  await expect(selectedTab(page)).toHaveText(tab!);
  expect(await sliderIndex(page)).toBe(slide);
  await expect(currentTestimonial(page)).toHaveAttribute('aria-label', testimonial!);
});

test('the code of the sections below the first screen loads only when they come near', async ({
  page,
  problems,
}) => {
  const belowTheFoldCode: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/(BelowTheFold|embla)[^/]*\.js$/.test(request.url())) belowTheFoldCode.push(request.url());
  });
  await page.setViewportSize({ width: 1366, height: 700 });
  await page.goto('/');
  await waitForApp(page);
  await page.waitForLoadState('networkidle');
  expect(belowTheFoldCode).toEqual([]);
  // Prerendered all the same: the showcase's tabs are there before its code.
  await expect(showcase(page).getByRole('tab')).toHaveCount(6);

  await revealBelowTheFold(page);
  expect(belowTheFoldCode.length).toBeGreaterThan(0);
  expect(appErrors(problems)).toEqual([]);
});

test('the sections below the first screen are not rendered until they come near', async ({
  page,
  problems,
}) => {
  const map = page.locator('.map-frame');
  const mapRequests = requestsTo(page, 'https://www.google.com/maps');
  await page.goto('/');
  await waitForApp(page);
  await page.waitForLoadState('networkidle');
  expect(await isRenderingSkipped(map)).toBe(true);
  expect(mapRequests).toEqual([]);

  await map.scrollIntoViewIfNeeded();
  await expect.poll(() => isRenderingSkipped(map)).toBe(false);
  await expect.poll(() => mapRequests.length).toBeGreaterThan(0);
  expect(appErrors(problems)).toEqual([]);
});

test('has no horizontal overflow at 320 px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('/');
  await waitForApp(page);
  for (let y = 0; y < 8000; y += 600) await page.evaluate((top) => scrollTo(0, top), y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('axe finds no violation on the home page', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  // Evaluated, not a script tag: the site's Content-Security-Policy allows no inline script.
  await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return result.violations.map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
  });
  expect(violations).toEqual([]);
});

test.describe('block routes', () => {
  const BLOCKS: Array<[path: string, selector: string]> = [
    ['/home-slider', '.hero'],
    ['/map', 'iframe.map-frame'],
    ['/service', '.services-track'],
    ['/associate-partners', '.partner-marquee'],
    ['/number-increase', '.stats-list'],
    ['/achievement', '.achievement-list'],
    ['/OurClientssay', '.testimonials'],
    ['/testimonial', '.testimonials'],
    ['/Producthome', '.showcase'],
  ];
  for (const [path, selector] of BLOCKS) {
    test(`${path} shows its block alone`, async ({ page, problems }) => {
      await page.goto(path);
      await waitForApp(page);
      await expect(page.locator(`main ${selector}`)).toBeVisible();
      await expect(page.locator('main > section, main > div > section')).toHaveCount(1);
      await expect(page.locator('main h1')).toHaveCount(1);
      expect(appErrors(problems)).toEqual([]);
    });
  }
});
