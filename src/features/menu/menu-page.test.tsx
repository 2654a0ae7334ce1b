import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiError } from '../../api/api-error';
import type * as ProductsModule from '../../api/products';
import type { Product, ProductPage } from '../../api/types';
import { MenuPage } from './menu-page';

vi.mock('../../api/products', async (importOriginal) => ({
  ...(await importOriginal<typeof ProductsModule>()),
  searchProducts: vi.fn(),
}));
const { searchProducts } = await import('../../api/products');

function product(productId: number): Product {
  return {
    productId,
    name: `coffee ${productId}`,
    price: 5,
    oldPrice: null,
    description: '',
    category: 'coffee_baverage',
    quantity: 10,
    isAvailableAtWeb: true,
    images: [],
  };
}

function page(n: number, ids: number[]): ProductPage {
  return { items: ids.map(product), totalElements: 10, totalPages: 2, page: n, size: 8 };
}

const FIRST = page(0, [1, 2, 3, 4, 5, 6, 7, 8]);
// The second page repeats product 8 (a product moved between requests): shown once.
const SECOND = page(1, [8, 9, 10]);
const down = () =>
  new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Back in a moment.' });

function renderMenu(path = '/menu') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <MenuPage />
      </Router>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), location };
}

const names = () =>
  within(screen.getByTestId('menu-products'))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);

afterEach(() => {
  vi.clearAllMocks();
});

describe('menu page', () => {
  it('asks the API for the filters in the URL', async () => {
    vi.mocked(searchProducts).mockResolvedValue(page(0, [1]));
    renderMenu('/menu?category=food_snack&price=under6&sort=best_selling&search=cake');

    await screen.findByTestId('menu-products');
    expect(searchProducts).toHaveBeenCalledWith(
      {
        category: 'food_snack',
        size: 8,
        page: 0,
        search: 'cake',
        maxPrice: 6,
        sortBy: 'quantity',
        sortDirection: 'asc',
      },
      expect.anything(),
    );
    expect(screen.getByRole('tab', { name: 'Food and Snack' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('cake');
  });

  it('merges the next page without duplicates, then hides Load More', async () => {
    vi.mocked(searchProducts).mockResolvedValueOnce(FIRST).mockResolvedValueOnce(SECOND);
    const { user } = renderMenu();

    await screen.findByTestId('menu-products');
    await user.click(screen.getByRole('button', { name: 'Load More' }));

    await screen.findByText('Showing 10 of 10 products');
    expect(names()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((id) => `coffee ${id}`));
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('offers to try again when the menu cannot load', async () => {
    vi.mocked(searchProducts).mockRejectedValueOnce(down()).mockResolvedValueOnce(FIRST);
    const { user } = renderMenu();

    const alert = await screen.findByRole('alert');
    within(alert).getByText('We could not load the menu.');
    within(alert).getByText('Back in a moment.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    await screen.findByText('Showing 8 of 10 products');
  });

  it('keeps what is shown when the next page fails, and Load More asks for it again', async () => {
    vi.mocked(searchProducts)
      .mockResolvedValueOnce(FIRST)
      .mockRejectedValueOnce(down())
      .mockResolvedValueOnce(SECOND);
    const { user } = renderMenu();

    await screen.findByTestId('menu-products');
    await user.click(screen.getByRole('button', { name: 'Load More' }));

    await screen.findByText(/Could not load more products/);
    expect(names()).toHaveLength(8);
    await user.click(screen.getByRole('button', { name: 'Load More' }));

    await screen.findByText('Showing 10 of 10 products');
    expect(searchProducts).toHaveBeenLastCalledWith(
      expect.objectContaining({ page: 1 }),
      expect.anything(),
    );
  });
});
