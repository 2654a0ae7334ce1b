// Two API instances on one PostgreSQL (issue 29, docs/cluster.md): nothing one instance keeps in
// memory can be bypassed by asking the other. Each test sends its requests to both instances,
// A and B, child processes of the server entry on one fresh database. Skipped without
// DATABASE_URL=postgres://… (SQLite has one server process per file, ADR-0064).
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalProvider, type LocalProvider } from '../../src/local-oidc/provider';
import { OIDC_CALLBACK_PATH } from '../../src/oidc/relying-party';
import { SEED_PRODUCTS } from '../../src/seed-catalogue';
import { Browser } from '../browser';
import { apiClient, orderBody, signup, type ApiClient, type Schemas } from '../test-server';
import {
  freshDatabase,
  POSTGRES_URL,
  SKIP_REASON,
  startFakeStripe,
  startInstance,
  stopInstances,
  type Instance,
} from './instances';

const WEBHOOK_SECRET = 'whsec_cross_instance_tests';
const CLIENT_SECRET = randomBytes(32).toString('base64url');
// Short reservations, so that one can lapse within the test (a tenth of a minute: 6 s).
const RESERVATION_MINUTES = 0.1;

let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let stripe: Awaited<ReturnType<typeof startFakeStripe>> | undefined;
let provider: LocalProvider | undefined;
let a: Instance | undefined;
let b: Instance | undefined;
let apiA: ApiClient;
let apiB: ApiClient;

const title = POSTGRES_URL
  ? 'two API instances on one PostgreSQL'
  : `two API instances on one PostgreSQL (${SKIP_REASON})`;

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  if (!database) throw new Error('no database');
  return (await database.query(sql, params)).rows as T[];
}

async function stockOf(productId: number): Promise<number> {
  const [row] = await rows<{ quantity: number }>('SELECT quantity FROM products WHERE id = $1', [
    productId,
  ]);
  return Number(row?.quantity);
}

async function historyCount(orderId: number, status: string): Promise<number> {
  const [row] = await rows<{ n: string }>(
    'SELECT COUNT(*) AS n FROM order_status_history WHERE order_id = $1 AND status = $2',
    [orderId, status],
  );
  return Number(row?.n);
}

/** The API of the instance that takes the i-th request: A, B, A, B… */
const spread = (i: number): ApiClient => (i % 2 === 0 ? apiA : apiB);

describe.skipIf(!POSTGRES_URL)(title, { timeout: 120_000 }, () => {
  beforeAll(async () => {
    database = await freshDatabase();
    stripe = await startFakeStripe();
    let redirectUris: string[] = [];
    provider = await startLocalProvider({
      clientSecret: CLIENT_SECRET,
      redirectUris: () => redirectUris,
      identities: [
        { id: 'sub-cross', email: 'cross.instance@idp.test', emailVerified: true, name: 'Cross' },
      ],
    });
    const env = {
      DATABASE_URL: database.url,
      JWT_SECRET: 'cross-instance-secret-cross-instance-0123',
      LOCAL_OIDC_PORT: '',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: 'lumen-storefront',
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      STRIPE_SECRET_KEY: 'sk_test_cross_instance',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.apiBase,
      STOCK_RESERVATION_MINUTES: String(RESERVATION_MINUTES),
      // Hundreds of orders from one address, email and phone: the caps have tests of their own.
      MAX_OPEN_ORDERS_PER_CART: '1000000',
      MAX_OPEN_ORDERS_PER_EMAIL: '1000000',
      MAX_OPEN_ORDERS_PER_PHONE: '1000000',
      MAX_OPEN_ORDERS_PER_ADDRESS: '1000000',
      UNPAID_HOLD_SHARE: '1',
    };
    // Both at once on the fresh database: one migrates and seeds, the other finds it done.
    [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
    redirectUris = [a, b].map((instance) => `${instance.url}${OIDC_CALLBACK_PATH}`);
    apiA = apiClient(a.url);
    apiB = apiClient(b.url);
  }, 120_000);

  afterAll(async () => {
    if (process.env.CROSS_INSTANCE_LOGS) console.log(a?.output(), b?.output());
    await stopInstances();
    await provider?.close();
    await stripe?.close();
    await database?.drop();
  });

  it('started at once on a fresh database: both serve one seed', async () => {
    for (const api of [apiA, apiB]) {
      const page = await api<Schemas['ProductPage']>('GET', '/products/search?size=1');
      expect(page.status).toBe(200);
      expect(page.body.totalElements).toBe(SEED_PRODUCTS.length);
    }
    const [products] = await rows<{ n: string }>('SELECT COUNT(*) AS n FROM products');
    expect(Number(products?.n)).toBe(SEED_PRODUCTS.length);
  });

  it('30 wrong sign-in guesses spread over both check at most 5 passwords', async () => {
    const { email } = await signup(apiA, 'cross-guess');
    const answers = [];
    // Fifteen rounds of two parallel guesses, one to each instance: one check per account runs at
    // a time (ADR-0039), so a burst of 30 at once would mostly be refused as "in flight" even with
    // a count per instance. Here each instance could check 5 of its own if the count were its own.
    for (let round = 0; round < 15; round += 1) {
      answers.push(
        ...(await Promise.all(
          [apiA, apiB].map((api, i) =>
            api('POST', '/auth/login', {
              body: { loginInput: email, password: `wrong-${round}-${i}` },
            }),
          ),
        )),
      );
    }
    const statuses = answers.map((answer) => answer.status);
    expect(statuses).toHaveLength(30);
    // A 401 is a password checked and found wrong; 429 (throttled) and 503 (busy) check none.
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked, statuses.join(' ')).toBeLessThanOrEqual(5);
    expect(checked).toBeGreaterThan(0);
    expect(statuses.every((status) => [401, 429, 503].includes(status))).toBe(true);
    // The right password is refused too, on both, until the wait is over.
    for (const api of [apiA, apiB]) {
      const right = await api('POST', '/auth/login', {
        body: { loginInput: email, password: 'secret123' },
      });
      expect(right.status).toBe(429);
    }
  });

  it('a token signed out on A is refused on B', async () => {
    const { token } = await signup(apiA, 'cross-revoke');
    expect((await apiB('GET', '/account/user', { token })).status).toBe(200);
    expect((await apiA('POST', '/auth/logout', { token })).status).toBeLessThan(300);
    expect((await apiA('GET', '/account/user', { token })).status).toBe(401);
    expect((await apiB('GET', '/account/user', { token })).status).toBe(401);
  });

  it("an idempotency key replayed on B returns A's order", async () => {
    // A key belongs to its caller (here a guest's cart); a request with no caller never replays.
    const cart = await apiA<Schemas['Cart']>('POST', '/cart/items', {
      body: { productId: 4, quantity: 1 },
    });
    const cartToken = cart.body.cartToken ?? '';
    const body = orderBody([{ productId: 4, quantity: 1 }], { paymentMethod: 'cod' });
    const first = await apiA<Schemas['OrderResponse']>('POST', '/order', { cartToken, body });
    expect(first.status).toBe(201);
    const stock = await stockOf(4);
    const again = await apiB<Schemas['OrderResponse']>('POST', '/order', { cartToken, body });
    expect(again.status, JSON.stringify(again.body)).toBeLessThan(300);
    expect(again.body.orderId).toBe(first.body.orderId);
    expect(again.body.orderToken).toBe(first.body.orderToken);
    expect(await stockOf(4)).toBe(stock);
    // The same key with another request is a conflict there too.
    const other = await apiB<Schemas['Error']>('POST', '/order', {
      cartToken,
      body: orderBody([{ productId: 5, quantity: 1 }], {
        paymentMethod: 'cod',
        idempotencyKey: body.idempotencyKey,
      }),
    });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('an OpenID Connect flow started on A completes on B', async () => {
    if (!a || !b) throw new Error('no instances');
    const browser = new Browser();
    let answer = await browser.request(`${a.url}/api/v1/auth/oidc/authorize`);
    for (let hops = 0; answer.location && hops < 10; hops += 1) {
      answer = await browser.request(answer.location);
    }
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Sign in with');
    let next = (await browser.request(`${answer.url}/login`, { form: { identity: 'sub-cross' } }))
      .location;
    for (let hops = 0; next && !next.includes(OIDC_CALLBACK_PATH) && hops < 5; hops += 1) {
      next = (await browser.request(next)).location;
    }
    expect(next?.startsWith(`${a.url}${OIDC_CALLBACK_PATH}`), String(next)).toBe(true);
    // The provider comes back to A's address; the request lands on B instead.
    const back = await browser.request((next ?? '').replace(a.url, b.url));
    expect(back.status, back.text.slice(0, 300)).toBe(302);
    const target = new URL(back.location ?? '');
    expect(target.origin + target.pathname).toBe(`${a.url}/auth/callback`);
    const token = target.searchParams.get('token') ?? '';
    const user = await apiB<{ email: string }>('GET', '/account/user', { token });
    expect(user.status).toBe(200);
    expect(user.body.email).toBe('cross.instance@idp.test');
  });

  it('200 parallel orders for the last 10 units, spread over both, sell exactly 10', async () => {
    const productId = 12;
    await rows('UPDATE products SET quantity = 10 WHERE id = $1', [productId]);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        spread(i)<Schemas['OrderResponse'] | Schemas['Error']>('POST', '/order', {
          body: orderBody([{ productId, quantity: 1 }], {
            paymentMethod: 'cod',
            email: `cross-last-${i}@lumen.test`,
          }),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(190);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect((refused.body as Schemas['Error']).code).toBe('OUT_OF_STOCK');
    }
    expect(await stockOf(productId)).toBe(0);
    const [sold] = await rows<{ n: string }>(
      `SELECT COALESCE(SUM(oi.quantity), 0) AS n FROM order_items oi JOIN orders o ON o.id = oi.order_id
       WHERE oi.product_id = $1 AND o.email LIKE 'cross-last-%'`,
      [productId],
    );
    expect(Number(sold?.n)).toBe(10);
  });

  it('a reservation lapses once, not twice, with both instances housekeeping', async () => {
    const productId = 14;
    const stock = await stockOf(productId);
    const orders = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const res = await spread(i)<Schemas['OrderResponse']>('POST', '/order', {
          body: orderBody([{ productId, quantity: 1 }], { email: `cross-lapse-${i}@lumen.test` }),
        });
        expect(res.status).toBe(201);
        return res.body.orderId;
      }),
    );
    expect(await stockOf(productId)).toBe(stock - orders.length);
    // Past the reservation, both instances are asked at once, round after round: each runs its
    // housekeeping before answering.
    await new Promise((done) => setTimeout(done, RESERVATION_MINUTES * 60_000 + 500));
    const cancelled = async () =>
      (
        await rows<{ n: string }>(
          "SELECT COUNT(*) AS n FROM orders WHERE id = ANY($1) AND status = 'CANCELLED'",
          [orders],
        )
      )[0]?.n;
    for (let round = 0; round < 40 && Number(await cancelled()) < orders.length; round += 1) {
      await Promise.all([apiA('GET', '/health'), apiB('GET', '/health'), apiA('GET', '/health')]);
      await new Promise((done) => setTimeout(done, 250));
    }
    expect(Number(await cancelled())).toBe(orders.length);
    // A few more rounds: nothing lapses again.
    for (let round = 0; round < 3; round += 1) {
      await Promise.all([apiA('GET', '/health'), apiB('GET', '/health')]);
      await new Promise((done) => setTimeout(done, 1_100));
    }
    for (const orderId of orders) expect(await historyCount(orderId, 'CANCELLED')).toBe(1);
    expect(await stockOf(productId)).toBe(stock);
  });

  it('a payment webhook delivered to both at once is applied once', async () => {
    const res = await apiA<Schemas['OrderResponse']>('POST', '/order', {
      body: orderBody([{ productId: 15, quantity: 1 }], { email: 'cross-webhook@lumen.test' }),
    });
    expect(res.status).toBe(201);
    const orderId = res.body.orderId;
    const intentId = (res.body.clientSecret ?? '').split('_secret_')[0] ?? '';
    const intent = stripe?.intents.get(intentId);
    expect(intent).toBeDefined();
    if (intent) intent.status = 'succeeded';
    const payload = JSON.stringify({
      id: `evt_cross_${orderId}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...intent } },
    });
    const header = new Stripe('sk_test_signer').webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
    });
    const answers = await Promise.all(
      [a, b].map(async (instance) => {
        const delivered = await fetch(`${instance?.url}/api/v1/payment/webhook`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
          body: payload,
        });
        return { status: delivered.status, body: (await delivered.json()) as object };
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body)).toEqual(
      expect.arrayContaining([{ received: true }, { received: true, duplicate: true }]),
    );
    expect(await historyCount(orderId, 'PAID')).toBe(1);
    const [order] = await rows<{ status: string }>('SELECT status FROM orders WHERE id = $1', [
      orderId,
    ]);
    expect(order?.status).toBe('PAID');
  });
});
