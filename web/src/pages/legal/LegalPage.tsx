import { RouteBreadcrumb } from '../../components/breadcrumb/RouteBreadcrumb';
import { NotFoundMessage } from '../../components/not-found/NotFoundMessage';
import { useRouteData } from '../../content/hooks';
import type { Policy } from '../../content/types';
import './legal.css';

/** The legal pages: one policy each (ReturnRefundPolicy and ShippingPolicy get the shipping one). */
export default function LegalPage() {
  const data = useRouteData<Policy>();
  if (!data) return <NotFoundMessage />;
  const policy = data.page;
  return (
    <div className="container legal-page">
      <RouteBreadcrumb />
      <article>
        <h1>{policy.title}</h1>
        {policy.updated && <p className="legal-updated">{`Last updated: ${policy.updated}`}</p>}
        {policy.intro.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
        {policy.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
            {section.bullets.length > 0 && (
              <ul>
                {section.bullets.map((bullet, index) => (
                  <li key={index}>{bullet}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </article>
    </div>
  );
}
