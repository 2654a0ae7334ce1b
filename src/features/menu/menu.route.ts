// The menu's route module (ADR-0051): what the server loads and writes for it.
import type { MenuFilters } from '../../../machines/menu.machine';
import { productQueries } from '../../api/products.queries';
import { loadOrNotFound } from '../../components/not-found-data';
import { menuHead } from '../../lib/page-head';
import { paths, type routePatterns } from '../../lib/paths';
import { latestChange, sitemapEntry, type PublicRoute } from '../../lib/public-route';
import { menuQueryParams, parseMenuPage, parseMenuSearch } from './menu-filters';
import { otherTabCounts } from './other-tabs';

/** What the menu reads of its address: the filters, and the last page shown (0-based). */
export type MenuAddress = { filters: MenuFilters; page: number };

export const route: PublicRoute<typeof routePatterns.menu, MenuAddress> = {
  // The tab, search, price, sort and pages come from the query string, as the page reads them.
  parse: (_params, search) => ({ filters: parseMenuSearch(search), page: parseMenuPage(search) }),
  load: async (queryClient, { filters, page }) => {
    const outcome = await loadOrNotFound(queryClient, () =>
      queryClient.fetchInfiniteQuery({
        ...productQueries.menu(menuQueryParams(filters)),
        // Load More's link (`?page=2`) asks for the pages up to that one: each is fetched in
        // turn, and no further than the last there is (the browser's query only numbers the next
        // page: the menu machine decides whether there is one).
        pages: page + 1,
        getNextPageParam: (last) => (last.page + 1 < last.totalPages ? last.page + 1 : undefined),
      }),
    );
    // A search that found nothing here says what the other tabs hold (issue 30): their counts
    // come with the page, so the pointer is in the HTML. A count that fails is left out.
    const [first] =
      queryClient.getQueryData(productQueries.menu(menuQueryParams(filters)).queryKey)?.pages ?? [];
    if (filters.search !== '' && first?.totalElements === 0) {
      await Promise.all(
        otherTabCounts(filters).map(({ query }) =>
          queryClient.prefetchQuery(productQueries.search(query)),
        ),
      );
    }
    return outcome;
  },
  head: () => menuHead(),
  // The menu changed when its latest product did.
  sitemapPaths: ({ products }) => [sitemapEntry(paths.menu(), latestChange(products))],
};
