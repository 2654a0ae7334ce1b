import { queryOptions } from '@tanstack/react-query';
import { authProviders } from './auth';
import { apiOf } from './client';

// The server's configuration: it changes with a deploy, not while a shopper looks.
const PROVIDERS_STALE_MS = 10 * 60_000;

const authKeys = {
  all: ['auth'] as const,
  providers: () => [...authKeys.all, 'providers'] as const,
};

export const authQueries = {
  /** Whether to offer sign-in with an identity provider (sign-in and register pages). */
  providers: () =>
    queryOptions({
      queryKey: authKeys.providers(),
      queryFn: ({ client, signal }) => authProviders(apiOf(client), { signal }),
      staleTime: PROVIDERS_STALE_MS,
    }),
};
