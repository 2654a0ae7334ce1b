import type { Page } from '@playwright/test';
import type { Cart } from '../../../src/api/types';
import { CART_TOKEN_STORAGE_KEY } from '../../../src/app/api-setup';

/**
 * Puts products in the page's guest cart through the API, as the app itself would: the guest
 * cart token is sent from, and kept in, the local-storage key the app reads. The page must be on
 * the shop's origin; reload it afterwards so the app reads the new cart.
 */
export async function addToCart(page: Page, productId: number, quantity = 1): Promise<Cart> {
  return page.evaluate(
    async ({ productId, quantity, key }) => {
      const token = window.localStorage.getItem(key);
      const response = await fetch('/api/v1/cart/items', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { 'X-Cart-Token': token } : {}),
        },
        body: JSON.stringify({ productId, quantity }),
      });
      if (!response.ok) throw new Error(`addToCart answered ${response.status}`);
      const cart = (await response.json()) as Cart;
      if (cart.cartToken) window.localStorage.setItem(key, cart.cartToken);
      return cart;
    },
    { productId, quantity, key: CART_TOKEN_STORAGE_KEY },
  );
}

/** The page's guest cart as the server has it now (what the page must agree with). */
export async function serverCart(page: Page): Promise<Cart> {
  return page.evaluate(async (key) => {
    const token = window.localStorage.getItem(key);
    const response = await fetch('/api/v1/cart', {
      headers: token ? { 'X-Cart-Token': token } : {},
    });
    if (!response.ok) throw new Error(`GET /cart answered ${response.status}`);
    return (await response.json()) as Cart;
  }, CART_TOKEN_STORAGE_KEY);
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
