// Time-driven clean-up, run by the router before an API request when due (by the app's clock, so
// tests move time by hand): unpaid orders whose stock reservation lapsed are cancelled and
// their stock returns; guest carts nobody touched for the configured days are deleted.
import type { Db, Row } from './db';
import type { AppConfig } from './handler-types';
import { appendHistory } from './order-store';

// Lapsed reservations are looked for at most once a second, abandoned carts once an hour.
const RESERVATION_CHECK_MS = 1_000;
const CART_CHECK_MS = 60 * 60 * 1000;

interface LapsedOrder extends Row {
  id: number;
  payment_method: string;
  stock_held: number;
}

interface LineRow extends Row {
  product_id: number;
  quantity: number;
}

/** Cancels every unpaid order whose reservation ended by `now`; answers how many. */
const LAPSED_SQL = `SELECT o.id, o.payment_method, o.stock_held FROM orders o LEFT JOIN payment_intents pi ON pi.id = o.payment_intent_id
  WHERE o.reserved_until IS NOT NULL AND o.reserved_until <= ?
    AND o.status IN ('PENDING', 'PAYMENT_FAILED')
    AND (pi.status IS NULL OR pi.status <> 'succeeded')`;

function releaseLapsedReservations(
  db: Db,
  now: Date,
  minutes: number,
  codMinutes: number = minutes,
): number {
  // Usually there is nothing to do: look first, and take the write lock only when there is.
  if (db.all<LapsedOrder>(LAPSED_SQL, [now.toISOString()]).length === 0) return 0;
  return db.transaction(() => {
    const lapsed = db.all<LapsedOrder>(LAPSED_SQL, [now.toISOString()]);
    const stamp = now.toISOString();
    for (const { id, payment_method: method, stock_held: held } of lapsed) {
      // A declined order gave its units back already.
      const lines =
        held === 1
          ? db.all<LineRow>('SELECT product_id, quantity FROM order_items WHERE order_id = ?', [id])
          : [];
      for (const line of lines) {
        db.run('UPDATE products SET quantity = quantity + ?, updated_at = ? WHERE id = ?', [
          line.quantity,
          stamp,
          line.product_id,
        ]);
      }
      db.run(
        "UPDATE orders SET status = 'CANCELLED', reserved_until = NULL, stock_held = 0, updated_at = ? WHERE id = ?",
        [stamp, id],
      );
      appendHistory(
        db,
        id,
        'CANCELLED',
        `Not paid within ${method === 'card' ? minutes : codMinutes} minutes: cancelled, and its items went back to stock`,
        now,
      );
    }
    return lapsed.length;
  });
}

/** Deletes guest carts untouched for `days` (their lines go with them). */
function deleteAbandonedGuestCarts(db: Db, now: Date, days: number): number {
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
  // One statement: its own transaction, and no write at all when nothing matches.
  return db.run('DELETE FROM carts WHERE user_id IS NULL AND updated_at < ?', [cutoff]).changes;
}

export type Housekeeping = (now: Date) => void;

export function createHousekeeping(db: Db, config: AppConfig): Housekeeping {
  let reservationsCheckedAt = -Infinity;
  let cartsCheckedAt = -Infinity;
  return (now) => {
    const t = now.getTime();
    // A clock moved backwards (tests) starts the intervals again.
    if (t - reservationsCheckedAt >= RESERVATION_CHECK_MS || t < reservationsCheckedAt) {
      reservationsCheckedAt = t;
      releaseLapsedReservations(
        db,
        now,
        config.stockReservationMinutes,
        config.codReservationMinutes,
      );
    }
    if (t - cartsCheckedAt >= CART_CHECK_MS || t < cartsCheckedAt) {
      cartsCheckedAt = t;
      deleteAbandonedGuestCarts(db, now, config.guestCartTtlDays);
      // A revoked token past its expiry is refused by its expiry alone.
      db.run('DELETE FROM revoked_tokens WHERE expires_at <= ?', [now.toISOString()]);
    }
  };
}
