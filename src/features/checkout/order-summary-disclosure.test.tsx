import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Cart } from '../../api/types';
import { emptyCart } from '../../../tests/fixtures/cart';
import { renderApp } from '../../../tests/support/render-app';
import { OrderSummaryDisclosure } from './order-summary-disclosure';

// The server's numbers, as the checkout reads them (D4): shown as they are.
const cart: Cart = {
  ...emptyCart,
  cartId: 9,
  cartItems: [
    {
      cartItemId: 11,
      productId: 3,
      productName: 'cappucino',
      productCategory: 'coffee_baverage',
      imageUrl: null,
      price: 5,
      quantity: 2,
      stock: 28,
      lineTotal: 10,
    },
  ],
  subtotal: 10,
  tax: 1,
  shipping: 1.49,
  shipMethod: {
    methodId: 1,
    methodName: 'Standard Shipping',
    code: 'S',
    expectedArrival: '4 - 6 Business Days',
    price: 1.49,
  },
  total: 12.49,
  totalQuantity: 2,
};

describe('the checkout order summary on phones', () => {
  it('shows the total collapsed, and opens on demand to the lines and the money block', async () => {
    const { user } = renderApp({ ui: <OrderSummaryDisclosure cart={cart} /> });

    const toggle = screen.getByRole('button', { name: 'Show order summary $12.49' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const region = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(region?.hidden).toBe(true);
    expect(screen.queryByRole('region', { name: 'Order summary' })).toBeNull();
    expect(screen.queryByTestId('order-items')).toBeNull();

    await user.click(toggle);

    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide order summary $12.49');
    const shown = screen.getByRole('region', { name: 'Order summary' });
    expect(shown).toBe(region);
    const panel = within(shown).getByTestId('order-items');
    expect(
      within(panel)
        .getAllByTestId('order-item')
        .map((item) => item.textContent),
    ).toEqual(['CAPPUCINOLUMEN ROASTERY · Coffee and Beverage2 × $5,00$10.00']);
    expect(within(panel).getByTestId('order-items-shipping').textContent).toBe('$1.49');
    expect(within(panel).getByTestId('cart-total').textContent).toBe('$12.49');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(region?.hidden).toBe(true);
  });
});
