import { describe, expect, it } from 'vitest';
import {
  assign,
  createActor,
  fromCallback,
  initialTransition,
  transition,
  type SnapshotFrom,
} from 'xstate';
import { TestModel } from 'xstate/graph';
import {
  paymentMachine,
  type CardOutcome,
  type ConfirmCardInput,
  type CreateOrderInput,
  type PaymentEvent,
  type PaymentInput,
  type PlacedOrder,
  type ReportStatusInput,
} from './payment.machine';
import { callLog, expectTableCoversPaths, play } from './path-oracle';
import { sampleCheckoutDetails } from '../tests/fixtures/checkout';

const input: PaymentInput = { ...sampleCheckoutDetails, shipMethodId: 2 };
const cardOrder: PlacedOrder = { orderId: 41, clientSecret: 'pi_41_secret', orderToken: 'ot_41' };
const codOrder: PlacedOrder = { orderId: 42, clientSecret: null, orderToken: 'ot_42' };
const draft = {
  items: [{ productId: 3, quantity: 2, price: 5 }],
  promoCode: null,
  totals: { subtotal: 10, tax: 1, shipping: 3.99, discount: 0, total: 14.99 },
};
const complete = { error: null, complete: true, empty: false };
const AUTHENTICATION_FAILED =
  'Your bank could not confirm this payment. Please try again, or use another card.';

type Snapshot = SnapshotFrom<typeof paymentMachine>;
type ModelEvent =
  | PaymentEvent
  | { type: 'xstate.done.actor.createOrder'; output: PlacedOrder }
  | { type: 'xstate.error.actor.createOrder'; error: unknown }
  | { type: 'xstate.done.actor.confirmCard'; output: CardOutcome & { via?: string } }
  | { type: 'xstate.done.actor.reportPaid'; output: unknown }
  | { type: 'xstate.done.actor.reportFailed'; output: unknown };

const TYPE_VALID: ModelEvent = {
  type: 'payment.fieldChanged',
  field: 'cardNumber',
  state: complete,
};
const TYPE_INVALID: ModelEvent = {
  type: 'payment.fieldChanged',
  field: 'cardNumber',
  state: { error: 'Your card number is invalid.', complete: false, empty: false },
};
const PAY: ModelEvent = { type: 'payment.submit', draft, card: {} };
const CHOOSE = (method: 'card' | 'cod' | 'paypal'): ModelEvent => ({
  type: 'payment.methodChosen',
  method,
});
const ORDER = (order: PlacedOrder): ModelEvent => ({
  type: 'xstate.done.actor.createOrder',
  output: order,
});
const ORDER_LOST: ModelEvent = {
  type: 'xstate.error.actor.createOrder',
  error: Object.assign(new Error('Failed to fetch'), { status: 0 }),
};
const CARD = (output: CardOutcome & { via?: string }): ModelEvent => ({
  type: 'xstate.done.actor.confirmCard',
  output,
});
const SUCCEEDS = CARD({ status: 'succeeded' });
const DECLINED = CARD({ status: 'declined', message: 'Your card was declined.' });
const UNDECIDED = CARD({ status: 'processing' });
const PAID_REPORTED: ModelEvent = { type: 'xstate.done.actor.reportPaid', output: {} };
const FAILED_REPORTED: ModelEvent = { type: 'xstate.done.actor.reportFailed', output: {} };

function eventsFor(snapshot: Snapshot): ModelEvent[] {
  const { context } = snapshot;
  if (snapshot.matches('creatingOrder')) {
    return [ORDER(context.paymentMethod === 'cod' ? codOrder : cardOrder), ORDER_LOST];
  }
  if (snapshot.matches('confirmingCard')) return [SUCCEEDS, DECLINED, UNDECIDED];
  if (snapshot.matches('markingPaid')) return [PAID_REPORTED];
  if (snapshot.matches('markingFailed')) return [FAILED_REPORTED];
  if (!snapshot.matches('ready')) return [];
  const choices = (['card', 'cod', 'paypal'] as const)
    .filter((method) => method !== context.paymentMethod)
    .map(CHOOSE);
  const typing = context.paymentMethod === 'card' ? [TYPE_INVALID, TYPE_VALID] : [];
  return [...choices, ...typing, PAY];
}

const serializeState = ({ status, value, context }: Snapshot) => {
  const number = context.fields.cardNumber;
  return JSON.stringify([
    status,
    value,
    context.paymentMethod,
    number.error ? 'error' : number.complete,
    context.blocked,
    Boolean(context.paymentError),
    Boolean(context.processingError),
    context.order?.orderId ?? null,
  ]);
};

function nameOf(event: ModelEvent): string {
  switch (event.type) {
    case 'payment.methodChosen':
      return `choose ${event.method}`;
    case 'payment.fieldChanged':
      return event.state.error ? 'type an invalid card number' : 'type a valid card number';
    case 'payment.submit':
      return 'Pay';
    case 'payment.back':
      return 'back';
    case 'xstate.done.actor.createOrder':
      return `order ${event.output.orderId} created`;
    case 'xstate.error.actor.createOrder':
      return (event.error as { code?: string }).code === 'TOTALS_MISMATCH'
        ? 'order refused: totals changed'
        : 'order answer lost';
    case 'xstate.done.actor.confirmCard':
      if (event.output.via) return event.output.via;
      return event.output.status === 'succeeded'
        ? 'card succeeds'
        : event.output.status === 'processing'
          ? 'card processing'
          : 'card declined';
    case 'xstate.done.actor.reportPaid':
      return 'PAID reported';
    case 'xstate.done.actor.reportFailed':
      return 'PAYMENT_FAILED reported';
    default:
      return event.type;
  }
}

/** Attempts numbered, so the table can say which attempt each order request belongs to. */
const nextAttempt = (key: string) => `attempt-${Number(key.replace('attempt-', '') || 0) + 1}`;
const numbered = paymentMachine.provide({
  actions: {
    startAttempt: assign(({ context }) => ({
      idempotencyKey: nextAttempt(context.idempotencyKey),
    })),
  },
});

/** Where the step starts: the card tools loaded, Card Holder Name prefilled, expiry and CVC typed. */
const ARRANGE: PaymentEvent[] = [
  { type: 'payment.toolsLoaded' },
  { type: 'payment.fieldChanged', field: 'cardExpiry', state: complete },
  { type: 'payment.fieldChanged', field: 'cardCvc', state: complete },
];
let [fromState] = initialTransition(numbered, input);
for (const event of ARRANGE) [fromState] = transition(numbered, fromState, event);

const model = new TestModel(numbered, {
  events: eventsFor as (snapshot: Snapshot) => PaymentEvent[],
  serializeState,
  input,
  stateMatcher: () => true,
});
const withoutInit = (events: readonly { type: string }[]) =>
  events.filter((event) => event.type !== 'xstate.init') as ModelEvent[];
/** Paths end where the shopper has an answer: an outcome, a decline, a refusal, a failure. */
const isEnd = ({ status, context }: Snapshot) =>
  status === 'done' ||
  context.paymentError !== null ||
  context.processingError !== null ||
  context.blocked !== null ||
  context.paymentMethod === 'paypal';
const CARD_3DS_DONE = CARD({ status: 'succeeded', via: '3-D Secure completed' });
const CARD_3DS_FAILED = CARD({
  status: 'declined',
  message: AUTHENTICATION_FAILED,
  via: '3-D Secure failed',
});
const NEW_TOTALS = { subtotal: 12, tax: 1.2, shipping: 3.99, discount: 0, total: 17.19 };
const TOTALS_CHANGED: ModelEvent = {
  type: 'xstate.error.actor.createOrder',
  error: { code: 'TOTALS_MISMATCH', totals: NEW_TOTALS },
};

type Journey = { resumed?: true; events: ModelEvent[] };
/** Journeys the shortest paths do not take: retries, another method, 3-D Secure, Pay now. */
const JOURNEYS: Journey[] = [
  { events: [TYPE_INVALID, PAY] },
  { events: [CHOOSE('paypal'), PAY] },
  { events: [{ type: 'payment.back' }] },
  { events: [TYPE_VALID, PAY, ORDER(cardOrder), DECLINED, FAILED_REPORTED] },
  {
    events: [
      ...[TYPE_VALID, PAY, ORDER(cardOrder), DECLINED, FAILED_REPORTED],
      ...[PAY, ORDER(cardOrder), SUCCEEDS, PAID_REPORTED],
    ],
  },
  {
    events: [
      ...[TYPE_VALID, PAY, ORDER(cardOrder), DECLINED, FAILED_REPORTED],
      ...[CHOOSE('cod'), PAY, ORDER(codOrder)],
    ],
  },
  { events: [TYPE_VALID, PAY, ORDER_LOST, PAY, ORDER(cardOrder), SUCCEEDS, PAID_REPORTED] },
  { events: [TYPE_VALID, PAY, ORDER(cardOrder), CARD_3DS_DONE, PAID_REPORTED] },
  { events: [TYPE_VALID, PAY, ORDER(cardOrder), CARD_3DS_FAILED, FAILED_REPORTED] },
  { events: [TYPE_VALID, PAY, TOTALS_CHANGED, PAY, ORDER(cardOrder)] },
  { resumed: true, events: [] },
  { resumed: true, events: [TYPE_VALID, PAY, ORDER(cardOrder), SUCCEEDS, PAID_REPORTED] },
  { resumed: true, events: [CHOOSE('cod'), PAY, ORDER(codOrder)] },
];

const RESUMED = 'Pay now (the kept attempt-1, order 41, declined) → ';
const paths = [
  ...model
    .getShortestPaths({ fromState, toState: isEnd })
    .map((path) => ({ resumed: false, events: withoutInit(path.steps.map((s) => s.event)) })),
  ...JOURNEYS.map(({ resumed, events }) => ({ resumed: resumed ?? false, events })),
];
const names = paths.map(
  ({ resumed, events }) => (resumed ? RESUMED : '') + (events.map(nameOf).join(' → ') || 'opens'),
);

/** What the shopper reads on the step, in the spec's words (spec §4, §5, §8; ADR-0028). */
function situation(snapshot: Snapshot): string {
  const { context } = snapshot;
  if (snapshot.status === 'done') {
    return `done: ${context.outcome}${context.order ? `, order ${context.order.orderId}` : ''}`;
  }
  const busy = [
    ['creatingOrder', 'placing the order'],
    ['confirmingCard', 'confirming the card'],
    ['markingPaid', 'reporting PAID'],
    ['markingFailed', 'reporting PAYMENT_FAILED'],
  ] as const;
  for (const [state, doing] of busy) {
    if (snapshot.matches(state)) return `Processing payment... (${doing})`;
  }
  const shown = [`Pay (${context.paymentMethod})`];
  const blocked = {
    correctErrors: 'Please correct the highlighted errors.',
    cardMissing: 'Card details are missing. Please try again',
    toolsNotLoaded: 'the card payment script is not loaded yet',
  };
  if (context.blocked) shown.push(`"${blocked[context.blocked]}"`);
  if (context.paymentError) {
    shown.push(`"${context.paymentError.providerMessage ?? 'Payment failed. Please try again.'}"`);
  }
  if (context.processingError) {
    const { stage, network } = context.processingError;
    shown.push(
      `"Error processing payment. Please try again later." (${stage}${network ? ', offline' : ''})`,
    );
  }
  if (snapshot.hasTag('reviewingTotals')) {
    shown.push(`new total ${context.revisedTotals?.total} shown`);
  }
  return shown.join(', ');
}

type Expected = { step: string; calls: string[] };

// The calls, in order (spec §4, §7; D4, D5): `createOrder` is POST /order with the method, the
// attempt's idempotency key, the ship method, the total the shopper was shown and the email;
// `confirmCard` is Stripe's confirmCardPayment with the client secret and spec §4's billing
// details; `report` is PATCH /order/{id}/status; `rememberOrder` keeps a guest's order token
// (ADR-0023).
const CARD_ORDER = (key: string, total = 14.99) =>
  `createOrder card, ${key}, ship 2, total ${total}, for guest@lumen.test`;
const COD_ORDER = (key: string) =>
  `createOrder cod, ${key}, ship 2, total 14.99, for guest@lumen.test`;
const CONFIRM =
  'confirmCard pi_41_secret, billed to Ada Roast, guest@lumen.test, 17021234567, ' +
  '12 King Street West, Toronto, Ontario, M5V 2T6, CA';
const REMEMBER_41 = 'rememberOrder 41 (ot_41)';
const REMEMBER_42 = 'rememberOrder 42 (ot_42)';
const PAID_41 = 'report order 41 PAID (ot_41)';
const FAILED_41 = 'report order 41 PAYMENT_FAILED (ot_41)';
const LOST = 'notifyProcessingError Failed to fetch';
const CARD_PAID = [CARD_ORDER('attempt-1'), REMEMBER_41, CONFIRM, PAID_41];
const CARD_DECLINED = [CARD_ORDER('attempt-1'), REMEMBER_41, CONFIRM, FAILED_41];
const PROCESSING_ERROR = '"Error processing payment. Please try again later." (order, offline)';
const DECLINED_SHOWN = 'Pay (card), "Your card was declined."';
const COD_PLACED = { step: 'done: placed, order 42', calls: [COD_ORDER('attempt-1'), REMEMBER_42] };
const COD_LOST = { step: `Pay (cod), ${PROCESSING_ERROR}`, calls: [COD_ORDER('attempt-1'), LOST] };
const NOTHING_SENT = { step: 'Pay (paypal)', calls: [] };

const EXPECTED: Record<string, Expected> = {
  // Spec §4: create the order, confirm the card, then PAID.
  'type a valid card number → Pay → order 41 created → card succeeds → PAID reported': {
    step: 'done: paid, order 41',
    calls: CARD_PAID,
  },
  // D5: 3-D Secure is Stripe.js's own challenge; completed, the card has succeeded.
  'type a valid card number → Pay → order 41 created → 3-D Secure completed → PAID reported': {
    step: 'done: paid, order 41',
    calls: CARD_PAID,
  },
  // ADR-0050: Stripe has not decided: no status is reported, its webhook decides.
  'type a valid card number → Pay → order 41 created → card processing': {
    step: 'done: confirming, order 41',
    calls: [CARD_ORDER('attempt-1'), REMEMBER_41, CONFIRM],
  },
  // Spec §4, §8: a provider error sets PAYMENT_FAILED and shows its message.
  'type a valid card number → Pay → order 41 created → card declined': {
    step: 'Processing payment... (reporting PAYMENT_FAILED)',
    calls: CARD_DECLINED,
  },
  'type a valid card number → Pay → order 41 created → card declined → PAYMENT_FAILED reported': {
    step: DECLINED_SHOWN,
    calls: CARD_DECLINED,
  },
  'type a valid card number → Pay → order 41 created → 3-D Secure failed → PAYMENT_FAILED reported':
    { step: `Pay (card), "${AUTHENTICATION_FAILED}"`, calls: CARD_DECLINED },
  // D5, ADR-0021: a retry after a decline pays the same order: the same request, the same key.
  'type a valid card number → Pay → order 41 created → card declined → PAYMENT_FAILED reported → Pay → order 41 created → card succeeds → PAID reported':
    { step: 'done: paid, order 41', calls: [...CARD_DECLINED, ...CARD_PAID] },
  // ADR-0021: another method after an order was placed is a new attempt, with a new key.
  'type a valid card number → Pay → order 41 created → card declined → PAYMENT_FAILED reported → choose cod → Pay → order 42 created':
    {
      step: 'done: placed, order 42',
      calls: [...CARD_DECLINED, COD_ORDER('attempt-2'), REMEMBER_42],
    },
  // ADR-0028: any other failure stays on the step until the next attempt; D4: Pay again is the
  // same key, so a lost answer never makes a second order.
  'type a valid card number → Pay → order answer lost': {
    step: `Pay (card), ${PROCESSING_ERROR}`,
    calls: [CARD_ORDER('attempt-1'), LOST],
  },
  'type a valid card number → Pay → order answer lost → Pay → order 41 created → card succeeds → PAID reported':
    { step: 'done: paid, order 41', calls: [CARD_ORDER('attempt-1'), LOST, ...CARD_PAID] },
  // D4: the server refuses amounts it did not compute and answers its own; the shopper is shown
  // them (the cart refetched), and Pay sends those.
  'type a valid card number → Pay → order refused: totals changed → Pay → order 41 created': {
    step: 'Processing payment... (confirming the card)',
    calls: [
      CARD_ORDER('attempt-1'),
      'refreshCart',
      CARD_ORDER('attempt-1', 17.19),
      REMEMBER_41,
      CONFIRM,
    ],
  },
  // D5: cash on delivery places the order (PENDING) and nothing is confirmed or reported.
  'choose cod → Pay → order 42 created': COD_PLACED,
  'type a valid card number → choose cod → Pay → order 42 created': COD_PLACED,
  'type an invalid card number → choose cod → Pay → order 42 created': COD_PLACED,
  'choose cod → Pay → order answer lost': COD_LOST,
  'type a valid card number → choose cod → Pay → order answer lost': COD_LOST,
  'type an invalid card number → choose cod → Pay → order answer lost': COD_LOST,
  // D5: PayPal is listed, never processed: nothing is sent.
  'choose paypal': NOTHING_SENT,
  'type a valid card number → choose paypal': NOTHING_SENT,
  'type an invalid card number → choose paypal': NOTHING_SENT,
  'choose paypal → Pay': NOTHING_SENT,
  // Spec §5: Pay is blocked while a card field has an error (an untyped one is marked).
  Pay: { step: 'Pay (card), "Please correct the highlighted errors."', calls: [] },
  'type an invalid card number → Pay': {
    step: 'Pay (card), "Please correct the highlighted errors."',
    calls: [],
  },
  // Spec §4: Back from Payment leaves it (the checkout goes back to Shipping).
  back: { step: 'done: cancelled', calls: [] },
  // Pay now (ADR-0050, checkout.resumePayment): the kept attempt, its reason shown, and Pay sends
  // the same order request again; another method is a new attempt (ADR-0021).
  'Pay now (the kept attempt-1, order 41, declined) → opens': { step: DECLINED_SHOWN, calls: [] },
  'Pay now (the kept attempt-1, order 41, declined) → type a valid card number → Pay → order 41 created → card succeeds → PAID reported':
    { step: 'done: paid, order 41', calls: CARD_PAID },
  'Pay now (the kept attempt-1, order 41, declined) → choose cod → Pay → order 42 created': {
    step: 'done: placed, order 42',
    calls: [COD_ORDER('attempt-2'), REMEMBER_42],
  },
};

const ACTOR_OF = {
  'xstate.done.actor.createOrder': 'createOrder',
  'xstate.error.actor.createOrder': 'createOrder',
  'xstate.done.actor.confirmCard': 'confirmCard',
  'xstate.done.actor.reportPaid': 'reportStatus',
  'xstate.done.actor.reportFailed': 'reportStatus',
};

describe('payment machine, generated paths against expectations written from the spec', () => {
  it('has an expectation written down for every generated path, and none for others', () => {
    expectTableCoversPaths(names, EXPECTED);
  });

  paths.forEach(({ resumed, events }, index) => {
    const name = names[index] ?? '';
    it(name, async () => {
      const log = callLog();
      // Pay now after a declined payment (ADR-0050): the step takes up the attempt this tab
      // kept, its key and its order (no client secret kept), and says why it failed.
      const actor = createActor(
        paymentMachine.provide({
          actors: {
            loadTools: fromCallback(() => undefined),
            createOrder: log.promise<PlacedOrder, CreateOrderInput>(
              'createOrder',
              (given) =>
                `createOrder ${given.paymentMethod}, ${given.idempotencyKey}, ship ${given.shipMethodId}, total ${given.totals.total}, for ${given.email}`,
            ),
            confirmCard: log.promise<CardOutcome, ConfirmCardInput>('confirmCard', (given) => {
              const { name, email, phone, address } = given.billingDetails;
              const where = Object.values(address).join(', ');
              return `confirmCard ${given.clientSecret}, billed to ${name}, ${email}, ${phone}, ${where}`;
            }),
            reportStatus: log.promise<unknown, ReportStatusInput>(
              'reportStatus',
              (given) => `report order ${given.orderId} ${given.status} (${given.orderToken})`,
            ),
          },
          actions: {
            startAttempt: assign(({ context }) =>
              // Pay now after a declined payment (ADR-0050): the step takes up the attempt this
              // tab kept, its key and its order (no client secret kept), and says why it failed.
              resumed && context.idempotencyKey === ''
                ? {
                    idempotencyKey: 'attempt-1',
                    order: { orderId: 41, clientSecret: null, orderToken: 'ot_41' },
                    paymentError: {
                      code: 'declined' as const,
                      providerMessage: 'Your card was declined.',
                    },
                  }
                : { idempotencyKey: nextAttempt(context.idempotencyKey) },
            ),
            rememberOrder: log.action(
              ({ order }: { order: PlacedOrder }) =>
                `rememberOrder ${order.orderId} (${order.orderToken})`,
            ),
            notifyProcessingError: log.action(
              ({ error }: { error: string }) => `notifyProcessingError ${error}`,
            ),
            refreshCart: log.action(() => 'refreshCart'),
            logReportFailure: log.action(() => 'logReportFailure'),
          },
        }),
        { input },
      ).start();
      for (const event of ARRANGE) actor.send(event);
      await play(actor, log, events, ACTOR_OF);
      expect({ step: situation(actor.getSnapshot()), calls: log.calls }).toEqual(EXPECTED[name]);
      actor.stop();
    });
  });
});
