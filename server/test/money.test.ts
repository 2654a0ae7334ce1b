import { describe, expect, it } from 'vitest';
import {
  amountDiffers,
  checkPromo,
  priceTotals,
  promoDiscountCents,
  PROMO_MESSAGES,
  taxCents,
  toAmount,
  type PromoRule,
} from '../src/money';

const NOW = new Date('2026-11-21T12:00:00.000Z');

function promo(overrides: Partial<PromoRule> = {}): PromoRule {
  return {
    promoId: 1,
    code: 'TEST',
    discountType: 'fixed',
    discountValue: 250,
    startAt: '2026-11-01T00:00:00.000Z',
    endAt: '2026-12-31T00:00:00.000Z',
    isActive: true,
    productIds: [],
    ...overrides,
  };
}

const line = (productId: number, unitCents: number, quantity: number) => ({
  productId,
  unitCents,
  quantity,
});

describe('tax', () => {
  it('is 10% of the subtotal, rounded half-up to the cent', () => {
    expect(taxCents(0)).toBe(0);
    expect(taxCents(1000)).toBe(100);
    expect(taxCents(3500)).toBe(350);
    expect(taxCents(1995)).toBe(200); // 199.5 → 200
    expect(taxCents(1994)).toBe(199); // 199.4 → 199
    expect(taxCents(5)).toBe(1); // 0.5 → 1
    expect(taxCents(4)).toBe(0);
  });
});

describe('priceTotals', () => {
  it('adds subtotal, tax and shipping with no promo', () => {
    const totals = priceTotals({
      lines: [line(3, 500, 2), line(33, 2500, 1)],
      shippingCents: 399,
      promo: null,
      now: NOW,
    });
    expect(totals).toMatchObject({
      subtotal: 3500,
      tax: 350,
      shipping: 399,
      discount: 0,
      total: 4249,
      promo: null,
    });
  });

  it('takes tax before the discount', () => {
    const totals = priceTotals({
      lines: [line(1, 1000, 1)],
      shippingCents: 0,
      promo: promo(),
      now: NOW,
    });
    expect(totals).toMatchObject({ subtotal: 1000, tax: 100, discount: 250, total: 850 });
  });

  it('percentage applies to eligible lines only, half-up', () => {
    const p = promo({ discountType: 'percentage', discountValue: 5000, productIds: [2] });
    const totals = priceTotals({
      lines: [line(1, 500, 1), line(2, 333, 1)],
      shippingCents: 0,
      promo: p,
      now: NOW,
    });
    expect(totals.discount).toBe(167); // 50% of 3.33 = 1.665 → 1.67
  });

  it('fixed never exceeds the eligible base', () => {
    const p = promo({ discountValue: 1500, productIds: [1] });
    expect(promoDiscountCents(p, [line(1, 500, 1), line(2, 500, 4)], 0)).toBe(500);
  });

  it('free shipping cancels the shipping once and keeps the shipping line', () => {
    const p = promo({ discountType: 'free_shipping', discountValue: 200 });
    const totals = priceTotals({
      lines: [line(1, 500, 2)],
      shippingCents: 699,
      promo: p,
      now: NOW,
    });
    expect(totals).toMatchObject({
      subtotal: 1000,
      tax: 100,
      shipping: 699,
      discount: 699,
      total: 1100,
    });
  });

  it('floors the total at zero', () => {
    const p = promo({ discountType: 'fixed', discountValue: 100000 });
    const totals = priceTotals({ lines: [line(1, 100, 1)], shippingCents: 0, promo: p, now: NOW });
    expect(totals.discount).toBe(100);
    expect(totals.total).toBe(10);
  });

  it('reports a rejected promo with discount 0', () => {
    const p = promo({ endAt: '2026-01-01T00:00:00.000Z' });
    const totals = priceTotals({ lines: [line(1, 500, 1)], shippingCents: 0, promo: p, now: NOW });
    expect(totals.discount).toBe(0);
    expect(totals.promo).toMatchObject({
      accepted: false,
      message: PROMO_MESSAGES.expired,
      discount: 0,
    });
  });
});

describe('checkPromo', () => {
  const lines = [line(1, 500, 1)];
  it('accepts a valid promo', () => {
    expect(checkPromo(promo(), lines, { now: NOW })).toEqual({
      accepted: true,
      message: 'Promo code applied successfully',
      hint: 'eligible',
    });
  });

  it('checks in the brief order with the exact messages', () => {
    expect(checkPromo(undefined, lines, { now: NOW }).message).toBe('Promo code is invalid');
    // inactive wins over every later check
    expect(
      checkPromo(promo({ isActive: false, endAt: '2020-01-01T00:00:00Z' }), lines, { now: NOW })
        .message,
    ).toBe('Promo code is inactive');
    expect(
      checkPromo(promo({ startAt: '2026-12-01T00:00:00Z' }), lines, { now: NOW }).message,
    ).toBe('Promo code is not available yet');
    expect(
      checkPromo(promo({ endAt: '2026-11-20T00:00:00Z', productIds: [9] }), lines, { now: NOW })
        .message,
    ).toBe('Promo code has expired');
    expect(
      checkPromo(promo({ productIds: [9] }), lines, { now: NOW, otherAttachedPromoId: 7 }).message,
    ).toBe('Promo code does not apply to the selected products');
    expect(checkPromo(promo(), lines, { now: NOW, otherAttachedPromoId: 7 }).message).toBe(
      'Only one promo code can be applied at a time',
    );
    // re-applying the attached promo is fine
    expect(checkPromo(promo(), lines, { now: NOW, otherAttachedPromoId: 1 }).accepted).toBe(true);
  });

  it('rejects an empty cart for a product-restricted promo', () => {
    expect(checkPromo(promo({ productIds: [1] }), [], { now: NOW }).hint).toBe(
      'product-eligibility',
    );
  });
});

describe('amounts', () => {
  it('converts cents to two-decimal numbers', () => {
    expect(toAmount(399)).toBe(3.99);
    expect(toAmount(500)).toBe(5);
    expect(toAmount(1)).toBe(0.01);
    expect(JSON.stringify(toAmount(1499))).toBe('14.99');
  });

  it('treats a difference of half a cent or more as a mismatch', () => {
    expect(amountDiffers(14.99, 1499)).toBe(false);
    expect(amountDiffers(14.994, 1499)).toBe(false);
    expect(amountDiffers(14.995, 1499)).toBe(true);
    expect(amountDiffers(14.98, 1499)).toBe(true);
    expect(amountDiffers(0.1 + 0.2, 30)).toBe(false);
    expect(amountDiffers(Number.NaN, 0)).toBe(true);
  });
});
