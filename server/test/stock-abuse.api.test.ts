// Issue 15: nobody can take the shop's stock. Each test failed on the code before its fix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_LIMITS } from '../src/order-limits';
import {
  CARD_DECLINED,
  orderBody,
  payWithCard,
  signup,
  startTestServer,
  type Schemas,
  type TestServer,
  manualClock,
} from './test-server';

const MINUTE = 60_000;
type OrderResponse = Schemas['OrderResponse'];

async function stockOf(server: TestServer, productId: number): Promise<number> {
  const res = await server.api<Schemas['Product']>('GET', `/products/detail/${productId}`);
  return res.body.quantity;
}

async function guestCart(server: TestServer, productId: number): Promise<string> {
  const cart = await server.api<Schemas['Cart']>('POST', '/cart/items', {
    body: { productId, quantity: 1 },
  });
  return cart.body.cartToken ?? '';
}

describe('stock cannot be taken', { timeout: 30_000 }, () => {
  let server: TestServer;
  const clock = manualClock();
  beforeAll(async () => {
    server = await startTestServer({
      now: clock.now,
      stockReservationMinutes: 30,
      // the default caps; open orders are limited in their own test below
      orderLimits: {
        ...DEFAULT_ORDER_LIMITS,
        maxOpenOrdersPerCart: 1000,
        maxOpenOrdersPerEmail: 1000,
        maxOpenOrdersPerPhone: 1000,
        maxOpenOrdersPerAddress: 1000,
      },
    });
  });
  afterAll(async () => {
    expect(server.violations).toEqual([]);
    expect(server.errors).toEqual([]);
    await server.dispose();
  });

  it('refuses a PayPal order (nothing here can pay it) and keeps the stock', async () => {
    const before = await stockOf(server, 20);
    const res = await server.api('POST', '/order', {
      cartToken: await guestCart(server, 20),
      body: orderBody([{ productId: 20, quantity: 3 }], { paymentMethod: 'paypal' }),
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'PAYMENT_METHOD_UNAVAILABLE',
      message: 'PayPal is not available yet. Please pay by card or cash on delivery.',
    });
    expect(await stockOf(server, 20)).toBe(before);
  });

  it('a cash-on-delivery order is sold: its stock never comes back by itself (issue 28)', async () => {
    const before = await stockOf(server, 21);
    const order = await server.api<OrderResponse>('POST', '/order', {
      cartToken: await guestCart(server, 21),
      body: orderBody([{ productId: 21, quantity: 2 }], { paymentMethod: 'cod' }),
    });
    expect(order.status).toBe(201);
    expect(await stockOf(server, 21)).toBe(before - 2);
    // a day, then a month: nothing marks it paid, and it still never lapses
    clock.advance(24 * 60 * MINUTE + MINUTE);
    expect(await stockOf(server, 21)).toBe(before - 2);
    clock.advance(30 * 24 * 60 * MINUTE);
    expect(await stockOf(server, 21)).toBe(before - 2);
    const detail = await server.api<Schemas['OrderDetail']>('GET', `/order/${order.body.orderId}`, {
      orderToken: order.body.orderToken ?? '',
    });
    expect(detail.body.status).toBe('PENDING');
  });

  it('PAYMENT_FAILED returns the stock at once; a retry re-reserves it and pays the same order', async () => {
    const before = await stockOf(server, 22);
    const cartToken = await guestCart(server, 22);
    const body = orderBody([{ productId: 22, quantity: 2 }]);
    const order = await server.api<OrderResponse>('POST', '/order', { cartToken, body });
    const orderToken = order.body.orderToken ?? '';
    const clientSecret = order.body.clientSecret ?? '';
    // Stripe's payment_failed webhook alone makes it PAYMENT_FAILED and returns the stock.
    const declined = await payWithCard(server, clientSecret, CARD_DECLINED);
    expect(declined.status).toBe(402);
    const detail = await server.api<Schemas['OrderDetail']>('GET', `/order/${order.body.orderId}`, {
      orderToken,
    });
    expect(detail.body.status).toBe('PAYMENT_FAILED');
    expect(detail.body.paymentError).toBe('Your card was declined.');
    expect(await stockOf(server, 22)).toBe(before);
    const failed = await server.api('PATCH', `/order/${order.body.orderId}/status`, {
      orderToken,
      body: { status: 'PAYMENT_FAILED' },
    });
    expect(failed.status).toBe(200);
    expect(await stockOf(server, 22)).toBe(before);
    // a second decline takes nothing either
    await payWithCard(server, clientSecret, CARD_DECLINED);
    expect(await stockOf(server, 22)).toBe(before);
    // the retry sends the same order request: the same order and intent, its units taken again
    const retry = await server.api<OrderResponse>('POST', '/order', { cartToken, body });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ orderId: order.body.orderId, clientSecret });
    expect(await stockOf(server, 22)).toBe(before - 2);
    const pay = await payWithCard(server, clientSecret);
    expect(pay.body.status).toBe('succeeded');
    expect(await stockOf(server, 22)).toBe(before - 2);
    const paid = await server.api<Schemas['OrderDetail']>('GET', `/order/${order.body.orderId}`, {
      orderToken,
    });
    expect(paid.body.status).toBe('PAID');
    clock.advance(48 * 60 * MINUTE);
    expect(await stockOf(server, 22)).toBe(before - 2);
  });

  it('a retry after the stock sold out meanwhile is refused before any charge', async () => {
    const before = await stockOf(server, 33); // french press 9 cups
    const retryCart = await guestCart(server, 33);
    const retryBody = orderBody([{ productId: 33, quantity: 2, price: 25 }]);
    const order = await server.api<OrderResponse>('POST', '/order', {
      cartToken: retryCart,
      body: retryBody,
    });
    const orderToken = order.body.orderToken ?? '';
    const clientSecret = order.body.clientSecret ?? '';
    await payWithCard(server, clientSecret, CARD_DECLINED);
    await server.api('PATCH', `/order/${order.body.orderId}/status`, {
      orderToken,
      body: { status: 'PAYMENT_FAILED' },
    });
    // someone else orders what is left (by card: cash on delivery may hold only half)
    let left = before;
    while (left > 0) {
      const take = Math.min(left, DEFAULT_ORDER_LIMITS.maxUnitsPerProduct);
      const other = await server.api<OrderResponse>('POST', '/order', {
        cartToken: await guestCart(server, 33),
        body: orderBody([{ productId: 33, quantity: take, price: 25 }]),
      });
      expect(other.status).toBe(201);
      left -= take;
    }
    // the storefront's retry sends the order request again, which is refused before the card is
    // confirmed again
    const pay = await server.api('POST', '/order', { cartToken: retryCart, body: retryBody });
    expect(pay.status).toBe(409);
    expect(pay.body).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: 'French press 9 cups is out of stock',
    });
    const intent = await server.api<Schemas['OrderDetail']>('GET', `/order/${order.body.orderId}`, {
      orderToken,
    });
    expect(intent.body.paymentStatus).not.toBe('PAID');
    expect(await stockOf(server, 33)).toBe(0);
  });

  it('caps the units of one product and of one order, well below the stock', async () => {
    const { maxUnitsPerProduct, maxUnitsPerOrder } = DEFAULT_ORDER_LIMITS;
    expect(maxUnitsPerProduct).toBeLessThan(await stockOf(server, 15));
    const before = await stockOf(server, 15);
    const tooMany = await server.api('POST', '/order', {
      cartToken: await guestCart(server, 15),
      body: orderBody([{ productId: 15, quantity: maxUnitsPerProduct + 1 }]),
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({
      code: 'ORDER_LIMIT_EXCEEDED',
      message: `You can order at most ${maxUnitsPerProduct} of chocolate croissant at once`,
    });
    // duplicate lines count together
    const split = await server.api('POST', '/order', {
      cartToken: await guestCart(server, 15),
      body: orderBody([
        { productId: 15, quantity: maxUnitsPerProduct },
        { productId: 15, quantity: 1 },
      ]),
    });
    expect(split.body).toMatchObject({ code: 'ORDER_LIMIT_EXCEEDED' });
    const lines: { productId: number; quantity: number }[] = [];
    let units = 0;
    for (let id = 3; units <= maxUnitsPerOrder; id += 1) {
      const quantity = Math.min(3, maxUnitsPerProduct);
      lines.push({ productId: id, quantity });
      units += quantity;
    }
    const wide = await server.api('POST', '/order', {
      cartToken: await guestCart(server, 3),
      body: orderBody(lines),
    });
    expect(wide.status).toBe(409);
    expect(wide.body).toMatchObject({
      code: 'ORDER_LIMIT_EXCEEDED',
      message: `An order can hold at most ${maxUnitsPerOrder} items`,
    });
    expect(await stockOf(server, 15)).toBe(before);
  });
});

describe('open unpaid orders are limited', { timeout: 30_000 }, () => {
  let server: TestServer;
  afterAll(async () => {
    await server.dispose();
  });

  it('per cart token, per email and per client address', async () => {
    server = await startTestServer({
      orderLimits: {
        ...DEFAULT_ORDER_LIMITS,
        maxOpenOrdersPerCart: 2,
        maxOpenOrdersPerEmail: 2,
        maxOpenOrdersPerPhone: 1000,
        maxOpenOrdersPerAddress: 4,
      },
    });
    const message =
      'You have too many unpaid orders. Please pay or wait for an earlier order to lapse before placing another.';
    const place = (cartToken: string | undefined, email: string) =>
      server.api<OrderResponse>('POST', '/order', {
        ...(cartToken ? { cartToken } : {}),
        body: orderBody([{ productId: 9, quantity: 1 }], { email }),
      });
    // per cart token
    const cart = await guestCart(server, 9);
    expect((await place(cart, 'a@lumen.test')).status).toBe(201);
    expect((await place(cart, 'b@lumen.test')).status).toBe(201);
    const third = await place(cart, 'c@lumen.test');
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ code: 'TOO_MANY_OPEN_ORDERS', message });
    // per email (from another cart; the case and a +tag do not matter)
    expect((await place(await guestCart(server, 9), 'a@lumen.test')).status).toBe(201);
    const byEmail = await place(await guestCart(server, 9), 'A+second@Lumen.test');
    expect(byEmail.status).toBe(429);
    expect(byEmail.body).toMatchObject({ code: 'TOO_MANY_OPEN_ORDERS' });
    // per address: 3 open orders so far from 127.0.0.1, the fourth is the last
    expect((await place(await guestCart(server, 9), 'd@lumen.test')).status).toBe(201);
    const byAddress = await place(await guestCart(server, 9), 'e@lumen.test');
    expect(byAddress.status).toBe(429);
    expect(byAddress.body).toMatchObject({ code: 'TOO_MANY_OPEN_ORDERS' });
    // a signed-in account counts as its own cart
    const other = await startTestServer({
      orderLimits: { ...DEFAULT_ORDER_LIMITS, maxOpenOrdersPerCart: 1 },
    });
    try {
      const user = await signup(other.api);
      const first = await other.api('POST', '/order', {
        token: user.token,
        body: orderBody([{ productId: 9, quantity: 1 }], { paymentMethod: 'cod' }),
      });
      expect(first.status).toBe(201);
      const second = await other.api('POST', '/order', {
        token: user.token,
        body: orderBody([{ productId: 9, quantity: 1 }], { paymentMethod: 'cod' }),
      });
      expect(second.status).toBe(429);
    } finally {
      await other.dispose();
    }
  });
});
