// Card payments at Stripe (ADR-0050): an order's PaymentIntent, and Stripe's signed webhook, which
// decides that an order is paid.
import type { HandlerMap } from '../handler-types';
import { ok } from '../handler-types';
import { ApiError, validationError } from '../http-error';
import { accessibleOrder, getOrderRow, intentJson, intentOfOrder } from '../order-store';
import { applyIntent, type AppliedOutcome, type IntentEvent } from '../payment-state';
import { snapshotOf, WebhookSignatureError } from '../stripe/gateway';
import { askStripe, gatewayOf, ORDER_CANCELLED_MESSAGE } from './orders';
import { ensureCardIntent } from '../payment-state';
import type Stripe from 'stripe';

const EVENT_KINDS: Record<string, IntentEvent> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'payment_failed',
  'payment_intent.canceled': 'canceled',
};

export const paymentHandlers = {
  // A card always (Stripe, or the sandbox without keys), PayPal never (D5), cash on delivery
  // unless the shop turned it off (COD_ENABLED): the checkout says so before an order is tried.
  listPaymentMethods: async (ctx) =>
    ok({ card: true, paypal: false, cod: ctx.config.orderLimits.codEnabled }),

  createPaymentIntent: async (ctx) => {
    const order = await accessibleOrder(ctx, ctx.body.orderId);
    if (order.status === 'CANCELLED') {
      throw new ApiError(409, 'ORDER_CANCELLED', ORDER_CANCELLED_MESSAGE);
    }
    if (order.payment_method !== 'card') {
      throw validationError({ orderId: 'This order is not paid by card' });
    }
    const gateway = gatewayOf(ctx);
    await askStripe(ctx, () => ensureCardIntent(gateway, ctx.db, order.id, () => ctx.now));
    const current = await getOrderRow(ctx.db, order.id);
    const intent = current ? await intentOfOrder(ctx.db, current) : undefined;
    if (!intent) throw new Error('the order has no payment intent after ensureCardIntent');
    return ok(intentJson(intent));
  },

  receiveStripeWebhook: async (ctx) => {
    const gateway = gatewayOf(ctx);
    let event: Stripe.Event;
    try {
      event = gateway.verifyEvent(ctx.rawBody, ctx.header('stripe-signature'), ctx.now);
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      throw validationError(
        { 'Stripe-Signature': error.message },
        'The webhook signature is not valid',
      );
    }
    const kind = EVENT_KINDS[event.type];
    const object = event.data.object as { object?: string; id?: string };
    const intent =
      kind && object.object === 'payment_intent'
        ? snapshotOf(event.data.object as Stripe.PaymentIntent)
        : null;
    // Recorded and applied in one transaction: a redelivery (Stripe retries until it gets a
    // 2xx, and may send an event twice) finds the id and changes nothing.
    const duplicate = await ctx.db.transaction(async () => {
      const inserted = await ctx.db.run(
        `INSERT INTO payment_events (id, type, intent_id, outcome, received_at) VALUES (?, ?, ?, 'received', ?)
         ON CONFLICT(id) DO NOTHING`,
        [event.id, event.type, intent?.id ?? object.id ?? null, ctx.now.toISOString()],
      );
      if (inserted.changes === 0) return true;
      const outcome: AppliedOutcome | 'ignored' =
        intent && kind ? await applyIntent(ctx.db, intent, kind, ctx.now) : 'ignored';
      await ctx.db.run('UPDATE payment_events SET outcome = ? WHERE id = ?', [outcome, event.id]);
      return false;
    });
    return ok(duplicate ? { received: true, duplicate: true } : { received: true });
  },
} satisfies HandlerMap;
