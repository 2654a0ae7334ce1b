// What a card payment at Stripe means for its order (ADR-0050): Stripe's word, through a signed
// webhook or a retrieve the server makes itself, decides PAID; the browser's never does.
import type { Db } from './db';
import type { IntentSnapshot, PaymentGateway } from './stripe/gateway';
import { intentIdempotencyKey } from './stripe/gateway';
import { clearOwnerCart, returnStock, takeStockForPaidOrder } from './order-stock';
import { appendHistory, getOrderRow, intentOfOrder, type OrderRow } from './order-store';
import { toAmount } from './money';

/** The intent events the shop acts on. */
export type IntentEvent = 'succeeded' | 'payment_failed' | 'canceled';

/** What applying an intent's news did, as recorded with a webhook event. */
export type AppliedOutcome =
  | 'paid'
  | 'payment_failed'
  | 'cancelled'
  | 'unknown_intent'
  | 'amount_mismatch'
  | 'not_succeeded'
  | 'no_change';

// Statuses Stripe never leaves: the shop's copy never moves back from them.
const SETTLED = new Set(['succeeded', 'canceled']);

/** Keeps the shop's copy of the intent (insert or update) and links it to its order. */
async function storeIntent(
  db: Db,
  orderId: number,
  intent: IntentSnapshot,
  now: Date,
): Promise<void> {
  const stamp = now.toISOString();
  await db.run(
    `INSERT INTO payment_intents (id, client_secret, order_id, amount_cents, currency, status, last_error, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET
       amount_cents = excluded.amount_cents,
       currency = excluded.currency,
       status = CASE WHEN payment_intents.status IN ('succeeded', 'canceled') THEN payment_intents.status ELSE excluded.status END,
       last_error = excluded.last_error,
       updated_at = excluded.updated_at`,
    [
      intent.id,
      intent.clientSecret,
      orderId,
      intent.amountCents,
      intent.currency,
      intent.status,
      intent.lastError ? JSON.stringify(intent.lastError) : null,
      stamp,
      stamp,
    ],
  );
  await db.run(
    'UPDATE orders SET payment_intent_id = ? WHERE id = ? AND payment_intent_id IS NULL',
    [intent.id, orderId],
  );
}

/** The order an intent pays: the one linked to it (metadata alone is not trusted). */
async function orderOfIntent(db: Db, intentId: string): Promise<OrderRow | undefined> {
  const link = await db.get<{ order_id: number }>(
    'SELECT order_id FROM payment_intents WHERE id = ?',
    [intentId],
  );
  const order = link ? await getOrderRow(db, link.order_id) : undefined;
  return order?.payment_intent_id === intentId ? order : undefined;
}

function matchesOrder(intent: IntentSnapshot, order: OrderRow): boolean {
  return intent.amountCents === order.total_cents && intent.currency.toLowerCase() === 'usd';
}

async function markPaid(db: Db, order: OrderRow, now: Date): Promise<void> {
  const stamp = now.toISOString();
  // A retry's units went back with the decline: taken again now that the money is in.
  const short = order.stock_held === 1 ? [] : await takeStockForPaidOrder(db, order.id, now);
  await db.run(
    "UPDATE orders SET status = 'PAID', payment_status = 'PAID', reserved_until = NULL, updated_at = ? WHERE id = ?",
    [stamp, order.id],
  );
  await appendHistory(
    db,
    order.id,
    'PAID',
    short.length === 0
      ? 'Card payment confirmed'
      : `Card payment confirmed; not enough stock of ${short.join(', ')}: restock or refund`,
    now,
  );
  await clearOwnerCart(db, order, now);
}

/**
 * Applies what Stripe says of an intent to its order, in one transaction. Never backwards: a
 * failure after the success, or a success for an amount other than the order's, changes nothing.
 */
export function applyIntent(
  db: Db,
  intent: IntentSnapshot,
  event: IntentEvent,
  now: Date,
): Promise<AppliedOutcome> {
  return db.transaction(async () => {
    const order = await orderOfIntent(db, intent.id);
    if (!order) return 'unknown_intent';
    await storeIntent(db, order.id, intent, now);
    const unpaid = order.status === 'PENDING' || order.status === 'PAYMENT_FAILED';
    if (event === 'succeeded') {
      if (intent.status !== 'succeeded') return 'not_succeeded';
      if (!matchesOrder(intent, order)) {
        await appendHistory(
          db,
          order.id,
          order.status,
          `A payment of ${toAmount(intent.amountCents)} ${intent.currency.toUpperCase()} does not match this order's total: not accepted`,
          now,
        );
        return 'amount_mismatch';
      }
      if (!unpaid) {
        if (order.status === 'CANCELLED') {
          await appendHistory(
            db,
            order.id,
            'CANCELLED',
            'A card payment succeeded after this order was cancelled: refund it',
            now,
          );
        }
        return 'no_change';
      }
      await markPaid(db, order, now);
      return 'paid';
    }
    if (event === 'payment_failed') {
      if (order.status !== 'PENDING') return 'no_change';
      const reason = intent.lastError?.message;
      await db.run(
        "UPDATE orders SET status = 'PAYMENT_FAILED', payment_status = 'FAILED', updated_at = ? WHERE id = ?",
        [now.toISOString(), order.id],
      );
      // A declined order holds nothing: a retry takes the units again (or is told they are gone).
      await returnStock(db, order.id, now);
      await appendHistory(
        db,
        order.id,
        'PAYMENT_FAILED',
        reason ? `Card payment failed: ${reason}` : 'Payment failed',
        now,
      );
      return 'payment_failed';
    }
    if (!unpaid) return 'no_change';
    await cancelUnpaidOrder(db, order.id, 'The card payment was cancelled', now);
    return 'cancelled';
  });
}

/** Cancels an unpaid order and gives its units back (inside the caller's transaction). */
export async function cancelUnpaidOrder(
  db: Db,
  orderId: number,
  note: string,
  now: Date,
): Promise<void> {
  await returnStock(db, orderId, now);
  await db.run(
    "UPDATE orders SET status = 'CANCELLED', reserved_until = NULL, stock_held = 0, updated_at = ? WHERE id = ?",
    [now.toISOString(), orderId],
  );
  await appendHistory(db, orderId, 'CANCELLED', note, now);
}

/**
 * A card order's PaymentIntent at Stripe: made once (Stripe's Idempotency-Key comes from the
 * order's key), and brought to the order's total before the shopper can pay it.
 */
export async function ensureCardIntent(
  gateway: PaymentGateway,
  db: Db,
  orderId: number,
  now: () => Date,
): Promise<void> {
  const order = await getOrderRow(db, orderId);
  if (!order || order.payment_method !== 'card') return;
  let mirror = await intentOfOrder(db, order);
  if (!mirror) {
    const created = await gateway.createIntent({
      orderId: order.id,
      amountCents: order.total_cents,
      idempotencyKey: intentIdempotencyKey(order),
    });
    await db.transaction(() => storeIntent(db, order.id, created, now()));
    const linked = await getOrderRow(db, order.id);
    mirror = linked ? await intentOfOrder(db, linked) : undefined;
    if (!mirror) return;
  }
  if (mirror.amount_cents !== order.total_cents && !SETTLED.has(mirror.status)) {
    const updated = await gateway.updateAmount(mirror.id, order.total_cents);
    await db.transaction(() => storeIntent(db, order.id, updated, now()));
  }
}
