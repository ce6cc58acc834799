import { ChevronDown, Mail, MapPin, Phone } from '../../components/icons/frame-icons';
import { useState, type ReactNode } from 'react';
import { SocialLinks } from '../../components/icons/SocialLinks';
import type { Layout } from '../../content/types';
import { useCurrentYear, YEAR_ATTRIBUTE } from '../../lib/use-current-year';
import { mailtoHref, telHref } from '../../lib/contact-links';
import { Link } from '../../components/link/AppLink';

type SectionId = 'quick' | 'legal' | 'contact';

/**
 * The site footer. At the accordion breakpoint and narrower (CSS) each section
 * collapses behind its heading button, one open at a time.
 */
export function SiteFooter({ layout }: { layout: Layout }) {
  const [openSection, setOpenSection] = useState<SectionId | null>(null);
  const year = useCurrentYear();
  const { site, contact, social, navigation } = layout;
  const companySentence = site.name.endsWith('.') ? site.name : `${site.name}.`;

  const section = (id: SectionId, heading: string, content: ReactNode) => {
    const open = openSection === id;
    const panelId = `footer-panel-${id}`;
    return (
      <section className="footer-section" aria-labelledby={`footer-heading-${id}`}>
        <h2 className="footer-heading" id={`footer-heading-${id}`}>
          <span className="footer-heading-text">{heading}</span>
          <button
            type="button"
            className="footer-toggle"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpenSection(open ? null : id)}
          >
            {heading}
            <ChevronDown size={18} aria-hidden="true" />
          </button>
        </h2>
        <div id={panelId} className={`footer-panel${open ? ' is-open' : ''}`}>
          {content}
        </div>
      </section>
    );
  };

  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        {section(
          'quick',
          'Quick Links',
          <ul className="footer-links">
            {navigation.footer.quickLinks.map((link) => (
              <li key={link.label + link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>,
        )}
        {section(
          'legal',
          'Legal',
          <ul className="footer-links">
            {navigation.footer.legalLinks.map((link) => (
              <li key={link.label + link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>,
        )}
        {section(
          'contact',
          'Get in Touch',
          <>
            <address className="footer-contact">
              <p className="footer-contact-line">
                <MapPin size={18} aria-hidden="true" />
                <span>{contact.address}</span>
              </p>
              <ul className="footer-links">
                {contact.emails.map((email) => (
                  <li key={email}>
                    <a href={mailtoHref(email)}>
                      <Mail size={16} aria-hidden="true" />
                      {email}
                    </a>
                  </li>
                ))}
              </ul>
              <ul className="footer-links">
                {contact.phones.map((phone) => (
                  <li key={phone}>
                    <a href={telHref(phone)}>
                      <Phone size={16} aria-hidden="true" />
                      {phone}
                    </a>
                  </li>
                ))}
              </ul>
            </address>
            <SocialLinks links={social} className="footer-social" iconSize={20} />
          </>,
        )}
      </div>
      <div className="footer-bottom">
        <div className="container">
          <p>
            © <span {...{ [YEAR_ATTRIBUTE]: year }}>{year}</span> {companySentence} All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
