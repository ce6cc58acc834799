import { Clock, Mail, MapPin, Phone } from '../../components/icons/frame-icons';
import { SocialLinks } from '../../components/icons/SocialLinks';
import type { Layout } from '../../content/types';
import { mailtoHref, telHref } from '../../lib/contact-links';

/** The contact bar above the navigation (large screens only, by CSS). */
export function TopBar({ layout }: { layout: Layout }) {
  const { contact, social } = layout;
  return (
    <div className="top-bar">
      <div className="container top-bar-inner">
        <ul className="top-bar-contact">
          <li>
            <a href={mailtoHref(contact.topBarEmail)}>
              <Mail size={16} aria-hidden="true" />
              {contact.topBarEmail}
            </a>
          </li>
          {contact.topBarPhones.map((phone) => (
            <li key={phone}>
              <a href={telHref(phone)}>
                <Phone size={16} aria-hidden="true" />
                {phone}
              </a>
            </li>
          ))}
          <li>
            <a href={contact.mapsUrl} target="_blank" rel="noopener">
              <MapPin size={16} aria-hidden="true" />
              {contact.locationLabel}
            </a>
          </li>
          <li>
            <span>
              <Clock size={16} aria-hidden="true" />
              {contact.hours}
            </span>
          </li>
        </ul>
        <SocialLinks links={social} className="top-bar-social" iconSize={16} />
      </div>
    </div>
  );
}
