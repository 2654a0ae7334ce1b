import { queryOptions } from '@tanstack/react-query';
import { getCart, listCartPromos } from './cart';
import { apiOf } from './client';

const CART_STALE_MS = 30_000;

export const cartKeys = {
  all: ['cart'] as const,
  detail: () => [...cartKeys.all, 'detail'] as const,
  promos: () => [...cartKeys.all, 'promos'] as const,
};

export const cartQueries = {
  /** The caller's cart (guest or signed-in). */
  detail: () =>
    queryOptions({
      queryKey: cartKeys.detail(),
      queryFn: ({ client, signal }) => getCart(apiOf(client), { signal }),
      staleTime: CART_STALE_MS,
    }),
  promos: () =>
    queryOptions({
      queryKey: cartKeys.promos(),
      queryFn: ({ client, signal }) => listCartPromos(apiOf(client), { signal }),
      staleTime: CART_STALE_MS,
    }),
};
