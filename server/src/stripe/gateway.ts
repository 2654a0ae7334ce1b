// The shop's one way to Stripe: the official `stripe` SDK, pointed at Stripe or at a
// Stripe-compatible server (the sandbox's stand-in, or a test's), ADR-0050.
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { components } from '../../../contract/schema';

type CardError = components['schemas']['CardError'];
type IntentStatus = components['schemas']['PaymentIntent']['status'];

/** What the shop keeps of a PaymentIntent: Stripe's own fields, in the shop's words. */
export interface IntentSnapshot {
  id: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  status: IntentStatus;
  /** The last failed attempt, as Stripe described it to the card holder. */
  lastError: CardError | null;
  /** `metadata.orderId`, when the intent carries one. */
  orderId: number | null;
}

export interface StripeSettings {
  /** `sk_live_…` or `sk_test_…` (STRIPE_SECRET_KEY). */
  secretKey: string;
  /** The webhook endpoint's signing secret, `whsec_…` (STRIPE_WEBHOOK_SECRET); null: every event is refused. */
  webhookSecret: string | null;
  /** Where the API answers (STRIPE_API_BASE); default Stripe's. */
  apiBase: string;
}

export const STRIPE_API_BASE = 'https://api.stripe.com';
/** Stripe's default: a signature older than this (seconds) is refused as a replay. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * STRIPE_API_BASE read as the SDK's host, port and protocol. Plain http is for a
 * Stripe-compatible server on this machine only (tests, the sandbox): a key never crosses a
 * network in clear text.
 */
export function parseApiBase(value: string): {
  host: string;
  port: number;
  protocol: 'http' | 'https';
} {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`STRIPE_API_BASE is not a URL: ${value}`);
  }
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '') {
    throw new Error('STRIPE_API_BASE is an origin only, such as https://api.stripe.com');
  }
  const protocol = url.protocol === 'https:' ? 'https' : url.protocol === 'http:' ? 'http' : null;
  if (!protocol) throw new Error('STRIPE_API_BASE must be https (http on loopback only)');
  if (protocol === 'http' && !isLoopback(url.hostname)) {
    throw new Error(
      'STRIPE_API_BASE may use plain http only on loopback (127.0.0.1, localhost, [::1])',
    );
  }
  const port = url.port === '' ? (protocol === 'https' ? 443 : 80) : Number(url.port);
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port, protocol };
}

/** Stripe's Idempotency-Key for an order's intent: the same order request never makes a second one. */
export function intentIdempotencyKey(order: {
  id: number;
  owner_key: string;
  idempotency_key: string;
}): string {
  const digest = createHash('sha256')
    .update(`${order.owner_key}\n${order.idempotency_key}`)
    .digest('hex')
    .slice(0, 32);
  return `order-${order.id}-${digest}`;
}

function cardErrorOf(
  raw: Stripe.PaymentIntent.LastPaymentError | null | undefined,
): CardError | null {
  if (!raw) return null;
  const type: CardError['type'] =
    raw.type === 'invalid_request_error' ? 'invalid_request_error' : 'card_error';
  return {
    type,
    code: raw.code ?? 'payment_failed',
    message: raw.message ?? 'Your payment could not be completed.',
    ...(raw.decline_code ? { declineCode: raw.decline_code } : {}),
    ...(raw.param ? { param: raw.param } : {}),
  };
}

const KNOWN_STATUSES: ReadonlySet<string> = new Set<IntentStatus>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
]);

/** Stripe's PaymentIntent (from the API or an event's data.object) as the shop keeps it. */
export function snapshotOf(intent: Stripe.PaymentIntent): IntentSnapshot {
  const orderId = Number(intent.metadata?.orderId);
  const status = String(intent.status);
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amountCents: intent.amount,
    currency: intent.currency,
    status: KNOWN_STATUSES.has(status) ? (status as IntentStatus) : 'requires_payment_method',
    lastError: cardErrorOf(intent.last_payment_error),
    orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null,
  };
}

/** Stripe could not be asked (down, slow, refused the key): nothing about the payment is known. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/** The webhook's signature did not verify (missing, wrong, or too old). */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

type CancelOutcome =
  | { kind: 'canceled'; intent: IntentSnapshot }
  /** Stripe would not cancel it: it succeeded (or is processing) meanwhile. */
  | { kind: 'not-cancelable'; intent: IntentSnapshot };

export interface PaymentGateway {
  /** A card-only PaymentIntent in usd for the order, made once per `idempotencyKey`. */
  createIntent(input: {
    orderId: number;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<IntentSnapshot>;
  retrieveIntent(id: string): Promise<IntentSnapshot>;
  /** A new amount, before the shopper can pay the stale one. */
  updateAmount(id: string, amountCents: number): Promise<IntentSnapshot>;
  cancelIntent(id: string): Promise<CancelOutcome>;
  /** The event when `signature` is Stripe's for exactly these bytes, at most 5 minutes old at `receivedAt`. */
  verifyEvent(rawBody: Buffer, signature: string | undefined, receivedAt: Date): Stripe.Event;
}

function providerError(error: unknown): PaymentProviderError {
  const message = error instanceof Error ? error.message : String(error);
  return new PaymentProviderError(`Stripe: ${message}`, { cause: error });
}

export function createStripeGateway(settings: StripeSettings): PaymentGateway {
  const { host, port, protocol } = parseApiBase(settings.apiBase);
  const stripe = new Stripe(settings.secretKey, {
    host,
    port,
    protocol,
    // A shopper waits on these calls: an answer within 20 s or a clear "try again".
    timeout: 20_000,
    maxNetworkRetries: 2,
    appInfo: { name: 'lumen-roastery-storefront' },
  });

  async function call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw providerError(error);
    }
  }

  return {
    createIntent: ({ orderId, amountCents, idempotencyKey }) =>
      call(async () =>
        snapshotOf(
          await stripe.paymentIntents.create(
            {
              amount: amountCents,
              currency: 'usd',
              // Card only (the API version this SDK pins calls it allowed_payment_method_types).
              allowed_payment_method_types: ['card'],
              metadata: { orderId: String(orderId) },
            },
            { idempotencyKey },
          ),
        ),
      ),
    retrieveIntent: (id) => call(async () => snapshotOf(await stripe.paymentIntents.retrieve(id))),
    updateAmount: (id, amountCents) =>
      call(async () =>
        snapshotOf(
          await stripe.paymentIntents.update(
            id,
            { amount: amountCents },
            { idempotencyKey: `${id}-amount-${amountCents}` },
          ),
        ),
      ),
    async cancelIntent(id) {
      try {
        return { kind: 'canceled', intent: snapshotOf(await stripe.paymentIntents.cancel(id)) };
      } catch (error) {
        // Stripe refuses to cancel a succeeded (or processing) intent and says why, with it.
        if (error instanceof Stripe.errors.StripeError && error.payment_intent) {
          return { kind: 'not-cancelable', intent: snapshotOf(error.payment_intent) };
        }
        throw providerError(error);
      }
    },
    verifyEvent(rawBody, signature, receivedAt) {
      if (!settings.webhookSecret) {
        throw new WebhookSignatureError('No webhook signing secret is configured');
      }
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature');
      try {
        return stripe.webhooks.constructEvent(
          rawBody,
          signature,
          settings.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          // In milliseconds, as the SDK reads it.
          receivedAt.getTime(),
        );
      } catch (error) {
        throw new WebhookSignatureError(
          error instanceof Error ? error.message : 'Invalid signature',
        );
      }
    },
  };
}
