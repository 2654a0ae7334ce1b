import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import type { Product, ProductPage } from '../../api/types';
import { errorAnswer, inTurn } from '../../../tests/support/fake-api';
import { renderApp } from '../../../tests/support/render-app';
import { MenuPage } from './menu-page';

const SEARCH = 'GET /api/v1/products/search';

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
// The API is down: 503 in the contract's error shape. The app's query client asks a second time
// for a 5xx, so a failure the shopper sees is two answers in a row.
const down = () => errorAnswer(503, 'SERVICE_UNAVAILABLE', 'Back in a moment.');

function renderMenu(path: string, search: ReturnType<typeof inTurn<typeof SEARCH>>) {
  return renderApp({ path, api: { [SEARCH]: search }, ui: <MenuPage /> });
}

const names = () =>
  within(screen.getByTestId('menu-products'))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);

describe('menu page', () => {
  it('asks the API for the filters in the URL', async () => {
    const { api } = renderMenu(
      '/menu?category=food_snack&price=under6&sort=best_selling&search=cake',
      inTurn(page(0, [1])),
    );

    await screen.findByTestId('menu-products');
    const [call] = api.callsTo(SEARCH);
    expect(Object.fromEntries(call?.query ?? [])).toEqual({
      category: 'food_snack',
      size: '8',
      page: '0',
      search: 'cake',
      maxPrice: '6',
      sortBy: 'quantity',
      sortDirection: 'asc',
    });
    expect(screen.getByRole('tab', { name: 'Food and Snack' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('cake');
  });

  it('promises a search of the open tab only, and follows the tab', async () => {
    const { user } = renderMenu('/menu', inTurn(FIRST, page(0, [11])));

    await screen.findByTestId('menu-products');
    const box = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search this category' });
    expect(box.placeholder).toBe('Search Coffee and Beverage…');
    await user.click(screen.getByRole('tab', { name: 'Food and Snack' }));

    expect(box.placeholder).toBe('Search Food and Snack…');
  });

  it('merges the next page without duplicates, then hides Load More', async () => {
    const { user } = renderMenu('/menu', inTurn(FIRST, SECOND));

    await screen.findByTestId('menu-products');
    await user.click(screen.getByRole('link', { name: 'Load More' }));

    await screen.findByText('Showing 10 of 10 products');
    expect(names()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((id) => `Coffee ${id}`));
    expect(screen.queryByRole('link', { name: 'Load More' })).toBeNull();
  });

  it('offers to try again when the menu cannot load', async () => {
    const { user } = renderMenu('/menu', inTurn(down, down, FIRST));

    const alert = await screen.findByRole('alert');
    within(alert).getByText('We could not load the menu.');
    within(alert).getByText('Back in a moment.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    await screen.findByText('Showing 8 of 10 products');
  });

  it('keeps what is shown when the next page fails, and Load More asks for it again', async () => {
    const { user, api } = renderMenu('/menu', inTurn(FIRST, down, down, SECOND));

    await screen.findByTestId('menu-products');
    await user.click(screen.getByRole('link', { name: 'Load More' }));

    await screen.findByText(/Could not load more products/);
    expect(names()).toHaveLength(8);
    await user.click(screen.getByRole('link', { name: 'Load More' }));

    await screen.findByText('Showing 10 of 10 products');
    expect(api.callsTo(SEARCH).at(-1)?.query.get('page')).toBe('1');
  });

  it('shows the loaded pages again, scrolled where they were, on a return to the entry', async () => {
    // Back after Load More: the shopper loaded three pages, scrolled, opened a product and came
    // back to the same history entry (memory navigation keeps jsdom's history entry and state).
    window.history.replaceState(null, '');
    const three = (n: number, ids: number[]): ProductPage => ({
      ...page(n, ids),
      totalElements: 20,
      totalPages: 3,
    });
    const range = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, index) => from + index);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { user, api, location } = renderApp({
      path: '/menu',
      api: {
        [SEARCH]: inTurn(three(0, range(1, 8)), three(1, range(9, 16)), three(2, range(17, 20))),
      },
      ui: (
        <Switch>
          <Route path="/menu">
            <MenuPage />
          </Route>
          <Route>A product page</Route>
        </Switch>
      ),
    });
    await screen.findByTestId('menu-products');
    await user.click(screen.getByRole('link', { name: 'Load More' }));
    await screen.findByText('Showing 16 of 20 products');
    await user.click(screen.getByRole('link', { name: 'Load More' }));
    await screen.findByText('Showing 20 of 20 products');
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(1234);
    window.dispatchEvent(new Event('scroll'));

    act(() => location.navigate('/menu/detail/17'));
    screen.getByText('A product page');
    act(() => location.navigate('/menu'));

    expect(names()).toHaveLength(20);
    screen.getByText('Showing 20 of 20 products');
    expect(api.callsTo(SEARCH)).toHaveLength(3);
    expect(scrollTo).toHaveBeenCalledWith({ top: 1234, behavior: 'instant' });
  });

  it('points a search that found nothing to the tabs that have matches, and follows one keeping the search', async () => {
    const croissant: Product = {
      ...product(15),
      name: 'chocolate croissant',
      category: 'food_snack',
    };
    const { user, location } = renderApp({
      path: '/menu?search=croissant',
      api: {
        [SEARCH]: ({ query }) => {
          const found = query.get('category') === 'food_snack' ? [croissant] : [];
          return {
            items: found,
            totalElements: found.length,
            totalPages: found.length,
            page: 0,
            size: Number(query.get('size')),
          };
        },
      },
      ui: <MenuPage />,
    });

    const pointer = await screen.findByTestId('menu-other-tabs');
    expect(pointer.textContent).toContain('Other tabs have matches for “croissant”:');
    const links = within(pointer).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['1 match in Food and Snack', '/menu?category=food_snack&search=croissant'],
    ]);
    expect(screen.getByTestId('menu-status').textContent).toBe(
      'No products match your search and filters. Other tabs have matches for “croissant”: 1 match in Food and Snack.',
    );
    await user.click(links[0]!);

    await screen.findByText('Showing 1 of 1 product');
    const food = screen.getByRole('tab', { name: 'Food and Snack' });
    expect(food.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(food);
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('croissant');
    expect(location.history?.at(-1)).toBe('/menu?category=food_snack&search=croissant');
  });

  it('says so when no tab has a match for a search, and keeps Reset filters', async () => {
    // Moved from tests/e2e/menu-links.e2e.ts: texts and a control, no layout or timing.
    renderApp({
      path: '/menu?search=unicorn',
      api: {
        [SEARCH]: ({ query }) => ({
          items: [],
          totalElements: 0,
          totalPages: 0,
          page: 0,
          size: Number(query.get('size')),
        }),
      },
      ui: <MenuPage />,
    });

    const pointer = await screen.findByTestId('menu-other-tabs');
    expect(pointer.textContent).toBe('No other tab has a match for “unicorn” either.');
    expect(screen.getByTestId('menu-status').textContent).toContain(
      'No products match your search and filters.',
    );
    screen.getByRole('button', { name: 'Reset filters' });
  });

  it('links its tabs and Load More to the addresses the server renders, and sends its filters as a GET form', async () => {
    renderMenu('/menu?price=under6&search=latte', inTurn(FIRST));

    await screen.findByTestId('menu-products');
    // A tab clears the search and keeps the price (spec §4); the open tab is this very address.
    expect(screen.getByRole('tab', { name: 'Food and Snack' }).getAttribute('href')).toBe(
      '/menu?category=food_snack&price=under6',
    );
    expect(screen.getByRole('tab', { name: 'Coffee and Beverage' }).getAttribute('href')).toBe(
      '/menu?search=latte&price=under6',
    );
    expect(screen.getByRole('link', { name: 'Load More' }).getAttribute('href')).toBe(
      '/menu?search=latte&price=under6&page=2',
    );
    const form = screen.getByRole<HTMLFormElement>('search', { name: 'Menu' });
    expect([form.getAttribute('action'), form.getAttribute('method')]).toEqual(['/menu', 'get']);
    expect([...new FormData(form).entries()].map(([name, value]) => [name, String(value)])).toEqual(
      [
        ['category', 'coffee_baverage'],
        ['search', 'latte'],
        ['price', 'under6'],
        ['sort', 'all'],
      ],
    );
  });
});
