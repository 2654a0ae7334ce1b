import { queryOptions } from '@tanstack/react-query';
import { getCart, listCartPromos } from './cart';

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
      queryFn: ({ signal }) => getCart({ signal }),
      staleTime: CART_STALE_MS,
    }),
  promos: () =>
    queryOptions({
      queryKey: cartKeys.promos(),
      queryFn: ({ signal }) => listCartPromos({ signal }),
      staleTime: CART_STALE_MS,
    }),
};
