import { useQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { productQueries } from '../../api/products.queries';
import type { Product } from '../../api/types';
import { Button } from '../../ui/button';
import { ProductCard, ProductCardSkeleton } from '../../components/product-card';

/** Spec §9: four related products. */
export const RELATED_COUNT = 4;

const gridStyle = css({
  listStyle: 'none',
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
  gap: { base: '3', md: '6' },
  // Cards in one row end level, whatever the length of their names.
  '& > li > *': { h: 'full' },
});

/** "You May Also Like": four products of the same category, this one excluded (by the API). */
export function RelatedProducts({ product }: { product: Product }) {
  const related = useQuery(
    productQueries.related({
      category: product.category,
      size: RELATED_COUNT,
      excludedId: product.productId,
    }),
  );

  if (related.isSuccess && related.data.length === 0) return null;

  return (
    <section aria-labelledby="related-heading" className={css({ mt: { base: '12', md: '16' } })}>
      <h2
        id="related-heading"
        className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', mb: '6' })}
      >
        You May Also Like
      </h2>
      {related.isPending ? (
        <ul className={gridStyle} aria-hidden="true">
          {Array.from({ length: RELATED_COUNT }, (_, index) => (
            <li key={index}>
              <ProductCardSkeleton />
            </li>
          ))}
        </ul>
      ) : related.isError ? (
        <div
          role="alert"
          className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}
        >
          <p className={css({ color: 'textMuted' })}>We could not load suggestions.</p>
          <Button visual="outline" size="sm" onClick={() => void related.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ul className={gridStyle} data-testid="related-products">
          {related.data.map((item) => (
            <li key={item.productId}>
              <ProductCard product={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
