import { describe, expect, it, vi } from 'vitest';
import { sampleOrderRequest } from '../../tests/fixtures/checkout';
import { NETWORK_ERROR_MESSAGE, UNAVAILABLE_ERROR_MESSAGE, ApiError } from './api-error';
import { identityProviderUrl, login } from './auth';
import { addCartItem, getCart, mergeGuestCart } from './cart';
import { apiBaseUrl, apiClient, configureApi, orderTokenHeaders } from './client';
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

/** Configures the client with a fake fetch that records every request and answers `answer`. */
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
  configureApi({ baseUrl: API, fetch, ...spies, ...config });
  return { requests, fetch, ...spies, last: () => requests.at(-1) };
}

describe('bearer token', () => {
  it('is sent to the API origin when a token exists', async () => {
    const { last } = setup({ getToken: () => 'jwt-123' });
    await getProduct(3);
    expect(last()?.url).toBe(`${API}/api/v1/products/detail/3`);
    expect(last()?.headers.get('Authorization')).toBe('Bearer jwt-123');
  });

  it('is read on every request, so a new sign-in is used at once', async () => {
    let token: string | null = null;
    const { last } = setup({ getToken: () => token });
    await getProduct(3);
    expect(last()?.headers.has('Authorization')).toBe(false);
    token = 'fresh';
    await getProduct(3);
    expect(last()?.headers.get('Authorization')).toBe('Bearer fresh');
  });

  it('never goes to another origin', async () => {
    const { last } = setup({ getToken: () => 'jwt-123', getCartToken: () => 'cart-1' });
    await apiClient().GET('/api/v1/cart', { baseUrl: 'https://tracker.example' });
    expect(last()?.url).toBe('https://tracker.example/api/v1/cart');
    expect(last()?.headers.has('Authorization')).toBe(false);
    expect(last()?.headers.has('X-Cart-Token')).toBe(false);
  });

  it('is not sent to a look-alike origin (other port or scheme)', async () => {
    const { requests } = setup({ getToken: () => 'jwt-123' });
    await apiClient().GET('/api/v1/health', { baseUrl: 'https://shop.example:8443' });
    await apiClient().GET('/api/v1/health', { baseUrl: 'http://shop.example' });
    expect(requests.map((r) => r.headers.has('Authorization'))).toEqual([false, false]);
  });
});

describe('guest cart token', () => {
  it('is sent on cart calls and on placing an order, not elsewhere', async () => {
    const { requests } = setup({ getCartToken: () => 'cart-1' }, (request) =>
      request.url.endsWith('/order') ? json({}, 201) : json(emptyCart),
    );
    await getCart();
    await addCartItem({ productId: 3, quantity: 1 });
    await createOrder(order);
    await getProduct(3);
    expect(requests.map((r) => r.headers.get('X-Cart-Token'))).toEqual([
      'cart-1',
      'cart-1',
      'cart-1',
      null,
    ]);
  });

  it('is remembered when a cart answer carries a new one', async () => {
    const { setCartToken } = setup({}, () =>
      json({ ...emptyCart, cartId: 7, cartToken: 'new-token' }),
    );
    await addCartItem({ productId: 3, quantity: 1 });
    expect(setCartToken).toHaveBeenCalledExactlyOnceWith('new-token');
  });

  it("is kept when a signed-in user's cart answers null, and not re-set when unchanged", async () => {
    let answer: Cart = emptyCart;
    const { setCartToken } = setup({ getCartToken: () => 'same' }, () => json(answer));
    await getCart();
    answer = { ...emptyCart, cartToken: 'same' };
    await getCart();
    expect(setCartToken).not.toHaveBeenCalled();
  });

  it('is forgotten once a merge consumed the guest cart', async () => {
    const { setCartToken, last } = setup(
      { getToken: () => 'jwt', getCartToken: () => 'guest-1' },
      () => json(emptyCart),
    );
    await mergeGuestCart();
    expect(last()?.headers.get('X-Cart-Token')).toBe('guest-1');
    expect(setCartToken).toHaveBeenCalledExactlyOnceWith(null);
  });
});

describe('order token', () => {
  it('is sent on the per-order calls when the caller passes one', async () => {
    const { last } = setup();
    await getOrder(5, { orderToken: 'ot_secret' });
    expect(last()?.headers.get('X-Order-Token')).toBe('ot_secret');
    await getOrder(5);
    expect(last()?.headers.has('X-Order-Token')).toBe(false);
  });

  it('is stripped outside its scope', async () => {
    const { last } = setup();
    await apiClient().GET('/api/v1/products/detail/{productId}', {
      params: { path: { productId: 3 } },
      headers: orderTokenHeaders('ot_secret'),
    });
    expect(last()?.headers.has('X-Order-Token')).toBe(false);
  });
});

describe('error normalisation', () => {
  it('turns the documented error body into an ApiError with its fields', async () => {
    setup({}, () =>
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
    const error = await login({
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
    setup({}, () =>
      json({ status: 409, code: 'TOTALS_MISMATCH', message: 'changed', totals }, 409),
    );
    const error = (await createOrder(order).catch((e: unknown) => e)) as ApiError;
    expect(error.isTotalsMismatch).toBe(true);
    expect(error.totals).toEqual(totals);
  });

  it('tolerates a non-JSON 502 from a proxy', async () => {
    setup(
      {},
      () =>
        new Response('<html><body>Bad Gateway</body></html>', {
          status: 502,
          headers: { 'Content-Type': 'text/html' },
        }),
    );
    const error = (await getProduct(3).catch((e: unknown) => e)) as ApiError;
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
    setup({}, () => Promise.reject(new TypeError('fetch failed')));
    const error = (await getProduct(3).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK', message: NETWORK_ERROR_MESSAGE });
    expect(error.isNetwork).toBe(true);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('lets a cancellation through unchanged (TanStack Query ignores it)', async () => {
    setup({}, () => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')));
    const error = await getProduct(3).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('calls onUnauthorized on 401 UNAUTHORIZED', async () => {
    const { onUnauthorized } = setup({ getToken: () => 'expired' }, () =>
      json(
        {
          status: 401,
          code: 'UNAUTHORIZED',
          message: 'Your session has expired. Please sign in again.',
        },
        401,
      ),
    );
    const error = (await getCart().catch((e: unknown) => e)) as ApiError;
    expect(error.isUnauthorized).toBe(true);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not sign out on wrong credentials (401 INVALID_CREDENTIALS)', async () => {
    const { onUnauthorized } = setup({}, () =>
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
    const error = (await login({
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
  it('defaults to the page origin in a browser', () => {
    configureApi({});
    expect(apiBaseUrl()).toBe(window.location.origin);
  });

  it('builds the identity-provider URL on the API origin', () => {
    setup();
    expect(identityProviderUrl('https://shop.example/auth/callback')).toBe(
      `${API}/api/v1/auth/oidc/authorize?returnTo=${encodeURIComponent('https://shop.example/auth/callback')}`,
    );
  });
});
