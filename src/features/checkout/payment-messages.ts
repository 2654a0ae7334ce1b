import type {
  CardField,
  CardFieldError,
  PaymentBlock,
  PaymentError,
} from '../../../machines/payment.machine';

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

/** Stripe's own texts for a field left incomplete (what its Elements say), and spec §5's. */
const INCOMPLETE_FIELD_MESSAGES: Record<CardField, string> = {
  cardNumber: 'Your card number is incomplete.',
  cardExpiry: "Your card's expiration date is incomplete.",
  cardCvc: "Your card's security code is incomplete.",
  cardHolder: 'Card Holder Name is required',
};

/** A marked card field's message: the provider's own, or the incomplete field's. */
export function fieldErrorText(field: CardField, error: CardFieldError | null): string | null {
  if (!error) return null;
  return error.code === 'provider' ? error.message : INCOMPLETE_FIELD_MESSAGES[field];
}

/** Why Pay was refused, in the spec's words. */
export function blockedText(reason: PaymentBlock): string {
  return PAYMENT_MESSAGES[reason];
}

/** A declined card: the provider's own message, or spec §8's. */
export function paymentErrorText(error: PaymentError): string {
  return error.providerMessage || PAYMENT_MESSAGES.paymentFailed;
}
