/**
 * The sandbox's client of the PaymentIntents endpoints, called as Stripe.js calls api.stripe.com:
 * the publishable key and the intent's client secret in the request, form-encoded bodies in
 * Stripe's bracket notation, and Stripe's answers mapped to what Stripe.js resolves (`{
 * paymentIntent }` or `{ error }`, never a rejection). Without a real key the reference API serves
 * a Stripe-compatible stand-in of these endpoints on its own origin, under the same `/v1` paths.
 */

type NextAction = {
  type: string;
  use_stripe_sdk?: { type?: string } | null;
  [key: string]: unknown;
};

export type SandboxPaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string | null;
  last_payment_error: Record<string, unknown> | null;
  next_action: NextAction | null;
  payment_method: unknown;
  [key: string]: unknown;
};

type StripeLikeError = {
  type: string;
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  payment_intent?: SandboxPaymentIntent;
  [key: string]: unknown;
};

export type IntentAnswer =
  | { paymentIntent: SandboxPaymentIntent; error?: undefined }
  | { error: StripeLikeError; paymentIntent?: undefined };

/** Shown to the shopper when the request never got an answer (offline, DNS, CORS...). */
const CONNECTION_MESSAGE =
  'We could not reach the payment service. Check your connection and try again.';
/** Shown to the shopper when the answer is not one Stripe gives (not JSON, no intent...). */
export const UNEXPECTED_MESSAGE = 'Something went wrong with the payment. Please try again.';

export type FormParams = [string, string][];

const connectionError = (): IntentAnswer => ({
  error: { type: 'api_connection_error', message: CONNECTION_MESSAGE },
});

const unexpectedAnswer = (): IntentAnswer => ({
  error: { type: 'api_error', message: UNEXPECTED_MESSAGE },
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPaymentIntent(value: unknown): value is SandboxPaymentIntent {
  return (
    isRecord(value) &&
    value.object === 'payment_intent' &&
    typeof value.id === 'string' &&
    typeof value.status === 'string'
  );
}

/** The intent's id is the client secret's part before `_secret_`, as Stripe.js reads it. */
export function intentIdOf(clientSecret: string): string | null {
  const [id] = clientSecret.split('_secret_');
  return id && id !== clientSecret ? id : null;
}

/** Maps one HTTP answer of the PaymentIntents API to what Stripe.js resolves. */
async function answerOf(response: Response): Promise<IntentAnswer> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    // The connection dropped while the body was read.
    return connectionError();
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return unexpectedAnswer();
  }
  if (response.ok) return isPaymentIntent(body) ? { paymentIntent: body } : unexpectedAnswer();
  const error = isRecord(body) && isRecord(body.error) ? body.error : null;
  if (!error) return unexpectedAnswer();
  return {
    error: {
      ...error,
      type: typeof error.type === 'string' && error.type ? error.type : 'api_error',
      message:
        typeof error.message === 'string' && error.message ? error.message : UNEXPECTED_MESSAGE,
    } as StripeLikeError,
  };
}

export type StripeApiOptions = {
  apiBase: string;
  publishableKey: string;
  fetch?: typeof fetch;
};

export function createStripeApi({ apiBase, publishableKey, fetch: fetchImpl }: StripeApiOptions) {
  const base = apiBase.replace(/\/+$/, '');
  // Read at call time, so a fetch stubbed after the sandbox was made is still the one used.
  const send: typeof fetch = (input, init) => (fetchImpl ?? globalThis.fetch)(input, init);

  async function request(path: string, init: RequestInit): Promise<IntentAnswer> {
    let response: Response;
    try {
      // Like Stripe.js: the client secret authorises the call, never a cookie.
      response = await send(`${base}${path}`, { credentials: 'omit', ...init });
    } catch {
      return connectionError();
    }
    return answerOf(response);
  }

  const intentPath = (id: string, action = '') =>
    `/v1/payment_intents/${encodeURIComponent(id)}${action}`;

  function post(id: string, action: string, clientSecret: string, params: FormParams) {
    const body = new URLSearchParams([
      ['key', publishableKey],
      ['client_secret', clientSecret],
      ...params,
    ]);
    return request(intentPath(id, action), {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: body.toString(),
    });
  }

  return {
    confirm: (id: string, clientSecret: string, params: FormParams) =>
      post(id, '/confirm', clientSecret, params),
    authenticate: (id: string, clientSecret: string, result: 'complete' | 'fail') =>
      post(id, '/authenticate', clientSecret, [['result', result]]),
    retrieve: (id: string, clientSecret: string) => {
      const query = new URLSearchParams([
        ['key', publishableKey],
        ['client_secret', clientSecret],
      ]);
      return request(`${intentPath(id)}?${query.toString()}`, {
        method: 'GET',
        headers: { Accept: 'application/json' },
      });
    },
  };
}

export type StripeApi = ReturnType<typeof createStripeApi>;
