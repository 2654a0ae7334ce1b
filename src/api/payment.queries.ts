import { queryOptions } from '@tanstack/react-query';
import { apiOf } from './client';
import { listPaymentMethods } from './payment';

/** Like the ship methods, they change with the shop's settings, rarely. */
const PAYMENT_METHODS_STALE_MS = 5 * 60_000;

export const paymentMethodKeys = {
  all: ['payment-methods'] as const,
};

export const paymentQueries = {
  /**
   * Which payment methods can place an order (the payment step; cash on delivery can be off).
   * Its own module: only the checkout reads it, and the first visit's script has no room.
   */
  methods: () =>
    queryOptions({
      queryKey: paymentMethodKeys.all,
      queryFn: ({ client, signal }) => listPaymentMethods(apiOf(client), { signal }),
      staleTime: PAYMENT_METHODS_STALE_MS,
    }),
};
