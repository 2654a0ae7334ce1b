import type { StripeCardNumberElement } from '@stripe/stripe-js';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { ApiClient } from '../api/client';
import { updateOrderStatus } from '../api/orders';
import type {
  CardOutcome,
  ConfirmCardInput,
  ReportStatusInput,
} from '../../machines/payment.machine';
import { getStripe } from './stripe-loader';

/**
 * The payment machine's card effects (ADR-0050), shared by the checkout's Payment step and the
 * order page's Pay now (ADR-0058): load Stripe (or the sandbox), confirm the card with it, and
 * tell the server what the card's bank said.
 */

/** Reports PAYMENT_FAILED (or the like) for the order, with its token when a guest placed it. */
export const reportOrderStatus = (api: ApiClient) =>
  fromPromise<unknown, ReportStatusInput>(async ({ input, signal }) =>
    updateOrderStatus(
      api,
      input.orderId,
      { status: input.status },
      { orderToken: input.orderToken, signal },
    ),
  );

/** What the shopper reads when the bank could not confirm a 3-D Secure payment. */
const AUTHENTICATION_FAILED_MESSAGE =
  'Your bank could not confirm this payment. Please try again, or use another card.';

/**
 * Confirms the card with Stripe (or the sandbox), with the card element Pay handed over;
 * Stripe.js shows a 3-D Secure challenge itself when the card's bank asks for one.
 */
export const confirmCardWithStripe = (api: ApiClient) =>
  fromPromise<CardOutcome, ConfirmCardInput>(async ({ input }) => {
    const stripe = await getStripe(api);
    if (!stripe) throw new Error('The card payment tools are not loaded');
    const result = await stripe.confirmCardPayment(input.clientSecret, {
      payment_method: {
        card: input.card as StripeCardNumberElement,
        billing_details: input.billingDetails,
      },
    });
    if (result.error) {
      // Paid already (a second Pay after a lost answer): Stripe refuses, with the succeeded intent.
      if (result.error.payment_intent?.status === 'succeeded') return { status: 'succeeded' };
      // No answer from Stripe is not a decline: nothing is known, and a retry is safe.
      if (result.error.type === 'api_connection_error') {
        throw Object.assign(new Error(result.error.message ?? 'No answer from Stripe'), {
          status: 0,
        });
      }
      const message =
        result.error.code === 'payment_intent_authentication_failure'
          ? AUTHENTICATION_FAILED_MESSAGE
          : (result.error.message ?? null);
      return { status: 'declined', message };
    }
    const status = result.paymentIntent?.status;
    if (status === 'succeeded') return { status: 'succeeded' };
    if (status === 'processing') return { status: 'processing' };
    return { status: 'declined', message: null };
  });

/** Loads Stripe (or the sandbox) as the payment starts; the view's <Elements> gets the same. */
export const loadCardTools = (api: ApiClient) =>
  fromCallback<EventObject>(({ sendBack }) => {
    let live = true;
    void getStripe(api).then((stripe) => {
      if (live) sendBack({ type: stripe ? 'payment.toolsLoaded' : 'payment.toolsFailed' });
    });
    return () => {
      live = false;
    };
  });
