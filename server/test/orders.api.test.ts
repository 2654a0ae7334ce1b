import { describe, expect, it } from 'vitest';
import { sampleAddress } from '../../tests/fixtures/checkout';
import {
  CARD_DECLINED,
  CARD_OK,
  login,
  newKey,
  orderBody,
  payWithCard,
  signup,
  testServerForSuite,
  type Schemas,
} from './test-server';

const server = testServerForSuite();

async function stockOf(productId: number): Promise<number> {
  const res = await server.api<Schemas['Product']>('GET', `/products/detail/${productId}`);
  return res.body.quantity;
}

type OrderResponse = Schemas['OrderResponse'];

describe('placing an order', () => {
  it('a guest places a card order and reads it only with its order token', async () => {
    const { api } = server;
    const res = await api<OrderResponse>('POST', '/order', {
      body: orderBody([{ productId: 3, quantity: 2 }]),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'PENDING',
      paymentStatus: 'UNPAID',
      subtotalAmount: 10,
      taxAmount: 1,
      shippingAmount: 3.99,
      discountAmount: 0,
      totalAmount: 14.99,
      currency: 'USD',
    });
    expect(res.body.clientSecret).toMatch(/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/);
    expect(res.body.orderToken).toMatch(/^ot_/);
    const id = res.body.orderId;

    const mine = await api<Schemas['OrderDetail']>('GET', `/order/${id}`, {
      orderToken: res.body.orderToken ?? '',
    });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      orderId: id,
      email: 'guest@lumen.test',
      paymentMethod: 'card',
      shippingMethod: 'Standard Shipping 4 - 6 Business Days',
      shippingAddress: sampleAddress,
      promoCode: null,
      items: [
        {
          productId: 3,
          productName: 'cappucino',
          productImg: '/images/products/3-1.svg',
          productCategory: 'coffee_baverage',
          quantity: 2,
          price: 5,
        },
      ],
    });

    expect((await api('GET', `/order/${id}`)).status).toBe(404);
    expect((await api('GET', `/order/${id}`, { orderToken: 'ot_wrong' })).status).toBe(404);
    const stranger = await signup(api);
    const asStranger = await api('GET', `/order/${id}`, { token: stranger.token });
    expect(asStranger.status).toBe(404);
    expect(asStranger.body).toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
    expect((await api('GET', `/order/${id}/history`, { token: stranger.token })).status).toBe(404);
    expect(
      (
        await api('PATCH', `/order/${id}/status`, {
          token: stranger.token,
          body: { status: 'PAYMENT_FAILED' },
        })
      ).status,
    ).toBe(404);
  });

  it('the same idempotency key twice makes one order and takes stock once', async () => {
    const { api } = server;
    const before = await stockOf(4);
    const cart = await api<Schemas['Cart']>('POST', '/cart/items', {
      body: { productId: 4, quantity: 3 },
    });
    const cartToken = cart.body.cartToken ?? '';
    const body = orderBody([{ productId: 4, quantity: 3 }]);
    const first = await api<OrderResponse>('POST', '/order', { cartToken, body });
    const second = await api<OrderResponse>('POST', '/order', { cartToken, body });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.orderId).toBe(first.body.orderId);
    expect(second.body.clientSecret).toBe(first.body.clientSecret);
    expect(second.body.orderToken).toBe(first.body.orderToken);
    // a different body with the same key is refused, and makes nothing
    const third = await api('POST', '/order', {
      cartToken,
      body: { ...orderBody([{ productId: 5, quantity: 1 }]), idempotencyKey: body.idempotencyKey },
    });
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    expect(await stockOf(4)).toBe(before - 3);
    expect(await stockOf(5)).toBe(25);
  });

  it('idempotency keys are scoped to the caller', async () => {
    const { api } = server;
    const a = await signup(api);
    const b = await signup(api);
    const key = newKey();
    const first = await api<OrderResponse>('POST', '/order', {
      token: a.token,
      body: orderBody([{ productId: 6, quantity: 1 }], { idempotencyKey: key }),
    });
    const second = await api<OrderResponse>('POST', '/order', {
      token: b.token,
      body: orderBody([{ productId: 6, quantity: 1 }], { idempotencyKey: key }),
    });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.orderId).not.toBe(first.body.orderId);
  });

  it('refuses amounts that differ from the server, creating nothing', async () => {
    const { api } = server;
    const user = await signup(api);
    const before = await stockOf(7);
    const res = await api('POST', '/order', {
      token: user.token,
      body: orderBody([{ productId: 7, quantity: 2 }], { totalAmount: 13.99 }),
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      status: 409,
      code: 'TOTALS_MISMATCH',
      message: 'The order total has changed. Please review the new total.',
      // 2 soda beverages at 3.00, 10% tax, Standard Shipping
      totals: { subtotal: 6, tax: 0.6, shipping: 3.99, discount: 0, total: 10.59 },
      path: '/api/v1/order',
    });
    const stalePrice = await api('POST', '/order', {
      token: user.token,
      body: orderBody([{ productId: 7, quantity: 2, price: 4 }], {
        totalAmount: 10.59,
        taxAmount: 0.6,
      }),
    });
    expect(stalePrice.body).toMatchObject({ code: 'TOTALS_MISMATCH' });
    expect(await stockOf(7)).toBe(before);
    expect((await api<unknown[]>('GET', '/account/orders', { token: user.token })).body).toEqual(
      [],
    );
  });

  it('refuses more than the stock and cafe-only products', async () => {
    const { api } = server;
    const stock = await stockOf(15);
    const res = await api('POST', '/order', {
      body: orderBody([{ productId: 15, quantity: stock + 1 > 99 ? 99 : stock + 1 }]),
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: `Only ${stock} left in stock for chocolate croissant`,
    });
    // duplicate lines count together
    const split = await api('POST', '/order', {
      body: orderBody([
        { productId: 15, quantity: stock },
        { productId: 15, quantity: 1 },
      ]),
    });
    expect(split.body).toMatchObject({ code: 'OUT_OF_STOCK' });
    expect(await stockOf(15)).toBe(stock);
    const cafe = await api('POST', '/order', { body: orderBody([{ productId: 1, quantity: 1 }]) });
    expect(cafe.status).toBe(409);
    expect(cafe.body).toMatchObject({
      code: 'PRODUCT_UNAVAILABLE',
      message: 'Ristretto bianco is only available at the cafe',
    });
    const missing = await api('POST', '/order', {
      body: orderBody([{ productId: 999, quantity: 1 }]),
    });
    expect(missing.status).toBe(404);
    const noShip = await api('POST', '/order', {
      body: orderBody([{ productId: 9, quantity: 1 }], { shipMethodId: 99 }),
    });
    expect(noShip.status).toBe(404);
  });

  it('buying the last units leaves the next shopper a clear refusal', async () => {
    const { api } = server;
    const stock = await stockOf(2 + 31); // french press 9 cups, 10 in stock
    const first = await api('POST', '/order', {
      body: orderBody([{ productId: 33, quantity: stock, price: 25 }]),
    });
    expect(first.status).toBe(201);
    const second = await api('POST', '/order', {
      body: orderBody([{ productId: 33, quantity: 1, price: 25 }]),
    });
    expect(second.body).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: 'French press 9 cups is out of stock',
    });
  });

  it('applies a promo code and checks its discount', async () => {
    const { api } = server;
    const body = orderBody([{ productId: 9, quantity: 2 }], { promoCode: 'cashback25' });
    const wrong = await api('POST', '/order', { body });
    expect(wrong.body).toMatchObject({
      code: 'TOTALS_MISMATCH',
      // 2 iced americanos at 4.00 + 0.80 tax + 3.99 shipping - 2.50
      totals: { discount: 2.5, total: 10.29 },
    });
    const right = await api<OrderResponse>('POST', '/order', {
      body: { ...body, discountAmount: 2.5, totalAmount: 10.29 },
    });
    expect(right.status).toBe(201);
    expect(right.body).toMatchObject({ discountAmount: 2.5, totalAmount: 10.29 });
    const detail = await api('GET', `/order/${right.body.orderId}`, {
      orderToken: right.body.orderToken ?? '',
    });
    expect(detail.body.promoCode).toBe('CASHBACK25');
    const rejected = await api('POST', '/order', {
      body: orderBody([{ productId: 9, quantity: 1 }], { promoCode: 'SUMMER10' }),
    });
    expect(rejected.status).toBe(400);
    expect(rejected.body).toMatchObject({
      code: 'PROMO_REJECTED',
      message: 'Promo code has expired',
    });
  });

  it('refuses a card-only promo for cash on delivery, with a reason the shopper can act on (issue 30)', async () => {
    const { api } = server;
    // DISKON50 is "Diskon 50% With Credit or Debit Card"; product 6 qualifies for it.
    const body = orderBody([{ productId: 6, quantity: 1 }], { promoCode: 'DISKON50' });
    const priced = await api<{ totals: { discount: number; total: number } }>('POST', '/order', {
      body,
    });
    expect(priced.body).toMatchObject({ code: 'TOTALS_MISMATCH' });
    const { discount, total } = priced.body.totals;
    expect(discount).toBeGreaterThan(0);

    const byCash = await api('POST', '/order', {
      body: {
        ...body,
        paymentMethod: 'cod',
        discountAmount: discount,
        totalAmount: total,
        idempotencyKey: newKey(),
      },
    });
    expect(byCash.status).toBe(400);
    expect(byCash.body).toMatchObject({
      code: 'PROMO_REJECTED',
      message:
        'This promo is only for payment by card. Pay by card to keep it, or remove the promo to pay cash on delivery.',
    });

    const byCard = await api<OrderResponse>('POST', '/order', {
      body: { ...body, discountAmount: discount, totalAmount: total, idempotencyKey: newKey() },
    });
    expect(byCard.status).toBe(201);
    expect(byCard.body).toMatchObject({ discountAmount: discount });
  });

  it('a signed-in order uses the account email, ignores userId and remembers the address', async () => {
    const { api } = server;
    const user = await signup(api);
    const res = await api<OrderResponse>('POST', '/order', {
      token: user.token,
      body: orderBody([{ productId: 10, quantity: 1 }], {
        userId: 1,
        email: 'someone-else@lumen.test',
        paymentMethod: 'cod',
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body.orderToken).toBeNull();
    expect(res.body.clientSecret).toBeNull();
    const detail = await api('GET', `/order/${res.body.orderId}`, { token: user.token });
    expect(detail.body.email).toBe(user.email);
    const addresses = await api<Schemas['Address'][]>('GET', '/account/address', {
      token: user.token,
    });
    expect(addresses.body).toHaveLength(1);
    expect(addresses.body[0]).toMatchObject({ street: '12 King Street West', isDefault: true });
    const demo = await login(api);
    expect((await api('GET', `/order/${res.body.orderId}`, { token: demo })).status).toBe(404);
  });

  it('checking out again with the same address, cased and spaced differently, reuses it', async () => {
    const { api } = server;
    const user = await signup(api);
    const place = async (shippingAddress: Record<string, unknown>) =>
      (
        await api<OrderResponse>('POST', '/order', {
          token: user.token,
          body: orderBody([{ productId: 10, quantity: 1 }], {
            paymentMethod: 'cod',
            shippingAddress,
            idempotencyKey: newKey(),
          }),
        })
      ).status;
    const other = { ...sampleAddress, street: '200 Queen Street', postalCode: 'M5H 2N2' };
    expect(await place(sampleAddress)).toBe(201);
    expect(await place(other)).toBe(201);
    // Autofill's own spelling of the first address: other case, extra spaces; it becomes default.
    expect(
      await place({
        ...sampleAddress,
        name: ' ada  ROAST ',
        street: '12  king street west',
        city: 'TORONTO',
        postalCode: 'm5v 2t6',
        apartment: '',
        isDefault: true,
      }),
    ).toBe(201);
    const addresses = await api<Schemas['Address'][]>('GET', '/account/address', {
      token: user.token,
    });
    expect(addresses.body.map((a) => [a.street, a.isDefault])).toEqual([
      ['12 King Street West', true],
      ['200 Queen Street', false],
    ]);
  });

  it('sequential ids reveal nothing', async () => {
    const { api } = server;
    const owner = await signup(api);
    const own = await api<OrderResponse>('POST', '/order', {
      token: owner.token,
      body: orderBody([{ productId: 11, quantity: 1 }]),
    });
    const prober = await signup(api);
    const statuses = new Set<number>();
    for (let id = 1; id <= own.body.orderId + 3; id += 1) {
      statuses.add((await api('GET', `/order/${id}`, { token: prober.token })).status);
      statuses.add((await api('GET', `/order/${id}`)).status);
      statuses.add((await api('GET', `/order/${id}`, { orderToken: `ot_${id}` })).status);
    }
    expect([...statuses]).toEqual([404]);
    expect((await api('GET', `/order/${own.body.orderId}`, { token: owner.token })).status).toBe(
      200,
    );
  });
});

describe('paying an order', () => {
  it('PAID only after the intent succeeded; a decline can be retried on the same order', async () => {
    const { api } = server;
    const user = await signup(api);
    await api('POST', '/cart/items', { token: user.token, body: { productId: 12, quantity: 2 } });
    const order = await api<OrderResponse>('POST', '/order', {
      token: user.token,
      body: orderBody([{ productId: 12, quantity: 2 }]),
    });
    const id = order.body.orderId;
    const secret = order.body.clientSecret ?? '';

    const early = await api('PATCH', `/order/${id}/status`, {
      token: user.token,
      body: { status: 'PAID' },
    });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'PAYMENT_NOT_CONFIRMED' });

    const declined = await payWithCard(server, secret, CARD_DECLINED, 'Ada');
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    const stillEarly = await api('PATCH', `/order/${id}/status`, {
      token: user.token,
      body: { status: 'PAID' },
    });
    expect(stillEarly.body).toMatchObject({ code: 'PAYMENT_NOT_CONFIRMED' });

    const failed = await api<OrderResponse>('PATCH', `/order/${id}/status`, {
      token: user.token,
      body: { status: 'PAYMENT_FAILED' },
    });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ status: 'PAYMENT_FAILED', paymentStatus: 'FAILED' });

    const paid = await payWithCard(server, secret, CARD_OK);
    expect(paid.body).toMatchObject({
      client_secret: secret,
      amount: 2159, // 2 autumnal coffees at 8.00, 10% tax, 3.99 shipping
      currency: 'usd',
      status: 'succeeded',
      last_payment_error: null,
    });
    // a double click on Pay charges nothing twice: Stripe refuses, with the succeeded intent
    const again = await payWithCard(server, secret, CARD_DECLINED);
    expect(again.status).toBe(400);
    expect(again.body.error?.payment_intent?.status).toBe('succeeded');

    // The webhook made it PAID and emptied the cart; the browser's report changes nothing.
    const cartAfterWebhook = await api<Schemas['Cart']>('GET', '/cart', { token: user.token });
    expect(cartAfterWebhook.body.cartItems).toEqual([]);
    const done = await api<OrderResponse>('PATCH', `/order/${id}/status`, {
      token: user.token,
      body: { status: 'PAID' },
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
    const cartAfter = await api<Schemas['Cart']>('GET', '/cart', { token: user.token });
    expect(cartAfter.body.cartItems).toEqual([]);

    const repeat = await api('PATCH', `/order/${id}/status`, {
      token: user.token,
      body: { status: 'PAID' },
    });
    expect(repeat.status).toBe(200);
    const backwards = await api('PATCH', `/order/${id}/status`, {
      token: user.token,
      body: { status: 'PAYMENT_FAILED' },
    });
    expect(backwards.status).toBe(409);
    expect(backwards.body).toMatchObject({ code: 'INVALID_STATUS_TRANSITION' });

    const history = await api<Schemas['OrderStatusEvent'][]>('GET', `/order/${id}/history`, {
      token: user.token,
    });
    expect(history.body.map((h) => h.status)).toEqual(['PENDING', 'PAYMENT_FAILED', 'PAID']);
    expect(history.body[1]?.note).toBe('Card payment failed: Your card was declined.');

    const list = await api<Schemas['AccountOrder'][]>('GET', '/account/orders?status=PAID', {
      token: user.token,
    });
    expect(list.body).toEqual([
      {
        orderId: id,
        status: 'PAID',
        createdAt: expect.any(String),
        items: 1,
        amount: 21.59,
        paymentMethod: 'card',
      },
    ]);
  });

  it('a guest pays with its order token and its guest cart is emptied', async () => {
    const { api } = server;
    const added = await api<Schemas['Cart']>('POST', '/cart/items', {
      body: { productId: 13, quantity: 1 },
    });
    const cartToken = added.body.cartToken ?? '';
    const order = await api<OrderResponse>('POST', '/order', {
      cartToken,
      body: orderBody([{ productId: 13, quantity: 1 }]),
    });
    const orderToken = order.body.orderToken ?? '';
    const intent = await api<Schemas['PaymentIntent']>('POST', '/payment/create-payment-intent', {
      orderToken,
      body: { orderId: order.body.orderId },
    });
    expect(intent.status).toBe(200);
    expect(intent.body.clientSecret).toBe(order.body.clientSecret);
    expect(
      (
        await api('POST', '/payment/create-payment-intent', {
          body: { orderId: order.body.orderId },
        })
      ).status,
    ).toBe(404);
    await payWithCard(server, intent.body.clientSecret, CARD_OK);
    expect(
      (await api('PATCH', `/order/${order.body.orderId}/status`, { body: { status: 'PAID' } }))
        .status,
    ).toBe(404);
    const paid = await api('PATCH', `/order/${order.body.orderId}/status`, {
      orderToken,
      body: { status: 'PAID' },
    });
    expect(paid.status).toBe(200);
    const cart = await api<Schemas['Cart']>('GET', '/cart', { cartToken });
    expect(cart.body.cartItems).toEqual([]);
  });

  it('cash on delivery stays PENDING without a payment and empties the cart', async () => {
    const { api } = server;
    const user = await signup(api);
    await api('POST', '/cart/items', { token: user.token, body: { productId: 14, quantity: 1 } });
    const res = await api<OrderResponse>('POST', '/order', {
      token: user.token,
      body: orderBody([{ productId: 14, quantity: 1 }], { paymentMethod: 'cod' }),
    });
    expect(res.body).toMatchObject({ status: 'PENDING', clientSecret: null });
    expect(
      (await api<Schemas['Cart']>('GET', '/cart', { token: user.token })).body.cartItems,
    ).toEqual([]);
    const pay = await api('PATCH', `/order/${res.body.orderId}/status`, {
      token: user.token,
      body: { status: 'PAID' },
    });
    expect(pay.body).toMatchObject({ code: 'PAYMENT_NOT_CONFIRMED' });
    const intent = await api('POST', '/payment/create-payment-intent', {
      token: user.token,
      body: { orderId: res.body.orderId },
    });
    expect(intent.status).toBe(400);
  });

  it('the stand-in answers card errors as Stripe does, keeps the last one on the intent, and hides unknown intents', async () => {
    const { api } = server;
    const order = await api<OrderResponse>('POST', '/order', {
      body: orderBody([{ productId: 16, quantity: 1 }]),
    });
    const secret = order.body.clientSecret ?? '';
    const cvc = await payWithCard(server, secret, { ...CARD_OK, cvc: '12' });
    expect(cvc.status).toBe(402);
    expect(cvc.body.error).toMatchObject({ type: 'card_error', code: 'incomplete_cvc' });
    const expired = await payWithCard(server, secret, { ...CARD_OK, expYear: 2020 });
    expect(expired.body.error).toMatchObject({ code: 'invalid_expiry_year_past' });
    const luhn = await payWithCard(server, secret, { ...CARD_OK, number: '4242424242424241' });
    expect(luhn.body.error).toMatchObject({
      code: 'incorrect_number',
      message: 'Your card number is incorrect.',
    });
    const funds = await payWithCard(server, secret, {
      ...CARD_OK,
      number: '4000 0000 0000 9995',
    });
    expect(funds.body.error).toMatchObject({
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    const intent = await api<Schemas['PaymentIntent']>('POST', '/payment/create-payment-intent', {
      orderToken: order.body.orderToken ?? '',
      body: { orderId: order.body.orderId },
    });
    expect(intent.body).toMatchObject({
      status: 'requires_payment_method',
      lastPaymentError: { code: 'card_declined', declineCode: 'insufficient_funds' },
    });
    const unknown = await payWithCard(server, 'pi_x_secret_y', CARD_OK);
    expect(unknown.status).toBe(404);
    const wrongSecret = await payWithCard(server, `${secret.split('_secret_')[0]}_secret_nope`);
    expect(wrongSecret.status).toBe(404);
  });
});
