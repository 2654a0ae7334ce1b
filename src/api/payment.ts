import { orderTokenHeaders, unwrap } from './client';
import type { ApiClient, OrderRequestOptions, RequestOptions } from './client';
import type { Id, PaymentIntent, SandboxConfirmRequest, SandboxConfirmResult } from './types';

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
 * The offline sandbox's confirmCardPayment: a decline is a 200 with `error` (like Stripe.js),
 * not a thrown ApiError.
 */
export async function confirmSandboxPayment(
  api: ApiClient,
  body: SandboxConfirmRequest,
  { signal }: RequestOptions = {},
): Promise<SandboxConfirmResult> {
  return unwrap(await api.POST('/api/v1/payment/sandbox/confirm', { body, signal }));
}
