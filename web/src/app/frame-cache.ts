// Renders a page as its frame (kept per navigation state) around its screen (rendered
// per page): the prerender's largest saving, as the frame is most of a page's markup.
// The page is the same string as a whole render; the first page of each frame is
// rendered whole as well and compared, and a frame that does not give the same page
// is rendered whole from then on. A page goes back to sitegen as its screen and the
// id of its frame, whose markup goes with the first page that uses it: sitegen puts
// them together, and a frame crosses the pipe, the JSON coders and the build cache once
// instead of with every page (docs/data-contract.md §5).
import {
  FRAME_START,
  frameKey,
  SCREEN_SLOT,
  WHOLE_PAGE,
  type FrameDependencies,
  type FrameParts,
  type FrameState,
} from '../lib/frame-parts';
import type { FrameMarkup, PageMarkup } from './prerender-protocol.gen';

/** Renders the page with the given parts; `dependencies` collects the frame's. */
export type RenderParts = (parts: FrameParts, dependencies: FrameDependencies | null) => string;

const FRAME: FrameParts = { frame: true, screen: false };
const SCREEN: FrameParts = { frame: false, screen: true };
const NEITHER: FrameParts = { frame: false, screen: false };

/**
 * A frame: its id and markup, and the screen's own wrapper (the `<main>`), which the
 * screen's markup repeats.
 */
type Frame = FrameMarkup & { id: number; wrapperBefore: string; wrapperAfter: string; sent: boolean };

/** `text` split around its one `marker`; `null` if it holds none or several. */
function around(text: string, marker: string): [string, string] | null {
  const at = text.indexOf(marker);
  if (at < 0 || text.indexOf(marker, at + 1) >= 0) return null;
  return [text.slice(0, at), text.slice(at + marker.length)];
}

/** `screenMarkup` as the resources it hoists and the screen inside its wrapper; `null` if not wrapped. */
function screenIn(frame: Frame, screenMarkup: string): { hoisted: string; screen: string } | null {
  const { wrapperBefore, wrapperAfter } = frame;
  const start = screenMarkup.indexOf(wrapperBefore);
  if (start < 0 || !screenMarkup.endsWith(wrapperAfter)) return null;
  return {
    hoisted: screenMarkup.slice(0, start),
    screen: screenMarkup.slice(start + wrapperBefore.length, screenMarkup.length - wrapperAfter.length),
  };
}

/** The frame in `frameMarkup`, if it hoists nothing and has one screen slot. */
function frameOf(id: number, frameMarkup: string, wrapperMarkup: string): Frame | null {
  if (!frameMarkup.startsWith(FRAME_START)) return null;
  const outside = around(frameMarkup.slice(FRAME_START.length), SCREEN_SLOT);
  const wrapper = around(wrapperMarkup, SCREEN_SLOT);
  if (!outside || !wrapper) return null;
  const [before, after] = outside;
  const [wrapperBefore, wrapperAfter] = wrapper;
  return { id, before, after, wrapperBefore, wrapperAfter, sent: false };
}

/** The page's HTML, given the markup of the frames by id (what sitegen does). */
export function pageHtml(page: PageMarkup, frames: ReadonlyMap<number, FrameMarkup>): string {
  if ('html' in page) return page.html;
  const frame = page.frameMarkup ?? frames.get(page.frame);
  if (!frame) throw new Error(`frame ${page.frame} was never sent`);
  return assembled(frame, page);
}

/** A framed page's HTML: its hoisted resources, then its screen in the frame. */
function assembled(frame: FrameMarkup, parts: { hoisted: string; screen: string }): string {
  return parts.hoisted + frame.before + parts.screen + frame.after;
}

export class FrameCache {
  private frames = new Map<string, Frame | 'whole'>();
  private dependencies: FrameDependencies = new Map();
  private layout: unknown;
  /** Never reused: a new layout's frames get new ids. */
  private nextId = 0;
  /** How many pages were rendered whole, how many frames and screens apart. */
  readonly counts = { whole: 0, frames: 0, screens: 0 };

  /** The page at `state`, for `layout` (a new layout forgets the frames). */
  render(layout: unknown, state: FrameState, renderParts: RenderParts): PageMarkup {
    if (layout !== this.layout) {
      this.frames.clear();
      this.dependencies.clear();
      this.layout = layout;
    }
    const frame = this.frames.get(frameKey(this.dependencies, state));
    if (frame === 'whole') return { html: this.renderWhole(renderParts) };
    if (frame) {
      this.counts.screens++;
      const parts = screenIn(frame, renderParts(SCREEN, null));
      if (!parts) return { html: this.renderWhole(renderParts) };
      const page = framed(frame, parts);
      frame.sent = true;
      return page;
    }
    return this.addFrame(state, renderParts);
  }

  private renderWhole(renderParts: RenderParts): string {
    this.counts.whole++;
    return renderParts(WHOLE_PAGE, null);
  }

  /** Renders the frame at `state` and the page whole; keeps the frame if it gives that page. */
  private addFrame(state: FrameState, renderParts: RenderParts): PageMarkup {
    const declared = this.dependencies.size;
    const frameMarkup = renderParts(FRAME, this.dependencies);
    this.counts.frames++;
    // The frames kept so far were keyed without the dependencies declared just now.
    if (this.dependencies.size !== declared) this.frames.clear();
    const page = this.renderWhole(renderParts);
    const frame = frameOf(this.nextId++, frameMarkup, renderParts(NEITHER, null));
    const parts = frame && screenIn(frame, renderParts(SCREEN, null));
    const usable = frame !== null && parts !== null && assembled(frame, parts) === page;
    if (!usable) {
      console.error(
        `prerender: the frame of ${state.pathname} cannot be rendered apart from its screen ` +
          '(does it hoist a resource, or read the location without useFrameDependency?): its pages are rendered whole',
      );
    }
    this.frames.set(frameKey(this.dependencies, state), usable ? frame : 'whole');
    return { html: page };
  }
}

/** A page in `frame`, with the frame's markup unless it was sent already. */
function framed(frame: Frame, parts: { hoisted: string; screen: string }): PageMarkup {
  if (frame.sent) return { frame: frame.id, ...parts };
  return { frame: frame.id, frameMarkup: { before: frame.before, after: frame.after }, ...parts };
}
