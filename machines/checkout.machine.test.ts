import { describe, expect, it, vi } from 'vitest';
import {
  assign,
  createActor,
  createMachine,
  fromCallback,
  fromPromise,
  type AnyEventObject,
  type EventObject,
} from 'xstate';
import { DEFAULT_SHIP_METHOD_ID, checkoutMachine, type CheckoutDetails } from './checkout.machine';
import type { OrderDetails, PaymentOutput, paymentMachine } from './payment.machine';
import { sampleCheckoutDetails } from '../tests/fixtures/checkout';

const details: CheckoutDetails = sampleCheckoutDetails;

/**
 * A payment step that keeps what it was given and ends as told by the test's event; Back ends it
 * cancelled, except while it is busy (as the real one refuses Back while processing).
 */
const fakePayment = createMachine({
  types: {} as {
    events:
      | { type: 'fake.finish'; output: PaymentOutput }
      | { type: 'fake.busy' }
      | { type: 'payment.back' };
    context: { output: PaymentOutput | null; given: OrderDetails };
    input: OrderDetails;
    output: PaymentOutput;
  },
  context: ({ input }) => ({ output: null, given: input }),
  initial: 'running',
  states: {
    running: {
      on: {
        'fake.finish': {
          target: 'done',
          actions: assign({ output: ({ event }) => event.output }),
        },
        'fake.busy': { target: 'busy' },
        'payment.back': { target: 'done' },
      },
    },
    busy: {},
    done: { type: 'final' },
  },
  output: ({ context }) =>
    context.output ?? { outcome: 'cancelled', order: null, paymentMethod: 'card' },
});

/** The cart actor the feature provides, faked: the test sends the cart's news through it. */
function fakeCart() {
  const listeners = new Set<(event: AnyEventObject) => void>();
  const stopped = vi.fn();
  const actor = fromCallback<EventObject>(({ sendBack }) => {
    listeners.add(sendBack);
    return () => {
      listeners.delete(sendBack);
      stopped();
    };
  });
  return {
    actor,
    stopped,
    report: (itemCount: number, shipMethodId: number | null = null) =>
      listeners.forEach((send) => send({ type: 'checkout.cartUpdated', itemCount, shipMethodId })),
  };
}

function start(
  setShipping: (methodId: number) => Promise<void> = async () => undefined,
  cart = fakeCart(),
) {
  const effects = {
    closeCheckout: vi.fn(),
    clearShipping: vi.fn(),
    notifyShippingFailed: vi.fn(),
    completeCheckout: vi.fn(),
  };
  const machine = checkoutMachine.provide({
    actors: {
      setShipping: fromPromise<{ methodId: number }, { methodId: number }>(async ({ input }) => {
        await setShipping(input.methodId);
        return { methodId: input.methodId };
      }),
      // The fake's own event type differs; the parent only reads its output.
      payment: fakePayment as unknown as typeof paymentMachine,
      cart: cart.actor,
    },
    actions: {
      closeCheckout: effects.closeCheckout,
      clearShipping: effects.clearShipping,
      notifyShippingFailed: (_, params) => effects.notifyShippingFailed(params.error),
      completeCheckout: (_, params) => effects.completeCheckout(params.output),
    },
  });
  const actor = createActor(machine).start();
  return { actor, effects, cart };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

async function toShipping() {
  const started = start();
  started.actor.send({ type: 'checkout.cartUpdated', itemCount: 2 });
  started.actor.send({ type: 'checkout.detailsSubmitted', details });
  await tick(); // the default method is stored
  return started;
}

async function toPayment() {
  const started = await toShipping();
  started.actor.send({ type: 'checkout.shippingChosen', methodId: 2 });
  await tick();
  started.actor.send({ type: 'checkout.next' });
  return started;
}

describe('checkout machine', () => {
  it('waits for the cart, then shows step 0 (Checkout)', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('loadingCart');
    actor.send({ type: 'checkout.cartUpdated', itemCount: 1 });
    expect(actor.getSnapshot().value).toBe('enteringDetails');
    expect(actor.getSnapshot().hasTag('step-details')).toBe(true);
  });

  it('shows the empty state for an empty cart, and leaves it when items arrive', () => {
    const { actor } = start();
    actor.send({ type: 'checkout.cartUpdated', itemCount: 0 });
    expect(actor.getSnapshot().value).toBe('emptyCart');
    actor.send({ type: 'checkout.cartUpdated', itemCount: 3 });
    expect(actor.getSnapshot().value).toBe('enteringDetails');
  });

  it('Back on step 0 closes the overlay', () => {
    const { actor, effects } = start();
    actor.send({ type: 'checkout.cartUpdated', itemCount: 1 });
    actor.send({ type: 'checkout.back' });
    expect(effects.closeCheckout).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('enteringDetails');
  });

  it("stays on step 0 when the details fail validation (the form's error summary takes focus)", () => {
    const { actor } = start();
    actor.send({ type: 'checkout.cartUpdated', itemCount: 1 });
    actor.send({ type: 'checkout.detailsRejected' });
    expect(actor.getSnapshot().value).toBe('enteringDetails');
    expect(actor.getSnapshot().context.detailsRejected).toBe(true);
  });

  it('goes to step 1 (Shipping) with the valid details', async () => {
    const { actor } = await toShipping();
    expect(actor.getSnapshot().value).toEqual({ choosingShipping: 'idle' });
    expect(actor.getSnapshot().context.details).toEqual(details);
    expect(actor.getSnapshot().context.detailsRejected).toBe(false);
  });

  it('opens step 1 with the default method (spec §9: id 1) chosen and stored on the cart', async () => {
    const saved: number[] = [];
    const { actor } = start(async (methodId) => {
      saved.push(methodId);
    });
    actor.send({ type: 'checkout.cartUpdated', itemCount: 1 });
    actor.send({ type: 'checkout.detailsSubmitted', details });
    expect(actor.getSnapshot().context.shipMethodId).toBe(DEFAULT_SHIP_METHOD_ID);
    expect(actor.getSnapshot().hasTag('savingShipping')).toBe(true);
    await tick();
    // The server's cart learnt it, so the totals shown count its shipping.
    expect(saved).toEqual([DEFAULT_SHIP_METHOD_ID]);
    expect(actor.getSnapshot().value).toEqual({ choosingShipping: 'idle' });
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toBe('paying');
  });

  it('a method chosen while the default is being stored is stored after it, and stays', async () => {
    const saved: number[] = [];
    let release: () => void = () => undefined;
    const { actor } = start(async (methodId) => {
      saved.push(methodId);
      if (methodId === DEFAULT_SHIP_METHOD_ID) {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      }
    });
    actor.send({ type: 'checkout.cartUpdated', itemCount: 1 });
    actor.send({ type: 'checkout.detailsSubmitted', details });
    actor.send({ type: 'checkout.shippingChosen', methodId: 3 });
    expect(actor.getSnapshot().context.shipMethodId).toBe(3);
    release();
    await tick();
    expect(saved).toEqual([DEFAULT_SHIP_METHOD_ID, 3]);
    expect(actor.getSnapshot().value).toEqual({ choosingShipping: 'idle' });
    expect(actor.getSnapshot().context.shipMethodId).toBe(3);
  });

  it('opens step 1 with the method the server cart already holds (a reload, another tab)', () => {
    const { actor, effects } = start();
    actor.send({ type: 'checkout.cartUpdated', itemCount: 2, shipMethodId: 2 });
    actor.send({ type: 'checkout.detailsSubmitted', details });
    expect(actor.getSnapshot().context.shipMethodId).toBe(2);
    // Already the cart's: Next goes on to Payment without storing it again.
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toBe('paying');
    expect(effects.clearShipping).not.toHaveBeenCalled();
  });

  it('Back from step 1 forgets the cart’s method too: step 1 opens with the default again', () => {
    const { actor, effects } = start();
    actor.send({ type: 'checkout.cartUpdated', itemCount: 2, shipMethodId: 2 });
    actor.send({ type: 'checkout.detailsSubmitted', details });
    actor.send({ type: 'checkout.back' });
    expect(effects.clearShipping).toHaveBeenCalledTimes(1);
    // The cleared cart has not come back yet when the details are sent again.
    actor.send({ type: 'checkout.detailsSubmitted', details });
    expect(actor.getSnapshot().context.shipMethodId).toBe(DEFAULT_SHIP_METHOD_ID);
  });

  it('asks for a shipping method when Next is pressed without one (storing the default failed)', async () => {
    const { actor, effects } = start(async () => {
      throw new Error('offline');
    });
    actor.send({ type: 'checkout.cartUpdated', itemCount: 1 });
    actor.send({ type: 'checkout.detailsSubmitted', details });
    await tick();
    expect(effects.notifyShippingFailed).toHaveBeenCalledWith(new Error('offline'));
    expect(actor.getSnapshot().context.shipMethodId).toBeNull();
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toEqual({ choosingShipping: 'idle' });
    expect(actor.getSnapshot().context.shippingRequired).toBe(true);
  });

  it('stores the chosen method on the server cart, then lets the shopper go on to Payment', async () => {
    const saved: number[] = [];
    const { actor } = start(async (methodId) => {
      saved.push(methodId);
    });
    actor.send({ type: 'checkout.cartUpdated', itemCount: 1 });
    actor.send({ type: 'checkout.detailsSubmitted', details });
    await tick();
    actor.send({ type: 'checkout.shippingChosen', methodId: 3 });
    expect(actor.getSnapshot().hasTag('savingShipping')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'checkout.next' })).toBe(false);
    await tick();
    expect(saved).toEqual([DEFAULT_SHIP_METHOD_ID, 3]);
    expect(actor.getSnapshot().context.shipMethodId).toBe(3);
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toBe('paying');
    expect(actor.getSnapshot().hasTag('step-payment')).toBe(true);
  });

  it('puts the previous method back when saving the new one fails', async () => {
    const { actor, effects } = start(async (methodId) => {
      if (methodId === 3) throw new Error('offline');
    });
    actor.send({ type: 'checkout.cartUpdated', itemCount: 1 });
    actor.send({ type: 'checkout.detailsSubmitted', details });
    await tick();
    actor.send({ type: 'checkout.shippingChosen', methodId: 3 });
    await tick();
    expect(actor.getSnapshot().context.shipMethodId).toBe(DEFAULT_SHIP_METHOD_ID);
    expect(effects.notifyShippingFailed).toHaveBeenCalledWith(new Error('offline'));
  });

  it('Back from step 1 returns to step 0 and clears the chosen shipping', async () => {
    const { actor, effects } = await toShipping();
    actor.send({ type: 'checkout.shippingChosen', methodId: 2 });
    await tick();
    actor.send({ type: 'checkout.back' });
    expect(actor.getSnapshot().value).toBe('enteringDetails');
    expect(actor.getSnapshot().context.shipMethodId).toBeNull();
    expect(effects.clearShipping).toHaveBeenCalledTimes(1);
  });

  it('hands the details to the payment step', async () => {
    const { actor } = await toPayment();
    const payment = actor.getSnapshot().children.payment;
    expect(payment).toBeDefined();
    // Exactly the address and email of step 0 and the method saved in step 1; the amounts are
    // not handed over: the payment step reads them from the cart when Pay is pressed (D4).
    const given = (payment?.getSnapshot() as unknown as { context: { given: OrderDetails } })
      .context.given;
    expect(given).toEqual({
      email: details.email,
      shippingAddress: details.shippingAddress,
      shipMethodId: 2,
    });
  });

  it('Back from Payment (the payment step ends cancelled) returns to Shipping and clears it', async () => {
    const { actor, effects } = await toPayment();
    actor.getSnapshot().children.payment?.send({
      type: 'fake.finish',
      output: { outcome: 'cancelled', order: null, paymentMethod: 'card' },
    } as never);
    expect(actor.getSnapshot().value).toEqual({ choosingShipping: 'idle' });
    expect(actor.getSnapshot().context.shipMethodId).toBeNull();
    expect(effects.clearShipping).toHaveBeenCalledTimes(1);
  });

  it('completes the checkout with the paid order', async () => {
    const { actor, effects } = await toPayment();
    const output: PaymentOutput = {
      outcome: 'paid',
      order: { orderId: 9, clientSecret: 's', orderToken: 't' },
      paymentMethod: 'card',
    };
    actor.getSnapshot().children.payment?.send({ type: 'fake.finish', output } as never);
    expect(actor.getSnapshot().value).toBe('completed');
    expect(effects.completeCheckout).toHaveBeenCalledWith(output);
  });

  it('learns the server cart from its provided cart actor, with no view involved', async () => {
    const { actor, cart } = start();
    expect(actor.getSnapshot().value).toBe('loadingCart');
    cart.report(0);
    expect(actor.getSnapshot().value).toBe('emptyCart');
    cart.report(2, 2);
    expect(actor.getSnapshot().value).toBe('enteringDetails');
    expect(actor.getSnapshot().context.cartShipMethodId).toBe(2);
    // The cart's method (set in another tab) opens step 1 chosen.
    actor.send({ type: 'checkout.detailsSubmitted', details });
    expect(actor.getSnapshot().context.shipMethodId).toBe(2);
    cart.report(0);
    expect(actor.getSnapshot().value).toBe('emptyCart');
    actor.stop();
    expect(cart.stopped).toHaveBeenCalledTimes(1);
  });

  it('forwards Back on the payment step to the payment, which ends cancelled: Shipping again', async () => {
    const { actor, effects } = await toPayment();
    actor.send({ type: 'checkout.back' });
    expect(actor.getSnapshot().value).toEqual({ choosingShipping: 'idle' });
    expect(effects.clearShipping).toHaveBeenCalledTimes(1);
    expect(effects.closeCheckout).not.toHaveBeenCalled();
  });

  it('Back on the payment step is the payment’s to refuse (while it processes)', async () => {
    const { actor, effects } = await toPayment();
    actor.getSnapshot().children.payment?.send({ type: 'fake.busy' } as never);
    actor.send({ type: 'checkout.back' });
    expect(actor.getSnapshot().value).toBe('paying');
    expect(effects.closeCheckout).not.toHaveBeenCalled();
  });

  it('an emptied cart during steps 0 and 1 shows the empty state', async () => {
    const { actor } = await toShipping();
    actor.send({ type: 'checkout.cartUpdated', itemCount: 0 });
    expect(actor.getSnapshot().value).toBe('emptyCart');
  });
});

describe('checkout machine: the step in the address (ADR-0057)', () => {
  const asks = (step: 'details' | 'shipping' | 'payment', kept: CheckoutDetails | null = details) =>
    ({ type: 'checkout.stepRequested', step, details: kept }) as const;

  it('a reload on Shipping, asked for while the cart loads, goes on once the cart is there', async () => {
    const { actor, effects } = start();
    actor.send(asks('shipping'));
    expect(actor.getSnapshot().value).toBe('loadingCart');
    actor.send({ type: 'checkout.cartUpdated', itemCount: 1 });
    expect(actor.getSnapshot().hasTag('step-shipping')).toBe(true);
    expect(actor.getSnapshot().context.details).toEqual(details);
    expect(actor.getSnapshot().context.requested).toBeNull();
    await tick();
    expect(actor.getSnapshot().context.shipMethodId).toBe(DEFAULT_SHIP_METHOD_ID);
    expect(effects.closeCheckout).not.toHaveBeenCalled();
  });

  it('a reload on Payment with a method stored on the cart shows Payment', () => {
    const { actor } = start();
    actor.send(asks('payment'));
    actor.send({ type: 'checkout.cartUpdated', itemCount: 1, shipMethodId: 3 });
    expect(actor.getSnapshot().value).toBe('paying');
    expect(actor.getSnapshot().context.shipMethodId).toBe(3);
  });

  it('a later step with no kept details that pass step 0 is refused: step 0 stays', () => {
    const { actor } = start();
    actor.send(asks('payment', null));
    actor.send({ type: 'checkout.cartUpdated', itemCount: 1, shipMethodId: 3 });
    expect(actor.getSnapshot().value).toBe('enteringDetails');
    actor.send(asks('shipping', null));
    expect(actor.getSnapshot().value).toBe('enteringDetails');
    expect(actor.getSnapshot().context.details).toBeNull();
  });

  it('browser Back from Shipping is Back (the shipping is cleared); Forward is Continue', async () => {
    const { actor, effects } = await toShipping();
    actor.send(asks('details'));
    expect(actor.getSnapshot().value).toBe('enteringDetails');
    expect(effects.clearShipping).toHaveBeenCalledTimes(1);
    expect(effects.closeCheckout).not.toHaveBeenCalled();
    actor.send(asks('shipping'));
    expect(actor.getSnapshot().hasTag('step-shipping')).toBe(true);
  });

  it('Forward to Payment needs a method; Back from Payment is the payment’s to allow', async () => {
    const { actor } = await toShipping();
    actor.send({ type: 'checkout.back' });
    actor.send({ type: 'checkout.detailsSubmitted', details });
    await tick();
    actor.send(asks('payment'));
    expect(actor.getSnapshot().value).toBe('paying');
    actor.getSnapshot().children.payment?.send({ type: 'fake.busy' } as never);
    actor.send(asks('shipping'));
    expect(actor.getSnapshot().value).toBe('paying');
  });

  it('from Payment, browser Back ends the payment cancelled: Shipping again, at once', async () => {
    const { actor } = await toPayment();
    actor.send(asks('shipping'));
    expect(actor.getSnapshot().value).toEqual({ choosingShipping: 'idle' });
    expect(actor.getSnapshot().context.shipMethodId).toBeNull();
    actor.send(asks('payment'));
    expect(actor.getSnapshot().value).toEqual({ choosingShipping: 'idle' });
  });
});
