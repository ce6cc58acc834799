import type { HomePageData, HomeSection, Layout } from '../../../content/types';
import { HeroSection } from './HeroSection';
import { PartnersSection } from './PartnersSection';
import { StatsSection } from './StatsSection';

/** The sections the home page renders with its own code: the first screen. */
export const FIRST_SCREEN_SECTIONS: ReadonlySet<HomeSection> = new Set(['hero', 'stats', 'partners']);

/** One first-screen section of the home page, if its data is there. */
export function FirstScreenSection({ section, home }: { section: HomeSection; home: HomePageData }) {
  switch (section) {
    case 'hero':
      return home.hero ? <HeroSection hero={home.hero} /> : null;
    case 'stats':
      return home.stats ? <StatsSection stats={home.stats} /> : null;
    case 'partners':
      return home.partners ? <PartnersSection partners={home.partners} /> : null;
    default:
      return null;
  }
}

export type BelowTheFoldProps = { sections: HomeSection[]; home: HomePageData; contact: Layout['contact'] };
