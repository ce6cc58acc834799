import { MediaImage } from '../../../../components/media-image/MediaImage';
import { mediaSrcForWidth } from '../../../../components/media-image/media-sources';
import type { Home } from '../../../../content/types';
import { usePrefersReducedMotion } from '../../../../lib/use-reduced-motion';
import { usePageSettled } from '../../../../lib/use-page-settled';
import { usePrefersSavedData } from '../../../../lib/use-save-data';
import { defineHomeSection, type HomeSectionProps } from '../home-section';

/**
 * The full-screen hero: the poster at once, the muted looping video over it once the
 * browser says motion and data are welcome (never in the prerendered page), the tagline on top.
 * The video starts once the page has settled: decoding it would compete with the
 * boot for a slow phone's CPU, while the poster already shows its first frame.
 */
export function HeroSection({ data: hero }: HomeSectionProps<'hero'>) {
  const reducedMotion = usePrefersReducedMotion();
  const savingData = usePrefersSavedData();
  const settled = usePageSettled();
  return (
    <section className="hero" aria-labelledby="hero-tagline">
      <MediaImage media={hero.poster} alt="" className="hero-media" eager />
      {settled && !reducedMotion && !savingData && (
        <video
          className="hero-media"
          src={hero.video.src}
          poster={viewportPoster(hero.poster)}
          autoPlay
          muted
          loop
          playsInline
          preload="metadata"
          aria-hidden="true"
          tabIndex={-1}
        />
      )}
      <div className="hero-overlay">
        <div className="container">
          <h1 id="hero-tagline" className="hero-tagline">
            {hero.tagline}
          </h1>
        </div>
      </div>
    </section>
  );
}

/**
 * The poster file the browser picked for the image under the video (it spans the
 * viewport): the same, already loaded, rather than the full-size original. The video
 * renders only in the browser, never in the prerendered page.
 */
function viewportPoster(poster: Home['hero']['poster']): string {
  return mediaSrcForWidth(poster, window.innerWidth * window.devicePixelRatio);
}

/** home.toml's `hero` section (its tagline is the page's h1 wherever it is shown). */
export const homeSection = defineHomeSection('hero', HeroSection);
