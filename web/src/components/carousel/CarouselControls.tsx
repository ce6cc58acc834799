import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Pause, Play } from '../icons/frame-icons';
import type { CarouselState } from './use-carousel';
import './carousel.css';

type CarouselControlsProps = {
  carousel: CarouselState;
  /** What one slide is called in the buttons' names ("testimonial", "service"). */
  slideName: string;
  /** Dots to jump to each slide: how many (one slide per snap), prerendered as they are. */
  dots?: number;
};

/** Previous / next buttons, optional dots and the pause control of a carousel. */
export function CarouselControls({ carousel, slideName, dots = 0 }: CarouselControlsProps) {
  const { selectedIndex } = carousel;
  return (
    <div className="carousel-controls">
      <button type="button" className="carousel-button" onClick={carousel.scrollPrev}>
        <ChevronLeft size={20} aria-hidden="true" />
        <span className="visually-hidden">Previous {slideName}</span>
      </button>
      {dots > 0 && (
        <div className="carousel-dots">
          {Array.from({ length: dots }, (_, index) => (
            <button
              key={index}
              type="button"
              className="carousel-dot"
              aria-current={index === selectedIndex ? 'true' : undefined}
              onClick={() => carousel.scrollTo(index)}
            >
              <span className="visually-hidden">
                Show {slideName} {index + 1}
              </span>
            </button>
          ))}
        </div>
      )}
      <button type="button" className="carousel-button" onClick={carousel.scrollNext}>
        <ChevronRight size={20} aria-hidden="true" />
        <span className="visually-hidden">Next {slideName}</span>
      </button>
      {/* Hidden by CSS under reduced motion, where nothing plays. */}
      <button type="button" className="carousel-button carousel-play" onClick={carousel.togglePlaying}>
        {carousel.playing ? <Pause size={18} aria-hidden="true" /> : <Play size={18} aria-hidden="true" />}
        <span className="visually-hidden">{carousel.playing ? 'Pause' : 'Play'} the {slideName}s</span>
      </button>
    </div>
  );
}
