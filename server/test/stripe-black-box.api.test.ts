// A black-box check of the card payments (issue 25) against a Stripe-compatible server that is
// not the project's own: the tiny PaymentIntents API below is written from Stripe's public API
// reference only (form-encoded requests, Bearer secret key, Idempotency-Key, Stripe's JSON and
// error shapes), and webhooks are signed here with node:crypto, not the stripe SDK. The shop is
// seen only through HTTP (its API and its requests to this fake) and its database rows.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBody, startTestServer, type Schemas, type TestServer } from './test-server';

const SECRET_KEY = 'sk_test_blackbox';
const WEBHOOK_SECRET = 'whsec_blackbox';
const MINUTE = 60_000;

type OrderResponse = Schemas['OrderResponse'];
type OrderDetail = Schemas['OrderDetail'];

// ---------------------------------------------------------------------------------------------
// The fake Stripe
// ---------------------------------------------------------------------------------------------

interface LastPaymentError {
  type: string;
  code: string;
  message: string;
}

/** A PaymentIntent in Stripe's JSON shape (the fields the API reference documents that matter here). */
interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: LastPaymentError | null;
  payment_method_types: string[];
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  canceled_at: number | null;
  cancellation_reason: string | null;
  created: number;
  description: string | null;
  livemode: false;
}

/** One request the fake received, as it arrived. */
interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form body, flat: `metadata[orderId]` → '7'. */
  form: Record<string, string>;
  /** The HTTP status the fake answered. */
  status: number;
}

interface FakeStripe {
  url: string;
  requests: RecordedRequest[];
  intents: Map<string, FakeIntent>;
  /** What happened at Stripe meanwhile (the shopper paid, the card was declined…). */
  setIntent(
    id: string,
    change: Partial<Pick<FakeIntent, 'status' | 'amount' | 'currency' | 'last_payment_error'>>,
  ): FakeIntent;
  close(): Promise<void>;
}

// Stripe lets a PaymentIntent be cancelled only in these statuses.
const CANCELABLE = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
]);

function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function bracketed(form: Record<string, string>, name: string): Record<string, string> {
  const out: Record<string, string> = {};
  const prefix = `${name}[`;
  for (const [key, value] of Object.entries(form)) {
    if (key.startsWith(prefix) && key.endsWith(']')) out[key.slice(prefix.length, -1)] = value;
  }
  return out;
}

async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, FakeIntent>();
  // Stripe keeps a POST's answer under its Idempotency-Key and answers it again for that key.
  const idempotent = new Map<string, { status: number; body: unknown }>();

  function error(
    status: number,
    fields: {
      type: string;
      message: string;
      code?: string;
      param?: string;
      payment_intent?: FakeIntent;
    },
  ): { status: number; body: unknown } {
    return { status, body: { error: fields } };
  }

  function route(
    method: string,
    path: string,
    form: Record<string, string>,
  ): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(form.amount);
      if (!form.amount || !Number.isInteger(amount) || amount < 1) {
        return error(400, {
          type: 'invalid_request_error',
          code: form.amount ? 'parameter_invalid_integer' : 'parameter_missing',
          param: 'amount',
          message: 'Missing or invalid amount.',
        });
      }
      if (!form.currency) {
        return error(400, {
          type: 'invalid_request_error',
          code: 'parameter_missing',
          param: 'currency',
          message: 'Missing required param: currency.',
        });
      }
      const id = stripeId('pi');
      const types = Object.values(bracketed(form, 'allowed_payment_method_types'));
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: form.currency.toLowerCase(),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        metadata: bracketed(form, 'metadata'),
        last_payment_error: null,
        payment_method_types: types.length > 0 ? types : ['card'],
        capture_method: 'automatic',
        confirmation_method: 'automatic',
        canceled_at: null,
        cancellation_reason: null,
        created: Math.floor(Date.now() / 1000),
        description: form.description ?? null,
        livemode: false,
      };
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
    const match = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)(\/cancel)?$/.exec(path);
    if (!match) {
      return error(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${path}).`,
      });
    }
    const [, id = '', cancel] = match;
    const intent = intents.get(id);
    if (!intent) {
      return error(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: `No such payment_intent: '${id}'`,
      });
    }
    if (method === 'GET' && !cancel) return { status: 200, body: intent };
    if (method === 'POST' && cancel) {
      if (!CANCELABLE.has(intent.status)) {
        return error(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
          payment_intent: { ...intent },
        });
      }
      intent.status = 'canceled';
      intent.canceled_at = Math.floor(Date.now() / 1000);
      intent.cancellation_reason = form.cancellation_reason ?? null;
      return { status: 200, body: intent };
    }
    if (method === 'POST') {
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return error(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `This PaymentIntent's amount could not be updated because it has a status of ${intent.status}.`,
          payment_intent: { ...intent },
        });
      }
      if (form.amount !== undefined) intent.amount = Number(form.amount);
      Object.assign(intent.metadata, bracketed(form, 'metadata'));
      return { status: 200, body: intent };
    }
    return error(405, { type: 'invalid_request_error', message: `${method} is not allowed here.` });
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const url = new URL(req.url ?? '/', 'http://fake-stripe');
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      let answer: { status: number; body: unknown };
      const key = req.headers['idempotency-key'];
      const replay = method === 'POST' && typeof key === 'string' ? idempotent.get(key) : undefined;
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        answer = error(401, {
          type: 'invalid_request_error',
          message: 'Invalid API Key provided.',
        });
      } else if (replay) {
        answer = replay;
      } else {
        answer = route(method, url.pathname, form);
        // A copy: what was answered then, not the intent as it is later.
        answer = {
          status: answer.status,
          body: JSON.parse(JSON.stringify(answer.body)) as unknown,
        };
        if (method === 'POST' && typeof key === 'string') idempotent.set(key, answer);
      }
      requests.push({
        method,
        path: url.pathname,
        headers: req.headers,
        form,
        status: answer.status,
      });
      res.writeHead(answer.status, {
        'Content-Type': 'application/json',
        'Request-Id': stripeId('req'),
        ...(replay ? { 'Idempotent-Replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    setIntent(id, change) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`the fake Stripe has no intent ${id}`);
      Object.assign(intent, change);
      if (intent.status === 'succeeded') intent.amount_received = intent.amount;
      return intent;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// Webhooks, signed as Stripe documents it: t=<unix seconds>,v1=HMAC-SHA256("<t>.<body>")
// ---------------------------------------------------------------------------------------------

function signature(body: string, t: number, secret = WEBHOOK_SECRET): string {
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}

function eventJson(
  type: string,
  intent: FakeIntent,
  created: number,
  id = stripeId('evt'),
): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: intent },
  });
}

function manualClock(start = new Date('2026-11-22T10:00:00.000Z')) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    seconds: () => Math.floor(at / 1000),
    advance: (ms: number) => {
      at += ms;
    },
  };
}

// ---------------------------------------------------------------------------------------------

describe('card payments against an independent Stripe-compatible server (black box)', () => {
  const clock = manualClock();
  let fake: FakeStripe;
  let server: TestServer;

  beforeAll(async () => {
    fake = await startFakeStripe(SECRET_KEY);
    server = await startTestServer({
      stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: fake.url },
      now: clock.now,
      stockReservationMinutes: 30,
    });
  });

  afterAll(async () => {
    expect(server.violations).toEqual([]);
    expect(server.errors).toEqual([]);
    await server.dispose();
    await fake.close();
  });

  async function stockOf(productId: number): Promise<number> {
    const row = await server.db.get<{ quantity: number }>(
      'SELECT quantity FROM products WHERE id = ?',
      [productId],
    );
    if (!row) throw new Error(`no product ${productId}`);
    return row.quantity;
  }

  function orderRow(orderId: number) {
    return server.db.get<{
      status: string;
      payment_status: string;
      total_cents: number;
      updated_at: string;
    }>('SELECT status, payment_status, total_cents, updated_at FROM orders WHERE id = ?', [
      orderId,
    ]);
  }

  function intentOf(clientSecret: string): FakeIntent {
    const intent = fake.intents.get(clientSecret.split('_secret_')[0] ?? '');
    if (!intent) throw new Error(`the fake Stripe never made the intent of ${clientSecret}`);
    return intent;
  }

  async function placeOrder(productId: number, quantity: number) {
    const placed = await server.api<OrderResponse>('POST', '/order', {
      body: orderBody([{ productId, quantity }]),
    });
    expect(placed.status).toBe(201);
    const { orderId, orderToken, clientSecret } = placed.body;
    return { orderId, orderToken: orderToken ?? '', intent: intentOf(clientSecret ?? '') };
  }

  async function statusOf(order: { orderId: number; orderToken: string }): Promise<string> {
    const detail = await server.api<OrderDetail>('GET', `/order/${order.orderId}`, {
      orderToken: order.orderToken,
    });
    expect(detail.status).toBe(200);
    return detail.body.status;
  }

  function sendWebhook(body: string, stripeSignature?: string) {
    return server.api<{ received?: boolean; duplicate?: boolean }>('POST', '/payment/webhook', {
      rawBody: body,
      headers: stripeSignature === undefined ? {} : { 'Stripe-Signature': stripeSignature },
    });
  }

  it('a guest card order makes one PaymentIntent at Stripe and answers its client secret; a replay makes none', async () => {
    const cart = await server.api<Schemas['Cart']>('POST', '/cart/items', {
      body: { productId: 11, quantity: 2 },
    });
    const cartToken = cart.body.cartToken ?? '';
    expect(cartToken).not.toBe('');
    const body = orderBody([{ productId: 11, quantity: 2 }]);
    const createsBefore = fake.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents',
    ).length;

    const first = await server.api<OrderResponse>('POST', '/order', { cartToken, body });
    expect(first.status).toBe(201);
    const orderId = first.body.orderId;
    const totalCents = Math.round(Number(body.totalAmount) * 100);
    expect((await orderRow(orderId))?.total_cents).toBe(totalCents);

    const creates = fake.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents',
    );
    expect(creates.length - createsBefore).toBe(1);
    const create = creates.at(-1);
    expect(create?.status).toBe(200);
    expect(create?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(create?.headers['idempotency-key']).toEqual(expect.stringMatching(/\S{8,}/));
    expect(create?.form).toEqual({
      amount: String(totalCents),
      currency: 'usd',
      'allowed_payment_method_types[0]': 'card',
      'metadata[orderId]': String(orderId),
    });
    const made = [...fake.intents.values()].filter((i) => i.metadata.orderId === String(orderId));
    expect(made).toHaveLength(1);
    expect(first.body.clientSecret).toBe(made[0]?.client_secret);
    expect(made[0]).toMatchObject({
      amount: totalCents,
      currency: 'usd',
      payment_method_types: ['card'],
    });

    const again = await server.api<OrderResponse>('POST', '/order', { cartToken, body });
    expect(again.status).toBe(200);
    expect(again.body.orderId).toBe(orderId);
    expect(again.body.clientSecret).toBe(first.body.clientSecret);
    expect(
      fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').length -
        createsBefore,
    ).toBe(1);
    expect(
      [...fake.intents.values()].filter((i) => i.metadata.orderId === String(orderId)),
    ).toHaveLength(1);
  });

  it('a signed payment_intent.succeeded makes the order PAID, once; bad, missing and stale signatures are refused', async () => {
    const order = await placeOrder(13, 1);
    const paid = fake.setIntent(order.intent.id, { status: 'succeeded' });
    const body = eventJson('payment_intent.succeeded', paid, clock.seconds());

    // Refused before the good one, so "changes nothing" means the order is still unpaid.
    const wrongSecret = await sendWebhook(body, signature(body, clock.seconds(), 'whsec_other'));
    expect(wrongSecret.status).toBe(400);
    const tampered = await sendWebhook(
      body.replace('"livemode":false', '"livemode":true'),
      signature(body, clock.seconds()),
    );
    expect(tampered.status).toBe(400);
    expect((await sendWebhook(body)).status).toBe(400);
    const stale = await sendWebhook(body, signature(body, clock.seconds() - 10 * 60));
    expect(stale.status).toBe(400);
    expect(await statusOf(order)).toBe('PENDING');
    expect((await orderRow(order.orderId))?.payment_status).toBe('UNPAID');

    const accepted = await sendWebhook(body, signature(body, clock.seconds()));
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ received: true });
    expect(await statusOf(order)).toBe('PAID');
    const afterPaid = await orderRow(order.orderId);

    // Stripe redelivers (a fresh signature, the same event id): acknowledged, nothing changes.
    clock.advance(5_000);
    const redelivered = await sendWebhook(body, signature(body, clock.seconds()));
    expect(redelivered.status).toBe(200);
    expect(redelivered.body).toEqual({ received: true, duplicate: true });
    expect(await orderRow(order.orderId)).toEqual(afterPaid);
    expect(await statusOf(order)).toBe('PAID');
  });

  it('a signed payment_intent.payment_failed returns the stock and makes the order PAYMENT_FAILED', async () => {
    const before = await stockOf(15);
    const order = await placeOrder(15, 3);
    expect(await stockOf(15)).toBe(before - 3);
    const declined = fake.setIntent(order.intent.id, {
      status: 'requires_payment_method',
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        message: 'Your card was declined.',
      },
    });
    const body = eventJson('payment_intent.payment_failed', declined, clock.seconds());
    const answer = await sendWebhook(body, signature(body, clock.seconds()));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: true });
    expect(await stockOf(15)).toBe(before);
    const detail = await server.api<OrderDetail>('GET', `/order/${order.orderId}`, {
      orderToken: order.orderToken,
    });
    expect(detail.body.status).toBe('PAYMENT_FAILED');
    expect(detail.body.paymentStatus).toBe('FAILED');
    expect(detail.body.paymentError).toBe('Your card was declined.');
  });

  it('a lapse cancels the intent at Stripe and the order, returning its stock; a lapse of an intent that succeeded makes it PAID', async () => {
    const cancelsOf = (intentId: string) =>
      fake.requests.filter(
        (r) => r.method === 'POST' && r.path === `/v1/payment_intents/${intentId}/cancel`,
      );

    // Never paid: Stripe cancels the intent, the order is cancelled and its units return.
    const before = await stockOf(17);
    const unpaid = await placeOrder(17, 2);
    expect(await stockOf(17)).toBe(before - 2);
    clock.advance(29 * MINUTE);
    expect(await statusOf(unpaid)).toBe('PENDING');
    expect(cancelsOf(unpaid.intent.id)).toHaveLength(0);
    clock.advance(2 * MINUTE);
    expect(await statusOf(unpaid)).toBe('CANCELLED');
    const cancels = cancelsOf(unpaid.intent.id);
    expect(cancels.length).toBeGreaterThanOrEqual(1);
    expect(cancels[0]?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(cancels[0]?.status).toBe(200);
    expect(fake.intents.get(unpaid.intent.id)?.status).toBe('canceled');
    expect(await stockOf(17)).toBe(before);

    // Paid at Stripe, but no webhook came: Stripe refuses the cancel, and the order is PAID.
    const held = await stockOf(19);
    const paidSilently = await placeOrder(19, 1);
    fake.setIntent(paidSilently.intent.id, { status: 'succeeded' });
    clock.advance(31 * MINUTE);
    expect(await statusOf(paidSilently)).toBe('PAID');
    const refused = cancelsOf(paidSilently.intent.id);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused.every((r) => r.status === 400)).toBe(true);
    expect(fake.intents.get(paidSilently.intent.id)?.status).toBe('succeeded');
    expect((await orderRow(paidSilently.orderId))?.payment_status).toBe('PAID');
    expect(await stockOf(19)).toBe(held - 1);
  });

  it('a payment_intent.succeeded for another amount (or currency) than the order total does not make it PAID', async () => {
    const before = await stockOf(21);
    const order = await placeOrder(21, 1);
    const total = (await orderRow(order.orderId))?.total_cents ?? 0;
    expect(order.intent.amount).toBe(total);
    const short = {
      ...fake.setIntent(order.intent.id, { status: 'succeeded' }),
      amount: total - 100,
    };
    const body = eventJson('payment_intent.succeeded', short, clock.seconds());
    const answer = await sendWebhook(body, signature(body, clock.seconds()));
    expect(answer.status).toBe(200);
    expect(await statusOf(order)).toBe('PENDING');
    expect((await orderRow(order.orderId))?.payment_status).toBe('UNPAID');
    expect(await stockOf(21)).toBe(before - 1);

    const euros = await placeOrder(22, 1);
    const inEuros = {
      ...fake.setIntent(euros.intent.id, { status: 'succeeded' }),
      currency: 'eur',
    };
    const eurBody = eventJson('payment_intent.succeeded', inEuros, clock.seconds());
    expect((await sendWebhook(eurBody, signature(eurBody, clock.seconds()))).status).toBe(200);
    expect(await statusOf(euros)).toBe('PENDING');
  });
});
