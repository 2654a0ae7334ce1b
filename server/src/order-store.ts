// Orders and their payment intents: reading, access control and JSON shapes.
import { timingSafeEqual } from 'node:crypto';
import type { components } from '../../contract/schema';
import type { Db, Row } from './db';
import type { HandlerContext } from './handler-types';
import { notFound } from './http-error';
import { toAmount } from './money';

type OrderResponse = components['schemas']['OrderResponse'];
type OrderDetail = components['schemas']['OrderDetail'];
type PaymentIntent = components['schemas']['PaymentIntent'];
type CardError = components['schemas']['CardError'];
export type OrderStatus = components['schemas']['OrderStatus'];
export type ShippingAddress = components['schemas']['ShippingAddress'];

// Enum columns hold only values this server writes (its own SQL literals and validated request
// fields), so rows carry the contract's enums and the JSON builders below need no casts.
export interface OrderRow extends Row {
  id: number;
  user_id: number | null;
  email: string;
  order_token: string | null;
  cart_token: string | null;
  owner_key: string;
  idempotency_key: string;
  status: OrderStatus;
  payment_status: OrderResponse['paymentStatus'];
  payment_method: components['schemas']['PaymentMethod'];
  ship_method_name: string;
  /** JSON of a ShippingAddress, written by the order handler. */
  shipping_address: string;
  currency: OrderResponse['currency'];
  promo_code: string | null;
  subtotal_cents: number;
  tax_cents: number;
  shipping_cents: number;
  discount_cents: number;
  total_cents: number;
  payment_intent_id: string | null;
  /** Until when an unpaid order holds its stock; null once paid or cancelled. */
  reserved_until: string | null;
  /** 1 while the order's units are out of stock (0 after a declined payment gave them back). */
  stock_held: number;
  created_at: string;
}

export interface IntentRow extends Row {
  id: string;
  client_secret: string;
  order_id: number;
  amount_cents: number;
  currency: PaymentIntent['currency'];
  status: PaymentIntent['status'];
  /** JSON of a CardError, written by the sandbox confirm. */
  last_error: string | null;
}

const ORDER_NOT_FOUND = 'Order not found';

export function getOrderRow(db: Db, id: number): Promise<OrderRow | undefined> {
  return db.get<OrderRow>('SELECT * FROM orders WHERE id = ?', [id]);
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The order when the caller may see it: its owner (bearer) or whoever holds its order token.
 * Everything else, existing or not, is the same 404 so ids reveal nothing.
 */
export async function accessibleOrder(ctx: HandlerContext, orderId: number): Promise<OrderRow> {
  const row = await getOrderRow(ctx.db, orderId);
  if (row) {
    if (ctx.user && row.user_id === ctx.user.id) return row;
    const token = ctx.header('x-order-token')?.trim();
    if (token && row.order_token && token.length <= 200 && sameSecret(token, row.order_token))
      return row;
  }
  throw notFound(ORDER_NOT_FOUND);
}

export async function intentOfOrder(db: Db, order: OrderRow): Promise<IntentRow | undefined> {
  if (!order.payment_intent_id) return undefined;
  return db.get<IntentRow>('SELECT * FROM payment_intents WHERE id = ?', [order.payment_intent_id]);
}

export async function orderResponseJson(db: Db, order: OrderRow): Promise<OrderResponse> {
  const intent = await intentOfOrder(db, order);
  return {
    orderId: order.id,
    status: order.status,
    paymentStatus: order.payment_status,
    clientSecret: intent?.client_secret ?? null,
    orderToken: order.user_id === null ? order.order_token : null,
    subtotalAmount: toAmount(order.subtotal_cents),
    taxAmount: toAmount(order.tax_cents),
    shippingAmount: toAmount(order.shipping_cents),
    discountAmount: toAmount(order.discount_cents),
    totalAmount: toAmount(order.total_cents),
    currency: order.currency,
  };
}

interface OrderItemRow extends Row {
  product_id: number;
  product_name: string;
  product_img: string | null;
  product_category: components['schemas']['Category'];
  price_cents: number;
  quantity: number;
}

export async function orderDetailJson(db: Db, order: OrderRow): Promise<OrderDetail> {
  const items = await db.all<OrderItemRow>(
    'SELECT * FROM order_items WHERE order_id = ? ORDER BY id',
    [order.id],
  );
  return {
    orderId: order.id,
    status: order.status,
    paymentStatus: order.payment_status,
    email: order.email,
    items: items.map((i) => ({
      productId: i.product_id,
      productName: i.product_name,
      productImg: i.product_img,
      productCategory: i.product_category,
      quantity: i.quantity,
      price: toAmount(i.price_cents),
    })),
    subtotalAmount: toAmount(order.subtotal_cents),
    taxAmount: toAmount(order.tax_cents),
    shippingAmount: toAmount(order.shipping_cents),
    discountAmount: toAmount(order.discount_cents),
    totalAmount: toAmount(order.total_cents),
    paymentMethod: order.payment_method,
    shippingMethod: order.ship_method_name,
    shippingAddress: JSON.parse(order.shipping_address) as ShippingAddress,
    promoCode: order.promo_code,
    createdAt: order.created_at,
    paymentError: order.status === 'PAYMENT_FAILED' ? await paymentErrorOf(db, order) : null,
  };
}

/** What a shopper reads for a 3-D Secure authentication that failed (Stripe's text speaks of payment methods). */
const AUTHENTICATION_FAILED = 'Your bank could not confirm this payment.';

/** Why the order's last card payment failed: the card issuer's words, or ours for a failed authentication. */
async function paymentErrorOf(db: Db, order: OrderRow): Promise<string | null> {
  const stored = (await intentOfOrder(db, order))?.last_error;
  if (!stored) return null;
  const error = JSON.parse(stored) as CardError;
  return error.code === 'payment_intent_authentication_failure'
    ? AUTHENTICATION_FAILED
    : (error.message ?? null);
}

export function intentJson(intent: IntentRow): PaymentIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    amount: intent.amount_cents,
    currency: intent.currency,
    status: intent.status,
    lastPaymentError: intent.last_error ? (JSON.parse(intent.last_error) as CardError) : null,
  };
}

export async function appendHistory(
  db: Db,
  orderId: number,
  status: OrderStatus,
  note: string | null,
  now: Date,
): Promise<void> {
  await db.run(
    'INSERT INTO order_status_history (order_id, status, note, created_at) VALUES (?, ?, ?, ?)',
    [orderId, status, note, now.toISOString()],
  );
}

/**
 * Joins to `userId` the guest orders whose order tokens the caller presents (issue 30,
 * ADR-0055): only an order with no owner yet, only by its exact token. Answers the ids, among
 * the presented orders, that belong to the user now (joined here or before), so a repeat answers
 * the same. A wrong token, an unknown one and another owner's order all simply do not appear.
 */
export function claimGuestOrders(
  db: Db,
  userId: number,
  orderTokens: readonly string[],
  now: Date,
): Promise<number[]> {
  const tokens = [...new Set(orderTokens.map((token) => token.trim()))].filter(
    (token) => token !== '',
  );
  return db.transaction(async () => {
    const ids: number[] = [];
    for (const token of tokens) {
      // Found by the token itself; the comparison that decides is accessibleOrder's
      // constant-time one.
      const row = await db.get<{ id: number; user_id: number | null; order_token: string | null }>(
        'SELECT id, user_id, order_token FROM orders WHERE order_token = ?',
        [token],
      );
      if (!row?.order_token || !sameSecret(token, row.order_token)) continue;
      if (row.user_id === null) {
        await db.run(
          'UPDATE orders SET user_id = ?, updated_at = ? WHERE id = ? AND user_id IS NULL',
          [userId, now.toISOString(), row.id],
        );
      }
      if ((await getOrderRow(db, row.id))?.user_id === userId) ids.push(row.id);
    }
    return ids.sort((a, b) => a - b);
  });
}
