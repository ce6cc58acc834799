import { ChevronDown, Mail, MapPin, Phone } from '../../components/icons/frame-icons';
import type { ReactNode } from 'react';
import { SocialLinks } from '../../components/icons/SocialLinks';
import type { Layout } from '../../content/types';
import { useCurrentYear, YEAR_ATTRIBUTE } from '../../lib/use-current-year';
import { mailtoHref, telHref } from '../../lib/contact-links';
import { Link } from '../../components/link/AppLink';
import { OpenFlag } from './open-flag';

type SectionId = 'quick' | 'legal' | 'contact';
const sectionFlagId = (id: SectionId) => `footer-flag-${id}`;

/**
 * The site footer. At the accordion breakpoint and narrower (CSS) each section
 * collapses behind its heading button, one open at a time. The browser does it all,
 * before the footer's code has arrived and without JavaScript: each button toggles its
 * section's flag, an `auto` popover, which the browser closes when another opens or on a
 * tap elsewhere; CSS shows the panel after an open flag (open-flag.tsx).
 */
export function SiteFooter({ layout }: { layout: Layout }) {
  const year = useCurrentYear();
  const { site, contact, social, navigation } = layout;
  const companySentence = site.name.endsWith('.') ? site.name : `${site.name}.`;

  const section = (id: SectionId, heading: string, content: ReactNode) => {
    const panelId = `footer-panel-${id}`;
    return (
      <section className="footer-section" aria-labelledby={`footer-heading-${id}`}>
        <h2 className="footer-heading" id={`footer-heading-${id}`}>
          <span className="footer-heading-text">{heading}</span>
          <button
            type="button"
            className="footer-toggle"
            aria-controls={panelId}
            popoverTarget={sectionFlagId(id)}
          >
            {heading}
            <ChevronDown size={18} aria-hidden="true" />
          </button>
        </h2>
        <OpenFlag id={sectionFlagId(id)} mode="auto" />
        <div id={panelId} className="footer-panel">
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
