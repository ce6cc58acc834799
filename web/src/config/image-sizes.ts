// How wide each place shows an image, for the browser to pick a WebP variant: the
// `sizes` attribute follows the place's CSS (breakpoints, columns, gaps, the container's
// 1200 px and 16 px padding), and `widest` is the most CSS pixels it is ever shown at,
// so no variant wider than twice that is offered.

/** An image's place on a page: its `sizes` and its widest shown width (CSS px). */
export type ImagePlace = { sizes: string; widest: number };

/** The product page's picture: full width on phones, the left 5 of 12 columns from 768 px (product.css). */
export const PRODUCT_DETAIL_IMAGE: ImagePlace = {
  sizes: '(min-width: 1200px) 473px, (min-width: 768px) calc((100vw - 64px) * 5 / 12), calc(100vw - 32px)',
  widest: 735,
};

/** A card of the products grid (products.css: 150 px columns on phones, 220 px from 768 px, the sidebar from 992 px). */
export const PRODUCT_CARD_IMAGE: ImagePlace = {
  sizes:
    '(min-width: 1200px) 272px, (min-width: 1044px) calc((100vw - 384px) / 3), (min-width: 992px) calc((100vw - 360px) / 2), (min-width: 768px) 230px, calc((100vw - 44px) / 2)',
  widest: 341,
};

/** A card of a `.card-grid` of 240 px columns, such as the related products (base.css). */
export const CARD_GRID_IMAGE: ImagePlace = {
  sizes:
    '(min-width: 1200px) 274px, (min-width: 1064px) calc((100vw - 104px) / 4), (min-width: 800px) calc((100vw - 80px) / 3), (min-width: 536px) calc((100vw - 56px) / 2), calc(100vw - 32px)',
  widest: 503,
};

/** A card of the home page's showcase: columns of 280 to 380 px (home.css). */
export const SHOWCASE_CARD_IMAGE: ImagePlace = {
  sizes: '(min-width: 412px) 380px, calc(100vw - 32px)',
  widest: 380,
};
