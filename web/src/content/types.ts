// The JSON that sitegen hands to the app (docs/data-contract.md §3): every view type is
// generated from the Rust view structs into contract.gen.ts; this file only re-exports
// them and adds the prerender protocol's envelopes (§5, §6), which carry no content.
import type { Layout, RouteData } from './contract.gen';

export type * from './contract.gen';

/** A page without data (`/blogs`, `/contact`, the forms, the 404 page). */
export type EmptyPageData = Record<string, never>;

/** What sitegen sends with each prerender request (§5). */
export type PrerenderData = { layout: Layout; route: RouteData<unknown> };

/**
 * What each page embeds (§6). `path` is the decoded route path, `null` on the 404 page
 * (rendered afresh for whatever URL it is served at).
 */
export type EmbeddedPageData = PrerenderData & { path: string | null };
