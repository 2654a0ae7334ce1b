// Placing an order (server-priced, idempotent, stock-checked) and following its status (D4, D5).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { components } from '../../../contract/schema';
import { rememberAddress } from '../address-store';
import { randomToken } from '../auth';
import { guestTokenHeader } from '../cart-store';
import {
  getProductRow,
  getShipMethod,
  mainImageUrl,
  outOfStockMessage,
  promoByCode,
  unavailableMessage,
  type ProductRow,
} from '../catalogue-store';
import type { Row } from '../db';
import type { HandlerContext, HandlerMap } from '../handler-types';
import { ok } from '../handler-types';
import { promoUseRefusal } from '../promo-limits';
import { ApiError, notFound, unauthorized, validationError } from '../http-error';
import {
  amountDiffers,
  checkPromo,
  priceTotals,
  PROMO_MESSAGES,
  totalsToAmounts,
  type PriceLine,
} from '../money';
import { emailKey, networkKey, phoneKey } from '../caller-keys';
import { clearOwnerCart, retakeStock, returnStock } from '../order-stock';
import {
  accessibleOrder,
  appendHistory,
  claimGuestOrders,
  getOrderRow,
  orderDetailJson,
  orderResponseJson,
  type OrderRow,
  type OrderStatus,
  type ShippingAddress,
} from '../order-store';
import { applyIntent, ensureCardIntent } from '../payment-state';
import { catalogueChanged } from '../render-catalogue-version';
import { tryAgainIn } from '../sign-in-throttle';
import { PaymentProviderError, type PaymentGateway } from '../stripe/gateway';

const TOTALS_MISMATCH_MESSAGE = 'The order total has changed. Please review the new total.';
const IDEMPOTENCY_CONFLICT_MESSAGE =
  'This checkout was already submitted with different details. Please review your order and place it again.';
export const ORDER_CANCELLED_MESSAGE =
  'This order was cancelled because it was not paid in time. Please place it again.';
const PAYPAL_UNAVAILABLE_MESSAGE =
  'PayPal is not available yet. Please pay by card or cash on delivery.';
/** The same where the shop does not take cash on delivery either (COD_ENABLED=false). */
const PAYPAL_CARD_ONLY_MESSAGE = 'PayPal is not available yet. Please pay by card.';
const TOO_MANY_OPEN_ORDERS_MESSAGE =
  'You have too many unpaid orders. Please pay or wait for an earlier order to lapse before placing another.';

const COD_DISABLED_MESSAGE = 'Cash on delivery is not available. Please pay by card.';
const codHeldMessage = (name: string): string =>
  `Cash on delivery is not available for ${name} right now. Please pay by card.`;

// Open orders: unpaid ones the shop has not acted on that still hold their units (a declined one
// does not) and whose reservation, if any, still runs. The status term repeats the partial
// indexes' WHERE (db.ts migration 8), so every count is an index range, never a scan of orders.
const OPEN_ORDERS_SQL = `SELECT COUNT(*) AS n FROM orders
  WHERE status IN ('PENDING', 'PAYMENT_FAILED') AND stock_held = 1
    AND (reserved_until IS NULL OR reserved_until > ?)`;

/** Each open-order cap's count: parameters are the time now, then the key (and the window start). */
export const OPEN_ORDER_COUNTS = {
  owner: `${OPEN_ORDERS_SQL} AND owner_key = ?`,
  email: `${OPEN_ORDERS_SQL} AND email_key = ?`,
  phone: `${OPEN_ORDERS_SQL} AND phone_key = ?`,
  network: `${OPEN_ORDERS_SQL} AND client_net = ? AND created_at > ?`,
} as const;

/** The keys an order's caps count by (caller-keys.ts). */
interface CallerKeys {
  /** `user:<id>` or `cart:<token>`; null for a guest without a cart token. */
  ownerKey: string | null;
  email: string;
  phone: string;
  network: string;
}

/** Refuses an order past the caller's open unpaid orders (account or cart, email, phone, network). */
async function checkOpenOrders(ctx: HandlerContext, keys: CallerKeys): Promise<void> {
  const limits = ctx.config.orderLimits;
  const stamp = ctx.now.toISOString();
  const over = async (sql: string, values: string[], cap: number): Promise<boolean> =>
    ((await ctx.db.get<{ n: number }>(sql, [stamp, ...values]))?.n ?? 0) >= cap;
  // Per network only the last few minutes count: a NAT's other shoppers wait minutes, not a day.
  const since = new Date(ctx.now.getTime() - limits.addressWindowMinutes * 60_000).toISOString();
  if (
    (keys.ownerKey !== null &&
      (await over(OPEN_ORDER_COUNTS.owner, [keys.ownerKey], limits.maxOpenOrdersPerCart))) ||
    (await over(OPEN_ORDER_COUNTS.email, [keys.email], limits.maxOpenOrdersPerEmail)) ||
    (keys.phone !== '' &&
      (await over(OPEN_ORDER_COUNTS.phone, [keys.phone], limits.maxOpenOrdersPerPhone))) ||
    (await over(OPEN_ORDER_COUNTS.network, [keys.network, since], limits.maxOpenOrdersPerAddress))
  ) {
    throw new ApiError(429, 'TOO_MANY_OPEN_ORDERS', TOO_MANY_OPEN_ORDERS_MESSAGE);
  }
}

/**
 * Refuses a cash-on-delivery order that would leave unpaid orders holding more than the hold
 * share of a product's stock (on hand plus what unpaid orders hold): ADR-0061. A card order is
 * not refused here: it pays within minutes or lapses.
 */
async function checkHoldShare(
  ctx: HandlerContext,
  products: { product: ProductRow; quantity: number }[],
): Promise<void> {
  const share = ctx.config.orderLimits.unpaidHoldShare;
  if (share >= 1) return;
  for (const { product, quantity } of products) {
    const row = await ctx.db.get<{ unpaid_held: number }>(
      'SELECT unpaid_held FROM products WHERE id = ?',
      [product.id],
    );
    const held = row?.unpaid_held ?? 0;
    if (held + quantity > Math.floor(share * (product.quantity + held))) {
      throw new ApiError(409, 'PAYMENT_METHOD_UNAVAILABLE', codHeldMessage(product.name));
    }
  }
}

const IDEMPOTENCY_KEY_REQUIRED = 'Idempotency key is required';
const IDEMPOTENCY_HEADER_MISMATCH = "Must equal the body's idempotencyKey";

/** JSON with object keys sorted at every level: one text for every spelling of the same value. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

// A guest without a cart token cannot be told apart from anyone else who knows its key.
const NO_CALLER = 'anonymous';

// Request shapes from openapi.yaml; the router has validated each body against it already.

interface HistoryRow extends Row {
  status: OrderStatus;
  note: string | null;
  created_at: string;
}

function statusEventJson(row: HistoryRow): components['schemas']['OrderStatusEvent'] {
  return { status: row.status, at: row.created_at, note: row.note };
}

/** Stored as the OrderDetail answer will show it, so getOrder can hand it back as parsed. */
function storedAddress(a: ShippingAddress): string {
  const stored: ShippingAddress = {
    name: a.name.trim(),
    apartment: a.apartment?.trim() ? a.apartment.trim() : null,
    country: a.country,
    province: a.province.trim(),
    city: a.city.trim(),
    postalCode: a.postalCode.trim(),
    street: a.street.trim(),
    phoneNumber: a.phoneNumber,
    isDefault: a.isDefault,
  };
  return JSON.stringify(stored);
}

const PAYMENTS_UNAVAILABLE_MESSAGE =
  'We could not reach the payment service. Please try again in a moment.';

/** The payment gateway, or the 503 a card payment gets while none is set up. */
export function gatewayOf(ctx: HandlerContext): PaymentGateway {
  if (!ctx.config.payments) {
    throw new ApiError(503, 'SERVICE_UNAVAILABLE', PAYMENTS_UNAVAILABLE_MESSAGE);
  }
  return ctx.config.payments;
}

/** Runs a call to Stripe; Stripe out of reach is a 503 the shopper can retry, not a 500. */
export async function askStripe<T>(ctx: HandlerContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    ctx.config.logger.error(`${ctx.operationId}: Stripe did not answer`, error);
    throw new ApiError(503, 'SERVICE_UNAVAILABLE', PAYMENTS_UNAVAILABLE_MESSAGE);
  }
}

/** Claims per account in a window (ADR-0055): the storefront makes one per sign-in. */
const CLAIMS_PER_WINDOW = 20;
const CLAIM_WINDOW_MS = 15 * 60_000;

/**
 * Counts a claim by `userId`; 429 TOO_MANY_REQUESTS past the window's allowance. The count is a
 * row of sign_in_counts (counter 'claim'; last_at holds the window's start), shared by every
 * server process on the database (ADR-0066).
 */
async function countClaim(ctx: HandlerContext, userId: number): Promise<void> {
  const now = ctx.now.getTime();
  const name = String(userId);
  await ctx.db.transaction(async () => {
    const row = await ctx.db.get<{ count: number; last_at: number }>(
      "SELECT count, last_at FROM sign_in_counts WHERE counter = 'claim' AND name = ?",
      [name],
    );
    const entry = row && now - row.last_at < CLAIM_WINDOW_MS ? row : { count: 0, last_at: now };
    if (entry.count >= CLAIMS_PER_WINDOW) {
      const seconds = Math.max(1, Math.ceil((entry.last_at + CLAIM_WINDOW_MS - now) / 1000));
      throw new ApiError(
        429,
        'TOO_MANY_REQUESTS',
        `Too many requests. Please try again in ${tryAgainIn(seconds)}.`,
        { retryAfter: seconds },
      );
    }
    await ctx.db.run(
      `INSERT INTO sign_in_counts (counter, name, count, last_at, blocked_until) VALUES ('claim', ?, ?, ?, 0)
       ON CONFLICT (counter, name) DO UPDATE SET count = excluded.count, last_at = excluded.last_at`,
      [name, entry.count + 1, entry.last_at],
    );
  });
}

const OWNER_ONLY_MESSAGE = 'Only the shop can mark an order shipped, delivered or cancelled.';

/** The shop itself: an OWNER account's bearer, or the ADMIN_TOKEN as X-Admin-Token. */
async function isShop(ctx: HandlerContext): Promise<boolean> {
  const admin = ctx.config.adminToken;
  const given = ctx.header('x-admin-token')?.trim();
  if (admin && given && given.length <= 200) {
    const a = createHash('sha256').update(admin).digest();
    const b = createHash('sha256').update(given).digest();
    if (timingSafeEqual(a, b)) return true;
  }
  if (!ctx.user) return false;
  const row = await ctx.db.get<{ role: string }>('SELECT role FROM users WHERE id = ?', [
    ctx.user.id,
  ]);
  return row?.role === 'OWNER';
}

type ShopStatus = 'SHIPPED' | 'DELIVERED' | 'CANCELLED';

/**
 * The statuses the shop may move an order from (ADR-0061). Cash on delivery: PENDING → SHIPPED →
 * DELIVERED (the cash is taken at the door: paid), and CANCELLED from PENDING or SHIPPED (refused
 * at the door), its units back in stock. A card order ships only once paid, and is never cancelled
 * here: an unpaid one lapses by itself, and a paid one needs a refund at Stripe first.
 */
const SHOP_MOVES: Record<'cod' | 'card', Record<ShopStatus, readonly string[]>> = {
  cod: { SHIPPED: ['PENDING'], DELIVERED: ['SHIPPED'], CANCELLED: ['PENDING', 'SHIPPED'] },
  card: { SHIPPED: ['PAID'], DELIVERED: ['SHIPPED'], CANCELLED: [] },
};

const SHOP_NOTES: Record<ShopStatus, string> = {
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled by the shop, and its items went back to stock',
};

/** The shop marks an order SHIPPED, DELIVERED or CANCELLED (403 for anyone else, 409 if it cannot). */
async function moveOrderOn(
  ctx: HandlerContext<'updateOrderStatus'>,
  target: ShopStatus,
): Promise<OrderRow> {
  if (!(await isShop(ctx))) throw new ApiError(403, 'FORBIDDEN', OWNER_ONLY_MESSAGE);
  return ctx.db.transaction(async () => {
    const order = await getOrderRow(ctx.db, ctx.params.orderId);
    if (!order) throw notFound('Order not found');
    if (order.status === target) return order;
    const method = order.payment_method === 'cod' ? 'cod' : 'card';
    if (!SHOP_MOVES[method][target].includes(order.status)) {
      throw new ApiError(
        409,
        'INVALID_STATUS_TRANSITION',
        `A ${method === 'cod' ? 'cash-on-delivery' : 'card'} order in status ${order.status} cannot become ${target}`,
      );
    }
    const stamp = ctx.now.toISOString();
    if (target === 'CANCELLED') await returnStock(ctx.db, order.id, ctx.now);
    const paid = target === 'DELIVERED' && method === 'cod' ? 'PAID' : order.payment_status;
    await ctx.db.run(
      'UPDATE orders SET status = ?, payment_status = ?, reserved_until = NULL, updated_at = ? WHERE id = ?',
      [target, paid, stamp, order.id],
    );
    await appendHistory(ctx.db, order.id, target, SHOP_NOTES[target], ctx.now);
    const moved = await getOrderRow(ctx.db, order.id);
    if (!moved) throw notFound('Order not found');
    return moved;
  });
}

export const orderHandlers = {
  createOrder: async (ctx) => {
    const body = ctx.body;
    const user = ctx.user;
    // The token decides who orders; a signed-in order uses the account's email.
    const email = user ? user.email : body.email.trim();
    // An idempotency key belongs to its caller: the account, or the guest's cart. Knowing a
    // guest's email and key must not hand out its order token and payment secret.
    const cartToken = user ? null : guestTokenHeader(ctx);
    const ownerKey = user ? `user:${user.id}` : cartToken ? `cart:${cartToken}` : NO_CALLER;
    // The key may come in the body or as the Idempotency-Key header (one of them; both agree).
    const headerKey = ctx.header('idempotency-key');
    if (headerKey !== undefined && body.idempotencyKey !== undefined) {
      if (headerKey !== body.idempotencyKey)
        throw validationError({ 'Idempotency-Key': IDEMPOTENCY_HEADER_MISMATCH });
    }
    const idempotencyKey = body.idempotencyKey ?? headerKey;
    if (idempotencyKey === undefined)
      throw validationError({ idempotencyKey: IDEMPOTENCY_KEY_REQUIRED });
    // The same request is the same body in canonical form: key order and whitespace do not make
    // a conflict, nor does where the key travelled.
    const { idempotencyKey: _key, ...rest } = body;
    const requestHash = createHash('sha256').update(canonicalJson(rest)).digest('hex');

    const placed = await ctx.db.transaction(
      async (): Promise<{ orderId: number; created: boolean }> => {
        const previous = await ctx.db.get<OrderRow>(
          'SELECT * FROM orders WHERE owner_key = ? AND idempotency_key = ?',
          [ownerKey, idempotencyKey],
        );
        if (previous) {
          // The same request again (a double click, a retry after a lost answer, a retry after a
          // declined card) gets the first order; the same key with another request is refused,
          // as Stripe does.
          if (ownerKey === NO_CALLER || previous.request_hash !== requestHash) {
            throw new ApiError(409, 'IDEMPOTENCY_CONFLICT', IDEMPOTENCY_CONFLICT_MESSAGE);
          }
          if (previous.status === 'CANCELLED') {
            throw new ApiError(409, 'ORDER_CANCELLED', ORDER_CANCELLED_MESSAGE);
          }
          // A declined card gave the units back: a retry takes them again before it can pay, or
          // is told they are gone (409 OUT_OF_STOCK) and nothing is charged.
          if (previous.status === 'PAYMENT_FAILED' && previous.stock_held === 0) {
            await retakeStock(ctx.db, previous.id, ctx.now);
          }
          return { orderId: previous.id, created: false };
        }

        // Nothing here can take a PayPal payment (D5): such an order could only ever hold stock.
        if (body.paymentMethod === 'paypal') {
          throw new ApiError(
            409,
            'PAYMENT_METHOD_UNAVAILABLE',
            ctx.config.orderLimits.codEnabled
              ? PAYPAL_UNAVAILABLE_MESSAGE
              : PAYPAL_CARD_ONLY_MESSAGE,
          );
        }
        if (body.paymentMethod === 'cod' && !ctx.config.orderLimits.codEnabled) {
          throw new ApiError(409, 'PAYMENT_METHOD_UNAVAILABLE', COD_DISABLED_MESSAGE);
        }
        const ship = await getShipMethod(ctx.db, body.shipMethodId);
        if (!ship || ship.is_active !== 1) throw notFound('Shipping method not found');

        const limits = ctx.config.orderLimits;
        const quantities = new Map<number, number>();
        for (const item of body.items)
          quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantity);
        const units = [...quantities.values()].reduce((sum, n) => sum + n, 0);
        if (units > limits.maxUnitsPerOrder) {
          throw new ApiError(
            409,
            'ORDER_LIMIT_EXCEEDED',
            `An order can hold at most ${limits.maxUnitsPerOrder} items`,
          );
        }
        const products: { product: ProductRow; quantity: number }[] = [];
        for (const [productId, quantity] of quantities) {
          const product = await getProductRow(ctx.db, productId);
          if (!product) throw notFound('Product not found');
          if (product.is_available_at_web !== 1) {
            throw new ApiError(409, 'PRODUCT_UNAVAILABLE', unavailableMessage(product.name));
          }
          if (quantity > limits.maxUnitsPerProduct) {
            throw new ApiError(
              409,
              'ORDER_LIMIT_EXCEEDED',
              `You can order at most ${limits.maxUnitsPerProduct} of ${product.name} at once`,
            );
          }
          if (product.quantity < quantity) {
            throw new ApiError(
              409,
              'OUT_OF_STOCK',
              outOfStockMessage(product.name, product.quantity),
            );
          }
          products.push({ product, quantity });
        }
        const lines: PriceLine[] = products.map(({ product, quantity }) => ({
          productId: product.id,
          unitCents: product.price_cents,
          quantity,
        }));

        const code = body.promoCode?.trim() ?? '';
        const promo = code === '' ? null : ((await promoByCode(ctx.db, code)) ?? null);
        if (code !== '') {
          const verdict = checkPromo(promo, lines, { now: ctx.now });
          if (!verdict.accepted) throw new ApiError(400, 'PROMO_REJECTED', verdict.message);
        }
        // Issue 30: a card-only promo ("With Credit or Debit Card") is not for cash on delivery.
        if (promo?.cardOnly && body.paymentMethod === 'cod') {
          throw new ApiError(400, 'PROMO_REJECTED', PROMO_MESSAGES.cardOnly);
        }
        // Issue 28: a promo limited per customer (account or normalised email), ADR-0062.
        const usedUp =
          promo && (await promoUseRefusal(ctx.db, promo, { userId: user?.id ?? null, email }));
        if (usedUp) throw new ApiError(400, 'PROMO_REJECTED', usedUp);
        const totals = priceTotals({ lines, shippingCents: ship.price_cents, promo, now: ctx.now });

        const pricesDiffer = body.items.some((item) => {
          if (item.price === undefined) return false;
          const product = products.find((p) => p.product.id === item.productId);
          return !product || amountDiffers(item.price, product.product.price_cents);
        });
        if (
          pricesDiffer ||
          amountDiffers(body.totalAmount, totals.total) ||
          amountDiffers(body.taxAmount, totals.tax) ||
          amountDiffers(body.shippingAmount, totals.shipping) ||
          amountDiffers(body.discountAmount, totals.discount)
        ) {
          throw new ApiError(409, 'TOTALS_MISMATCH', TOTALS_MISMATCH_MESSAGE, {
            totals: totalsToAmounts(totals),
          });
        }

        const keys: CallerKeys = {
          ownerKey: ownerKey === NO_CALLER ? null : ownerKey,
          email: emailKey(email),
          phone: phoneKey(body.shippingAddress.phoneNumber),
          network: networkKey(ctx.clientAddress),
        };
        await checkOpenOrders(ctx, keys);
        if (body.paymentMethod === 'cod') await checkHoldShare(ctx, products);

        const stamp = ctx.now.toISOString();
        // An unpaid card order holds its stock for a while (housekeeping.ts cancels it then); a
        // cash-on-delivery order is sold, and only the shop moves it on (ADR-0061).
        const reservedUntil =
          body.paymentMethod === 'card'
            ? new Date(
                ctx.now.getTime() + ctx.config.stockReservationMinutes * 60_000,
              ).toISOString()
            : null;
        const inserted = await ctx.db.get<{ id: number }>(
          `INSERT INTO orders (user_id, email, order_token, cart_token, owner_key, idempotency_key, request_hash, status,
           payment_status, payment_method, ship_method_id, ship_method_name, shipping_address, currency, promo_code,
           subtotal_cents, tax_cents, shipping_cents, discount_cents, total_cents, created_at, updated_at,
           reserved_until, stock_held, client_address, email_key, phone_key, client_net)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'PENDING', 'UNPAID', ?, ?, ?, ?, 'USD', ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)
         RETURNING id`,
          [
            user?.id ?? null,
            email,
            user ? null : `ot_${randomToken(24)}`,
            cartToken,
            ownerKey,
            idempotencyKey,
            requestHash,
            body.paymentMethod,
            ship.id,
            `${ship.name} ${ship.expected_arrival}`,
            storedAddress(body.shippingAddress),
            promo?.code ?? null,
            totals.subtotal,
            totals.tax,
            totals.shipping,
            totals.discount,
            totals.total,
            stamp,
            stamp,
            reservedUntil,
            ctx.clientAddress,
            keys.email,
            keys.phone,
            keys.network,
          ],
        );
        if (!inserted) throw new Error('order insert failed');
        const orderId = inserted.id;
        for (const { product, quantity } of products) {
          await ctx.db.run(
            `INSERT INTO order_items (order_id, product_id, product_name, product_img, product_category, price_cents, quantity, units_held)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            [
              orderId,
              product.id,
              product.name,
              await mainImageUrl(ctx.db, product.id),
              product.category,
              product.price_cents,
              quantity,
              quantity,
            ],
          );
          // Stock is taken when the order is placed, so two shoppers can never buy the last unit twice.
          await ctx.db.run(
            'UPDATE products SET quantity = quantity - ?, updated_at = ? WHERE id = ?',
            [quantity, stamp, product.id],
          );
        }
        await catalogueChanged(ctx.db);
        await appendHistory(ctx.db, orderId, 'PENDING', 'Order placed', ctx.now);

        if (user) await rememberAddress(ctx.db, user.id, body.shippingAddress, ctx.now);

        const order = await getOrderRow(ctx.db, orderId);
        if (!order) throw new Error('order insert failed');
        // Cash on delivery is complete once placed; a card order empties the cart when it is paid.
        if (body.paymentMethod === 'cod') await clearOwnerCart(ctx.db, order, ctx.now);
        return { orderId, created: true };
      },
      // Every order reads the caps and takes units: on PostgreSQL they queue for their turn
      // instead of failing each other's serialization check (ADR-0066).
      { queue: 'orders' },
    );
    // A card order's PaymentIntent is made at Stripe after the order is stored (a network call
    // holds no transaction). Stripe out of reach answers 503; the same request again finds the
    // order and makes the intent then, with the same Stripe Idempotency-Key: never two.
    const gateway = ctx.config.payments;
    const stored = await getOrderRow(ctx.db, placed.orderId);
    if (stored?.payment_method === 'card') {
      if (!gateway) gatewayOf(ctx);
      else
        await askStripe(ctx, () =>
          ensureCardIntent(gateway, ctx.db, placed.orderId, () => ctx.now),
        );
    }
    const order = await getOrderRow(ctx.db, placed.orderId);
    if (!order) throw notFound('Order not found');
    return ok(await orderResponseJson(ctx.db, order), placed.created ? 201 : 200);
  },

  getOrder: async (ctx) => {
    const order = await accessibleOrder(ctx, ctx.params.orderId);
    return ok(await orderDetailJson(ctx.db, order));
  },

  updateOrderStatus: async (ctx) => {
    const target = ctx.body.status;
    if (target === 'SHIPPED' || target === 'DELIVERED' || target === 'CANCELLED') {
      return ok(await orderResponseJson(ctx.db, await moveOrderOn(ctx, target)));
    }
    const order = await accessibleOrder(ctx, ctx.params.orderId);
    if (order.status === target) return ok(await orderResponseJson(ctx.db, order));
    if (order.status === 'CANCELLED') {
      throw new ApiError(409, 'ORDER_CANCELLED', ORDER_CANCELLED_MESSAGE);
    }
    if (target === 'PAYMENT_FAILED' && order.status !== 'PENDING') {
      throw new ApiError(
        409,
        'INVALID_STATUS_TRANSITION',
        `An order in status ${order.status} cannot become PAYMENT_FAILED`,
      );
    }
    if (target === 'PAID' && order.status !== 'PENDING' && order.status !== 'PAYMENT_FAILED') {
      throw new ApiError(
        409,
        'INVALID_STATUS_TRANSITION',
        `An order in status ${order.status} cannot become PAID`,
      );
    }
    // The browser's word is not enough: the server asks Stripe itself, and Stripe's answer is
    // applied as its webhook would be (payment-state.ts), once, whichever comes first.
    const gateway = gatewayOf(ctx);
    if (!order.payment_intent_id) {
      if (target === 'PAID') {
        throw new ApiError(
          409,
          'PAYMENT_NOT_CONFIRMED',
          'The payment for this order has not been confirmed',
        );
      }
      const failed = await ctx.db.transaction(async () => {
        // Read again inside the transaction: another request may have moved it meanwhile.
        const current = await getOrderRow(ctx.db, order.id);
        if (current?.status !== 'PENDING') return current;
        await returnStock(ctx.db, order.id, ctx.now);
        await ctx.db.run(
          "UPDATE orders SET status = 'PAYMENT_FAILED', payment_status = 'FAILED', updated_at = ? WHERE id = ? AND status = 'PENDING'",
          [ctx.now.toISOString(), order.id],
        );
        await appendHistory(ctx.db, order.id, 'PAYMENT_FAILED', 'Payment failed', ctx.now);
        return getOrderRow(ctx.db, order.id);
      });
      if (!failed) throw notFound('Order not found');
      return ok(await orderResponseJson(ctx.db, failed));
    }
    const intentId = order.payment_intent_id;
    const intent = await askStripe(ctx, () => gateway.retrieveIntent(intentId));
    if (target === 'PAID') {
      if (intent.status !== 'succeeded') {
        throw new ApiError(
          409,
          'PAYMENT_NOT_CONFIRMED',
          'The payment for this order has not been confirmed',
        );
      }
      const outcome = await applyIntent(ctx.db, intent, 'succeeded', ctx.now);
      if (outcome === 'amount_mismatch') {
        throw new ApiError(
          409,
          'PAYMENT_NOT_CONFIRMED',
          "The payment does not match this order's total",
        );
      }
    } else {
      if (intent.status === 'succeeded' || intent.status === 'processing') {
        throw new ApiError(
          409,
          'INVALID_STATUS_TRANSITION',
          'The payment for this order has already succeeded',
        );
      }
      await applyIntent(ctx.db, intent, 'payment_failed', ctx.now);
    }
    const updated = await getOrderRow(ctx.db, order.id);
    if (!updated) throw notFound('Order not found');
    return ok(await orderResponseJson(ctx.db, updated));
  },

  getOrderHistory: async (ctx) => {
    const order = await accessibleOrder(ctx, ctx.params.orderId);
    const rows = await ctx.db.all<HistoryRow>(
      'SELECT status, note, created_at FROM order_status_history WHERE order_id = ? ORDER BY created_at, id',
      [order.id],
    );
    return ok(rows.map(statusEventJson));
  },

  // Issue 30, ADR-0055: the token proves this browser placed the order; the bearer says whose
  // account it joins. The route answers 401 to a guest before this runs.
  claimGuestOrders: async (ctx) => {
    const user = ctx.user;
    if (!user) throw unauthorized();
    await countClaim(ctx, user.id);
    return ok({ orderIds: await claimGuestOrders(ctx.db, user.id, ctx.body.orderTokens, ctx.now) });
  },
} satisfies HandlerMap;
