import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';
import { productQueries } from '../api/products.queries';
import type { LoadOutcome } from '../lib/public-route';
import { POPULAR_COUNT } from './not-found-view';

/**
 * Runs a public page's load (its route module, ADR-0051): `found` once it is done; a 404 from
 * the API (the product or story does not exist) answers `not-found`, with the popular products
 * the not-found page suggests in the cache. Any other failure is thrown: the server then leaves
 * the page to the browser.
 */
export async function loadOrNotFound(
  queryClient: QueryClient,
  load: () => Promise<unknown>,
): Promise<LoadOutcome> {
  try {
    await load();
    return 'found';
  } catch (error) {
    if (isApiError(error) && error.isNotFound) {
      await queryClient.prefetchQuery(productQueries.featured(POPULAR_COUNT));
      return 'not-found';
    }
    throw error;
  }
}
