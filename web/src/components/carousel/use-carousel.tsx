import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import type {} from 'embla-carousel-autoplay';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FocusEvent, type ReactNode, type RefObject } from 'react';
import { usePrefersReducedMotion } from '../../lib/use-reduced-motion';
import { observeNearViewport } from '../../lib/when-near-viewport';

const CarouselDriver = lazy(() => import('./CarouselDriver'));

export type CarouselSettings = {
  options: EmblaOptionsType;
  /** Autoplay delay (ms). */
  intervalMs: number;
};

export type Carousel = CarouselState & {
  /** The viewport element's ref (overflow hidden; its first child is the slide track). */
  viewportRef: RefObject<HTMLDivElement | null>;
};

export type CarouselState = {
  /** Embla has taken over (for the viewport's `data-ready`, which tests wait for). */
  ready: boolean;
  /** Render this anywhere inside the section: it loads and binds embla once the viewport comes near the visible area. */
  driver: ReactNode;
  selectedIndex: number;
  snapCount: number;
  /** Whether the visitor left it playing (it still stands still under reduced motion). */
  playing: boolean;
  togglePlaying: () => void;
  /** Next and previous wrap around, also without embla's loop option. */
  scrollNext: () => void;
  scrollPrev: () => void;
  scrollTo: (index: number) => void;
  /** Spread on the section: hovering or focusing inside holds the autoplay. */
  holdHandlers: {
    onMouseEnter: () => void;
    onMouseLeave: () => void;
    onFocus: () => void;
    onBlur: (event: FocusEvent) => void;
  };
};

/**
 * A carousel over markup the section renders itself (prerendered as a plain row of
 * slides). Once its viewport comes near the visible area, embla takes it over; autoplay
 * runs unless the visitor prefers reduced motion, paused it, hovers or focuses inside,
 * or the tab is hidden.
 */
export function useCarousel({ options, intervalMs }: CarouselSettings): Carousel {
  const reducedMotion = usePrefersReducedMotion();
  const viewportRef = useRef<HTMLDivElement>(null);
  // Set from the observer's callback, in a task of its own: loading and starting embla
  // (tens of milliseconds on a slow phone, with its layout reads) never joins the
  // hydration's tasks, and waits for a visitor who scrolls to the carousel.
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    return observeNearViewport(element, () => setViewport(element));
  }, []);
  const [api, setApi] = useState<EmblaCarouselType | null>(null);
  const [selectedIndex, setSelectedIndex] = useState(0);
  const [snapCount, setSnapCount] = useState(0);
  const [pausedByVisitor, setPausedByVisitor] = useState(false);
  const [held, setHeld] = useState(false);
  const canPlay = !reducedMotion;
  const running = canPlay && !pausedByVisitor && !held;

  useEffect(() => {
    if (!api) return;
    const sync = () => {
      setSelectedIndex(api.selectedScrollSnap());
      setSnapCount(api.scrollSnapList().length);
    };
    sync();
    api.on('select', sync).on('reInit', sync);
    return () => {
      api.off('select', sync).off('reInit', sync);
    };
  }, [api]);

  useEffect(() => {
    const autoplay = api?.plugins().autoplay;
    if (!autoplay) return;
    // Without laid-out slides there is nothing to advance to (and the plugin would
    // read a snap that does not exist).
    if (running && api.scrollSnapList().length > 1) autoplay.play();
    else autoplay.stop();
  }, [api, running]);

  const scrollTo = useCallback(
    (index: number) => {
      api?.scrollTo(index, reducedMotion);
      api?.plugins().autoplay?.reset();
    },
    [api, reducedMotion],
  );
  const scrollNext = () => {
    if (!api) return;
    if (api.canScrollNext()) api.scrollNext(reducedMotion);
    else api.scrollTo(0, reducedMotion);
    api.plugins().autoplay?.reset();
  };
  const scrollPrev = () => {
    if (!api) return;
    if (api.canScrollPrev()) api.scrollPrev(reducedMotion);
    else api.scrollTo(api.scrollSnapList().length - 1, reducedMotion);
    api.plugins().autoplay?.reset();
  };

  return {
    viewportRef,
    driver: viewport ? (
        <Suspense fallback={null}>
          <CarouselDriver
            viewport={viewport}
            options={options}
            intervalMs={canPlay ? intervalMs : null}
            onApi={setApi}
          />
        </Suspense>
      ) : null,
    ready: api !== null,
    selectedIndex,
    snapCount,
    playing: !pausedByVisitor,
    togglePlaying: () => setPausedByVisitor((paused) => !paused),
    scrollNext,
    scrollPrev,
    scrollTo,
    holdHandlers: {
      onMouseEnter: () => setHeld(true),
      onMouseLeave: () => setHeld(false),
      onFocus: () => setHeld(true),
      onBlur: (event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      },
    },
  };
}
