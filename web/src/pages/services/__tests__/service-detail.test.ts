import { describe, expect, it } from 'vitest';
import { galleryImages, splitFirstWord } from '../service-detail';

describe('service detail helpers', () => {
  it('highlights the first word of the title', () => {
    expect(splitFirstWord('Dialysis Center Setup')).toEqual(['Dialysis', 'Center Setup']);
    expect(splitFirstWord('Ophthalmic')).toEqual(['Ophthalmic', '']);
  });

  it('repeats the main image galleryCount times without a gallery of its own', () => {
    expect(galleryImages({ hasGallery: false, galleryCount: 3, gallery: [], image: 'main' })).toEqual([
      'main',
      'main',
      'main',
    ]);
  });

  it('shows its own gallery when it has one', () => {
    expect(galleryImages({ hasGallery: true, galleryCount: 2, gallery: ['a', 'b'], image: 'main' })).toEqual(['a', 'b']);
  });
});
