import { describe, expect, it } from 'vitest';
import { evaluateCard, luhnValid, stripeId } from '../src/stripe/test-cards';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const card = (
  number: string,
  extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {},
) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...extra,
});

describe('sandbox cards', () => {
  it('4242 4242 4242 4242 succeeds (spaces allowed)', () => {
    expect(evaluateCard(card('4242 4242 4242 4242'), NOW)).toEqual({
      ok: true,
      last4: '4242',
      brand: 'visa',
    });
  });

  it.each([
    ['4000000000000002', 'card_declined', 'generic_decline', 'Your card was declined.'],
    [
      '4000000000009995',
      'card_declined',
      'insufficient_funds',
      'Your card has insufficient funds.',
    ],
    ['4000000000009987', 'card_declined', 'lost_card', 'Your card was declined.'],
    ['4000000000000069', 'expired_card', undefined, 'Your card has expired.'],
    ['4000000000000127', 'incorrect_cvc', undefined, "Your card's security code is incorrect."],
    [
      '4000000000000119',
      'processing_error',
      undefined,
      'An error occurred while processing your card. Try again in a little bit.',
    ],
  ])('%s declines with %s', (number, code, declineCode, message) => {
    const verdict = evaluateCard(card(number), NOW);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.error).toMatchObject({ type: 'card_error', code, message });
    expect(verdict.error.declineCode).toBe(declineCode);
  });

  it('a number failing Luhn is incorrect_number', () => {
    const verdict = evaluateCard(card('4242424242424241'), NOW);
    expect(verdict).toEqual({
      ok: false,
      error: {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
        param: 'number',
      },
    });
  });

  it('any other Luhn-valid number succeeds', () => {
    expect(evaluateCard(card('5555555555554444'), NOW)).toMatchObject({
      ok: true,
      brand: 'mastercard',
    });
    expect(evaluateCard(card('378282246310005', { cvc: '1234' }), NOW)).toMatchObject({
      ok: true,
      brand: 'amex',
    });
  });

  it('a past expiry year or month is a field error', () => {
    expect(evaluateCard(card('4242424242424242', { expYear: 2025 }), NOW)).toMatchObject({
      ok: false,
      error: {
        type: 'validation_error',
        code: 'invalid_expiry_year_past',
        message: "Your card's expiration year is in the past.",
        param: 'exp_year',
      },
    });
    expect(
      evaluateCard(card('4242424242424242', { expYear: 2026, expMonth: 10 }), NOW),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_expiry_month_past',
        message: "Your card's expiration date is in the past.",
      },
    });
    // the current month is still valid
    expect(evaluateCard(card('4242424242424242', { expYear: 2026, expMonth: 11 }), NOW).ok).toBe(
      true,
    );
  });

  it('a CVC shorter than 3 digits is incomplete', () => {
    expect(evaluateCard(card('4242424242424242', { cvc: '12' }), NOW)).toMatchObject({
      ok: false,
      error: {
        type: 'validation_error',
        code: 'incomplete_cvc',
        message: "Your card's security code is incomplete.",
        param: 'cvc',
      },
    });
  });

  it('field errors come before the test-card behaviour', () => {
    expect(evaluateCard(card('4000000000000002', { cvc: '1' }), NOW)).toMatchObject({
      error: { code: 'incomplete_cvc' },
    });
  });
});

describe('luhn and ids', () => {
  it('validates Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424243')).toBe(false);
    expect(luhnValid('42a2')).toBe(false);
  });

  it('ids are shaped like Stripe ones, and never repeat', () => {
    const id = stripeId('pi');
    expect(id).toMatch(/^pi_[A-Za-z0-9]{24,}$/);
    expect(stripeId('pi')).not.toBe(id);
  });
});
