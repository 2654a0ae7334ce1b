import { useQuery } from '@tanstack/react-query';
import { css, cx } from 'styled-system/css';
import { productQueries } from '../../api/products.queries';
import { Button } from '../../ui/button';
import { LinkButton } from '../../ui/link-button';
import { paths } from '../../lib/paths';
import { ProductCard, ProductCardSkeleton } from '../../components/product-card';
import { Spinner } from '../../ui/spinner';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { panel } from '../../ui/panel';

/** Spec §9: the home page features four products. */
export const FEATURED_COUNT = 4;

const gridStyle = css({
  listStyle: 'none',
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
  gap: { base: '3', md: '4', lg: '6' },
});

export function FeaturedProducts() {
  const featured = useQuery(productQueries.featured(FEATURED_COUNT));

  if (featured.isPending) {
    return (
      <div data-testid="featured-loading">
        <VisuallyHidden>
          <Spinner label="Loading featured products..." />
        </VisuallyHidden>
        <ul className={gridStyle} aria-hidden="true">
          {Array.from({ length: FEATURED_COUNT }, (_, index) => (
            <li key={index}>
              <ProductCardSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  if (featured.isError) {
    return (
      <div
        role="alert"
        data-testid="featured-error"
        className={cx(
          panel({ tone: 'danger' }),
          css({
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'flex-start',
            gap: '3',
            p: { base: '5', md: '6' },
          }),
        )}
      >
        <p className={css({ fontWeight: 'semibold', color: 'text' })}>
          We could not load the featured menu.
        </p>
        <p className={css({ color: 'textMuted', fontSize: 'sm' })}>{featured.error.message}</p>
        <Button
          onClick={() => void featured.refetch()}
          disabled={featured.isFetching}
          visual="outline"
          size="sm"
        >
          {featured.isFetching ? <Spinner size="sm" label="Retrying..." showLabel /> : 'Try again'}
        </Button>
      </div>
    );
  }

  if (featured.data.length === 0) {
    return (
      <div
        className={cx(
          panel(),
          css({
            p: '6',
          }),
        )}
      >
        <p className={css({ color: 'textMuted', mb: '3' })}>
          Nothing is featured right now. The whole menu is one click away.
        </p>
        <LinkButton href={paths.menu()} size="sm">
          Open the menu
        </LinkButton>
      </div>
    );
  }

  return (
    <ul className={gridStyle} data-testid="featured-products">
      {featured.data.map((product) => (
        <li key={product.productId}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
