// The payment machine's test model for the payment step's view-level tests
// (tests/model/payment.model.test.tsx): the events a shopper and the effects can cause in each
// situation, what tells situations apart, where paths start and end, and the paths themselves.
import { TestModel } from 'xstate/graph';
import { assign, initialTransition, transition, type SnapshotFrom } from 'xstate';
import {
  paymentMachine,
  type CardOutcome,
  type PaymentEvent,
  type PaymentInput,
  type PlacedOrder,
} from '../../machines/payment.machine';
import { sampleCheckoutDetails } from '../fixtures/checkout';

export const input: PaymentInput = {
  ...sampleCheckoutDetails,
  shipMethodId: 2,
};

export const cardOrder: PlacedOrder = {
  orderId: 41,
  clientSecret: 'pi_1_secret_2',
  orderToken: 'ot_1',
};
export const codOrder: PlacedOrder = { orderId: 42, clientSecret: null, orderToken: 'ot_2' };
export const draft = {
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

export type Snapshot = SnapshotFrom<typeof paymentMachine>;
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

/** What the shopper has done when the model starts: the tools loaded, the other fields typed. */
const ARRANGE: PaymentEvent[] = [
  { type: 'payment.toolsLoaded' },
  { type: 'payment.fieldChanged', field: 'cardHolder', state: complete },
  { type: 'payment.fieldChanged', field: 'cardExpiry', state: complete },
  { type: 'payment.fieldChanged', field: 'cardCvc', state: complete },
];

/**
 * The model starts where the shopper does once the step has loaded: the card tools are ready,
 * Card Holder Name is prefilled from the address, expiry and CVC are typed.
 */
function startingSnapshot(): Snapshot {
  let [snapshot] = initialTransition(modelMachine, input);
  for (const event of ARRANGE) [snapshot] = transition(modelMachine, snapshot, event);
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

export const paths = [
  ...model.getShortestPaths({ fromState, toState: isEnd }),
  // A decline, then a retry of the same order request that pays; a decline, then cash on delivery.
  ...model.getPathsFromEvents(
    [
      numberValid,
      submit,
      { type: 'xstate.done.actor.createOrder', output: cardOrder },
      declined,
      { type: 'xstate.done.actor.reportFailed', output: {} },
      submit,
      // The retry is the same order request again: the server answers the same order.
      { type: 'xstate.done.actor.createOrder', output: cardOrder },
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

/** A readable name for a path: the shopper's and the effects' steps. */
export function describePath(events: { type: string }[]): string {
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
