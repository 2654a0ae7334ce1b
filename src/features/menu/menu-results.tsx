import { useInfiniteQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import {
  mergePages,
  selectCanLoadMore,
  selectCanReset,
  selectCanRetry,
  selectFilters,
  selectLoadingMore,
  selectMoreAvailable,
  selectPage,
} from '../../../machines/menu.selectors';
import { productQueries } from '../../api/products.queries';
import { Button } from '../../ui/button';
import { ProductCard, ProductCardSkeleton } from '../../components/product-card';
import type { MenuActor } from './menu-controls';
import { MENU_PAGE_SIZE, menuQueryParams } from './menu-filters';
import { panel } from '../../ui/panel';

const gridStyle = css({
  listStyle: 'none',
  display: 'grid',
  gridTemplateColumns: {
    base: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(3, minmax(0, 1fr))',
    lg: 'repeat(4, minmax(0, 1fr))',
  },
  gap: { base: '3', md: '6' },
  // Cards in one row end level, whatever the length of their names.
  '& > li > *': { h: 'full' },
});

/** Cards on the first screen: the first row on a wide screen, two rows on a phone. */
const FIRST_SCREEN_CARDS = 4;

const panelStyle = cx(
  panel(),
  css({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '3',
    p: { base: '5', md: '8' },
  }),
);

/**
 * The product grid for the machine's filters. The pages come from TanStack Query's cache (one
 * entry per category, search, price and sort), fetched by the machine's `menuPages` actor; the
 * machine says how many pages to show and whether Load More shows. This view only draws them
 * and sends the shopper's intents (Load More, Try again, Reset filters).
 */
export function MenuResults({
  menu,
  restoreScrollY = null,
}: {
  menu: MenuActor;
  /** Back on this menu entry: scroll here once the products are laid out (once). */
  restoreScrollY?: number | null;
}) {
  const filters = useSelector(menu, selectFilters);
  const page = useSelector(menu, selectPage);
  const moreAvailable = useSelector(menu, selectMoreAvailable);
  const loadingMore = useSelector(menu, selectLoadingMore);
  const canLoadMore = useSelector(menu, selectCanLoadMore);
  const canReset = useSelector(menu, selectCanReset);
  const canRetry = useSelector(menu, selectCanRetry);

  // Reads the cache entry only: the machine's `menuPages` actor fetches it (menu-actors.ts).
  const query = useInfiniteQuery({
    ...productQueries.menu(menuQueryParams(filters)),
    enabled: false,
  });
  const { data } = query;

  // The cache may hold more pages than asked for (a return to filters seen before): show only
  // pages 0..page, as the machine says.
  const shownPages = useMemo(() => data?.pages.slice(0, page + 1) ?? [], [data, page]);
  const products = useMemo(() => mergePages(shownPages), [shownPages]);
  const totalElements = shownPages.at(-1)?.totalElements ?? 0;

  // Before paint, so the shopper never sees the top of the list first.
  const pendingScroll = useRef(restoreScrollY);
  const laidOut = products.length > 0;
  useLayoutEffect(() => {
    if (!laidOut || pendingScroll.current === null) return;
    window.scrollTo({ top: pendingScroll.current, behavior: 'instant' });
    pendingScroll.current = null;
  }, [laidOut]);

  const empty = query.isSuccess && products.length === 0;
  // One live region that stays mounted through loading, results and "nothing found", so each
  // change is announced (a region mounted together with its text is often not read).
  const status = query.isPending
    ? 'Loading products...'
    : query.isError && !data
      ? ''
      : empty
        ? 'No products match your search and filters.'
        : `Showing ${products.length} of ${totalElements} ${totalElements === 1 ? 'product' : 'products'}`;

  return (
    <div
      aria-busy={query.isPending || undefined}
      className={css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } })}
    >
      <p
        role="status"
        data-testid="menu-status"
        className={
          empty
            ? css({ fontWeight: 'semibold', fontSize: 'lg' })
            : css({ color: 'textMuted', fontSize: 'sm', minH: '5' })
        }
      >
        {status}
      </p>
      {query.isPending ? (
        <ul className={gridStyle} aria-hidden="true" data-testid="menu-loading">
          {Array.from({ length: MENU_PAGE_SIZE }, (_, index) => (
            <li key={index}>
              <ProductCardSkeleton />
            </li>
          ))}
        </ul>
      ) : query.isError && !data ? (
        <div role="alert" className={panelStyle} data-testid="menu-error">
          <p className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>
            We could not load the menu.
          </p>
          <p className={css({ color: 'textMuted' })}>{query.error.message}</p>
          <Button
            visual="outline"
            size="sm"
            onClick={() => menu.send({ type: 'menu.retry' })}
            disabled={!canRetry}
          >
            Try again
          </Button>
        </div>
      ) : empty ? (
        <div className={panelStyle} data-testid="menu-empty">
          {canReset ? (
            <>
              <p className={css({ color: 'textMuted' })}>
                Try another word, or show everything in this category again.
              </p>
              <Button size="sm" onClick={() => menu.send({ type: 'menu.resetFilters' })}>
                Reset filters
              </Button>
            </>
          ) : (
            <p className={css({ color: 'textMuted' })}>Nothing is on this part of the menu yet.</p>
          )}
        </div>
      ) : (
        <>
          <ul className={gridStyle} data-testid="menu-products">
            {products.map((product, index) => (
              <li key={product.productId}>
                <ProductCard
                  product={product}
                  headingLevel="h2"
                  imageLoading={index === 0 ? 'lcp' : index < FIRST_SCREEN_CARDS ? 'eager' : 'lazy'}
                />
              </li>
            ))}
          </ul>
          {moreAvailable ? (
            <div
              className={css({
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: '2',
                mt: '2',
              })}
            >
              {query.isFetchNextPageError && !loadingMore ? (
                <p role="alert" className={css({ color: 'danger', fontSize: 'sm' })}>
                  Could not load more products. {query.error?.message}
                </p>
              ) : null}
              <Button
                visual="outline"
                size="lg"
                aria-busy={loadingMore || undefined}
                // Stays focusable while loading (a disabled button would drop keyboard focus);
                // the machine ignores a second Load More until the page arrives.
                disabled={!canLoadMore && !loadingMore}
                onClick={() => menu.send({ type: 'menu.loadMore' })}
              >
                {loadingMore ? 'Loading...' : 'Load More'}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
