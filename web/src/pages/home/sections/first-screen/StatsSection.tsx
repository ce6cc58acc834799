import { useEffect, useRef, useState, type RefObject } from 'react';
import { COUNTER_DURATION_MS } from '../../../../config/timing';
import type { StatItem } from '../../../../content/types';
import { countUpValue } from '../../../../lib/ease';
import { usePrefersReducedMotion } from '../../../../lib/use-reduced-motion';
import { SectionHeading } from '../Heading';
import { defineHomeSection, type HomeSectionProps } from '../home-section';

/** A statistic as a counter shows it: the value with the target's decimals, prefix and suffix. */
export function formatStat(item: StatItem, value: number = item.value): string {
  return `${item.prefix}${value.toFixed(item.decimals)}${item.suffix}`;
}

/**
 * How far the count-up is (0…1, 1 = the final values). The prerendered page and the
 * hydrating render show the final values; on the client the counters drop to 0 while
 * out of view and count up, once, when they first scroll into view.
 */
function useCountUpProgress(list: RefObject<HTMLElement | null>): number {
  const reducedMotion = usePrefersReducedMotion();
  const [elapsed, setElapsed] = useState(COUNTER_DURATION_MS);
  useEffect(() => {
    const element = list.current;
    if (reducedMotion || !element || typeof IntersectionObserver === 'undefined') return;
    let frame = 0;
    let start: number | null = null;
    const tick = (now: number) => {
      start ??= now;
      const done = now - start >= COUNTER_DURATION_MS;
      setElapsed(done ? COUNTER_DURATION_MS : now - start);
      if (!done) frame = requestAnimationFrame(tick);
    };
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting) {
        observer.disconnect();
        frame = requestAnimationFrame(tick);
      } else {
        setElapsed(0);
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [list, reducedMotion]);
  return elapsed;
}

export function StatCounters({ items }: { items: StatItem[] }) {
  const list = useRef<HTMLUListElement>(null);
  const elapsed = useCountUpProgress(list);
  return (
    <ul className="stats-list" ref={list}>
      {items.map((item) => (
        <li key={item.label} className="stat">
          <span className="stat-value">
            {formatStat(item, countUpValue(item.value, item.decimals, elapsed, COUNTER_DURATION_MS))}
          </span>
          <span className="stat-label">{item.label}</span>
        </li>
      ))}
    </ul>
  );
}

/** The statistics band: three counters counting up when first scrolled into view. */
export function StatsSection({ data: stats, headingAs }: HomeSectionProps<'stats'>) {
  return (
    <section className="section stats-band">
      <div className="container">
        <SectionHeading as={headingAs}>{stats.heading}</SectionHeading>
        <StatCounters items={stats.items} />
      </div>
    </section>
  );
}

/** home.toml's `stats` section. */
export const homeSection = defineHomeSection('stats', StatsSection);
