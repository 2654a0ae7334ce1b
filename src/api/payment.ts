import { orderTokenHeaders, unwrap } from './client';
import type { ApiClient, OrderRequestOptions } from './client';
import type { Id, PaymentIntent } from './types';

/** The card order's payment intent (one per order; created when missing). */
export async function createPaymentIntent(
  api: ApiClient,
  body: { orderId: Id },
  { signal, orderToken }: OrderRequestOptions = {},
): Promise<PaymentIntent> {
  return unwrap(
    await api.POST('/api/v1/payment/create-payment-intent', {
      body,
      headers: orderTokenHeaders(orderToken),
      signal,
    }),
  );
}
