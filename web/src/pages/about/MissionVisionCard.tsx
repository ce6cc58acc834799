import { RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { MISSION_VISION_FLIP_MS } from '../../config/timing';
import type { About } from '../../content/types';
import { usePrefersReducedMotion } from '../../lib/use-reduced-motion';

type MissionVisionCardProps = Pick<About, 'mission' | 'vision'>;

/**
 * Our Mission / Our Vision on the two faces of one card, flipping every 5 s (spec §4)
 * and by its button. Under reduced motion (and while the tab is hidden) it stays put.
 */
export function MissionVisionCard({ mission, vision }: MissionVisionCardProps) {
  const [showsVision, setShowsVision] = useState(false);
  const reducedMotion = usePrefersReducedMotion();

  const cardRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const card = cardRef.current;
    if (reducedMotion || !card) return;
    const timer = window.setInterval(() => {
      if (!document.hidden) setShowsVision((current) => !current);
    }, MISSION_VISION_FLIP_MS);
    // Marks, in the same task, when the next flip's 5 s begin (tests time the flip from it).
    card.dataset.flips = 'armed';
    return () => {
      window.clearInterval(timer);
      delete card.dataset.flips;
    };
  }, [reducedMotion, showsVision]);

  const faces = [
    { key: 'mission', ...mission, shown: !showsVision },
    { key: 'vision', ...vision, shown: showsVision },
  ];
  const next = showsVision ? mission : vision;

  return (
    <section className="section mission-vision" aria-label={`${mission.heading} and ${vision.heading}`}>
      <div ref={cardRef} className={`flip-card${showsVision ? ' is-flipped' : ''}`} data-face={showsVision ? 'vision' : 'mission'}>
        {faces.map((face) => (
          <div key={face.key} className={`flip-card-face flip-card-${face.key}`} aria-hidden={!face.shown}>
            <h2>{face.heading}</h2>
            <p>{face.text}</p>
          </div>
        ))}
      </div>
      <button type="button" className="button button-outline flip-card-button" onClick={() => setShowsVision(!showsVision)}>
        <RefreshCw size={18} aria-hidden="true" />
        {`Show ${next.heading}`}
      </button>
    </section>
  );
}
