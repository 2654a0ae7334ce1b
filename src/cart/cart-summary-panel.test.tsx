import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Cart, CartPromos, Promo } from '../api/types';
import { emptyCart } from '../../tests/fixtures/cart';
import { networkFailure, type Routes } from '../../tests/support/fake-api';
import { renderApp } from '../../tests/support/render-app';
import { CartSummaryPanel } from './cart-summary-panel';
import { OrderItemsPanel } from './order-items-panel';

const PROMOS = 'GET /api/v1/cart/promos';
const CLEAR_PROMO = 'DELETE /api/v1/cart/promo';

const cashback: Promo = {
  promoId: 1,
  code: 'CASHBACK25',
  title: 'Cashback $2.50',
  description: '$2.50 off the eligible items in your cart.',
  discountType: 'fixed',
  discountValue: 2.5,
  startAt: null,
  endAt: null,
  isActive: true,
};

const promos: CartPromos = {
  availablePromos: [cashback],
  unavailablePromos: [
    {
      ...cashback,
      promoId: 4,
      code: 'SUMMER10',
      title: 'Summer',
      reason: 'Promo code has expired',
    },
  ],
};

// Amounts the server would never compute this way (tax is not 10%): the panels must show them
// as they are, not recompute them.
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
      price: 4.5,
      quantity: 2,
      stock: 20,
      lineTotal: 9,
    },
  ],
  subtotal: 9,
  tax: 0.95,
  shipping: 0,
  discount: 0,
  total: 9.95,
  totalQuantity: 2,
};

const discounted: Cart = { ...cart, promo: cashback, discount: 2.5, total: 7.45 };

/** The panel inside the app's providers; the cart's promo list answers `promos`. */
function renderWithQueries(ui: ReactElement, api: Routes = {}) {
  return renderApp({ ui, api: { [PROMOS]: promos, ...api } });
}

describe('CartSummaryPanel', () => {
  it('shows the server amounts and only the total without a discount', async () => {
    renderWithQueries(<CartSummaryPanel cart={cart} />);

    expect(screen.getByRole('heading', { name: 'Cart Summary' })).toBeDefined();
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('$9.00');
    expect(screen.getByText('Tax (10%)')).toBeDefined();
    expect(screen.getByTestId('cart-tax').textContent).toBe('$0.95');
    expect(screen.getByTestId('cart-total').textContent).toBe('$9.95');
    expect(screen.queryByTestId('cart-total-before-discount')).toBeNull();
    expect(screen.queryByTestId('promo-chip')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    // The promos come from the cart's promo list.
    await screen.findByRole('button', { name: 'Apply Cashback $2.50' });
    const region = screen.getByRole('region', { name: 'Discount not available for this product' });
    expect(within(region).getByText('Promo code has expired')).toBeDefined();
  });

  it('with a discount, strikes through the total plus the discount and shows the chip', () => {
    renderWithQueries(<CartSummaryPanel cart={discounted} />);

    expect(screen.getByTestId('cart-total').textContent).toBe('$7.45');
    expect(screen.getByTestId('cart-total-before-discount').textContent).toBe(
      'Before discount $9.95',
    );
    expect(screen.getByTestId('promo-chip').textContent).toContain('CASHBACK25−$2.50');
  });

  it('only logs a failure to clear the promo', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = renderWithQueries(<CartSummaryPanel cart={discounted} />, {
      [CLEAR_PROMO]: networkFailure,
    });

    await user.click(screen.getByRole('button', { name: 'Remove promo CASHBACK25' }));

    // The client's own error for a dropped connection.
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        'Failed to clear promo',
        expect.objectContaining({ name: 'ApiError', code: 'NETWORK' }),
      ),
    );
    expect(screen.queryByRole('alert', { name: /promo/i })).toBeNull();
    expect(screen.getByTestId('promo-chip')).toBeDefined();
  });

  it('keeps a promo that saves nothing visible and removable, without a chip', async () => {
    const stale: Cart = {
      ...cart,
      promo: cashback,
      promoValidation: {
        accepted: false,
        message: 'Promo code does not apply to the selected products',
        discountAmount: 0,
      },
    };
    const { user, api } = renderWithQueries(<CartSummaryPanel cart={stale} />, {
      [CLEAR_PROMO]: cart,
    });

    expect(screen.queryByTestId('promo-chip')).toBeNull();
    expect(screen.getByTestId('attached-promo').textContent).toBe(
      'CASHBACK25 is applied but does not count: Promo code does not apply to the selected products.Remove',
    );
    await user.click(screen.getByRole('button', { name: 'Remove promo CASHBACK25' }));
    await vi.waitFor(() => expect(api.callsTo(CLEAR_PROMO)).toHaveLength(1));
  });

  it('offers a Back button when asked to', async () => {
    const onBack = vi.fn();
    const { user } = renderWithQueries(
      <CartSummaryPanel cart={cart} extra={<button>Checkout</button>} onBack={onBack} />,
    );

    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledOnce();
  });
});

describe('OrderItemsPanel', () => {
  it('lists each item with its price followed by ,00-style cents, then tax, shipping, promo and total', () => {
    renderWithQueries(<OrderItemsPanel cart={discounted} />);

    expect(screen.getByRole('heading', { name: 'Order Items' })).toBeDefined();
    const [item] = screen.getAllByTestId('order-item');
    expect(item?.textContent).toContain('CAPPUCINO');
    expect(item?.textContent).toContain('2 × $4,50');
    expect(item?.textContent).toContain('$9.00');
    expect(screen.getByTestId('order-items-shipping').textContent).toBe('Not chosen yet');
    expect(screen.getByTestId('order-items-promo').textContent).toBe('CASHBACK25 −$2.50');
    expect(screen.getByTestId('cart-total').textContent).toBe('$7.45');
  });
});
