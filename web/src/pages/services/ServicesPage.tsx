import { RouteBreadcrumb } from '../../components/breadcrumb/RouteBreadcrumb';
import { OptionalImage } from '../../components/media-image/MediaImage';
import { NotFoundMessage } from '../../components/not-found/NotFoundMessage';
import { useRouteData } from '../../content/hooks';
import type { ServicesPageData } from '../../content/types';
import { servicePath } from '../../lib/paths';
import './services.css';
import { DraftBadge } from '../../components/draft-badge/DraftBadge';
import { Link } from '../../components/link/AppLink';

/** `/services`: every service catalogue entry. */
export default function ServicesPage() {
  const data = useRouteData<ServicesPageData>();
  if (!data) return <NotFoundMessage />;
  return (
    <div className="container services-page">
      <RouteBreadcrumb />
      <h1>Our Services</h1>
      <ul className="card-grid">
        {data.page.services.map((service, index) => (
          <li key={service.id}>
            <article className="card">
              <OptionalImage media={service.image} alt="" className="card-image" eager={index < 3} />
              <div className="card-body">
                <h2 className="service-card-title">
                  <Link to={servicePath(service.id)} state={{ serviceType: service.title }}>
                    {service.title}
                  </Link>
                  <DraftBadge draft={service.draft} />
                </h2>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
