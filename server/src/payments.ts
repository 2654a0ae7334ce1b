// The card sandbox: Stripe's documented test cards and its client-side card checks, without a network (D5).
import { randomBytes } from 'node:crypto';
import type { components } from '../../contract/schema';

// The card comes in and the error goes out on the wire, so both are the contract's own shapes.
export type SandboxCard = components['schemas']['SandboxCard'];
export type CardError = components['schemas']['CardError'];

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

function randomId(bytes: number): string {
  // base64url without '-' and '_' keeps the ids shaped like Stripe's alphanumeric ones.
  return randomBytes(bytes).toString('base64url').replace(/[-_]/g, '').padEnd(bytes, '0');
}

export function newPaymentIntentId(): string {
  return `pi_${randomId(24)}`;
}

export function newClientSecret(intentId: string): string {
  return `${intentId}_secret_${randomId(24)}`;
}

/** The intent id embedded in a client secret (`pi_…_secret_…`), or null when it is not that shape. */
export function intentIdFromClientSecret(secret: string): string | null {
  const match = /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(secret);
  return match?.[1] ?? null;
}
