// Arrange steps of the account and sign-in journeys, done the way the storefront's own client
// would: through /api/v1 with a bearer token, on the typed test client (tests/support/test-api.ts).
import { expect, type Page } from '@playwright/test';
import type { AddressInput, OrderRequest } from '../../../src/api/types';
import { sampleOrderRequest } from '../../fixtures/checkout';
import { ok } from '../../support/test-api';
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

/** Products a shopper can buy online, with stock to spare. */
export async function buyableProductIds(app: RunningApp, count: number): Promise<number[]> {
  const page = await ok(
    app.api.GET('/api/v1/products/search', {
      params: { query: { category: 'coffee_baverage', page: 0, size: 12 } },
    }),
    'buyableProductIds',
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
  const { token } = await ok(
    app.api.POST('/api/v1/auth/signup', { body: shopper }),
    'registerThroughApi',
  );
  return token;
}

/** Signs in through the API (a journey not about signing in starts signed in) and answers the token. */
export async function signInThroughApi(
  app: RunningApp,
  shopper: { email: string; password: string },
): Promise<string> {
  const { token } = await ok(
    app.api.POST('/api/v1/auth/login', {
      body: { loginInput: shopper.email, password: shopper.password },
    }),
    'signInThroughApi',
  );
  return token;
}

export function addToUserCart(app: RunningApp, token: string, productId: number, quantity: number) {
  return ok(
    app.api.as({ token }).POST('/api/v1/cart/items', { body: { productId, quantity } }),
    'addToUserCart',
  );
}

export function userCart(app: RunningApp, token: string) {
  return ok(app.api.as({ token }).GET('/api/v1/cart'), 'userCart');
}

export function addAddressThroughApi(app: RunningApp, token: string, address: AddressInput) {
  return ok(
    app.api.as({ token }).POST('/api/v1/account/address', { body: address }),
    'addAddressThroughApi',
  );
}

/** A cash-on-delivery order (PENDING, "Waiting For Payment") for the signed-in user. */
export function placeCodOrder(
  app: RunningApp,
  token: string,
  overrides: Partial<OrderRequest> = {},
) {
  return ok(
    app.api.as({ token }).POST('/api/v1/order', {
      body: sampleOrderRequest({
        paymentMethod: 'cod',
        idempotencyKey: crypto.randomUUID(),
        ...overrides,
      }),
    }),
    'placeCodOrder',
  );
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
