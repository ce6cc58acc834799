import { Fragment } from 'react';
import type { BelowTheFoldProps } from './HomeSectionView';
import { FirstScreenSection } from './HomeSectionView';
import { sectionsByKind, type RegisteredSection } from './home-section';

/** The sections below the first screen: a file each in `below-the-fold/`, all in this chunk. */
const BELOW_THE_FOLD = sectionsByKind(
  import.meta.glob<RegisteredSection>('./below-the-fold/*.tsx', { eager: true, import: 'homeSection' }),
);

/**
 * The home sections from the first one below the first screen on, in home.toml's
 * order (a first-screen section listed after them renders here too).
 */
export default function BelowTheFold({ sections, home, layout }: BelowTheFoldProps) {
  return (
    <>
      {sections.map((section) => {
        const render = BELOW_THE_FOLD.get(section);
        return render ? (
          <Fragment key={section}>{render(home, layout)}</Fragment>
        ) : (
          <FirstScreenSection key={section} section={section} home={home} layout={layout} />
        );
      })}
    </>
  );
}
