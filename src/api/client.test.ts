import { describe, expect, it, vi } from 'vitest';
import { sampleOrderRequest } from '../../tests/fixtures/checkout';
import { NETWORK_ERROR_MESSAGE, UNAVAILABLE_ERROR_MESSAGE, ApiError } from './api-error';
import { identityProviderUrl, login } from './auth';
import { addCartItem, getCart, mergeGuestCart } from './cart';
import { cartMutations } from './cart.mutations';
import { cartQueries } from './cart.queries';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { apiOf, bindApi, createApiClient, orderTokenHeaders } from './client';
import type { ApiConfig } from './client';
import { createOrder, getOrder } from './orders';
import { getProduct } from './products';
import type { Cart } from './types';
import { emptyCart } from '../../tests/fixtures/cart';

const API = 'https://shop.example';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const order = sampleOrderRequest({ email: 'guest@lumen.test', idempotencyKey: 'key-12345678' });

/** A client with a fake fetch that records every request and answers `answer`. */
function setup(
  config: Partial<ApiConfig> = {},
  answer: (request: Request) => Response | Promise<Response> = () => json({}),
) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (request: Request) => {
    requests.push(request);
    return answer(request);
  });
  const spies = {
    setCartToken: vi.fn<(token: string | null) => void>(),
    onUnauthorized: vi.fn<() => void>(),
  };
  const api = createApiClient({ baseUrl: API, fetch, ...spies, ...config });
  return { api, requests, fetch, ...spies, last: () => requests.at(-1) };
}

describe('bearer token', () => {
  it('is sent to the API origin when a token exists', async () => {
    const { api, last } = setup({ getToken: () => 'jwt-123' });
    await getProduct(api, 3);
    expect(last()?.url).toBe(`${API}/api/v1/products/detail/3`);
    expect(last()?.headers.get('Authorization')).toBe('Bearer jwt-123');
  });

  it('is read on every request, so a new sign-in is used at once', async () => {
    let token: string | null = null;
    const { api, last } = setup({ getToken: () => token });
    await getProduct(api, 3);
    expect(last()?.headers.has('Authorization')).toBe(false);
    token = 'fresh';
    await getProduct(api, 3);
    expect(last()?.headers.get('Authorization')).toBe('Bearer fresh');
  });

  it('never goes to another origin', async () => {
    const { api, last } = setup({ getToken: () => 'jwt-123', getCartToken: () => 'cart-1' });
    await api.GET('/api/v1/cart', { baseUrl: 'https://tracker.example' });
    expect(last()?.url).toBe('https://tracker.example/api/v1/cart');
    expect(last()?.headers.has('Authorization')).toBe(false);
    expect(last()?.headers.has('X-Cart-Token')).toBe(false);
  });

  it('is not sent to a look-alike origin (other port or scheme)', async () => {
    const { api, requests } = setup({ getToken: () => 'jwt-123' });
    await api.GET('/api/v1/health', { baseUrl: 'https://shop.example:8443' });
    await api.GET('/api/v1/health', { baseUrl: 'http://shop.example' });
    expect(requests.map((r) => r.headers.has('Authorization'))).toEqual([false, false]);
  });
});

describe('guest cart token', () => {
  it('is sent on cart calls and on placing an order, not elsewhere', async () => {
    const { api, requests } = setup({ getCartToken: () => 'cart-1' }, (request) =>
      request.url.endsWith('/order') ? json({}, 201) : json(emptyCart),
    );
    await getCart(api);
    await addCartItem(api, { productId: 3, quantity: 1 });
    await createOrder(api, order);
    await getProduct(api, 3);
    expect(requests.map((r) => r.headers.get('X-Cart-Token'))).toEqual([
      'cart-1',
      'cart-1',
      'cart-1',
      null,
    ]);
  });

  it('is remembered when a cart answer carries a new one', async () => {
    const { api, setCartToken } = setup({}, () =>
      json({ ...emptyCart, cartId: 7, cartToken: 'new-token' }),
    );
    await addCartItem(api, { productId: 3, quantity: 1 });
    expect(setCartToken).toHaveBeenCalledExactlyOnceWith('new-token');
  });

  it("is kept when a signed-in user's cart answers null, and not re-set when unchanged", async () => {
    let answer: Cart = emptyCart;
    const { api, setCartToken } = setup({ getCartToken: () => 'same' }, () => json(answer));
    await getCart(api);
    answer = { ...emptyCart, cartToken: 'same' };
    await getCart(api);
    expect(setCartToken).not.toHaveBeenCalled();
  });

  it('is forgotten once a merge consumed the guest cart', async () => {
    const { api, setCartToken, last } = setup(
      { getToken: () => 'jwt', getCartToken: () => 'guest-1' },
      () => json(emptyCart),
    );
    await mergeGuestCart(api);
    expect(last()?.headers.get('X-Cart-Token')).toBe('guest-1');
    expect(setCartToken).toHaveBeenCalledExactlyOnceWith(null);
  });
});

describe('order token', () => {
  it('is sent on the per-order calls when the caller passes one', async () => {
    const { api, last } = setup();
    await getOrder(api, 5, { orderToken: 'ot_secret' });
    expect(last()?.headers.get('X-Order-Token')).toBe('ot_secret');
    await getOrder(api, 5);
    expect(last()?.headers.has('X-Order-Token')).toBe(false);
  });

  it('is stripped outside its scope', async () => {
    const { api, last } = setup();
    await api.GET('/api/v1/products/detail/{productId}', {
      params: { path: { productId: 3 } },
      headers: orderTokenHeaders('ot_secret'),
    });
    expect(last()?.headers.has('X-Order-Token')).toBe(false);
  });
});

describe('error normalisation', () => {
  it('turns the documented error body into an ApiError with its fields', async () => {
    const { api } = setup({}, () =>
      json(
        {
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Request validation failed',
          fields: { password: 'Must be at least 6 character' },
          path: '/api/v1/auth/login',
          timestamp: '2026-11-21T12:00:00.000Z',
        },
        400,
      ),
    );
    const error = await login(api, {
      loginInput: 'demo@lumen.test',
      password: '123',
      rememberMe: false,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Request validation failed',
      fields: { password: 'Must be at least 6 character' },
    });
    expect((error as ApiError).isValidation).toBe(true);
  });

  it('keeps the server totals of a TOTALS_MISMATCH', async () => {
    const totals = { subtotal: 10, tax: 1, shipping: 3.99, discount: 0, total: 14.99 };
    const { api } = setup({}, () =>
      json({ status: 409, code: 'TOTALS_MISMATCH', message: 'changed', totals }, 409),
    );
    const error = (await createOrder(api, order).catch((e: unknown) => e)) as ApiError;
    expect(error.isTotalsMismatch).toBe(true);
    expect(error.totals).toEqual(totals);
  });

  it('tolerates a non-JSON 502 from a proxy', async () => {
    const { api } = setup(
      {},
      () =>
        new Response('<html><body>Bad Gateway</body></html>', {
          status: 502,
          headers: { 'Content-Type': 'text/html' },
        }),
    );
    const error = (await getProduct(api, 3).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 502,
      code: 'SERVICE_UNAVAILABLE',
      message: UNAVAILABLE_ERROR_MESSAGE,
      fields: {},
    });
    expect(error.isRetryable).toBe(true);
  });

  it('turns a network failure into status 0, code NETWORK', async () => {
    const { api } = setup({}, () => Promise.reject(new TypeError('fetch failed')));
    const error = (await getProduct(api, 3).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK', message: NETWORK_ERROR_MESSAGE });
    expect(error.isNetwork).toBe(true);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('lets a cancellation through unchanged (TanStack Query ignores it)', async () => {
    const { api } = setup({}, () =>
      Promise.reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
    const error = await getProduct(api, 3).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('calls onUnauthorized on 401 UNAUTHORIZED', async () => {
    const { api, onUnauthorized } = setup({ getToken: () => 'expired' }, () =>
      json(
        {
          status: 401,
          code: 'UNAUTHORIZED',
          message: 'Your session has expired. Please sign in again.',
        },
        401,
      ),
    );
    const error = (await getCart(api).catch((e: unknown) => e)) as ApiError;
    expect(error.isUnauthorized).toBe(true);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not sign out on wrong credentials (401 INVALID_CREDENTIALS)', async () => {
    const { api, onUnauthorized } = setup({}, () =>
      json(
        {
          status: 401,
          code: 'INVALID_CREDENTIALS',
          message: 'Invalid email or password',
          fields: { password: 'Invalid email or password' },
        },
        401,
      ),
    );
    const error = (await login(api, {
      loginInput: 'a@b.c',
      password: 'nope-nope',
      rememberMe: false,
    }).catch((e: unknown) => e)) as ApiError;
    expect(error.isInvalidCredentials).toBe(true);
    expect(error.fieldError('password')).toBe('Invalid email or password');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('configuration', () => {
  it('builds the identity-provider URL on the API origin', () => {
    const { api } = setup();
    expect(identityProviderUrl(api, 'https://shop.example/auth/callback')).toBe(
      `${API}/api/v1/auth/oidc/authorize?returnTo=${encodeURIComponent('https://shop.example/auth/callback')}`,
    );
  });

  it('has no default base: one is always given', () => {
    expect(() => createApiClient({ baseUrl: '' })).toThrow(/baseUrl is required/);
  });
});

describe('the API client of a QueryClient', () => {
  it('is the one bound where the QueryClient was born', () => {
    const one = createApiClient({ baseUrl: 'https://one.example' });
    const two = createApiClient({ baseUrl: 'https://two.example' });
    const first = bindApi(new QueryClient(), one);
    const second = bindApi(new QueryClient(), two);
    expect(apiOf(first)).toBe(one);
    expect(apiOf(second)).toBe(two);
  });

  it('does not exist for a QueryClient nobody bound one to: there is no default', () => {
    expect(() => apiOf(new QueryClient())).toThrow(/has no API client/);
  });

  it("is bound once for the QueryClient's life", () => {
    const api = createApiClient({ baseUrl: 'https://one.example' });
    const queryClient = bindApi(new QueryClient(), api);
    expect(bindApi(queryClient, api)).toBe(queryClient);
    expect(() => bindApi(queryClient, createApiClient({ baseUrl: 'https://two.example' }))).toThrow(
      /already has its API client/,
    );
  });

  it('is what query and mutation functions get from the context TanStack passes them', async () => {
    const { api, last } = setup({}, () => json(emptyCart));
    const queryClient = bindApi(new QueryClient(), api);
    await queryClient.fetchQuery(cartQueries.detail());
    expect(last()?.url).toBe(`${API}/api/v1/cart`);
    await new MutationObserver(queryClient, cartMutations(queryClient).clearPromo).mutate(
      undefined,
    );
    expect(last()?.url).toBe(`${API}/api/v1/cart/promo`);
  });
});
