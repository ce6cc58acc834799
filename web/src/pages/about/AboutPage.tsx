import { Check } from 'lucide-react';
import { RouteBreadcrumb } from '../../components/breadcrumb/RouteBreadcrumb';
import { NotFoundMessage } from '../../components/not-found/NotFoundMessage';
import { useRouteData } from '../../content/hooks';
import type { About, AboutSection } from '../../content/types';
import { LeaderCarousel } from './LeaderCarousel';
import { MissionVisionCard } from './MissionVisionCard';
import './about.css';

function TextSection({ section, className }: { section: AboutSection; className?: string }) {
  return (
    <section className={['section about-section', className].filter(Boolean).join(' ')}>
      <h2>{section.heading}</h2>
      {section.paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
      {section.points.length > 0 && <CheckList items={section.points} />}
    </section>
  );
}

function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="check-list">
      {items.map((item, index) => (
        <li key={index}>
          <Check size={18} aria-hidden="true" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** `/aboutUs`: the company profile, its sections in the spec's order. */
export default function AboutPage() {
  const data = useRouteData<About>();
  if (!data) return <NotFoundMessage />;
  const about = data.page;
  return (
    <div className="about-page">
      <div className="page-header">
        <div className="container">
          <RouteBreadcrumb />
          <h1>Company Profile</h1>
        </div>
      </div>
      <div className="container">
        <TextSection section={about.whoWeAre} />
        <TextSection section={about.whyWorkWithUs} />
        <MissionVisionCard mission={about.mission} vision={about.vision} />
        <LeaderCarousel leaders={about.leaders} />
        <TextSection section={about.usp} />
        <section className="section about-boxes">
          {[about.servicesBox, about.specializationBox].map((box) => (
            <div key={box.heading} className="about-box">
              <h2>{box.heading}</h2>
              <CheckList items={box.items} />
            </div>
          ))}
        </section>
      </div>
    </div>
  );
}
