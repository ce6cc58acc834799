import type { SocialKind } from '../../content/types';
import { Mail, MessageCircle } from './frame-icons';
import { Glyph, type IconProps } from './glyph';

/**
 * The icon of a social link; decorative: the link carries the accessible name. Brand
 * marks are drawn in the icon set's style (lucide ships no brand icons).
 */
export function SocialIcon({ kind, size = 18 }: IconProps & { kind: SocialKind }) {
  switch (kind) {
    case 'instagram':
      return (
        <Glyph size={size}>
          <rect width="20" height="20" x="2" y="2" rx="5" />
          <path d="M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z" />
          <line x1="17.5" x2="17.51" y1="6.5" y2="6.5" />
        </Glyph>
      );
    case 'facebook':
      return (
        <Glyph size={size}>
          <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
        </Glyph>
      );
    case 'twitter':
      return (
        <Glyph size={size}>
          <path d="M22 4s-.7 2.1-2 3.4c1.6 10-9.4 17.3-18 11.6 2.2.1 4.4-.6 6-2C3 15.5.5 9.6 3 5c2.2 2.6 5.6 4.1 9 4-.9-4.2 4-6.6 7-3.8 1.1 0 3-1.2 3-1.2z" />
        </Glyph>
      );
    case 'linkedin':
      return (
        <Glyph size={size}>
          <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-2-2 2 2 0 0 0-2 2v7h-4v-7a6 6 0 0 1 6-6z" />
          <rect width="4" height="12" x="2" y="9" />
          <circle cx="4" cy="4" r="2" />
        </Glyph>
      );
    case 'email':
      return <Mail size={size} />;
    case 'whatsapp':
      return <MessageCircle size={size} />;
  }
}
