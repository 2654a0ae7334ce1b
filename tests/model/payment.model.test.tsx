import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { paymentMethodKeys } from '../../src/api/payment.queries';
import type { OrderRequest, OrderResponse, PaymentMethods } from '../../src/api/types';
import {
  provideCheckoutMachine,
  providePaymentMachine,
} from '../../src/features/checkout/checkout-logic';
import {
  blockedText,
  fieldErrorText,
  PAYMENT_MESSAGES,
  paymentErrorText,
} from '../../src/payment/payment-messages';
import { PaymentStep } from '../../src/features/checkout/payment-step';
import { createSandboxStripe } from '../../src/payment/sandbox/stripe-sandbox';
import type { CardOutcome, PlacedOrder } from '../../machines/payment.machine';
import {
  cardOrder,
  codOrder,
  describePath,
  draft,
  input,
  paths,
  type Snapshot,
} from './payment-model';
import { controlledActors, modelCart, seededQueryClient } from './model-support';
import { sampleCheckoutDetails } from '../fixtures/checkout';
import { createFakeApi } from '../support/fake-api';

// The payment step loads Stripe lazily; here it gets the sandbox at once (its confirm is never
// reached: the confirmCard actor is one of the controlled fakes).
vi.mock('../../src/payment/stripe-loader', () => ({
  getStripe: () => Promise.resolve(createSandboxStripe({ apiBase: 'http://shop.test' })),
}));

/**
 * The reference API's idempotency as the shop needs it: one order per key; the same key again
 * answers the same order. Create-order requests wait until the path's step answers them, as the
 * model's createOrder events say: answered, or made but the answer lost on the way back.
 */
function fakeOrderApi() {
  const ordersByKey = new Map<string, number>();
  const waiting: {
    body: OrderRequest;
    answer: (response: Response) => void;
    fail: (error: Error) => void;
  }[] = [];
  /** Each create-order request: the key the product sent and the model attempt it answered. */
  const requests: { key: string; attempt: string }[] = [];
  const api = createFakeApi({
    'POST /api/v1/order': ({ body }) =>
      new Promise<Response>((answer, fail) => waiting.push({ body, answer, fail })),
    'GET /api/v1/cart': modelCart,
  });

  async function next(attempt: string) {
    await waitFor(() => {
      if (waiting.length === 0) throw new Error('no create-order request is waiting');
    });
    const request = waiting.shift()!;
    const key = request.body.idempotencyKey;
    // The storefront always sends one: without it a retried attempt could make a second order.
    if (!key) throw new Error('the create-order request carried no idempotency key');
    requests.push({ key, attempt });
    return { request, key };
  }
  return {
    /** The fetch the order's API client is born with. */
    fetch: api.fetch,
    requests,
    waiting: () => waiting.length,
    ordersMade: () => ordersByKey.size,
    /** The server makes (or replays) the order and answers it. */
    async answer(attempt: string, order: PlacedOrder) {
      const { request, key } = await next(attempt);
      const orderId = ordersByKey.get(key) ?? order.orderId;
      ordersByKey.set(key, orderId);
      const body: OrderResponse = {
        orderId,
        status: 'PENDING',
        paymentStatus: 'UNPAID',
        clientSecret: order.clientSecret,
        orderToken: order.orderToken,
        subtotalAmount: draft.totals.subtotal,
        taxAmount: draft.totals.tax,
        shippingAmount: draft.totals.shipping,
        discountAmount: draft.totals.discount,
        totalAmount: draft.totals.total,
        currency: 'USD',
      };
      request.answer(Response.json(body, { status: 201 }));
    },
    /** The server makes the order, but its answer never arrives (the fetch fails). */
    async loseAnswer(attempt: string) {
      const { request, key } = await next(attempt);
      // The order the model's next answer for this attempt will name.
      const made = request.body.paymentMethod === 'cod' ? codOrder : cardOrder;
      ordersByKey.set(key, ordersByKey.get(key) ?? made.orderId);
      request.fail(new TypeError('Failed to fetch'));
    },
  };
}

/**
 * The payment step as the checkout overlay runs it: a child of the real checkout machine with
 * the real effects (the order request through the app's API client, the completion toasts and
 * confirmation), Stripe's answers and the status reports settled by the path.
 */
function renderPaymentStep() {
  const fakes = controlledActors();
  const orders = fakeOrderApi();
  const queryClient = seededQueryClient(orders.fetch);
  const effects = {
    queryClient,
    close: vi.fn(),
    showConfirmation: vi.fn(),
  };
  const checkout = createActor(
    provideCheckoutMachine(effects).provide({
      actors: {
        setShipping: fromPromise<{ methodId: number }, { methodId: number }>(
          async ({ input }) => input,
        ),
        payment: providePaymentMachine(effects).provide({
          actors: {
            confirmCard: fakes.actor('confirmCard'),
            reportStatus: fakes.actor('reportStatus'),
          },
        }),
      },
    }),
  ).start();
  return { checkout, fakes, orders, effects, queryClient };
}

/**
 * Drives the checkout to its payment step (address, then Standard Shipping) and renders it, in a
 * shop that takes cash on delivery unless `cod` says otherwise (GET /payment/methods).
 */
async function openPaymentStep({ cod = true }: { cod?: boolean } = {}) {
  const harness = renderPaymentStep();
  harness.queryClient.setQueryData<PaymentMethods>(
    paymentMethodKeys.all,
    (seeded) => seeded && { ...seeded, cod },
  );
  const { checkout } = harness;
  checkout.send({ type: 'checkout.cartUpdated', itemCount: modelCart.totalQuantity });
  checkout.send({ type: 'checkout.detailsSubmitted', details: sampleCheckoutDetails });
  checkout.send({ type: 'checkout.shippingChosen', methodId: input.shipMethodId });
  await waitFor(() =>
    expect(checkout.getSnapshot().matches({ choosingShipping: 'idle' })).toBe(true),
  );
  checkout.send({ type: 'checkout.next' });
  const payment = checkout.getSnapshot().children.payment;
  if (!payment) throw new Error('the checkout did not start its payment step');
  render(
    <QueryClientProvider client={harness.queryClient}>
      <PaymentStep payment={payment} cart={modelCart} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...harness, payment };
}

async function typeInto(user: UserEvent, name: string, text: string) {
  const field = screen.getByRole('textbox', { name });
  await user.clear(field);
  await user.type(field, text);
}

function form() {
  return screen.getByRole('button', { name: /^(Pay|Place Order) / }).closest('form') as HTMLElement;
}

/** What the shopper must see in a situation. */
async function assertScreen(
  snapshot: Snapshot,
  effects: ReturnType<typeof renderPaymentStep>['effects'],
) {
  const { context } = snapshot;
  if (snapshot.status === 'done') {
    // The checkout's own completion: its toast, and the order's confirmation page.
    const text =
      snapshot.output?.outcome === 'paid'
        ? PAYMENT_MESSAGES.paymentSuccessful
        : 'Order placed! You will pay on delivery.';
    expect(await screen.findByText(text)).toBeTruthy();
    expect(effects.showConfirmation).toHaveBeenCalledWith(snapshot.context.order?.orderId);
    expect(effects.close).toHaveBeenCalledTimes(1);
    return;
  }
  if (snapshot.hasTag('processing')) {
    expect(await screen.findByText("Processing payment... Don't refresh the page")).toBeTruthy();
    // The fields are hidden and Pay cannot be pressed again.
    expect(screen.queryByRole('textbox', { name: 'Card Number' })).toBeNull();
    expect(screen.getByRole('button', { name: /^(Pay|Place Order) / })).toHaveProperty(
      'disabled',
      true,
    );
    return;
  }
  await waitFor(() =>
    expect(screen.queryByText("Processing payment... Don't refresh the page")).toBeNull(),
  );
  const view = within(form());
  if (context.paymentMethod === 'card') {
    expect(view.getByRole('textbox', { name: 'Card Number' })).toBeTruthy();
  } else {
    expect(view.queryByRole('textbox', { name: 'Card Number' })).toBeNull();
  }
  if (context.paymentMethod === 'paypal') {
    expect(view.getByText(PAYMENT_MESSAGES.paypalUnavailable)).toBeTruthy();
    expect(view.getByRole('button', { name: /^Pay / })).toHaveProperty('disabled', true);
  }
  if (context.paymentMethod === 'cod')
    expect(view.getByRole('button', { name: /^Place Order / })).toBeTruthy();
  const shownError = view.queryByTestId('payment-error')?.textContent ?? null;
  expect(shownError).toBe(
    context.paymentMethod === 'card' && context.paymentError
      ? paymentErrorText(context.paymentError)
      : null,
  );
  // A Pay refused for card fields is said by the step's error summary (ADR-0057), the rest as
  // a notice where Pay is.
  const summarised = context.blocked === 'correctErrors';
  const expectedBlock = context.blocked && !summarised ? blockedText(context.blocked) : null;
  const blocked = await waitFor(() => {
    const text = view.queryByTestId('payment-blocked')?.textContent ?? null;
    expect(text).toBe(expectedBlock);
    return text;
  });
  expect(blocked).toBe(expectedBlock);
  if (summarised) {
    const summary = view.getByRole('region', { name: 'There is a problem' });
    expect(summary.textContent).toContain(blockedText('correctErrors'));
  } else {
    expect(view.queryByRole('region', { name: 'There is a problem' })).toBeNull();
  }
  const numberError = fieldErrorText('cardNumber', context.fields.cardNumber.error);
  if (numberError) {
    // Under the field (the summary's link repeats it).
    const card = view.getByTestId('card-fields');
    expect(within(card).getByText(numberError)).toBeTruthy();
  }
}

// Each path renders the step and types like a shopper; the machine is shared by 2 cores and
// several test runs, so a path gets more than vitest's default 5 s.
const PATH_TIMEOUT_MS = 30_000;

describe('payment step, paths generated from the payment machine', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });
  afterEach(() => {
    toast.remove();
  });

  it('generates paths through declines, retries, blocks and success', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  for (const path of paths) {
    it(
      describePath(path.steps.map((step) => step.event)),
      async () => {
        const user = userEvent.setup({ delay: null });
        const { fakes, orders, effects } = await openPaymentStep();
        await screen.findByRole('textbox', { name: 'Card Number' });
        await typeInto(user, 'Card Expiry', '1234');
        await typeInto(user, 'Card CVC', '123');
        // The model attempt the next event belongs to (the model tests each state before moving on).
        let attempt = '';

        await path.test({
          states: {
            any: async (snapshot) => {
              attempt = snapshot.context.idempotencyKey;
              await assertScreen(snapshot, effects);
            },
          },
          events: {
            ...({
              'payment.methodChosen': async ({
                event,
              }: {
                event: { method: 'card' | 'cod' | 'paypal' };
              }) => {
                const labels = {
                  card: 'Debit/Credit Card',
                  cod: 'Cash on Delivery (COD)',
                  paypal: 'Paypal',
                };
                await user.click(screen.getByRole('radio', { name: labels[event.method] }));
              },
              'payment.fieldChanged': async ({
                event,
              }: {
                event: { state: { error: string | null } };
              }) => {
                await typeInto(
                  user,
                  'Card Number',
                  event.state.error ? '4242424242424241' : '4242424242424242',
                );
              },
              'payment.submit': async () => {
                await user.click(screen.getByRole('button', { name: /^(Pay|Place Order) / }));
              },
              'xstate.done.actor.createOrder': ({ event }: { event: { output: PlacedOrder } }) =>
                act(() => orders.answer(attempt, event.output)),
              'xstate.error.actor.createOrder': async () => {
                await act(() => orders.loseAnswer(attempt));
                expect(await screen.findByText(PAYMENT_MESSAGES.processingError)).toBeTruthy();
                // Issue 16: inline on the payment step, in the shopper's words, not a toast.
                expect(screen.getByTestId('payment-problem').textContent).toContain(
                  'Your order was not placed, and nothing was charged.',
                );
              },
              'xstate.done.actor.confirmCard': ({ event }: { event: { output: CardOutcome } }) =>
                act(() => fakes.settle('confirmCard', event.output)),
              'xstate.done.actor.reportPaid': () => act(() => fakes.settle('reportStatus', {})),
              'xstate.done.actor.reportFailed': () => act(() => fakes.settle('reportStatus', {})),
            } as Record<string, unknown>),
          },
        });

        // Whatever happened, one attempt never made more than one order: every create-order
        // request was one the path answered, all requests of an attempt carried one key (a retry
        // replays the same order), and a new attempt a new key.
        expect(orders.waiting()).toBe(0);
        const attempts = new Map<string, Set<string>>();
        for (const { attempt: made, key } of orders.requests) {
          attempts.set(made, (attempts.get(made) ?? new Set()).add(key));
        }
        for (const keys of attempts.values()) expect(keys.size).toBe(1);
        const keys = orders.requests.map(({ key }) => key);
        expect(new Set(keys).size).toBe(attempts.size);
        expect(orders.ordersMade()).toBe(attempts.size);
      },
      PATH_TIMEOUT_MS,
    );
  }
});

describe('payment step: a failure stays where the shopper is (issue 16)', () => {
  it('a dropped connection while placing the order is told inline, in words, until the next attempt', async () => {
    const user = userEvent.setup();
    const { payment, orders } = await openPaymentStep();
    await user.click(screen.getByRole('radio', { name: 'Cash on Delivery (COD)' }));
    await user.click(screen.getByRole('button', { name: /^Place Order / }));

    // The connection drops on the way back: the client sees a failed fetch, as in a browser.
    await act(() => orders.loseAnswer('dropped'));

    const problem = await screen.findByTestId('payment-problem');
    // Issue 30: read once, by taking focus (not also as an alert, which would read it twice).
    await waitFor(() => expect(document.activeElement).toBe(problem));
    expect(problem.getAttribute('role')).toBeNull();
    expect(problem.textContent).toContain(PAYMENT_MESSAGES.processingError);
    expect(problem.textContent).toContain('Your order was not placed, and nothing was charged.');
    expect(problem.textContent).toContain(
      'You seem to be offline. Check your internet connection, then press Place Order again.',
    );
    // No toast that would vanish after 4 s: the message is on the step.
    expect(screen.queryAllByRole('status').map((node) => node.textContent)).not.toContain(
      PAYMENT_MESSAGES.processingError,
    );

    await user.click(screen.getByRole('button', { name: /^Place Order / }));
    expect(screen.queryByTestId('payment-problem')).toBeNull();
    await act(() => orders.answer('retried', codOrder));
    await waitFor(() => expect(payment.getSnapshot().status).toBe('done'));
  });
});

describe('payment step: a shop without cash on delivery (COD_ENABLED=false)', () => {
  it('says so when it is chosen, places no order, and takes a card', async () => {
    const user = userEvent.setup();
    const { payment, orders } = await openPaymentStep({ cod: false });
    // The three methods stay listed (spec §4); the one the shop does not take says so at once.
    await user.click(screen.getByRole('radio', { name: 'Cash on Delivery (COD)' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.codUnavailable)).toBeTruthy();
    expect(screen.queryByText('You pay in cash when your order is delivered.')).toBeNull();
    const place = screen.getByRole('button', { name: /^Place Order / });
    expect((place as HTMLButtonElement).disabled).toBe(true);
    await user.click(place);
    expect(orders.requests).toHaveLength(0);
    // PayPal's notice no longer points to cash on delivery.
    await user.click(screen.getByRole('radio', { name: 'Paypal' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.paypalUnavailableCardOnly)).toBeTruthy();
    // A card is still taken.
    await user.click(screen.getByRole('radio', { name: 'Debit/Credit Card' }));
    expect(screen.queryByText(PAYMENT_MESSAGES.codUnavailable)).toBeNull();
    expect(payment.getSnapshot().context.codAvailable).toBe(false);
  });
});
