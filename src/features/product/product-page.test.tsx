import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiError } from '../../api/api-error';
import type * as CartModule from '../../api/cart';
import type * as ProductsModule from '../../api/products';
import type { Product } from '../../api/types';
import { CartFlowProvider, useCartFlow } from '../../components/cart-flow';
import { routePatterns } from '../../components/paths';
import { emptyCart } from '../../../tests/fixtures/cart';
import { ProductPage } from './product-page';

// The module boundary: the product queries and the cart mutation call these.
vi.mock('../../api/products', async (importOriginal) => ({
  ...(await importOriginal<typeof ProductsModule>()),
  getProduct: vi.fn(),
  listRelatedProducts: vi.fn(),
}));
vi.mock('../../api/cart', async (importOriginal) => ({
  ...(await importOriginal<typeof CartModule>()),
  addCartItem: vi.fn(),
}));
const { getProduct, listRelatedProducts } = await import('../../api/products');
const { addCartItem } = await import('../../api/cart');

const CAPPUCINO: Product = {
  productId: 3,
  name: 'cappucino',
  price: 5,
  oldPrice: 6,
  description: 'Equal parts espresso, steamed milk and microfoam.',
  category: 'coffee_baverage',
  quantity: 4,
  isAvailableAtWeb: true,
  images: [
    { productImageId: 31, imageUrl: '/images/products/3-2.svg', isMain: false },
    { productImageId: 30, imageUrl: '/images/products/3-1.svg', isMain: true },
  ],
};

function CartView() {
  return <p data-testid="cart-view">{useCartFlow().view}</p>;
}

function renderProduct(path = '/menu/detail/3') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={queryClient}>
      <CartFlowProvider>
        <Router hook={location.hook}>
          <Route path={routePatterns.productDetail}>
            <ProductPage />
          </Route>
        </Router>
        <CartView />
      </CartFlowProvider>
      <Toaster />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), queryClient };
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('product page', () => {
  it('shows the product with its main image first, the old price struck through and the sale badge', async () => {
    vi.mocked(getProduct).mockResolvedValue(CAPPUCINO);
    vi.mocked(listRelatedProducts).mockResolvedValue([]);
    renderProduct();

    await screen.findByRole('heading', { level: 1, name: 'cappucino' });
    expect(getProduct).toHaveBeenCalledWith(3, expect.anything());
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
    vi.mocked(getProduct).mockResolvedValue(CAPPUCINO);
    vi.mocked(listRelatedProducts).mockResolvedValue([]);
    vi.mocked(addCartItem).mockResolvedValue({ ...emptyCart, totalQuantity: 2 });
    const { user } = renderProduct();

    await user.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Successfully! Product cappucino added to the cart!',
    });
    expect(addCartItem).toHaveBeenCalledWith({ productId: 3, quantity: 2 });
    await user.click(within(dialog).getByRole('button', { name: 'View Cart' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('cart-view').textContent).toBe('cart');
  });

  it("shows the server's refusal as an error toast", async () => {
    vi.mocked(getProduct).mockResolvedValue(CAPPUCINO);
    vi.mocked(listRelatedProducts).mockResolvedValue([]);
    vi.mocked(addCartItem).mockRejectedValue(
      new ApiError({
        status: 409,
        code: 'OUT_OF_STOCK',
        message: 'Only 4 cappucino left in stock.',
      }),
    );
    const { user } = renderProduct();

    await user.click(await screen.findByRole('button', { name: 'Add To Cart' }));

    await screen.findByText('Only 4 cappucino left in stock.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('disables Add To Cart with the reason when out of stock', async () => {
    vi.mocked(getProduct).mockResolvedValue({ ...CAPPUCINO, quantity: 0 });
    vi.mocked(listRelatedProducts).mockResolvedValue([]);
    renderProduct();

    const add = await screen.findByRole('button', { name: 'Add To Cart' });
    expect(add.hasAttribute('disabled')).toBe(true);
    const reasonId = add.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(reasonId)?.textContent).toMatch(/^Out of stock/);
    expect(screen.getByTestId('detail-badge').textContent).toBe('Out of stock');
  });

  it('renders a product without images with a placeholder', async () => {
    vi.mocked(getProduct).mockResolvedValue({ ...CAPPUCINO, images: [] });
    vi.mocked(listRelatedProducts).mockResolvedValue([]);
    renderProduct();

    await screen.findByRole('heading', { level: 1, name: 'cappucino' });
    within(screen.getByTestId('product-gallery')).getByRole('img', { name: 'No image available' });
  });

  it('says "Failed to load product." when the server fails, and tries again', async () => {
    vi.mocked(getProduct).mockRejectedValueOnce(
      new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Down for a moment.' }),
    );
    vi.mocked(listRelatedProducts).mockResolvedValue([]);
    const { user } = renderProduct();

    const alert = await screen.findByRole('alert');
    within(alert).getByText('Failed to load product.');
    vi.mocked(getProduct).mockResolvedValue(CAPPUCINO);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    await screen.findByRole('heading', { level: 1, name: 'cappucino' });
  });

  it('shows a not-found message with a way back to the menu for an unknown id', async () => {
    vi.mocked(getProduct).mockRejectedValue(
      new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Product not found' }),
    );
    renderProduct('/menu/detail/999');

    await screen.findByRole('heading', { level: 1, name: 'Product not found' });
    expect(screen.getByRole('link', { name: 'Back to the menu' }).getAttribute('href')).toBe(
      '/menu',
    );
  });

  it('treats an id that is not a number as not found, without asking the API', () => {
    renderProduct('/menu/detail/abc');

    screen.getByRole('heading', { level: 1, name: 'Product not found' });
    expect(getProduct).not.toHaveBeenCalled();
  });
});
