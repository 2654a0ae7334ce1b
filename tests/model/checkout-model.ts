// The checkout machine's test model for the rendered checkout's view-level tests
// (tests/model/checkout.model.test.tsx): the events in each situation, what tells situations
// apart, where paths start, and the paths themselves.
import { TestModel } from 'xstate/graph';
import { initialTransition, transition, type SnapshotFrom } from 'xstate';
import {
  checkoutMachine,
  type CheckoutDetails,
  type CheckoutEvent,
} from '../../machines/checkout.machine';
import type { PaymentOutput } from '../../machines/payment.machine';
import { sampleCheckoutDetails } from '../fixtures/checkout';

export const details: CheckoutDetails = sampleCheckoutDetails;

export type Snapshot = SnapshotFrom<typeof checkoutMachine>;
type ModelEvent =
  | CheckoutEvent
  | { type: 'xstate.done.actor.setShipping'; output: { methodId: number } }
  | { type: 'xstate.error.actor.setShipping'; error: Error }
  | { type: 'xstate.done.actor.payment'; output: PaymentOutput };

export const paidOutput: PaymentOutput = {
  outcome: 'paid',
  order: { orderId: 41, clientSecret: 'pi_1_secret_2', orderToken: 'ot_1' },
  paymentMethod: 'card',
};
const cancelledOutput: PaymentOutput = {
  outcome: 'cancelled',
  order: null,
  paymentMethod: 'card',
};

function eventsFor(snapshot: Snapshot): ModelEvent[] {
  const { context } = snapshot;
  if (snapshot.matches('enteringDetails')) {
    // Once typed, the form stays filled (a draft): only an empty form can fail validation.
    return context.details
      ? [{ type: 'checkout.detailsSubmitted', details }, { type: 'checkout.back' }]
      : [
          { type: 'checkout.detailsRejected' },
          { type: 'checkout.detailsSubmitted', details },
          { type: 'checkout.back' },
        ];
  }
  if (snapshot.matches({ choosingShipping: 'idle' })) {
    return [
      { type: 'checkout.shippingChosen', methodId: 2 },
      { type: 'checkout.next' },
      { type: 'checkout.back' },
    ];
  }
  if (snapshot.matches({ choosingShipping: 'saving' })) {
    return [
      { type: 'xstate.done.actor.setShipping', output: { methodId: context.shipMethodId ?? 0 } },
      { type: 'xstate.error.actor.setShipping', error: new Error('Shipping method not found') },
      // Another method chosen while the default (spec §9: id 1) is being stored.
      ...(context.shipMethodId === 2
        ? []
        : [{ type: 'checkout.shippingChosen', methodId: 2 } as const]),
    ];
  }
  if (snapshot.matches('paying')) {
    return [
      { type: 'xstate.done.actor.payment', output: cancelledOutput },
      { type: 'xstate.done.actor.payment', output: paidOutput },
    ];
  }
  return [];
}

function serializeState(snapshot: Snapshot): string {
  const { context } = snapshot;
  return JSON.stringify([
    snapshot.value,
    context.details !== null,
    context.detailsRejected,
    context.shipMethodId,
    context.shippingRequired,
  ]);
}

// The model starts once the cart has loaded with items (the view reports it on its own).
const [initial] = initialTransition(checkoutMachine);
const [fromState] = transition(checkoutMachine, initial, {
  type: 'checkout.cartUpdated',
  itemCount: 1,
});

const model = new TestModel(checkoutMachine, {
  events: eventsFor as (snapshot: Snapshot) => CheckoutEvent[],
  serializeState: serializeState as (snapshot: Snapshot) => string,
  stateMatcher: () => true,
});

export const paths = [
  ...model.getShortestPaths({ fromState }),
  // Back from Payment and forward again, then paid.
  ...model.getPathsFromEvents(
    [
      { type: 'checkout.detailsSubmitted', details },
      { type: 'checkout.shippingChosen', methodId: 2 },
      { type: 'xstate.done.actor.setShipping', output: { methodId: 2 } },
      { type: 'checkout.next' },
      { type: 'xstate.done.actor.payment', output: cancelledOutput },
      { type: 'checkout.back' },
      { type: 'checkout.detailsSubmitted', details },
      { type: 'checkout.shippingChosen', methodId: 2 },
      { type: 'xstate.done.actor.setShipping', output: { methodId: 2 } },
      { type: 'checkout.next' },
      { type: 'xstate.done.actor.payment', output: paidOutput },
    ] as CheckoutEvent[],
    { fromState },
  ),
];

paths.push(
  // Back on step 0 closes the overlay; Back on Shipping returns to step 0, where Back closes it.
  // (Back on step 0 keeps the machine where it is, so no shortest path takes it.)
  ...model.getPathsFromEvents([{ type: 'checkout.back' }] as CheckoutEvent[], { fromState }),
  ...model.getPathsFromEvents(
    [
      { type: 'checkout.detailsSubmitted', details },
      { type: 'checkout.back' },
      { type: 'checkout.back' },
    ] as CheckoutEvent[],
    { fromState },
  ),
  // A failed Continue, then the address; saving the method fails, then succeeds.
  ...model.getPathsFromEvents(
    [
      { type: 'checkout.detailsRejected' },
      { type: 'checkout.detailsSubmitted', details },
      { type: 'checkout.shippingChosen', methodId: 2 },
      { type: 'xstate.error.actor.setShipping', error: new Error('Shipping method not found') },
      { type: 'checkout.next' },
      { type: 'checkout.shippingChosen', methodId: 2 },
      { type: 'xstate.done.actor.setShipping', output: { methodId: 2 } },
      { type: 'checkout.next' },
    ] as CheckoutEvent[],
    { fromState },
  ),
);

export function describePath(events: { type: string }[]): string {
  const names = events
    .filter((event) => event.type !== 'xstate.init')
    .map((event) => {
      const e = event as ModelEvent;
      switch (e.type) {
        case 'checkout.detailsRejected':
          return 'continue with empty fields';
        case 'checkout.detailsSubmitted':
          return 'continue with the address';
        case 'checkout.shippingChosen':
          return 'choose Standard Shipping';
        case 'xstate.done.actor.setShipping':
          return 'shipping saved';
        case 'xstate.error.actor.setShipping':
          return 'saving shipping fails';
        case 'checkout.next':
          return 'continue to payment';
        case 'checkout.back':
          return 'back';
        case 'xstate.done.actor.payment':
          return e.output.outcome === 'paid' ? 'pay by card' : 'back from payment';
        default:
          return e.type;
      }
    });
  return names.length > 0 ? names.join(' → ') : 'starts on Checkout';
}
