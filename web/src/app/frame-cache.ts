// Renders a page as its frame (kept per navigation state) around its screen (rendered
// per page): the prerender's largest saving, as the frame is most of a page's markup.
// The page is the same string as a whole render; the first page of each frame is
// rendered whole as well and compared, and a frame that does not give the same page
// is rendered whole from then on.
import {
  FRAME_START,
  frameKey,
  SCREEN_SLOT,
  WHOLE_PAGE,
  type FrameDependencies,
  type FrameParts,
  type FrameState,
} from '../lib/frame-parts';

/** Renders the page with the given parts; `dependencies` collects the frame's. */
export type RenderParts = (parts: FrameParts, dependencies: FrameDependencies | null) => string;

const FRAME: FrameParts = { frame: true, screen: false };
const SCREEN: FrameParts = { frame: false, screen: true };
const NEITHER: FrameParts = { frame: false, screen: false };

/**
 * A frame's markup before and after the screen's place, and the screen's own wrapper
 * (the `<main>`), which the screen's markup repeats.
 */
type Frame = { before: string; after: string; wrapperBefore: string; wrapperAfter: string };

/** `text` split around its one `marker`; `null` if it holds none or several. */
function around(text: string, marker: string): [string, string] | null {
  const at = text.indexOf(marker);
  if (at < 0 || text.indexOf(marker, at + 1) >= 0) return null;
  return [text.slice(0, at), text.slice(at + marker.length)];
}

/**
 * The page: `screenMarkup` (the resources it hoists, then its wrapper) put in `frame`;
 * `null` if the markup is not in the wrapper.
 */
function framed(frame: Frame, screenMarkup: string): string | null {
  const { before, after, wrapperBefore, wrapperAfter } = frame;
  const start = screenMarkup.indexOf(wrapperBefore);
  if (start < 0 || !screenMarkup.endsWith(wrapperAfter)) return null;
  const hoisted = screenMarkup.slice(0, start);
  const screen = screenMarkup.slice(start + wrapperBefore.length, screenMarkup.length - wrapperAfter.length);
  return hoisted + before + screen + after;
}

/** The frame in `frameMarkup`, if it hoists nothing and has one screen slot. */
function frameOf(frameMarkup: string, wrapperMarkup: string): Frame | null {
  if (!frameMarkup.startsWith(FRAME_START)) return null;
  const outside = around(frameMarkup.slice(FRAME_START.length), SCREEN_SLOT);
  const wrapper = around(wrapperMarkup, SCREEN_SLOT);
  if (!outside || !wrapper) return null;
  const [before, after] = outside;
  const [wrapperBefore, wrapperAfter] = wrapper;
  return { before, after, wrapperBefore, wrapperAfter };
}

export class FrameCache {
  private frames = new Map<string, Frame | 'whole'>();
  private dependencies: FrameDependencies = new Map();
  private layout: unknown;
  /** How many pages were rendered whole, how many frames and screens apart. */
  readonly counts = { whole: 0, frames: 0, screens: 0 };

  /** The page at `state`, for `layout` (a new layout forgets the frames). */
  render(layout: unknown, state: FrameState, renderParts: RenderParts): string {
    if (layout !== this.layout) {
      this.frames.clear();
      this.dependencies.clear();
      this.layout = layout;
    }
    const frame = this.frames.get(frameKey(this.dependencies, state));
    if (frame === 'whole') return this.renderWhole(renderParts);
    if (frame) {
      this.counts.screens++;
      return framed(frame, renderParts(SCREEN, null)) ?? this.renderWhole(renderParts);
    }
    return this.addFrame(state, renderParts);
  }

  private renderWhole(renderParts: RenderParts): string {
    this.counts.whole++;
    return renderParts(WHOLE_PAGE, null);
  }

  /** Renders the frame at `state` and the page whole; keeps the frame if it gives that page. */
  private addFrame(state: FrameState, renderParts: RenderParts): string {
    const declared = this.dependencies.size;
    const frameMarkup = renderParts(FRAME, this.dependencies);
    this.counts.frames++;
    // The frames kept so far were keyed without the dependencies declared just now.
    if (this.dependencies.size !== declared) this.frames.clear();
    const page = this.renderWhole(renderParts);
    const frame = frameOf(frameMarkup, renderParts(NEITHER, null));
    const usable = frame !== null && framed(frame, renderParts(SCREEN, null)) === page;
    if (!usable) {
      console.error(
        `prerender: the frame of ${state.pathname} cannot be rendered apart from its screen ` +
          '(does it hoist a resource, or read the location without useFrameDependency?): its pages are rendered whole',
      );
    }
    this.frames.set(frameKey(this.dependencies, state), usable ? frame : 'whole');
    return page;
  }
}
