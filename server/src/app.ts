// The HTTP layer: CORS, faults, routing and validation from openapi.yaml, then one handler per operationId.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken, verifyToken } from './auth';
import type { Db } from './db';
import { accountHandlers } from './handlers/account';
import { authHandlers } from './handlers/auth';
import { cartHandlers } from './handlers/cart';
import { catalogueHandlers } from './handlers/catalogue';
import { oidcHandlers } from './handlers/oidc';
import { orderHandlers } from './handlers/orders';
import { orderPaymentHandlers } from './handlers/order-payment';
import { paymentHandlers } from './handlers/payment';
import type {
  AppConfig,
  AuthUser,
  Handler,
  HandlerMap,
  HandlerResult,
  RawHandlerContext,
} from './handler-types';
import { withAssetOrigin } from './asset-urls';
import { clientAddressOf, normalizeAddress } from './client-address';
import { createHousekeeping } from './housekeeping';
import { ApiError, errorBody, unauthorized } from './http-error';
import { loadOpenApi, type OpenApiContract, type Operation } from './openapi';
import { createPageRenderer } from './page-render';
import { catalogueVersion, refreshCatalogueVersion } from './render-catalogue-version';
import { defaultRenderLimits } from './render-limits';
import { createApiFirst } from './render-api-first';
import { createRenderWorkers } from './render-workers';
import { inProcessFetch, isInProcessCall } from './render-self-fetch';
import { createStaticFiles, htmlHeaders } from './static-files';
import { publicOriginOf, requestIsHttps } from './seo/public-origin';
import { serveSeoFile } from './seo/sitemap';
import {
  checkedBody,
  checkedPathParams,
  checkedQuery,
  checkHeaders,
  payloadTooLarge,
  readBody,
  type RawBody,
} from './request-input';

export { MAX_BODY_BYTES } from './request-input';

/** The Pact provider-state endpoint's path (contracts/README.md), served only when enabled. */
const PROVIDER_STATES_PATH = '/_pact/provider-states';
const MAX_INJECTED_LATENCY_MS = 10_000;

const CORS_ALLOW_HEADERS = [
  'Authorization',
  'Content-Type',
  'X-Cart-Token',
  'X-Order-Token',
  'Idempotency-Key',
];
const FAULT_HEADERS = ['X-Inject-Latency', 'X-Inject-Status'];
/** No powerful feature is used but payment, by Stripe's frames (Payment Request in the card step). */
const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://js.stripe.com")';
/** A year, as HSTS preload lists ask; subdomains are the owner's to decide, so not included. */
const HSTS = 'max-age=31536000';
/** Where the spec's client starts identity-provider sign-in (Spring's default path, api-facts §2.6). */
const SPEC_PROVIDER_ENTRY = '/oauth2/authorization/google';

// Required: an operation added to openapi.yaml without a handler fails to compile, not only to start.
export const ALL_HANDLERS: Required<HandlerMap> = {
  ...catalogueHandlers,
  ...authHandlers,
  ...oidcHandlers,
  ...accountHandlers,
  ...cartHandlers,
  ...orderHandlers,
  ...orderPaymentHandlers,
  ...paymentHandlers,
};

/**
 * Every operation in the contract has a handler and every handler an operation. Takes any string
 * keys: the compiler cannot see handler maps built at run time, and this is the check for them.
 */
export function assertHandlersMatch(
  contract: OpenApiContract,
  handlers: Readonly<Record<string, unknown>>,
): void {
  const ids = new Set(contract.operationIds);
  const missing = [...ids].filter((id) => !(id in handlers));
  const extra = Object.keys(handlers).filter((id) => !ids.has(id));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(
      `handlers and openapi.yaml disagree: missing handlers [${missing.join(', ')}], handlers without an operation [${extra.join(', ')}]`,
    );
  }
}

export interface CreateAppOptions {
  db: Db;
  now?: () => Date;
  config: AppConfig;
  contract?: OpenApiContract;
  handlers?: HandlerMap;
}

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** The app's request handler, and what it runs beside the server's thread (the render threads). */
export type App = RequestHandler & {
  /** Stops the render threads (ADR-0071); renders under way send the shell. */
  close(): Promise<void>;
};

/** How long a render in a thread may take before the thread is stopped (ADR-0071). */
const RENDER_THREAD_TIMEOUT_MS = 15_000;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function firstHeader(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function splitUrl(rawUrl: string): { pathname: string; search: string } {
  const q = rawUrl.indexOf('?');
  const pathname = q >= 0 ? rawUrl.slice(0, q) : rawUrl;
  const search = q >= 0 ? rawUrl.slice(q + 1) : '';
  return { pathname: pathname.split('#')[0] ?? '', search };
}

function internalError(): ApiError {
  return new ApiError(500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
}

// Statuses that come from the transport layer rather than an operation; the yaml documents them globally.
const TRANSPORT_STATUSES = new Set([405, 413, 415, 500, 502, 503]);

export function createApp(options: CreateAppOptions): App {
  const { db, config } = options;
  const now = options.now ?? (() => new Date());
  const contract = options.contract ?? loadOpenApi(config.openapiFile);
  // Looked up by the matched operation's id, a plain string at run time. The one cast of the
  // handlers' inputs: each handler takes its operation's typed request, and the router calls it
  // only after validating path, query and body against that operation in openapi.yaml.
  const handlers = (options.handlers ?? ALL_HANDLERS) as Readonly<
    Record<string, Handler | undefined>
  >;
  assertHandlersMatch(contract, handlers);
  const corsOrigins = new Set(config.corsOrigins);
  const trustedProxies = new Set(config.trustedProxies.map(normalizeAddress));
  const housekeeping = createHousekeeping(db, config);
  const serveStatic = createStaticFiles(config.distDir, config.assetOrigin);
  // Page renders step aside for API calls from outside, 100 ms at most per step (ADR-0054).
  const apiFirst = createApiFirst(100);
  // The render's data from this server's own handler, in process (issue 27, ADR-0054).
  const selfFetch = inProcessFetch(() => app, apiFirst.turn);
  const renderLimits = { ...defaultRenderLimits(), ...config.renderLimits };
  // Renders in threads of their own (ADR-0071); the first starts with the server (page-render.ts).
  const renderThreads =
    config.ssrDir && renderLimits.threads > 0
      ? createRenderWorkers({
          threads: renderLimits.threads,
          fetch: selfFetch,
          timeoutMs: RENDER_THREAD_TIMEOUT_MS,
        })
      : null;
  const renderPage = createPageRenderer({
    distDir: config.distDir,
    ssrDir: config.ssrDir,
    apiBaseUrl: config.ssrApiBaseUrl,
    fetch: selfFetch,
    threads: renderThreads,
    turn: apiFirst.turn,
    catalogueVersion: () => catalogueVersion(db),
    now,
    limits: renderLimits,
    publicOrigin: (req) =>
      publicOriginOf(req, {
        publicOrigin: config.publicOrigin,
        trustedProxies,
        fallback: config.selfOrigins[0] ?? 'http://localhost',
        allowedOrigins: config.selfOrigins,
      }),
    logger: config.logger,
  });
  const setHtmlHeaders = htmlHeaders(config.assetOrigin);

  /** A public page rendered with its data (issue 19), else the built file or the SPA shell. */
  async function servePage(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    search: string,
  ): Promise<void> {
    // Another instance may have changed the catalogue (PostgreSQL, ADR-0066).
    await refreshCatalogueVersion(db);
    if (await renderPage(req, res, pathname, search, setHtmlHeaders)) return;
    if (serveStatic(req, res, pathname) === 'not-found') {
      sendError(res, new ApiError(404, 'NOT_FOUND', `Nothing at ${pathname}`), pathname);
    }
  }
  const allowHeaders = [...CORS_ALLOW_HEADERS, ...(config.faults ? FAULT_HEADERS : [])].join(', ');
  // Pages and files of this origin are for this origin, unless another one is configured to
  // read them (an asset origin in front of us, or a storefront elsewhere through CORS).
  const resourcePolicy =
    config.assetOrigin || config.corsOrigins.length > 0 ? 'cross-origin' : 'same-origin';

  /** Headers on every answer (issue 28, ADR-0062); the CSP is per kind of page (static-files.ts). */
  function setSecurityHeaders(req: IncomingMessage, res: ServerResponse): void {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    // Stripe's 3-D Secure runs in a frame, never a popup that would need our window.
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Resource-Policy', resourcePolicy);
    // Only over https: on plain http a browser ignores it, and a test shop must stay reachable.
    if (requestIsHttps(req, trustedProxies)) res.setHeader('Strict-Transport-Security', HSTS);
  }

  function sendJson(
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void {
    const text = body === undefined ? '' : JSON.stringify(body);
    res.statusCode = status;
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    res.setHeader('Cache-Control', 'no-store');
    if (text !== '') {
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Content-Length', String(Buffer.byteLength(text)));
    }
    res.end(text);
  }

  function sendError(res: ServerResponse, error: ApiError, path: string): void {
    sendJson(res, error.status, errorBody(error, path, now()), error.headers);
  }

  function applyCors(req: IncomingMessage, res: ServerResponse): void {
    const origin = firstHeader(req, 'origin');
    res.setHeader('Vary', 'Origin');
    if (origin && corsOrigins.has(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      // ADR-0010: a client on another origin reads the news total (and how long to wait).
      res.setHeader('Access-Control-Expose-Headers', 'X-Total-Count, Retry-After');
    }
  }

  async function resolveUser(
    req: IncomingMessage,
    op: Operation,
    at: Date,
  ): Promise<{ user: AuthUser | null; claims: RawHandlerContext['claims'] }> {
    if (op.security.public || !op.security.bearer) return { user: null, claims: null };
    const token = bearerToken(firstHeader(req, 'authorization'));
    if (token === undefined) {
      const anonymousAllowed =
        op.security.anonymous || op.security.cartToken || op.security.orderToken;
      if (!anonymousAllowed) throw unauthorized();
      return { user: null, claims: null };
    }
    if (token === null) throw unauthorized();
    const verdict = verifyToken(token, config.jwtSecret, at);
    if (!verdict.ok) throw unauthorized();
    const row = await db.get<{
      id: number;
      email: string;
      username: string;
      token_version: number;
    }>('SELECT id, email, username, token_version FROM users WHERE id = ?', [verdict.claims.uid]);
    // A password or email change bumps the version: every older token is revoked.
    if (!row || row.token_version !== verdict.claims.ver) throw unauthorized();
    // Signed out: this token is revoked until it expires.
    const { jti } = verdict.claims;
    if (jti && (await db.get('SELECT 1 AS revoked FROM revoked_tokens WHERE jti = ?', [jti])))
      throw unauthorized();
    return {
      user: {
        id: row.id,
        email: row.email,
        username: row.username,
        tokenVersion: row.token_version,
      },
      claims: verdict.claims,
    };
  }

  /** A CORS preflight, answered here. */
  function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
    req.resume();
    res.statusCode = 204;
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', allowHeaders);
    res.setHeader('Access-Control-Max-Age', '3600');
    res.end();
  }

  /** Test-only faults (config.faults): a latency to add, or a failure to answer instead. */
  async function injectedFault(req: IncomingMessage): Promise<ApiError | null> {
    if (config.latencyMs > 0) await sleep(config.latencyMs);
    if (!config.faults) return null;
    const latency = Number(firstHeader(req, 'x-inject-latency'));
    if (Number.isInteger(latency) && latency > 0)
      await sleep(Math.min(latency, MAX_INJECTED_LATENCY_MS));
    const injected = Number(firstHeader(req, 'x-inject-status'));
    if (injected !== 500 && injected !== 502 && injected !== 503) return null;
    const code = injected === 500 ? 'INTERNAL' : 'SERVICE_UNAVAILABLE';
    return new ApiError(injected, code, `Injected failure (${injected})`);
  }

  /** The operation a method and path name in the contract, or the 404/405 that says there is none. */
  function route(
    method: string,
    pathname: string,
  ): { op: Operation; params: Record<string, unknown> } | ApiError {
    // HEAD is GET without the body (Node drops the body of a HEAD answer itself).
    const matched = contract.match(method === 'HEAD' ? 'GET' : method, pathname);
    if (matched.kind === 'not-found')
      return new ApiError(404, 'NOT_FOUND', `No API operation at ${pathname}`);
    if (matched.kind === 'method-not-allowed') {
      return new ApiError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${pathname}`, {
        headers: { Allow: matched.allow.join(', ') },
      });
    }
    return { op: matched.operation, params: { ...matched.params } };
  }

  /**
   * Everything between a matched operation and its handler: housekeeping, the caller, then path,
   * query, headers and body checked against the contract (request-input.ts). Throws ApiError.
   */
  async function runOperation(
    req: IncomingMessage,
    raw: RawBody,
    routed: { op: Operation; params: Record<string, unknown> },
    pathname: string,
    search: string,
    at: Date,
  ): Promise<HandlerResult> {
    const { op } = routed;
    // Before the handler, so it sees lapsed reservations released and abandoned carts gone.
    await housekeeping(at);
    if (raw.tooLarge) throw payloadTooLarge();
    const { user, claims } = await resolveUser(req, op, at);
    const params = checkedPathParams(contract, op, routed.params);
    const query = checkedQuery(contract, op, search);
    checkHeaders(contract, op, (name) => firstHeader(req, name));
    const body = checkedBody(contract, op, raw, firstHeader(req, 'content-type'));
    const handler = handlers[op.operationId];
    if (!handler) throw new Error(`no handler for ${op.operationId}`);
    return handler({
      db,
      now: at,
      config,
      operationId: op.operationId,
      path: pathname,
      rawBody: raw.bytes,
      params,
      query,
      body,
      header: (name) => firstHeader(req, name),
      clientAddress: clientAddressOf(req, trustedProxies),
      https: requestIsHttps(req, trustedProxies),
      user,
      claims,
    });
  }

  /** A refusal as the contract shapes it; anything else is logged and answered as a 500. */
  function answerFailure(
    res: ServerResponse,
    op: Operation,
    error: unknown,
    label: string,
    pathname: string,
  ): void {
    if (!(error instanceof ApiError)) {
      config.logger.error(`${label} failed`, error);
      sendError(res, internalError(), pathname);
      return;
    }
    const bodyOut = errorBody(error, pathname, now());
    // Spec §7: a failed sign-in's field messages are (also) under `data`.
    if (op.operationId === 'login' && bodyOut.fields) bodyOut.data = bodyOut.fields;
    checkContract(op, error.status, bodyOut);
    sendJson(res, error.status, bodyOut, error.headers);
  }

  /** A handler's answer: an HTML page, or JSON checked against the contract. */
  function answerResult(res: ServerResponse, op: Operation, result: HandlerResult): void {
    if (result.html !== undefined) {
      res.statusCode = result.status;
      for (const [k, v] of Object.entries(result.headers ?? {})) res.setHeader(k, v);
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.end(result.html);
      return;
    }
    const body =
      config.assetOrigin && result.body !== undefined
        ? withAssetOrigin(result.body, config.assetOrigin)
        : result.body;
    if (body !== undefined) checkContract(op, result.status, body);
    sendJson(res, result.status, body, result.headers);
  }

  /** One API request: CORS, preflight, body, faults, route, the operation, the answer. */
  async function handleApi(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    search: string,
  ): Promise<void> {
    applyCors(req, res);
    const method = (req.method ?? 'GET').toUpperCase();
    if (method === 'OPTIONS') {
      answerPreflight(req, res);
      return;
    }
    const raw = await readBody(req);
    if (raw.aborted) {
      if (!res.headersSent) res.destroy();
      return;
    }
    const fault = await injectedFault(req);
    if (fault) {
      sendError(res, fault, pathname);
      return;
    }
    const routed = route(method, pathname);
    if (routed instanceof ApiError) {
      sendError(res, routed, pathname);
      return;
    }
    let result: HandlerResult;
    try {
      result = await runOperation(req, raw, routed, pathname, search, now());
    } catch (error) {
      answerFailure(res, routed.op, error, `${method} ${pathname}`, pathname);
      return;
    }
    answerResult(res, routed.op, result);
  }

  function checkContract(op: Operation, status: number, body: unknown): void {
    if (!config.onContractViolation || TRANSPORT_STATUSES.has(status)) return;
    const problem = contract.checkResponse(op.operationId, status, body);
    if (problem) config.onContractViolation(problem);
  }

  const app: RequestHandler = (req, res) => {
    setSecurityHeaders(req, res);
    const { pathname, search } = splitUrl(req.url ?? '/');
    const respondUnexpected = (error: unknown): void => {
      config.logger.error(`${req.method ?? '?'} ${pathname} failed`, error);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      sendError(res, internalError(), pathname);
    };
    try {
      if (pathname === PROVIDER_STATES_PATH && config.providerStateSetup) {
        config.providerStateSetup(req, res);
        return;
      }
      if (pathname === '/api' || pathname.startsWith('/api/')) {
        if (!isInProcessCall(req)) {
          const ended = apiFirst.started();
          res.once('finish', ended);
          res.once('close', ended);
        }
        handleApi(req, res, pathname, search).catch(respondUnexpected);
        return;
      }
      // The sandbox's Stripe (ADR-0050): Stripe's own paths, only while no real key is set.
      if (config.stripeStandIn && pathname.startsWith('/v1/')) {
        config.stripeStandIn.handle(req, res, pathname, search);
        return;
      }
      const method = (req.method ?? 'GET').toUpperCase();
      req.resume();
      if (method !== 'GET' && method !== 'HEAD') {
        sendError(
          res,
          new ApiError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${pathname}`, {
            headers: { Allow: 'GET, HEAD' },
          }),
          pathname,
        );
        return;
      }
      // sitemap.xml and robots.txt, built from the catalogue (issue 19).
      if (serveSeoFile(req, res, pathname, { db, config, trustedProxies })) return;
      if (pathname === SPEC_PROVIDER_ENTRY && config.oidc) {
        // The spec's identity-provider entry path (its original client links here): the same flow.
        res.statusCode = 302;
        res.setHeader('Location', '/api/v1/auth/oidc/authorize');
        res.setHeader('Cache-Control', 'no-store');
        res.end();
        return;
      }
      if (!pathname.startsWith('/')) {
        sendError(res, new ApiError(404, 'NOT_FOUND', `Nothing at ${pathname}`), pathname);
        return;
      }
      servePage(req, res, pathname, search).catch(respondUnexpected);
    } catch (error) {
      respondUnexpected(error);
    }
  };
  return Object.assign(app, { close: async () => renderThreads?.close() });
}
