// srcset and sizes for raster pictures (issue 19: "raster images, when they come, get
// srcset/sizes"). Every picture the shop has today is SVG (scripts/generate-art.ts), sharp at
// any size from one file, so none needs either; a raster (another backend's PNG product shots,
// a photo) with width variants gets its candidates from here, and the layout says how wide it
// is shown.

/** One file of a raster picture at a given pixel width. */
export type ImageVariant = { src: string; width: number };

const VECTOR = /\.svg(?:[?#].*)?$/i;

/**
 * `srcSet` and `sizes` for an <img>: none for a vector or for a raster with no other widths (one
 * candidate chooses nothing); else every width once, smallest first, the picture itself among
 * them, and the `sizes` its layout gives.
 */
export function responsiveImage(
  image: ImageVariant,
  variants: readonly ImageVariant[],
  sizes: string,
): { srcSet?: string; sizes?: string } {
  if (VECTOR.test(image.src)) return {};
  const byWidth = new Map<number, string>();
  for (const { src, width } of [image, ...variants]) {
    if (width > 0 && !byWidth.has(width)) byWidth.set(width, src);
  }
  if (byWidth.size < 2) return {};
  const srcSet = [...byWidth]
    .sort(([a], [b]) => a - b)
    .map(([width, src]) => `${src} ${width}w`)
    .join(', ');
  return { srcSet, sizes };
}

/**
 * The `sizes` of a picture that fills one column of a grid: `columns` per row from each
 * `minWidth` up (widest first), `base` columns below them, e.g. the menu's 2, 3 and 4 columns:
 * "(min-width: 1024px) 25vw, (min-width: 768px) 34vw, 50vw" (rounded up: a little too large
 * beats blurry).
 */
export function gridSizes(
  base: number,
  breakpoints: readonly { minWidth: number; columns: number }[],
): string {
  const share = (columns: number) => `${Math.ceil(100 / columns)}vw`;
  return [...breakpoints]
    .sort((a, b) => b.minWidth - a.minWidth)
    .map(({ minWidth, columns }) => `(min-width: ${minWidth}px) ${share(columns)}`)
    .concat(share(base))
    .join(', ');
}
