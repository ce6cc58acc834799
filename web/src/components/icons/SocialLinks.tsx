import type { Layout } from '../../content/types';
import { SocialIcon } from './SocialIcon';

type SocialLinksProps = {
  links: Layout['social'];
  className: string;
  iconSize: number;
};

/** The company's social profiles as a list of icon links (top bar and footer). */
export function SocialLinks({ links, className, iconSize }: SocialLinksProps) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.kind + link.url}>
          <a
            href={link.url}
            aria-label={link.label}
            title={link.label}
            // A mailto link opens the mail program, not a tab.
            {...(link.url.startsWith('mailto:') ? {} : { target: '_blank', rel: 'noopener' })}
          >
            <SocialIcon kind={link.kind} size={iconSize} />
          </a>
        </li>
      ))}
    </ul>
  );
}
