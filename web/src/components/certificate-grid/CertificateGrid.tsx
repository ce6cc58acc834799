import type { Certificate } from '../../content/types';
import { OptionalImage } from '../media-image/MediaImage';
import './certificate-grid.css';

/** Certificate cards: image (placeholder if missing) and title; a click opens the image full-screen. */
export function CertificateGrid({
  items,
  onOpen,
}: {
  items: Certificate[];
  onOpen?: (item: Certificate) => void;
}) {
  return (
    <ul className="card-grid">
      {items.map((item, index) => (
        <li key={item.id}>
          <figure className="card certificate-card">
            {item.image && onOpen ? (
              <button type="button" className="certificate-open" onClick={() => onOpen(item)}>
                <OptionalImage media={item.image} alt={item.title} className="certificate-image" eager={index < 4} />
                <span className="visually-hidden">Open full-screen</span>
              </button>
            ) : (
              <OptionalImage media={item.image} alt={item.title} className="certificate-image" eager={index < 4} />
            )}
            <figcaption>{item.title}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
