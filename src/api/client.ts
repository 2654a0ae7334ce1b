import createClient from 'openapi-fetch';
import type { Client, Middleware } from 'openapi-fetch';
import { ApiError } from './api-error';
import type { paths } from '../../contract/schema';

/**
 * What the API layer needs from the rest of the app. src/api never reads storage or the session
 * itself: the app passes getters and setters, tests and contracts pass fakes and a mock URL.
 */
export interface ApiConfig {
  /** Origin (optionally with a path prefix) the `/api/v1/...` paths are appended to. Defaults to window.location.origin in a browser. */
  baseUrl?: string;
  /** The signed-in user's JWT, read on every request. */
  getToken?: () => string | null | undefined;
  /** The guest's cart token, read on every cart and order request. */
  getCartToken?: () => string | null | undefined;
  /** Called with a new cart token seen in a Cart answer, and with null once a merge consumed the guest cart. */
  setCartToken?: (token: string | null) => void;
  /** Called when the API answers 401 UNAUTHORIZED (the session is no longer valid). */
  onUnauthorized?: () => void;
  /** A fetch to use instead of globalThis.fetch (tests, Pact). Read on every request. */
  fetch?: (input: Request) => Promise<Response>;
}

interface ResolvedConfig extends Required<Omit<ApiConfig, 'fetch' | 'baseUrl'>> {
  baseUrl: string;
  origin: string;
  fetch: ((input: Request) => Promise<Response>) | undefined;
}

export type ApiClient = Client<paths>;

let current: { config: ResolvedConfig; client: ApiClient } | undefined;

/** (Re)configures the one API client. Call once at start-up; tests call it per case. */
export function configureApi(config: ApiConfig = {}): ApiClient {
  const resolved = resolveConfig(config);
  const client = createClient<paths>({
    baseUrl: resolved.baseUrl,
    // Looked up per request so a test that replaces globalThis.fetch after configuring still wins.
    fetch: (request) => (resolved.fetch ?? globalThis.fetch)(request),
  });
  client.use(errorMiddleware(resolved), cartTokenMiddleware(resolved), authMiddleware(resolved));
  current = { config: resolved, client };
  return client;
}

/** The base URL requests go to (for full-page navigations such as the identity provider). */
export function apiBaseUrl(): string {
  if (!current) configureApi();
  return current?.config.baseUrl ?? '';
}

/** The configured client; in a browser an unconfigured API talks to the page's own origin. */
export function apiClient(): ApiClient {
  return (current ?? { client: configureApi() }).client;
}

function resolveConfig(config: ApiConfig): ResolvedConfig {
  const baseUrl = (config.baseUrl ?? browserOrigin()).replace(/\/+$/, '');
  if (baseUrl === '') {
    throw new Error('configureApi: baseUrl is required outside a browser (no window.location).');
  }
  return {
    baseUrl,
    origin: new URL(baseUrl).origin,
    getToken: config.getToken ?? (() => undefined),
    getCartToken: config.getCartToken ?? (() => undefined),
    setCartToken: config.setCartToken ?? (() => undefined),
    onUnauthorized: config.onUnauthorized ?? (() => undefined),
    fetch: config.fetch,
  };
}

function browserOrigin(): string {
  return typeof window !== 'undefined' && typeof window.location?.origin === 'string'
    ? window.location.origin
    : '';
}

function sameOrigin(request: Request, config: ResolvedConfig): boolean {
  try {
    return new URL(request.url).origin === config.origin;
  } catch {
    return false;
  }
}

// Scopes are decided on the OpenAPI path template, not the URL, so a base path prefix or an
// id that happens to look like a path segment cannot widen them.
const CART_SCOPE = /^\/api\/v1\/(cart(\/.*)?|order)$/;
const CART_ANSWER_SCOPE = /^\/api\/v1\/cart(\/.*)?$/;
const MERGE_PATH = '/api/v1/cart/merge';
const ORDER_TOKEN_SCOPE = /^\/api\/v1\/(order\/\{orderId\}(\/.*)?|payment\/.*)$/;

const ORDER_TOKEN_HEADER = 'X-Order-Token';
const CART_TOKEN_HEADER = 'X-Cart-Token';

/** Adds the bearer token, and only to the API's own origin: a token must never leak elsewhere. */
function authMiddleware(config: ResolvedConfig): Middleware {
  return {
    onRequest({ request }) {
      if (!sameOrigin(request, config)) {
        request.headers.delete('Authorization');
        return;
      }
      const token = config.getToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
    },
  };
}

/**
 * Guest cart token out on cart and order calls, and captured from Cart answers. The order token
 * is passed by the caller (see orderTokenHeaders) and is stripped anywhere outside its scope.
 */
function cartTokenMiddleware(config: ResolvedConfig): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      const api = sameOrigin(request, config);
      if (!api || !ORDER_TOKEN_SCOPE.test(schemaPath)) request.headers.delete(ORDER_TOKEN_HEADER);
      if (!api || !CART_SCOPE.test(schemaPath)) {
        request.headers.delete(CART_TOKEN_HEADER);
        return;
      }
      const cartToken = config.getCartToken();
      if (cartToken && !request.headers.has(CART_TOKEN_HEADER)) {
        request.headers.set(CART_TOKEN_HEADER, cartToken);
      }
    },
    async onResponse({ request, response, schemaPath }) {
      if (!response.ok || !sameOrigin(request, config) || !CART_ANSWER_SCOPE.test(schemaPath)) {
        return;
      }
      if (schemaPath === MERGE_PATH) {
        // The merge deleted the guest cart; its token is worthless from here on.
        config.setCartToken(null);
        return;
      }
      const cartToken = await readCartToken(response);
      // Only a new guest token is remembered: a signed-in user's cart answers null, and that
      // must not throw away a guest cart still waiting to be merged.
      if (typeof cartToken === 'string' && cartToken !== config.getCartToken()) {
        config.setCartToken(cartToken);
      }
    },
  };
}

async function readCartToken(response: Response): Promise<unknown> {
  if (!(response.headers.get('Content-Type') ?? '').includes('json')) return undefined;
  try {
    const body: unknown = await response.clone().json();
    return typeof body === 'object' && body !== null && 'cartToken' in body
      ? body.cartToken
      : undefined;
  } catch {
    return undefined;
  }
}

/** Every non-2xx answer and every failed fetch becomes one thrown ApiError. */
function errorMiddleware(config: ResolvedConfig): Middleware {
  return {
    async onResponse({ response }) {
      if (response.ok) return;
      let text = '';
      try {
        // The answer is replaced by the thrown error, so its body can be consumed here.
        text = await response.text();
      } catch {
        // A body that cannot be read is treated like an empty one.
      }
      const error = ApiError.fromBody(response.status, text);
      if (error.isUnauthorized) config.onUnauthorized();
      throw error;
    },
    onError({ error }) {
      // A cancelled request (TanStack Query's signal) is not a network failure: rethrow as is.
      if (isAbort(error) || error instanceof ApiError) return;
      return ApiError.network(error);
    },
  };
}

function isAbort(error: unknown): boolean {
  // Checked by name: a DOMException is not an `instanceof Error` in every environment (jsdom).
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : '';
  return name === 'AbortError' || name === 'TimeoutError';
}

/** Options every request function accepts. */
export interface RequestOptions {
  /** Cancels the request (TanStack Query passes one to every queryFn). */
  signal?: AbortSignal;
}

/** Options of the per-order calls a guest makes with the order's secret. */
export interface OrderRequestOptions extends RequestOptions {
  orderToken?: string | null;
}

/** The X-Order-Token header when the caller has one; the middleware keeps it in its scope. */
export function orderTokenHeaders(orderToken: string | null | undefined): Record<string, string> {
  return orderToken ? { [ORDER_TOKEN_HEADER]: orderToken } : {};
}

/**
 * The data of a successful call. Errors were already thrown by the middleware; this only keeps
 * the types honest (openapi-fetch types `data` as possibly undefined).
 */
export function unwrap<R extends { data?: unknown; error?: unknown; response: Response }>(
  result: R,
): NonNullable<R['data']> {
  const { data, response } = result;
  if (!response.ok) throw ApiError.fromBody(response.status, '');
  if (data === undefined || data === null) {
    throw new ApiError({
      status: response.status,
      code: 'UNKNOWN',
      message: 'The server sent an empty answer.',
    });
  }
  return data as NonNullable<R['data']>;
}

/** For operations that answer 204 No Content. */
export function unwrapEmpty(result: { response: Response }): void {
  if (!result.response.ok) throw ApiError.fromBody(result.response.status, '');
}
