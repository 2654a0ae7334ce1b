import { queryOptions } from '@tanstack/react-query';
import { getOrder, getOrderHistory } from './orders';
import type { Id } from './types';
import { apiOf } from './client';

const ORDER_STALE_MS = 30_000;

// The token is part of the key because it decides the answer (404 without it, the order with it);
// invalidate `orderKeys.order(orderId)` to refresh everything about one order.
export const orderKeys = {
  all: ['orders'] as const,
  order: (orderId: Id) => [...orderKeys.all, orderId] as const,
  detail: (orderId: Id, orderToken?: string | null) =>
    [...orderKeys.order(orderId), 'detail', { orderToken: orderToken ?? null }] as const,
  history: (orderId: Id, orderToken?: string | null) =>
    [...orderKeys.order(orderId), 'history', { orderToken: orderToken ?? null }] as const,
};

export const orderQueries = {
  detail: (orderId: Id, orderToken?: string | null) =>
    queryOptions({
      queryKey: orderKeys.detail(orderId, orderToken),
      queryFn: ({ client, signal }) => getOrder(apiOf(client), orderId, { signal, orderToken }),
      staleTime: ORDER_STALE_MS,
    }),
  history: (orderId: Id, orderToken?: string | null) =>
    queryOptions({
      queryKey: orderKeys.history(orderId, orderToken),
      queryFn: ({ client, signal }) =>
        getOrderHistory(apiOf(client), orderId, { signal, orderToken }),
      staleTime: ORDER_STALE_MS,
    }),
};
