// The caller's cart: a guest's by X-Cart-Token, a signed-in user's by the token's user (D2).
import type { components } from '../../../contract/schema';
import {
  cartJson,
  cartLines,
  cartOwner,
  emptyCart,
  ensureCart,
  findCart,
  guestTokenHeader,
  priceLinesOf,
  touchCart,
  type CartRow,
} from '../cart-store';
import {
  allPromos,
  getProductRow,
  outOfStockMessage,
  promoByCode,
  promoById,
  promoJson,
  unavailableMessage,
  type PromoRecord,
} from '../catalogue-store';
import type { HandlerContext, HandlerMap, HandlerResult } from '../handler-types';
import { ok } from '../handler-types';
import { ApiError, notFound, unauthorized } from '../http-error';
import { checkPromo, PROMO_MESSAGES } from '../money';
import { promoUseRefusal } from '../promo-limits';

// Request shapes from openapi.yaml; the router has validated each body against it already.
type Cart = components['schemas']['Cart'];
type CartPromos = components['schemas']['CartPromos'];

async function answer(
  ctx: HandlerContext,
  cart: CartRow | undefined,
): Promise<HandlerResult<Cart>> {
  return ok(await cartJson(ctx.db, cart, ctx.now));
}

function reload(ctx: HandlerContext, cart: CartRow): Promise<CartRow | undefined> {
  return ctx.db.get<CartRow>('SELECT * FROM carts WHERE id = ?', [cart.id]);
}

async function findLine(ctx: HandlerContext, cart: CartRow | undefined, cartItemId: number) {
  if (!cart) return undefined;
  return (await cartLines(ctx.db, cart.id)).find((line) => line.id === cartItemId);
}

/** Who is asking, for a promo's per-customer limit: the signed-in account, else nobody yet. */
function customerOf(ctx: HandlerContext): { userId: number | null; email: string | null } {
  return { userId: ctx.user?.id ?? null, email: ctx.user?.email ?? null };
}

async function applyPromo(
  ctx: HandlerContext,
  promo: PromoRecord | undefined,
): Promise<HandlerResult<Cart>> {
  return ctx.db.transaction(async () => {
    const owner = cartOwner(ctx);
    const existing = await findCart(ctx.db, owner);
    const lines = existing ? priceLinesOf(await cartLines(ctx.db, existing.id)) : [];
    const verdict = checkPromo(promo, lines, {
      now: ctx.now,
      otherAttachedPromoId: existing?.promo_id ?? null,
    });
    if (!verdict.accepted || !promo) {
      throw new ApiError(400, 'PROMO_REJECTED', verdict.message);
    }
    // A signed-in customer learns now that their uses are spent; a guest when ordering (ADR-0062).
    const usedUp = await promoUseRefusal(ctx.db, promo, customerOf(ctx));
    if (usedUp) throw new ApiError(400, 'PROMO_REJECTED', usedUp);
    const cart = existing ?? (await ensureCart(ctx.db, owner, ctx.now));
    await ctx.db.run('UPDATE carts SET promo_id = ?, updated_at = ? WHERE id = ?', [
      promo.promoId,
      ctx.now.toISOString(),
      cart.id,
    ]);
    return answer(ctx, await reload(ctx, cart));
  });
}

export const cartHandlers = {
  getCart: async (ctx) => answer(ctx, await findCart(ctx.db, cartOwner(ctx))),

  clearCart: async (ctx) =>
    ctx.db.transaction(async () => {
      const cart = await findCart(ctx.db, cartOwner(ctx));
      if (cart) await emptyCart(ctx.db, cart.id, ctx.now);
      return answer(ctx, cart && (await reload(ctx, cart)));
    }),

  addCartItem: async (ctx) => {
    const body = ctx.body;
    return ctx.db.transaction(async () => {
      const product = await getProductRow(ctx.db, body.productId);
      if (!product) throw notFound('Product not found');
      if (product.is_available_at_web !== 1) {
        throw new ApiError(409, 'PRODUCT_UNAVAILABLE', unavailableMessage(product.name));
      }
      const owner = cartOwner(ctx);
      const existing = await findCart(ctx.db, owner);
      const line = existing
        ? (await cartLines(ctx.db, existing.id)).find((l) => l.product_id === product.id)
        : undefined;
      const wanted = (line?.quantity ?? 0) + body.quantity;
      // Stock counts what is already in the cart, not only this request.
      if (wanted > product.quantity) {
        throw new ApiError(409, 'OUT_OF_STOCK', outOfStockMessage(product.name, product.quantity));
      }
      const cart = existing ?? (await ensureCart(ctx.db, owner, ctx.now));
      if (line) {
        await ctx.db.run('UPDATE cart_items SET quantity = ? WHERE id = ?', [wanted, line.id]);
      } else {
        await ctx.db.run(
          'INSERT INTO cart_items (cart_id, product_id, quantity) VALUES (?, ?, ?)',
          [cart.id, product.id, body.quantity],
        );
      }
      await touchCart(ctx.db, cart.id, ctx.now);
      return answer(ctx, await reload(ctx, cart));
    });
  },

  updateCartItem: async (ctx) => {
    const quantity = ctx.body.quantity;
    const { cartItemId } = ctx.params;
    return ctx.db.transaction(async () => {
      const cart = await findCart(ctx.db, cartOwner(ctx));
      const line = await findLine(ctx, cart, cartItemId);
      if (!cart || !line) throw notFound('Cart item not found');
      if (line.is_available_at_web !== 1) {
        throw new ApiError(409, 'PRODUCT_UNAVAILABLE', unavailableMessage(line.name));
      }
      if (quantity > line.stock)
        throw new ApiError(409, 'OUT_OF_STOCK', outOfStockMessage(line.name, line.stock));
      await ctx.db.run('UPDATE cart_items SET quantity = ? WHERE id = ?', [quantity, line.id]);
      await touchCart(ctx.db, cart.id, ctx.now);
      return answer(ctx, await reload(ctx, cart));
    });
  },

  removeCartItem: async (ctx) => {
    const { cartItemId } = ctx.params;
    return ctx.db.transaction(async () => {
      const cart = await findCart(ctx.db, cartOwner(ctx));
      const line = await findLine(ctx, cart, cartItemId);
      if (!cart || !line) throw notFound('Cart item not found');
      await ctx.db.run('DELETE FROM cart_items WHERE id = ?', [line.id]);
      await touchCart(ctx.db, cart.id, ctx.now);
      return answer(ctx, await reload(ctx, cart));
    });
  },

  setCartShipping: async (ctx) => {
    const { methodId } = ctx.params;
    return ctx.db.transaction(async () => {
      const method = await ctx.db.get<{ id: number }>(
        'SELECT id FROM ship_methods WHERE id = ? AND is_active = 1',
        [methodId],
      );
      if (!method) throw notFound('Shipping method not found');
      const cart = await ensureCart(ctx.db, cartOwner(ctx), ctx.now);
      await ctx.db.run('UPDATE carts SET ship_method_id = ?, updated_at = ? WHERE id = ?', [
        method.id,
        ctx.now.toISOString(),
        cart.id,
      ]);
      return answer(ctx, await reload(ctx, cart));
    });
  },

  clearCartShipping: async (ctx) =>
    ctx.db.transaction(async () => {
      const cart = await findCart(ctx.db, cartOwner(ctx));
      if (cart) {
        await ctx.db.run('UPDATE carts SET ship_method_id = NULL, updated_at = ? WHERE id = ?', [
          ctx.now.toISOString(),
          cart.id,
        ]);
      }
      return answer(ctx, cart && (await reload(ctx, cart)));
    }),

  clearCartPromo: async (ctx) =>
    ctx.db.transaction(async () => {
      const cart = await findCart(ctx.db, cartOwner(ctx));
      if (cart) {
        await ctx.db.run('UPDATE carts SET promo_id = NULL, updated_at = ? WHERE id = ?', [
          ctx.now.toISOString(),
          cart.id,
        ]);
      }
      return answer(ctx, cart && (await reload(ctx, cart)));
    }),

  applyCartPromo: async (ctx) => {
    const { promoId } = ctx.params;
    const promo = await promoById(ctx.db, promoId);
    if (!promo) throw notFound('Promo not found');
    return applyPromo(ctx, promo);
  },

  applyCartPromoCode: async (ctx) => {
    const code = ctx.body.code.trim();
    const promo = await promoByCode(ctx.db, code);
    if (!promo) throw new ApiError(400, 'PROMO_REJECTED', PROMO_MESSAGES.invalid);
    return applyPromo(ctx, promo);
  },

  listCartPromos: async (ctx) => {
    const cart = await findCart(ctx.db, cartOwner(ctx));
    const lines = cart ? priceLinesOf(await cartLines(ctx.db, cart.id)) : [];
    const availablePromos: CartPromos['availablePromos'] = [];
    const unavailablePromos: CartPromos['unavailablePromos'] = [];
    for (const promo of await allPromos(ctx.db)) {
      const verdict = checkPromo(promo, lines, {
        now: ctx.now,
        otherAttachedPromoId: cart?.promo_id ?? null,
      });
      const usedUp = verdict.accepted
        ? await promoUseRefusal(ctx.db, promo, customerOf(ctx))
        : null;
      if (verdict.accepted && !usedUp) availablePromos.push(promoJson(promo));
      else unavailablePromos.push({ ...promoJson(promo), reason: usedUp ?? verdict.message });
    }
    return ok({ availablePromos, unavailablePromos });
  },

  mergeGuestCart: async (ctx) => {
    const user = ctx.user;
    if (!user) throw unauthorized();
    return ctx.db.transaction(async () => {
      const owner = { kind: 'user', userId: user.id } as const;
      const token = guestTokenHeader(ctx);
      const guest = token ? await findCart(ctx.db, { kind: 'guest', token }) : undefined;
      if (!guest) return answer(ctx, await findCart(ctx.db, owner));
      const cart = await ensureCart(ctx.db, owner, ctx.now);
      const mine = new Map((await cartLines(ctx.db, cart.id)).map((l) => [l.product_id, l]));
      for (const line of await cartLines(ctx.db, guest.id)) {
        const existing = mine.get(line.product_id);
        if (existing) {
          // Quantities add up, capped at stock, but a merge never shrinks a line either cart had.
          const cap = Math.max(line.stock, existing.quantity, line.quantity);
          const merged = Math.min(existing.quantity + line.quantity, cap);
          await ctx.db.run('UPDATE cart_items SET quantity = ? WHERE id = ?', [
            merged,
            existing.id,
          ]);
        } else {
          await ctx.db.run(
            'INSERT INTO cart_items (cart_id, product_id, quantity) VALUES (?, ?, ?)',
            [cart.id, line.product_id, line.quantity],
          );
        }
      }
      if (cart.ship_method_id === null && guest.ship_method_id !== null) {
        await ctx.db.run('UPDATE carts SET ship_method_id = ? WHERE id = ?', [
          guest.ship_method_id,
          cart.id,
        ]);
      }
      if (cart.promo_id === null && guest.promo_id !== null) {
        await ctx.db.run('UPDATE carts SET promo_id = ? WHERE id = ?', [guest.promo_id, cart.id]);
      }
      await ctx.db.run('DELETE FROM carts WHERE id = ?', [guest.id]);
      await touchCart(ctx.db, cart.id, ctx.now);
      return answer(ctx, await reload(ctx, cart));
    });
  },
} satisfies HandlerMap;
