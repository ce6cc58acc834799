import { X } from '../icons/frame-icons';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { Media } from '../../content/types';
import './lightbox.css';

type LightboxProps = {
  image: Media;
  title: string;
  onClose: () => void;
};

/**
 * One image full-screen (spec: certificates gallery). Closes with its close button, on
 * Escape and on a click anywhere; focus moves to the close button and back on close.
 * The full-size image is requested only now, when it is opened.
 */
export function Lightbox({ image, title, onClose }: LightboxProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
    // The close button is the only control: Tab stays on it.
    if (event.key === 'Tab') {
      event.preventDefault();
      closeRef.current?.focus();
    }
  });

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    document.body.classList.add('has-modal');
    return () => {
      document.removeEventListener('keydown', listener);
      document.body.classList.remove('has-modal');
      previouslyFocused?.focus();
    };
  }, []);

  return (
    <div className="lightbox" role="dialog" aria-modal="true" aria-label={title} onClick={onClose}>
      <button type="button" className="lightbox-close" ref={closeRef} onClick={onClose} aria-label="Close">
        <X size={28} aria-hidden="true" />
      </button>
      <figure className="lightbox-figure">
        <img src={image.src} width={image.width} height={image.height} alt={title} decoding="async" />
        <figcaption>{title}</figcaption>
      </figure>
    </div>
  );
}
