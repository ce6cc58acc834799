import './draft-badge.css';

/**
 * Marks an entry that is still a draft (`draft = true`): shown only in previews
 * (`sitegen serve`, `sitegen build --drafts`), whose data carries the flag. Visible
 * text, so screen readers announce it with the title it sits beside.
 */
export function DraftBadge({ draft }: { draft?: boolean }) {
  if (!draft) return null;
  return <span className="draft-badge">Draft</span>;
}
