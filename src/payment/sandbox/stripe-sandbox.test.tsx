import {
  CardCvcElement,
  CardExpiryElement,
  CardNumberElement,
  Elements,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import type { PaymentIntentResult } from '@stripe/stripe-js';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../ui/dialog';
import { createSandboxStripe } from './stripe-sandbox';

const API = 'https://shop.test';
const SECRET = 'pi_1_secret_2';
const CONNECTION_MESSAGE =
  'We could not reach the payment service. Check your connection and try again.';
const UNEXPECTED_MESSAGE = 'Something went wrong with the payment. Please try again.';

const BILLING = {
  name: 'Ada Roast',
  email: 'ada@example.com',
  phone: '',
  address: {
    line1: '1 Bean Street',
    line2: undefined,
    city: 'Portland',
    state: 'OR',
    postal_code: '97201',
    country: 'US',
  },
};

/** One request the fake stand-in received. */
type Call = { method: string; url: URL; contentType: string | null; form: [string, string][] };

function intent(status: string, extra: Record<string, unknown> = {}) {
  return {
    id: 'pi_1',
    object: 'payment_intent',
    amount: 1234,
    currency: 'usd',
    status,
    client_secret: SECRET,
    last_payment_error: null,
    next_action: null,
    payment_method: 'pm_1',
    ...extra,
  };
}

const needsAuthentication = () =>
  intent('requires_action', {
    next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } },
  });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const cardError = (code: string, message: string, extra: Record<string, unknown> = {}) =>
  json(402, {
    error: {
      type: 'card_error',
      code,
      message,
      payment_intent: intent('requires_payment_method'),
      ...extra,
    },
  });

/** A fetch that answers like the API's Stripe stand-in, through `answer`, and logs each call. */
function standIn(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? init.body : '';
    const call: Call = {
      method: init?.method ?? 'GET',
      url: new URL(String(input)),
      contentType: new Headers(init?.headers).get('Content-Type'),
      form: [...new URLSearchParams(body)],
    };
    calls.push(call);
    return answer(call);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, spy: fetch };
}

function CardForm({
  onChange,
  onResult,
}: {
  onChange: (event: unknown) => void;
  onResult: (result: PaymentIntentResult) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [result, setResult] = useState<PaymentIntentResult | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!stripe || !elements) return;
        void stripe
          .confirmCardPayment(SECRET, {
            payment_method: {
              card: elements.getElement(CardNumberElement)!,
              billing_details: BILLING,
            },
          })
          .then((answer) => {
            onResult(answer);
            setResult(answer);
          });
      }}
    >
      <CardNumberElement onChange={onChange} />
      <CardExpiryElement onChange={onChange} />
      <CardCvcElement onChange={onChange} />
      <button type="submit">Pay</button>
      <output>{result?.error?.message ?? result?.paymentIntent?.status ?? ''}</output>
    </form>
  );
}

function renderCard(
  answer: (call: Call) => Response | Promise<Response> = () => json(200, intent('succeeded')),
  wrap: (children: ReactNode) => ReactNode = (children) => children,
) {
  const api = standIn(answer);
  const onChange = vi.fn();
  const onResult = vi.fn<(result: PaymentIntentResult) => void>();
  const stripe = createSandboxStripe({
    apiBase: API,
    publishableKey: 'pk_test_shop',
    fetch: api.fetch,
  });
  render(
    <StrictMode>
      <Elements stripe={stripe}>
        {wrap(<CardForm onChange={onChange} onResult={onResult} />)}
      </Elements>
    </StrictMode>,
  );
  return { ...api, onChange, onResult, stripe };
}

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

async function payWith(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(await screen.findByRole('textbox', { name: 'Card Number' }), number);
  await user.type(screen.getByRole('textbox', { name: 'Card Expiry' }), `12${nextYear}`);
  await user.type(screen.getByRole('textbox', { name: 'Card CVC' }), '123');
  await user.click(screen.getByRole('button', { name: 'Pay' }));
}

const resultOf = async (onResult: ReturnType<typeof vi.fn>) => {
  await waitFor(() => expect(onResult).toHaveBeenCalledTimes(1));
  return onResult.mock.calls[0]?.[0] as PaymentIntentResult;
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('the Stripe.js sandbox', () => {
  it('mounts one labelled input per card element, even under StrictMode', async () => {
    renderCard();
    expect(await screen.findAllByRole('textbox', { name: 'Card Number' })).toHaveLength(1);
    expect(screen.getAllByRole('textbox', { name: 'Card Expiry' })).toHaveLength(1);
    expect(screen.getAllByRole('textbox', { name: 'Card CVC' })).toHaveLength(1);
  });

  it('reports Stripe’s field errors in change events and clears them once fixed', async () => {
    const user = userEvent.setup();
    const { onChange } = renderCard();
    const number = await screen.findByRole('textbox', { name: 'Card Number' });
    await user.type(number, '4242424242424241');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        error: expect.objectContaining({ message: 'Your card number is invalid.' }),
      }),
    );
    await user.clear(number);
    await user.type(number, '4242424242424242');
    expect(number).toHaveProperty('value', '4242 4242 4242 4242');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ complete: true, error: undefined }),
    );

    const expiry = screen.getByRole('textbox', { name: 'Card Expiry' });
    await user.type(expiry, '0120');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        error: expect.objectContaining({ message: "Your card's expiration year is in the past." }),
      }),
    );
    const cvc = screen.getByRole('textbox', { name: 'Card CVC' });
    await user.type(cvc, '12');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        error: expect.objectContaining({ message: "Your card's security code is incomplete." }),
      }),
    );
  });

  it('confirms the intent as Stripe.js does: a form POST with the key, secret, card and billing details', async () => {
    const user = userEvent.setup();
    const { calls, onResult } = renderCard(() => json(200, intent('succeeded')));
    await payWith(user, '4242424242424242');

    const result = await resultOf(onResult);
    expect(result).toEqual({ paymentIntent: intent('succeeded') });
    expect(screen.getByRole('status').textContent).toBe('succeeded');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url.href).toBe('https://shop.test/v1/payment_intents/pi_1/confirm');
    expect(calls[0]?.contentType).toBe('application/x-www-form-urlencoded');
    expect(calls[0]?.form).toEqual([
      ['key', 'pk_test_shop'],
      ['client_secret', SECRET],
      ['payment_method_data[type]', 'card'],
      ['payment_method_data[card][number]', '4242424242424242'],
      ['payment_method_data[card][exp_month]', '12'],
      ['payment_method_data[card][exp_year]', String(2000 + Number(nextYear))],
      ['payment_method_data[card][cvc]', '123'],
      ['payment_method_data[billing_details][name]', 'Ada Roast'],
      ['payment_method_data[billing_details][email]', 'ada@example.com'],
      ['payment_method_data[billing_details][address][line1]', '1 Bean Street'],
      ['payment_method_data[billing_details][address][city]', 'Portland'],
      ['payment_method_data[billing_details][address][state]', 'OR'],
      ['payment_method_data[billing_details][address][postal_code]', '97201'],
      ['payment_method_data[billing_details][address][country]', 'US'],
    ]);
  });

  it('resolves a 402 decline as Stripe.js does: { error } with the decline code, never a rejection', async () => {
    const user = userEvent.setup();
    const { onResult } = renderCard(() =>
      cardError('card_declined', 'Your card has insufficient funds.', {
        decline_code: 'insufficient_funds',
      }),
    );
    await payWith(user, '4000000000009995');

    expect(await resultOf(onResult)).toEqual({
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
        payment_intent: intent('requires_payment_method'),
      },
    });
    expect(screen.getByRole('status').textContent).toBe('Your card has insufficient funds.');
  });

  it.each([
    [
      'the API cannot be reached',
      () => Promise.reject(new TypeError('Failed to fetch')),
      { type: 'api_connection_error', message: CONNECTION_MESSAGE },
    ],
    [
      'the answer is not JSON',
      () => new Response('<html>Bad gateway</html>', { status: 502 }),
      { type: 'api_error', message: UNEXPECTED_MESSAGE },
    ],
    [
      'the API refuses the request',
      () =>
        json(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: 'This payment can no longer be confirmed.',
          },
        }),
      {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'This payment can no longer be confirmed.',
      },
    ],
  ])('resolves { error } when %s', async (_case, answer, error) => {
    const user = userEvent.setup();
    const { onResult } = renderCard(answer);
    await payWith(user, '4242424242424242');
    expect(await resultOf(onResult)).toEqual({ error });
  });

  it('refuses incomplete details before asking the server', async () => {
    const user = userEvent.setup();
    const { spy } = renderCard();
    await user.type(await screen.findByRole('textbox', { name: 'Card Number' }), '4242');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveProperty(
        'textContent',
        'Your card number is incomplete.',
      ),
    );
    expect(spy).not.toHaveBeenCalled();
  });

  it('retrieves an intent with the key and client secret in the query', async () => {
    const api = standIn((call) =>
      call.url.pathname === '/v1/payment_intents/pi_1'
        ? json(200, intent('processing'))
        : json(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: 'No such payment.',
            },
          }),
    );
    const stripe = createSandboxStripe({ apiBase: `${API}/`, fetch: api.fetch });

    expect(await stripe.retrievePaymentIntent(SECRET)).toEqual({
      paymentIntent: intent('processing'),
    });
    const [call] = api.calls;
    expect(call?.method).toBe('GET');
    expect(`${call?.url.origin}${call?.url.pathname}`).toBe(
      'https://shop.test/v1/payment_intents/pi_1',
    );
    expect([...(call?.url.searchParams ?? [])]).toEqual([
      ['key', 'pk_test_sandbox'],
      ['client_secret', SECRET],
    ]);

    expect(await stripe.retrievePaymentIntent('pi_9_secret_9')).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: 'No such payment.',
      },
    });
  });

  it('calls the page’s own origin when no API base is given', async () => {
    const api = standIn(() => json(200, intent('succeeded')));
    await createSandboxStripe({ fetch: api.fetch }).retrievePaymentIntent(SECRET);
    expect(api.calls[0]?.url.origin).toBe(window.location.origin);
  });
});

describe('the sandbox’s 3-D Secure challenge', () => {
  afterEach(() => {
    // A test that failed halfway must not leave its challenge over the next test's page.
    for (const node of document.querySelectorAll('[data-sandbox-3ds]')) node.remove();
  });

  /** confirm needs authentication; authenticate answers `afterAuthentication`. */
  function renderChallenge(
    afterAuthentication: (result: string) => Response | Promise<Response>,
    wrap?: (children: ReactNode) => ReactNode,
  ) {
    return renderCard((call) => {
      if (call.url.pathname.endsWith('/confirm')) return json(200, needsAuthentication());
      const result = call.form.find(([name]) => name === 'result')?.[1] ?? '';
      return afterAuthentication(result);
    }, wrap);
  }

  const authenticationAnswer = (result: string) =>
    result === 'complete'
      ? json(200, intent('succeeded'))
      : cardError(
          'payment_intent_authentication_failure',
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        );

  it('is a labelled modal showing the amount, with focus on Complete and Tab kept inside', async () => {
    const user = userEvent.setup();
    const { onResult } = renderChallenge(authenticationAnswer);
    await payWith(user, '4000002760003184');

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain(
      'This is a test authentication of your payment of $12.34.',
    );
    const complete = within(dialog).getByRole('button', { name: 'Complete' });
    const fail = within(dialog).getByRole('button', { name: 'Fail' });
    expect(document.activeElement).toBe(complete);
    await user.tab();
    expect(document.activeElement).toBe(fail);
    await user.tab();
    expect(document.activeElement).toBe(complete);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(fail);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(complete);

    await user.keyboard('{Enter}');
    expect((await resultOf(onResult)).paymentIntent?.status).toBe('succeeded');
  });

  it('Complete sends result=complete, disables the buttons while it is sent, and resolves the succeeded intent', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const { calls, onResult } = renderChallenge(() => answer.promise);
    await payWith(user, '4000002760003184');

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(within(dialog).getByRole('button', { name: 'Complete' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(dialog).getByRole('button', { name: 'Fail' })).toHaveProperty('disabled', true);
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(onResult).not.toHaveBeenCalled();

    answer.resolve(json(200, intent('succeeded')));
    expect(await resultOf(onResult)).toEqual({ paymentIntent: intent('succeeded') });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pay' }));
    expect(calls[1]?.method).toBe('POST');
    expect(calls[1]?.url.href).toBe('https://shop.test/v1/payment_intents/pi_1/authenticate');
    expect(calls[1]?.contentType).toBe('application/x-www-form-urlencoded');
    expect(calls[1]?.form).toEqual([
      ['key', 'pk_test_shop'],
      ['client_secret', SECRET],
      ['result', 'complete'],
    ]);
  });

  it.each([
    [
      'Fail',
      (user: ReturnType<typeof userEvent.setup>) =>
        user.click(screen.getByRole('button', { name: 'Fail' })),
    ],
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
  ])('%s sends result=fail and resolves the authentication error', async (_how, choose) => {
    const user = userEvent.setup();
    const { calls, onResult } = renderChallenge(authenticationAnswer);
    await payWith(user, '4000000000003220');
    await screen.findByRole('dialog', { name: 'Confirm your payment' });

    await choose(user);
    const result = await resultOf(onResult);
    expect(result.error).toEqual(
      expect.objectContaining({
        type: 'card_error',
        code: 'payment_intent_authentication_failure',
      }),
    );
    expect(calls[1]?.form).toContainEqual(['result', 'fail']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pay' }));
  });

  it('resolves the decline of a card authenticated then declined', async () => {
    const user = userEvent.setup();
    const { onResult } = renderChallenge(() =>
      cardError('card_declined', 'Your card was declined.', { decline_code: 'generic_decline' }),
    );
    await payWith(user, '4000008400001629');
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    expect((await resultOf(onResult)).error).toEqual(
      expect.objectContaining({ code: 'card_declined', decline_code: 'generic_decline' }),
    );
  });

  it('works inside the checkout’s modal dialog: focus stays in the challenge and Escape closes only the challenge', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const { onResult } = renderChallenge(authenticationAnswer, (children) => (
      <Dialog open onOpenChange={onOpenChange} title="Secure checkout">
        {children}
      </Dialog>
    ));
    await payWith(user, '4000002760003184');

    const challenge = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    const checkout = screen.getByRole('dialog', { name: 'Secure checkout' });
    expect(checkout.contains(challenge)).toBe(true);
    expect(document.activeElement).toBe(
      within(challenge).getByRole('button', { name: 'Complete' }),
    );
    await user.tab();
    expect(document.activeElement).toBe(within(challenge).getByRole('button', { name: 'Fail' }));

    await user.keyboard('{Escape}');
    expect((await resultOf(onResult)).error?.code).toBe('payment_intent_authentication_failure');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Secure checkout' })).toBeTruthy();
  });
});
