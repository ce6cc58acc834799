// @vitest-environment node
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { render } from '../../../entry-server';
import type { HomePageData, HomeSection } from '../../../content/types';
import { homeFixture, homeRoute, layoutFixture } from '../../../testing/fixtures';
import { pageAssembler } from '../../../testing/page-assembler';
import { defineHomeSection, sectionsByKind, type RegisteredSection, type SectionDataKey } from '../sections/home-section';

const assemble = pageAssembler();

/** Every section component, as the home page and the block routes find them. */
const registered = sectionsByKind({
  ...import.meta.glob<RegisteredSection>('../sections/first-screen/*.tsx', { eager: true, import: 'homeSection' }),
  ...import.meta.glob<RegisteredSection>('../sections/below-the-fold/*.tsx', { eager: true, import: 'homeSection' }),
});

/** Where sitegen puts a section's data: its kind in camelCase. */
function dataKey(section: HomeSection): SectionDataKey {
  return section.replace(/_(.)/g, (_, letter: string) => letter.toUpperCase()) as SectionDataKey;
}

/** Every section sitegen knows: the fixture's home.toml lists them all. */
const everySection: HomeSection[] = homeFixture.sections;

/** A text the section shows of its data: its heading (the hero's tagline). */
function textOf(section: HomeSection): string {
  const data = homeFixture[dataKey(section)];
  return 'heading' in data ? data.heading : data.tagline;
}

/** The home page listing `section` alone, with its data only, as sitegen hands it over. */
async function renderHomeWith(section: HomeSection) {
  const page = { sections: [section], [dataKey(section)]: homeFixture[dataKey(section)] } as HomePageData;
  return assemble(await render('/', { layout: layoutFixture, route: { ...homeRoute, page } }));
}

describe('home sections registered by kind', () => {
  it('has one component for every section sitegen knows', () => {
    expect([...registered.keys()].sort()).toEqual([...everySection].sort());
  });

  it.each(everySection)('renders the component registered as "%s" where home.toml lists it', async (section) => {
    const html = await renderHomeWith(section);
    expect(html).toContain(textOf(section));
    for (const other of everySection.filter((kind) => kind !== section)) expect(html).not.toContain(textOf(other));
  });

  it('renders a registered component with its data, and nothing without it', () => {
    const section = defineHomeSection('map', ({ data, layout, headingAs = 'h2' }) => (
      <p data-level={headingAs}>
        {data.heading} {layout.contact.address}
      </p>
    ));
    const [kind, render] = section;
    expect(kind).toBe('map');
    expect(renderToStaticMarkup(render(homeFixture, layoutFixture, 'h1'))).toBe(
      `<p data-level="h1">${homeFixture.map.heading} ${layoutFixture.contact.address}</p>`,
    );
    expect(render({}, layoutFixture)).toBeUndefined();
  });

  it('refuses a section file without its registration, and a kind registered twice', () => {
    const map = defineHomeSection('map', () => null);
    expect(() => sectionsByKind({ './below-the-fold/Helper.tsx': undefined })).toThrow('Helper.tsx exports no homeSection');
    expect(() => sectionsByKind({ './a.tsx': map, './b.tsx': map })).toThrow('"map" is registered twice');
  });
});
