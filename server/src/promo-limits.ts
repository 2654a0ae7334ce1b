// A promo's per-customer use limit (issue 28, ADR-0062): `promos.max_uses_per_customer`, NULL for
// none. A customer is the signed-in account or, for anyone, the normalised email an order is
// placed with; a use is an order that carries the promo's code and is not cancelled (a
// cancelled order gives its use back).
import type { Db } from './db';

/** Lower case, no spaces around, no `+tag` in the local part: `Sam+x@Shop.test` is `sam@shop.test`. */
export function normalisedEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at < 0) return trimmed;
  const local = trimmed.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${trimmed.slice(at)}`;
}

/** The same normalisation in SQL, over the orders' email column. */
const LOCAL = "substr(lower(trim(email)), 1, instr(lower(trim(email)), '@') - 1)";
const NORMALISED_EMAIL_SQL = `(CASE WHEN instr(${LOCAL}, '+') > 1
  THEN substr(${LOCAL}, 1, instr(${LOCAL}, '+') - 1) ELSE ${LOCAL} END
  || substr(lower(trim(email)), instr(lower(trim(email)), '@')))`;

function promoUseLimitMessage(limit: number): string {
  const times = limit === 1 ? 'once' : limit === 2 ? 'twice' : `${limit} times`;
  return `You have already used this promo code. It can be used ${times} per customer.`;
}

/**
 * The plain reason `customer` may not use the promo again, or null when they may (no limit, or
 * uses left). Run it inside the transaction that places the order.
 */
export function promoUseRefusal(
  db: Db,
  promo: { promoId: number; code: string },
  customer: { userId: number | null; email: string | null },
): string | null {
  const row = db.get<{ max_uses_per_customer: number | null }>(
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
    who.push(`${NORMALISED_EMAIL_SQL} = ?`);
    args.push(normalisedEmail(customer.email));
  }
  if (who.length === 0) return null;
  const used = db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM orders
      WHERE promo_code = ? COLLATE NOCASE AND status <> 'CANCELLED' AND (${who.join(' OR ')})`,
    args,
  );
  return (used?.n ?? 0) >= limit ? promoUseLimitMessage(limit) : null;
}
