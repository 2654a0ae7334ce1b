import { DEFAULT_PASSWORD_HASH, hashPassword, type PasswordHashParams } from './auth';
import type { Db } from './db';
import {
  DEMO_USER,
  SEED_EVENTS,
  SEED_NEWS,
  SEED_PRODUCTS,
  SEED_PROMOS,
  SEED_SHIP_METHODS,
  SEED_SPACES,
  type PromoWindow,
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
export function readTime(text: string): string {
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

export function isEmpty(db: Db): boolean {
  const row = db.get<{ n: number }>('SELECT COUNT(*) AS n FROM products');
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

/** Inserts the catalogue and the demo user; dates are relative to `now`. Expects empty tables. */
export async function seedDatabase(
  db: Db,
  now: Date,
  params: PasswordHashParams = DEFAULT_PASSWORD_HASH,
): Promise<void> {
  // Hash outside the transaction: scrypt is async and transactions are synchronous.
  const demoHash = await demoPasswordHash(params);
  db.transaction(() => {
    // Distinct creation times (one second apart, in id order) keep "newest first" deterministic.
    const catalogueBase = daysFrom(now, -120).getTime();
    for (const p of SEED_PRODUCTS) {
      const createdAt = new Date(catalogueBase + p.id * 1000).toISOString();
      db.run(
        `INSERT INTO products (id, name, description, price_cents, old_price_cents, quantity, category,
           is_available_at_web, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          p.id,
          p.name,
          p.description,
          p.priceCents,
          p.oldPriceCents,
          p.quantity,
          p.category,
          p.isAvailableAtWeb ? 1 : 0,
          createdAt,
          createdAt,
        ],
      );
      db.run(
        'INSERT INTO product_images (id, product_id, image_url, is_main) VALUES (?, ?, ?, 1)',
        [p.id, p.id, `/images/products/${p.id}-1.svg`],
      );
      for (let n = 2; n <= 4; n += 1) {
        const imageId = 36 + (p.id - 1) * 3 + (n - 1);
        db.run(
          'INSERT INTO product_images (id, product_id, image_url, is_main) VALUES (?, ?, ?, 0)',
          [imageId, p.id, `/images/products/${p.id}-${n}.svg`],
        );
      }
    }
    for (const n of SEED_NEWS) {
      const description = n.paragraphs.join('\n\n');
      db.run(
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
      db.run('INSERT INTO events (id, name, image, duration, start_date) VALUES (?, ?, ?, ?, ?)', [
        e.id,
        e.name,
        `/images/events/${e.id}.svg`,
        '02:00:00',
        iso(start),
      ]);
    }
    for (const s of SEED_SPACES) {
      db.run('INSERT INTO spaces (id, name, type, image) VALUES (?, ?, ?, ?)', [
        s.id,
        s.name,
        s.type,
        `/images/spaces/${s.id}.svg`,
      ]);
    }
    for (const m of SEED_SHIP_METHODS) {
      db.run(
        'INSERT INTO ship_methods (id, name, code, expected_arrival, price_cents, is_active) VALUES (?, ?, ?, ?, ?, 1)',
        [m.id, m.name, m.code, m.expectedArrival, m.priceCents],
      );
    }
    for (const p of SEED_PROMOS) {
      const { startAt, endAt } = promoWindow(p.window, now);
      db.run(
        `INSERT INTO promos (id, code, title, description, discount_type, discount_value, start_at, end_at, is_active)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)`,
        [p.id, p.code, p.title, p.description, p.discountType, p.discountValue, startAt, endAt],
      );
      for (const productId of p.productIds) {
        db.run('INSERT INTO promo_products (promo_id, product_id) VALUES (?, ?)', [
          p.id,
          productId,
        ]);
      }
    }
    const created = iso(now);
    const { lastId: userId } = db.run(
      `INSERT INTO users (email, username, password_hash, phone, token_version, created_by, created_at)
       VALUES (?, ?, ?, ?, 0, 'SEED', ?)`,
      [DEMO_USER.email, DEMO_USER.username, demoHash, DEMO_USER.address.phoneNumber, created],
    );
    const a = DEMO_USER.address;
    db.run(
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
  });
}

export async function seedIfEmpty(
  db: Db,
  now: Date,
  params: PasswordHashParams = DEFAULT_PASSWORD_HASH,
): Promise<boolean> {
  if (!isEmpty(db)) return false;
  await seedDatabase(db, now, params);
  return true;
}

/** Drops every table, recreates the schema and seeds again. */
export async function reseed(
  db: Db,
  now: Date,
  params: PasswordHashParams = DEFAULT_PASSWORD_HASH,
): Promise<void> {
  db.resetSchema();
  await seedDatabase(db, now, params);
}
