import { describe, expect, it } from 'vitest';
import { formatDiscount, formatPrice } from './format-price';

describe('formatPrice', () => {
  it.each([
    [5, '$5.00'],
    [3.99, '$3.99'],
    [4.5, '$4.50'],
    [0, '$0.00'],
    [1250, '$1,250.00'],
    [0.005, '$0.01'],
  ])('prints %d as %s', (amount, expected) => {
    expect(formatPrice(amount)).toBe(expected);
  });

  it('puts the minus sign before the dollar sign', () => {
    expect(formatPrice(-2.5)).toBe('-$2.50');
  });
});

describe('formatDiscount (issue 30: every discount line)', () => {
  it('writes a discount with the minus sign U+2212 before the dollar sign', () => {
    expect(formatDiscount(8)).toBe('\u2212$8.00');
    expect(formatDiscount(2.5)).toBe('−$2.50');
  });

  it('reads the same whether the amount comes positive or negative, and never "−$0.00"', () => {
    expect(formatDiscount(-8)).toBe('−$8.00');
    expect(formatDiscount(0)).toBe('$0.00');
  });
});
