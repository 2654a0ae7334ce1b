// The menu's route module (ADR-0051): what the server loads and writes for it.
import type { MenuFilters } from '../../../machines/menu.machine';
import { productQueries } from '../../api/products.queries';
import { loadOrNotFound } from '../../components/not-found-data';
import { menuHead } from '../../lib/page-head';
import { paths, type routePatterns } from '../../lib/paths';
import { latestChange, sitemapEntry, type PublicRoute } from '../../lib/public-route';
import { menuQueryParams, parseMenuSearch } from './menu-filters';

export const route: PublicRoute<typeof routePatterns.menu, MenuFilters> = {
  // The tab, search and sort come from the query string, as the page reads them.
  parse: (_params, search) => parseMenuSearch(search),
  load: (queryClient, filters) =>
    loadOrNotFound(queryClient, () =>
      queryClient.fetchInfiniteQuery(productQueries.menu(menuQueryParams(filters))),
    ),
  head: () => menuHead(),
  // The menu changed when its latest product did.
  sitemapPaths: ({ products }) => [sitemapEntry(paths.menu(), latestChange(products))],
};
