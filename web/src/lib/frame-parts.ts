// The prerender renders the frame (top bar, navigation, footer) once per distinct
// navigation state, and per route only the screen (entry-server.tsx). What lets it do
// so: the layout can render its frame alone (the screen's place holds SCREEN_SLOT) or
// its screen alone, in the same tree shape, and every frame component that reads the
// location or the matched routes declares it with useFrameDependency. In the browser
// both are inert: the contexts keep their defaults and the client build drops the
// declarations.
import { createContext, use } from 'react';

/** Which parts of the page the layout renders: both, as in the browser, or one. */
export type FrameParts = { frame: boolean; screen: boolean };

/** The whole page: what the browser renders. */
export const WHOLE_PAGE: FrameParts = { frame: true, screen: true };

export const FramePartsContext = createContext<FrameParts>(WHOLE_PAGE);

/** Rendered in the screen's place when the frame is rendered alone. */
export const SCREEN_SLOT = 'sitegen-screen-slot-7f3a9c';

/**
 * Rendered first when the frame is rendered alone: React puts the resources it hoists
 * (image preloads, …) before it, and a frame that hoists any cannot be set apart, as
 * React orders the frame's and the screen's together.
 */
export const FRAME_START = 'sitegen-frame-start-7f3a9c';

/** What a frame may depend on besides the layout data. */
export type FrameState = { pathname: string; routeIds: readonly string[] };

/**
 * What the frame rendered so far depends on, by a name for each dependency: two pages
 * whose values are all equal get the same frame.
 */
export type FrameDependencies = Map<string, (state: FrameState) => unknown>;

export const FrameDependenciesContext = createContext<FrameDependencies | null>(null);

/** Declares that a frame component's output depends on `derive(state)`. */
export function useFrameDependency(name: string, derive: (state: FrameState) => unknown): void {
  // Only the prerender (and tests, which prerender in the browser's environment too)
  // renders frames apart; the client build drops the rest.
  if (!import.meta.env.SSR && import.meta.env.MODE !== 'test') return;
  // `use`, not useContext: it may be called conditionally, and the client skips it.
  use(FrameDependenciesContext)?.set(name, derive);
}

/** The key of the frame at `state`: the value of every dependency declared so far. */
export function frameKey(dependencies: FrameDependencies, state: FrameState): string {
  return JSON.stringify([...dependencies].map(([name, derive]) => [name, derive(state)]));
}
