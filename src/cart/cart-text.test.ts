import { describe, expect, it } from 'vitest';
import type { Cart } from '../api/types';
import {
  amountBeforeDiscount,
  cartChangeWords,
  formatItemPrice,
  lineName,
  lineSubtitle,
} from './cart-text';

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
  it('is the total plus the discount, added in cents so no float error shows', () => {
    expect(amountBeforeDiscount({ total: 0.1, discount: 0.2 })).toBe(0.3);
    expect(amountBeforeDiscount({ total: 41.5, discount: 2.5 })).toBe(44);
  });

  it('counts shipping once it is chosen, so it is never lower than the total (D9)', () => {
    // $20.00 of items, CASHBACK25 (-$2.50), tax $2.00, shipping $6.99: total $26.49.
    const before = amountBeforeDiscount({ total: 26.49, discount: 2.5 });
    expect(before).toBe(28.99);
    expect(before).toBeGreaterThan(26.49);
  });
});

describe('cartChangeWords (the cart live region, issue 30)', () => {
  const cart = {
    total: 14.85,
    cartItems: [{ cartItemId: 7, quantity: 3 }],
  } as Pick<Cart, 'cartItems' | 'total'>;

  it("says the line's new quantity and the total, both the server's", () => {
    expect(
      cartChangeWords({ kind: 'quantity', cartItemId: 7, productName: 'cappucino' }, cart),
    ).toBe('Cappucino, quantity 3. Total $14.85');
  });

  it('says a removed line and the total left', () => {
    expect(cartChangeWords({ kind: 'removed', productName: 'french press 9 cups' }, cart)).toBe(
      'French press 9 cups removed from the cart. Total $14.85',
    );
  });

  it("says the promo's outcome with the total", () => {
    expect(cartChangeWords({ kind: 'promo', message: 'Promo applied' }, cart)).toBe(
      'Promo applied. Total $14.85',
    );
  });
});
