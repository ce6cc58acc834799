import { Award } from 'lucide-react';
import { SectionHeading, type HeadingLevel } from './Heading';

/** The company's claims (site facts: years, hospitals, doctors, growth, certification). */
export function AchievementsSection({ claims, headingAs }: { claims: string[]; headingAs?: HeadingLevel }) {
  return (
    <section className="section achievements">
      <div className="container">
        <SectionHeading as={headingAs}>Our Achievements</SectionHeading>
        <ul className="achievement-list">
          {claims.map((claim) => (
            <li key={claim}>
              <Award size={28} aria-hidden="true" />
              <span>{claim}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
