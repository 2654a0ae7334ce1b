// What must hold of the shop's data whatever happened (issue 28): checked after every server test
// suite (server/test/test-server.ts) and by the abuse tests. Each check is one SQL query; the
// answer lists what is wrong, in words, and is empty when all is well.
import type { Db, Row } from './db';

interface Check {
  what: string;
  sql: string;
}

const UNPAID = "('PENDING', 'PAYMENT_FAILED')";

const CHECKS: Check[] = [
  {
    what: 'stock not conserved: on hand + held by orders <> received',
    // Aliases are not visible to WHERE and HAVING on PostgreSQL: the sums sit in a subquery.
    sql: `SELECT id, counted, expected FROM (
        SELECT p.id AS id, p.quantity + COALESCE(SUM(i.units_held), 0) AS counted, p.stock_received AS expected
        FROM products p LEFT JOIN order_items i ON i.product_id = p.id
        GROUP BY p.id, p.quantity, p.stock_received) t
      WHERE counted <> expected`,
  },
  {
    what: 'unpaid hold counter differs from the unpaid orders it counts',
    sql: `SELECT id, counted, expected FROM (
        SELECT p.id AS id, p.unpaid_held AS counted,
          COALESCE((SELECT SUM(i.units_held) FROM order_items i JOIN orders o ON o.id = i.order_id
            WHERE i.product_id = p.id AND o.status IN ${UNPAID}), 0) AS expected
        FROM products p) t
      WHERE counted <> expected`,
  },
  {
    what: 'an order that holds no stock still has units held',
    sql: `SELECT o.id AS id FROM orders o JOIN order_items i ON i.order_id = o.id
      WHERE o.stock_held = 0 AND i.units_held <> 0 GROUP BY o.id`,
  },
  {
    what: 'a card order counted as paid without a succeeded payment',
    sql: `SELECT o.id AS id, o.status AS status FROM orders o
      LEFT JOIN payment_intents pi ON pi.id = o.payment_intent_id
      WHERE o.payment_method = 'card' AND (o.payment_status = 'PAID' OR o.status IN ('PAID', 'SHIPPED', 'DELIVERED'))
        AND (pi.status IS NULL OR pi.status <> 'succeeded')`,
  },
  {
    what: 'an order without lines',
    sql: `SELECT o.id AS id FROM orders o
      WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)`,
  },
  {
    what: 'an order without history, or whose last history step is not its status',
    sql: `SELECT o.id AS id, o.status AS status FROM orders o
      WHERE COALESCE((SELECT h.status FROM order_status_history h WHERE h.order_id = o.id
        ORDER BY h.created_at DESC, h.id DESC LIMIT 1), '') <> o.status`,
  },
  {
    what: 'a cash-on-delivery order with a reservation that could lapse',
    sql: `SELECT id FROM orders WHERE payment_method = 'cod' AND reserved_until IS NOT NULL`,
  },
];

function describe(row: Row): string {
  return Object.entries(row)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(' ');
}

/** Every broken invariant, one line per offending row; empty when the data is whole. */
export async function checkInvariants(db: Db): Promise<string[]> {
  const problems: string[] = [];
  for (const check of CHECKS) {
    for (const row of await db.all(check.sql)) problems.push(`${check.what}: ${describe(row)}`);
  }
  return problems;
}
