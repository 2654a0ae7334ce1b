// The API faked at the `fetch` seam for view and model tests: a table of routes keyed by the
// contract's own paths ('GET /api/v1/cart'), each answering the contract's success body (typed
// from contract/schema.d.ts) or a Response. The app's real openapi-fetch client and its middleware
// sit in front, so an error reaches a view exactly as the client would turn a real answer into
// one (an ApiError from the body's code and message, or a network error) and never as something
// the client cannot produce.
//
// A request no route answers logs a console.error (which fails the test) and answers 404.
import type { components, paths } from '../../contract/schema';

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** 'GET /api/v1/cart', 'PATCH /api/v1/cart/items/{cartItemId}', ...: every operation of the contract. */
export type Route = {
  [P in keyof paths]: {
    [M in Method]: undefined extends paths[P][M] ? never : `${Uppercase<M>} ${P & string}`;
  }[Method];
}[keyof paths];

type Operation<R extends Route> = R extends `${infer M} ${infer P}`
  ? P extends keyof paths
    ? Lowercase<M> extends keyof paths[P]
      ? NonNullable<paths[P][Lowercase<M>]>
      : never
    : never
  : never;

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : undefined;
type Responses<R extends Route> = Operation<R> extends { responses: infer S } ? S : never;
type SuccessStatus = 200 | 201 | 202 | 204;

/** The JSON a successful answer of the route carries (undefined for 204). */
type SuccessBody<R extends Route> = {
  [S in keyof Responses<R>]: S extends SuccessStatus ? JsonOf<Responses<R>[S]> : never;
}[keyof Responses<R>];

/** The JSON body the route's request carries. */
type RequestBody<R extends Route> =
  Operation<R> extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : undefined;

/** One request the fake received. */
export interface FakeCall<R extends Route = Route> {
  route: R;
  method: string;
  /** The URL's path, e.g. /api/v1/products/3. */
  path: string;
  /** The path template's parameters, e.g. { productId: '3' }. */
  params: Record<string, string>;
  query: URLSearchParams;
  headers: Headers;
  body: RequestBody<R>;
}

/** What a route does: answer a body (200, or 204 when undefined), a Response, or throw (network failure). */
export type Handler<R extends Route> = (
  call: FakeCall<R>,
) => SuccessBody<R> | Response | Promise<SuccessBody<R> | Response>;

/** A route table: a handler or, for a fixed answer, the body itself. */
export type Routes = { [R in Route]?: Handler<R> | SuccessBody<R> };

export interface FakeApi {
  /** The fetch to give the app's API client (`createApiClient({ baseUrl, fetch })`). */
  fetch: (request: Request) => Promise<Response>;
  /** Adds routes or replaces existing ones (later tables win). */
  on(routes: Routes): void;
  /** Every request received, in order. */
  readonly calls: readonly FakeCall[];
  /** The requests one route received, in order. */
  callsTo<R extends Route>(route: R): FakeCall<R>[];
}

type ErrorBody = components['schemas']['Error'];

/** An error answer in the contract's one error shape, as the server sends it. */
export function errorAnswer(
  status: number,
  code: ErrorBody['code'],
  message: string,
  extra: Partial<Omit<ErrorBody, 'status' | 'code' | 'message'>> = {},
): Response {
  const body: ErrorBody = {
    status,
    code,
    message,
    path: '/api/v1',
    timestamp: '2026-11-25T10:00:00.000Z',
    ...extra,
  };
  return Response.json(body, { status });
}

/** A JSON answer with headers or a status of its own (e.g. X-Total-Count). */
export function jsonAnswer(body: unknown, init: ResponseInit = {}): Response {
  return Response.json(body, init);
}

/**
 * A handler answering each request with the next answer in turn (the last one repeats). An answer
 * may be a function, so a Response (readable once) is made fresh for each request.
 */
export function inTurn<R extends Route>(
  ...answers: [TurnAnswer<R>, ...TurnAnswer<R>[]]
): Handler<R> {
  let next = 0;
  return () => {
    const answer = answers[Math.min(next, answers.length - 1)] ?? answers[0];
    next += 1;
    return typeof answer === 'function' ? (answer as () => SuccessBody<R> | Response)() : answer;
  };
}

type TurnAnswer<R extends Route> = SuccessBody<R> | Response | (() => SuccessBody<R> | Response);

/** What fetch throws when the network fails (the client turns it into a NETWORK ApiError). */
export function networkFailure(): never {
  throw new TypeError('Failed to fetch');
}

interface CompiledRoute {
  route: Route;
  method: string;
  pattern: RegExp;
  names: string[];
  literal: boolean;
}

function compile(route: Route): CompiledRoute {
  const [method = '', template = ''] = route.split(' ');
  const names: string[] = [];
  const source = template
    .split('/')
    .map((segment) => {
      const name = /^\{(.+)\}$/.exec(segment)?.[1];
      if (!name) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^/]+)';
    })
    .join('/');
  return { route, method, pattern: new RegExp(`^${source}$`), names, literal: names.length === 0 };
}

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A fake API answering the given routes. */
export function createFakeApi(routes: Routes = {}): FakeApi {
  const table = new Map<Route, unknown>();
  const calls: FakeCall[] = [];
  const on = (more: Routes) => {
    for (const [route, handler] of Object.entries(more)) table.set(route as Route, handler);
  };
  on(routes);

  function match(method: string, path: string) {
    // A literal path (/products/search) wins over a template that also matches (/products/{id}).
    const candidates = [...table.keys()]
      .map(compile)
      .filter((route) => route.method === method)
      .sort((a, b) => Number(b.literal) - Number(a.literal));
    for (const candidate of candidates) {
      const found = candidate.pattern.exec(path);
      if (!found) continue;
      const params = Object.fromEntries(
        candidate.names.map((name, i) => [name, decodeURIComponent(found[i + 1] ?? '')]),
      );
      return { route: candidate.route, params };
    }
    return undefined;
  }

  async function fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const matched = match(method, url.pathname);
    if (!matched) {
      console.error(`fake API: no route answers ${method} ${url.pathname}${url.search}`);
      return errorAnswer(404, 'NOT_FOUND', `No route for ${method} ${url.pathname}`);
    }
    const call: FakeCall = {
      route: matched.route,
      method,
      path: url.pathname,
      params: matched.params,
      query: url.searchParams,
      headers: request.headers,
      body: (await readBody(request)) as never,
    };
    calls.push(call);
    const handler = table.get(matched.route);
    const answer: unknown =
      typeof handler === 'function'
        ? await (handler as (call: FakeCall) => unknown)(call)
        : structuredClone(handler);
    if (answer instanceof Response) return answer;
    if (answer === undefined) return new Response(null, { status: 204 });
    return Response.json(answer);
  }

  return {
    fetch,
    on,
    calls,
    callsTo: <R extends Route>(route: R) =>
      calls.filter((call): call is FakeCall<R> => call.route === route),
  };
}
