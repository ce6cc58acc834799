// The JSON that sitegen hands to the app (docs/data-contract.md §3, §5, §6): every view
// type and the prerender envelopes (PrerenderData, EmbeddedPageData) are generated from
// the Rust structs into contract.gen.ts; this file only re-exports them.
export type * from './contract.gen';
