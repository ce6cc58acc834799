// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { render } from '../../../entry-server';
import { pageAssembler } from '../../../testing/page-assembler';
import type { HomePageData } from '../../../content/types';
import { homeFixture, homeRoute, layoutFixture } from '../../../testing/fixtures';

const assemble = pageAssembler();

/** The home page with only `sections`, and only their data, as sitegen hands it over. */
async function renderHome(sections: HomePageData['sections']) {
  const page: HomePageData = { sections };
  const blocks = { ...homeFixture } as Record<string, unknown>;
  for (const section of sections) {
    const key = section.replace(/_(.)/g, (_, c: string) => c.toUpperCase());
    (page as Record<string, unknown>)[key] = blocks[key];
  }
  return assemble(await render('/', { layout: layoutFixture, route: { ...homeRoute, page } }));
}

describe('home sections from home.toml', () => {
  it('renders the listed sections in their order and nothing else', async () => {
    const html = await renderHome(['map', 'hero', 'stats']);
    const map = html.indexOf(homeFixture.map.heading);
    const hero = html.indexOf(homeFixture.hero.tagline);
    const stats = html.indexOf(homeFixture.stats.heading);
    expect(map).toBeGreaterThan(-1);
    expect(map).toBeLessThan(hero);
    expect(hero).toBeLessThan(stats);
    expect(html).not.toContain(homeFixture.partners.heading);
    expect(html).not.toContain(homeFixture.testimonials.heading);
  });

  it('has no below-the-fold part when only first-screen sections are listed', async () => {
    const html = await renderHome(['hero', 'partners']);
    expect(html).toContain(homeFixture.partners.heading);
    expect(html).not.toContain('id="below-the-fold"');
    expect(html).not.toContain(homeFixture.stats.heading);
  });
});
