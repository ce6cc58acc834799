import { Check } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import { RouteBreadcrumb } from '../../components/breadcrumb/RouteBreadcrumb';
import { OptionalImage } from '../../components/media-image/MediaImage';
import { useRouteData } from '../../content/hooks';
import type { Media, ServiceEntry } from '../../content/types';
import { splitInTwo } from '../../lib/split-in-two';
import { useHydrated } from '../../lib/use-hydrated';
import { galleryImages, splitFirstWord } from './service-detail';
import './services.css';
import { DraftBadge } from '../../components/draft-badge/DraftBadge';

/** The serviceType a menu entry passes in the navigation state. */
function serviceTypeFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { serviceType } = state as Record<string, unknown>;
  return typeof serviceType === 'string' ? serviceType : undefined;
}

/** `/services/{serviceId}`: one service catalogue entry. */
export default function ServiceDetailPage() {
  const data = useRouteData<ServiceEntry>();
  const location = useLocation();
  const hydrated = useHydrated();
  const serviceType = hydrated ? serviceTypeFromState(location.state) : undefined;
  const service = data?.page;

  // While the service is not found, the trail names what the visitor asked for.
  const notFoundCrumbs = [
    { label: 'Home', to: '/' },
    { label: 'Services', to: '/services' },
    ...((service?.title ?? serviceType) ? [{ label: (service?.title ?? serviceType) as string }] : []),
  ];

  if (!service) {
    return (
      <div className="container service-detail">
        <RouteBreadcrumb fallback={notFoundCrumbs} />
        <div className="service-missing" role="status">
          <h1>Service information not found</h1>
          <p>
            The requested service details are not available. Please select a different service or contact us for
            more information.
          </p>
        </div>
      </div>
    );
  }

  const [firstWord, rest] = splitFirstWord(service.title);
  const [firstColumn, secondColumn] = splitInTwo(service.servicesList);
  return (
    <div className="container service-detail">
      <RouteBreadcrumb />
      <h1 className="service-heading">
        <span className="highlight">{firstWord}</span>
        {rest && ` ${rest}`}
        <DraftBadge draft={service.draft} />
      </h1>
      <div className="service-intro">
        <OptionalImage media={service.image} alt={service.title} className="service-image" eager />
        <p>{service.description}</p>
      </div>
      <div className="service-list">
        {[firstColumn, secondColumn].map((column, index) => (
          <ul key={index}>
            {column.map((item, itemIndex) => (
              <li key={itemIndex}>
                <Check size={18} aria-hidden="true" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        ))}
      </div>
      <section className="section" aria-labelledby="service-gallery">
        <h2 id="service-gallery">Gallery</h2>
        <ul className="gallery-grid">
          {galleryImages<Media>(service).map((image, index) => (
            <li key={index}>
              <OptionalImage media={image} alt={`${service.title}, gallery image ${index + 1}`} className="gallery-image" />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
