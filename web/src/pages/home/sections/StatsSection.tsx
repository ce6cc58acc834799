import type { Home, StatItem } from '../../../content/types';
import { SectionHeading, type HeadingLevel } from './Heading';

/** A statistic as the counter ends: the target with its decimals, prefix and suffix. */
export function formatStat(item: StatItem): string {
  return `${item.prefix}${item.value.toFixed(item.decimals)}${item.suffix}`;
}

export function StatCounters({ items }: { items: StatItem[] }) {
  return (
    <ul className="stats-list">
      {items.map((item) => (
        <li key={item.label} className="stat">
          <span className="stat-value">{formatStat(item)}</span>
          <span className="stat-label">{item.label}</span>
        </li>
      ))}
    </ul>
  );
}

/** The statistics band (final values; the count-up animation is a later issue). */
export function StatsSection({ stats, headingAs }: { stats: Home['stats']; headingAs?: HeadingLevel }) {
  return (
    <section className="section stats-band">
      <div className="container">
        <SectionHeading as={headingAs}>{stats.heading}</SectionHeading>
        <StatCounters items={stats.items} />
      </div>
    </section>
  );
}
