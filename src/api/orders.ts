import { orderTokenHeaders, unwrap } from './client';
import type { ApiClient, OrderRequestOptions, RequestOptions } from './client';
import type {
  ClaimedGuestOrders,
  Id,
  OrderDetail,
  OrderRequest,
  OrderResponse,
  OrderStatusEvent,
  OrderStatusUpdate,
} from './types';

/**
 * Places the order (201), or answers the order an earlier call with the same idempotencyKey
 * created (200). 409 TOTALS_MISMATCH carries the server's `totals`. A guest order's answer
 * carries the `orderToken` that reads it later.
 */
export async function createOrder(
  api: ApiClient,
  body: OrderRequest,
  { signal }: RequestOptions = {},
): Promise<OrderResponse> {
  return unwrap(
    await api.POST('/api/v1/order', {
      body,
      signal,
    }),
  );
}

/** Readable by its owner (bearer) or with its order token; anyone else gets 404. */
export async function getOrder(
  api: ApiClient,
  orderId: Id,
  { signal, orderToken }: OrderRequestOptions = {},
): Promise<OrderDetail> {
  return unwrap(
    await api.GET('/api/v1/order/{orderId}', {
      params: { path: { orderId } },
      headers: orderTokenHeaders(orderToken),
      signal,
    }),
  );
}

/** Reports the payment outcome: PAID (only once the intent succeeded) or PAYMENT_FAILED. */
export async function updateOrderStatus(
  api: ApiClient,
  orderId: Id,
  body: OrderStatusUpdate,
  { signal, orderToken }: OrderRequestOptions = {},
): Promise<OrderResponse> {
  return unwrap(
    await api.PATCH('/api/v1/order/{orderId}/status', {
      params: { path: { orderId } },
      body,
      headers: orderTokenHeaders(orderToken),
      signal,
    }),
  );
}

/** What the shop moves an order on to (ADR-0061). */
export type ShopOrderStatus = Extract<
  OrderStatusUpdate['status'],
  'SHIPPED' | 'DELIVERED' | 'CANCELLED'
>;

/**
 * The shop marks an order SHIPPED, DELIVERED or CANCELLED (ADR-0061): the signed-in account must
 * be an owner (403 FORBIDDEN otherwise); an impossible move is 409 INVALID_STATUS_TRANSITION. No
 * storefront page calls it yet: it is the owner's, for a back office to come.
 */
export async function moveOrderOn(
  api: ApiClient,
  orderId: Id,
  status: ShopOrderStatus,
  { signal }: RequestOptions = {},
): Promise<OrderResponse> {
  return unwrap(
    await api.PATCH('/api/v1/order/{orderId}/status', {
      params: { path: { orderId } },
      body: { status },
      signal,
    }),
  );
}

/** Every status the order went through, oldest first. */
export async function getOrderHistory(
  api: ApiClient,
  orderId: Id,
  { signal, orderToken }: OrderRequestOptions = {},
): Promise<OrderStatusEvent[]> {
  return unwrap(
    await api.GET('/api/v1/order/{orderId}/history', {
      params: { path: { orderId } },
      headers: orderTokenHeaders(orderToken),
      signal,
    }),
  );
}

/**
 * Joins to the signed-in account the guest orders whose tokens this browser kept (issue 30,
 * ADR-0055). Answers the ids among them that belong to the account now; a token that is wrong
 * or whose order is someone else's is simply left out. Repeating it is harmless.
 */
export async function claimGuestOrders(
  api: ApiClient,
  orderTokens: readonly string[],
  { signal }: RequestOptions = {},
): Promise<ClaimedGuestOrders> {
  return unwrap(
    await api.POST('/api/v1/orders/claim', {
      body: { orderTokens: [...orderTokens] },
      signal,
    }),
  );
}
