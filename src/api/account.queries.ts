import { queryOptions } from '@tanstack/react-query';
import { getAccountUser, listAccountOrders, listAddresses } from './account';
import type { AccountOrdersParams } from './types';
import { apiOf } from './client';

const ACCOUNT_STALE_MS = 30_000;

/** Everything under `accountKeys.all` belongs to the signed-in user: remove it on sign-out. */
export const accountKeys = {
  all: ['account'] as const,
  user: () => [...accountKeys.all, 'user'] as const,
  addresses: () => [...accountKeys.all, 'addresses'] as const,
  orderLists: () => [...accountKeys.all, 'orders'] as const,
  orders: (params: AccountOrdersParams = {}) => [...accountKeys.orderLists(), params] as const,
};

export const accountQueries = {
  user: () =>
    queryOptions({
      queryKey: accountKeys.user(),
      queryFn: ({ client, signal }) => getAccountUser(apiOf(client), { signal }),
      staleTime: ACCOUNT_STALE_MS,
    }),
  addresses: () =>
    queryOptions({
      queryKey: accountKeys.addresses(),
      queryFn: ({ client, signal }) => listAddresses(apiOf(client), { signal }),
      staleTime: ACCOUNT_STALE_MS,
    }),
  /** Order history; status and search filter on the server. */
  orders: (params: AccountOrdersParams = {}) =>
    queryOptions({
      queryKey: accountKeys.orders(params),
      queryFn: ({ client, signal }) => listAccountOrders(apiOf(client), params, { signal }),
      staleTime: ACCOUNT_STALE_MS,
    }),
};
