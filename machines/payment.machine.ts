import { and, assign, fromCallback, fromPromise, or, setup, type EventObject } from 'xstate';
import type { components } from '../contract/schema';

type Schemas = components['schemas'];

/**
 * The payment step (spec §4 "Payment", D4, D5): create the order, confirm the card with the
 * payment provider, report PAID or PAYMENT_FAILED. Pure: every effect is a named stub the
 * feature supplies with `provide()` (loading the card tools, creating the order, confirming the
 * card, reporting the status, remembering the order's token). The context holds reason codes;
 * the feature's views turn them into the spec's texts.
 */

// The contract's own types (type-only: machines stay free of src/ and of runtime imports).
export type PaymentMethodChoice = Schemas['PaymentMethod'];

export type OrderTotals = Schemas['OrderTotals'];

/** The address as the checkout collected it: the contract's, with "Set as default" decided. */
export type ShippingAddressDetails = Schemas['AddressInput'] & { isDefault: boolean };

/** Who orders and where it goes: what the checkout's first two steps collected. */
export type OrderDetails = {
  email: string;
  shippingAddress: ShippingAddressDetails;
  shipMethodId: number;
};

/** What the shopper sees in the Order Items panel when they press Pay (the server's cart). */
export type OrderDraft = {
  items: { productId: number; quantity: number; price: number }[];
  promoCode: string | null;
  totals: OrderTotals;
};

export type CreateOrderInput = OrderDetails &
  OrderDraft & { paymentMethod: PaymentMethodChoice; idempotencyKey: string };

export type PlacedOrder = {
  orderId: number;
  /** The payment intent's secret (card orders only). */
  clientSecret: string | null;
  /** A guest order's secret, to read it later (null for a signed-in shopper's order). */
  orderToken: string | null;
};

/**
 * The card element the shopper typed into, as the view hands it over with Pay (opaque here: the
 * provided confirmCard actor knows it is Stripe's card number element).
 */
export type CardHandle = object;

export type ConfirmCardInput = {
  clientSecret: string;
  card: CardHandle | null;
  billingDetails: {
    name: string;
    email: string;
    phone: string;
    address: { line1: string; city: string; state: string; postal_code: string; country: string };
  };
};

/**
 * Stripe's answer, reduced to what the flow needs. A provider error carries its message;
 * `processing` is a payment Stripe has not decided yet (its webhook will).
 */
export type CardOutcome =
  | { status: 'succeeded' }
  | { status: 'processing' }
  | { status: 'declined'; message: string | null };

export type ReportStatusInput = {
  orderId: number;
  orderToken: string | null;
  status: 'PAID' | 'PAYMENT_FAILED';
};

export type CardField = 'cardNumber' | 'cardExpiry' | 'cardCvc' | 'cardHolder';

/**
 * What a card field reports as the shopper types: the provider's own message for what it
 * rejects, and `incomplete` when the field was left incomplete (Card Holder Name on blur).
 */
export type CardFieldState = {
  error: string | null;
  complete: boolean;
  empty: boolean;
  incomplete?: boolean;
  /** What was typed, for Card Holder Name (Stripe's own fields never hand it out). */
  value?: string;
};

/** Why a field is marked: left incomplete, or rejected with the provider's own message. */
export type CardFieldError = { code: 'incomplete' } | { code: 'provider'; message: string };

/** A card field as the machine keeps it (the view turns `error` into words). */
export type CardFieldStatus = { error: CardFieldError | null; complete: boolean; empty: boolean };

export type PaymentOutput = {
  /** `confirming`: the card was confirmed and Stripe's webhook will say PAID (or not). */
  outcome: 'paid' | 'confirming' | 'placed' | 'cancelled';
  order: PlacedOrder | null;
  paymentMethod: PaymentMethodChoice;
};

/** Why Pay was refused before anything was sent (spec §5); the view shows the spec's text. */
export type PaymentBlock = 'correctErrors' | 'toolsNotLoaded' | 'cardMissing';

/** The card was declined; the provider's own message, when it gave one, is shown instead. */
export type PaymentError = { code: 'declined'; providerMessage?: string };

const CARD_FIELDS: readonly CardField[] = ['cardNumber', 'cardExpiry', 'cardCvc', 'cardHolder'];

const untouchedField: CardFieldStatus = { error: null, complete: false, empty: true };

function fieldStatus(state: CardFieldState): CardFieldStatus {
  const error: CardFieldError | null = state.error
    ? { code: 'provider', message: state.error }
    : state.incomplete
      ? { code: 'incomplete' }
      : null;
  return { error, complete: state.complete, empty: state.empty };
}

export type PaymentContext = OrderDetails & {
  paymentMethod: PaymentMethodChoice;
  /**
   * Whether the shop takes cash on delivery (the API's GET /payment/methods; off with
   * COD_ENABLED=false). Taken as yes until it says otherwise: the server refuses such an order
   * with its own message anyway.
   */
  codAvailable: boolean;
  /** Card Holder Name as typed (prefilled with the shipping name): the payment's billing name. */
  cardHolderName: string;
  /** One per checkout attempt, kept across retries: the server answers the same order (D4). */
  idempotencyKey: string;
  fields: Record<CardField, CardFieldStatus>;
  /** 'loading' until Stripe (or the sandbox) is ready; 'failed' after its load timed out. */
  tools: 'loading' | 'ready' | 'failed';
  draft: OrderDraft | null;
  order: PlacedOrder | null;
  /** Why the last Pay was refused (spec §5), shown above the Pay button. */
  blocked: PaymentBlock | null;
  /** The card was declined (the view shows the provider's message or spec §8's text). */
  paymentError: PaymentError | null;
  /** The card element handed over with the last Pay, for confirming the card. */
  card: CardHandle | null;
  /**
   * Any other failure of the last attempt (issue 16): kept, and shown on the payment step in
   * the shopper's words, until the next attempt.
   */
  processingError: ProcessingError | null;
  /** The server's totals after a 409 TOTALS_MISMATCH: shown, and paid once confirmed. */
  revisedTotals: OrderTotals | null;
  outcome: PaymentOutput['outcome'] | null;
};

/** A failure of the order flow other than a card decline. */
export type ProcessingError = {
  /**
   * Where it failed: `order` (the order was not placed, nothing charged), `card` (the card
   * confirmation did not answer), `record` (the card was charged, the order not marked paid).
   */
  stage: 'order' | 'card' | 'record';
  /** No answer at all (offline, a dropped connection), rather than an answer saying no. */
  network: boolean;
  /** The error as the developer sees it (spec §8's "Error creating PaymentIntent" line). */
  detail: string;
  /**
   * The server's reason code when it answered with a refusal (`PROMO_REJECTED`: a card-only promo
   * on cash on delivery, issue 30), so the view can show the server's reason where it belongs.
   */
  code: string | null;
};

export type PaymentEvent =
  | { type: 'payment.methodChosen'; method: PaymentMethodChoice }
  | { type: 'payment.fieldChanged'; field: CardField; state: CardFieldState }
  | { type: 'payment.toolsLoaded' }
  | { type: 'payment.toolsFailed' }
  | { type: 'payment.methodsKnown'; cod: boolean }
  | { type: 'payment.submit'; draft: OrderDraft; card: CardHandle | null }
  | { type: 'payment.back' };

export type PaymentInput = OrderDetails & { paymentMethod?: PaymentMethodChoice };

/** An error whose totals say the server priced the order differently (409 TOTALS_MISMATCH). */
export type TotalsMismatch = { totals: OrderTotals };

function isTotalsMismatch(error: unknown): error is TotalsMismatch {
  if (typeof error !== 'object' || error === null) return false;
  const record = error as { code?: unknown; totals?: unknown };
  return record.code === 'TOTALS_MISMATCH' && typeof record.totals === 'object' && !!record.totals;
}

/**
 * The totals an attempt pays: the cart's, or the server's revised totals after a 409
 * TOTALS_MISMATCH the shopper was shown (the Pay button reads the same, payment.selectors.ts).
 */
export function dueTotals(
  context: Pick<PaymentContext, 'revisedTotals'>,
  cartTotals: OrderTotals,
): OrderTotals {
  return context.revisedTotals ?? cartTotals;
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

/** A request that got no answer: the API layer's network error has status 0, fetch a TypeError. */
function isNetworkError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ('status' in error && error.status === 0) return true;
  return error instanceof TypeError;
}

function errorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  return typeof error.code === 'string' ? error.code : null;
}

function processingError(stage: ProcessingError['stage'], error: unknown): ProcessingError {
  return {
    stage,
    network: isNetworkError(error),
    detail: errorText(error),
    code: errorCode(error),
  };
}

const takeDraftParams = ({
  event,
}: {
  event: Extract<PaymentEvent, { type: 'payment.submit' }>;
}) => ({
  draft: event.draft,
  card: event.card,
});

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
    output: {} as PaymentOutput,
    tags: {} as 'processing' | 'declined' | 'reviewingTotals',
  },
  actors: {
    /**
     * Loads the card tools (Stripe or the sandbox) once the step starts: sends
     * `payment.toolsLoaded` or `payment.toolsFailed`.
     */
    loadTools: fromCallback<EventObject>(() => {}),
    /**
     * Learns which payment methods the shop takes (GET /payment/methods) once the step starts:
     * sends `payment.methodsKnown`. Nothing, if it cannot: cash on delivery then stays offered, and
     * the server's refusal says why.
     */
    loadMethods: fromCallback<EventObject>(() => {}),
    createOrder: fromPromise<PlacedOrder, CreateOrderInput>(async () => {
      throw new Error('createOrder is not provided');
    }),
    confirmCard: fromPromise<CardOutcome, ConfirmCardInput>(async () => {
      throw new Error('confirmCard is not provided');
    }),
    reportStatus: fromPromise<unknown, ReportStatusInput>(async () => {
      throw new Error('reportStatus is not provided');
    }),
  },
  actions: {
    /** Replaced by the feature with a real key (crypto.randomUUID()); tests give fixed ones. */
    startAttempt: assign({ idempotencyKey: () => 'attempt-not-provided' }),
    /** Keeps the guest's order token so the confirmation page can be reloaded (D2). */
    rememberOrder: (_, _params: { order: PlacedOrder }) => {},
    /**
     * Keeps the attempt (its key, method, order and whether the card is being confirmed) so a
     * reload finds it: Pay again is then the same order request (ADR-0050).
     */
    keepAttempt: () => {},
    /** Toasts "Error processing payment..." and "Error creating PaymentIntent" plus the error. */
    notifyProcessingError: (_, _params: { error: string }) => {},
    /** Refetches the cart, so the Order Items panel shows the server's new totals too. */
    refreshCart: () => {},
    /** A failed report is only logged: the shopper's message does not depend on it. */
    logReportFailure: (_, _params: { error: unknown }) => {},
    chooseMethod: assign((_, params: { method: PaymentMethodChoice }) => ({
      paymentMethod: params.method,
      blocked: null,
    })),
    forgetOrder: assign({ order: null, paymentError: null, processingError: null }),
    recordMethods: assign((_, params: { cod: boolean }) => ({ codAvailable: params.cod })),
    recordProcessingError: assign(
      (_, params: { stage: ProcessingError['stage']; error: unknown }) => ({
        processingError: processingError(params.stage, params.error),
      }),
    ),
    recordField: assign(({ context }, params: { field: CardField; state: CardFieldState }) => {
      const fields = { ...context.fields, [params.field]: fieldStatus(params.state) };
      const stillBlocked = CARD_FIELDS.some((field) => fields[field].error);
      return {
        fields,
        cardHolderName:
          params.field === 'cardHolder' && params.state.value !== undefined
            ? params.state.value
            : context.cardHolderName,
        // The highlighted-errors notice goes once nothing is highlighted any more.
        blocked: context.blocked === 'correctErrors' && !stillBlocked ? null : context.blocked,
      };
    }),
    markToolsReady: assign({
      tools: 'ready',
      blocked: ({ context }) => (context.blocked === 'toolsNotLoaded' ? null : context.blocked),
    }),
    markToolsFailed: assign({ tools: 'failed' }),
    block: assign((_, params: { reason: PaymentBlock }) => ({ blocked: params.reason })),
    highlightIncompleteFields: assign(({ context }) => {
      const fields = { ...context.fields };
      for (const field of CARD_FIELDS) {
        if (!fields[field].complete && !fields[field].error) {
          fields[field] = { ...fields[field], error: { code: 'incomplete' } };
        }
      }
      return { fields, blocked: 'correctErrors' as const };
    }),
    takeDraft: assign(({ context }, params: { draft: OrderDraft; card: CardHandle | null }) => ({
      // After a totals mismatch the shopper confirms the server's totals, which they were shown:
      // the same amount due the Pay button shows (payment.selectors.ts).
      draft: { ...params.draft, totals: dueTotals(context, params.draft.totals) },
      card: params.card,
      blocked: null,
      paymentError: null,
      processingError: null,
    })),
    /** A retry on the placed order: the same order request again, with the card typed now. */
    takeCard: assign(({ context }, params: { draft: OrderDraft; card: CardHandle | null }) => ({
      // A resumed attempt (after a reload) has no draft yet: the cart's, as the first time.
      draft: context.draft ?? { ...params.draft, totals: dueTotals(context, params.draft.totals) },
      card: params.card,
      blocked: null,
      paymentError: null,
      processingError: null,
    })),
    recordOrder: assign((_, params: { order: PlacedOrder }) => ({ order: params.order })),
    recordRevisedTotals: assign((_, params: { error: unknown }) =>
      isTotalsMismatch(params.error) ? { revisedTotals: params.error.totals } : {},
    ),
    clearRevisedTotals: assign({ revisedTotals: null }),
    recordOutcome: assign((_, params: { outcome: PaymentOutput['outcome'] }) => ({
      outcome: params.outcome,
    })),
    recordDecline: assign((_, params: { outcome: CardOutcome }) => {
      const message = params.outcome.status === 'declined' ? params.outcome.message : null;
      const paymentError: PaymentError = message
        ? { code: 'declined', providerMessage: message }
        : { code: 'declined' };
      return { paymentError };
    }),
  },
  guards: {
    paysByCard: ({ context }) => context.paymentMethod === 'card',
    paysOnDelivery: ({ context }) => context.paymentMethod === 'cod',
    /** The shop takes cash on delivery (otherwise, like PayPal, it cannot submit). */
    codAvailable: ({ context }) => context.codAvailable,
    cardFieldHasError: ({ context }) => CARD_FIELDS.some((field) => context.fields[field].error),
    cardFieldIncomplete: ({ context }) =>
      CARD_FIELDS.some((field) => !context.fields[field].complete),
    toolsNotReady: ({ context }) => context.tools !== 'ready',
    /** Pay by card without the card element the shopper typed into. */
    cardElementMissing: ({ context }, params: { card: CardHandle | null }) =>
      context.paymentMethod === 'card' && params.card === null,
    hasOrder: ({ context }) => context.order !== null,
    switchesAwayFromPlacedOrder: ({ context }, params: { method: PaymentMethodChoice }) =>
      context.order !== null && params.method !== context.paymentMethod,
    cardSucceeded: (_, params: { outcome: CardOutcome }) => params.outcome.status === 'succeeded',
    cardProcessing: (_, params: { outcome: CardOutcome }) => params.outcome.status === 'processing',
    orderHasClientSecret: (_, params: { order: PlacedOrder }) => Boolean(params.order.clientSecret),
    totalsMismatch: (_, params: { error: unknown }) => isTotalsMismatch(params.error),
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    email: input.email,
    shippingAddress: input.shippingAddress,
    shipMethodId: input.shipMethodId,
    paymentMethod: input.paymentMethod ?? 'card',
    codAvailable: true,
    cardHolderName: input.shippingAddress.name,
    idempotencyKey: '',
    fields: {
      cardNumber: untouchedField,
      cardExpiry: untouchedField,
      cardCvc: untouchedField,
      // Card Holder Name starts with the shipping name: a prefilled name counts as typed.
      cardHolder:
        input.shippingAddress.name.trim() === ''
          ? untouchedField
          : { error: null, complete: true, empty: false },
    },
    tools: 'loading',
    draft: null,
    order: null,
    blocked: null,
    paymentError: null,
    card: null,
    processingError: null,
    revisedTotals: null,
    outcome: null,
  }),
  entry: 'startAttempt',
  invoke: [
    { id: 'loadTools', src: 'loadTools' },
    { id: 'loadMethods', src: 'loadMethods' },
  ],
  on: {
    'payment.methodsKnown': {
      actions: { type: 'recordMethods', params: ({ event }) => ({ cod: event.cod }) },
    },
  },
  output: ({ context }) => ({
    outcome: context.outcome ?? 'cancelled',
    order: context.order,
    paymentMethod: context.paymentMethod,
  }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'payment.methodChosen': [
          {
            // An order placed for another method is left behind; the new choice is a new attempt.
            guard: {
              type: 'switchesAwayFromPlacedOrder',
              params: ({ event }) => ({ method: event.method }),
            },
            target: 'ready',
            actions: [
              { type: 'chooseMethod', params: ({ event }) => ({ method: event.method }) },
              'forgetOrder',
              'startAttempt',
            ],
          },
          {
            target: 'ready',
            actions: { type: 'chooseMethod', params: ({ event }) => ({ method: event.method }) },
          },
        ],
        'payment.fieldChanged': {
          actions: {
            type: 'recordField',
            params: ({ event }) => ({ field: event.field, state: event.state }),
          },
        },
        'payment.toolsLoaded': { actions: 'markToolsReady' },
        'payment.toolsFailed': { actions: 'markToolsFailed' },
        'payment.back': { target: 'cancelled' },
        // PayPal matches no branch: it is listed (spec) but never processed (D5), so it cannot
        // submit; nor can cash on delivery where the shop does not take it (codAvailable).
        'payment.submit': [
          {
            guard: and(['paysByCard', 'cardFieldHasError']),
            actions: { type: 'block', params: { reason: 'correctErrors' } },
          },
          {
            guard: and(['paysByCard', 'toolsNotReady']),
            actions: { type: 'block', params: { reason: 'toolsNotLoaded' } },
          },
          {
            guard: { type: 'cardElementMissing', params: ({ event }) => ({ card: event.card }) },
            actions: { type: 'block', params: { reason: 'cardMissing' } },
          },
          {
            guard: and(['paysByCard', 'cardFieldIncomplete']),
            actions: 'highlightIncompleteFields',
          },
          {
            // A retry (after a decline, a failed authentication or a lost answer) sends the same
            // order request again: the server answers the same order and payment intent, and
            // takes its units again before the card can be charged, or says they are gone.
            guard: and(['paysByCard', 'hasOrder']),
            target: 'creatingOrder',
            actions: { type: 'takeCard', params: takeDraftParams },
          },
          {
            guard: or(['paysByCard', and(['paysOnDelivery', 'codAvailable'])]),
            target: 'creatingOrder',
            actions: { type: 'takeDraft', params: takeDraftParams },
          },
        ],
      },
      initial: 'editing',
      states: {
        editing: {},
        declined: { tags: ['declined'] },
        reviewingTotals: { tags: ['reviewingTotals'] },
      },
    },
    creatingOrder: {
      tags: ['processing'],
      entry: 'keepAttempt',
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => {
          const draft = context.draft ?? {
            items: [],
            promoCode: null,
            totals: { subtotal: 0, tax: 0, shipping: 0, discount: 0, total: 0 },
          };
          return {
            email: context.email,
            shippingAddress: context.shippingAddress,
            shipMethodId: context.shipMethodId,
            paymentMethod: context.paymentMethod,
            idempotencyKey: context.idempotencyKey,
            ...draft,
          };
        },
        onDone: [
          {
            guard: 'paysOnDelivery',
            target: 'placed',
            actions: [
              { type: 'recordOrder', params: ({ event }) => ({ order: event.output }) },
              'clearRevisedTotals',
              { type: 'rememberOrder', params: ({ event }) => ({ order: event.output }) },
            ],
          },
          {
            guard: {
              type: 'orderHasClientSecret',
              params: ({ event }) => ({ order: event.output }),
            },
            target: 'confirmingCard',
            actions: [
              { type: 'recordOrder', params: ({ event }) => ({ order: event.output }) },
              'clearRevisedTotals',
              { type: 'rememberOrder', params: ({ event }) => ({ order: event.output }) },
            ],
          },
          {
            // A card order without a payment intent cannot be paid: a server fault.
            target: 'ready.editing',
            actions: [
              { type: 'recordOrder', params: ({ event }) => ({ order: event.output }) },
              {
                type: 'recordProcessingError',
                params: { stage: 'order', error: 'The order has no payment intent' },
              },
              {
                type: 'notifyProcessingError',
                params: { error: 'The order has no payment intent' },
              },
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'totalsMismatch', params: ({ event }) => ({ error: event.error }) },
            target: 'ready.reviewingTotals',
            actions: [
              { type: 'recordRevisedTotals', params: ({ event }) => ({ error: event.error }) },
              'refreshCart',
            ],
          },
          {
            target: 'ready.editing',
            actions: [
              {
                type: 'recordProcessingError',
                params: ({ event }) => ({ stage: 'order' as const, error: event.error }),
              },
              {
                type: 'notifyProcessingError',
                params: ({ event }) => ({ error: errorText(event.error) }),
              },
            ],
          },
        ],
      },
    },
    confirmingCard: {
      tags: ['processing'],
      entry: 'keepAttempt',
      invoke: {
        id: 'confirmCard',
        src: 'confirmCard',
        input: ({ context }) => ({
          clientSecret: context.order?.clientSecret ?? '',
          card: context.card,
          billingDetails: {
            // The name on the card, as the shopper typed it (the shipping name if left as is).
            name: context.cardHolderName.trim() || context.shippingAddress.name,
            email: context.email,
            phone: context.shippingAddress.phoneNumber,
            address: {
              line1: context.shippingAddress.street,
              city: context.shippingAddress.city,
              state: context.shippingAddress.province,
              postal_code: context.shippingAddress.postalCode,
              country: context.shippingAddress.country,
            },
          },
        }),
        onDone: [
          {
            guard: { type: 'cardSucceeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'markingPaid',
          },
          {
            // Stripe has not decided yet: the confirmation page waits for its webhook.
            guard: { type: 'cardProcessing', params: ({ event }) => ({ outcome: event.output }) },
            target: 'confirming',
          },
          {
            target: 'markingFailed',
            actions: { type: 'recordDecline', params: ({ event }) => ({ outcome: event.output }) },
          },
        ],
        onError: {
          target: 'ready.editing',
          actions: [
            {
              type: 'recordProcessingError',
              params: ({ event }) => ({ stage: 'card' as const, error: event.error }),
            },
            {
              type: 'notifyProcessingError',
              params: ({ event }) => ({ error: errorText(event.error) }),
            },
          ],
        },
      },
    },
    markingPaid: {
      tags: ['processing'],
      invoke: {
        id: 'reportPaid',
        src: 'reportStatus',
        input: ({ context }) => ({
          orderId: context.order?.orderId ?? 0,
          orderToken: context.order?.orderToken ?? null,
          status: 'PAID' as const,
        }),
        onDone: { target: 'paid' },
        // The card was charged but the order is not marked yet: a retry confirms the same,
        // already succeeded intent again (no second charge) and reports PAID once more.
        onError: {
          target: 'ready.editing',
          actions: [
            {
              type: 'recordProcessingError',
              params: ({ event }) => ({ stage: 'record' as const, error: event.error }),
            },
            {
              type: 'notifyProcessingError',
              params: ({ event }) => ({ error: errorText(event.error) }),
            },
          ],
        },
      },
    },
    markingFailed: {
      tags: ['processing'],
      invoke: {
        id: 'reportFailed',
        src: 'reportStatus',
        input: ({ context }) => ({
          orderId: context.order?.orderId ?? 0,
          orderToken: context.order?.orderToken ?? null,
          status: 'PAYMENT_FAILED' as const,
        }),
        onDone: { target: 'ready.declined' },
        onError: {
          target: 'ready.declined',
          actions: { type: 'logReportFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    paid: { type: 'final', entry: { type: 'recordOutcome', params: { outcome: 'paid' } } },
    confirming: {
      type: 'final',
      entry: { type: 'recordOutcome', params: { outcome: 'confirming' } },
    },
    placed: { type: 'final', entry: { type: 'recordOutcome', params: { outcome: 'placed' } } },
    cancelled: {
      type: 'final',
      entry: { type: 'recordOutcome', params: { outcome: 'cancelled' } },
    },
  },
});
