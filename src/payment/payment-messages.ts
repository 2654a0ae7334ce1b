import type {
  CardField,
  CardFieldError,
  PaymentBlock,
  PaymentError,
  ProcessingError,
} from '../../machines/payment.machine';

/** The texts of spec §5 and §8, kept in one place so views and tests read the same words. */
export const PAYMENT_MESSAGES = {
  correctErrors: 'Please correct the highlighted errors.',
  toolsNotLoaded: 'The card payment tools are still loading. Please wait a moment and try again.',
  cardMissing: 'Card details are missing. Please try again',
  paymentFailed: 'Payment failed. Please try again.',
  processingError: 'Error processing payment. Please try again later.',
  /** Spec §8's developer line: the console's, never shown to the shopper (issue 30). */
  paymentIntentError: 'Error creating PaymentIntent',
  paymentSuccessful: 'Payment successful!',
  paypalUnavailable: 'PayPal is not available yet. Please pay by card or cash on delivery.',
  /** PayPal's notice where the shop does not take cash on delivery (COD_ENABLED=false). */
  paypalUnavailableCardOnly: 'PayPal is not available yet. Please pay by card.',
  /** Cash on delivery where the shop does not take it: the API's own refusal says the same. */
  codUnavailable: 'Cash on delivery is not available. Please pay by card.',
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

/**
 * What went wrong with the last attempt, in the shopper's words, and what to do next (issue 16,
 * D9): spec §8's processing message, then what happened, then what to do. It stays until the next
 * attempt. The error's own text (spec §8's "Error creating PaymentIntent" line, a "Failed to
 * fetch") is a developer's: it goes to the console only (issue 30).
 */
export function paymentProblemLines(
  error: ProcessingError,
  action: 'Pay' | 'Place Order',
): string[] {
  const happened = {
    order: 'Your order was not placed, and nothing was charged.',
    card: 'We could not confirm your card payment. Trying again will not charge you twice.',
    record:
      'Your payment went through, but we could not record it yet. Trying again finishes it without charging you twice.',
  }[error.stage];
  const next = error.network
    ? `You seem to be offline. Check your internet connection, then press ${action} again.`
    : `Please press ${action} again in a moment. If it keeps failing, try again later or choose another payment method.`;
  return [PAYMENT_MESSAGES.processingError, happened, next];
}
