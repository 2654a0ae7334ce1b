import type { Page } from '@playwright/test';
import type { Cart } from '../../../src/api/types';
import { CART_TOKEN_STORAGE_KEY } from '../../../src/app/api-setup';
import { createTestApi, ok } from '../../support/test-api';

/** The address of the blank page `openOrigin` opens (never one the shop serves). */
const ORIGIN_PAGE = '/__e2e-blank';

/**
 * Opens a blank page on the shop's origin (answered by the test itself, with no icon for the
 * browser to ask for), so a test can store what a shopper's browser keeps (a session token, a
 * guest cart, a theme) before the first page the app renders: one render and hydration instead
 * of two (a shop page opened only to be reloaded).
 */
export async function openOrigin(page: Page): Promise<void> {
  const blank = (url: URL) => url.pathname === ORIGIN_PAGE;
  await page.route(blank, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>blank</title><link rel="icon" href="data:,">',
    }),
  );
  await page.goto(ORIGIN_PAGE);
  await page.unroute(blank);
}

/** The guest cart token the page keeps (the local-storage key the app reads), if any. */
function storedCartToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), CART_TOKEN_STORAGE_KEY);
}

/**
 * The typed test client on the page's origin, calling as the page's shopper would: with the
 * guest cart token and the session token it keeps (local or session storage), if any.
 */
export async function pageApi(page: Page) {
  const token = await page.evaluate(
    () => window.localStorage.getItem('token') ?? window.sessionStorage.getItem('token'),
  );
  return createTestApi(new URL(page.url()).origin, {
    cartToken: await storedCartToken(page),
    token,
  });
}

/**
 * Puts products in the page's guest cart through the API, as the app itself would: the guest
 * cart token is sent from, and kept in, the local-storage key the app reads. The page must be on
 * the shop's origin (`openOrigin`); open or reload a page afterwards so the app reads the cart.
 */
export async function addToCart(page: Page, productId: number, quantity = 1): Promise<Cart> {
  const api = await pageApi(page);
  const cart = await ok(
    api.POST('/api/v1/cart/items', { body: { productId, quantity } }),
    'addToCart',
  );
  if (cart.cartToken) {
    await page.evaluate(([key, token]) => window.localStorage.setItem(key, token), [
      CART_TOKEN_STORAGE_KEY,
      cart.cartToken,
    ] as const);
  }
  return cart;
}

/** The page's guest cart as the server has it now (what the page must agree with). */
export async function serverCart(page: Page): Promise<Cart> {
  return ok((await pageApi(page)).GET('/api/v1/cart'), 'serverCart');
}

/**
 * Adds request headers to the page's API calls matching `method` and `path` (a regex). With
 * `holdUntil`, those calls also wait for that promise before they go to the server, so a test can
 * look at the page while the answers are certainly not back, however slow the machine is.
 */
export async function injectIntoRequests(
  page: Page,
  match: { method: string; path: RegExp },
  headers: Record<string, string>,
  { holdUntil }: { holdUntil?: Promise<unknown> } = {},
): Promise<void> {
  await page.route(
    (url) => match.path.test(url.pathname),
    async (route) => {
      const request = route.request();
      if (request.method() !== match.method) return route.continue();
      await holdUntil;
      return route.continue({ headers: { ...request.headers(), ...headers } });
    },
  );
}

/** A promise a test resolves when it chooses (for `injectIntoRequests`'s `holdUntil`). */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
