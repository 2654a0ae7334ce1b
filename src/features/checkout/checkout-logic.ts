import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../../components/toast';
import { assign, fromPromise } from 'xstate';
import { clearCartShipping, getCart, setCartShipping } from '../../api/cart';
import { accountKeys } from '../../api/account.queries';
import { writeCart } from '../../api/cart.mutations';
import { cartKeys } from '../../api/cart.queries';
import { createOrder, updateOrderStatus } from '../../api/orders';
import type { Cart, OrderRequest } from '../../api/types';
import { rememberOrderToken } from '../../payment/order-tokens';
import { checkoutMachine } from '../../../machines/checkout.machine';
import {
  PAYMENT_MESSAGES,
  paymentMachine,
  type CardOutcome,
  type ConfirmCardInput,
  type CreateOrderInput,
  type OrderDraft,
  type PaymentOutput,
  type PlacedOrder,
  type ReportStatusInput,
} from '../../../machines/payment.machine';
import { clearDrafts } from './checkout-draft';

type Confirm = (input: ConfirmCardInput) => Promise<CardOutcome>;

/**
 * The bridge between the payment machine's confirmCard actor (created with the overlay) and
 * Stripe's card elements (which exist only once the payment step has loaded them).
 */
export class CardConfirmer {
  private confirmer: Confirm | null = null;

  /** The payment step registers how to confirm; the returned function unregisters it. */
  register(confirm: Confirm): () => void {
    this.confirmer = confirm;
    return () => {
      if (this.confirmer === confirm) this.confirmer = null;
    };
  }

  get ready(): boolean {
    return this.confirmer !== null;
  }

  confirm(input: ConfirmCardInput): Promise<CardOutcome> {
    // The payment machine checks the card tools before it gets here; this is the last guard.
    if (!this.confirmer) {
      return Promise.resolve({ status: 'declined', message: PAYMENT_MESSAGES.cardMissing });
    }
    return this.confirmer(input);
  }
}

export type CheckoutEffects = {
  queryClient: QueryClient;
  cardConfirmer: CardConfirmer;
  /** Closes the overlay (the cart flow's close()). */
  close: () => void;
  /** Focuses the first field step 0 marked invalid. */
  focusFirstInvalidField: () => void;
  /** Goes to the order's confirmation page. */
  showConfirmation: (orderId: number) => void;
  newIdempotencyKey?: () => string;
};

/** The order request of spec §3 with D4's additions, from the machine's attempt. */
export function toOrderRequest(input: CreateOrderInput): OrderRequest {
  const apartment = input.shippingAddress.apartment?.trim();
  return {
    // Spec §9 hard-codes userId 1; the server ignores it (the token decides), so send none.
    userId: null,
    email: input.email,
    shippingAddress: { ...input.shippingAddress, apartment: apartment ? apartment : null },
    totalAmount: input.totals.total,
    taxAmount: input.totals.tax,
    shippingAmount: input.totals.shipping,
    discountAmount: input.totals.discount,
    currency: 'USD',
    paymentMethod: input.paymentMethod,
    shipMethodId: input.shipMethodId,
    items: input.items,
    idempotencyKey: input.idempotencyKey,
    promoCode: input.promoCode,
  };
}

/** What the shopper sees in the Order Items panel, as the order's draft (never recomputed here). */
export function orderDraftFromCart(cart: Cart): OrderDraft {
  return {
    items: cart.cartItems.map(({ productId, quantity, price }) => ({ productId, quantity, price })),
    promoCode: cart.promo?.code ?? null,
    totals: {
      subtotal: cart.subtotal,
      tax: cart.tax,
      shipping: cart.shipping,
      discount: cart.discount,
      total: cart.total,
    },
  };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The payment machine with the real effects: the API, Stripe (through the confirmer), toasts. */
export function providePaymentMachine(effects: CheckoutEffects) {
  const newKey = effects.newIdempotencyKey ?? (() => crypto.randomUUID());
  return paymentMachine.provide({
    actors: {
      createOrder: fromPromise<PlacedOrder, CreateOrderInput>(async ({ input, signal }) => {
        const { orderId, clientSecret, orderToken } = await createOrder(toOrderRequest(input), {
          signal,
        });
        return { orderId, clientSecret, orderToken };
      }),
      confirmCard: fromPromise<CardOutcome, ConfirmCardInput>(async ({ input }) =>
        effects.cardConfirmer.confirm(input),
      ),
      reportStatus: fromPromise<unknown, ReportStatusInput>(async ({ input, signal }) =>
        updateOrderStatus(
          input.orderId,
          { status: input.status },
          { orderToken: input.orderToken, signal },
        ),
      ),
    },
    actions: {
      startAttempt: assign({ idempotencyKey: () => newKey() }),
      rememberOrder: (_, { order }) => rememberOrderToken(order.orderId, order.orderToken),
      // Issue 16: no toast. The payment step shows the failure inline, in the shopper's words,
      // until the next attempt (payment-step.tsx, PaymentProblem); the developer's words go to
      // the console.
      notifyProcessingError: (_, { error }) =>
        console.warn(`${PAYMENT_MESSAGES.paymentIntentError}: ${error}`),
      refreshCart: () => {
        void effects.queryClient.invalidateQueries({ queryKey: cartKeys.detail() });
      },
      logReportFailure: (_, { error }) =>
        console.warn('Could not report the failed payment', error),
    },
  });
}

/** The checkout machine with the real effects, for the overlay's actor. */
export function provideCheckoutMachine(effects: CheckoutEffects) {
  const { queryClient } = effects;
  return checkoutMachine.provide({
    actors: {
      setShipping: fromPromise<{ methodId: number }, { methodId: number }>(
        async ({ input, signal }) => {
          // Aborted when the shopper picks another method first: its cart must not win.
          writeCart(queryClient, await setCartShipping(input.methodId, { signal }));
          return { methodId: input.methodId };
        },
      ),
      payment: providePaymentMachine(effects),
    },
    actions: {
      closeCheckout: () => effects.close(),
      clearShipping: () => {
        clearCartShipping().then(
          (cart) => writeCart(queryClient, cart),
          // Spec §8: a failed clear-shipping call is logged only.
          (error: unknown) => console.warn('Failed to clear shipping', error),
        );
      },
      focusFirstInvalidField: () => effects.focusFirstInvalidField(),
      notifyShippingFailed: (_, { error }) => {
        toast.error(errorMessage(error));
      },
      completeCheckout: (_, { output }) => completeCheckout(effects, output),
    },
  });
}

function completeCheckout(effects: CheckoutEffects, output: PaymentOutput): void {
  const order = output.order;
  if (!order) return;
  clearDrafts();
  // The order saved its address in the account's book (or made it the default).
  void effects.queryClient.invalidateQueries({ queryKey: accountKeys.addresses() });
  // The server emptied the cart with the order (COD at once, card once PAID): show that.
  getCart().then(
    (cart) => writeCart(effects.queryClient, cart),
    (error: unknown) => console.warn('Could not refresh the cart', error),
  );
  effects.close();
  if (output.outcome === 'paid') toast.success(PAYMENT_MESSAGES.paymentSuccessful);
  else toast.success('Order placed! You will pay on delivery.');
  effects.showConfirmation(order.orderId);
}
