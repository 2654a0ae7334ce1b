import type { QueryClient } from '@tanstack/react-query';
import { assign, fromPromise } from 'xstate';
import { accountKeys } from '../../api/account.queries';
import { cartKeys } from '../../api/cart.queries';
import { apiOf } from '../../api/client';
import { orderKeys } from '../../api/orders.queries';
import { payOrder } from '../../api/payment';
import type { OrderDetail } from '../../api/types';
import {
  confirmCardWithStripe,
  reportOrderStatus,
  loadCardTools,
} from '../../payment/card-payment-actors';
import { clearAttempt, readAttempt } from '../../payment/payment-attempt';
import { PAYMENT_MESSAGES } from '../../payment/payment-messages';
import { toast } from '../../ui/toast';
import {
  paymentMachine,
  type CreateOrderInput,
  type OrderDraft,
  type PaymentInput,
  type PaymentOutput,
  type PlacedOrder,
} from '../../../machines/payment.machine';

/**
 * Pay now on the order's page (issue 30, ADR-0058): the checkout's payment machine, with the
 * order already placed. Its "create" step asks the API to pay this order again
 * (`POST /order/{orderId}/payment`: the units taken again, the order's one intent), then the card
 * is confirmed with Stripe and PAID or PAYMENT_FAILED reported, as in the checkout. Nothing here
 * places an order, so no tab or device can make a second one.
 */
export type PayOrderEffects = {
  queryClient: QueryClient;
  orderId: number;
  /** A guest's order token (null: the signed-in owner's bearer reads and pays it). */
  orderToken: string | null;
};

/** The machine's input for this order: who pays and the billing address (the ship-to). */
export function payOrderInput(order: OrderDetail): PaymentInput {
  return {
    email: order.email,
    shippingAddress: order.shippingAddress,
    // The order keeps its ship method; paying it again sends none.
    shipMethodId: 0,
    paymentMethod: 'card',
  };
}

/** The order as the machine's draft: what the shopper is paying, priced by the server. */
export function orderDraftOf(order: OrderDetail): OrderDraft {
  return {
    items: order.items.map(({ productId, quantity, price }) => ({ productId, quantity, price })),
    promoCode: null,
    totals: {
      subtotal: order.subtotalAmount,
      tax: order.taxAmount,
      shipping: order.shippingAmount,
      discount: order.discountAmount,
      total: order.totalAmount,
    },
  };
}

export function providePayOrderMachine({ queryClient, orderId, orderToken }: PayOrderEffects) {
  const api = apiOf(queryClient);
  return paymentMachine.provide({
    actors: {
      createOrder: fromPromise<PlacedOrder, CreateOrderInput>(async ({ signal }) => {
        const paying = await payOrder(api, orderId, { orderToken, signal });
        return {
          orderId: paying.orderId,
          clientSecret: paying.clientSecret,
          orderToken: paying.orderToken ?? orderToken,
        };
      }),
      loadTools: loadCardTools(api),
      confirmCard: confirmCardWithStripe(api),
      reportStatus: reportOrderStatus(api),
    },
    actions: {
      // No order request is sent, so no idempotency key is needed: the order is the key.
      startAttempt: assign({ idempotencyKey: () => `order-${orderId}` }),
      // The order page reads the order itself on a reload: nothing to keep in this tab.
      keepAttempt: () => {},
      rememberOrder: () => {},
      refreshCart: () => {},
      notifyProcessingError: (_, { error }) =>
        console.warn(`${PAYMENT_MESSAGES.paymentIntentError}: ${error}`),
      logReportFailure: (_, { error }) =>
        console.warn('Could not report the failed payment', error),
    },
  });
}

/** Paid (or Stripe still deciding): the page, the order history and the cart read it afresh. */
export function finishPayOrder(queryClient: QueryClient, orderId: number, output: PaymentOutput) {
  if (output.outcome === 'paid') {
    // A checkout attempt this tab kept for the order is over.
    if (readAttempt()?.orderId === orderId) clearAttempt();
    toast.success(PAYMENT_MESSAGES.paymentSuccessful);
  }
  void queryClient.invalidateQueries({ queryKey: orderKeys.order(orderId) });
  void queryClient.invalidateQueries({ queryKey: accountKeys.orderLists() });
  // The server empties the cart the order came from once it is paid.
  void queryClient.invalidateQueries({ queryKey: cartKeys.detail() });
}
