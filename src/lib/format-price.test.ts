import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price';

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
