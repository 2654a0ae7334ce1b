import { orderTokenHeaders, unwrap } from './client';
import type { ApiClient, OrderRequestOptions, RequestOptions } from './client';
import type { Id, OrderResponse, PaymentIntent, PaymentMethods } from './types';

/** Which payment methods can place an order here (cash on delivery can be turned off). */
export async function listPaymentMethods(
  api: ApiClient,
  { signal }: RequestOptions = {},
): Promise<PaymentMethods> {
  return unwrap(await api.GET('/api/v1/payment/methods', { signal }));
}

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

/**
 * Pay now on an order's page, from any tab or device (ADR-0058): takes the unpaid card order's
 * units again and answers it with its payment intent's `clientSecret`. 409 OUT_OF_STOCK when the
 * units are gone, ORDER_ALREADY_PAID, ORDER_CANCELLED or PAYMENT_METHOD_UNAVAILABLE otherwise,
 * each with a message to show as is. Repeating it is harmless.
 */
export async function payOrder(
  api: ApiClient,
  orderId: Id,
  { signal, orderToken }: OrderRequestOptions = {},
): Promise<OrderResponse> {
  return unwrap(
    await api.POST('/api/v1/order/{orderId}/payment', {
      params: { path: { orderId } },
      headers: orderTokenHeaders(orderToken),
      signal,
    }),
  );
}
