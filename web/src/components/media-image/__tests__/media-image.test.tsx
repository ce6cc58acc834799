import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Media } from '../../../content/types';
import { MediaImage, OptionalImage } from '../MediaImage';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const logo: Media = { src: '/media/brand/logo.svg', width: 160, height: 48 };

const poster: Media = {
  src: '/media/home/poster.jpg',
  width: 1600,
  height: 900,
  variants: [
    { src: '/media/home/poster.640w.webp', width: 640, height: 360 },
    { src: '/media/home/poster.1600w.webp', width: 1600, height: 900 },
  ],
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('MediaImage', () => {
  it('is a plain img with its intrinsic size when the media has no variants', () => {
    const { container } = render(<MediaImage media={logo} alt="Example Medical" />);
    expect(container.querySelector('picture')).toBeNull();
    const image = screen.getByRole('img', { name: 'Example Medical' });
    expect(image.getAttribute('src')).toBe('/media/brand/logo.svg');
    expect(image.getAttribute('width')).toBe('160');
    expect(image.getAttribute('height')).toBe('48');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.hasAttribute('srcset')).toBe(false);
  });

  it('offers the WebP variants in a picture, the original file as the img fallback', () => {
    const { container } = render(<MediaImage media={poster} alt="Operating theatre" eager />);
    const source = container.querySelector('picture > source');
    expect(source?.getAttribute('type')).toBe('image/webp');
    expect(source?.getAttribute('srcset')).toBe('/media/home/poster.640w.webp 640w, /media/home/poster.1600w.webp 1600w');
    expect(source?.getAttribute('sizes')).toBe('100vw');
    const image = container.querySelector('picture > img');
    expect(image).toBe(screen.getByRole('img', { name: 'Operating theatre' }));
    expect(image?.getAttribute('src')).toBe('/media/home/poster.jpg');
    expect(image?.getAttribute('width')).toBe('1600');
    expect(image?.getAttribute('height')).toBe('900');
    expect(image?.getAttribute('loading')).toBe('eager');
    expect(image?.getAttribute('fetchpriority')).toBe('high');
  });

  it('gives no WebP type to a source that ends with the original file', () => {
    const withoutFullWidth: Media = { ...poster, variants: poster.variants!.slice(0, 1) };
    const { container } = render(<MediaImage media={withoutFullWidth} alt="" />);
    const source = container.querySelector('picture > source');
    expect(source?.getAttribute('srcset')).toBe('/media/home/poster.640w.webp 640w, /media/home/poster.jpg 1600w');
    expect(source?.hasAttribute('type')).toBe(false);
  });

  it('passes the caller’s sizes to the WebP source', () => {
    const { container } = render(
      <OptionalImage media={poster} alt="" sizes="(min-width: 960px) 33vw, 100vw" className="card-image" />,
    );
    expect(container.querySelector('source')?.getAttribute('sizes')).toBe('(min-width: 960px) 33vw, 100vw');
    expect(container.querySelector('img')?.className).toBe('card-image');
  });

  it('shows the placeholder when the image fails to load, variants or not', () => {
    for (const media of [logo, poster]) {
      const { container, unmount } = render(<MediaImage media={media} alt="Certificate" className="card-image" />);
      fireEvent.error(container.querySelector('img')!);
      expect(container.querySelector('picture, img')).toBeNull();
      const placeholder = screen.getByRole('img', { name: 'Certificate' });
      expect(placeholder.className).toBe('image-placeholder card-image');
      unmount();
    }
  });

  it('hydrates its prerendered picture without a mismatch', async () => {
    const errors = vi.spyOn(console, 'error');
    const element = <MediaImage media={poster} alt="Operating theatre" sizes="50vw" />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(element);
    document.body.append(container);
    const before = container.innerHTML;
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, element);
    });
    expect(errors).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(before);
    act(() => root?.unmount());
  });
});
