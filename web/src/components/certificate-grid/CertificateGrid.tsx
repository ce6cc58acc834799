import type { Certificate } from '../../content/types';
import { OptionalImage } from '../media-image/MediaImage';
import './certificate-grid.css';
import { DraftBadge } from '../../components/draft-badge/DraftBadge';

/**
 * Certificate cards: image (placeholder if missing) and title; with `onOpen`, a click
 * (or Enter / Space) opens the image full-screen. `emptyText` shows when there are none.
 */
export function CertificateGrid({
  items,
  onOpen,
  emptyText,
}: {
  items: Certificate[];
  onOpen?: (item: Certificate) => void;
  emptyText?: string;
}) {
  if (items.length === 0 && emptyText) return <p className="certificate-empty">{emptyText}</p>;
  return (
    <ul className="card-grid certificate-grid">
      {items.map((item, index) => (
        <li key={item.id}>
          <figure className="card certificate-card">
            {item.image && onOpen ? (
              <button type="button" className="certificate-open" aria-haspopup="dialog" onClick={() => onOpen(item)}>
                <OptionalImage media={item.image} alt={item.title} className="certificate-image" eager={index < 4} />
                <span className="visually-hidden">: open full-screen</span>
              </button>
            ) : (
              // The caption names it: the image adds nothing to read out.
              <OptionalImage media={item.image} alt="" className="certificate-image" eager={index < 4} />
            )}
            <figcaption>
              {item.title}
              <DraftBadge draft={item.draft} />
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
