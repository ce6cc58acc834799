import { describe, expect, it } from 'vitest';
import type { Media } from '../../../content/types';
import { candidatesForPlace, mediaCandidates, mediaSrcForWidth, mediaSrcSet, offersOnlyVariants } from '../media-sources';
import { PRODUCT_CARD_IMAGE, PRODUCT_DETAIL_IMAGE } from '../../../config/image-sizes';

const poster: Media = {
  src: '/media/home/poster.jpg',
  width: 1600,
  height: 900,
  variants: [
    { src: '/media/home/poster.640w.webp', width: 640, height: 360 },
    { src: '/media/home/poster.1024w.webp', width: 1024, height: 576 },
    { src: '/media/home/poster.1600w.webp', width: 1600, height: 900 },
  ],
};

/** The poster after sitegen dropped its full-width variant (it was not smaller than the JPEG). */
const posterWithoutFullWidth: Media = { ...poster, variants: poster.variants!.slice(0, 2) };

const logo: Media = { src: '/media/brand/logo.svg', width: 160, height: 48 };

/** A phone's 4032 px photo: its variants replace it, so its `src` is the widest of them. */
const photo: Media = {
  src: '/media/products/p1.1600w.webp',
  width: 4032,
  height: 3024,
  variants: [
    { src: '/media/products/p1.640w.webp', width: 640, height: 480 },
    { src: '/media/products/p1.1024w.webp', width: 1024, height: 768 },
    { src: '/media/products/p1.1600w.webp', width: 1600, height: 1200 },
  ],
};

describe('media sources', () => {
  it('list the WebP variants narrowest first as the srcset', () => {
    expect(mediaSrcSet(poster)).toBe(
      '/media/home/poster.640w.webp 640w, /media/home/poster.1024w.webp 1024w, /media/home/poster.1600w.webp 1600w',
    );
  });

  it('end with the original file when no variant has its full width', () => {
    expect(mediaCandidates(posterWithoutFullWidth)).toEqual([
      { src: '/media/home/poster.640w.webp', width: 640 },
      { src: '/media/home/poster.1024w.webp', width: 1024 },
      { src: '/media/home/poster.jpg', width: 1600 },
    ]);
  });

  it('offer only the variants of a photo they replace, never its original', () => {
    expect(mediaSrcSet(photo)).toBe(
      '/media/products/p1.640w.webp 640w, /media/products/p1.1024w.webp 1024w, /media/products/p1.1600w.webp 1600w',
    );
    expect(offersOnlyVariants(photo)).toBe(true);
    expect(offersOnlyVariants(poster)).toBe(true);
    expect(offersOnlyVariants(posterWithoutFullWidth)).toBe(false);
  });

  it('offer no variant wider than twice the widest the place shows', () => {
    const widths = (widest?: number) => candidatesForPlace(photo, widest).map(({ width }) => width);
    expect(widths()).toEqual([640, 1024, 1600]);
    expect(widths(PRODUCT_DETAIL_IMAGE.widest)).toEqual([640, 1024]);
    expect(widths(PRODUCT_CARD_IMAGE.widest)).toEqual([640]);
    expect(widths(100)).toEqual([640]);
    expect(mediaSrcSet(photo, PRODUCT_DETAIL_IMAGE.widest)).toBe(
      '/media/products/p1.640w.webp 640w, /media/products/p1.1024w.webp 1024w',
    );
  });

  it('are absent for a media without variants', () => {
    expect(mediaCandidates(logo)).toEqual([]);
    expect(mediaSrcSet(logo)).toBeUndefined();
    expect(mediaSrcSet({ ...logo, variants: [] })).toBeUndefined();
  });

  it('give one URL for a width: the narrowest file wide enough, else the widest', () => {
    expect(mediaSrcForWidth(poster, 390)).toBe('/media/home/poster.640w.webp');
    expect(mediaSrcForWidth(poster, 641)).toBe('/media/home/poster.1024w.webp');
    expect(mediaSrcForWidth(poster, 2560)).toBe('/media/home/poster.1600w.webp');
    expect(mediaSrcForWidth(posterWithoutFullWidth, 1200)).toBe('/media/home/poster.jpg');
    expect(mediaSrcForWidth(logo, 1200)).toBe('/media/brand/logo.svg');
  });
});
