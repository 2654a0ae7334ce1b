// The news list's route module (ADR-0051): what the server loads and writes for it.
import { newsQueries } from '../../api/content.queries';
import { loadOrNotFound } from '../../components/not-found-data';
import { newsHead } from '../../lib/page-head';
import { paths, type routePatterns } from '../../lib/paths';
import { latestChange, sitemapEntry, type PublicRoute } from '../../lib/public-route';
import { NEWS_SLICE_SIZE } from './news-page';

export const route: PublicRoute<typeof routePatterns.news, true> = {
  parse: () => true,
  load: (queryClient) =>
    loadOrNotFound(queryClient, () =>
      queryClient.fetchInfiniteQuery(newsQueries.list(NEWS_SLICE_SIZE)),
    ),
  head: () => newsHead(),
  // The list changed when its latest story was published.
  sitemapPaths: ({ news }) => [sitemapEntry(paths.news(), latestChange(news))],
};
