import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';
import { bindApi, type ApiClient } from '../api/client';

/** One retry covers a dropped connection; more would hide real failures behind spinners. */
const MAX_QUERY_RETRIES = 1;

/**
 * Whether a failed query is worth asking again. A 4xx is the server's considered answer (404 the
 * product does not exist, 401 the session is gone, 400 the request is wrong): asking again gives
 * the same answer later, so the shopper sees it at once. No answer at all, or a 5xx, may pass.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return true;
}

/**
 * The app's QueryClient, born with the API client its queries and mutations use (apiOf, in
 * src/api/client.ts): one per page in the browser, one per server render, one per test.
 */
export function createQueryClient(api: ApiClient): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        // Catalogue data changes rarely; a tab switch should not refetch every visible query.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: 0 },
    },
  });
  return bindApi(queryClient, api);
}
