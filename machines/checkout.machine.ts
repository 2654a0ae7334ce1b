import { assign, fromPromise, setup } from 'xstate';
import {
  paymentMachine,
  type OrderDetails,
  type PaymentOutput,
  type ShippingAddressDetails,
} from './payment.machine';

/**
 * The checkout overlay's steps (spec §2, §4): contact and address → shipping method → payment.
 * Pure: the feature supplies saving and clearing the cart's shipping, closing the overlay,
 * moving focus to an invalid field, toasts and what happens once the order is placed, with `provide()`. The payment
 * step is the payment machine, invoked fresh on each visit (a fresh visit is a new attempt).
 */

export type CheckoutDetails = { email: string; shippingAddress: ShippingAddressDetails };

export type CheckoutContext = {
  details: CheckoutDetails | null;
  shipMethodId: number | null;
  /** The method stored on the cart before the one being saved (restored if saving fails). */
  savedShipMethodId: number | null;
  /** The last attempt to leave step 0 failed validation (the form shows the messages). */
  detailsRejected: boolean;
  /** Next was pressed on step 1 with no method chosen. */
  shippingRequired: boolean;
  /**
   * The method the server's cart holds (chosen before a reload, or in another tab): step 1
   * opens with it chosen, since the cart's totals already count it.
   */
  cartShipMethodId: number | null;
};

export type CheckoutEvent =
  | { type: 'checkout.cartUpdated'; itemCount: number; shipMethodId?: number | null }
  | { type: 'checkout.detailsSubmitted'; details: CheckoutDetails }
  | { type: 'checkout.detailsRejected' }
  | { type: 'checkout.shippingChosen'; methodId: number }
  | { type: 'checkout.next' }
  | { type: 'checkout.back' };

/** Spec §2 and §5 texts the steps show. */
export const CHECKOUT_MESSAGES = {
  emptyCart: 'There is nothing to display, please order and come back.',
  shippingRequired: 'Please select a shipping method',
} as const;

/** Spec §9: the ship method step 1 opens with when the cart holds none (stored on the cart). */
export const DEFAULT_SHIP_METHOD_ID = 1;

/** The step indicator's names, in order (spec §2). */
export const CHECKOUT_STEPS = ['Checkout', 'Shipping', 'Payment'] as const;

export type CheckoutStepTag = 'step-details' | 'step-shipping' | 'step-payment';

/** On steps 0 and 1: the cart's news is recorded, and an emptied cart shows the empty state. */
const recordCartOrShowEmpty = [
  { guard: 'cartIsEmpty', target: '#checkout.emptyCart', actions: 'recordCart' },
  { actions: 'recordCart' },
] as const;

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    tags: {} as CheckoutStepTag | 'savingShipping',
  },
  actors: {
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
    /** Moves focus to the first field the form marked invalid. */
    focusFirstInvalidField: () => {},
    notifyShippingFailed: (_, _params: { error: unknown }) => {},
    /** Clears the cart cache and the draft, closes, toasts and navigates to the confirmation. */
    completeCheckout: (_, _params: { output: PaymentOutput }) => {},
    recordDetails: assign(({ event }) =>
      event.type === 'checkout.detailsSubmitted'
        ? { details: event.details, detailsRejected: false }
        : {},
    ),
    rejectDetails: assign({ detailsRejected: true }),
    recordCart: assign(({ event }) =>
      event.type === 'checkout.cartUpdated' ? { cartShipMethodId: event.shipMethodId ?? null } : {},
    ),
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
    chooseShipMethod: assign(({ context, event }) =>
      event.type === 'checkout.shippingChosen'
        ? {
            shipMethodId: event.methodId,
            savedShipMethodId: context.shipMethodId,
            shippingRequired: false,
          }
        : {},
    ),
    // The method last stored stays the one to put back if this one is refused.
    rechooseShipMethod: assign(({ event }) =>
      event.type === 'checkout.shippingChosen'
        ? { shipMethodId: event.methodId, shippingRequired: false }
        : {},
    ),
    restoreShipMethod: assign(({ context }) => ({ shipMethodId: context.savedShipMethodId })),
    keepShipMethod: assign(({ context }) => ({ savedShipMethodId: context.shipMethodId })),
    forgetShipMethod: assign({
      shipMethodId: null,
      savedShipMethodId: null,
      cartShipMethodId: null, // cleared on the server too (clearShipping)
      shippingRequired: false,
    }),
    requireShipping: assign({ shippingRequired: true }),
  },
  guards: {
    cartIsEmpty: ({ event }) => event.type === 'checkout.cartUpdated' && event.itemCount === 0,
    cartHasItems: ({ event }) => event.type === 'checkout.cartUpdated' && event.itemCount > 0,
    hasShipMethod: ({ context }) => context.shipMethodId !== null,
    cartHasShipMethod: ({ context }) =>
      context.shipMethodId !== null || context.cartShipMethodId !== null,
    paymentCancelled: ({ event }) =>
      'output' in event && (event.output as PaymentOutput).outcome === 'cancelled',
  },
}).createMachine({
  id: 'checkout',
  context: {
    details: null,
    shipMethodId: null,
    savedShipMethodId: null,
    detailsRejected: false,
    shippingRequired: false,
    cartShipMethodId: null,
  },
  initial: 'loadingCart',
  states: {
    loadingCart: {
      on: {
        'checkout.cartUpdated': [
          { guard: 'cartIsEmpty', target: 'emptyCart', actions: 'recordCart' },
          { target: 'enteringDetails', actions: 'recordCart' },
        ],
        'checkout.back': { actions: 'closeCheckout' },
      },
    },
    emptyCart: {
      on: {
        'checkout.cartUpdated': [
          { guard: 'cartHasItems', target: 'enteringDetails', actions: 'recordCart' },
          { actions: 'recordCart' },
        ],
        'checkout.back': { actions: 'closeCheckout' },
      },
    },
    enteringDetails: {
      tags: ['step-details'],
      on: {
        'checkout.cartUpdated': recordCartOrShowEmpty,
        'checkout.detailsSubmitted': [
          // The cart's method wins (chosen before a reload, or in another tab).
          {
            guard: 'cartHasShipMethod',
            target: 'choosingShipping',
            actions: ['recordDetails', 'adoptCartShipMethod'],
          },
          {
            target: 'choosingShipping.saving',
            actions: ['recordDetails', 'chooseDefaultShipMethod'],
          },
        ],
        'checkout.detailsRejected': { actions: ['rejectDetails', 'focusFirstInvalidField'] },
        'checkout.back': { actions: 'closeCheckout' },
      },
    },
    choosingShipping: {
      tags: ['step-shipping'],
      on: {
        'checkout.cartUpdated': recordCartOrShowEmpty,
        'checkout.back': {
          target: 'enteringDetails',
          actions: ['forgetShipMethod', 'clearShipping'],
        },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'checkout.shippingChosen': { target: 'saving', actions: 'chooseShipMethod' },
            'checkout.next': [
              { guard: 'hasShipMethod', target: '#checkout.paying' },
              { actions: 'requireShipping' },
            ],
          },
        },
        saving: {
          tags: ['savingShipping'],
          on: {
            // Another method while one is being stored: the newer choice is stored instead.
            'checkout.shippingChosen': {
              target: 'saving',
              reenter: true,
              actions: 'rechooseShipMethod',
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
            guard: 'paymentCancelled',
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
