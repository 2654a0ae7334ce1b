// The community page's route module (ADR-0051): what the server loads and writes for it.
import { eventQueries } from '../../api/content.queries';
import { loadOrNotFound } from '../../components/not-found-data';
import { communityHead } from '../../lib/page-head';
import { paths, type routePatterns } from '../../lib/paths';
import { sitemapEntry, type PublicRoute } from '../../lib/public-route';
import { EVENTS_PAGE_SIZE } from './community-page';

export const route: PublicRoute<typeof routePatterns.community, true> = {
  parse: () => true,
  load: (queryClient) =>
    loadOrNotFound(queryClient, () =>
      Promise.all([
        queryClient.fetchQuery(eventQueries.upcoming(EVENTS_PAGE_SIZE)),
        queryClient.prefetchQuery(eventQueries.closed({ page: 0, size: EVENTS_PAGE_SIZE })),
      ]),
    ),
  head: () => communityHead(),
  // Events carry no change date.
  sitemapPaths: () => [sitemapEntry(paths.community())],
};
