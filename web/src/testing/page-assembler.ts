import { pageHtml } from '../app/frame-cache';
import type { FrameMarkup, PageMarkup } from '../app/prerender-protocol.gen';

/**
 * Puts a prerender worker's pages together as sitegen does: keeps the markup of each
 * frame as it comes with its first page, and sets later screens in it.
 */
export function pageAssembler(): (page: PageMarkup) => string {
  const frames = new Map<number, FrameMarkup>();
  return (page) => {
    if ('frameMarkup' in page && page.frameMarkup) frames.set(page.frame, page.frameMarkup);
    return pageHtml(page, frames);
  };
}
