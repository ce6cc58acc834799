import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { useEffect, useMemo } from 'react';

export type CarouselDriverProps = {
  viewport: HTMLElement;
  options: EmblaOptionsType;
  /** Autoplay delay (ms); null: no autoplay plugin at all (reduced motion). */
  intervalMs: number | null;
  onApi: (api: EmblaCarouselType | null) => void;
};

/**
 * Binds embla (and its autoplay plugin) to a viewport the section already rendered.
 * Loaded lazily after hydration, so embla never weighs on a page's first load and
 * the prerendered markup stays exactly as it was.
 */
export default function CarouselDriver({ viewport, options, intervalMs, onApi }: CarouselDriverProps) {
  // Autoplay starts stopped: useCarousel plays and pauses it (hover, focus, the pause button);
  // the plugin itself stops while the tab is hidden.
  const plugins = useMemo(
    () =>
      intervalMs === null
        ? []
        : [Autoplay({ delay: intervalMs, playOnInit: false, stopOnInteraction: false, stopOnFocusIn: false })],
    [intervalMs],
  );
  const [setViewport, api] = useEmblaCarousel(options, plugins);
  useEffect(() => setViewport(viewport), [setViewport, viewport]);
  useEffect(() => {
    onApi(api ?? null);
    return () => onApi(null);
  }, [api, onApi]);
  return null;
}
