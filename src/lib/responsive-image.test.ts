import { describe, expect, it } from 'vitest';
import { gridSizes, responsiveImage } from './responsive-image';

const SIZES = '(min-width: 1024px) 25vw, 50vw';

describe('responsive images', () => {
  it('gives a vector nothing: one SVG is sharp at every width', () => {
    expect(
      responsiveImage(
        { src: '/images/products/3-1.svg', width: 600 },
        [{ src: '/images/products/3-1@2x.svg', width: 1200 }],
        SIZES,
      ),
    ).toEqual({});
  });

  it('gives a raster with no other widths nothing: one candidate chooses nothing', () => {
    expect(responsiveImage({ src: '/menu/Image.png', width: 800 }, [], SIZES)).toEqual({});
    expect(
      responsiveImage(
        { src: '/menu/Image.png', width: 800 },
        [{ src: '/x.png', width: 800 }],
        SIZES,
      ),
    ).toEqual({});
  });

  it('lists every width of a raster once, smallest first, the picture itself among them', () => {
    expect(
      responsiveImage(
        { src: '/menu/Image.png?v=2', width: 800 },
        [
          { src: '/menu/Image-1600.png', width: 1600 },
          { src: '/menu/Image-400.png', width: 400 },
          { src: '/menu/Image-800-copy.png', width: 800 },
          { src: '/menu/broken.png', width: 0 },
        ],
        SIZES,
      ),
    ).toEqual({
      srcSet: '/menu/Image-400.png 400w, /menu/Image.png?v=2 800w, /menu/Image-1600.png 1600w',
      sizes: SIZES,
    });
  });

  it('says how wide a grid column is shown, widest screens first', () => {
    expect(
      gridSizes(2, [
        { minWidth: 768, columns: 3 },
        { minWidth: 1024, columns: 4 },
      ]),
    ).toBe('(min-width: 1024px) 25vw, (min-width: 768px) 34vw, 50vw');
    expect(gridSizes(1, [])).toBe('100vw');
  });
});
