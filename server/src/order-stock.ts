// An order's units: taken from stock when it is placed, given back when its payment fails or it is
// cancelled, and taken again for a retry. Each line's `units_held` says how many it took, so stock
// is conserved (invariants.ts). Call inside a transaction.
import { emptyCart, findCart } from './cart-store';
import { getProductRow, outOfStockMessage } from './catalogue-store';
import type { Db, Row } from './db';
import { ApiError } from './http-error';
import { catalogueChanged } from './render-catalogue-version';
import type { OrderRow } from './order-store';

interface OrderLineRow extends Row {
  product_id: number;
  quantity: number;
  units_held: number;
}

function orderLines(db: Db, orderId: number): Promise<OrderLineRow[]> {
  return db.all<OrderLineRow>(
    'SELECT product_id, SUM(quantity) AS quantity, SUM(units_held) AS units_held FROM order_items WHERE order_id = ? GROUP BY product_id',
    [orderId],
  );
}

const SET_UNITS_HELD =
  'UPDATE order_items SET units_held = ? WHERE order_id = ? AND product_id = ?';

/** Takes an order's units out of stock again (a retry after a declined payment), or refuses with 409 OUT_OF_STOCK. */
export async function retakeStock(db: Db, orderId: number, now: Date): Promise<void> {
  const stamp = now.toISOString();
  for (const line of await orderLines(db, orderId)) {
    const product = await getProductRow(db, line.product_id);
    if (!product || product.quantity < line.quantity) {
      throw new ApiError(
        409,
        'OUT_OF_STOCK',
        outOfStockMessage(product?.name ?? 'this product', product?.quantity ?? 0),
      );
    }
    await db.run('UPDATE products SET quantity = quantity - ?, updated_at = ? WHERE id = ?', [
      line.quantity,
      stamp,
      line.product_id,
    ]);
    await db.run(SET_UNITS_HELD, [line.quantity, orderId, line.product_id]);
  }
  await db.run('UPDATE orders SET stock_held = 1 WHERE id = ?', [orderId]);
  await catalogueChanged(db);
}

/**
 * Takes what is left of an order's units for a payment that already succeeded (the money is
 * taken, so the order is kept); answers the names of the products that fell short, for the shop
 * to refund or restock by hand.
 */
export async function takeStockForPaidOrder(db: Db, orderId: number, now: Date): Promise<string[]> {
  const stamp = now.toISOString();
  const short: string[] = [];
  for (const line of await orderLines(db, orderId)) {
    const product = await getProductRow(db, line.product_id);
    const take = Math.min(product?.quantity ?? 0, line.quantity);
    if (take < line.quantity) short.push(product?.name ?? `product ${line.product_id}`);
    if (take > 0) {
      await db.run('UPDATE products SET quantity = quantity - ?, updated_at = ? WHERE id = ?', [
        take,
        stamp,
        line.product_id,
      ]);
    }
    await db.run(SET_UNITS_HELD, [take, orderId, line.product_id]);
  }
  await db.run('UPDATE orders SET stock_held = 1 WHERE id = ?', [orderId]);
  await catalogueChanged(db);
  return short;
}

/** Gives an order's units back to stock, once (stock_held says whether it holds them). */
export async function returnStock(db: Db, orderId: number, now: Date): Promise<void> {
  const held = await db.get<{ stock_held: number }>('SELECT stock_held FROM orders WHERE id = ?', [
    orderId,
  ]);
  if (held?.stock_held !== 1) return;
  const stamp = now.toISOString();
  for (const line of await orderLines(db, orderId)) {
    await db.run('UPDATE products SET quantity = quantity + ?, updated_at = ? WHERE id = ?', [
      line.units_held,
      stamp,
      line.product_id,
    ]);
    await db.run(SET_UNITS_HELD, [0, orderId, line.product_id]);
  }
  await db.run('UPDATE orders SET stock_held = 0 WHERE id = ?', [orderId]);
  await catalogueChanged(db);
}

/** Empties the cart the order came from (the user's, or the guest cart it was placed from). */
export async function clearOwnerCart(db: Db, order: OrderRow, now: Date): Promise<void> {
  const cart =
    order.user_id !== null
      ? await findCart(db, { kind: 'user', userId: order.user_id })
      : order.cart_token
        ? await findCart(db, { kind: 'guest', token: order.cart_token })
        : undefined;
  if (cart) await emptyCart(db, cart.id, now);
}
