import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // One retry covers a dropped connection; more would hide real failures behind spinners.
        retry: 1,
        // Catalogue data changes rarely; a tab switch should not refetch every visible query.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: 0 },
    },
  });
}
