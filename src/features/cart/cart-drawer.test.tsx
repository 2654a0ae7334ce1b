import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartKeys } from '../../api/cart.queries';
import type { Cart, CartItem } from '../../api/types';
import { useCartFlow } from '../../cart/cart-flow';
import { emptyCart } from '../../../tests/fixtures/cart';
import { renderApp } from '../../../tests/support/render-app';
import { CartDrawer } from './cart-drawer';

const line = (id: number): CartItem => ({
  cartItemId: 100 + id,
  productId: id,
  productName: `product ${id}`,
  productCategory: 'coffee_baverage',
  imageUrl: null,
  price: 5,
  quantity: 1,
  stock: 20,
  lineTotal: 5,
});

const cartOf = (count: number): Cart => ({
  ...emptyCart,
  cartId: 9,
  cartItems: Array.from({ length: count }, (_, index) => line(index + 3)),
  subtotal: 5 * count,
  tax: 0.5 * count,
  total: 5.5 * count,
  totalQuantity: count,
});

function CartView() {
  return <p data-testid="cart-view">{useCartFlow().view}</p>;
}

function renderDrawer(cart: Cart) {
  return renderApp({
    api: {
      'GET /api/v1/cart': cart,
      'GET /api/v1/cart/promos': { availablePromos: [], unavailablePromos: [] },
    },
    ui: (
      <>
        <CartDrawer />
        <CartView />
      </>
    ),
  });
}

describe('the cart drawer', () => {
  it('keeps the total and Checkout in a footer outside the scrolling body, whatever the lines', async () => {
    const { user } = renderDrawer(cartOf(6));

    const drawer = await screen.findByRole('dialog', { name: 'My Cart' });
    const footer = await within(drawer).findByTestId('cart-drawer-footer');
    const body = within(drawer).getByTestId('cart-drawer-body');
    expect(body.contains(footer)).toBe(false);
    // The body holds the lines and the Cart Summary's amounts and promos; the footer the rest.
    expect(within(body).getAllByTestId('cart-line')).toHaveLength(6);
    expect(within(body).getByTestId('cart-subtotal').textContent).toBe('$30.00');
    expect(within(body).queryByTestId('cart-total')).toBeNull();
    expect(within(body).queryByRole('button', { name: 'Checkout' })).toBeNull();
    expect(within(footer).getByTestId('cart-total').textContent).toBe('$33.00');

    await user.click(within(footer).getByRole('button', { name: 'Checkout' }));
    expect(screen.getByTestId('cart-view').textContent).toBe('checkout');
  });

  it('shows no footer for an empty cart', async () => {
    renderDrawer(emptyCart);

    const drawer = await screen.findByRole('dialog', { name: 'My Cart' });
    await within(drawer).findByText('There is nothing in the cart, please order and come back');
    expect(within(drawer).queryByTestId('cart-drawer-footer')).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Checkout' })).toBeNull();
  });
});

describe('cart writes in the drawer', () => {
  /** The cart the server answers with line 103 (PRODUCT 3) at `quantity` beside line 104. */
  const withQuantity = (quantity: number): Cart => {
    const cart = cartOf(2);
    const [first, second] = cart.cartItems as [CartItem, CartItem];
    const items = [{ ...first, quantity, lineTotal: 5 * quantity }, second];
    return { ...cart, cartItems: items, subtotal: 5 * (quantity + 1), totalQuantity: quantity + 1 };
  };

  it("a quantity change and a removal show the server's answers without reading the cart again", async () => {
    const { user, api } = renderDrawer(cartOf(2));
    api.on({
      'PATCH /api/v1/cart/items/{cartItemId}': withQuantity(2),
      'DELETE /api/v1/cart/items/{cartItemId}': { ...cartOf(1), cartItems: [line(4)] },
    });
    const drawer = await screen.findByRole('dialog', { name: 'My Cart' });
    expect((await within(drawer).findByTestId('cart-subtotal')).textContent).toBe('$10.00');

    await user.click(
      within(drawer).getByRole('button', { name: 'Increase quantity of PRODUCT 3' }),
    );
    await expect.poll(() => within(drawer).getByTestId('cart-subtotal').textContent).toBe('$15.00');

    await user.click(within(drawer).getByRole('button', { name: 'Remove PRODUCT 3' }));
    await expect.poll(() => within(drawer).getAllByTestId('cart-line')).toHaveLength(1);
    expect(within(drawer).getByTestId('cart-subtotal').textContent).toBe('$5.00');

    expect(api.callsTo('GET /api/v1/cart')).toHaveLength(1);
  });

  it('a line follows a new answer for it that reaches the cart query from elsewhere', async () => {
    const { queryClient } = renderDrawer(cartOf(2));
    const drawer = await screen.findByRole('dialog', { name: 'My Cart' });
    const [first] = await within(drawer).findAllByTestId('line-quantity');
    expect(first?.textContent).toBe('Quantity 1');

    // Another tab or a merge: the cart query holds a new answer; no view passes it on.
    act(() => queryClient.setQueryData(cartKeys.detail(), withQuantity(4)));

    await expect
      .poll(() => within(drawer).getAllByTestId('line-quantity')[0]?.textContent)
      .toBe('Quantity 4');
  });
});
