import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cartKeys } from '../api/cart.queries';
import type { Cart } from '../api/types';
import { THEME_STORAGE_KEY } from './theme';
import { emptyCart } from '../../tests/fixtures/cart';
import { sampleProduct } from '../../tests/fixtures/products';
import type { Routes } from '../../tests/support/fake-api';
import { renderApp as renderWholeApp } from '../../tests/support/render-app';

function cartWith(totalQuantity: number): Cart {
  return { ...emptyCart, cartId: 1, cartToken: 'guest-token', totalQuantity };
}

// What the pages these tests open ask for: the home page's sections (left empty: the layout is
// under test), the product page of /menu/detail/3, and the cart the header's Order button reads.
const shell: Routes = {
  'GET /api/v1/cart': cartWith(0),
  'GET /api/v1/products': [],
  'GET /api/v1/spaces': [],
  'GET /api/v1/events/upcoming': [],
  'GET /api/v1/news': [],
  'GET /api/v1/products/detail/{productId}': sampleProduct,
  'GET /api/v1/products/related': [],
  'GET /api/v1/events/closed': [],
};

function renderApp(path = '/', api: Routes = {}) {
  return renderWholeApp({ path, api: { ...shell, ...api } });
}

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});

describe('layout: navigation', () => {
  it('lists Home, Menu, Space, Community, News in this order with their routes', () => {
    renderApp();

    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Home',
      'Menu',
      'Space',
      'Community',
      'News',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/menu',
      '/spaces',
      '/community',
      '/news',
    ]);
  });

  it('marks the current item with aria-current, detail pages included', async () => {
    const { user } = renderApp('/menu/detail/3');
    const nav = screen.getByRole('navigation', { name: 'Main' });

    expect(within(nav).getByRole('link', { name: 'Menu' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Home' }).hasAttribute('aria-current')).toBe(
      false,
    );

    await user.click(within(nav).getByRole('link', { name: 'Community' }));

    expect(within(nav).getByRole('link', { name: 'Community' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Menu' }).hasAttribute('aria-current')).toBe(
      false,
    );
    // Focus follows the navigation to the new page's heading, once its chunk has loaded.
    const heading = await screen.findByRole('heading', { level: 1, name: 'Community' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('labels the mobile menu toggle by what it will do', async () => {
    const { user } = renderApp();
    const toggle = screen.getByRole('button', { name: 'open navigation menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.click(toggle);

    expect(screen.getByRole('button', { name: 'close navigation menu' })).toBe(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await user.keyboard('{Escape}');

    expect(screen.getByRole('button', { name: 'open navigation menu' })).toBe(toggle);
  });

  it('offers Sign In, linking to /sign-in', () => {
    renderApp();

    const signIn = screen.getAllByRole('link', { name: 'Sign In' });
    expect(signIn.length).toBeGreaterThan(0);
    for (const link of signIn) expect(link.getAttribute('href')).toBe('/sign-in');
  });

  it('shows the not-found page for an unknown route, with a way home', async () => {
    const { user, location } = renderApp('/no-such-page');

    screen.getByRole('heading', { level: 1, name: 'Page not found' });
    expect(document.title).toBe('Page not found | Lumen Roastery');

    await user.click(screen.getByRole('link', { name: 'Go back home' }));

    expect(location.history?.at(-1)).toBe('/');
  });

  it('has a skip link to the main content', () => {
    renderApp();

    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe(
      '#main',
    );
    expect(screen.getByRole('main').id).toBe('main');
  });
});

describe('layout: Order button', () => {
  it('shows the cart total quantity', async () => {
    renderApp('/', { 'GET /api/v1/cart': cartWith(3) });

    const order = await screen.findByRole('link', { name: 'Order, 3 items in cart' });
    expect(order.dataset.testid).toBe('order-button');
    expect(within(order).getByTestId('order-count').textContent).toBe('3');
  });

  it('shows 0 while the cart is loading, and still 0 once reading it failed', async () => {
    let failCart: (reason: unknown) => void = () => undefined;
    const { queryClient, api } = renderApp('/', {
      'GET /api/v1/cart': () =>
        new Promise<Cart>((_, reject) => {
          failCart = reject;
        }),
    });

    const order = screen.getByRole('link', { name: 'Order, 0 items in cart' });
    expect(within(order).getByTestId('order-count').textContent).toBe('0');
    await waitFor(() => expect(api.callsTo('GET /api/v1/cart')).toHaveLength(1));

    // The connection drops: the app's query client asks once more, and that fails too.
    failCart(new TypeError('Failed to fetch'));
    await waitFor(() => expect(api.callsTo('GET /api/v1/cart')).toHaveLength(2));
    failCart(new TypeError('Failed to fetch'));

    // Only once the query has really failed is the count after an error being checked.
    await waitFor(() => expect(queryClient.getQueryState(cartKeys.detail())?.status).toBe('error'));
    expect(screen.getByRole('link', { name: /^Order, / }).getAttribute('aria-label')).toBe(
      'Order, 0 items in cart',
    );
    expect(within(order).getByTestId('order-count').textContent).toBe('0');
  });
});

describe('layout: theme toggle', () => {
  it('switches to dark and back, with the label naming the next mode', async () => {
    const { user } = renderApp();
    const html = document.documentElement;
    expect([...html.classList]).toEqual(['light']);

    await user.click(screen.getByRole('button', { name: 'Switch to dark mode' }));

    expect([...html.classList]).toEqual(['dark']);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    const toLight = screen.getByRole('button', { name: 'Switch to light mode' });

    await user.click(toLight);

    expect([...html.classList]).toEqual(['light']);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    screen.getByRole('button', { name: 'Switch to dark mode' });
  });

  it('offers light, dark and system in the footer, and system follows the device again', async () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    const { user } = renderApp();
    const theme = within(screen.getByRole('contentinfo')).getByRole('group', { name: 'Theme' });
    expect(within(theme).getByRole<HTMLInputElement>('radio', { name: 'Dark' }).checked).toBe(true);

    // jsdom's OS scheme is light (tests/setup/dom.ts).
    await user.click(within(theme).getByRole('radio', { name: 'System' }));

    expect([...document.documentElement.classList]).toEqual(['light']);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
    expect(within(theme).getByRole<HTMLInputElement>('radio', { name: 'System' }).checked).toBe(
      true,
    );
    screen.getByRole('button', { name: 'Switch to dark mode' });
  });

  it('starts from the stored preference', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    renderApp();

    expect(document.documentElement.classList.contains('dark')).toBe(true);
    screen.getByRole('button', { name: 'Switch to light mode' });
  });
});

describe('layout: footer', () => {
  it('shows location, customer service, opening hours and the app promo', () => {
    renderApp();
    const footer = screen.getByRole('contentinfo');

    within(footer).getByRole('heading', { name: 'Location' });
    within(footer).getByRole('heading', { name: 'Customer service' });
    expect(within(footer).getByTestId('opening-hours').textContent).toBe('Sun - Mon 10 AM - 22 PM');
    within(footer).getByRole('heading', { name: 'Get 20% Off in the App' });
    within(footer).getByRole('img', { name: 'Download on the App Store' });
    within(footer).getByRole('img', { name: 'Get it on Google Play' });
  });
});
