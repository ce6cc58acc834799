import type { ReactNode } from 'react';
import type { Home, HomeSection, Layout } from '../../../content/types';
import type { HeadingLevel } from './Heading';

/** `services_slider` → `servicesSlider`: a section's key in the page's data (sitegen writes camelCase keys). */
type DataKey<Name extends string> = Name extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<DataKey<Tail>>}` : Name;

/** What a section's component gets: its data, the layout's, and its heading's level (`h1` when a block route shows it alone). */
export type HomeSectionProps<Kind extends HomeSection> = {
  data: Home[DataKey<Kind> & keyof Home];
  layout: Layout;
  headingAs?: HeadingLevel;
};

/** The keys of the sections' data in the home page's data. */
export type SectionDataKey = Exclude<keyof Home, 'sections'>;

/** How a registered section renders: with its data from `home`, nothing when that is absent (the page does not list it). */
export type RenderSection = (
  home: Partial<Pick<Home, SectionDataKey>>,
  layout: Layout,
  headingAs?: HeadingLevel,
) => ReactNode;

/** A home section's component, registered by its kind (its name in home.toml's `sections`): an entry of a `Map`. */
export type RegisteredSection = readonly [kind: HomeSection, render: RenderSection];

/**
 * Registers `Component` as the section `kind`: a section's file exports the result as
 * `homeSection`, and the folder it lies in (`first-screen/`, `below-the-fold/`) says
 * which chunk of the home page holds it. A kind of several words names its data's
 * key too (`'services_slider'`, `'servicesSlider'`: sitegen writes camelCase keys;
 * type-checked, and spelled out so that no conversion weighs on the home page's JS).
 */
export function defineHomeSection<Kind extends HomeSection>(
  kind: Kind,
  Component: (props: HomeSectionProps<Kind>) => ReactNode,
  ...dataKey: Kind extends DataKey<Kind> ? [] : [DataKey<Kind>]
): RegisteredSection {
  const key = (dataKey[0] ?? kind) as SectionDataKey;
  return [
    kind,
    (home, layout, headingAs) => {
      const data = home[key] as HomeSectionProps<Kind>['data'] | undefined;
      return data && <Component data={data} layout={layout} headingAs={headingAs} />;
    },
  ];
}

/**
 * The sections of a folder, by kind: `import.meta.glob` of its files' `homeSection`
 * (importing that export alone leaves the others out of the chunk).
 */
export function sectionsByKind(
  registrations: Record<string, RegisteredSection | undefined>,
): ReadonlyMap<HomeSection, RenderSection> {
  // Checked where the site is prerendered and tested, not in the visitor's browser (its JS budget).
  if (import.meta.env.SSR || !import.meta.env.PROD) checkRegistrations(registrations);
  return new Map(Object.values(registrations) as RegisteredSection[]);
}

function checkRegistrations(registrations: Record<string, RegisteredSection | undefined>) {
  const kinds = new Set<HomeSection>();
  for (const [path, section] of Object.entries(registrations)) {
    if (!section) throw new Error(`${path} exports no homeSection`);
    const [kind] = section;
    if (kinds.has(kind)) throw new Error(`${path}: "${kind}" is registered twice`);
    kinds.add(kind);
  }
}
