/**
 * What Stripe Elements say about a card field as it is typed (its documented validation texts),
 * reproduced for the offline sandbox. `error` is only set when the value is wrong for sure
 * (complete but invalid), or, with `final`, when the field is left incomplete (on blur).
 */
export type FieldCheck = {
  empty: boolean;
  complete: boolean;
  error: { type: 'validation_error'; code: string; message: string } | undefined;
};

const CARD_FIELD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryYearPast: "Your card's expiration year is in the past.",
  expiryDatePast: "Your card's expiration date is in the past.",
  expiryYearInvalid: "Your card's expiration year is invalid.",
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

const error = (code: string, message: string) => ({
  type: 'validation_error' as const,
  code,
  message,
});

export function digitsOf(value: string): string {
  return value.replace(/\D+/g, '');
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let digit = digits.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** American Express numbers have 15 digits, the test cards and most others 16. */
function cardNumberLength(digits: string): number {
  return /^3[47]/.test(digits) ? 15 : 16;
}

/** "4242 4242 4242 4242": groups of four, as Stripe shows the number. */
export function formatCardNumber(raw: string): string {
  const digits = digitsOf(raw).slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "12 / 34" from whatever was typed (a lone first digit above 1 means a leading zero). */
export function formatExpiry(raw: string): string {
  let digits = digitsOf(raw).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export function checkCardNumber(value: string, final: boolean): FieldCheck {
  const digits = digitsOf(value);
  if (digits.length === 0) return { empty: true, complete: false, error: undefined };
  if (digits.length >= cardNumberLength(digits)) {
    return luhnValid(digits)
      ? { empty: false, complete: true, error: undefined }
      : {
          empty: false,
          complete: false,
          error: error('invalid_number', CARD_FIELD_MESSAGES.numberInvalid),
        };
  }
  return {
    empty: false,
    complete: false,
    error: final ? error('incomplete_number', CARD_FIELD_MESSAGES.numberIncomplete) : undefined,
  };
}

/** Month and four-digit year of a complete expiry, else null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const digits = digitsOf(value);
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

export function checkExpiry(value: string, final: boolean, now: Date): FieldCheck {
  const digits = digitsOf(value);
  if (digits.length === 0) return { empty: true, complete: false, error: undefined };
  const month = Number(digits.slice(0, 2));
  if (digits.length >= 2 && (month < 1 || month > 12)) {
    return {
      empty: false,
      complete: false,
      error: error('invalid_expiry_month', CARD_FIELD_MESSAGES.expiryMonthInvalid),
    };
  }
  const parsed = parseExpiry(value);
  if (!parsed) {
    return {
      empty: false,
      complete: false,
      error: final ? error('incomplete_expiry', CARD_FIELD_MESSAGES.expiryIncomplete) : undefined,
    };
  }
  const nowYear = now.getFullYear();
  if (parsed.year < nowYear) {
    return {
      empty: false,
      complete: false,
      error: error('invalid_expiry_year_past', CARD_FIELD_MESSAGES.expiryYearPast),
    };
  }
  if (parsed.year === nowYear && parsed.month < now.getMonth() + 1) {
    return {
      empty: false,
      complete: false,
      error: error('invalid_expiry_month_past', CARD_FIELD_MESSAGES.expiryDatePast),
    };
  }
  if (parsed.year > nowYear + 50) {
    return {
      empty: false,
      complete: false,
      error: error('invalid_expiry_year', CARD_FIELD_MESSAGES.expiryYearInvalid),
    };
  }
  return { empty: false, complete: true, error: undefined };
}

export function checkCvc(value: string, final: boolean): FieldCheck {
  const digits = digitsOf(value);
  if (digits.length === 0) return { empty: true, complete: false, error: undefined };
  if (digits.length >= 3) return { empty: false, complete: true, error: undefined };
  return {
    empty: false,
    complete: false,
    error: final ? error('incomplete_cvc', CARD_FIELD_MESSAGES.cvcIncomplete) : undefined,
  };
}
