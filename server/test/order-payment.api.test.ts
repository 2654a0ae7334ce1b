// Pay now from any tab or device (issue 30, ADR-0058): POST /order/{orderId}/payment pays an
// unpaid card order again for whoever may read it, without its original order request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnStock } from '../src/order-stock';
import { appendHistory } from '../src/order-store';
import {
  CARD_DECLINED,
  CARD_OK,
  login,
  orderBody,
  payWithCard,
  signup,
  startTestServer,
  type Schemas,
  type TestServer,
} from './test-server';

type OrderResponse = Schemas['OrderResponse'];
type OrderDetail = Schemas['OrderDetail'];
type ErrorBody = Schemas['Error'];

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    sandboxStripe: { secretKey: 'sk_test_order_payment', webhookSecret: 'whsec_order_payment' },
  });
});

afterAll(async () => {
  expect(server.violations).toEqual([]);
  expect(server.errors).toEqual([]);
  await server.dispose();
});

async function stockOf(productId: number): Promise<number> {
  return Number(
    (
      await server.db.get<{ quantity: number }>('SELECT quantity FROM products WHERE id = ?', [
        productId,
      ])
    )?.quantity,
  );
}

/** The shop counts its stock again (units sold elsewhere, or found): what it received follows. */
async function setStock(productId: number, quantity: number): Promise<void> {
  await server.db.transaction(async () =>
    server.db.run(
      'UPDATE products SET stock_received = stock_received + (? - quantity), quantity = ? WHERE id = ?',
      [quantity, quantity, productId],
    ),
  );
}

async function countOrders(): Promise<number> {
  return Number((await server.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM orders'))?.n);
}

type Caller = { token?: string; orderToken?: string };

/** A card order, placed by a guest (with its cart) or by the signed-in `token`'s account. */
async function placeCardOrder(productId: number, quantity: number, caller: { token?: string }) {
  // The seed's stock varies by product: every test starts from the same.
  await setStock(productId, 20);
  let cartToken: string | undefined;
  if (!caller.token) {
    const cart = await server.api<Schemas['Cart']>('POST', '/cart/items', {
      body: { productId, quantity },
    });
    cartToken = cart.body.cartToken ?? undefined;
  }
  const res = await server.api<OrderResponse>('POST', '/order', {
    token: caller.token,
    cartToken,
    body: orderBody([{ productId, quantity }]),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return {
    id: res.body.orderId,
    clientSecret: res.body.clientSecret ?? '',
    orderToken: res.body.orderToken ?? undefined,
  };
}

/** A card order whose first payment was declined (its units went back to stock). */
async function declinedOrder(productId: number, quantity: number, caller: { token?: string }) {
  const order = await placeCardOrder(productId, quantity, caller);
  await payWithCard(server, order.clientSecret, CARD_DECLINED);
  return order;
}

function payNow(orderId: number, caller: Caller) {
  return server.api<OrderResponse | ErrorBody>('POST', `/order/${orderId}/payment`, caller);
}

async function orderOf(orderId: number, caller: Caller): Promise<OrderDetail> {
  return (await server.api<OrderDetail>('GET', `/order/${orderId}`, caller)).body;
}

describe('Pay now on an unpaid card order', () => {
  it("the owner, signed in on another device, gets the order's same intent and its units are taken again", async () => {
    const { token, email } = await signup(server.api, 'pay-now-owner');
    const order = await declinedOrder(7, 2, { token });
    expect((await orderOf(order.id, { token })).status).toBe('PAYMENT_FAILED');
    const stockAfterDecline = await stockOf(7);

    const otherDevice = await login(server.api, email, 'secret123');
    const res = await payNow(order.id, { token: otherDevice });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ orderId: order.id, clientSecret: order.clientSecret });
    expect(await stockOf(7)).toBe(stockAfterDecline - 2);
  });

  it('a guest holding the order token pays it, and the webhook then makes it PAID; never a second order', async () => {
    const order = await declinedOrder(8, 1, {});
    const ordersBefore = await countOrders();
    const res = await payNow(order.id, { orderToken: order.orderToken });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = res.body as OrderResponse;
    expect(answer.clientSecret).toBe(order.clientSecret);
    expect(answer.orderToken).toBe(order.orderToken);

    // Confirmed as the browser's Stripe.js does; the stand-in's signed webhook decides.
    const paid = await payWithCard(server, answer.clientSecret ?? '', CARD_OK);
    expect(paid.body.status).toBe('succeeded');
    expect(await orderOf(order.id, { orderToken: order.orderToken })).toMatchObject({
      status: 'PAID',
      paymentStatus: 'PAID',
      paymentError: null,
    });
    expect(await countOrders()).toBe(ordersBefore);
  });

  it('a PENDING card order (its payment never finished) is answered as is, holding its units once', async () => {
    const order = await placeCardOrder(9, 1, {});
    const stock = await stockOf(9);
    const res = await payNow(order.id, { orderToken: order.orderToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'PENDING', clientSecret: order.clientSecret });
    expect(await stockOf(9)).toBe(stock);
  });

  it('a double tap takes the units once and answers the same intent twice', async () => {
    const order = await declinedOrder(10, 3, {});
    const stock = await stockOf(10);
    const [first, second] = await Promise.all([
      payNow(order.id, { orderToken: order.orderToken }),
      payNow(order.id, { orderToken: order.orderToken }),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect((first.body as OrderResponse).clientSecret).toBe(order.clientSecret);
    expect((second.body as OrderResponse).clientSecret).toBe(order.clientSecret);
    const again = await payNow(order.id, { orderToken: order.orderToken });
    expect(again.status).toBe(200);
    expect(await stockOf(10)).toBe(stock - 3);
  });
});

describe('Pay now refuses', () => {
  it('a stranger: 404 without a token, with a wrong token, or signed in to another account', async () => {
    const order = await declinedOrder(11, 1, {});
    const stranger = await signup(server.api, 'pay-now-stranger');
    for (const caller of [{}, { orderToken: 'ot_not-this-orders-token' }, stranger]) {
      const res = await payNow(order.id, caller);
      expect(res.status).toBe(404);
      expect((res.body as ErrorBody).code).toBe('NOT_FOUND');
    }
    expect((await orderOf(order.id, { orderToken: order.orderToken })).status).toBe(
      'PAYMENT_FAILED',
    );
  });

  it('a PAID order: 409 ORDER_ALREADY_PAID with a plain message', async () => {
    const order = await placeCardOrder(12, 1, {});
    await payWithCard(server, order.clientSecret, CARD_OK);
    const res = await payNow(order.id, { orderToken: order.orderToken });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'ORDER_ALREADY_PAID',
      message: 'This order is already paid.',
    });
  });

  it('a cash on delivery order: 409, it is not paid by card', async () => {
    await setStock(13, 20);
    const cart = await server.api<Schemas['Cart']>('POST', '/cart/items', {
      body: { productId: 13, quantity: 1 },
    });
    const placed = await server.api<OrderResponse>('POST', '/order', {
      cartToken: cart.body.cartToken ?? undefined,
      body: orderBody([{ productId: 13, quantity: 1 }], { paymentMethod: 'cod' }),
    });
    expect(placed.status).toBe(201);
    const res = await payNow(placed.body.orderId, { orderToken: placed.body.orderToken ?? '' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'PAYMENT_METHOD_UNAVAILABLE',
      message: 'This order is not paid by card, so it cannot be paid here.',
    });
  });

  it('a cancelled order: 409 ORDER_CANCELLED', async () => {
    const order = await declinedOrder(14, 1, {});
    // Cancelled as the shop cancels: its units back in stock, the step in its history.
    await server.db.transaction(async () => {
      await returnStock(server.db, order.id, new Date());
      await server.db.run("UPDATE orders SET status = 'CANCELLED' WHERE id = ?", [order.id]);
      await appendHistory(server.db, order.id, 'CANCELLED', 'Cancelled by the test', new Date());
    });
    const res = await payNow(order.id, { orderToken: order.orderToken });
    expect(res.status).toBe(409);
    expect((res.body as ErrorBody).code).toBe('ORDER_CANCELLED');
  });

  it('units gone since the decline: 409 OUT_OF_STOCK with a plain message, nothing taken', async () => {
    const order = await declinedOrder(15, 2, {});
    await setStock(15, 1);
    const res = await payNow(order.id, { orderToken: order.orderToken });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'OUT_OF_STOCK' });
    expect((res.body as ErrorBody).message).toMatch(/^Only 1 left in stock for /);
    expect(await stockOf(15)).toBe(1);
    expect((await orderOf(order.id, { orderToken: order.orderToken })).status).toBe(
      'PAYMENT_FAILED',
    );
  });
});
