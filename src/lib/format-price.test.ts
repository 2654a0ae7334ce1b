import { describe, expect, it } from 'vitest';
import { formatDiscount, formatPrice } from './format-price';

/** What the shop wrote with before ADR-0068, and what it must still write. */
const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('formatPrice', () => {
  it.each([
    [5, '$5.00'],
    [3.99, '$3.99'],
    [4.5, '$4.50'],
    [0, '$0.00'],
    [1250, '$1,250.00'],
    [0.005, '$0.01'],
    [1.005, '$1.01'],
    [2.675, '$2.68'],
    [999.995, '$1,000.00'],
    [1234567.895, '$1,234,567.90'],
    [1e-7, '$0.00'],
    [90e12, '$90,000,000,000,000.00'],
  ])('prints %d as %s', (amount, expected) => {
    expect(formatPrice(amount)).toBe(expected);
  });

  it('puts the minus sign before the dollar sign', () => {
    expect(formatPrice(-2.5)).toBe('-$2.50');
    expect(formatPrice(-1234.5)).toBe('-$1,234.50');
  });

  it('never writes "-$0.00" (Intl does, for -0 and for a negative amount under half a cent)', () => {
    expect(formatPrice(-0)).toBe('$0.00');
    expect(formatPrice(-0.004)).toBe('$0.00');
    expect(formatPrice(-0.005)).toBe('-$0.01');
  });

  it('writes what Intl.NumberFormat writes, for every cent up to $100 and for odd amounts', () => {
    const amounts: number[] = [];
    for (let cents = 0; cents <= 10_000; cents += 1) amounts.push(cents / 100, -cents / 100);
    // Amounts with more than two decimals (a server's sum of floats), and large ones.
    let seed = 27;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5_000; i += 1) {
      amounts.push(random() * 100, random() * 1e7, Math.round(random() * 1e6) / 1000 - 500);
    }
    const differing = amounts
      .filter((amount) => intl.format(amount) !== '-$0.00') // the one difference, above
      .filter((amount) => formatPrice(amount) !== intl.format(amount));
    expect(differing).toEqual([]);
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
