import { DEFAULT_PASSWORD_HASH, hashPassword, type PasswordHashParams } from './auth';
import type { Db } from './db';
import { priceTotals } from './money';
import { catalogueChanged } from './render-catalogue-version';

// The tables the seed fills with ids of its own (the catalogue's, stable across reseeds).
const SEEDED_ID_TABLES = [
  'products',
  'product_images',
  'news',
  'events',
  'spaces',
  'ship_methods',
  'promos',
] as const;
import {
  DEMO_ORDERS,
  DEMO_OWNER,
  DEMO_USER,
  SEED_EVENTS,
  SEED_NEWS,
  SEED_PRODUCTS,
  SEED_PROMOS,
  SEED_SHIP_METHODS,
  SEED_SPACES,
  type PromoWindow,
  type SeedOrder,
} from './seed-catalogue';

const DAY_MS = 24 * 60 * 60 * 1000;

function iso(date: Date): string {
  return date.toISOString();
}

function daysFrom(now: Date, days: number, hourUtc?: number): Date {
  const date = new Date(now.getTime() + days * DAY_MS);
  if (hourUtc !== undefined) date.setUTCHours(hourUtc, 0, 0, 0);
  return date;
}

/** Reading time at 200 words a minute, at least one minute. */
function readTime(text: string): string {
  const words = text.split(/\s+/).filter(Boolean).length;
  return `${Math.max(1, Math.ceil(words / 200))} Min`;
}

function promoWindow(window: PromoWindow, now: Date): { startAt: string; endAt: string } {
  const lastYear = now.getUTCFullYear() - 1;
  switch (window) {
    case 'current':
      return { startAt: iso(daysFrom(now, -30)), endAt: iso(daysFrom(now, 60)) };
    case 'expired-summer':
      return {
        startAt: new Date(Date.UTC(lastYear, 5, 1)).toISOString(),
        endAt: new Date(Date.UTC(lastYear, 7, 31, 23, 59, 59)).toISOString(),
      };
    case 'expired-holiday':
      return {
        startAt: new Date(Date.UTC(lastYear, 11, 1)).toISOString(),
        endAt: new Date(Date.UTC(lastYear, 11, 31, 23, 59, 59)).toISOString(),
      };
    case 'upcoming':
      return { startAt: iso(daysFrom(now, 10)), endAt: iso(daysFrom(now, 100)) };
  }
}

async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM products');
  return Number(row?.n ?? 0) === 0;
}

// One demo hash per cost per process: provider states reseed dozens of times, and at OWASP cost
// each hash takes a third of a second.
const demoHashes = new Map<string, Promise<string>>();
function demoPasswordHash(params: PasswordHashParams): Promise<string> {
  const key = JSON.stringify(params);
  let hash = demoHashes.get(key);
  if (!hash) {
    hash = hashPassword(DEMO_USER.password, params);
    demoHashes.set(key, hash);
  }
  return hash;
}

export interface SeedOptions {
  /** Seed the demo owner account (DEMO_OWNER, a known password): development only. Default true. */
  demoOwner?: boolean;
}

/**
 * Inserts the catalogue, the demo user and the demo user's past orders (and the demo owner), in
 * one transaction, unless the products table is not empty when it starts: then answers false and
 * writes nothing. Dates are relative to `now`. The check is inside the transaction (its write lock
 * taken at BEGIN), so of two processes started at once on a fresh file one seeds and the other
 * waits, then finds the seed there: never a second seed, never half of one.
 */
async function seedDatabase(
  db: Db,
  now: Date,
  params: PasswordHashParams,
  options: SeedOptions,
): Promise<boolean> {
  // Hash before the transaction: scrypt takes a third of a second, and the transaction would hold
  // every other statement back meanwhile.
  const demoHash = await demoPasswordHash(params);
  return db.transaction(async () => {
    if (!(await isEmpty(db))) return false;
    // Distinct creation times (one second apart, in id order) keep "newest first" deterministic.
    const catalogueBase = daysFrom(now, -120).getTime();
    for (const p of SEED_PRODUCTS) {
      const createdAt = new Date(catalogueBase + p.id * 1000).toISOString();
      await db.run(
        `INSERT INTO products (id, name, description, price_cents, old_price_cents, quantity, stock_received,
           category, is_available_at_web, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          p.id,
          p.name,
          p.description,
          p.priceCents,
          p.oldPriceCents,
          p.quantity,
          p.quantity,
          p.category,
          p.isAvailableAtWeb ? 1 : 0,
          createdAt,
          createdAt,
        ],
      );
      // A product's four images in one statement (a round trip each on PostgreSQL).
      const images: (number | string)[] = [p.id, p.id, `/images/products/${p.id}-1.svg`, 1];
      for (let n = 2; n <= 4; n += 1) {
        const imageId = 36 + (p.id - 1) * 3 + (n - 1);
        images.push(imageId, p.id, `/images/products/${p.id}-${n}.svg`, 0);
      }
      await db.run(
        `INSERT INTO product_images (id, product_id, image_url, is_main) VALUES
           (?, ?, ?, ?), (?, ?, ?, ?), (?, ?, ?, ?), (?, ?, ?, ?)`,
        images,
      );
    }
    for (const n of SEED_NEWS) {
      const description = n.paragraphs.join('\n\n');
      await db.run(
        'INSERT INTO news (id, title, description, image, time, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        [
          n.id,
          n.title,
          description,
          `/images/news/${n.id}.svg`,
          readTime(description),
          iso(daysFrom(now, -n.daysAgo, 9)),
        ],
      );
    }
    for (const e of SEED_EVENTS) {
      // Upcoming events keep the exact offset from "now" so the boundary is never a matter of hours.
      const start =
        e.offsetDays > 0 ? daysFrom(now, e.offsetDays) : daysFrom(now, e.offsetDays, 10);
      await db.run(
        'INSERT INTO events (id, name, image, duration, start_date) VALUES (?, ?, ?, ?, ?)',
        [e.id, e.name, `/images/events/${e.id}.svg`, '02:00:00', iso(start)],
      );
    }
    for (const s of SEED_SPACES) {
      await db.run(
        'INSERT INTO spaces (id, name, type, image, width, height) VALUES (?, ?, ?, ?, ?, ?)',
        [s.id, s.name, s.type, s.image, s.width, s.height],
      );
    }
    for (const m of SEED_SHIP_METHODS) {
      await db.run(
        'INSERT INTO ship_methods (id, name, code, expected_arrival, price_cents, is_active) VALUES (?, ?, ?, ?, ?, 1)',
        [m.id, m.name, m.code, m.expectedArrival, m.priceCents],
      );
    }
    for (const p of SEED_PROMOS) {
      const { startAt, endAt } = promoWindow(p.window, now);
      await db.run(
        `INSERT INTO promos (id, code, title, description, discount_type, discount_value, start_at, end_at, is_active, card_only)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
        [
          p.id,
          p.code,
          p.title,
          p.description,
          p.discountType,
          p.discountValue,
          startAt,
          endAt,
          p.cardOnly ? 1 : 0,
        ],
      );
      if (p.productIds.length > 0) {
        await db.run(
          `INSERT INTO promo_products (promo_id, product_id) VALUES ${p.productIds.map(() => '(?, ?)').join(', ')}`,
          p.productIds.flatMap((productId) => [p.id, productId]),
        );
      }
    }
    // The rows above came with their own ids: PostgreSQL's id counters move past them.
    await db.idsInserted(SEEDED_ID_TABLES);
    const created = iso(now);
    const user = await db.get<{ id: number }>(
      `INSERT INTO users (email, username, password_hash, phone, token_version, created_by, created_at)
       VALUES (?, ?, ?, ?, 0, 'SEED', ?) RETURNING id`,
      [DEMO_USER.email, DEMO_USER.username, demoHash, DEMO_USER.address.phoneNumber, created],
    );
    if (!user) throw new Error('seed: the demo user was not stored');
    const userId = user.id;
    const a = DEMO_USER.address;
    await db.run(
      `INSERT INTO addresses (user_id, name, country, province, city, street, postal_code, apartment, phone_number,
         is_default, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
      [
        userId,
        a.name,
        a.country,
        a.province,
        a.city,
        a.street,
        a.postalCode,
        a.apartment,
        a.phoneNumber,
        created,
      ],
    );
    for (const [index, order] of DEMO_ORDERS.entries()) {
      await insertDemoOrder(db, userId, order, index, now);
    }
    if (options.demoOwner !== false) {
      // The same demo password: DEMO_OWNER says so, and it saves a hash per reseed.
      await db.run(
        `INSERT INTO users (email, username, password_hash, phone, token_version, created_by, created_at, role)
         VALUES (?, ?, ?, NULL, 0, 'SEED', ?, 'OWNER')`,
        [DEMO_OWNER.email, DEMO_OWNER.username, demoHash, created],
      );
    }
    return true;
  });
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * One of the demo account's past orders, priced as the order handler prices it (money.ts) at the
 * seed's prices. History only: no stock held, no reservation (see DEMO_ORDERS).
 */
async function insertDemoOrder(
  db: Db,
  userId: number,
  order: SeedOrder,
  index: number,
  now: Date,
): Promise<void> {
  const ship = SEED_SHIP_METHODS.find((m) => m.id === order.shipMethodId);
  if (!ship) throw new Error(`seed: ship method ${order.shipMethodId} is missing`);
  const products = order.lines.map(([productId, quantity]) => {
    const product = SEED_PRODUCTS.find((p) => p.id === productId);
    if (!product) throw new Error(`seed: product ${productId} is missing`);
    return { product, quantity };
  });
  const totals = priceTotals({
    lines: products.map(({ product, quantity }) => ({
      productId: product.id,
      unitCents: product.priceCents,
      quantity,
    })),
    shippingCents: ship.priceCents,
    promo: null,
    now,
  });
  // Placed in the morning (UTC) of its day, so the dates read naturally.
  const placedAt = daysFrom(now, -order.daysAgo, 9).getTime();
  const at = (hours: number) => new Date(placedAt + hours * HOUR_MS).toISOString();
  const last = order.history.at(-1);
  if (last?.status !== order.status) throw new Error('seed: a demo order ends in another status');
  const paid = order.history.some((e) => e.status === 'PAID');
  const a = DEMO_USER.address;
  const address = {
    name: a.name,
    apartment: a.apartment,
    country: a.country,
    province: a.province,
    city: a.city,
    postalCode: a.postalCode,
    street: a.street,
    phoneNumber: a.phoneNumber,
    isDefault: true,
  };
  const inserted = await db.get<{ id: number }>(
    `INSERT INTO orders (user_id, email, order_token, cart_token, owner_key, idempotency_key, request_hash, status,
       payment_status, payment_method, ship_method_id, ship_method_name, shipping_address, currency, promo_code,
       subtotal_cents, tax_cents, shipping_cents, discount_cents, total_cents, created_at, updated_at,
       reserved_until, stock_held, client_address)
     VALUES (?, ?, NULL, NULL, ?, ?, 'seed', ?, ?, ?, ?, ?, ?, 'USD', NULL, ?, ?, ?, ?, ?, ?, ?, NULL, 0, NULL)
     RETURNING id`,
    [
      userId,
      DEMO_USER.email,
      `user:${userId}`,
      `seed-demo-order-${index + 1}`,
      order.status,
      paid ? 'PAID' : order.status === 'PAYMENT_FAILED' ? 'FAILED' : 'UNPAID',
      order.paymentMethod,
      ship.id,
      `${ship.name} ${ship.expectedArrival}`,
      JSON.stringify(address),
      totals.subtotal,
      totals.tax,
      totals.shipping,
      totals.discount,
      totals.total,
      at(0),
      at(last.hours),
    ],
  );
  if (!inserted) throw new Error('seed: a demo order was not stored');
  const orderId = inserted.id;
  for (const { product, quantity } of products) {
    await db.run(
      `INSERT INTO order_items (order_id, product_id, product_name, product_img, product_category, price_cents, quantity)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [
        orderId,
        product.id,
        product.name,
        `/images/products/${product.id}-1.svg`,
        product.category,
        product.priceCents,
        quantity,
      ],
    );
  }
  for (const event of order.history) {
    await db.run(
      'INSERT INTO order_status_history (order_id, status, note, created_at) VALUES (?, ?, ?, ?)',
      [orderId, event.status, event.note, at(event.hours)],
    );
  }
  // A paid card order was paid at Stripe: its succeeded intent, in the shop's copy and in the
  // sandbox's Stripe stand-in, so the integrity checks hold (invariants.ts).
  if (paid && order.paymentMethod === 'card') {
    const intentId = `pi_seed_demo_${index + 1}`;
    const secret = `${intentId}_secret_seed`;
    const paidAt = at(order.history.find((e) => e.status === 'PAID')?.hours ?? 0);
    await db.run(
      `INSERT INTO payment_intents (id, client_secret, order_id, amount_cents, currency, status, last_error, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'usd', 'succeeded', NULL, ?, ?)`,
      [intentId, secret, orderId, totals.total, at(0), paidAt],
    );
    await db.run(
      `INSERT INTO stripe_stand_in_intents (id, client_secret, amount, currency, status, metadata, created)
       VALUES (?, ?, ?, 'usd', 'succeeded', ?, ?)`,
      [
        intentId,
        secret,
        totals.total,
        JSON.stringify({ orderId: String(orderId) }),
        Math.floor(placedAt / 1000),
      ],
    );
    await db.run('UPDATE orders SET payment_intent_id = ? WHERE id = ?', [intentId, orderId]);
  }
}

export async function seedIfEmpty(
  db: Db,
  now: Date,
  params: PasswordHashParams = DEFAULT_PASSWORD_HASH,
  options: SeedOptions = {},
): Promise<boolean> {
  // Seeded already (every start but the first): no demo hash to make.
  if (!(await isEmpty(db))) return false;
  if (!(await seedDatabase(db, now, params, options))) return false;
  await catalogueChanged(db);
  return true;
}

/** Drops every table, recreates the schema and seeds again. */
export async function reseed(
  db: Db,
  now: Date,
  params: PasswordHashParams = DEFAULT_PASSWORD_HASH,
  options: SeedOptions = {},
): Promise<void> {
  await db.resetSchema();
  await seedDatabase(db, now, params, options);
  await catalogueChanged(db);
}
