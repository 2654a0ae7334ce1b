// The Stripe stand-in's cards: Stripe's documented test cards and its card checks (D5, ADR-0050).
import { randomBytes } from 'node:crypto';

/** A card as confirm's `payment_method_data[card]` carries it. */
export interface SandboxCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Stripe's error object, as the stand-in answers it. */
export interface CardError {
  type: 'card_error' | 'validation_error' | 'invalid_request_error';
  code: string;
  declineCode?: string;
  message: string;
  param?: string;
}

export type CardVerdict =
  { ok: true; last4: string; brand: string } | { ok: false; error: CardError };

const CARD_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expiredCard: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
  incorrectNumber: 'Your card number is incorrect.',
  expiryYearPast: "Your card's expiration year is in the past.",
  expiryMonthPast: "Your card's expiration date is in the past.",
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  invalidExpiryYear: "Your card's expiration year is invalid.",
  incompleteCvc: "Your card's security code is incomplete.",
  invalidCvc: "Your card's security code is invalid.",
} as const;

/** Stripe's decline test numbers and what each one does. */
const TEST_DECLINES: Record<string, CardError> = {
  '4000000000000002': {
    type: 'card_error',
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: CARD_MESSAGES.declined,
  },
  '4000000000009995': {
    type: 'card_error',
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: CARD_MESSAGES.insufficientFunds,
  },
  '4000000000009987': {
    type: 'card_error',
    code: 'card_declined',
    declineCode: 'lost_card',
    message: CARD_MESSAGES.declined,
  },
  '4000000000000069': {
    type: 'card_error',
    code: 'expired_card',
    message: CARD_MESSAGES.expiredCard,
    param: 'exp_month',
  },
  '4000000000000127': {
    type: 'card_error',
    code: 'incorrect_cvc',
    message: CARD_MESSAGES.incorrectCvc,
    param: 'cvc',
  },
  '4000000000000119': {
    type: 'card_error',
    code: 'processing_error',
    message: CARD_MESSAGES.processingError,
  },
};

function normaliseCardNumber(number: string): string {
  return number.replace(/[\s-]/g, '');
}

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/**
 * Decides what confirming a payment with this card does at time `now`:
 * field checks first (number, expiry, CVC, like Stripe Elements), then the test-card behaviour.
 * Any other Luhn-valid number succeeds.
 */
export function evaluateCard(card: SandboxCard, now: Date): CardVerdict {
  const digits = normaliseCardNumber(card.number);
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) {
    return {
      ok: false,
      error: {
        type: 'card_error',
        code: 'incorrect_number',
        message: CARD_MESSAGES.incorrectNumber,
        param: 'number',
      },
    };
  }
  const month = card.expMonth;
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    return {
      ok: false,
      error: {
        type: 'validation_error',
        code: 'invalid_expiry_month',
        message: CARD_MESSAGES.invalidExpiryMonth,
        param: 'exp_month',
      },
    };
  }
  if (!Number.isInteger(card.expYear) || card.expYear < 0) {
    return {
      ok: false,
      error: {
        type: 'validation_error',
        code: 'invalid_expiry_year',
        message: CARD_MESSAGES.invalidExpiryYear,
        param: 'exp_year',
      },
    };
  }
  // Two-digit years are read as 20xx, as card forms do.
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const nowYear = now.getUTCFullYear();
  const nowMonth = now.getUTCMonth() + 1;
  if (year < nowYear) {
    return {
      ok: false,
      error: {
        type: 'validation_error',
        code: 'invalid_expiry_year_past',
        message: CARD_MESSAGES.expiryYearPast,
        param: 'exp_year',
      },
    };
  }
  if (year === nowYear && month < nowMonth) {
    return {
      ok: false,
      error: {
        type: 'validation_error',
        code: 'invalid_expiry_month_past',
        message: CARD_MESSAGES.expiryMonthPast,
        param: 'exp_month',
      },
    };
  }
  const cvc = card.cvc.trim();
  if (!/^\d*$/.test(cvc) || cvc.length > 4) {
    return {
      ok: false,
      error: {
        type: 'validation_error',
        code: 'invalid_cvc',
        message: CARD_MESSAGES.invalidCvc,
        param: 'cvc',
      },
    };
  }
  if (cvc.length < 3) {
    return {
      ok: false,
      error: {
        type: 'validation_error',
        code: 'incomplete_cvc',
        message: CARD_MESSAGES.incompleteCvc,
        param: 'cvc',
      },
    };
  }
  const decline = TEST_DECLINES[digits];
  if (decline) return { ok: false, error: { ...decline } };
  return { ok: true, last4: digits.slice(-4), brand: cardBrand(digits) };
}

/** Stripe's test cards that ask the card holder to authenticate (3-D Secure). */
export const AUTHENTICATION_CARDS: Record<string, 'succeeds' | 'declines'> = {
  // Authentication required on every payment.
  '4000002760003184': 'succeeds',
  // 3-D Secure 2, authentication required.
  '4000000000003220': 'succeeds',
  // Authenticated, then declined by the issuer.
  '4000008400001629': 'declines',
};

export function cardDigits(number: string): string {
  return normaliseCardNumber(number);
}

export const DECLINED: CardError = {
  type: 'card_error',
  code: 'card_declined',
  declineCode: 'generic_decline',
  message: CARD_MESSAGES.declined,
};

export const AUTHENTICATION_FAILED: CardError = {
  type: 'invalid_request_error',
  code: 'payment_intent_authentication_failure',
  message:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

/** An id shaped like Stripe's (`pi_…`, `evt_…`): the prefix and alphanumerics. */
export function stripeId(prefix: string, bytes = 24): string {
  // base64url without '-' and '_' keeps the ids shaped like Stripe's alphanumeric ones.
  return `${prefix}_${randomBytes(bytes).toString('base64url').replace(/[-_]/g, '').padEnd(bytes, '0')}`;
}
