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
import type { MenuCategory } from '../../../machines/menu.machine';
import { productQueries } from '../../api/products.queries';
import { isPlainClick } from '../../lib/link-click';
import { Button, buttonClassName } from '../../ui/button';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { ProductCard, ProductCardSkeleton } from '../../components/product-card';
import type { MenuActor } from './menu-controls';
import { MENU_PAGE_SIZE, menuHref, menuQueryParams } from './menu-filters';
import { otherTabsSummary } from './other-tabs';
import { OtherTabsPointer, useOtherTabsMessage } from './other-tabs-pointer';
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
 * and sends the shopper's intents (Load More, Try again, Reset filters, the pointer to other
 * tabs). Load More and the pointer are links the server renders (ADR-0059), taken over in place
 * once the app runs.
 */
export function MenuResults({
  menu,
  restoreScrollY = null,
  onFollowMatches,
}: {
  menu: MenuActor;
  /** Back on this menu entry: scroll here once the products are laid out (once). */
  restoreScrollY?: number | null;
  /** The pointer of an empty search to another tab was followed (issue 30). */
  onFollowMatches: (category: MenuCategory) => void;
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
  // No dead ends (issue 30): a search that found nothing here says what the other tabs hold.
  const otherTabs = useOtherTabsMessage(filters, empty && filters.search !== '');
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
        {otherTabs ? <VisuallyHidden> {otherTabsSummary(otherTabs)}</VisuallyHidden> : null}
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
          {otherTabs ? (
            <OtherTabsPointer filters={filters} message={otherTabs} onFollow={onFollowMatches} />
          ) : null}
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
              {canLoadMore || loadingMore ? (
                // A link to the address with one page more (`?page=2`), which the server renders
                // before the scripts run; then the machine loads the page in place. It stays a
                // link while loading (focus stays on it); the machine ignores a second Load More
                // until the page arrives.
                <a
                  href={menuHref(filters, loadingMore ? page : page + 1)}
                  className={buttonClassName(
                    { visual: 'outline', size: 'lg' },
                    undefined,
                    undefined,
                  )}
                  aria-busy={loadingMore || undefined}
                  onClick={(event) => {
                    if (!isPlainClick(event)) return;
                    event.preventDefault();
                    menu.send({ type: 'menu.loadMore' });
                  }}
                >
                  {loadingMore ? 'Loading...' : 'Load More'}
                </a>
              ) : (
                <Button visual="outline" size="lg" disabled>
                  Load More
                </Button>
              )}
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
