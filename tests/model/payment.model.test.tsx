import { TestModel } from 'xstate/graph';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  assign,
  createActor,
  fromPromise,
  initialTransition,
  transition,
  type SnapshotFrom,
} from 'xstate';
import { configureApi } from '../../src/api/client';
import type { OrderRequest, OrderResponse } from '../../src/api/types';
import {
  provideCheckoutMachine,
  providePaymentMachine,
} from '../../src/features/checkout/checkout-logic';
import {
  blockedText,
  fieldErrorText,
  PAYMENT_MESSAGES,
  paymentErrorText,
} from '../../src/features/checkout/payment-messages';
import { PaymentStep } from '../../src/features/checkout/payment-step';
import { createSandboxStripe } from '../../src/payment/sandbox/stripe-sandbox';
import {
  paymentMachine,
  type CardOutcome,
  type PaymentEvent,
  type PaymentInput,
  type PlacedOrder,
} from '../../machines/payment.machine';
import { controlledActors, modelCart, seededQueryClient } from './model-support';
import { sampleCheckoutDetails } from '../fixtures/checkout';
import { createFakeApi } from '../support/fake-api';

// The payment step loads Stripe lazily; here it gets the sandbox at once (its confirm is never
// reached: the confirmCard actor is one of the controlled fakes).
vi.mock('../../src/payment/stripe-loader', () => ({
  getStripe: () => Promise.resolve(createSandboxStripe(async () => ({}))),
}));

const input: PaymentInput = {
  ...sampleCheckoutDetails,
  shipMethodId: 2,
};

const cardOrder: PlacedOrder = { orderId: 41, clientSecret: 'pi_1_secret_2', orderToken: 'ot_1' };
const codOrder: PlacedOrder = { orderId: 42, clientSecret: null, orderToken: 'ot_2' };
const draft = {
  items: [{ productId: 3, quantity: 2, price: 5 }],
  promoCode: null,
  totals: { subtotal: 10, tax: 1, shipping: 3.99, discount: 0, total: 14.99 },
};
const complete = { error: null, complete: true, empty: false };

/**
 * The model's machine: the payment machine whose attempts are numbered (attempt-1, attempt-2, ...)
 * so each step of a path knows which attempt it belongs to. The product draws a random key per
 * attempt; the test checks the product's keys against these attempts.
 */
const modelMachine = paymentMachine.provide({
  actions: {
    startAttempt: assign({
      idempotencyKey: ({ context }) =>
        `attempt-${Number(context.idempotencyKey.replace('attempt-', '') || 0) + 1}`,
    }),
  },
});

type Snapshot = SnapshotFrom<typeof paymentMachine>;
type ModelEvent =
  | PaymentEvent
  | { type: 'xstate.done.actor.createOrder'; output: PlacedOrder }
  | { type: 'xstate.error.actor.createOrder'; error: Error }
  | { type: 'xstate.done.actor.confirmCard'; output: CardOutcome }
  | { type: 'xstate.done.actor.reportPaid'; output: unknown }
  | { type: 'xstate.done.actor.reportFailed'; output: unknown };

const numberInvalid: ModelEvent = {
  type: 'payment.fieldChanged',
  field: 'cardNumber',
  state: { error: 'Your card number is invalid.', complete: false, empty: false },
};
const numberValid: ModelEvent = {
  type: 'payment.fieldChanged',
  field: 'cardNumber',
  state: complete,
};
// The card element the view hands over (the real one in the rendered step).
const submit: ModelEvent = { type: 'payment.submit', draft, card: {} };
const declined: ModelEvent = {
  type: 'xstate.done.actor.confirmCard',
  output: { status: 'declined', message: 'Your card was declined.' },
};
const succeeded: ModelEvent = {
  type: 'xstate.done.actor.confirmCard',
  output: { status: 'succeeded' },
};

/** What the shopper can do, and what the effects can answer, in each situation. */
function eventsFor(snapshot: Snapshot): ModelEvent[] {
  if (snapshot.matches('creatingOrder')) {
    return [
      {
        type: 'xstate.done.actor.createOrder',
        output: snapshot.context.paymentMethod === 'cod' ? codOrder : cardOrder,
      },
      { type: 'xstate.error.actor.createOrder', error: new Error('Network error') },
    ];
  }
  if (snapshot.matches('confirmingCard')) return [succeeded, declined];
  if (snapshot.matches('markingPaid'))
    return [{ type: 'xstate.done.actor.reportPaid', output: {} }];
  if (snapshot.matches('markingFailed'))
    return [{ type: 'xstate.done.actor.reportFailed', output: {} }];
  if (!snapshot.matches('ready')) return [];
  const choices: ModelEvent[] = [
    { type: 'payment.methodChosen', method: 'card' },
    { type: 'payment.methodChosen', method: 'cod' },
    { type: 'payment.methodChosen', method: 'paypal' },
    submit,
  ];
  // The card fields can only be typed in while they are shown.
  return snapshot.context.paymentMethod === 'card'
    ? [...choices, numberInvalid, numberValid]
    : choices;
}

// What the shopper can tell apart; the rest of the context does not change the screen.
function serializeState(snapshot: Snapshot): string {
  const { context } = snapshot;
  const number = context.fields.cardNumber;
  return JSON.stringify([
    snapshot.status,
    snapshot.value,
    context.paymentMethod,
    number.error ?? (number.complete ? 'complete' : 'incomplete'),
    context.blocked,
    Boolean(context.paymentError),
    context.order?.orderId ?? null,
  ]);
}

/**
 * The model starts where the shopper does once the step has loaded: the card tools are ready,
 * Card Holder Name is prefilled from the address, expiry and CVC are typed.
 */
function startingSnapshot(): Snapshot {
  let [snapshot] = initialTransition(modelMachine, input);
  const arrange: PaymentEvent[] = [
    { type: 'payment.toolsLoaded' },
    { type: 'payment.fieldChanged', field: 'cardHolder', state: complete },
    { type: 'payment.fieldChanged', field: 'cardExpiry', state: complete },
    { type: 'payment.fieldChanged', field: 'cardCvc', state: complete },
  ];
  for (const event of arrange) [snapshot] = transition(modelMachine, snapshot, event);
  return snapshot;
}

const model = new TestModel(modelMachine, {
  events: eventsFor as (snapshot: Snapshot) => PaymentEvent[],
  serializeState: serializeState as (snapshot: Snapshot) => string,
  input,
  stateMatcher: () => true,
});

const fromState = startingSnapshot();
const isEnd = (snapshot: Snapshot) =>
  snapshot.status === 'done' ||
  snapshot.matches({ ready: 'declined' }) ||
  snapshot.context.blocked !== null ||
  snapshot.context.paymentMethod === 'paypal';

const paths = [
  ...model.getShortestPaths({ fromState, toState: isEnd }),
  // A decline, then a retry on the same order that pays; a decline, then cash on delivery.
  ...model.getPathsFromEvents(
    [
      numberValid,
      submit,
      { type: 'xstate.done.actor.createOrder', output: cardOrder },
      declined,
      { type: 'xstate.done.actor.reportFailed', output: {} },
      submit,
      succeeded,
      { type: 'xstate.done.actor.reportPaid', output: {} },
    ] as PaymentEvent[],
    { fromState },
  ),
  // The order's answer is lost (the server made it), then Pay again: the same order, paid.
  ...model.getPathsFromEvents(
    [
      numberValid,
      submit,
      { type: 'xstate.error.actor.createOrder', error: new Error('Network error') },
      submit,
      { type: 'xstate.done.actor.createOrder', output: cardOrder },
      succeeded,
      { type: 'xstate.done.actor.reportPaid', output: {} },
    ] as PaymentEvent[],
    { fromState },
  ),
  ...model.getPathsFromEvents(
    [
      numberValid,
      submit,
      { type: 'xstate.done.actor.createOrder', output: cardOrder },
      declined,
      { type: 'xstate.done.actor.reportFailed', output: {} },
      { type: 'payment.methodChosen', method: 'cod' },
      submit,
      { type: 'xstate.done.actor.createOrder', output: codOrder },
    ] as PaymentEvent[],
    { fromState },
  ),
];

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
  configureApi({ baseUrl: 'http://shop.test', fetch: api.fetch });

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
  const queryClient = seededQueryClient();
  const effects = {
    queryClient,
    close: vi.fn(),
    focusFirstInvalidField: () => undefined,
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

/** Drives the checkout to its payment step (address, then Standard Shipping) and renders it. */
async function openPaymentStep() {
  const harness = renderPaymentStep();
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
    <>
      <PaymentStep payment={payment} cart={modelCart} />
      <Toaster />
    </>,
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
  const expectedBlock = context.blocked ? blockedText(context.blocked) : null;
  const blocked = await waitFor(() => {
    const text = view.queryByTestId('payment-blocked')?.textContent ?? null;
    expect(text).toBe(expectedBlock);
    return text;
  });
  expect(blocked).toBe(expectedBlock);
  const numberError = fieldErrorText('cardNumber', context.fields.cardNumber.error);
  if (numberError) {
    expect(view.getByText(numberError)).toBeTruthy();
  }
}

// Each path renders the step and types like a shopper; the machine is shared by 2 cores and
// several test runs, so a path gets more than vitest's default 5 s.
const PATH_TIMEOUT_MS = 30_000;

/** A readable name for a path: the shopper's and the effects' steps. */
function describePath(events: { type: string }[]): string {
  const names = events
    .filter((event) => event.type !== 'xstate.init')
    .map((event) => {
      const e = event as ModelEvent;
      switch (e.type) {
        case 'payment.methodChosen':
          return `choose ${e.method}`;
        case 'payment.fieldChanged':
          return e.state.error ? 'type an invalid card' : 'type a valid card';
        case 'payment.submit':
          return 'pay';
        case 'xstate.done.actor.createOrder':
          return 'order created';
        case 'xstate.error.actor.createOrder':
          return 'order fails';
        case 'xstate.done.actor.confirmCard':
          return e.output.status === 'succeeded' ? 'card succeeds' : 'card declined';
        case 'xstate.done.actor.reportPaid':
          return 'PAID reported';
        case 'xstate.done.actor.reportFailed':
          return 'PAYMENT_FAILED reported';
        default:
          return e.type;
      }
    });
  return names.length > 0 ? names.join(' → ') : 'starts ready';
}

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
    expect(problem.getAttribute('role')).toBe('alert');
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
