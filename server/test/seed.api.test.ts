// The seed shows every spec feature (issue 18): an out-of-stock product, a description long
// enough for Read more, a video space, prices that differ inside a tab (so the price filter and
// sort change the grid), and a demo account whose order history holds every status.
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaceScenes } from '../../scripts/art/spaces';
import { openDb } from '../src/db';
import { seedIfEmpty } from '../src/seed';
import { SEED_SPACES } from '../src/seed-catalogue';
import {
  login,
  orderBody,
  startTestServer,
  testServerForSuite,
  type Schemas,
  type TestServer,
} from './test-server';

const server = testServerForSuite();
type Page = Schemas['ProductPage'];
type Category = Schemas['Category'];
const DAY = 24 * 60 * 60 * 1000;

async function tab(category: Category, query = ''): Promise<Schemas['Product'][]> {
  const res = await server.api<Page>(
    'GET',
    `/products/search?category=${category}&size=50${query}`,
  );
  return res.body.items;
}

describe('the seeded catalogue shows every spec feature', () => {
  it('has a product buyable online that is out of stock, on the first page of its tab', async () => {
    const firstPage = (await server.api<Page>('GET', '/products/search?category=coffee_baverage'))
      .body.items;
    const soldOut = firstPage.filter((p) => p.quantity <= 0 && p.isAvailableAtWeb);
    expect(soldOut.map((p) => [p.productId, p.name, p.quantity])).toEqual([
      [8, 'iced coffee with milk', 0],
    ]);
    // Still marked as on sale: the badge shows out of stock instead (spec §4).
    expect(soldOut[0]?.oldPrice).toBeGreaterThan(soldOut[0]?.price ?? 0);
    const add = await server.api('POST', '/cart/items', { body: { productId: 8, quantity: 1 } });
    expect(add.status).toBe(409);
    expect(add.body).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: 'Iced coffee with milk is out of stock',
    });
    const order = await server.api('POST', '/order', {
      body: orderBody([{ productId: 8, quantity: 1 }]),
    });
    expect(order.body).toMatchObject({ code: 'OUT_OF_STOCK' });
  });

  it('has descriptions over 200 characters (Read more), one in the coffee tab', async () => {
    const products = (await server.api<Page>('GET', '/products/search?size=50')).body.items;
    const long = products.filter((p) => p.description.length > 200);
    expect(long.map((p) => p.productId)).toEqual([12, 25]);
    expect(long[0]?.category).toBe('coffee_baverage');
    for (const p of long) expect(p.description.length).toBeGreaterThan(400);
  });

  it('has prices that differ inside the coffee and the food tab', async () => {
    for (const category of ['coffee_baverage', 'food_snack'] as const) {
      const all = await tab(category);
      expect(new Set(all.map((p) => p.price)).size).toBeGreaterThanOrEqual(5);
      // Every price is whole dollars (spec §9 shows them as whole dollars with .00).
      for (const p of all) expect(Number.isInteger(p.price)).toBe(true);
      // Sorting by price changes the first page: it is not the "All" order.
      const ascending = await tab(category, '&sortBy=price&sortDirection=asc');
      const prices = ascending.map((p) => p.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(ascending.slice(0, 8).map((p) => p.productId)).not.toEqual(
        all.slice(0, 8).map((p) => p.productId),
      );
      const descending = await tab(category, '&sortBy=price&sortDirection=desc');
      expect(descending[0]?.price).toBeGreaterThan(ascending[0]?.price ?? Infinity);
      // "Under 6" leaves some out of both tabs.
      const underSix = await tab(category, '&maxPrice=6');
      expect(underSix.length).toBeGreaterThan(0);
      expect(underSix.length).toBeLessThan(all.length);
    }
    // "Under 10" leaves some food out too (the at-home gear was the only such case before).
    expect((await tab('food_snack', '&maxPrice=10')).length).toBeLessThan(12);
    // Products 1-5 keep the prices the journeys rely on.
    const coffee = await tab('coffee_baverage');
    expect(coffee.slice(0, 5).map((p) => [p.price, p.oldPrice])).toEqual(
      Array.from({ length: 5 }, () => [5, 6]),
    );
  });
});

describe('the video space', () => {
  const file = join(import.meta.dirname, '..', '..', 'public', 'media', 'spaces', '9.webm');

  it('is one of nine spaces, a WebM file served from this origin', async () => {
    const spaces = (await server.api<Schemas['Space'][]>('GET', '/spaces')).body;
    expect(spaces).toHaveLength(9);
    const videos = spaces.filter((s) => /\.(webm|mp4)$/.test(s.image));
    expect(videos).toEqual([
      {
        spaceId: 9,
        name: 'brew bar',
        type: 'event space',
        image: '/media/spaces/9.webm',
        width: 640,
        height: 360,
      },
    ]);
  });

  it('is served as video/webm, in ranges, and the page may play it (CSP media-src)', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'lumen-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lumen</title>');
    mkdirSync(join(dist, 'media', 'spaces'), { recursive: true });
    copyFileSync(file, join(dist, 'media', 'spaces', '9.webm'));
    const withDist = await startTestServer({ distDir: dist });
    try {
      const whole = await fetch(`${withDist.url}/media/spaces/9.webm`);
      expect(whole.headers.get('content-type')).toBe('video/webm');
      expect((await whole.arrayBuffer()).byteLength).toBe(statSync(file).size);
      const part = await fetch(`${withDist.url}/media/spaces/9.webm`, {
        headers: { Range: 'bytes=0-99' },
      });
      expect(part.status).toBe(206);
      expect((await part.arrayBuffer()).byteLength).toBe(100);
      const page = await fetch(`${withDist.url}/spaces`);
      expect(page.headers.get('content-security-policy')).toContain("media-src 'self';");
    } finally {
      await withDist.dispose();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('is committed, small, and really a WebM (EBML header, "webm" doc type)', () => {
    const size = statSync(file).size;
    expect(size).toBeGreaterThan(10_000);
    expect(size).toBeLessThan(200_000);
    const head = readFileSync(file).subarray(0, 64);
    expect(head.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    expect(head.includes(Buffer.from('webm'))).toBe(true);
  });
});

describe("the demo account's order history", () => {
  type AccountOrder = Schemas['AccountOrder'];

  async function demoOrders(token: string, query = ''): Promise<AccountOrder[]> {
    return (await server.api<AccountOrder[]>('GET', `/account/orders${query}`, { token })).body;
  }

  it('holds one past order per status, newest first', async () => {
    const token = await login(server.api);
    const orders = await demoOrders(token);
    expect(orders.map((o) => o.status)).toEqual([
      'PENDING',
      'PAID',
      'PAYMENT_FAILED',
      'SHIPPED',
      'CANCELLED',
      'DELIVERED',
    ]);
    const times = orders.map((o) => Date.parse(o.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const t of times) expect(t).toBeLessThan(Date.now());
    expect(orders.map((o) => o.paymentMethod)).toEqual([
      'cod',
      'card',
      'card',
      'card',
      'card',
      'card',
    ]);
    // The status filter finds them (the storefront says CANCELED).
    expect((await demoOrders(token, '?status=CANCELED')).map((o) => o.status)).toEqual([
      'CANCELLED',
    ]);
    expect((await demoOrders(token, '?status=SHIPPED')).length).toBe(1);
    expect((await demoOrders(token, '?search=moka')).map((o) => o.status)).toEqual(['SHIPPED']);
  });

  it('each order adds up, is priced at the seed prices and has a history ending in its status', async () => {
    const token = await login(server.api);
    const orders = await demoOrders(token);
    expect(orders).toHaveLength(6);
    for (const summary of orders) {
      const detail = (
        await server.api<Schemas['OrderDetail']>('GET', `/order/${summary.orderId}`, { token })
      ).body;
      expect(detail.status).toBe(summary.status);
      expect(detail.email).toBe('demo@lumen.test');
      const subtotal = detail.items.reduce((s, i) => s + i.price * i.quantity, 0);
      expect(detail.subtotalAmount).toBeCloseTo(subtotal, 2);
      expect(detail.totalAmount).toBeCloseTo(
        detail.subtotalAmount + detail.taxAmount + detail.shippingAmount - detail.discountAmount,
        2,
      );
      expect(summary.amount).toBe(detail.totalAmount);
      expect(summary.items).toBe(detail.items.length);
      for (const item of detail.items) {
        const product = (
          await server.api<Schemas['Product']>('GET', `/products/detail/${item.productId}`)
        ).body;
        expect(item).toMatchObject({ productName: product.name, price: product.price });
      }
      const history = (
        await server.api<Schemas['OrderStatusEvent'][]>(
          'GET',
          `/order/${summary.orderId}/history`,
          { token },
        )
      ).body;
      expect(history[0]?.status).toBe('PENDING');
      expect(history.at(-1)?.status).toBe(summary.status);
      expect(detail.paymentStatus).toBe(
        history.some((e) => e.status === 'PAID')
          ? 'PAID'
          : summary.status === 'PAYMENT_FAILED'
            ? 'FAILED'
            : 'UNPAID',
      );
    }
  });
});

describe('the demo orders are history only', () => {
  let clocked: TestServer;
  let at = Date.parse('2026-11-22T10:00:00.000Z');
  beforeAll(async () => {
    // Default limits: three open unpaid orders per account.
    clocked = await startTestServer({ now: () => new Date(at), orderLimits: undefined });
  });
  afterAll(async () => {
    expect(clocked.violations).toEqual([]);
    await clocked.dispose();
  });

  it('hold no stock, never lapse, and leave the demo shopper every open order allowed', async () => {
    const token = await login(clocked.api);
    const before = (await clocked.api<AccountOrderList>('GET', '/account/orders', { token })).body;
    expect(before.map((o) => o.status)).toContain('PENDING');
    at += 3 * DAY; // Past every reservation: a lapsing order would be cancelled now.
    const after = (await clocked.api<AccountOrderList>('GET', '/account/orders', { token })).body;
    expect(after.map((o) => o.status)).toEqual(before.map((o) => o.status));
    // Stock is the seed's: every product in the demo orders is as seeded.
    const house = (await clocked.api<Schemas['Product']>('GET', '/products/detail/25')).body;
    expect(house.quantity).toBe(30);
    for (let n = 0; n < 3; n += 1) {
      const placed = await clocked.api('POST', '/order', {
        token,
        body: orderBody([{ productId: 26, quantity: 1 }], { paymentMethod: 'cod' }),
      });
      expect(placed.status).toBe(201);
    }
  });
});

type AccountOrderList = Schemas['AccountOrder'][];

const root = join(import.meta.dirname, '..', '..');

describe("each space's media size (issue 19: the gallery lays out before its media loads)", () => {
  /** The frame size in a WebM's track header: PixelWidth (0xB0) and PixelHeight (0xBA), 2 bytes each. */
  function webmFrameSize(file: string): { width: number; height: number } {
    const head = readFileSync(file).subarray(0, 4096);
    for (let i = 0; i + 8 <= head.length; i += 1) {
      if (
        head[i] === 0xb0 &&
        head[i + 1] === 0x82 &&
        head[i + 4] === 0xba &&
        head[i + 5] === 0x82
      ) {
        return { width: head.readUInt16BE(i + 2), height: head.readUInt16BE(i + 6) };
      }
    }
    throw new Error(`no frame size in ${file}`);
  }

  it('is the size the art and the video are made at', async () => {
    const spaces = (await server.api<Schemas['Space'][]>('GET', '/spaces')).body;
    const scenes = spaceScenes();
    const own = spaces.map(({ spaceId, image }) => {
      if (image.endsWith('.webm')) return webmFrameSize(join(root, 'public', image));
      const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(scenes[spaceId - 1]?.svg ?? '');
      return { width: Number(viewBox?.[1]), height: Number(viewBox?.[2]) };
    });
    expect(spaces.map(({ width, height }) => ({ width, height }))).toEqual(own);
    // Mixed aspect ratios: a gallery that guessed one ratio for all would show it.
    expect(new Set(own.map(({ width, height }) => (width / height).toFixed(2))).size).toBe(5);
  });

  it('is filled in by the migration on a database seeded before sizes were stored', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lumen-db-'));
    try {
      const file = join(dir, 'shop.sqlite');
      const before = await openDb({ file });
      await seedIfEmpty(before, new Date(), { N: 1024, r: 8, p: 1 });
      // Back to schema 4: the spaces table as it was.
      await before.run('ALTER TABLE spaces DROP COLUMN width');
      await before.run('ALTER TABLE spaces DROP COLUMN height');
      // ...and without what later migrations added.
      for (const table of ['payment_events', 'stripe_stand_in_intents', 'stripe_stand_in_requests'])
        await before.run(`DROP TABLE ${table}`);
      await before.run('DROP INDEX payment_intents_order');
      await before.run('ALTER TABLE promos DROP COLUMN card_only');
      // Migration 8 (issue 28): its triggers, indexes and columns.
      for (const name of ['insert', 'update'])
        await before.run(`DROP TRIGGER order_items_unpaid_${name}`);
      for (const name of ['leave', 'enter']) await before.run(`DROP TRIGGER orders_unpaid_${name}`);
      for (const name of ['owner', 'email', 'phone', 'net'])
        await before.run(`DROP INDEX orders_open_${name}`);
      for (const [table, column] of [
        ['users', 'role'],
        ['order_items', 'units_held'],
        ['products', 'unpaid_held'],
        ['products', 'stock_received'],
        ['orders', 'email_key'],
        ['orders', 'phone_key'],
        ['orders', 'client_net'],
      ] as const)
        await before.run(`ALTER TABLE ${table} DROP COLUMN ${column}`);
      for (const index of ['oidc_flows_client', 'oidc_flows_expiry', 'orders_promo_code'])
        await before.run(`DROP INDEX ${index}`);
      await before.run('ALTER TABLE oidc_flows DROP COLUMN client_key');
      await before.run('ALTER TABLE promos DROP COLUMN max_uses_per_customer');
      // Migration 10 (issue 29): the shared state's tables.
      for (const table of ['sign_in_counts', 'sign_in_known', 'sign_in_flights', 'shop_state'])
        await before.run(`DROP TABLE ${table}`);
      await before.run('PRAGMA user_version = 4');
      await before.close();
      const after = await openDb({ file });
      try {
        expect(await after.all('SELECT id, width, height FROM spaces ORDER BY id')).toEqual(
          SEED_SPACES.map(({ id, width, height }) => ({ id, width, height })),
        );
        // Migration 7 (issue 30): the card-only promo learns it is card-only.
        expect(await after.all('SELECT code FROM promos WHERE card_only = 1')).toEqual([
          { code: 'DISKON50' },
        ]);
        // Migration 8 (issue 28): the stock received is what is on hand (no order holds any).
        expect(
          (
            await after.get<{ n: number }>(
              'SELECT COUNT(*) AS n FROM products WHERE stock_received <> quantity OR unpaid_held <> 0',
            )
          )?.n,
        ).toBe(0);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
