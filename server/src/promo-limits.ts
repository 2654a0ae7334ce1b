// A promo's per-customer use limit (issue 28, ADR-0062): `promos.max_uses_per_customer`, NULL for
// none. A customer is the signed-in account or, for anyone, the email an order is placed with,
// as its caller key (`orders.email_key`, caller-keys.ts); a use is an order that carries the promo's code and is not cancelled (a
// cancelled order gives its use back).
import { emailKey } from './caller-keys';
import type { Db } from './db';

function promoUseLimitMessage(limit: number): string {
  const times = limit === 1 ? 'once' : limit === 2 ? 'twice' : `${limit} times`;
  return `You have already used this promo code. It can be used ${times} per customer.`;
}

/**
 * The plain reason `customer` may not use the promo again, or null when they may (no limit, or
 * uses left). Run it inside the transaction that places the order.
 */
export async function promoUseRefusal(
  db: Db,
  promo: { promoId: number; code: string },
  customer: { userId: number | null; email: string | null },
): Promise<string | null> {
  const row = await db.get<{ max_uses_per_customer: number | null }>(
    'SELECT max_uses_per_customer FROM promos WHERE id = ?',
    [promo.promoId],
  );
  const limit = row?.max_uses_per_customer ?? null;
  if (limit === null) return null;
  const who: string[] = [];
  const args: (string | number)[] = [promo.code];
  if (customer.userId !== null) {
    who.push('user_id = ?');
    args.push(customer.userId);
  }
  if (customer.email) {
    who.push('email_key = ?');
    args.push(emailKey(customer.email));
  }
  if (who.length === 0) return null;
  const used = await db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM orders
      WHERE promo_code = ? COLLATE NOCASE AND status <> 'CANCELLED' AND (${who.join(' OR ')})`,
    args,
  );
  return (used?.n ?? 0) >= limit ? promoUseLimitMessage(limit) : null;
}
