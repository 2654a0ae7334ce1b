import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiError } from '../../api/api-error';
import type * as ProductsModule from '../../api/products';
import type { Product } from '../../api/types';
import { HomePage } from './home-page';

// The module boundary: productQueries.featured(4) calls listFeaturedProducts.
vi.mock('../../api/products', async (importOriginal) => ({
  ...(await importOriginal<typeof ProductsModule>()),
  listFeaturedProducts: vi.fn(),
}));
const { listFeaturedProducts } = await import('../../api/products');

function product(overrides: Partial<Product> & Pick<Product, 'productId' | 'name'>): Product {
  return {
    price: 5,
    oldPrice: null,
    description: 'A cup.',
    category: 'coffee_baverage',
    quantity: 10,
    isAvailableAtWeb: true,
    images: [
      {
        productImageId: overrides.productId * 10 + 1,
        imageUrl: `/images/products/${overrides.productId}-1.svg`,
        isMain: false,
      },
      {
        productImageId: overrides.productId * 10 + 2,
        imageUrl: `/images/products/${overrides.productId}-2.svg`,
        isMain: true,
      },
    ],
    ...overrides,
  };
}

const FEATURED: Product[] = [
  product({ productId: 1, name: 'cappucino', price: 5, oldPrice: 6 }),
  product({ productId: 2, name: 'flat white', price: 4.5 }),
  product({ productId: 3, name: 'cold brew', price: 4, quantity: 0, oldPrice: 5 }),
  product({ productId: 4, name: 'mocha', price: 5.25, images: [] }),
];

function renderHome() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const location = memoryLocation({ path: '/', record: true });
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook}>
        <HomePage />
      </Router>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), location };
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('home page', () => {
  it('shows the hero stats exactly as the spec gives them', () => {
    vi.mocked(listFeaturedProducts).mockResolvedValue(FEATURED);
    renderHome();

    const stats = screen.getAllByTestId('home-stat').map((stat) => stat.textContent);
    expect(stats).toEqual(['Menu variants32+', 'Spaces8', 'Community members500+']);
    screen.getByRole('heading', { level: 1 });
    screen.getByRole('heading', { level: 2, name: 'Get 20% Off in the App' });
  });

  it('asks for four featured products and shows them as cards', async () => {
    vi.mocked(listFeaturedProducts).mockResolvedValue(FEATURED);
    renderHome();
    expect(screen.getByTestId('featured-loading')).toBeTruthy();

    const list = await screen.findByTestId('featured-products');

    expect(vi.mocked(listFeaturedProducts).mock.calls[0]?.[0]).toEqual({ size: 4 });
    const cards = within(list).getAllByTestId('product-card');
    expect(cards).toHaveLength(4);
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'cappucino',
      'flat white',
      'cold brew',
      'mocha',
    ]);
  });

  it('shows price, sale badge, out-of-stock badge, main image and placeholder', async () => {
    vi.mocked(listFeaturedProducts).mockResolvedValue(FEATURED);
    renderHome();
    const cards = within(await screen.findByTestId('featured-products')).getAllByTestId(
      'product-card',
    );
    const [onSale, plain, soldOut, noImage] = cards as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];

    expect(within(onSale).getByTestId('product-price').textContent).toBe('$5.00');
    expect(within(onSale).getByText('-17%', { exact: false })).toBeTruthy();
    // The main image is the one flagged isMain, not the first.
    expect(onSale.querySelector('img')?.getAttribute('src')).toBe('/images/products/1-2.svg');
    expect(within(onSale).getByRole('link', { name: 'cappucino' }).getAttribute('href')).toBe(
      '/menu/detail/1',
    );

    expect(within(plain).getByTestId('product-price').textContent).toBe('$4.50');
    expect(within(plain).queryByText(/%/)).toBeNull();

    within(soldOut).getByText('Out of stock');
    expect(within(soldOut).queryByText(/-\d+%/)).toBeNull();

    expect(noImage.querySelector('img')).toBeNull();
    within(noImage).getByRole('img', { name: 'No image available' });
    expect(within(noImage).getByTestId('product-price').textContent).toBe('$5.25');
  });

  it('links to the full menu', () => {
    vi.mocked(listFeaturedProducts).mockResolvedValue(FEATURED);
    renderHome();

    expect(screen.getByRole('link', { name: 'Explore Other Menu' }).getAttribute('href')).toBe(
      '/menu',
    );
    for (const [name, href] of [
      ['Explore our spaces', '/spaces'],
      ['See upcoming events', '/community'],
      ['Read the latest news', '/news'],
    ] as const) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
  });

  it('shows an error with a retry that loads the products', async () => {
    vi.mocked(listFeaturedProducts)
      .mockRejectedValueOnce(
        new ApiError({
          status: 503,
          code: 'SERVICE_UNAVAILABLE',
          message: 'The service is unavailable right now. Please try again in a moment.',
        }),
      )
      .mockResolvedValueOnce(FEATURED);
    const { user } = renderHome();

    const alert = await screen.findByRole('alert');
    within(alert).getByText('We could not load the featured menu.');
    within(alert).getByText('The service is unavailable right now. Please try again in a moment.');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    const list = await screen.findByTestId('featured-products');
    expect(within(list).getAllByTestId('product-card')).toHaveLength(4);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(listFeaturedProducts).toHaveBeenCalledTimes(2);
  });
});
