import { NotFoundMessage } from '../../components/not-found/NotFoundMessage';
import { useRouteData } from '../../content/hooks';
import type { Timeline } from '../../content/types';
import { BiographyTimeline } from './BiographyTimeline';
import './timeline.css';

/** `/timeline`: the placeholder company timeline and the biography timeline (spec: not business content). */
export default function TimelinePage() {
  const data = useRouteData<Timeline>();
  if (!data) return <NotFoundMessage />;
  const { company, biography } = data.page;
  return (
    <div className="container timeline-page">
      <section className="section" aria-labelledby="company-timeline">
        <h1 id="company-timeline">{company.heading}</h1>
        <ol className="timeline">
          {company.entry.map((entry, index) => (
            <li key={index} className="timeline-entry">
              <p className="timeline-date">{entry.date}</p>
              <h2>{entry.title}</h2>
              <p>{entry.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <BiographyTimeline biography={biography} />
    </div>
  );
}
