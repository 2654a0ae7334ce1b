// The one HTTP client of the tests (server tests, provider states, e2e arrange steps): openapi-fetch
// typed by the contract's `paths` (contract/schema.d.ts), so a path, a body or an answer field the
// contract does not have is a compile error. A small middleware adds who is calling (bearer token,
// guest cart token, guest order token, extra headers).
//
// Tests that must send what the typed client cannot (malformed JSON, a wrong content type, a
// path the contract does not have, a method it does not allow) use the raw escape hatch: the
// TestApi is also callable, `api('POST', '/cart/items', { rawBody: '{' })`, with the same
// credentials. There is no other fetch helper in the tests; keep it that way.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from '../../contract/schema';

/** Contract types generated from openapi.yaml, so the tests read answers by the contract's field names. */
export type Schemas = components['schemas'];
type Loose = Record<string, unknown>;

/** Who is calling. Every field is optional; a guest sends none. */
export interface Credentials {
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string | null;
  /** Sent as `X-Cart-Token`. */
  cartToken?: string | null;
  /** Sent as `X-Order-Token`. */
  orderToken?: string | null;
  /** Any other header (they win over the three above). */
  headers?: Record<string, string>;
}

/** Options of one raw call. */
interface CallOptions extends Credentials {
  /** Serialised with JSON.stringify. */
  body?: unknown;
  /** Sent as-is instead of JSON.stringify(body). */
  rawBody?: string;
  /** `null`: no Content-Type header even with a body. Default `application/json` with a body. */
  contentType?: string | null;
}

/** What a raw call answers: the status, the parsed JSON (or the text), the headers and the text. */
export interface ApiAnswer<T = Loose> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

/**
 * The raw escape hatch. `path` is a full URL, a path starting with `/api` (sent as is), or a path
 * under `/api/v1` (`/cart/items`). Redirects are not followed.
 */
type RawRequest = <T = Loose>(
  method: string,
  path: string,
  options?: CallOptions,
) => Promise<ApiAnswer<T>>;

/** The typed client (`api.GET('/api/v1/cart')`), callable as the raw escape hatch too. */
export type TestApi = RawRequest &
  Client<paths> & {
    readonly baseUrl: string;
    readonly credentials: Readonly<Credentials>;
    /** The same API called by someone else (credentials replace, headers merge). */
    as(credentials: Credentials): TestApi;
  };

/** The headers that say who is calling. */
function credentialHeaders(credentials: Credentials): Record<string, string> {
  const headers: Record<string, string> = {};
  if (credentials.token) headers.Authorization = `Bearer ${credentials.token}`;
  if (credentials.cartToken) headers['X-Cart-Token'] = credentials.cartToken;
  if (credentials.orderToken) headers['X-Order-Token'] = credentials.orderToken;
  return { ...headers, ...credentials.headers };
}

/** Adds the caller's headers to every typed request, unless the call set that header itself. */
function credentialsMiddleware(credentials: Credentials): Middleware {
  return {
    onRequest({ request }) {
      for (const [name, value] of Object.entries(credentialHeaders(credentials))) {
        if (!request.headers.has(name)) request.headers.set(name, value);
      }
      return request;
    },
  };
}

/** One raw request to `baseUrl`: any method, any bytes, no contract. */
async function request<T = Loose>(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiAnswer<T>> {
  const headers = credentialHeaders(options);
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && options.contentType !== null && !hasHeader(headers, 'content-type')) {
    headers['Content-Type'] = options.contentType ?? 'application/json';
  }
  const response = await fetch(resolveUrl(baseUrl, path), {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
    redirect: 'manual',
  });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') {
    parsed = JSON.parse(text);
  }
  return { status: response.status, body: parsed as T, headers: response.headers, text };
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

function resolveUrl(baseUrl: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${baseUrl.replace(/\/+$/, '')}${path.startsWith('/api') ? '' : '/api/v1'}${path}`;
}

/** A test client for the API at `baseUrl` (an origin: the contract's paths start with /api/v1). */
export function createTestApi(baseUrl: string, credentials: Credentials = {}): TestApi {
  const client = createClient<paths>({
    baseUrl,
    // Looked up per request, so a test that replaces globalThis.fetch still goes through it.
    fetch: (input) => globalThis.fetch(input),
    redirect: 'manual',
  });
  client.use(credentialsMiddleware(credentials));
  const raw: RawRequest = (method, path, options = {}) =>
    request(baseUrl, method, path, {
      ...options,
      token: options.token ?? credentials.token,
      cartToken: options.cartToken ?? credentials.cartToken,
      orderToken: options.orderToken ?? credentials.orderToken,
      headers: { ...credentials.headers, ...options.headers },
    });
  return Object.assign(raw, client, {
    baseUrl,
    credentials,
    as: (next: Credentials) =>
      createTestApi(baseUrl, {
        ...next,
        headers: { ...credentials.headers, ...next.headers },
      }),
  });
}

/**
 * The data of a typed call that must succeed; anything else throws with the status and the
 * answer, so an arrange step that fails says why (`await ok(api.GET('/api/v1/cart'))`).
 */
export async function ok<R extends { data?: unknown; error?: unknown; response: Response }>(
  call: R | Promise<R>,
  context = 'test API',
): Promise<NonNullable<R['data']>> {
  const result = await call;
  if (!result.response.ok) {
    throw new Error(
      `${context}: ${result.response.url} answered ${result.response.status} ${JSON.stringify(result.error)}`,
    );
  }
  return result.data as NonNullable<R['data']>;
}
