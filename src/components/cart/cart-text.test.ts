import { describe, expect, it } from 'vitest';
import { amountBeforeDiscount, formatItemPrice, lineName, lineSubtitle } from './cart-text';

describe('cart line texts', () => {
  it('shows the name in upper case and the brand with the category', () => {
    expect(lineName({ productName: 'iced long black' })).toBe('ICED LONG BLACK');
    expect(lineSubtitle({ productCategory: 'food_snack' })).toBe('LUMEN ROASTERY · Food and Snack');
  });
});

describe('formatItemPrice (Order Items lines, spec: the price followed by ",00")', () => {
  it('writes whole dollars with ,00', () => {
    expect(formatItemPrice(5)).toBe('$5,00');
    expect(formatItemPrice(25)).toBe('$25,00');
  });

  it('keeps real cents instead of pretending a whole price', () => {
    expect(formatItemPrice(3.99)).toBe('$3,99');
    expect(formatItemPrice(0.5)).toBe('$0,50');
    expect(formatItemPrice(19.1)).toBe('$19,10');
  });
});

describe('amountBeforeDiscount (the struck-through amount)', () => {
  it('is subtotal plus tax, added in cents so no float error shows', () => {
    expect(amountBeforeDiscount({ subtotal: 0.1, tax: 0.2 })).toBe(0.3);
    expect(amountBeforeDiscount({ subtotal: 40, tax: 4 })).toBe(44);
  });
});
