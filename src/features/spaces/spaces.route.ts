// The spaces page's route module (ADR-0051): what the server loads and writes for it.
import { spaceQueries } from '../../api/content.queries';
import { loadOrNotFound } from '../../components/not-found-data';
import { spacesHead } from '../../lib/page-head';
import { paths, type routePatterns } from '../../lib/paths';
import { sitemapEntry, type PublicRoute } from '../../lib/public-route';

export const route: PublicRoute<typeof routePatterns.spaces, true> = {
  parse: () => true,
  load: (queryClient) =>
    loadOrNotFound(queryClient, () => queryClient.fetchQuery(spaceQueries.all())),
  head: () => spacesHead(),
  // Spaces carry no change date.
  sitemapPaths: () => [sitemapEntry(paths.spaces())],
};
