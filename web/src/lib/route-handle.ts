import { useMatches } from 'react-router-dom';

/** Which home-page block a block route shows alone. */
export type HomeBlock =
  | 'hero'
  | 'map'
  | 'services'
  | 'partners'
  | 'stats'
  | 'achievements'
  | 'testimonials'
  | 'showcase';

/** What a route declares in its `handle`. */
export type ScreenHandle = {
  /** The screen's module as a Vite manifest key (source path relative to web/). */
  module: string;
  /** For the block routes: which block the page shows alone. */
  block?: HomeBlock;
  /** The frame leaves out its footer (the `/footer` block route shows it instead). */
  hideFrameFooter?: boolean;
};

/** The handle of the deepest matched route (the current screen). */
export function useScreenHandle(): ScreenHandle | undefined {
  return useMatches().at(-1)?.handle as ScreenHandle | undefined;
}
