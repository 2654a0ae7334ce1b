import { Link } from 'wouter';
import { css, cx } from 'styled-system/css';
import type { Product } from '../api/types';
import { categoryLabel } from './category-labels';
import { displayName } from '../lib/display-name';
import { formatPrice } from '../lib/format-price';
import { paths } from '../lib/paths';
import { productBadge } from './product-badge';
import { VisuallyHidden } from '../ui/visually-hidden';
import { panel } from '../ui/panel';
import { badgeStyles } from '../ui/badge';

/** The image marked `isMain`; `images` may be empty and the first one is not necessarily main. */
function mainImageUrl(product: Pick<Product, 'images'>): string | undefined {
  return product.images.find((image) => image.isMain)?.imageUrl;
}

const cardStyle = cx(
  panel({ radius: 'card', shadow: 'card' }),
  css({
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    overflow: 'hidden',
    transition: 'box-shadow 0.2s ease, transform 0.2s ease',
    _hover: { boxShadow: 'raised', transform: 'translateY(-2px)' },
    _motionReduce: { transition: 'none', _hover: { transform: 'none' } },
    '&:has(a:focus-visible)': { focusOutline: 'outside' },
  }),
);

const mediaStyle = css({
  position: 'relative',
  aspectRatio: 'square',
  bg: 'surfaceMuted',
  display: 'grid',
  placeItems: 'center',
});

const imageStyle = css({ w: 'full', h: 'full', objectFit: 'cover' });

/** Marks sit over the image's top left corner (the café-only one on the right). */
const markStyle = css({ position: 'absolute', top: '3', left: '3', letterSpacing: 'wide' });

/** The mark of a product sold at the café only (`isAvailableAtWeb: false`). */
const CAFE_ONLY = 'Café only';

export type ProductCardProps = {
  product: Product;
  /** Keeps the document outline right where the card sits (h3 under a section's h2). */
  headingLevel?: 'h2' | 'h3';
  /**
   * How the picture loads: lazily as it comes near (default); `eager` on the first screen;
   * `lcp` for the page's largest paint, fetched first (issue 19).
   */
  imageLoading?: 'lazy' | 'eager' | 'lcp';
};

export function ProductCard({
  product,
  headingLevel: Heading = 'h3',
  imageLoading = 'lazy',
}: ProductCardProps) {
  const image = mainImageUrl(product);
  const badge = productBadge(product);
  const onSale = badge?.kind === 'sale';
  return (
    <article className={cardStyle} data-testid="product-card">
      <div className={mediaStyle}>
        {image ? (
          <img
            src={image}
            alt=""
            width={400}
            height={400}
            loading={imageLoading === 'lazy' ? 'lazy' : 'eager'}
            fetchPriority={imageLoading === 'lcp' ? 'high' : undefined}
            decoding="async"
            className={imageStyle}
          />
        ) : (
          <ImagePlaceholder />
        )}
        {badge?.kind === 'sale' ? (
          <span className={cx(badgeStyles({ tone: 'danger' }), markStyle)}>
            <VisuallyHidden>Sale </VisuallyHidden>-{badge.percent}%
          </span>
        ) : null}
        {badge?.kind === 'outOfStock' ? (
          <span className={cx(badgeStyles({ tone: 'inverse' }), markStyle)}>Out of stock</span>
        ) : null}
        {/* Issue 18: said on the card, before a shopper tries to add it. */}
        {product.isAvailableAtWeb ? null : (
          <span
            data-testid="cafe-only"
            className={cx(
              badgeStyles(),
              markStyle,
              css({
                left: 'auto',
                right: '3',
                bg: 'surface',
                color: 'text',
                borderWidth: '1px',
                borderColor: 'border',
              }),
            )}
          >
            {CAFE_ONLY}
          </span>
        )}
      </div>
      <div
        className={css({
          display: 'flex',
          flexDirection: 'column',
          gap: '1',
          p: { base: '3', sm: '4' },
          flex: '1',
        })}
      >
        <p
          className={css({
            textStyle: 'eyebrow',
            fontSize: '0.6875rem',
            color: 'textMuted',
          })}
        >
          {categoryLabel(product.category)}
        </p>
        <Heading
          className={css({
            fontFamily: 'heading',
            fontSize: { base: 'md', sm: 'lg' },
            fontWeight: '600',
            lineHeight: 'snug',
          })}
        >
          <Link
            href={paths.productDetail(product.productId)}
            className={css({
              color: 'text',
              textDecoration: 'none',
              _focusVisible: { outline: 'none' },
              // The whole card is the click target; the name stays the link's accessible name.
              _after: { content: '""', position: 'absolute', inset: '0' },
            })}
          >
            {displayName(product.name)}
          </Link>
        </Heading>
        <p
          className={css({
            mt: 'auto',
            pt: '2',
            display: 'flex',
            alignItems: 'baseline',
            gap: '2',
          })}
        >
          <span
            className={css({
              fontSize: { base: 'md', sm: 'lg' },
              fontWeight: 'bold',
              color: 'text',
              fontVariantNumeric: 'tabular-nums',
            })}
            data-testid="product-price"
          >
            {formatPrice(product.price)}
          </span>
          {onSale && product.oldPrice !== null ? (
            <span className={css({ fontSize: 'sm', color: 'textMuted' })}>
              <VisuallyHidden>was </VisuallyHidden>
              <s>{formatPrice(product.oldPrice)}</s>
            </span>
          ) : null}
        </p>
      </div>
    </article>
  );
}

/** Stands in for a product without images (`images` may be empty). */
export function ImagePlaceholder() {
  return (
    <svg
      viewBox="0 0 64 64"
      role="img"
      aria-label="No image available"
      className={css({ w: '1/3', h: 'auto', color: 'textMuted', opacity: 0.6 })}
    >
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        d="M12 26h32v14a12 12 0 0 1-12 12h-8a12 12 0 0 1-12-12V26Zm32 4h4a6 6 0 0 1 0 12h-5M22 12c-2 3 2 5 0 8m8-8c-2 3 2 5 0 8m8-8c-2 3 2 5 0 8"
      />
    </svg>
  );
}

/** Same footprint as a card, so the grid does not jump when the data arrives. */
export function ProductCardSkeleton() {
  const bar = css({ bg: 'surfaceMuted', borderRadius: 'md' });
  return (
    <div
      aria-hidden="true"
      className={cx(
        panel({ radius: 'card' }),
        css({
          overflow: 'hidden',
        }),
      )}
    >
      <div
        className={css({
          aspectRatio: 'square',
          bg: 'surfaceMuted',
          animation: 'pulse 1.6s ease-in-out infinite',
          _motionReduce: { animation: 'none' },
        })}
      />
      <div className={css({ p: '4', display: 'flex', flexDirection: 'column', gap: '2' })}>
        <div className={cx(css({ h: '3', w: '1/3' }), bar)} />
        <div className={cx(css({ h: '5', w: '3/4' }), bar)} />
        <div className={cx(css({ h: '5', w: '1/4', mt: '2' }), bar)} />
      </div>
    </div>
  );
}
