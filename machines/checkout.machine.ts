import { and, assign, fromCallback, fromPromise, sendTo, setup, type EventObject } from 'xstate';
import {
  paymentMachine,
  type OrderDetails,
  type PaymentOutput,
  type ShippingAddressDetails,
} from './payment.machine';

/**
 * The checkout overlay's steps (spec §2, §4): contact and address → shipping method → payment.
 * Pure: the feature supplies, with `provide()`, the server's cart (the `cart` actor, which sends
 * `checkout.cartUpdated`), the step the address names as the checkout starts (the `address` actor,
 * which sends `checkout.stepRequested`; the view sends it for Back and Forward), saving and clearing the cart's shipping, closing the overlay, toasts
 * and what happens once the order is placed. The payment step is the payment machine, invoked
 * fresh on each visit (a fresh visit is a new attempt); Back on that step is forwarded to it.
 *
 * The step is in the address (ADR-0057): the view writes this machine's step there, and an
 * address that names another step (Back, Forward, a reload) asks this machine for it; the machine
 * decides, so a step that cannot be shown yet is not.
 */

export type CheckoutDetails = { email: string; shippingAddress: ShippingAddressDetails };

/** The steps as the address names them (`?step=shipping`, ADR-0057). */
export type CheckoutStepName = 'details' | 'shipping' | 'payment';

/** A later step the address asked for, with step 0's details as this tab kept them. */
export type StepRequest = { step: 'shipping' | 'payment'; details: CheckoutDetails };

export type CheckoutContext = {
  details: CheckoutDetails | null;
  shipMethodId: number | null;
  /** The method stored on the cart before the one being saved (restored if saving fails). */
  savedShipMethodId: number | null;
  /** The last attempt to leave step 0 failed validation (the form shows the messages). */
  detailsRejected: boolean;
  /** A later step the address asked for while step 0 was not passed yet (taken up on step 0). */
  requested: StepRequest | null;
  /** Next was pressed on step 1 with no method chosen. */
  shippingRequired: boolean;
  /**
   * The method the server's cart holds (chosen before a reload, or in another tab): step 1
   * opens with it chosen, since the cart's totals already count it.
   */
  cartShipMethodId: number | null;
  /**
   * Opened to pay a placed order again (Pay now, ADR-0050): with the details given and a
   * shipping method stored, the checkout goes on to Payment by itself.
   */
  resumingPayment: boolean;
};

/** What the checkout needs to know of the server's cart. */
export type CartNews = {
  type: 'checkout.cartUpdated';
  itemCount: number;
  shipMethodId?: number | null;
};

export type CheckoutEvent =
  | CartNews
  | { type: 'checkout.detailsSubmitted'; details: CheckoutDetails }
  /** Pay now: step 0's details as this tab kept them, to go on to Payment. */
  | { type: 'checkout.resumePayment'; details: CheckoutDetails }
  | { type: 'checkout.detailsRejected' }
  | { type: 'checkout.shippingChosen'; methodId: number }
  | { type: 'checkout.next' }
  | { type: 'checkout.back' }
  /**
   * The address names this step (browser Back or Forward, a reload): `details` are step 0's
   * details as this tab kept them, or null when they do not pass step 0's checks.
   */
  | { type: 'checkout.stepRequested'; step: CheckoutStepName; details: CheckoutDetails | null };

/** Spec §9: the ship method step 1 opens with when the cart holds none (stored on the cart). */
export const DEFAULT_SHIP_METHOD_ID = 1;

/** The step indicator's names, in order (spec §2). */
export const CHECKOUT_STEPS = ['Checkout', 'Shipping', 'Payment'] as const;

export type CheckoutStepTag = 'step-details' | 'step-shipping' | 'step-payment';

const cartNews = ({ event }: { event: CartNews }) => ({
  itemCount: event.itemCount,
  shipMethodId: event.shipMethodId ?? null,
});

/** The step a `checkout.stepRequested` asks for (null for any other event). */
function askedStep(event: CheckoutEvent): CheckoutStepName | null {
  return event.type === 'checkout.stepRequested' ? event.step : null;
}

/** What a `checkout.stepRequested` asks of step 0: a later step with details that pass, or null. */
function laterStep(event: CheckoutEvent): StepRequest | null {
  if (event.type !== 'checkout.stepRequested') return null;
  if (event.step === 'details' || !event.details) return null;
  return { step: event.step, details: event.details };
}

/** Back from step 1 to step 0 (spec §4), out of Pay now too: Continue is then an ordinary visit. */
const backToDetails = {
  target: '#checkout.enteringDetails',
  actions: ['forgetShipMethod', 'clearShipping', 'stopResuming'],
} as const;

/** On steps 0 and 1: the cart's news is recorded, and an emptied cart shows the empty state. */
const recordCartOrShowEmpty = [
  {
    guard: { type: 'cartIsEmpty', params: cartNews },
    target: '#checkout.emptyCart',
    actions: { type: 'recordCart', params: cartNews },
  },
  { actions: { type: 'recordCart', params: cartNews } },
] as const;

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    tags: {} as CheckoutStepTag | 'savingShipping',
    children: {} as {
      payment: 'payment';
      setShipping: 'setShipping';
      cart: 'cart';
      address: 'address';
    },
  },
  actors: {
    /**
     * The server's cart, for as long as the checkout runs: sends `checkout.cartUpdated` with its
     * item count and ship method whenever they change (provided by the feature: a query observer).
     */
    cart: fromCallback<EventObject>(() => {}),
    /**
     * The step the address names as the checkout starts (a reload on Shipping): sends
     * `checkout.stepRequested` (provided by the feature). Back and Forward later send the same
     * event from the view, which hears the router's address (ADR-0057).
     */
    address: fromCallback<EventObject>(() => {}),
    setShipping: fromPromise<{ methodId: number }, { methodId: number }>(async () => {
      throw new Error('setShipping is not provided');
    }),
    payment: paymentMachine,
  },
  actions: {
    /** Closes the overlay (Back on step 0). */
    closeCheckout: () => {},
    /** Clears the cart's shipping choice on the server; a failure is only logged (spec §8). */
    clearShipping: () => {},
    notifyShippingFailed: (_, _params: { error: unknown }) => {},
    /** Clears the cart cache and the draft, closes, toasts and navigates to the confirmation. */
    completeCheckout: (_, _params: { output: PaymentOutput }) => {},
    recordDetails: assign((_, params: { details: CheckoutDetails }) => ({
      details: params.details,
      detailsRejected: false,
    })),
    rejectDetails: assign({ detailsRejected: true }),
    recordRequest: assign(({ event }) => ({ requested: laterStep(event) })),
    // Step 0's details as the tab kept them stand for a Continue the shopper made before.
    takeRequestedDetails: assign(({ context }) => ({
      details: context.requested?.details ?? context.details,
      detailsRejected: false,
      requested: null,
    })),
    startResuming: assign({ resumingPayment: true }),
    stopResuming: assign({ resumingPayment: false }),
    recordCart: assign((_, params: { shipMethodId: number | null }) => ({
      cartShipMethodId: params.shipMethodId,
    })),
    // Step 1 shows what the cart already holds, unless the shopper chose in this visit.
    adoptCartShipMethod: assign(({ context }) =>
      context.shipMethodId === null && context.cartShipMethodId !== null
        ? { shipMethodId: context.cartShipMethodId, savedShipMethodId: context.cartShipMethodId }
        : {},
    ),
    // Spec §9's default, chosen for the shopper when the cart holds no method yet; stored on the
    // cart like a choice, so the totals count its shipping.
    chooseDefaultShipMethod: assign({
      shipMethodId: DEFAULT_SHIP_METHOD_ID,
      savedShipMethodId: null,
      shippingRequired: false,
    }),
    // Shown as chosen at once; put back if the server refuses it.
    chooseShipMethod: assign(({ context }, params: { methodId: number }) => ({
      shipMethodId: params.methodId,
      savedShipMethodId: context.shipMethodId,
      shippingRequired: false,
    })),
    // The method last stored stays the one to put back if this one is refused.
    rechooseShipMethod: assign((_, params: { methodId: number }) => ({
      shipMethodId: params.methodId,
      shippingRequired: false,
    })),
    restoreShipMethod: assign(({ context }) => ({ shipMethodId: context.savedShipMethodId })),
    keepShipMethod: assign(({ context }) => ({ savedShipMethodId: context.shipMethodId })),
    forgetShipMethod: assign({
      shipMethodId: null,
      savedShipMethodId: null,
      cartShipMethodId: null, // cleared on the server too (clearShipping)
      shippingRequired: false,
    }),
    requireShipping: assign({ shippingRequired: true }),
    /** Back on the payment step is the payment's to decide (it refuses while processing). */
    forwardBackToPayment: sendTo('payment', { type: 'payment.back' }),
  },
  guards: {
    cartIsEmpty: (_, params: { itemCount: number }) => params.itemCount === 0,
    hasRequest: ({ context }) => context.requested !== null,
    requestsPaymentWithMethod: ({ context }) =>
      context.requested?.step === 'payment' &&
      (context.shipMethodId !== null || context.cartShipMethodId !== null),
    asksForLaterStep: ({ event }) => laterStep(event) !== null,
    asksForDetails: ({ event }) => askedStep(event) === 'details',
    asksForPayment: ({ event }) => askedStep(event) === 'payment',
    asksForEarlierStep: ({ event }) => askedStep(event) !== 'payment',
    cartHasItems: (_, params: { itemCount: number }) => params.itemCount > 0,
    hasShipMethod: ({ context }) => context.shipMethodId !== null,
    resumesPayment: ({ context }) => context.resumingPayment && context.shipMethodId !== null,
    cartHasShipMethod: ({ context }) =>
      context.shipMethodId !== null || context.cartShipMethodId !== null,
    paymentCancelled: (_, params: { output: PaymentOutput }) =>
      params.output.outcome === 'cancelled',
  },
}).createMachine({
  id: 'checkout',
  context: {
    details: null,
    shipMethodId: null,
    savedShipMethodId: null,
    detailsRejected: false,
    requested: null,
    shippingRequired: false,
    cartShipMethodId: null,
    resumingPayment: false,
  },
  invoke: [
    { id: 'cart', src: 'cart' },
    { id: 'address', src: 'address' },
  ],
  initial: 'loadingCart',
  states: {
    loadingCart: {
      on: {
        'checkout.cartUpdated': [
          {
            guard: { type: 'cartIsEmpty', params: cartNews },
            target: 'emptyCart',
            actions: { type: 'recordCart', params: cartNews },
          },
          { target: 'enteringDetails', actions: { type: 'recordCart', params: cartNews } },
        ],
        'checkout.back': { actions: 'closeCheckout' },
        // Opened on a later step (a reload on Shipping): taken up once step 0 shows.
        'checkout.stepRequested': { guard: 'asksForLaterStep', actions: 'recordRequest' },
      },
    },
    emptyCart: {
      on: {
        'checkout.cartUpdated': [
          {
            guard: { type: 'cartHasItems', params: cartNews },
            target: 'enteringDetails',
            actions: { type: 'recordCart', params: cartNews },
          },
          { actions: { type: 'recordCart', params: cartNews } },
        ],
        'checkout.back': { actions: 'closeCheckout' },
        'checkout.stepRequested': { guard: 'asksForLaterStep', actions: 'recordRequest' },
      },
    },
    enteringDetails: {
      tags: ['step-details'],
      // A later step the address asked for (a reload on Shipping or Payment, Forward): step 0's
      // kept details go on as a Continue would; Payment only with a method stored, otherwise
      // Shipping, the first step not done yet.
      always: [
        {
          guard: 'requestsPaymentWithMethod',
          target: 'choosingShipping',
          actions: ['takeRequestedDetails', 'adoptCartShipMethod', 'startResuming'],
        },
        {
          guard: and(['hasRequest', 'cartHasShipMethod']),
          target: 'choosingShipping',
          actions: ['takeRequestedDetails', 'adoptCartShipMethod'],
        },
        {
          guard: 'hasRequest',
          target: 'choosingShipping.saving',
          actions: ['takeRequestedDetails', 'chooseDefaultShipMethod'],
        },
      ],
      on: {
        // Details that fail step 0's checks ask for nothing: the shopper stays on step 0.
        'checkout.stepRequested': { guard: 'asksForLaterStep', actions: 'recordRequest' },
        'checkout.cartUpdated': recordCartOrShowEmpty,
        'checkout.detailsSubmitted': [
          // The cart's method wins (chosen before a reload, or in another tab).
          {
            guard: 'cartHasShipMethod',
            target: 'choosingShipping',
            actions: [
              { type: 'recordDetails', params: ({ event }) => ({ details: event.details }) },
              'adoptCartShipMethod',
            ],
          },
          {
            target: 'choosingShipping.saving',
            actions: [
              { type: 'recordDetails', params: ({ event }) => ({ details: event.details }) },
              'chooseDefaultShipMethod',
            ],
          },
        ],
        'checkout.resumePayment': [
          {
            guard: 'cartHasShipMethod',
            target: 'choosingShipping',
            actions: [
              { type: 'recordDetails', params: ({ event }) => ({ details: event.details }) },
              'adoptCartShipMethod',
              'startResuming',
            ],
          },
          {
            target: 'choosingShipping.saving',
            actions: [
              { type: 'recordDetails', params: ({ event }) => ({ details: event.details }) },
              'chooseDefaultShipMethod',
              'startResuming',
            ],
          },
        ],
        // The form shows the messages and its error summary takes focus (ADR-0057).
        'checkout.detailsRejected': { actions: 'rejectDetails' },
        'checkout.back': { actions: 'closeCheckout' },
      },
    },
    choosingShipping: {
      tags: ['step-shipping'],
      on: {
        'checkout.cartUpdated': recordCartOrShowEmpty,
        'checkout.back': backToDetails,
        // Browser Back to step 0 is the step's Back.
        'checkout.stepRequested': { guard: 'asksForDetails', ...backToDetails },
      },
      initial: 'idle',
      states: {
        idle: {
          // Pay now: the stored method stands, straight on to Payment.
          always: { guard: 'resumesPayment', target: '#checkout.paying', actions: 'stopResuming' },
          on: {
            'checkout.shippingChosen': {
              target: 'saving',
              actions: {
                type: 'chooseShipMethod',
                params: ({ event }) => ({ methodId: event.methodId }),
              },
            },
            'checkout.next': [
              { guard: 'hasShipMethod', target: '#checkout.paying' },
              { actions: 'requireShipping' },
            ],
            // Browser Forward to Payment is Continue, when a method is stored.
            'checkout.stepRequested': {
              guard: and(['asksForPayment', 'hasShipMethod']),
              target: '#checkout.paying',
            },
          },
        },
        saving: {
          tags: ['savingShipping'],
          on: {
            // Another method while one is being stored: the newer choice is stored instead.
            'checkout.shippingChosen': {
              target: 'saving',
              reenter: true,
              actions: {
                type: 'rechooseShipMethod',
                params: ({ event }) => ({ methodId: event.methodId }),
              },
            },
          },
          invoke: {
            id: 'setShipping',
            src: 'setShipping',
            input: ({ context }) => ({ methodId: context.shipMethodId ?? DEFAULT_SHIP_METHOD_ID }),
            onDone: { target: 'idle', actions: 'keepShipMethod' },
            onError: {
              target: 'idle',
              actions: [
                'restoreShipMethod',
                { type: 'notifyShippingFailed', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },
    paying: {
      tags: ['step-payment'],
      on: {
        'checkout.back': { actions: 'forwardBackToPayment' },
        // Browser Back is the step's Back (refused while an order is being processed).
        'checkout.stepRequested': { guard: 'asksForEarlierStep', actions: 'forwardBackToPayment' },
      },
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context }): OrderDetails => ({
          email: context.details?.email ?? '',
          shippingAddress: context.details?.shippingAddress ?? {
            name: '',
            country: '',
            province: '',
            city: '',
            postalCode: '',
            street: '',
            phoneNumber: '',
            isDefault: false,
          },
          shipMethodId: context.shipMethodId ?? 0,
        }),
        onDone: [
          {
            guard: { type: 'paymentCancelled', params: ({ event }) => ({ output: event.output }) },
            target: 'choosingShipping',
            actions: ['forgetShipMethod', 'clearShipping'],
          },
          {
            target: 'completed',
            actions: {
              type: 'completeCheckout',
              params: ({ event }) => ({ output: event.output }),
            },
          },
        ],
      },
    },
    completed: { type: 'final' },
  },
});
