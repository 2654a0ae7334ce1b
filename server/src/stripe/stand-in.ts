// A Stripe-compatible stand-in for the PaymentIntents endpoints the shop uses (ADR-0050). Without
// a real key the reference API serves it under /v1/ and points the `stripe` SDK at itself, so
// the demo, the tests and production run the same server code: the SDK creates, retrieves,
// updates and cancels intents here, the browser's sandbox Stripe.js confirms them here (and
// answers 3-D Secure challenges), and every outcome reaches the shop as a signed webhook event.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import type { Db, Row } from '../db';
import {
  AUTHENTICATION_CARDS,
  AUTHENTICATION_FAILED,
  DECLINED,
  cardDigits,
  evaluateCard,
  stripeId,
  type CardError,
} from './test-cards';

const STAND_IN_PUBLISHABLE_KEY = 'pk_test_sandbox';
const MAX_FORM_BYTES = 64 * 1024;
// Stripe retries a failed delivery for days; the stand-in a few times within a minute.
const DELIVERY_DELAYS_MS = [0, 500, 2_000, 8_000, 30_000];

type FormValue = string | FormObject;
interface FormObject {
  [key: string]: FormValue;
}

/** Stripe's form encoding (`a[b][c]=v`) as nested objects. */
function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part, i) => i === 0 || part !== '');
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next === 'object') node = next;
      else {
        const created: FormObject = {};
        node[part] = created;
        node = created;
      }
    });
  }
  return root;
}

function field(form: FormObject, ...path: string[]): string | undefined {
  let node: FormValue | undefined = form;
  for (const part of path) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function objectField(form: FormObject, name: string): FormObject | undefined {
  const value = form[name];
  return typeof value === 'object' ? value : undefined;
}

interface StandInIntentRow extends Row {
  id: string;
  client_secret: string;
  amount: number;
  currency: string;
  status: string;
  metadata: string;
  last_payment_error: string | null;
  next_action: string | null;
  pending_card: string | null;
  payment_method: string | null;
  cancellation_reason: string | null;
  created: number;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message ?? 'Stripe error'));
  }
}

function invalidRequest(message: string, extra: Record<string, unknown> = {}): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', message, ...extra });
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface StripeStandInOptions {
  db: Db;
  now: () => Date;
  /** The secret key the shop's SDK authenticates with. */
  secretKey: string;
  /** The signing secret of the shop's webhook endpoint. */
  webhookSecret: string;
  /** Where events are delivered: the shop's `POST /api/v1/payment/webhook`. */
  webhookUrl: () => string;
  /** Where failed deliveries are reported (the server's logger). */
  logger: { error(message: string, error?: unknown): void };
}

export interface StripeStandIn {
  /** Answers a request under /v1/. */
  handle(req: IncomingMessage, res: ServerResponse, pathname: string, search: string): void;
  /** Resolves once every event sent so far is delivered (or given up on): for tests. */
  idle(): Promise<void>;
  /** Stops delivering (the server is closing). */
  close(): void;
}

function stripeCardError(error: CardError): Record<string, unknown> {
  return {
    type: error.type === 'validation_error' ? 'card_error' : error.type,
    code: error.code,
    message: error.message,
    ...(error.declineCode ? { decline_code: error.declineCode } : {}),
    ...(error.param ? { param: error.param } : {}),
  };
}

export function createStripeStandIn(options: StripeStandInOptions): StripeStandIn {
  const { db, now, logger } = options;
  const signer = new Stripe(options.secretKey);
  const pending = new Set<Promise<void>>();
  let closed = false;

  function intentJson(row: StandInIntentRow): Record<string, unknown> {
    const method = row.payment_method
      ? (JSON.parse(row.payment_method) as Record<string, unknown>)
      : null;
    return {
      id: row.id,
      object: 'payment_intent',
      amount: row.amount,
      amount_received: row.status === 'succeeded' ? row.amount : 0,
      currency: row.currency,
      status: row.status,
      client_secret: row.client_secret,
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      allowed_payment_method_types: ['card'],
      payment_method_types: ['card'],
      metadata: JSON.parse(row.metadata) as Record<string, string>,
      last_payment_error: row.last_payment_error
        ? (JSON.parse(row.last_payment_error) as Record<string, unknown>)
        : null,
      next_action: row.next_action
        ? { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } }
        : null,
      payment_method: method ? method.id : null,
      cancellation_reason: row.cancellation_reason,
      created: row.created,
      livemode: false,
    };
  }

  async function load(id: string): Promise<StandInIntentRow> {
    const row = await db.get<StandInIntentRow>(
      'SELECT * FROM stripe_stand_in_intents WHERE id = ?',
      [id],
    );
    if (!row) {
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: `No such payment_intent: '${id}'`,
      });
    }
    return row;
  }

  function unexpectedState(row: StandInIntentRow, action: string): StripeApiError {
    return invalidRequest(
      `You cannot ${action} this PaymentIntent because it has a status of ${row.status}.`,
      { code: 'payment_intent_unexpected_state', payment_intent: intentJson(row) },
    );
  }

  function send(type: string, row: StandInIntentRow): void {
    const payload = JSON.stringify({
      id: stripeId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(now().getTime() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: intentJson(row) },
    });
    const delivery = deliver(payload).finally(() => pending.delete(delivery));
    pending.add(delivery);
  }

  async function deliver(payload: string): Promise<void> {
    for (const delay of DELIVERY_DELAYS_MS) {
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      if (closed) return;
      // Signed when sent, as Stripe does for each attempt.
      const signature = signer.webhooks.generateTestHeaderString({
        payload,
        secret: options.webhookSecret,
        timestamp: Math.floor(now().getTime() / 1000),
      });
      try {
        const res = await fetch(options.webhookUrl(), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
        if (res.ok) return;
        logger.error(`Stripe stand-in: the webhook answered ${res.status}`);
      } catch (error) {
        if (closed) return;
        logger.error('Stripe stand-in: webhook delivery failed', error);
      }
    }
  }

  /** The caller: the secret key, or the publishable key with the intent's client secret. */
  function caller(
    req: IncomingMessage,
    form: FormObject,
  ): { kind: 'secret' } | { kind: 'publishable'; clientSecret: string } {
    const auth = req.headers.authorization;
    if (auth?.startsWith('Bearer ')) {
      if (sameText(auth.slice(7).trim(), options.secretKey)) return { kind: 'secret' };
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message: 'Invalid API Key provided.',
      });
    }
    const key = field(form, 'key');
    const clientSecret = field(form, 'client_secret');
    if (key === STAND_IN_PUBLISHABLE_KEY && clientSecret) {
      return { kind: 'publishable', clientSecret };
    }
    throw new StripeApiError(401, {
      type: 'invalid_request_error',
      message: 'You did not provide an API key.',
    });
  }

  function authorise(
    who: ReturnType<typeof caller>,
    row: StandInIntentRow,
    publishableAllowed: boolean,
  ): void {
    if (who.kind === 'secret') return;
    if (!publishableAllowed || !sameText(who.clientSecret, row.client_secret)) {
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${row.id}'`,
      });
    }
  }

  async function setStatus(
    id: string,
    changes: Partial<StandInIntentRow>,
  ): Promise<StandInIntentRow> {
    const entries = Object.entries(changes);
    await db.run(
      `UPDATE stripe_stand_in_intents SET ${entries.map(([k]) => `${k} = ?`).join(', ')} WHERE id = ?`,
      [...entries.map(([, v]) => v ?? null), id],
    );
    return load(id);
  }

  async function fail(row: StandInIntentRow, error: Record<string, unknown>): Promise<never> {
    const failed = await setStatus(row.id, {
      status: 'requires_payment_method',
      last_payment_error: JSON.stringify(error),
      next_action: null,
      pending_card: null,
    });
    send('payment_intent.payment_failed', failed);
    throw new StripeApiError(402, { ...error, payment_intent: intentJson(failed) });
  }

  async function succeed(row: StandInIntentRow): Promise<StandInIntentRow> {
    const done = await setStatus(row.id, {
      status: 'succeeded',
      last_payment_error: null,
      next_action: null,
      pending_card: null,
    });
    send('payment_intent.succeeded', done);
    return done;
  }

  async function create(form: FormObject): Promise<StandInIntentRow> {
    const amount = Number(field(form, 'amount'));
    if (!Number.isSafeInteger(amount) || amount < 1) {
      throw invalidRequest('Invalid positive integer', { param: 'amount' });
    }
    const currency = field(form, 'currency')?.toLowerCase() ?? '';
    if (!/^[a-z]{3}$/.test(currency)) {
      throw invalidRequest('Missing required param: currency.', { param: 'currency' });
    }
    const id = stripeId('pi');
    const metadata = objectField(form, 'metadata') ?? {};
    await db.run(
      `INSERT INTO stripe_stand_in_intents (id, client_secret, amount, currency, status, metadata, created)
       VALUES (?, ?, ?, ?, 'requires_payment_method', ?, ?)`,
      [
        id,
        `${id}_secret_${stripeId('s').slice(2)}`,
        amount,
        currency,
        JSON.stringify(metadata),
        Math.floor(now().getTime() / 1000),
      ],
    );
    return load(id);
  }

  async function update(row: StandInIntentRow, form: FormObject): Promise<StandInIntentRow> {
    if (['succeeded', 'canceled', 'processing'].includes(row.status)) {
      throw unexpectedState(row, 'update');
    }
    const changes: Partial<StandInIntentRow> = {};
    const amountText = field(form, 'amount');
    if (amountText !== undefined) {
      const amount = Number(amountText);
      if (!Number.isSafeInteger(amount) || amount < 1) {
        throw invalidRequest('Invalid positive integer', { param: 'amount' });
      }
      changes.amount = amount;
    }
    const metadata = objectField(form, 'metadata');
    if (metadata) {
      changes.metadata = JSON.stringify({
        ...(JSON.parse(row.metadata) as object),
        ...metadata,
      });
    }
    return Object.keys(changes).length > 0 ? setStatus(row.id, changes) : row;
  }

  async function confirm(row: StandInIntentRow, form: FormObject): Promise<StandInIntentRow> {
    if (row.status !== 'requires_payment_method' && row.status !== 'requires_confirmation') {
      throw unexpectedState(row, 'confirm');
    }
    const card = objectField(objectField(form, 'payment_method_data') ?? {}, 'card');
    if (!card) {
      throw invalidRequest('Missing required param: payment_method_data[card].', {
        code: 'parameter_missing',
        param: 'payment_method_data[card]',
      });
    }
    const number = field(card, 'number') ?? '';
    const verdict = evaluateCard(
      {
        number,
        expMonth: Number(field(card, 'exp_month')),
        expYear: Number(field(card, 'exp_year')),
        cvc: field(card, 'cvc') ?? '',
      },
      now(),
    );
    const billing = objectField(objectField(form, 'payment_method_data') ?? {}, 'billing_details');
    const digits = cardDigits(number);
    await setStatus(row.id, {
      payment_method: JSON.stringify({
        id: stripeId('pm'),
        billing_details: billing ?? {},
        card: { last4: digits.slice(-4) },
      }),
    });
    if (!verdict.ok) await fail(row, stripeCardError(verdict.error));
    if (AUTHENTICATION_CARDS[digits]) {
      return setStatus(row.id, {
        status: 'requires_action',
        next_action: 'three_d_secure',
        pending_card: digits,
        last_payment_error: null,
      });
    }
    return succeed(row);
  }

  async function authenticate(row: StandInIntentRow, form: FormObject): Promise<StandInIntentRow> {
    if (row.status !== 'requires_action') throw unexpectedState(row, 'authenticate');
    if (field(form, 'result') !== 'complete')
      await fail(row, stripeCardError(AUTHENTICATION_FAILED));
    if (AUTHENTICATION_CARDS[row.pending_card ?? ''] === 'declines') {
      await fail(row, stripeCardError(DECLINED));
    }
    return succeed(row);
  }

  async function cancel(row: StandInIntentRow, form: FormObject): Promise<StandInIntentRow> {
    if (['succeeded', 'canceled', 'processing'].includes(row.status)) {
      throw unexpectedState(row, 'cancel');
    }
    const canceled = await setStatus(row.id, {
      status: 'canceled',
      cancellation_reason: field(form, 'cancellation_reason') ?? 'abandoned',
      next_action: null,
    });
    send('payment_intent.canceled', canceled);
    return canceled;
  }

  /** One request, in one transaction: its answer, or the Stripe error it is refused with. */
  async function route(
    method: string,
    pathname: string,
    req: IncomingMessage,
    form: FormObject,
  ): Promise<StandInIntentRow> {
    const who = caller(req, form);
    if (pathname === '/v1/payment_intents' && method === 'POST') {
      if (who.kind !== 'secret') throw invalidRequest('A secret key is required.');
      return create(form);
    }
    const match =
      /^\/v1\/payment_intents\/([A-Za-z0-9_]+)(?:\/(confirm|cancel|authenticate))?$/.exec(pathname);
    if (!match?.[1]) {
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${pathname}).`,
      });
    }
    const row = await load(match[1]);
    const action = match[2];
    if (!action && method === 'GET') {
      authorise(who, row, true);
      return row;
    }
    if (method !== 'POST') throw invalidRequest(`Unrecognized request URL (${method}).`);
    if (!action) {
      authorise(who, row, false);
      return update(row, form);
    }
    authorise(who, row, action !== 'cancel');
    if (action === 'confirm') return confirm(row, form);
    if (action === 'authenticate') return authenticate(row, form);
    return cancel(row, form);
  }

  function answer(res: ServerResponse, status: number, body: string): void {
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Request-Id', stripeId('req', 12));
    res.end(body);
  }

  async function readForm(req: IncomingMessage): Promise<string | null> {
    let size = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_FORM_BYTES) return null;
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  async function serve(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    search: string,
  ): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const text = method === 'GET' ? search : await readForm(req);
    if (text === null) {
      answer(
        res,
        413,
        JSON.stringify({ error: { type: 'invalid_request_error', message: 'Request too large.' } }),
      );
      return;
    }
    const form = parseStripeForm(text);
    const key = req.headers['idempotency-key'];
    const idempotencyKey = method === 'POST' && typeof key === 'string' ? key : null;
    const fingerprint = createHash('sha256').update(`${method} ${pathname}\n${text}`).digest('hex');
    const [status, body] = await db.transaction(async (): Promise<[number, string]> => {
      if (idempotencyKey) {
        const seen = await db.get<{ fingerprint: string; status: number; body: string }>(
          'SELECT fingerprint, status, body FROM stripe_stand_in_requests WHERE idempotency_key = ?',
          [idempotencyKey],
        );
        if (seen) {
          if (seen.fingerprint === fingerprint) return [seen.status, seen.body];
          return [
            400,
            JSON.stringify({
              error: {
                type: 'idempotency_error',
                message:
                  'Keys for idempotent requests can only be used with the same parameters they were first used with.',
              },
            }),
          ];
        }
      }
      let result: [number, string];
      try {
        result = [200, JSON.stringify(intentJson(await route(method, pathname, req, form)))];
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        result = [error.status, JSON.stringify({ error: error.body })];
      }
      if (idempotencyKey && result[0] < 500) {
        await db.run(
          'INSERT INTO stripe_stand_in_requests (idempotency_key, fingerprint, status, body, created) VALUES (?, ?, ?, ?, ?)',
          [idempotencyKey, fingerprint, result[0], result[1], Math.floor(now().getTime() / 1000)],
        );
      }
      return result;
    });
    answer(res, status, body);
  }

  return {
    handle(req, res, pathname, search) {
      serve(req, res, pathname, search).catch((error: unknown) => {
        logger.error(`Stripe stand-in: ${req.method ?? '?'} ${pathname} failed`, error);
        if (!res.headersSent) {
          answer(
            res,
            500,
            JSON.stringify({ error: { type: 'api_error', message: 'An error occurred.' } }),
          );
        } else res.destroy();
      });
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    close() {
      closed = true;
    },
  };
}
