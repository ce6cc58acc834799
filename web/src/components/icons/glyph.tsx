import type { ReactNode } from 'react';

/** The props of an icon: its size in CSS pixels. Icons are always decorative. */
export type IconProps = { size?: number; 'aria-hidden'?: boolean | 'true' };

/** A 24 × 24 line icon in lucide's style (2 px round strokes, current colour), decorative. */
export function Glyph({ size = 18, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
