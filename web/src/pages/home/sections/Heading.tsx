import type { ReactNode } from 'react';

export type HeadingLevel = 'h1' | 'h2';

/** A section heading at the level the page gives it (h1 when the block stands alone). */
export function SectionHeading({
  as: Tag = 'h2',
  id,
  children,
}: {
  as?: HeadingLevel;
  id?: string;
  children: ReactNode;
}) {
  return (
    <Tag className="section-heading" id={id}>
      {children}
    </Tag>
  );
}

/** The heading of a card inside a section: one level below the section's heading. */
export function CardHeading({ sectionLevel = 'h2', children }: { sectionLevel?: HeadingLevel; children: ReactNode }) {
  const Tag = sectionLevel === 'h1' ? 'h2' : 'h3';
  return <Tag className="card-heading">{children}</Tag>;
}
