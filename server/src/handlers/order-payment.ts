// Pay now from any tab or device (issue 30, ADR-0058): an unpaid card order is paid again without
// its original order request. Whoever may read the order may pay it; the order keeps its one
// PaymentIntent, made or reused through the same Stripe layer placing the order uses.
import type { HandlerMap } from '../handler-types';
import { ok } from '../handler-types';
import { ApiError, notFound } from '../http-error';
import { retakeStock } from '../order-stock';
import { accessibleOrder, getOrderRow, orderResponseJson, type OrderRow } from '../order-store';
import { ensureCardIntent } from '../payment-state';
import { askStripe, gatewayOf, ORDER_CANCELLED_MESSAGE } from './orders';

const ORDER_ALREADY_PAID_MESSAGE = 'This order is already paid.';
const NOT_A_CARD_ORDER_MESSAGE = 'This order is not paid by card, so it cannot be paid here.';
/** Said when the order lapsed or was cancelled: nothing can pay it any more. */
const CANCELLED_MESSAGE = ORDER_CANCELLED_MESSAGE;

/** Refuses an order that Pay now cannot pay, with the plain reason (409). */
function checkPayable(order: OrderRow): void {
  if (order.status === 'CANCELLED' || order.status === 'CANCELED') {
    throw new ApiError(409, 'ORDER_CANCELLED', CANCELLED_MESSAGE);
  }
  if (order.status !== 'PENDING' && order.status !== 'PAYMENT_FAILED') {
    throw new ApiError(409, 'ORDER_ALREADY_PAID', ORDER_ALREADY_PAID_MESSAGE);
  }
  if (order.payment_method !== 'card') {
    throw new ApiError(409, 'PAYMENT_METHOD_UNAVAILABLE', NOT_A_CARD_ORDER_MESSAGE);
  }
}

export const orderPaymentHandlers = {
  payOrder: async (ctx) => {
    // Owner's bearer or the order token, as GET order; anyone else: 404, nothing said.
    const order = await accessibleOrder(ctx, ctx.params.orderId);
    checkPayable(order);
    const gateway = gatewayOf(ctx);
    await ctx.db.transaction(async () => {
      // Read again inside the transaction: a second tap, or the webhook, may have come first.
      const current = await getOrderRow(ctx.db, order.id);
      if (!current) throw notFound('Order not found');
      checkPayable(current);
      // A declined payment gave the units back: taken again before the card can be charged, or
      // the shopper is told they are gone (409 OUT_OF_STOCK). Taken once, however many taps.
      if (current.stock_held === 0) await retakeStock(ctx.db, current.id, ctx.now);
    });
    // The network call holds no transaction; Stripe's Idempotency-Key is the order's, so the
    // intent made at placement is the one reused (or made once now if Stripe was out then).
    await askStripe(ctx, () => ensureCardIntent(gateway, ctx.db, order.id, () => ctx.now));
    const paying = await getOrderRow(ctx.db, order.id);
    if (!paying) throw notFound('Order not found');
    return ok(await orderResponseJson(ctx.db, paying));
  },
} satisfies HandlerMap;
