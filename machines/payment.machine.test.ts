import { describe, expect, it, vi } from 'vitest';
import {
  assign,
  createActor,
  fromCallback,
  fromPromise,
  toPromise,
  type EventObject,
} from 'xstate';
import {
  paymentMachine,
  type CardField,
  type CardOutcome,
  type ConfirmCardInput,
  type CreateOrderInput,
  type OrderDraft,
  type PaymentInput,
  type PlacedOrder,
  type ReportStatusInput,
} from './payment.machine';
import { amountDue, codRefusal, generalProcessingError } from './payment.selectors';
import { sampleCheckoutDetails } from '../tests/fixtures/checkout';

const input: PaymentInput = {
  ...sampleCheckoutDetails,
  shipMethodId: 2,
};

const draft: OrderDraft = {
  items: [{ productId: 3, quantity: 2, price: 5 }],
  promoCode: null,
  totals: { subtotal: 10, tax: 1, shipping: 3.99, discount: 0, total: 14.99 },
};

const cardOrder: PlacedOrder = { orderId: 41, clientSecret: 'pi_1_secret_2', orderToken: 'ot_x' };

type Fakes = {
  createOrder?: (input: CreateOrderInput) => Promise<PlacedOrder>;
  confirmCard?: (input: ConfirmCardInput) => Promise<CardOutcome>;
  reportStatus?: (input: ReportStatusInput) => Promise<unknown>;
};

function start(fakes: Fakes = {}, keys: string[] = ['key-1', 'key-2', 'key-3']) {
  const calls = {
    createOrder: [] as CreateOrderInput[],
    confirmCard: [] as ConfirmCardInput[],
    reportStatus: [] as ReportStatusInput[],
  };
  const notifyProcessingError = vi.fn();
  const rememberOrder = vi.fn();
  const logReportFailure = vi.fn();
  const refreshCart = vi.fn();
  const pendingKeys = [...keys];
  const machine = paymentMachine.provide({
    actors: {
      createOrder: fromPromise<PlacedOrder, CreateOrderInput>(async ({ input: i }) => {
        calls.createOrder.push(i);
        return (fakes.createOrder ?? (async () => cardOrder))(i);
      }),
      confirmCard: fromPromise<CardOutcome, ConfirmCardInput>(async ({ input: i }) => {
        calls.confirmCard.push(i);
        return (fakes.confirmCard ?? (async () => ({ status: 'succeeded' as const })))(i);
      }),
      reportStatus: fromPromise<unknown, ReportStatusInput>(async ({ input: i }) => {
        calls.reportStatus.push(i);
        return (fakes.reportStatus ?? (async () => ({})))(i);
      }),
    },
    actions: {
      startAttempt: assign({ idempotencyKey: () => pendingKeys.shift() ?? 'out-of-keys' }),
      notifyProcessingError: (_, params) => notifyProcessingError(params.error),
      rememberOrder: (_, params) => rememberOrder(params.order),
      logReportFailure: (_, params) => logReportFailure(params.error),
      refreshCart,
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, calls, notifyProcessingError, rememberOrder, logReportFailure, refreshCart };
}

function completeCard(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'payment.toolsLoaded' });
  const fields: CardField[] = ['cardNumber', 'cardExpiry', 'cardCvc', 'cardHolder'];
  for (const field of fields) {
    actor.send({
      type: 'payment.fieldChanged',
      field,
      state: { error: null, complete: true, empty: false },
    });
  }
}

/** The card element the view hands over with Pay (opaque to the machine). */
const cardElement = { element: 'cardNumber' };
const submit = { type: 'payment.submit', draft, card: cardElement } as const;

async function settled(actor: ReturnType<typeof start>['actor']) {
  // Waits until no effect is running (the 'processing' tag is gone).
  for (let i = 0; i < 50 && actor.getSnapshot().hasTag('processing'); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return actor.getSnapshot();
}

describe('payment machine', () => {
  it('starts on the card, ready, with one idempotency key for the attempt', () => {
    const { actor } = start();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ ready: 'editing' });
    expect(snapshot.context.paymentMethod).toBe('card');
    expect(snapshot.context.idempotencyKey).toBe('key-1');
    expect(snapshot.context.tools).toBe('loading');
  });

  it('pays by card: creates the order, confirms the card, reports PAID and ends paid', async () => {
    const { actor, calls, rememberOrder } = start();
    completeCard(actor);
    actor.send(submit);
    expect(actor.getSnapshot().hasTag('processing')).toBe(true);

    const output = await toPromise(actor);

    expect(output).toEqual({ outcome: 'paid', order: cardOrder, paymentMethod: 'card' });
    expect(calls.createOrder).toEqual([
      { ...input, ...draft, paymentMethod: 'card', idempotencyKey: 'key-1' },
    ]);
    expect(calls.confirmCard[0]).toEqual({
      clientSecret: 'pi_1_secret_2',
      card: cardElement,
      billingDetails: {
        name: 'Ada Roast',
        email: 'guest@lumen.test',
        phone: '17021234567',
        address: {
          line1: '12 King Street West',
          city: 'Toronto',
          state: 'Ontario',
          postal_code: 'M5V 2T6',
          country: 'CA',
        },
      },
    });
    expect(calls.reportStatus).toEqual([{ orderId: 41, orderToken: 'ot_x', status: 'PAID' }]);
    expect(rememberOrder).toHaveBeenCalledWith(cardOrder);
  });

  it('ignores submit while processing: a double click makes one order', async () => {
    const { actor, calls } = start();
    completeCard(actor);
    actor.send(submit);
    actor.send(submit);
    actor.send(submit);
    expect(actor.getSnapshot().can(submit)).toBe(false);
    await toPromise(actor);
    expect(calls.createOrder).toHaveLength(1);
    expect(calls.confirmCard).toHaveLength(1);
  });

  it('on a decline reports PAYMENT_FAILED, shows the provider message, and a retry pays the same order', async () => {
    let outcome: CardOutcome = { status: 'declined', message: 'Your card was declined.' };
    const { actor, calls } = start({ confirmCard: async () => outcome });
    completeCard(actor);
    actor.send(submit);

    const declined = await settled(actor);
    expect(declined.value).toEqual({ ready: 'declined' });
    expect(declined.hasTag('declined')).toBe(true);
    expect(declined.context.paymentError).toEqual({
      code: 'declined',
      providerMessage: 'Your card was declined.',
    });
    expect(calls.reportStatus).toEqual([
      { orderId: 41, orderToken: 'ot_x', status: 'PAYMENT_FAILED' },
    ]);

    outcome = { status: 'succeeded' };
    actor.send(submit);
    expect(actor.getSnapshot().context.paymentError).toBeNull();
    const output = await toPromise(actor);

    expect(output.outcome).toBe('paid');
    // The retry sends the same order request (same key, same lines and totals): the server
    // answers the same order, retakes its units, and the same payment intent is confirmed.
    expect(calls.createOrder).toHaveLength(2);
    expect(calls.createOrder[1]).toEqual(calls.createOrder[0]);
    expect(calls.confirmCard.map((call) => call.clientSecret)).toEqual([
      'pi_1_secret_2',
      'pi_1_secret_2',
    ]);
    expect(calls.reportStatus.at(-1)).toEqual({ orderId: 41, orderToken: 'ot_x', status: 'PAID' });
  });

  it('shows "Payment failed. Please try again." when the provider gives no message', async () => {
    const { actor } = start({ confirmCard: async () => ({ status: 'declined', message: null }) });
    completeCard(actor);
    actor.send(submit);
    expect((await settled(actor)).context.paymentError).toEqual({ code: 'declined' });
  });

  it('still shows the decline when reporting PAYMENT_FAILED fails (only logged)', async () => {
    const failure = new Error('offline');
    const { actor, logReportFailure } = start({
      confirmCard: async () => ({ status: 'declined', message: 'Your card has expired.' }),
      reportStatus: async () => {
        throw failure;
      },
    });
    completeCard(actor);
    actor.send(submit);
    const snapshot = await settled(actor);
    expect(snapshot.value).toEqual({ ready: 'declined' });
    expect(snapshot.context.paymentError).toEqual({
      code: 'declined',
      providerMessage: 'Your card has expired.',
    });
    expect(logReportFailure).toHaveBeenCalledWith(failure);
  });

  it('toasts the processing error when creating the order fails, and lets the shopper retry with the same key', async () => {
    let fail = true;
    const { actor, calls, notifyProcessingError } = start({
      createOrder: async () => {
        if (fail) throw new Error('Network error');
        return cardOrder;
      },
    });
    completeCard(actor);
    actor.send(submit);
    const snapshot = await settled(actor);
    expect(snapshot.value).toEqual({ ready: 'editing' });
    expect(notifyProcessingError).toHaveBeenCalledWith('Network error');
    // Issue 16: the failure stays on the payment step until the next attempt.
    expect(snapshot.context.processingError).toEqual({
      stage: 'order',
      network: false,
      detail: 'Network error',
      code: null,
    });
    actor.send({
      type: 'payment.fieldChanged',
      field: 'cardHolder',
      state: { error: null, complete: true, empty: false },
    });
    expect(actor.getSnapshot().context.processingError).not.toBeNull();

    fail = false;
    actor.send(submit);
    expect(actor.getSnapshot().context.processingError).toBeNull();
    await toPromise(actor);
    expect(calls.createOrder.map((call) => call.idempotencyKey)).toEqual(['key-1', 'key-1']);
  });

  it("keeps the server's promo refusal for cash on delivery, shown while COD is chosen (issue 30)", async () => {
    const reason =
      'This promo is only for payment by card. Pay by card to keep it, or remove the promo to pay cash on delivery.';
    const { actor } = start({
      createOrder: async () => {
        throw Object.assign(new Error(reason), { status: 400, code: 'PROMO_REJECTED' });
      },
    });
    actor.send({ type: 'payment.methodChosen', method: 'cod' });
    actor.send({ type: 'payment.submit', draft, card: null });
    const snapshot = await settled(actor);

    expect(snapshot.value).toEqual({ ready: 'editing' });
    expect(snapshot.context.processingError).toMatchObject({
      stage: 'order',
      code: 'PROMO_REJECTED',
    });
    expect(codRefusal(snapshot)).toBe(reason);
    actor.send({ type: 'payment.methodChosen', method: 'card' });
    expect(codRefusal(actor.getSnapshot())).toBeNull();
  });

  it("keeps the server's refusal of cash on delivery itself beside the choice, not as a general error (issue 28)", async () => {
    const reason = 'Cash on delivery is not available. Please pay by card.';
    const { actor } = start({
      createOrder: async () => {
        throw Object.assign(new Error(reason), { status: 409, code: 'PAYMENT_METHOD_UNAVAILABLE' });
      },
    });
    actor.send({ type: 'payment.methodChosen', method: 'cod' });
    actor.send({ type: 'payment.submit', draft, card: null });
    const snapshot = await settled(actor);

    expect(snapshot.value).toEqual({ ready: 'editing' });
    expect(codRefusal(snapshot)).toBe(reason);
    expect(generalProcessingError(snapshot)).toBeNull();
  });

  it('tells a dropped connection (no answer at all) from a refusal, and where it happened', async () => {
    const dropped = Object.assign(new Error('Failed to fetch'), { status: 0 });
    const { actor } = start({
      createOrder: async () => cardOrder,
      confirmCard: async () => {
        throw dropped;
      },
    });
    completeCard(actor);
    actor.send(submit);
    const snapshot = await settled(actor);

    expect(snapshot.value).toEqual({ ready: 'editing' });
    expect(snapshot.context.processingError).toEqual({
      stage: 'card',
      network: true,
      detail: 'Failed to fetch',
      code: null,
    });
  });

  it('on a totals mismatch shows the server totals and pays them once the shopper confirms', async () => {
    const revised = { subtotal: 10, tax: 1, shipping: 9.99, discount: 0, total: 20.99 };
    let mismatch = true;
    const { actor, calls, refreshCart } = start({
      createOrder: async () => {
        if (mismatch)
          throw Object.assign(new Error('changed'), { code: 'TOTALS_MISMATCH', totals: revised });
        return cardOrder;
      },
    });
    completeCard(actor);
    actor.send(submit);
    const snapshot = await settled(actor);
    expect(snapshot.value).toEqual({ ready: 'reviewingTotals' });
    expect(snapshot.context.revisedTotals).toEqual(revised);
    expect(refreshCart).toHaveBeenCalledTimes(1);
    // The Pay button reads the amount the next order will carry, not the cart's old total.
    expect(amountDue(snapshot, draft.totals)).toBe(20.99);

    mismatch = false;
    actor.send(submit);
    await toPromise(actor);
    expect(calls.createOrder[1]?.totals).toEqual(revised);
    expect(calls.createOrder[1]?.totals.total).toBe(amountDue(snapshot, draft.totals));
    expect(calls.createOrder[1]?.idempotencyKey).toBe('key-1');
  });

  it('blocks submit with "Please correct the highlighted errors." while a card field has an error, and clears it once fixed', () => {
    const { actor, calls } = start();
    completeCard(actor);
    actor.send({
      type: 'payment.fieldChanged',
      field: 'cardNumber',
      state: { error: 'Your card number is invalid.', complete: false, empty: false },
    });
    actor.send(submit);
    expect(actor.getSnapshot().context.blocked).toBe('correctErrors');
    expect(actor.getSnapshot().value).toEqual({ ready: 'editing' });
    // The provider's own words are kept as its message; the view shows them.
    expect(actor.getSnapshot().context.fields.cardNumber.error).toEqual({
      code: 'provider',
      message: 'Your card number is invalid.',
    });

    actor.send({
      type: 'payment.fieldChanged',
      field: 'cardNumber',
      state: { error: null, complete: true, empty: false },
    });
    expect(actor.getSnapshot().context.fields.cardNumber.error).toBeNull();
    expect(actor.getSnapshot().context.blocked).toBeNull();
    expect(calls.createOrder).toHaveLength(0);
  });

  it('blocks submit while the card tools are not loaded', () => {
    const { actor } = start();
    completeCard(actor);
    actor.send({ type: 'payment.toolsFailed' });
    actor.send(submit);
    expect(actor.getSnapshot().context.blocked).toBe('toolsNotLoaded');
  });

  it('blocks submit with "Card details are missing. Please try again" when no card element is mounted', () => {
    const { actor } = start();
    completeCard(actor);
    actor.send({ ...submit, card: null });
    expect(actor.getSnapshot().context.blocked).toBe('cardMissing');
  });

  it('marks incomplete card fields with Stripe’s texts instead of placing an order', () => {
    const { actor, calls } = start();
    actor.send({ type: 'payment.toolsLoaded' });
    actor.send(submit);
    const { fields, blocked } = actor.getSnapshot().context;
    expect(fields.cardNumber.error).toEqual({ code: 'incomplete' });
    expect(fields.cardCvc.error).toEqual({ code: 'incomplete' });
    expect(blocked).toBe('correctErrors');
    expect(calls.createOrder).toHaveLength(0);
  });

  it('places a cash-on-delivery order without a card and ends placed', async () => {
    const codOrder = { orderId: 7, clientSecret: null, orderToken: 'ot_c' };
    const { actor, calls } = start({ createOrder: async () => codOrder });
    actor.send({ type: 'payment.methodChosen', method: 'cod' });
    actor.send({ ...submit, card: null });
    const output = await toPromise(actor);
    expect(output).toEqual({ outcome: 'placed', order: codOrder, paymentMethod: 'cod' });
    expect(calls.createOrder[0]?.paymentMethod).toBe('cod');
    expect(calls.confirmCard).toHaveLength(0);
    expect(calls.reportStatus).toHaveLength(0);
  });

  it('never submits PayPal (not processed, D5)', () => {
    const { actor, calls } = start();
    actor.send({ type: 'payment.methodChosen', method: 'paypal' });
    expect(actor.getSnapshot().can(submit)).toBe(false);
    actor.send(submit);
    expect(actor.getSnapshot().value).toEqual({ ready: 'editing' });
    expect(calls.createOrder).toHaveLength(0);
  });

  it('never submits cash on delivery where the shop does not take it, and still takes a card', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'payment.methodsKnown', cod: false });
    actor.send({ type: 'payment.methodChosen', method: 'cod' });
    expect(actor.getSnapshot().can({ ...submit, card: null })).toBe(false);
    actor.send({ ...submit, card: null });
    expect(actor.getSnapshot().value).toEqual({ ready: 'editing' });
    expect(calls.createOrder).toHaveLength(0);
    actor.send({ type: 'payment.methodChosen', method: 'card' });
    completeCard(actor);
    actor.send(submit);
    await settled(actor);
    expect(calls.createOrder[0]?.paymentMethod).toBe('card');
  });

  it('starts a new attempt when the method changes after an order was placed for another', async () => {
    const { actor } = start({
      confirmCard: async () => ({ status: 'declined', message: 'Your card was declined.' }),
    });
    completeCard(actor);
    actor.send(submit);
    await settled(actor);
    actor.send({ type: 'payment.methodChosen', method: 'cod' });
    expect(actor.getSnapshot().context.order).toBeNull();
    expect(actor.getSnapshot().context.idempotencyKey).toBe('key-2');
  });

  it('goes back (ends cancelled) only when nothing is processing', async () => {
    const { actor } = start();
    completeCard(actor);
    actor.send(submit);
    expect(actor.getSnapshot().can({ type: 'payment.back' })).toBe(false);
    await toPromise(actor);

    const second = start();
    second.actor.send({ type: 'payment.back' });
    expect(second.actor.getSnapshot().status).toBe('done');
    expect(second.actor.getSnapshot().output?.outcome).toBe('cancelled');
  });

  it('hands the card element given with Pay to the card confirmation', async () => {
    const { actor, calls } = start();
    completeCard(actor);
    actor.send(submit);
    await toPromise(actor);
    expect(calls.confirmCard[0]?.card).toBe(cardElement);
  });

  it('counts the prefilled Card Holder Name as typed, and an empty one as not', () => {
    const { actor } = start();
    expect(actor.getSnapshot().context.fields.cardHolder).toEqual({
      error: null,
      complete: true,
      empty: false,
    });
    const unnamed = createActor(paymentMachine, {
      input: { ...input, shippingAddress: { ...input.shippingAddress, name: ' ' } },
    }).start();
    expect(unnamed.getSnapshot().context.fields.cardHolder.complete).toBe(false);
    unnamed.stop();
  });

  it('marks Card Holder Name left empty on blur as incomplete (a code, no text)', () => {
    const { actor } = start();
    actor.send({
      type: 'payment.fieldChanged',
      field: 'cardHolder',
      state: { error: null, complete: false, empty: true, incomplete: true },
    });
    expect(actor.getSnapshot().context.fields.cardHolder.error).toEqual({ code: 'incomplete' });
  });

  it('learns the card tools from its provided loadTools actor, with no view involved', async () => {
    let report: ((event: EventObject) => void) | undefined;
    const stopped = vi.fn();
    const machine = paymentMachine.provide({
      actors: {
        loadTools: fromCallback<EventObject>(({ sendBack }) => {
          report = sendBack;
          return stopped;
        }),
      },
    });
    const actor = createActor(machine, { input }).start();
    expect(actor.getSnapshot().context.tools).toBe('loading');
    report?.({ type: 'payment.toolsLoaded' });
    expect(actor.getSnapshot().context.tools).toBe('ready');
    actor.send({ type: 'payment.back' });
    expect(stopped).toHaveBeenCalledTimes(1);
  });
});
