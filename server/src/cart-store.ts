// Carts: a signed-in user's (by user id) or a guest's (by its random cart token), priced by money.ts.
import type { components } from '../../contract/schema';
import { randomToken } from './auth';
import {
  getShipMethod,
  promoById,
  promoJson,
  shipMethodJson,
  type PromoRecord,
} from './catalogue-store';
import type { Db, Row } from './db';
import type { HandlerContext } from './handler-types';
import { priceTotals, toAmount, type PriceLine, type PricedTotals } from './money';

type Cart = components['schemas']['Cart'];

export interface CartRow extends Row {
  id: number;
  user_id: number | null;
  guest_token: string | null;
  ship_method_id: number | null;
  promo_id: number | null;
}

export interface CartLineRow extends Row {
  id: number;
  product_id: number;
  quantity: number;
  name: string;
  category: components['schemas']['Category'];
  price_cents: number;
  stock: number;
  is_available_at_web: number;
  image_url: string | null;
}

export type CartOwner =
  { kind: 'user'; userId: number } | { kind: 'guest'; token: string } | { kind: 'none' };

const MAX_TOKEN_LENGTH = 200;

/** The cart token a guest sent, when it is plausible at all. */
export function guestTokenHeader(ctx: HandlerContext): string | null {
  const token = ctx.header('x-cart-token')?.trim();
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  return token;
}

/** A signed-in caller's cart is theirs whatever cart token they also send; merging is explicit. */
export function cartOwner(ctx: HandlerContext): CartOwner {
  if (ctx.user) return { kind: 'user', userId: ctx.user.id };
  const token = guestTokenHeader(ctx);
  return token ? { kind: 'guest', token } : { kind: 'none' };
}

export async function findCart(db: Db, owner: CartOwner): Promise<CartRow | undefined> {
  if (owner.kind === 'user')
    return db.get<CartRow>('SELECT * FROM carts WHERE user_id = ?', [owner.userId]);
  if (owner.kind === 'guest') {
    return db.get<CartRow>('SELECT * FROM carts WHERE guest_token = ? AND user_id IS NULL', [
      owner.token,
    ]);
  }
  return undefined;
}

/**
 * The caller's cart, created when missing. A guest gets a fresh server-made token even when it
 * sent one we do not know, so a client can never choose its own token.
 */
export function ensureCart(db: Db, owner: CartOwner, now: Date): Promise<CartRow> {
  return db.transaction(async () => {
    const existing = await findCart(db, owner);
    if (existing) return existing;
    const stamp = now.toISOString();
    const created =
      owner.kind === 'user'
        ? await db.get<CartRow>(
            'INSERT INTO carts (user_id, created_at, updated_at) VALUES (?, ?, ?) RETURNING *',
            [owner.userId, stamp, stamp],
          )
        : await db.get<CartRow>(
            'INSERT INTO carts (guest_token, created_at, updated_at) VALUES (?, ?, ?) RETURNING *',
            [`ct_${randomToken(24)}`, stamp, stamp],
          );
    if (!created) throw new Error('cart insert failed');
    return created;
  });
}

export async function touchCart(db: Db, cartId: number, now: Date): Promise<void> {
  await db.run('UPDATE carts SET updated_at = ? WHERE id = ?', [now.toISOString(), cartId]);
}

export function cartLines(db: Db, cartId: number): Promise<CartLineRow[]> {
  return db.all<CartLineRow>(
    `SELECT ci.id, ci.product_id, ci.quantity, p.name, p.category, p.price_cents, p.quantity AS stock,
            p.is_available_at_web,
            (SELECT image_url FROM product_images pi WHERE pi.product_id = p.id ORDER BY is_main DESC, pi.id LIMIT 1)
              AS image_url
       FROM cart_items ci JOIN products p ON p.id = ci.product_id
      WHERE ci.cart_id = ?
      ORDER BY ci.id`,
    [cartId],
  );
}

export function priceLinesOf(lines: readonly CartLineRow[]): PriceLine[] {
  return lines.map((l) => ({
    productId: l.product_id,
    unitCents: l.price_cents,
    quantity: l.quantity,
  }));
}

interface CartPricing {
  lines: CartLineRow[];
  promo: PromoRecord | null;
  shipMethod: Awaited<ReturnType<typeof getShipMethod>>;
  totals: PricedTotals;
}

async function priceCart(db: Db, cart: CartRow, now: Date): Promise<CartPricing> {
  const lines = await cartLines(db, cart.id);
  const shipMethod =
    cart.ship_method_id === null ? undefined : await getShipMethod(db, cart.ship_method_id);
  const promo = cart.promo_id === null ? null : ((await promoById(db, cart.promo_id)) ?? null);
  const totals = priceTotals({
    lines: priceLinesOf(lines),
    shippingCents: shipMethod?.price_cents ?? 0,
    promo,
    now,
  });
  return { lines, promo, shipMethod, totals };
}

function emptyCartJson(): Cart {
  return {
    cartId: null,
    cartToken: null,
    cartItems: [],
    shipMethod: null,
    promo: null,
    promoValidation: null,
    subtotal: 0,
    tax: 0,
    shipping: 0,
    discount: 0,
    total: 0,
    totalQuantity: 0,
  };
}

export async function cartJson(db: Db, cart: CartRow | undefined, now: Date): Promise<Cart> {
  if (!cart) return emptyCartJson();
  const { lines, promo, shipMethod, totals } = await priceCart(db, cart, now);
  return {
    cartId: cart.id,
    cartToken: cart.user_id === null ? cart.guest_token : null,
    cartItems: lines.map((l) => ({
      cartItemId: l.id,
      productId: l.product_id,
      productName: l.name,
      productCategory: l.category,
      imageUrl: l.image_url,
      price: toAmount(l.price_cents),
      quantity: l.quantity,
      stock: l.stock,
      lineTotal: toAmount(l.price_cents * l.quantity),
    })),
    shipMethod: shipMethod ? shipMethodJson(shipMethod) : null,
    promo: promo ? promoJson(promo) : null,
    promoValidation: totals.promo
      ? {
          accepted: totals.promo.accepted,
          message: totals.promo.message,
          discountAmount: toAmount(totals.promo.discount),
        }
      : null,
    subtotal: toAmount(totals.subtotal),
    tax: toAmount(totals.tax),
    shipping: toAmount(totals.shipping),
    discount: toAmount(totals.discount),
    total: toAmount(totals.total),
    totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
  };
}

/** Empties a cart: lines, promo and shipping choice (the state after an order is paid). */
export function emptyCart(db: Db, cartId: number, now: Date): Promise<void> {
  return db.transaction(async () => {
    await db.run('DELETE FROM cart_items WHERE cart_id = ?', [cartId]);
    await db.run(
      'UPDATE carts SET promo_id = NULL, ship_method_id = NULL, updated_at = ? WHERE id = ?',
      [now.toISOString(), cartId],
    );
  });
}
