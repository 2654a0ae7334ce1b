import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import type { Product } from '../../api/types';
import { useCartFlow } from '../../cart/cart-flow';
import { routePatterns } from '../../lib/paths';
import { emptyCart } from '../../../tests/fixtures/cart';
import { sampleProduct } from '../../../tests/fixtures/products';
import { errorAnswer, inTurn, type Routes } from '../../../tests/support/fake-api';
import { renderApp } from '../../../tests/support/render-app';
import { ProductPage } from './product-page';

const DETAIL = 'GET /api/v1/products/detail/{productId}';
const RELATED = 'GET /api/v1/products/related';
const ADD = 'POST /api/v1/cart/items';
const FEATURED = 'GET /api/v1/products';

// Product 3 as the seed has it (tests/fixtures/products.ts).
const CAPPUCINO: Product = sampleProduct;

function CartView() {
  return <p data-testid="cart-view">{useCartFlow().view}</p>;
}

function renderProduct(path = '/menu/detail/3', api: Routes = {}) {
  return renderApp({
    path,
    api: { [DETAIL]: CAPPUCINO, [RELATED]: [], ...api },
    ui: (
      <>
        <Route path={routePatterns.productDetail}>
          <ProductPage />
        </Route>
        <CartView />
      </>
    ),
  });
}

describe('product page', () => {
  it('shows the product with its main image first, the old price struck through and the sale badge', async () => {
    const { api } = renderProduct();

    await screen.findByRole('heading', { level: 1, name: 'Cappucino' });
    expect(api.callsTo(DETAIL).map(({ params }) => params.productId)).toEqual(['3']);
    expect(screen.getByTestId('product-main-image').getAttribute('src')).toBe(
      '/images/products/3-1.svg',
    );
    expect(screen.getByTestId('detail-price').textContent).toBe('$5.00');
    expect(screen.getByTestId('detail-old-price').textContent).toBe('$6.00');
    expect(screen.getByTestId('detail-badge').textContent).toBe('Sale -17%');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(breadcrumb)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home>', 'Menu>', 'Detail']);
  });

  it('adds the chosen quantity and confirms in a modal whose View Cart opens the cart', async () => {
    const { user, api } = renderProduct('/menu/detail/3', {
      [ADD]: { ...emptyCart, totalQuantity: 2 },
    });

    await user.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Successfully! Product Cappucino added to the cart!',
    });
    expect(api.callsTo(ADD).map(({ body }) => body)).toEqual([{ productId: 3, quantity: 2 }]);
    await user.click(within(dialog).getByRole('button', { name: 'View Cart' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('cart-view').textContent).toBe('cart');
  });

  it("confirms with the item's image, its quantity and line total in the server's cart, and Checkout", async () => {
    // The shopper had one cappucino already: the modal shows the cart's line (3, $15.00) as the
    // server answered it, not a sum made in the browser (D4).
    const { user } = renderProduct('/menu/detail/3', {
      [ADD]: {
        ...emptyCart,
        cartId: 9,
        totalQuantity: 3,
        cartItems: [
          {
            cartItemId: 11,
            productId: 3,
            productName: 'cappucino',
            productCategory: 'coffee_baverage',
            imageUrl: '/images/products/3-1.svg',
            price: 5,
            quantity: 3,
            stock: 28,
            lineTotal: 15,
          },
        ],
        subtotal: 15,
        tax: 1.5,
        total: 16.5,
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Successfully! Product Cappucino added to the cart!',
    });
    const added = within(dialog).getByTestId('added-line');
    expect(added.querySelector('img')?.getAttribute('src')).toBe('/images/products/3-1.svg');
    expect(within(added).getByText('CAPPUCINO')).toBeTruthy();
    expect(within(added).getByTestId('added-quantity').textContent).toBe('3');
    expect(within(added).getByTestId('added-line-total').textContent).toBe('$15.00');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Close', 'View Cart', 'Checkout']);

    await user.click(within(dialog).getByRole('button', { name: 'Checkout' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('cart-view').textContent).toBe('checkout');
  });

  it('closes the confirmation with Escape, keeping focus inside it until then and giving it back to Add To Cart', async () => {
    const { user } = renderProduct('/menu/detail/3', {
      [ADD]: { ...emptyCart, totalQuantity: 1 },
    });

    await user.click(await screen.findByRole('button', { name: 'Add To Cart' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Successfully! Product Cappucino added to the cart!',
    });
    for (let press = 0; press < 5; press += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('cart-view').textContent).toBe('closed');
    // Focus goes back where the shopper was.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add To Cart' }));
  });

  it("shows the server's refusal as an error toast", async () => {
    const { user } = renderProduct('/menu/detail/3', {
      [ADD]: () => errorAnswer(409, 'OUT_OF_STOCK', 'Only 4 cappucino left in stock.'),
    });

    await user.click(await screen.findByRole('button', { name: 'Add To Cart' }));

    await screen.findByText('Only 4 cappucino left in stock.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('disables Add To Cart with the reason when out of stock', async () => {
    renderProduct('/menu/detail/3', { [DETAIL]: { ...CAPPUCINO, quantity: 0 } });

    const add = await screen.findByRole('button', { name: 'Add To Cart' });
    expect(add.hasAttribute('disabled')).toBe(true);
    const reasonId = add.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(reasonId)?.textContent).toMatch(/^Out of stock/);
    expect(screen.getByTestId('detail-badge').textContent).toBe('Out of stock');
  });

  it('renders a product without images with a placeholder', async () => {
    renderProduct('/menu/detail/3', { [DETAIL]: { ...CAPPUCINO, images: [] } });

    await screen.findByRole('heading', { level: 1, name: 'Cappucino' });
    within(screen.getByTestId('product-gallery')).getByRole('img', { name: 'No image available' });
  });

  it('says "Failed to load product." when the server fails, and tries again', async () => {
    // A 503 twice: the app's query client asks again once for a 5xx.
    const down = () => errorAnswer(503, 'SERVICE_UNAVAILABLE', 'Down for a moment.');
    const { user, api } = renderProduct('/menu/detail/3', { [DETAIL]: inTurn(down, down) });

    const alert = await screen.findByRole('alert');
    within(alert).getByText('Failed to load product.');
    api.on({ [DETAIL]: CAPPUCINO });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    await screen.findByRole('heading', { level: 1, name: 'Cappucino' });
  });

  it("shows the shop's one not-found for an API 404: home, the menu, popular products", async () => {
    renderProduct('/menu/detail/999', {
      [DETAIL]: () => errorAnswer(404, 'NOT_FOUND', 'Product not found'),
      [FEATURED]: [CAPPUCINO],
    });

    await screen.findByRole('heading', { level: 1, name: 'Product not found' });
    expect(screen.getByRole('link', { name: 'Back to the menu' }).getAttribute('href')).toBe(
      '/menu',
    );
    expect(screen.getByRole('link', { name: 'Go back home' }).getAttribute('href')).toBe('/');
    const popular = await screen.findByTestId('not-found-popular');
    expect(
      within(popular)
        .getByRole('link', { name: /cappucino/i })
        .getAttribute('href'),
    ).toBe('/menu/detail/3');
    expect(document.title).toBe('Product not found | Lumen Roastery');
  });

  it('treats an id that is not a number as not found, without asking the API', () => {
    const { api } = renderProduct('/menu/detail/abc', { [FEATURED]: [] });

    screen.getByRole('heading', { level: 1, name: 'Product not found' });
    expect(api.callsTo(DETAIL)).toEqual([]);
  });
});
