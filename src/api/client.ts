import createClient from 'openapi-fetch';
import type { Client, Middleware } from 'openapi-fetch';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import type { paths } from '../../contract/schema';

/**
 * What the API layer needs from the rest of the app. src/api never reads storage or the session
 * itself: the app passes getters and setters, tests and contracts pass fakes and a mock URL.
 */
export interface ApiConfig {
  /**
   * Origin (optionally with a path prefix) the `/api/v1/...` paths are appended to. Required:
   * the browser passes its page's origin, each server render the API's own.
   */
  baseUrl: string;
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

interface ResolvedConfig extends Required<Omit<ApiConfig, 'fetch'>> {
  origin: string;
  fetch: ((input: Request) => Promise<Response>) | undefined;
}

/** The typed openapi-fetch client, and the base its requests go to. */
export type ApiClient = Client<paths> & {
  /** Where requests go (for full-page navigations such as the identity provider). */
  readonly baseUrl: string;
};

/**
 * A new API client. Nothing keeps it: the caller binds it to the QueryClient it belongs to
 * (bindApi), where query and mutation functions find it. Never call this at a module's top
 * level (eslint: no module-level API client).
 */
export function createApiClient(config: ApiConfig): ApiClient {
  const resolved = resolveConfig(config);
  const client = createClient<paths>({
    baseUrl: resolved.baseUrl,
    // Looked up per request so a test that replaces globalThis.fetch after configuring still wins.
    fetch: (request) => (resolved.fetch ?? globalThis.fetch)(request),
  });
  client.use(errorMiddleware(resolved), cartTokenMiddleware(resolved), authMiddleware(resolved));
  return Object.assign(client, { baseUrl: resolved.baseUrl });
}

/**
 * The API client belongs to a QueryClient (issue 26). Each QueryClient is born with its API
 * client: the browser's (src/main.tsx), each server render's (src/entry-server.tsx), each test
 * harness's. Query and mutation functions take it from the QueryClient TanStack passes them
 * (`queryFn: ({ client, signal }) => getCart(apiOf(client), { signal })`, and the same `client`
 * in a mutationFn's second argument); a provided actor takes it from the QueryClient its feature
 * was given. So two server renders at once, each with its own QueryClient, each use their own
 * API base, and nothing falls back to a process-wide default.
 *
 * Kept in a WeakMap keyed by the QueryClient rather than in the QueryClient's default `meta`:
 * `meta` is copied into every query and dehydrated with it into the page's HTML, and is typed
 * `Record<string, unknown>`. The map holds no client of its own: an entry lives exactly as long
 * as its QueryClient.
 */
const apis = new WeakMap<QueryClient, ApiClient>();

/** Binds `api` to `queryClient` for the QueryClient's whole life (once); answers the QueryClient. */
export function bindApi(queryClient: QueryClient, api: ApiClient): QueryClient {
  const bound = apis.get(queryClient);
  if (bound && bound !== api) {
    throw new Error('bindApi: this QueryClient already has its API client.');
  }
  apis.set(queryClient, api);
  return queryClient;
}

/** The API client bound to `queryClient`; throws when none is (there is no default client). */
export function apiOf(queryClient: QueryClient): ApiClient {
  const api = apis.get(queryClient);
  if (!api) {
    throw new Error(
      'apiOf: this QueryClient has no API client. Create it with createQueryClient(api), or bindApi(queryClient, api) where it is born.',
    );
  }
  return api;
}

function resolveConfig(config: ApiConfig): ResolvedConfig {
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  if (baseUrl === '') throw new Error('createApiClient: baseUrl is required.');
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
