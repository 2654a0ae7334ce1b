// Many shoppers at once for the last units of a product (ADR-0064): with async storage the order
// transactions of parallel requests are awaited in turns, and still none oversells.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { openDb, type Db } from '../src/db';
import { checkInvariants } from '../src/invariants';
import { DEFAULT_ORDER_LIMITS } from '../src/order-limits';
import { seedIfEmpty } from '../src/seed';
import {
  apiClient,
  orderBody,
  testAppConfig,
  testServerForSuite,
  type Schemas,
} from './test-server';

const server = testServerForSuite();

type Api = ReturnType<typeof apiClient>;

async function stockOf(api: Api, productId: number): Promise<number> {
  const res = await api<Schemas['Product']>('GET', `/products/detail/${productId}`);
  return res.body.quantity;
}

/** Leaves `last` units of the product: the rest goes to an earlier cash-on-delivery order. */
async function leaveLast(api: Api, productId: number, last: number): Promise<void> {
  const stock = await stockOf(api, productId);
  expect(stock).toBeGreaterThan(last);
  const earlier = await api('POST', '/order', {
    body: orderBody([{ productId, quantity: stock - last }], { paymentMethod: 'cod' }),
  });
  expect(earlier.status).toBe(201);
  expect(await stockOf(api, productId)).toBe(last);
}

/**
 * The database as a networked engine (PostgreSQL, next) would behave: every statement answers a
 * turn of the event loop later, so parallel requests really do interleave between statements.
 * Transactions are the engine's own: only their statements are slowed.
 */
function slowEngine(db: Db): Db {
  const later = () => new Promise((resolve) => setImmediate(resolve));
  return {
    engine: db.engine,
    file: db.file,
    all: async (sql, params) => (await later(), db.all(sql, params)),
    get: async (sql, params) => (await later(), db.get(sql, params)),
    run: async (sql, params) => (await later(), db.run(sql, params)),
    transaction: (fn) => db.transaction(fn),
    afterCommit: (fn) => db.afterCommit(fn),
    idsInserted: (tables) => db.idsInserted(tables),
    exclusively: (name, fn) => db.exclusively(name, fn),
    persist: () => db.persist(),
    resetSchema: () => db.resetSchema(),
    close: () => db.close(),
  };
}

describe('parallel orders for the last units', () => {
  it('40 shoppers at once for the last 6 units: 6 orders, 34 told it is gone, stock 0', async () => {
    const productId = 12;
    const last = 6;
    await leaveLast(server.api, productId, last);

    // Half pay by card (their intents are made at the Stripe stand-in, over HTTP, meanwhile),
    // half cash on delivery.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        server.api<Schemas['OrderResponse'] | Schemas['Error']>('POST', '/order', {
          body: orderBody([{ productId, quantity: 1 }], {
            paymentMethod: i % 2 === 0 ? 'card' : 'cod',
            email: `shopper-${i}@lumen.test`,
          }),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(last);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40 - last);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect((refused.body as Schemas['Error']).code).toBe('OUT_OF_STOCK');
    }
    expect(await stockOf(server.api, productId)).toBe(0);
    // Every placed order holds its unit: what the shop received is conserved (the suite's
    // invariants check runs at dispose too).
  });

  it('the same on an engine whose every statement waits a turn: still 6, never 7', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lumen-slow-engine-'));
    const db = await openDb({ file: join(dir, 'shop.sqlite') });
    await seedIfEmpty(db, new Date(), { N: 1024, r: 8, p: 1 });
    const errors: string[] = [];
    const handler = createApp({
      db: slowEngine(db),
      config: testAppConfig(db, errors, {
        orderLimits: {
          ...DEFAULT_ORDER_LIMITS,
          maxOpenOrdersPerCart: 1000,
          maxOpenOrdersPerEmail: 1000,
          maxOpenOrdersPerPhone: 1000,
          maxOpenOrdersPerAddress: 1000,
          maxUnitsPerProduct: 99,
          unpaidHoldShare: 1,
        },
      }),
    });
    const http = createServer(handler);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const api = apiClient(`http://127.0.0.1:${(http.address() as AddressInfo).port}`);
    try {
      const productId = 20;
      const last = 6;
      await leaveLast(api, productId, last);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          api('POST', '/order', {
            body: orderBody([{ productId, quantity: 1 }], {
              paymentMethod: 'cod',
              email: `shopper-${i}@lumen.test`,
            }),
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(last);
      expect(statuses.filter((status) => status === 409)).toHaveLength(40 - last);
      expect(await stockOf(api, productId)).toBe(0);
      expect(errors).toEqual([]);
      expect(await checkInvariants(db)).toEqual([]);
    } finally {
      await new Promise((resolve) => http.close(resolve));
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
