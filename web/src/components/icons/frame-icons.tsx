import { Glyph, type IconProps } from './glyph';

// The icons of the site's frame (top bar, navigation, footer, chat button) and of the
// carousels' controls, with lucide's drawings (lucide-react v1, ISC licence). They are
// on every page's first load: drawn here, they spare it lucide-react's icon factory
// (about 1.5 KB gzip of the home page's JavaScript budget). Other screens use lucide-react.

export const Clock = ({ size }: IconProps) => (
  <Glyph size={size}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6v6l4 2" />
  </Glyph>
);

export const Mail = ({ size }: IconProps) => (
  <Glyph size={size}>
    <path d="m22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7" />
    <rect x="2" y="4" width="20" height="16" rx="2" />
  </Glyph>
);

export const MapPin = ({ size }: IconProps) => (
  <Glyph size={size}>
    <path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0" />
    <circle cx="12" cy="10" r="3" />
  </Glyph>
);

export const Phone = ({ size }: IconProps) => (
  <Glyph size={size}>
    <path d="M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384" />
  </Glyph>
);

export const ChevronDown = ({ size }: IconProps) => (
  <Glyph size={size}>
    <path d="m6 9 6 6 6-6" />
  </Glyph>
);

export const Menu = ({ size }: IconProps) => (
  <Glyph size={size}>
    <path d="M4 5h16" />
    <path d="M4 12h16" />
    <path d="M4 19h16" />
  </Glyph>
);

export const X = ({ size }: IconProps) => (
  <Glyph size={size}>
    <path d="M18 6 6 18" />
    <path d="m6 6 12 12" />
  </Glyph>
);

export const MessageCircle = ({ size }: IconProps) => (
  <Glyph size={size}>
    <path d="M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719" />
  </Glyph>
);

export const Pause = ({ size }: IconProps) => (
  <Glyph size={size}>
    <rect x="14" y="3" width="5" height="18" rx="1" />
    <rect x="5" y="3" width="5" height="18" rx="1" />
  </Glyph>
);

export const Play = ({ size }: IconProps) => (
  <Glyph size={size}>
    <path d="M5 5a2 2 0 0 1 3.008-1.728l11.997 6.998a2 2 0 0 1 .003 3.458l-12 7A2 2 0 0 1 5 19z" />
  </Glyph>
);
