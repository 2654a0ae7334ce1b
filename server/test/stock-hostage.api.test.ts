// Issue 28: stock can't be held hostage, cash on delivery like a real shop's, the shop moves
// orders on, caps that cost the same at any number of open orders, and data that stays whole.
// Each test failed on the code before its fix (main at 3471060).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleAddress } from '../../tests/fixtures/checkout';
import { openDb } from '../src/db';
import { OPEN_ORDER_COUNTS } from '../src/handlers/orders';
import { checkInvariants } from '../src/invariants';
import { emailKey, networkKey, phoneKey } from '../src/caller-keys';
import { DEFAULT_ORDER_LIMITS, orderLimitsFromEnv } from '../src/order-limits';
import { DEMO_OWNER, SEED_PRODUCTS } from '../src/seed-catalogue';
import {
  DEMO,
  login,
  manualClock,
  orderBody,
  payWithCard,
  signup,
  startTestServer,
  type Schemas,
  type TestServer,
} from './test-server';

const MINUTE = 60_000;
type OrderResponse = Schemas['OrderResponse'];
type OrderDetail = Schemas['OrderDetail'];

const ADMIN_TOKEN = 'admin-token-for-the-tests-0123456789abcdef';
const WEB_PRODUCTS = SEED_PRODUCTS.filter((p) => p.isAvailableAtWeb && p.quantity > 0);

async function stockOf(server: TestServer, productId: number): Promise<number> {
  const res = await server.api<Schemas['Product']>('GET', `/products/detail/${productId}`);
  return res.body.quantity;
}

let shopper = 0;
/** A new shopper each call: another email, phone number and (when asked) cart. */
function stranger(): { email: string; phone: string } {
  shopper += 1;
  return {
    email: `stranger-${shopper}@lumen.test`,
    phone: `1555${String(shopper).padStart(7, '0')}`,
  };
}

async function guestCart(server: TestServer, productId: number, from?: string): Promise<string> {
  const cart = await server.api<Schemas['Cart']>('POST', '/cart/items', {
    body: { productId, quantity: 1 },
    ...(from ? { headers: { 'X-Forwarded-For': from } } : {}),
  });
  return cart.body.cartToken ?? '';
}

/** A cash-on-delivery order from a new shopper at `from` (no cart token unless given). */
function placeCod(
  server: TestServer,
  productId: number,
  quantity: number,
  from: string,
  cartToken?: string,
) {
  const who = stranger();
  return server.api<OrderResponse>('POST', '/order', {
    headers: { 'X-Forwarded-For': from },
    ...(cartToken ? { cartToken } : {}),
    body: orderBody([{ productId, quantity }], {
      paymentMethod: 'cod',
      email: who.email,
      shippingAddress: { ...sampleAddress, phoneNumber: who.phone },
    }),
  });
}

describe('nobody empties the shop (issue 28 finding 1)', { timeout: 120_000 }, () => {
  let server: TestServer;
  const clock = manualClock();
  beforeAll(async () => {
    server = await startTestServer({
      now: clock.now,
      orderLimits: DEFAULT_ORDER_LIMITS,
      trustedProxies: ['127.0.0.1'],
    });
  });
  afterAll(async () => {
    expect(server.violations).toEqual([]);
    expect(server.errors).toEqual([]);
    await server.dispose();
  });

  it('4 addresses, as many cash-on-delivery orders as they like, leave every product at or above its protected share', async () => {
    const addresses = ['203.0.113.7', '198.51.100.9', '2001:db8:7:7::1', '2001:db8:9:9::1'];
    let accepted = 0;
    // Three rounds, each past the per-network window: the caps alone do not protect the stock.
    for (let round = 0; round < 3; round += 1) {
      for (const from of addresses) {
        for (const product of WEB_PRODUCTS) {
          for (const quantity of [DEFAULT_ORDER_LIMITS.maxUnitsPerProduct, 1]) {
            const res = await placeCod(server, product.id, quantity, from);
            if (res.status === 201) accepted += 1;
            else expect([409, 429]).toContain(res.status);
          }
        }
      }
      clock.advance(DEFAULT_ORDER_LIMITS.addressWindowMinutes * MINUTE + MINUTE);
    }
    expect(accepted).toBeGreaterThan(0);
    for (const product of WEB_PRODUCTS) {
      const protectedUnits = product.quantity - Math.floor(product.quantity / 2);
      expect(await stockOf(server, product.id), product.name).toBeGreaterThanOrEqual(
        protectedUnits,
      );
    }
    expect(await checkInvariants(server.db)).toEqual([]);
  });

  it('past the share, cash on delivery is refused with a plain message and a card order is taken', async () => {
    const product = WEB_PRODUCTS[0];
    if (!product) throw new Error('no product');
    const refused = await placeCod(server, product.id, 1, '192.0.2.50');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'PAYMENT_METHOD_UNAVAILABLE',
      message: `Cash on delivery is not available for ${product.name} right now. Please pay by card.`,
    });
    const card = await server.api<OrderResponse>('POST', '/order', {
      headers: { 'X-Forwarded-For': '192.0.2.50' },
      body: orderBody([{ productId: product.id, quantity: 1 }], { email: 'card@lumen.test' }),
    });
    expect(card.status).toBe(201);
    expect(card.body.clientSecret).toEqual(expect.any(String));
  });
});

describe('one address does not block the shoppers behind it', { timeout: 60_000 }, () => {
  let server: TestServer;
  const clock = manualClock();
  beforeAll(async () => {
    server = await startTestServer({
      now: clock.now,
      orderLimits: { ...DEFAULT_ORDER_LIMITS, unpaidHoldShare: 1 },
      trustedProxies: ['127.0.0.1'],
    });
  });
  afterAll(async () => {
    await server.dispose();
  });

  it('10 cash-on-delivery orders from one address leave a different shopper behind it free to order', async () => {
    const nat = '198.51.100.77';
    for (let n = 0; n < 10; n += 1) {
      const res = await placeCod(server, 20, 1, nat, await guestCart(server, 20, nat));
      expect(res.status).toBe(201);
    }
    const other = await placeCod(server, 20, 1, nat, await guestCart(server, 20, nat));
    expect(other.status).toBe(201);
  });

  it('the per-network cap lasts minutes, and an IPv6 /64 is one network', async () => {
    const { maxOpenOrdersPerAddress, addressWindowMinutes } = DEFAULT_ORDER_LIMITS;
    for (let n = 0; n < maxOpenOrdersPerAddress; n += 1) {
      // every address of one /64 counts as one
      const res = await placeCod(server, 21, 1, `2001:db8:abcd:12::${(n + 1).toString(16)}`);
      expect(res.status).toBe(201);
    }
    const blocked = await placeCod(server, 21, 1, '2001:db8:abcd:12:ffff:ffff:ffff:fffe');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'TOO_MANY_OPEN_ORDERS' });
    // another /64 is another network
    expect((await placeCod(server, 21, 1, '2001:db8:abcd:13::1')).status).toBe(201);
    clock.advance(addressWindowMinutes * MINUTE + MINUTE);
    expect((await placeCod(server, 21, 1, '2001:db8:abcd:12::99')).status).toBe(201);
  });

  it('an email in another spelling, or the same phone number, is the same caller', async () => {
    const place = (email: string, phone: string) =>
      server.api<OrderResponse>('POST', '/order', {
        headers: { 'X-Forwarded-For': '192.0.2.200' },
        body: orderBody([{ productId: 22, quantity: 1 }], {
          paymentMethod: 'cod',
          email,
          shippingAddress: { ...sampleAddress, phoneNumber: phone },
        }),
      });
    expect((await place('jo.smith@gmail.com', '14165550001')).status).toBe(201);
    expect((await place('JoSmith+a@gmail.com', '14165550002')).status).toBe(201);
    expect((await place('j.o.s.m.i.t.h+b@googlemail.com', '14165550003')).status).toBe(201);
    expect((await place('josmith+c@GMAIL.com', '14165550004')).status).toBe(429);
    // three open orders for one phone number, whatever the email
    expect((await place('p1@lumen.test', '14165550009')).status).toBe(201);
    expect((await place('p2@lumen.test', '14165550009')).status).toBe(201);
    expect((await place('p3@lumen.test', '14165550009')).status).toBe(201);
    expect((await place('p4@lumen.test', '14165550009')).status).toBe(429);
  });
});

describe('cash on delivery like a real shop (issue 28 finding 2)', { timeout: 60_000 }, () => {
  let server: TestServer;
  const clock = manualClock();
  let ownerToken = '';
  beforeAll(async () => {
    server = await startTestServer({ now: clock.now, adminToken: ADMIN_TOKEN });
    ownerToken = await login(server.api, DEMO_OWNER.email, DEMO_OWNER.password);
  });
  afterAll(async () => {
    expect(server.violations).toEqual([]);
    expect(server.errors).toEqual([]);
    await server.dispose();
  });

  async function codOrder(productId: number, quantity = 1) {
    const res = await placeCod(server, productId, quantity, '127.0.0.1');
    expect(res.status).toBe(201);
    return { orderId: res.body.orderId, orderToken: res.body.orderToken ?? '' };
  }

  const move = (orderId: number, status: string, who: Record<string, unknown>) =>
    server.api<OrderResponse>('PATCH', `/order/${orderId}/status`, { ...who, body: { status } });

  it('the owner ships and delivers it; each status is in its history with its date', async () => {
    const { orderId, orderToken } = await codOrder(26);
    const shipped = await move(orderId, 'SHIPPED', { token: ownerToken });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ status: 'SHIPPED', paymentStatus: 'UNPAID' });
    clock.advance(60 * MINUTE);
    const delivered = await move(orderId, 'DELIVERED', { token: ownerToken });
    expect(delivered.body).toMatchObject({ status: 'DELIVERED', paymentStatus: 'PAID' });
    const history = await server.api<Schemas['OrderStatusEvent'][]>(
      'GET',
      `/order/${orderId}/history`,
      { orderToken },
    );
    expect(history.body.map((e) => e.status)).toEqual(['PENDING', 'SHIPPED', 'DELIVERED']);
    expect(new Date(history.body[2]?.at ?? '').getTime()).toBe(clock.now().getTime());
    // delivered is the end: it cannot go back to shipped, nor be cancelled
    for (const status of ['SHIPPED', 'CANCELLED']) {
      const back = await move(orderId, status, { token: ownerToken });
      expect(back.status).toBe(409);
      expect(back.body).toMatchObject({ code: 'INVALID_STATUS_TRANSITION' });
    }
  });

  it('cancelling returns its stock, from PENDING or SHIPPED, with the ADMIN_TOKEN too', async () => {
    const before = await stockOf(server, 27);
    const first = await codOrder(27, 2);
    const second = await codOrder(27, 1);
    expect(await stockOf(server, 27)).toBe(before - 3);
    const cancelled = await move(first.orderId, 'CANCELLED', {
      headers: { 'X-Admin-Token': ADMIN_TOKEN },
    });
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED' });
    expect(await stockOf(server, 27)).toBe(before - 1);
    await move(second.orderId, 'SHIPPED', { token: ownerToken });
    await move(second.orderId, 'CANCELLED', { token: ownerToken });
    expect(await stockOf(server, 27)).toBe(before);
    // once more changes nothing
    const again = await move(first.orderId, 'CANCELLED', { token: ownerToken });
    expect(again.status).toBe(200);
    expect(await stockOf(server, 27)).toBe(before);
    expect(await checkInvariants(server.db)).toEqual([]);
  });

  it('is the shop only: 403 for the shopper, another account and a wrong admin token', async () => {
    const { orderId, orderToken } = await codOrder(28);
    const shopperAccount = await signup(server.api);
    const demo = await login(server.api, DEMO.email, DEMO.password);
    for (const who of [
      { orderToken },
      { token: shopperAccount.token },
      { token: demo },
      { headers: { 'X-Admin-Token': `${ADMIN_TOKEN}x` } },
      {},
    ]) {
      const res = await move(orderId, 'SHIPPED', who);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 'FORBIDDEN',
        message: 'Only the shop can mark an order shipped, delivered or cancelled.',
      });
    }
    const detail = await server.api<OrderDetail>('GET', `/order/${orderId}`, { orderToken });
    expect(detail.body.status).toBe('PENDING');
  });

  it('a card order ships only once paid and is never cancelled here', async () => {
    const cart = await guestCart(server, 29);
    const order = await server.api<OrderResponse>('POST', '/order', {
      cartToken: cart,
      body: orderBody([{ productId: 29, quantity: 1 }]),
    });
    const orderId = order.body.orderId;
    expect((await move(orderId, 'SHIPPED', { token: ownerToken })).status).toBe(409);
    expect((await move(orderId, 'CANCELLED', { token: ownerToken })).status).toBe(409);
    await payWithCard(server, order.body.clientSecret ?? '');
    expect((await move(orderId, 'CANCELLED', { token: ownerToken })).status).toBe(409);
    const shipped = await move(orderId, 'SHIPPED', { token: ownerToken });
    expect(shipped.body).toMatchObject({ status: 'SHIPPED', paymentStatus: 'PAID' });
    expect((await move(orderId, 'DELIVERED', { token: ownerToken })).body).toMatchObject({
      status: 'DELIVERED',
    });
  });

  // Last: it moves the clock past the owner's session.
  it('never lapses, however long nobody marks it', async () => {
    const before = await stockOf(server, 25);
    const { orderId, orderToken } = await codOrder(25, 2);
    clock.advance(90 * 24 * 60 * MINUTE);
    expect(await stockOf(server, 25)).toBe(before - 2);
    const detail = await server.api<OrderDetail>('GET', `/order/${orderId}`, { orderToken });
    expect(detail.body.status).toBe('PENDING');
  });

  it('an unknown order is 404 for the shop', async () => {
    expect(
      (await move(999_999, 'SHIPPED', { headers: { 'X-Admin-Token': ADMIN_TOKEN } })).status,
    ).toBe(404);
  });
});

describe('a shop without cash on delivery (COD_ENABLED=false)', { timeout: 30_000 }, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ orderLimits: { codEnabled: false } });
  });
  afterAll(async () => {
    await server.dispose();
  });

  it('says so before any order: GET /payment/methods answers cod false', async () => {
    const methods = await server.api('GET', '/payment/methods');
    expect(methods.status).toBe(200);
    expect(methods.body).toEqual({ card: true, paypal: false, cod: false });
  });

  it('refuses cash on delivery with a plain 409 and takes card orders', async () => {
    const before = await stockOf(server, 30);
    const cod = await server.api('POST', '/order', {
      body: orderBody([{ productId: 30, quantity: 1 }], { paymentMethod: 'cod' }),
    });
    expect(cod.status).toBe(409);
    expect(cod.body).toMatchObject({
      code: 'PAYMENT_METHOD_UNAVAILABLE',
      message: 'Cash on delivery is not available. Please pay by card.',
    });
    expect(await stockOf(server, 30)).toBe(before);
    const card = await server.api('POST', '/order', {
      body: orderBody([{ productId: 30, quantity: 1 }]),
    });
    expect(card.status).toBe(201);
  });

  it('refuses PayPal without pointing to cash on delivery', async () => {
    const paypal = await server.api('POST', '/order', {
      body: orderBody([{ productId: 30, quantity: 1 }], { paymentMethod: 'paypal' }),
    });
    expect(paypal.status).toBe(409);
    expect(paypal.body).toMatchObject({
      code: 'PAYMENT_METHOD_UNAVAILABLE',
      message: 'PayPal is not available yet. Please pay by card.',
    });
  });

  it('reads COD_ENABLED, UNPAID_HOLD_SHARE and the caps from the environment', () => {
    expect(orderLimitsFromEnv({ COD_ENABLED: 'false', UNPAID_HOLD_SHARE: '0.3' })).toEqual({
      codEnabled: false,
      unpaidHoldShare: 0.3,
    });
    expect(orderLimitsFromEnv({ MAX_OPEN_ORDERS_PER_PHONE: '5' })).toEqual({
      maxOpenOrdersPerPhone: 5,
    });
    expect(() => orderLimitsFromEnv({ UNPAID_HOLD_SHARE: '2' })).toThrow();
    expect(() => orderLimitsFromEnv({ COD_ENABLED: 'maybe' })).toThrow();
  });
});

describe('caps cost the same at any number of open orders (issue 28 finding 3)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.dispose();
  });

  it('offers cash on delivery by default: GET /payment/methods answers cod true', async () => {
    const methods = await server.api('GET', '/payment/methods');
    expect(methods.status).toBe(200);
    expect(methods.body).toEqual({ card: true, paypal: false, cod: true });
  });

  it('every cap count is an index search of open orders, never a scan', async () => {
    const now = new Date().toISOString();
    // Its own connection: a plan statement left prepared would hold the server's at close.
    const db = await openDb({ file: server.dbFile });
    try {
      for (const [name, sql] of Object.entries(OPEN_ORDER_COUNTS)) {
        const params = [now, 'key', now].slice(0, sql.split('?').length - 1);
        const plan = (await db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, params))
          .map((row) => row.detail)
          .join('; ');
        expect(plan, name).toMatch(/SEARCH orders USING INDEX orders_open_/);
        expect(plan, name).not.toMatch(/SCAN/);
      }
    } finally {
      await db.close();
    }
  });
});

describe('the seed keeps the integrity invariants (issue 28 finding 7)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.dispose();
  });

  it('a freshly seeded shop breaks none, and its paid card orders have succeeded payments', async () => {
    expect(await checkInvariants(server.db)).toEqual([]);
    const unpaid = await server.db.all(
      `SELECT o.id FROM orders o LEFT JOIN payment_intents pi ON pi.id = o.payment_intent_id
       WHERE o.payment_status = 'PAID' AND (pi.status IS NULL OR pi.status <> 'succeeded')`,
    );
    expect(unpaid).toEqual([]);
    expect(
      (
        await server.db.get<{ n: number }>(
          "SELECT COUNT(*) AS n FROM orders WHERE payment_status = 'PAID'",
        )
      )?.n,
    ).toBeGreaterThan(0);
  });

  it('the check finds what is broken', async () => {
    await server.db.run('UPDATE products SET quantity = quantity + 1 WHERE id = 3');
    await server.db.run(
      "UPDATE payment_intents SET status = 'processing' WHERE id = 'pi_seed_demo_1'",
    );
    try {
      const problems = await checkInvariants(server.db);
      expect(problems).toEqual([
        expect.stringMatching(/^stock not conserved.*id=3 /),
        expect.stringMatching(/^a card order counted as paid without a succeeded payment/),
      ]);
    } finally {
      await server.db.run('UPDATE products SET quantity = quantity - 1 WHERE id = 3');
      await server.db.run(
        "UPDATE payment_intents SET status = 'succeeded' WHERE id = 'pi_seed_demo_1'",
      );
    }
  });
});

describe('caller keys', () => {
  it('normalise an email, a phone number and an address as ADR-0061 says', () => {
    expect(emailKey('  Jo.Smith+shop@GoogleMail.com ')).toBe('josmith@gmail.com');
    expect(emailKey('jo.smith+x@lumen.test')).toBe('jo.smith@lumen.test');
    expect(phoneKey('+1 (416) 555-0123')).toBe('14165550123');
    expect(networkKey('203.0.113.7')).toBe('203.0.113.7');
    expect(networkKey('2001:DB8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(networkKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkKey('::1')).toBe('0:0:0:0::/64');
  });
});
