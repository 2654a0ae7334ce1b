import { useState } from 'react';
import { css } from 'styled-system/css';
import type { ProductImage } from '../../api/types';
import { ImagePlaceholder } from '../../components/product-card';

/** The `isMain` image first (it is not necessarily the first one sent), then the others in order. */
function orderImages(images: readonly ProductImage[]): ProductImage[] {
  return [...images.filter((image) => image.isMain), ...images.filter((image) => !image.isMain)];
}

const frameStyle = css({
  position: 'relative',
  aspectRatio: 'square',
  w: 'full',
  bg: 'surfaceMuted',
  borderRadius: '2xl',
  overflow: 'hidden',
  display: 'grid',
  placeItems: 'center',
});

/**
 * The large image and, when there are several, a row of thumbnails. Thumbnails are buttons
 * (Tab, then Enter or Space), and the one shown is marked with aria-pressed.
 */
export function ProductGallery({
  name,
  images,
}: {
  name: string;
  images: readonly ProductImage[];
}) {
  const ordered = orderImages(images);
  const [selected, setSelected] = useState(0);
  const current = ordered[selected] ?? ordered[0];

  if (!current) {
    return (
      <div className={frameStyle} data-testid="product-gallery">
        <ImagePlaceholder />
      </div>
    );
  }

  return (
    <div
      className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
      data-testid="product-gallery"
    >
      <div className={frameStyle}>
        <img
          src={current.imageUrl}
          alt={ordered.length > 1 ? `${name}, image ${selected + 1} of ${ordered.length}` : name}
          width={640}
          height={640}
          // The page's largest paint: fetched first, never lazily (issue 19).
          fetchPriority="high"
          data-testid="product-main-image"
          className={css({ w: 'full', h: 'full', objectFit: 'cover' })}
        />
      </div>
      {ordered.length > 1 ? (
        <ul
          aria-label="Product images"
          className={css({
            listStyle: 'none',
            display: 'grid',
            gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
            gap: '3',
          })}
        >
          {ordered.map((image, index) => (
            <li key={image.productImageId}>
              <button
                type="button"
                aria-label={`Show image ${index + 1} of ${ordered.length}`}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
                className={css({
                  display: 'block',
                  w: 'full',
                  aspectRatio: 'square',
                  p: '0',
                  bg: 'surfaceMuted',
                  borderRadius: 'lg',
                  overflow: 'hidden',
                  borderWidth: '2px',
                  borderStyle: 'solid',
                  borderColor: 'transparent',
                  cursor: 'pointer',
                  opacity: 0.75,
                  transition: 'opacity 0.15s ease, border-color 0.15s ease',
                  _hover: { opacity: 1 },
                  '&[aria-pressed=true]': { borderColor: 'accent', opacity: 1 },
                  _focusVisible: {
                    focusOutline: 'outside',
                  },
                })}
              >
                <img
                  src={image.imageUrl}
                  alt=""
                  width={120}
                  height={120}
                  loading="lazy"
                  className={css({ w: 'full', h: 'full', objectFit: 'cover' })}
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
