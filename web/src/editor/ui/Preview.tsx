import { useEffect, useRef, useState } from 'react';

type PreviewProps = {
  /** The page to show (a route of the site), or null when there is none yet. */
  route: string | null;
  /** Finds the entry a framed page belongs to, for the "Edit this page" button. */
  entryOf: (path: string) => string | null;
  onEditPage: (path: string) => void;
};

/**
 * The real page, as sitegen serve built it, in a frame beside the form. serve's live
 * reload refreshes it once a save has been rebuilt. When the visitor follows a link in
 * it to another entry's page, "Edit this page" opens that entry.
 */
export function Preview({ route, entryOf, onEditPage }: PreviewProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [framed, setFramed] = useState<string | null>(null);
  // The site moves between its pages without loading a document (client-side routes), so
  // no load event tells: the frame's address is read twice a second.
  useEffect(() => {
    const read = () => {
      try {
        setFramed(frameRef.current?.contentWindow?.location.pathname ?? null);
      } catch {
        setFramed(null);
      }
    };
    const timer = setInterval(read, 500);
    return () => clearInterval(timer);
  }, []);
  if (route === null) {
    return (
      <section className="preview" aria-label="Preview">
        <p className="preview-none">This has no page of its own yet: save it to see it.</p>
      </section>
    );
  }
  const other = framed !== null && framed !== route ? framed : null;
  const otherEntry = other === null ? null : entryOf(other);
  return (
    <section className="preview" aria-label="Preview">
      <div className="preview-bar">
        <a href={route} target="_blank" rel="noreferrer">
          Open {route} in a new tab
        </a>
        {otherEntry !== null && other !== null && (
          <button type="button" className="button button-small" onClick={() => onEditPage(other)}>
            Edit this page ({otherEntry})
          </button>
        )}
      </div>
      <iframe
        ref={frameRef}
        key={route}
        src={route}
        title={`Preview of ${route}`}
      />
    </section>
  );
}
