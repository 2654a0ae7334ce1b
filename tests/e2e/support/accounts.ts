// Arrange steps of the account and sign-in journeys, done the way the storefront's own client
// would: through /api/v1 with a bearer token or the guest cart token. Only tests do this by hand.
import { expect, type Page } from '@playwright/test';
import type {
  AddressInput,
  Cart,
  OrderRequest,
  OrderResponse,
  Product,
} from '../../../src/api/types';
import { sampleOrderRequest } from '../../fixtures/checkout';
import type { RunningApp } from './app-server';

export const DEMO = { email: 'demo@lumen.test', password: 'coffee123' } as const;

let counter = 0;

/** A shopper nobody has used yet (the worker's API is shared by every test it runs). */
export function newShopper(prefix = 'shopper') {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    username: `${prefix}-${id}`.slice(0, 25),
    email: `${prefix}.${id}@lumen.test`,
    password: 'roasted-beans',
  };
}

async function call<T>(
  app: RunningApp,
  method: string,
  path: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(new URL(path, app.url), {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) {
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** Products a shopper can buy online, with stock to spare. */
export async function buyableProductIds(app: RunningApp, count: number): Promise<number[]> {
  const page = await app.getJson<{ items: Product[] }>(
    '/api/v1/products/search?category=coffee_baverage&page=0&size=12',
  );
  const ids = page.items
    .filter((product) => product.isAvailableAtWeb && product.quantity >= 5)
    .map((product) => product.productId);
  if (ids.length < count) throw new Error(`only ${ids.length} buyable products`);
  return ids.slice(0, count);
}

/** Creates the account through the API and answers its token. */
export async function registerThroughApi(
  app: RunningApp,
  shopper: { username: string; email: string; password: string },
): Promise<string> {
  const { token } = await call<{ token: string }>(app, 'POST', '/api/v1/auth/signup', {
    body: shopper,
  });
  return token;
}

export function addToUserCart(app: RunningApp, token: string, productId: number, quantity: number) {
  return call<Cart>(app, 'POST', '/api/v1/cart/items', { token, body: { productId, quantity } });
}

export function userCart(app: RunningApp, token: string) {
  return call<Cart>(app, 'GET', '/api/v1/cart', { token });
}

export function addAddressThroughApi(app: RunningApp, token: string, address: AddressInput) {
  return call(app, 'POST', '/api/v1/account/address', { token, body: address });
}

/** A cash-on-delivery order (PENDING, "Waiting For Payment") for the signed-in user. */
export function placeCodOrder(
  app: RunningApp,
  token: string,
  overrides: Partial<OrderRequest> = {},
) {
  return call<OrderResponse>(app, 'POST', '/api/v1/order', {
    token,
    body: sampleOrderRequest({
      paymentMethod: 'cod',
      idempotencyKey: crypto.randomUUID(),
      ...overrides,
    }),
  });
}

/** What the page stores: the remembered session lives in local storage. */
export async function storeToken(page: Page, token: string) {
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
}

/** Fills the sign-in form and sends it. */
export async function signInWithForm(
  page: Page,
  { email, password, remember = false }: { email: string; password: string; remember?: boolean },
) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The header greets the signed-in shopper (spec §1). */
export async function expectGreeting(page: Page, username: string) {
  await expect(page.getByTestId('greeting').filter({ visible: true })).toHaveText(
    `Hi, ${username}`,
  );
}
