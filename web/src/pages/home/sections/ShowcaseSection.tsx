import { useId, useState } from 'react';
import { MediaImage } from '../../../components/media-image/MediaImage';
import type { Home } from '../../../content/types';
import { SectionHeading, type HeadingLevel } from './Heading';

/** The tabbed product showcase (first tab shown; auto-advance is a later issue). */
export function ShowcaseSection({ showcase, headingAs }: { showcase: Home['showcase']; headingAs?: HeadingLevel }) {
  const [activeIndex, setActiveIndex] = useState(0);
  const id = useId();
  const active = showcase.tabs[activeIndex];
  return (
    <section className="section showcase">
      <div className="container">
        <SectionHeading as={headingAs}>{showcase.heading}</SectionHeading>
        <div className="showcase-tabs" role="tablist" aria-label={showcase.heading}>
          {showcase.tabs.map((tab, index) => (
            <button
              key={tab.label}
              type="button"
              role="tab"
              id={`${id}-tab-${index}`}
              aria-selected={index === activeIndex}
              aria-controls={`${id}-panel`}
              tabIndex={index === activeIndex ? 0 : -1}
              className="showcase-tab"
              onClick={() => setActiveIndex(index)}
            >
              {tab.label}
            </button>
          ))}
        </div>
        {active && (
          <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${activeIndex}`}>
            <ul className="card-grid showcase-cards">
              {active.cards.map((card) => (
                <li key={card.title}>
                  <article className="card">
                    <MediaImage media={card.image} alt={card.title} className="card-image" />
                    <div className="card-body">
                      <h3>{card.title}</h3>
                      <p>{card.description}</p>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
