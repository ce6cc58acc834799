import type { HomePageData, HomeSection, Layout } from '../../../content/types';
import { sectionsByKind, type RegisteredSection } from './home-section';

/** The sections the home page renders with its own code (the first screen): a file each in `first-screen/`. */
export const FIRST_SCREEN_SECTIONS = sectionsByKind(
  import.meta.glob<RegisteredSection>('./*.tsx', { base: './first-screen', eager: true, import: 'homeSection' }),
);

/** One first-screen section of the home page, if its data is there. */
export function FirstScreenSection({ section, home, layout }: { section: HomeSection; home: HomePageData; layout: Layout }) {
  return FIRST_SCREEN_SECTIONS.get(section)?.(home, layout);
}

export type BelowTheFoldProps = { sections: HomeSection[]; home: HomePageData; layout: Layout };
