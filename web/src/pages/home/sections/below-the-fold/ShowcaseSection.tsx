import { Pause, Play } from '../../../../components/icons/frame-icons';
import { SHOWCASE_CARD_IMAGE } from '../../../../config/image-sizes';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import '../../../../components/carousel/carousel.css';
import { MediaImage } from '../../../../components/media-image/MediaImage';
import { SHOWCASE_FADE_MS, SHOWCASE_INTERVAL_MS, SHOWCASE_MANUAL_SWITCH_MS } from '../../../../config/timing';
import { usePageVisible } from '../../../../lib/use-page-visible';
import { usePrefersReducedMotion } from '../../../../lib/use-reduced-motion';
import { CardHeading, SectionHeading } from '../Heading';
import { defineHomeSection, type HomeSectionProps } from '../home-section';

/**
 * The showcase's view: the tab shown, and the tab it is fading towards (spec §4: an
 * automatic switch fades out, switches and fades in; a manual choice fades out, then
 * switches after SHOWCASE_MANUAL_SWITCH_MS).
 */
type ShowcaseView = { active: number; next: number | null; manual: boolean };

/** The tabbed product showcase: a tab every 4 s; a chosen tab shows after the spec's 6 s fade. */
export function ShowcaseSection({ data: showcase, headingAs }: HomeSectionProps<'showcase'>) {
  const id = useId();
  const tabCount = showcase.tabs.length;
  const [view, setView] = useState<ShowcaseView>({ active: 0, next: null, manual: false });
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const reducedMotion = usePrefersReducedMotion();
  const visible = usePageVisible();
  const autoAdvance = !reducedMotion && visible && !paused && !held && tabCount > 1;

  // Automatic advance: wait, then fade out towards the next tab.
  useEffect(() => {
    if (!autoAdvance || view.next !== null) return;
    const timer = window.setTimeout(
      () => setView((current) => ({ ...current, next: (current.active + 1) % tabCount, manual: false })),
      SHOWCASE_INTERVAL_MS - SHOWCASE_FADE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [autoAdvance, view, tabCount]);

  // An automatic fade holds while the advance is held (hover, focus, pause, hidden tab).
  const pending = view.manual || autoAdvance ? view.next : null;

  // Once faded out (after the fade, or the manual delay), show the next tab.
  useEffect(() => {
    if (pending === null) return;
    const timer = window.setTimeout(
      () => setView((current) => ({ active: current.next ?? current.active, next: null, manual: false })),
      view.manual ? SHOWCASE_MANUAL_SWITCH_MS : SHOWCASE_FADE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [pending, view.manual]);

  // Holding (hover, focus) drops an automatic fade under way: the interval starts afresh after.
  const hold = () => {
    setHeld(true);
    setView((current) => (current.manual ? current : { ...current, next: null }));
  };

  const choose = (index: number) => {
    if (index === view.active && view.next === null) return;
    setView((current) => ({ ...current, next: index, manual: true }));
  };

  // Arrow keys, Home and End move the focus along the tabs; Enter or Space chooses one.
  const onTabKeyDown = (event: KeyboardEvent) => {
    const focusIndex = tabs.current.indexOf(event.target as HTMLButtonElement);
    if (focusIndex < 0) return;
    const moves: Record<string, number> = {
      ArrowRight: focusIndex + 1,
      ArrowLeft: focusIndex - 1,
      Home: 0,
      End: tabCount - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const index = (target + tabCount) % tabCount;
    tabs.current[index]?.focus();
  };

  const active = showcase.tabs[view.active];
  const chosen = pending ?? view.active;
  return (
    <section
      className="section showcase"
      aria-labelledby={`${id}-heading`}
      onMouseEnter={hold}
      onMouseLeave={() => setHeld(false)}
      onFocus={hold}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className="container">
        <SectionHeading as={headingAs} id={`${id}-heading`}>
          {showcase.heading}
        </SectionHeading>
        <div className="showcase-tabs" role="tablist" aria-label={showcase.heading} onKeyDown={onTabKeyDown}>
          {showcase.tabs.map((tab, index) => (
            <button
              key={tab.label}
              ref={(node) => {
                tabs.current[index] = node;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${index}`}
              aria-selected={index === view.active}
              aria-controls={`${id}-panel`}
              tabIndex={index === view.active ? 0 : -1}
              className={`showcase-tab${index === chosen && pending !== null ? ' is-pending' : ''}`}
              onClick={() => choose(index)}
            >
              {tab.label}
            </button>
          ))}
        </div>
        {active && (
          <div
            id={`${id}-panel`}
            role="tabpanel"
            aria-labelledby={`${id}-tab-${view.active}`}
            className={`showcase-panel${pending !== null ? ' is-fading' : ''}`}
            aria-busy={pending !== null}
          >
            <ul className="card-grid showcase-cards">
              {active.cards.map((card) => (
                <li key={card.title}>
                  <article className="card">
                    <MediaImage {...SHOWCASE_CARD_IMAGE} media={card.image} alt={card.title} className="card-image" />
                    <div className="card-body">
                      <CardHeading sectionLevel={headingAs}>{card.title}</CardHeading>
                      <p>{card.description}</p>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="showcase-footer">
          <div className="carousel-dots showcase-dots">
            {showcase.tabs.map((tab, index) => (
              <button
                key={tab.label}
                type="button"
                className="carousel-dot"
                aria-current={index === view.active ? 'true' : undefined}
                onClick={() => choose(index)}
              >
                <span className="visually-hidden">Show {tab.label}</span>
              </button>
            ))}
          </div>
          <button type="button" className="carousel-button carousel-play" onClick={() => setPaused((value) => !value)}>
            {paused ? <Play size={18} aria-hidden="true" /> : <Pause size={18} aria-hidden="true" />}
            <span className="visually-hidden">{paused ? 'Play' : 'Pause'} the showcase</span>
          </button>
        </div>
      </div>
    </section>
  );
}

/** home.toml's `showcase` section. */
export const homeSection = defineHomeSection('showcase', ShowcaseSection);
