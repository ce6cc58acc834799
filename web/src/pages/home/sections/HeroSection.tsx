import { MediaImage } from '../../../components/media-image/MediaImage';
import type { Home } from '../../../content/types';
import { usePrefersReducedMotion } from '../../../lib/use-reduced-motion';

/** The full-screen hero: muted looping video (not under reduced motion) over its poster, and the tagline. */
export function HeroSection({ hero }: { hero: Home['hero'] }) {
  const reducedMotion = usePrefersReducedMotion();
  return (
    <section className="hero" aria-labelledby="hero-tagline">
      <MediaImage media={hero.poster} alt="" className="hero-media" eager />
      {!reducedMotion && (
        <video
          className="hero-media"
          src={hero.video.src}
          poster={hero.poster.src}
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
