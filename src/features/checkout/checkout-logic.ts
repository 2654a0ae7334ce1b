import { MutationObserver, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { toast } from '../../ui/toast';
import { assign, fromCallback, fromPromise, type EventObject } from 'xstate';
import { getCart } from '../../api/cart';
import { accountKeys } from '../../api/account.queries';
import { cartMutations, writeCart } from '../../api/cart.mutations';
import { cartKeys, cartQueries } from '../../api/cart.queries';
import { apiOf } from '../../api/client';
import { createOrder } from '../../api/orders';
import { orderKeys } from '../../api/orders.queries';
import { paymentQueries } from '../../api/payment.queries';
import type { Cart, OrderRequest } from '../../api/types';
import { orderTokenFor, rememberOrderToken } from '../../payment/order-tokens';
import { clearAttempt, readAttempt, updateAttempt } from '../../payment/payment-attempt';
import {
  confirmCardWithStripe,
  reportOrderStatus,
  loadCardTools,
} from '../../payment/card-payment-actors';
import {
  checkoutMachine,
  type CartNews,
  type CheckoutDetails,
  type CheckoutStepName,
} from '../../../machines/checkout.machine';
import {
  paymentMachine,
  type CreateOrderInput,
  type OrderDraft,
  type PaymentOutput,
  type PlacedOrder,
} from '../../../machines/payment.machine';
import { clearDrafts } from './checkout-draft';
import { PAYMENT_MESSAGES } from '../../payment/payment-messages';

export type CheckoutEffects = {
  queryClient: QueryClient;
  /** Closes the overlay (the cart flow's close()). */
  close: () => void;
  /**
   * The step the address names now (ADR-0057), with step 0's details as this tab kept them (null
   * when they do not pass step 0's checks); null when the address names none.
   */
  stepInAddress?: () => { step: CheckoutStepName; details: CheckoutDetails | null } | null;
  /** Goes to the order's confirmation page. */
  showConfirmation: (orderId: number) => void;
  newIdempotencyKey?: () => string;
};

/** The order request of spec §3 with D4's additions, from the machine's attempt. */
function toOrderRequest(input: CreateOrderInput): OrderRequest {
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

/**
 * The checkout's view of the server's cart: a query observer (the overlay refetches the cart as
 * it opens), reported to the machine as `checkout.cartUpdated` whenever the item count or the
 * ship method changes. Ends with the checkout.
 */
export function cartNewsActor(queryClient: QueryClient) {
  return fromCallback<EventObject>(({ sendBack }) => {
    const observer = new QueryObserver(queryClient, cartQueries.detail());
    let last: string | null = null;
    const report = (cart: Cart | undefined) => {
      if (!cart) return;
      const news: CartNews = {
        type: 'checkout.cartUpdated',
        itemCount: cart.cartItems.length,
        shipMethodId: cart.shipMethod?.methodId ?? null,
      };
      const key = `${news.itemCount}:${news.shipMethodId}`;
      if (key === last) return;
      last = key;
      sendBack(news);
    };
    const unsubscribe = observer.subscribe((result) => report(result.data));
    report(observer.getCurrentResult().data);
    return unsubscribe;
  });
}

/**
 * The step the address names as the checkout starts (a reload on Shipping, ADR-0057), sent to
 * the machine to decide. Later history moves (Back, Forward) reach the machine from the overlay,
 * which hears the router's address change and corrects the address in the same turn
 * (`useStepInAddress` in checkout-overlay.tsx).
 */
function addressActor(
  stepInAddress: () => { step: CheckoutStepName; details: CheckoutDetails | null } | null,
) {
  return fromCallback<EventObject>(({ sendBack }) => {
    const asked = stepInAddress();
    if (asked) sendBack({ type: 'checkout.stepRequested', ...asked });
  });
}

/** The payment machine with the real effects: the API, Stripe, the console. */
export function providePaymentMachine(effects: CheckoutEffects) {
  const newKey = effects.newIdempotencyKey ?? (() => crypto.randomUUID());
  const api = apiOf(effects.queryClient);
  return paymentMachine.provide({
    actors: {
      createOrder: fromPromise<PlacedOrder, CreateOrderInput>(async ({ input, signal }) => {
        const request = toOrderRequest(input);
        const { orderId, clientSecret, orderToken } = await createOrder(api, request, { signal });
        return { orderId, clientSecret, orderToken };
      }),
      loadTools: loadCardTools(api),
      loadMethods: fromCallback<EventObject>(({ sendBack }) => {
        let live = true;
        effects.queryClient.fetchQuery(paymentQueries.methods()).then(
          (methods) => {
            if (live) sendBack({ type: 'payment.methodsKnown', cod: methods.cod });
          },
          // Not known: cash on delivery stays offered, and the server's refusal says why.
          () => undefined,
        );
        return () => {
          live = false;
        };
      }),
      confirmCard: confirmCardWithStripe(api),
      reportStatus: reportOrderStatus(api),
    },
    actions: {
      // As the step starts, an attempt this tab left part-way (a reload during "Processing
      // payment...") is taken up again: its key and its order, so Pay asks for that same order.
      startAttempt: assign(({ context }) => {
        const stored = context.idempotencyKey === '' ? readAttempt() : null;
        if (stored && stored.paymentMethod === context.paymentMethod) {
          const order =
            stored.orderId === null
              ? null
              : {
                  orderId: stored.orderId,
                  clientSecret: null,
                  orderToken: orderTokenFor(stored.orderId),
                };
          return {
            idempotencyKey: stored.idempotencyKey,
            order,
            // Pay now after a failed payment: the step says why, as after a decline.
            paymentError: stored.reason
              ? { code: 'declined' as const, providerMessage: stored.reason }
              : null,
          };
        }
        return { idempotencyKey: newKey() };
      }),
      keepAttempt: ({ context }) =>
        updateAttempt(context.idempotencyKey, {
          paymentMethod: context.paymentMethod,
          orderId: context.order?.orderId ?? null,
          confirming: context.order !== null && context.paymentMethod === 'card',
        }),
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

/**
 * The checkout's shipping writes, through the cart's own mutations (they write the cache, and
 * the cart's busy state counts them). One scope: a method chosen while another is being stored
 * is sent after it answers, so the last choice is the cart the cache ends with.
 */
const shippingScope = { id: 'cart-shipping' };

function setShippingWrite(queryClient: QueryClient) {
  const options = cartMutations(queryClient).setShipping;
  return new MutationObserver(queryClient, { ...options, scope: shippingScope });
}

function clearShippingWrite(queryClient: QueryClient) {
  const options = cartMutations(queryClient).clearShipping;
  return new MutationObserver(queryClient, { ...options, scope: shippingScope });
}

/** The checkout machine with the real effects, for the overlay's actor. */
export function provideCheckoutMachine(effects: CheckoutEffects) {
  const { queryClient } = effects;
  return checkoutMachine.provide({
    actors: {
      cart: cartNewsActor(queryClient),
      ...(effects.stepInAddress ? { address: addressActor(effects.stepInAddress) } : {}),
      setShipping: fromPromise<{ methodId: number }, { methodId: number }>(async ({ input }) => {
        // A newer choice re-enters the machine's saving state (this actor's answer is then
        // ignored) and is sent after this one in the shipping scope, so the newer cart wins.
        await setShippingWrite(queryClient).mutate(input.methodId);
        return { methodId: input.methodId };
      }),
      payment: providePaymentMachine(effects),
    },
    actions: {
      closeCheckout: () => effects.close(),
      clearShipping: () => {
        clearShippingWrite(queryClient)
          .mutate(undefined)
          // Spec §8: a failed clear-shipping call is logged only.
          .catch((error: unknown) => console.warn('Failed to clear shipping', error));
      },
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
  // Paid or placed: done. While Stripe is still confirming, the attempt stays, so a Pay again
  // after a failure is the same order.
  if (output.outcome !== 'confirming') clearAttempt();
  // The order saved its address in the account's book (or made it the default).
  void effects.queryClient.invalidateQueries({ queryKey: accountKeys.addresses() });
  // The order changed (paid, or placed again after Pay now): its page reads it afresh.
  void effects.queryClient.invalidateQueries({ queryKey: orderKeys.order(order.orderId) });
  // The server emptied the cart with the order (COD at once, card once PAID): show that.
  getCart(apiOf(effects.queryClient)).then(
    (cart) => writeCart(effects.queryClient, cart),
    (error: unknown) => console.warn('Could not refresh the cart', error),
  );
  effects.close();
  if (output.outcome === 'paid') toast.success(PAYMENT_MESSAGES.paymentSuccessful);
  else if (output.outcome === 'placed') toast.success('Order placed! You will pay on delivery.');
  // 'confirming': the confirmation page says so, and updates itself when Stripe decides.
  effects.showConfirmation(order.orderId);
}
