import type { PaymentBlock, PaymentError } from '../../../machines/payment.machine';

/** The texts of spec §5 and §8, kept in one place so views and tests read the same words. */
export const PAYMENT_MESSAGES = {
  correctErrors: 'Please correct the highlighted errors.',
  toolsNotLoaded: 'The card payment tools are still loading. Please wait a moment and try again.',
  cardMissing: 'Card details are missing. Please try again',
  paymentFailed: 'Payment failed. Please try again.',
  processingError: 'Error processing payment. Please try again later.',
  paymentIntentError: 'Error creating PaymentIntent',
  paymentSuccessful: 'Payment successful!',
  paypalUnavailable: 'PayPal is not available yet. Please pay by card or cash on delivery.',
  totalsChanged: 'The order total has changed. Please review the new total and pay again.',
} as const;

/** Why Pay was refused, in the spec's words. */
export function blockedText(reason: PaymentBlock): string {
  return PAYMENT_MESSAGES[reason];
}

/** A declined card: the provider's own message, or spec §8's. */
export function paymentErrorText(error: PaymentError): string {
  return error.providerMessage || PAYMENT_MESSAGES.paymentFailed;
}
