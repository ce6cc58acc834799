import { describe, expect, it, vi } from 'vitest';
import { FrameCache, type RenderParts } from '../frame-cache';
import { FRAME_START, SCREEN_SLOT, type FrameParts, type FrameState } from '../../lib/frame-parts';
import { pageAssembler } from '../../testing/page-assembler';

/**
 * A stand-in for React: the frame is a navigation whose active link depends on the
 * path (declared as a dependency, as NavLink does), the screen shows the path; with
 * `hoist`, the frame hoists a preload, as React does for a plain image.
 */
function fakePage(state: FrameState, { hoist = false } = {}): RenderParts & { calls: FrameParts[] } {
  const calls: FrameParts[] = [];
  const renderParts = (parts: FrameParts, dependencies: Map<string, (state: FrameState) => unknown> | null) => {
    calls.push(parts);
    const inProducts = (s: FrameState) => s.pathname.startsWith('/products');
    dependencies?.set('active /products', inProducts);
    const hoisted = parts.frame && hoist ? '<link rel="preload">' : '';
    const start = parts.frame && !parts.screen ? FRAME_START : '';
    const nav = parts.frame ? `<nav>${inProducts(state) ? 'Products*' : 'Products'}</nav>` : '';
    const screen = parts.screen ? `<h1>${state.pathname}</h1>` : SCREEN_SLOT;
    const footer = parts.frame ? '<footer></footer>' : '';
    return `${hoisted}${start}${nav}<main>${screen}</main>${footer}`;
  };
  return Object.assign(renderParts, { calls });
}

const at = (pathname: string): FrameState => ({ pathname, routeIds: ['root'] });

describe('FrameCache', () => {
  it('renders each navigation state’s frame once and every page as a whole render would', () => {
    const frames = new FrameCache();
    const assemble = pageAssembler();
    const layout = {};
    const paths = ['/products/a', '/products/b', '/about', '/products/c', '/contact'];
    for (const path of paths) {
      const whole = fakePage(at(path))({ frame: true, screen: true }, null);
      expect(assemble(frames.render(layout, at(path), fakePage(at(path))))).toBe(whole);
    }
    // Two states: in /products and outside it.
    expect(frames.counts).toEqual({ frames: 2, whole: 2, screens: 3 });
  });

  it('renders only the screen once the frame is known', () => {
    const frames = new FrameCache();
    frames.render('layout', at('/products/a'), fakePage(at('/products/a')));
    const second = fakePage(at('/products/b'));
    frames.render('layout', at('/products/b'), second);
    expect(second.calls).toEqual([{ frame: false, screen: true }]);
  });

  it('renders whole the pages of a frame that hoists resources, and says so', () => {
    const frames = new FrameCache();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const path of ['/products/a', '/products/b']) {
      const page = fakePage(at(path), { hoist: true });
      expect(frames.render('layout', at(path), page)).toEqual({ html: page({ frame: true, screen: true }, null) });
    }
    expect(frames.counts).toEqual({ frames: 1, whole: 2, screens: 0 });
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]?.[0]).toContain('/products/a');
    error.mockRestore();
  });

  it('answers a frame’s screens apart, with the frame’s markup the first time only', () => {
    const frames = new FrameCache();
    const pages = ['/products/a', '/products/b', '/products/c'].map((path) =>
      frames.render('layout', at(path), fakePage(at(path))),
    );
    expect(pages[0]).toEqual({ html: fakePage(at('/products/a'))({ frame: true, screen: true }, null) });
    expect(pages[1]).toEqual({
      frame: 0,
      frameMarkup: { before: '<nav>Products*</nav><main>', after: '</main><footer></footer>' },
      hoisted: '',
      screen: '<h1>/products/b</h1>',
    });
    expect(pages[2]).toEqual({ frame: 0, hoisted: '', screen: '<h1>/products/c</h1>' });
    // A new layout's frames have new ids, and their markup comes again.
    frames.render('new layout', at('/products/a'), fakePage(at('/products/a')));
    expect(frames.render('new layout', at('/products/b'), fakePage(at('/products/b')))).toMatchObject({
      frame: 1,
      frameMarkup: { before: '<nav>Products*</nav><main>' },
    });
  });

  it('forgets its frames when the layout changes', () => {
    const frames = new FrameCache();
    frames.render('old layout', at('/products/a'), fakePage(at('/products/a')));
    frames.render('new layout', at('/products/b'), fakePage(at('/products/b')));
    expect(frames.counts.frames).toBe(2);
  });

  it('keys frames anew when a frame declares a dependency the earlier ones did not', () => {
    // Inside /products the navigation shows a sub-link, active on /products/a only: a
    // dependency that the frames outside /products never declared.
    const nested =
      (state: FrameState): RenderParts =>
      (parts, dependencies) => {
        const inProducts = (s: FrameState) => s.pathname.startsWith('/products');
        const onA = (s: FrameState) => s.pathname === '/products/a';
        dependencies?.set('active /products', inProducts);
        let nav = '';
        if (inProducts(state)) {
          dependencies?.set('active /products/a', onA);
          nav = onA(state) ? '<a>A*</a>' : '<a>A</a>';
        }
        const start = parts.frame && !parts.screen ? FRAME_START : '';
        const screen = parts.screen ? state.pathname : SCREEN_SLOT;
        return `${start}${parts.frame ? `<nav>${nav}</nav>` : ''}<main>${screen}</main>`;
      };
    const frames = new FrameCache();
    const assemble = pageAssembler();
    for (const path of ['/about', '/products/a', '/products/b', '/products/c', '/about']) {
      const page = nested(at(path));
      expect(assemble(frames.render('layout', at(path), page)), path).toBe(page({ frame: true, screen: true }, null));
    }
    // /about, /products/a, /products/b, and /about again (its frame was keyed without
    // the sub-link); /products/c reuses the frame of /products/b.
    expect(frames.counts).toEqual({ frames: 4, whole: 4, screens: 1 });
  });
});
