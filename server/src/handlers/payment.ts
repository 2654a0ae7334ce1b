// Payment intents and the offline card sandbox that stands in for Stripe (D5).
import type { HandlerContext, HandlerMap } from '../handler-types';
import { ok } from '../handler-types';
import { ApiError, notFound, validationError } from '../http-error';
import { ORDER_CANCELLED_MESSAGE, retakeStock } from './orders';
import { accessibleOrder, intentJson, intentOfOrder, type IntentRow } from '../order-store';
import { evaluateCard, newClientSecret, newPaymentIntentId } from '../payments';

// Request shapes from openapi.yaml; the router has validated each body against it already.

function intentBySecret(ctx: HandlerContext, secret: string): IntentRow | undefined {
  return ctx.db.get<IntentRow>('SELECT * FROM payment_intents WHERE client_secret = ?', [secret]);
}

export const paymentHandlers = {
  createPaymentIntent: (ctx) => {
    const { orderId } = ctx.body;
    return ctx.db.transaction(() => {
      const order = accessibleOrder(ctx, orderId);
      if (order.status === 'CANCELLED') {
        throw new ApiError(409, 'ORDER_CANCELLED', ORDER_CANCELLED_MESSAGE);
      }
      if (order.payment_method !== 'card') {
        throw validationError({ orderId: 'This order is not paid by card' });
      }
      const existing = intentOfOrder(ctx.db, order);
      if (existing) return ok(intentJson(existing));
      const id = newPaymentIntentId();
      const stamp = ctx.now.toISOString();
      ctx.db.run(
        `INSERT INTO payment_intents (id, client_secret, order_id, amount_cents, currency, status, last_error, created_at,
           updated_at) VALUES (?, ?, ?, ?, 'usd', 'requires_payment_method', NULL, ?, ?)`,
        [id, newClientSecret(id), order.id, order.total_cents, stamp, stamp],
      );
      ctx.db.run('UPDATE orders SET payment_intent_id = ? WHERE id = ?', [id, order.id]);
      const created = ctx.db.get<IntentRow>('SELECT * FROM payment_intents WHERE id = ?', [id]);
      if (!created) throw new Error('payment intent insert failed');
      return ok(intentJson(created));
    });
  },

  confirmSandboxPayment: (ctx) => {
    const body = ctx.body;
    // With a real Stripe key, payments go through Stripe: a sandbox that says "paid" would be a hole.
    if (!ctx.config.sandboxPayments) {
      throw notFound('The payment sandbox is off: this shop takes payments through Stripe');
    }
    return ctx.db.transaction(() => {
      const intent = intentBySecret(ctx, body.clientSecret);
      if (!intent) throw notFound('No such payment intent');
      const order = ctx.db.get<{ status: string; stock_held: number }>(
        'SELECT status, stock_held FROM orders WHERE id = ?',
        [intent.order_id],
      );
      if (order?.status === 'CANCELLED') {
        throw new ApiError(409, 'ORDER_CANCELLED', ORDER_CANCELLED_MESSAGE);
      }
      // A second confirm of a paid intent (a double click) answers the success again, never a second charge.
      if (intent.status === 'succeeded') return ok({ paymentIntent: intentJson(intent) });
      const verdict = evaluateCard(body.card, ctx.now);
      const stamp = ctx.now.toISOString();
      if (verdict.ok) {
        // A retry after a decline: the units went back to stock, so they are taken again before
        // the card is charged, or the payment is refused (409 OUT_OF_STOCK) and nothing is charged.
        if (order?.stock_held === 0) retakeStock(ctx, intent.order_id);
        ctx.db.run(
          "UPDATE payment_intents SET status = 'succeeded', last_error = NULL, updated_at = ? WHERE id = ?",
          [stamp, intent.id],
        );
        // Paid: the stock is sold, no longer only reserved.
        ctx.db.run('UPDATE orders SET reserved_until = NULL WHERE id = ?', [intent.order_id]);
        const updated = ctx.db.get<IntentRow>('SELECT * FROM payment_intents WHERE id = ?', [
          intent.id,
        ]);
        return ok({ paymentIntent: intentJson(updated ?? intent) });
      }
      // Field errors are caught by Stripe Elements before any request; only card errors touch the intent.
      if (verdict.error.type === 'card_error') {
        ctx.db.run(
          "UPDATE payment_intents SET status = 'requires_payment_method', last_error = ?, updated_at = ? WHERE id = ?",
          [JSON.stringify(verdict.error), stamp, intent.id],
        );
      }
      return ok({ error: verdict.error });
    });
  },
} satisfies HandlerMap;
