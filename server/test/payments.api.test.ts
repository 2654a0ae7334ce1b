// Real card payments (issue 25, ADR-0050): the server makes the PaymentIntent at Stripe through
// the `stripe` SDK (here at the sandbox's stand-in), and Stripe's signed webhook decides PAID.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseApiBase } from '../src/stripe/gateway';
import {
  authenticate,
  CARD_DECLINED,
  CARD_OK,
  orderBody,
  payWithCard,
  startTestServer,
  type Schemas,
  type TestServer,
  manualClock,
} from './test-server';

type OrderResponse = Schemas['OrderResponse'];
type OrderDetail = Schemas['OrderDetail'];

const MINUTE = 60_000;
const signer = new Stripe('sk_test_signer');

const clock = manualClock(new Date('2026-11-27T10:00:00.000Z'));
let server: TestServer;
const WEBHOOK_SECRET = 'whsec_test_payments';

beforeAll(async () => {
  server = await startTestServer({
    now: clock.now,
    sandboxStripe: { secretKey: 'sk_test_payments', webhookSecret: WEBHOOK_SECRET },
  });
});

afterAll(async () => {
  expect(server.violations).toEqual([]);
  expect(server.errors).toEqual([]);
  await server.dispose();
});

function webhookSecretOf(_server: TestServer): string {
  return WEBHOOK_SECRET;
}

async function stockOf(productId: number): Promise<number> {
  return Number(
    (
      await server.db.get<{ quantity: number }>('SELECT quantity FROM products WHERE id = ?', [
        productId,
      ])
    )?.quantity,
  );
}

async function guestCart(productId: number, quantity = 1): Promise<string> {
  const res = await server.api<Schemas['Cart']>('POST', '/cart/items', {
    body: { productId, quantity },
  });
  return res.body.cartToken ?? '';
}

async function placeCardOrder(productId: number, quantity = 1) {
  const cartToken = await guestCart(productId, quantity);
  const body = orderBody([{ productId, quantity }]);
  const res = await server.api<OrderResponse>('POST', '/order', { cartToken, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return {
    cartToken,
    body,
    id: res.body.orderId,
    orderToken: res.body.orderToken ?? '',
    clientSecret: res.body.clientSecret ?? '',
    intentId: (res.body.clientSecret ?? '').split('_secret_')[0] ?? '',
    total: res.body.totalAmount,
  };
}

async function orderOf(order: { id: number; orderToken: string }): Promise<OrderDetail> {
  const res = await server.api<OrderDetail>('GET', `/order/${order.id}`, {
    orderToken: order.orderToken,
  });
  return res.body;
}

async function standInIntent(id: string) {
  return server.db.get<{
    amount: number;
    currency: string;
    status: string;
    metadata: string;
  }>('SELECT amount, currency, status, metadata FROM stripe_stand_in_intents WHERE id = ?', [id]);
}

let eventCounter = 0;

/** A Stripe event for the intent, signed with `secret` by the SDK's test helper. */
function signedEvent(
  type: string,
  intent: Record<string, unknown>,
  options: { secret?: string; timestamp?: number; id?: string } = {},
) {
  eventCounter += 1;
  const payload = JSON.stringify({
    id: options.id ?? `evt_test_${eventCounter}_${Date.now()}`,
    object: 'event',
    type,
    created: Math.floor(clock.now().getTime() / 1000),
    data: { object: { object: 'payment_intent', currency: 'usd', ...intent } },
  });
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? webhookSecretOf(server),
    timestamp: options.timestamp ?? Math.floor(clock.now().getTime() / 1000),
  });
  return { payload, header };
}

async function deliver(event: { payload: string; header: string | null }) {
  const res = await fetch(`${server.url}/api/v1/payment/webhook`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(event.header === null ? {} : { 'Stripe-Signature': event.header }),
    },
    body: event.payload,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the PaymentIntent at Stripe', () => {
  it('a card order makes one intent for its total in cents, usd, card only, with its order id; a repeat makes none', async () => {
    const before = Number(
      (await server.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM stripe_stand_in_intents'))?.n,
    );
    const order = await placeCardOrder(5, 2);
    expect(order.clientSecret).toMatch(/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/);
    const intent = await standInIntent(order.intentId);
    expect(intent).toMatchObject({
      amount: Math.round(order.total * 100),
      currency: 'usd',
      status: 'requires_payment_method',
    });
    expect(JSON.parse(intent?.metadata ?? '{}')).toEqual({ orderId: String(order.id) });
    const again = await server.api<OrderResponse>('POST', '/order', {
      cartToken: order.cartToken,
      body: order.body,
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ orderId: order.id, clientSecret: order.clientSecret });
    const after = Number(
      (await server.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM stripe_stand_in_intents'))?.n,
    );
    expect(after).toBe(before + 1);
  });

  it('a changed total updates the intent before the shopper can pay', async () => {
    const order = await placeCardOrder(6);
    // The order's total changes after the intent was made (e.g. a price corrected by the shop).
    await server.db.run('UPDATE orders SET total_cents = total_cents + 100 WHERE id = ?', [
      order.id,
    ]);
    const again = await server.api<OrderResponse>('POST', '/order', {
      cartToken: order.cartToken,
      body: order.body,
    });
    expect(again.body.clientSecret).toBe(order.clientSecret);
    expect((await standInIntent(order.intentId))?.amount).toBe(Math.round(order.total * 100) + 100);
    const paid = await payWithCard(server, order.clientSecret);
    expect(paid.body.amount).toBe(Math.round(order.total * 100) + 100);
    expect((await orderOf(order)).status).toBe('PAID');
  });

  it('a retry after a decline uses the same intent, and the decline is the order payment error', async () => {
    const order = await placeCardOrder(19);
    const declined = await payWithCard(server, order.clientSecret, CARD_DECLINED);
    expect(declined.body.error?.payment_intent?.id).toBe(order.intentId);
    const failed = await orderOf(order);
    expect(failed).toMatchObject({
      status: 'PAYMENT_FAILED',
      paymentError: 'Your card was declined.',
    });
    const retry = await server.api<OrderResponse>('POST', '/order', {
      cartToken: order.cartToken,
      body: order.body,
    });
    expect(retry.body.clientSecret).toBe(order.clientSecret);
    const paid = await payWithCard(server, order.clientSecret, CARD_OK, 'Ada Lovelace');
    expect(paid.body.id).toBe(order.intentId);
    expect(await orderOf(order)).toMatchObject({ status: 'PAID', paymentError: null });
    // The card holder's name is the payment's billing name.
    const method = await server.db.get<{ payment_method: string }>(
      'SELECT payment_method FROM stripe_stand_in_intents WHERE id = ?',
      [order.intentId],
    );
    expect(JSON.parse(method?.payment_method ?? '{}')).toMatchObject({
      billing_details: { name: 'Ada Lovelace' },
    });
  });

  it('the webhook alone makes the order PAID, without the browser reporting it', async () => {
    const order = await placeCardOrder(9);
    await payWithCard(server, order.clientSecret);
    const detail = await orderOf(order);
    expect(detail).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
  });
});

describe('3-D Secure in the sandbox, as Stripe test cards behave', () => {
  const challenge = [
    ['4000002760003184', 'authentication required'],
    ['4000000000003220', '3DS2'],
  ] as const;
  for (const [number, name] of challenge) {
    it(`${name}: asks for authentication; Complete pays, Fail fails and can be retried`, async () => {
      const order = await placeCardOrder(10);
      const first = await payWithCard(server, order.clientSecret, { ...CARD_OK, number });
      expect(first.status).toBe(200);
      expect(first.body.status).toBe('requires_action');
      expect((await orderOf(order)).status).toBe('PENDING');
      const failed = await authenticate(server, order.clientSecret, 'fail');
      expect(failed.status).toBe(402);
      expect(failed.body.error).toMatchObject({ code: 'payment_intent_authentication_failure' });
      // The order says why in the shopper's words, not Stripe's "payment method" text.
      expect(await orderOf(order)).toMatchObject({
        status: 'PAYMENT_FAILED',
        paymentError: 'Your bank could not confirm this payment.',
      });
      await server.api('POST', '/order', { cartToken: order.cartToken, body: order.body });
      const again = await payWithCard(server, order.clientSecret, { ...CARD_OK, number });
      expect(again.body.status).toBe('requires_action');
      const done = await authenticate(server, order.clientSecret, 'complete');
      expect(done.body.status).toBe('succeeded');
      expect((await orderOf(order)).status).toBe('PAID');
    });
  }

  it('4000 0084 0000 1629 is authenticated, then declined', async () => {
    const order = await placeCardOrder(11);
    const first = await payWithCard(server, order.clientSecret, {
      ...CARD_OK,
      number: '4000008400001629',
    });
    expect(first.body.status).toBe('requires_action');
    const done = await authenticate(server, order.clientSecret, 'complete');
    expect(done.status).toBe(402);
    expect(done.body.error).toMatchObject({ code: 'card_declined' });
    expect((await orderOf(order)).status).toBe('PAYMENT_FAILED');
  });
});

describe("Stripe's signed webhook", () => {
  it('payment_intent.succeeded makes the order PAID; the same event again changes nothing', async () => {
    const order = await placeCardOrder(12);
    // Stripe's side: the intent succeeded (the stand-in's webhook is not what is tested here).
    await server.db.run("UPDATE stripe_stand_in_intents SET status = 'succeeded' WHERE id = ?", [
      order.intentId,
    ]);
    const event = signedEvent(
      'payment_intent.succeeded',
      {
        id: order.intentId,
        amount: Math.round(order.total * 100),
        status: 'succeeded',
        metadata: { orderId: String(order.id) },
      },
      { id: `evt_succeeded_${order.id}` },
    );
    const first = await deliver(event);
    expect(first).toEqual({ status: 200, body: { received: true } });
    expect((await orderOf(order)).status).toBe('PAID');
    const history = async () =>
      (
        await server.db.all('SELECT status FROM order_status_history WHERE order_id = ?', [
          order.id,
        ])
      ).length;
    const rows = await history();
    const again = await deliver(event);
    expect(again).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await history()).toBe(rows);
    // A failure that arrives after the success is recorded and ignored.
    const late = await deliver(
      signedEvent('payment_intent.payment_failed', {
        id: order.intentId,
        amount: Math.round(order.total * 100),
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Declined' },
      }),
    );
    expect(late.status).toBe(200);
    expect((await orderOf(order)).status).toBe('PAID');
    expect(await history()).toBe(rows);
  });

  it('payment_intent.payment_failed makes the order PAYMENT_FAILED and returns its stock at once', async () => {
    const before = await stockOf(13);
    const order = await placeCardOrder(13, 2);
    expect(await stockOf(13)).toBe(before - 2);
    const res = await deliver(
      signedEvent('payment_intent.payment_failed', {
        id: order.intentId,
        amount: Math.round(order.total * 100),
        status: 'requires_payment_method',
        last_payment_error: {
          type: 'card_error',
          code: 'card_declined',
          message: 'Your card was declined.',
        },
      }),
    );
    expect(res.status).toBe(200);
    expect(await orderOf(order)).toMatchObject({
      status: 'PAYMENT_FAILED',
      paymentError: 'Your card was declined.',
    });
    expect(await stockOf(13)).toBe(before);
  });

  it('payment_intent.canceled cancels the unpaid order and returns its stock', async () => {
    const before = await stockOf(14);
    const order = await placeCardOrder(14);
    const res = await deliver(
      signedEvent('payment_intent.canceled', {
        id: order.intentId,
        amount: Math.round(order.total * 100),
        status: 'canceled',
      }),
    );
    expect(res.status).toBe(200);
    expect((await orderOf(order)).status).toBe('CANCELLED');
    expect(await stockOf(14)).toBe(before);
  });

  it('an intent whose amount differs from its order never makes it PAID', async () => {
    const order = await placeCardOrder(15);
    const res = await deliver(
      signedEvent('payment_intent.succeeded', {
        id: order.intentId,
        amount: 50,
        status: 'succeeded',
      }),
    );
    expect(res.status).toBe(200);
    expect((await orderOf(order)).status).toBe('PENDING');
    const outcomes = await server.db.all<{ outcome: string }>(
      'SELECT outcome FROM payment_events WHERE intent_id = ?',
      [order.intentId],
    );
    expect(outcomes.map((row) => row.outcome)).toEqual(['amount_mismatch']);
    // Nor in another currency.
    await deliver(
      signedEvent('payment_intent.succeeded', {
        id: order.intentId,
        amount: Math.round(order.total * 100),
        currency: 'eur',
        status: 'succeeded',
      }),
    );
    expect((await orderOf(order)).status).toBe('PENDING');
  });

  it('a missing or wrong signature, or a stale timestamp, answers 400 and changes nothing', async () => {
    const order = await placeCardOrder(16);
    const intent = {
      id: order.intentId,
      amount: Math.round(order.total * 100),
      status: 'succeeded',
    };
    const wrong = await deliver(
      signedEvent('payment_intent.succeeded', intent, { secret: 'whsec_wrong' }),
    );
    expect(wrong.status).toBe(400);
    const stale = await deliver(
      signedEvent('payment_intent.succeeded', intent, {
        timestamp: Math.floor(clock.now().getTime() / 1000) - 6 * 60,
      }),
    );
    expect(stale.status).toBe(400);
    const unsigned = await deliver({
      ...signedEvent('payment_intent.succeeded', intent),
      header: null,
    });
    expect(unsigned.status).toBe(400);
    // A body changed after signing.
    const signed = signedEvent('payment_intent.succeeded', intent);
    const tampered = await deliver({
      ...signed,
      payload: signed.payload.replace('"amount":', '"amount": '),
    });
    expect(tampered.status).toBe(400);
    expect((await orderOf(order)).status).toBe('PENDING');
    expect(
      await server.db.get('SELECT 1 AS seen FROM payment_events WHERE intent_id = ?', [
        order.intentId,
      ]),
    ).toBeUndefined();
  });

  it('an event for an unknown intent, or of another type, answers 200 and is recorded', async () => {
    const unknown = await deliver(
      signedEvent('payment_intent.succeeded', {
        id: 'pi_unknown',
        amount: 100,
        status: 'succeeded',
      }),
    );
    expect(unknown).toEqual({ status: 200, body: { received: true } });
    expect(
      (
        await server.db.get<{ outcome: string }>(
          'SELECT outcome FROM payment_events WHERE intent_id = ?',
          ['pi_unknown'],
        )
      )?.outcome,
    ).toBe('unknown_intent');
    const other = await deliver(signedEvent('charge.refunded', { id: 'ch_1', object: 'charge' }));
    expect(other.status).toBe(200);
  });
});

describe('lapses ask Stripe first', () => {
  it('an unpaid order past its reservation cancels its PaymentIntent before its stock returns', async () => {
    const before = await stockOf(17);
    const order = await placeCardOrder(17);
    clock.advance(31 * MINUTE);
    await server.api('GET', '/health');
    expect((await orderOf(order)).status).toBe('CANCELLED');
    expect((await standInIntent(order.intentId))?.status).toBe('canceled');
    expect(await stockOf(17)).toBe(before);
    await server.config.stripeStandIn?.idle();
    // The intent's own canceled event arrives after: nothing changes twice.
    expect(await stockOf(17)).toBe(before);
  });

  it('a lapse racing a success makes the order PAID: no paid order ever lapses', async () => {
    const before = await stockOf(18);
    const order = await placeCardOrder(18);
    // Paid at Stripe, and its webhook not delivered yet.
    await server.db.run("UPDATE stripe_stand_in_intents SET status = 'succeeded' WHERE id = ?", [
      order.intentId,
    ]);
    clock.advance(31 * MINUTE);
    await server.api('GET', '/health');
    expect((await orderOf(order)).status).toBe('PAID');
    expect(await stockOf(18)).toBe(before - 1);
  });
});

describe('configuration', () => {
  it('refuses to start in production with a secret key but no webhook secret, saying what to set', async () => {
    await expect(
      startTestServer({
        development: false,
        stripe: { secretKey: 'sk_live_x', webhookSecret: null, apiBase: 'https://api.stripe.com' },
      }),
    ).rejects.toThrow(/STRIPE_WEBHOOK_SECRET.*\/api\/v1\/payment\/webhook/s);
  });

  it('allows plain http to a Stripe-compatible server on loopback only', () => {
    expect(parseApiBase('https://api.stripe.com')).toEqual({
      host: 'api.stripe.com',
      port: 443,
      protocol: 'https',
    });
    expect(parseApiBase('http://127.0.0.1:12111')).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(parseApiBase('http://[::1]:8').host).toBe('::1');
    expect(() => parseApiBase('http://stripe.example')).toThrow(/loopback/);
    expect(() => parseApiBase('http://10.0.0.5:12111')).toThrow(/loopback/);
    expect(() => parseApiBase('https://api.stripe.com/v1')).toThrow(/origin only/);
  });
});
