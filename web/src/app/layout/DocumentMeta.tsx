import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import type { RouteData } from '../../content/types';

/** Keeps the document's title and description in step with the route on client navigation. */
export function DocumentMeta() {
  const matches = useMatches();
  const leafData = matches.at(-1)?.data as RouteData<unknown> | null | undefined;
  const meta = leafData?.meta;
  useEffect(() => {
    if (!meta) return;
    if (document.title !== meta.title) document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
    document.querySelector('link[rel="canonical"]')?.setAttribute('href', meta.canonical);
  }, [meta]);
  return null;
}
