import type { QueryClient } from '@tanstack/react-query';
import type { MenuFilters } from '../../machines/menu.machine';
import { isApiError } from '../api/api-error';
import {
  communityHead,
  homeHead,
  menuHead,
  newsHead,
  newsItemHead,
  notFoundHead,
  productHead,
  renderHeadTags,
  spacesHead,
  type PageHead,
} from '../lib/page-head';
import { paths } from '../lib/paths';
import { eventQueries, newsQueries, spaceQueries } from '../api/content.queries';
import { productQueries } from '../api/products.queries';
import { POPULAR_COUNT } from '../components/not-found-view';
import { EVENTS_PAGE_SIZE } from '../features/community/community-page';
import { FEATURED_COUNT } from '../features/home/featured-products';
import { HOME_NEWS_COUNT } from '../features/home/news-teaser';
import { HOME_EVENT_COUNT } from '../features/home/upcoming-events';
import { menuQueryParams, parseMenuSearch } from '../features/menu/menu-filters';
import { parseNewsId } from '../features/news/news-detail-page';
import { NEWS_SLICE_SIZE } from '../features/news/news-page';
import { parseProductId } from '../features/product/product-page';
import { RELATED_COUNT } from '../features/product/related-products';

/**
 * The public pages (issue 19): those that arrive rendered, with their data. Signed-in pages,
 * the cart and checkout are the shopper's own and are rendered in the browser only.
 */
export type PublicPage =
  | { name: 'home' }
  | { name: 'menu'; filters: MenuFilters }
  | { name: 'productDetail'; productId: number }
  | { name: 'news' }
  | { name: 'newsDetail'; newId: number }
  | { name: 'community' }
  | { name: 'spaces' };

/** The public page at this address, or null (not public, or not a page at all). */
export function matchPublicPage(pathname: string, search: string): PublicPage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return { name: 'home' };
  if (path === '/menu') return { name: 'menu', filters: parseMenuSearch(search) };
  if (path === '/news') return { name: 'news' };
  if (path === '/community') return { name: 'community' };
  if (path === '/spaces') return { name: 'spaces' };
  const product = /^\/menu\/detail\/([^/]+)$/.exec(path);
  if (product) {
    const productId = parseProductId(product[1]);
    return productId === null ? null : { name: 'productDetail', productId };
  }
  const story = /^\/news\/([^/]+)$/.exec(path);
  if (story) {
    const newId = parseNewsId(story[1]);
    return newId === null ? null : { name: 'newsDetail', newId };
  }
  return null;
}

/** `found`: the page's data is in the cache; `not-found`: its product or story does not exist. */
export type PageDataOutcome = 'found' | 'not-found';

/**
 * Fills the query cache with what the page shows on its first screen, through the same query
 * options the page's components read, so a render from this cache shows the page as it will be.
 * The page's own resource (a product, a story) must load, or this throws (a 404 answers
 * `not-found`); the rest is fetched alongside and, if it fails, left to the browser.
 */
export async function loadPageData(
  queryClient: QueryClient,
  page: PublicPage,
): Promise<PageDataOutcome> {
  try {
    switch (page.name) {
      case 'home':
        await Promise.all([
          queryClient.prefetchQuery(productQueries.featured(FEATURED_COUNT)),
          queryClient.prefetchQuery(spaceQueries.all()),
          queryClient.prefetchQuery(eventQueries.upcoming(HOME_EVENT_COUNT)),
          queryClient.prefetchQuery(newsQueries.latest(HOME_NEWS_COUNT)),
        ]);
        return 'found';
      case 'menu':
        await queryClient.fetchInfiniteQuery(productQueries.menu(menuQueryParams(page.filters)));
        return 'found';
      case 'productDetail': {
        const product = await queryClient.fetchQuery(productQueries.detail(page.productId));
        await queryClient.prefetchQuery(
          productQueries.related({
            category: product.category,
            size: RELATED_COUNT,
            excludedId: product.productId,
          }),
        );
        return 'found';
      }
      case 'news':
        await queryClient.fetchInfiniteQuery(newsQueries.list(NEWS_SLICE_SIZE));
        return 'found';
      case 'newsDetail':
        await queryClient.fetchQuery(newsQueries.detail(page.newId));
        return 'found';
      case 'community':
        await Promise.all([
          queryClient.fetchQuery(eventQueries.upcoming(EVENTS_PAGE_SIZE)),
          queryClient.prefetchQuery(eventQueries.closed({ page: 0, size: EVENTS_PAGE_SIZE })),
        ]);
        return 'found';
      case 'spaces':
        await queryClient.fetchQuery(spaceQueries.all());
        return 'found';
    }
  } catch (error) {
    if (isApiError(error) && error.isNotFound) {
      // The not-found page suggests popular products: those come along.
      await queryClient.prefetchQuery(productQueries.featured(POPULAR_COUNT));
      return 'not-found';
    }
    throw error;
  }
}

/** The image the first screen shows largest: preloaded with the HTML (issue 19). */
export function lcpImages(
  queryClient: QueryClient,
  page: PublicPage,
  outcome: PageDataOutcome,
): string[] {
  if (outcome !== 'found' || page.name !== 'productDetail') return [];
  const product = queryClient.getQueryData(productQueries.detail(page.productId).queryKey);
  const main = product?.images.find((image) => image.isMain) ?? product?.images[0];
  return main ? [main.imageUrl] : [];
}

/** The page's <head>: title, description, canonical URL, link previews and JSON-LD (issue 19). */
export function pageHeadTags(
  queryClient: QueryClient,
  page: PublicPage,
  outcome: PageDataOutcome,
  origin: string,
): string {
  return renderHeadTags(pageHead(queryClient, page, outcome, origin), origin);
}

function pageHead(
  queryClient: QueryClient,
  page: PublicPage,
  outcome: PageDataOutcome,
  origin: string,
): PageHead {
  switch (page.name) {
    case 'home':
      return homeHead();
    case 'menu':
      return menuHead();
    case 'productDetail': {
      const product = queryClient.getQueryData(productQueries.detail(page.productId).queryKey);
      return outcome === 'found' && product
        ? productHead(product, origin)
        : notFoundHead(paths.productDetail(page.productId));
    }
    case 'news':
      return newsHead();
    case 'newsDetail': {
      const story = queryClient.getQueryData(newsQueries.detail(page.newId).queryKey);
      return outcome === 'found' && story
        ? newsItemHead(story, origin)
        : notFoundHead(paths.newsDetail(page.newId));
    }
    case 'community':
      return communityHead();
    case 'spaces':
      return spacesHead();
  }
}
