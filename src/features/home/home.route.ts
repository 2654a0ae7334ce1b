// The home page's route module (ADR-0051): what the server loads and writes for it.
import { eventQueries, newsQueries, spaceQueries } from '../../api/content.queries';
import { productQueries } from '../../api/products.queries';
import { loadOrNotFound } from '../../components/not-found-data';
import { homeHead } from '../../lib/page-head';
import { paths, type routePatterns } from '../../lib/paths';
import { laterOf, latestChange, sitemapEntry, type PublicRoute } from '../../lib/public-route';
import { FEATURED_COUNT } from './featured-products';
import { HOME_NEWS_COUNT } from './news-teaser';
import { HOME_EVENT_COUNT } from './upcoming-events';

export const route: PublicRoute<typeof routePatterns.home, true> = {
  parse: () => true,
  load: (queryClient) =>
    loadOrNotFound(queryClient, () =>
      Promise.all([
        queryClient.prefetchQuery(productQueries.featured(FEATURED_COUNT)),
        queryClient.prefetchQuery(spaceQueries.all()),
        queryClient.prefetchQuery(eventQueries.upcoming(HOME_EVENT_COUNT)),
        queryClient.prefetchQuery(newsQueries.latest(HOME_NEWS_COUNT)),
      ]),
    ),
  head: () => homeHead(),
  // Home shows featured products and the latest news: it changed when either did.
  sitemapPaths: ({ products, news }) => [
    sitemapEntry(paths.home(), laterOf(latestChange(products), latestChange(news))),
  ],
};
