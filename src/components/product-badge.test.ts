import { describe, expect, it } from 'vitest';
import { formatPrice } from '../lib/format-price';
import { productBadge } from './product-badge';

describe('productBadge', () => {
  it('marks a sale with the rounded percentage', () => {
    expect(productBadge({ price: 5, oldPrice: 6, quantity: 3 })).toEqual({
      kind: 'sale',
      percent: 17,
    });
  });

  it('prefers out of stock over a sale', () => {
    expect(productBadge({ price: 5, oldPrice: 6, quantity: 0 })).toEqual({ kind: 'outOfStock' });
    expect(productBadge({ price: 5, oldPrice: null, quantity: -1 })).toEqual({
      kind: 'outOfStock',
    });
  });

  it('shows nothing without a real discount', () => {
    expect(productBadge({ price: 5, oldPrice: null, quantity: 3 })).toBeNull();
    expect(productBadge({ price: 5, oldPrice: 5, quantity: 3 })).toBeNull();
    expect(productBadge({ price: 5, oldPrice: 4, quantity: 3 })).toBeNull();
  });
});

describe('formatPrice', () => {
  it('shows dollars with two decimals', () => {
    expect(formatPrice(5)).toBe('$5.00');
    expect(formatPrice(3.99)).toBe('$3.99');
    expect(formatPrice(12.5)).toBe('$12.50');
  });
});
