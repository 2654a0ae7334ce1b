import type { IncomingMessage, ServerResponse } from 'node:http';
import type { operations } from '../../contract/schema';
import type { PasswordHashParams, TokenClaims } from './auth';
import type { Db } from './db';
import type { RelyingParty } from './oidc/relying-party';
import type { OrderLimits } from './order-limits';
import type { HashPool } from './password-pool';
import type { SignInThrottle } from './sign-in-throttle';
import type { RenderLimits } from './render-limits';
import type { PaymentGateway } from './stripe/gateway';
import type { StripeStandIn } from './stripe/stand-in';

export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

export interface AppConfig {
  jwtSecret: string;
  /** Development mode: the Vite dev origins may use CORS and be identity-provider callbacks. */
  development: boolean;
  /** Browser origins allowed by CORS. */
  corsOrigins: string[];
  /** Origins this server itself answers on; the built SPA it serves lives there. */
  selfOrigins: string[];
  /** Identity-provider return addresses allowed besides `<self origin>/auth/callback`; exact URLs. */
  idpCallbackUrls: string[];
  /** The OpenID provider shoppers may sign in with (OIDC_* settings); none: no provider button. */
  oidc?: RelyingParty | null;
  /** How long an unpaid card order holds its stock. */
  stockReservationMinutes: number;
  /** Caps on units and open unpaid orders, the unpaid hold share, COD on or off (ADR-0061). */
  orderLimits: OrderLimits;
  /** ADMIN_TOKEN (header X-Admin-Token): the shop's key to move orders on; null: owner accounts only. */
  adminToken?: string | null;
  /** A guest cart untouched this long is deleted. */
  guestCartTtlDays: number;
  /**
   * Stripe, through the official SDK (ADR-0050): at Stripe with STRIPE_SECRET_KEY, else at the
   * sandbox's stand-in on this server. Null until the server listens, and in tests that take no
   * card payments (a card order then answers 503).
   */
  payments: PaymentGateway | null;
  /** The sandbox's Stripe-compatible stand-in, served under /v1/ while no real key is set. */
  stripeStandIn: StripeStandIn | null;
  /** Absolute origin for image URLs in answers (e.g. a CDN), or null for relative URLs. */
  assetOrigin: string | null;
  /** The shop's public origin for sitemap, robots.txt and canonical URLs (PUBLIC_ORIGIN); unset: each request's own. */
  publicOrigin?: string | null;
  /** scrypt cost of new password hashes (OWASP minimum except in tests). */
  passwordHash: PasswordHashParams;
  /** Failed sign-in counters (state, not configuration, but one per app like the rest). */
  signInThrottle: SignInThrottle;
  /** Bounds password hashing: a few at once, a short queue, 503 past it. */
  hashPool: HashPool;
  /** Peers whose X-Forwarded-For names the client (reverse proxies); empty: the header is ignored. */
  trustedProxies: string[];
  /** Honour X-Inject-Latency / X-Inject-Status (tests only). */
  faults: boolean;
  /** A delay added to every API answer (0 = none). */
  latencyMs: number;
  /** The built SPA to serve, or null for API only. */
  distDir: string | null;
  /** The SPA's server entry build (dist-ssr/), which renders the public pages; null: never rendered here. */
  ssrDir: string | null;
  /** Where a server render asks for its data; null: this server, on the address the request reached. */
  ssrApiBaseUrl: string | null;
  /** Render concurrency, queue and cache (RENDER_*, ADR-0054); unset figures take the defaults. */
  renderLimits?: Partial<RenderLimits>;
  /**
   * Pact provider-state set-up at /_pact/provider-states, only when the verification side starts
   * the server with one (contracts/provider/serve.ts); it reseeds the database, so it is never on
   * by default and no environment variable turns it on.
   */
  providerStateSetup?: (req: IncomingMessage, res: ServerResponse) => void;
  openapiFile?: string;
  logger: Logger;
  /** Called when an answer does not match openapi.yaml (tests turn this on). */
  onContractViolation?: (message: string) => void;
}

export interface AuthUser {
  id: number;
  email: string;
  username: string;
  tokenVersion: number;
}

/** What every request carries, whichever operation it is. */
interface RequestContext {
  db: Db;
  /** The request's clock reading; one value for the whole request. */
  now: Date;
  config: AppConfig;
  operationId: string;
  /** The request path without the query. */
  path: string;
  /** The body's bytes as they arrived (a webhook's signature is over these). */
  rawBody: Buffer;
  header(name: string): string | undefined;
  /** The client's IP address: the peer's, or from X-Forwarded-For when the peer is a trusted proxy. */
  clientAddress: string;
  /** Whether the shopper reached us over https (TLS here, or a trusted proxy's X-Forwarded-Proto). */
  https: boolean;
  /** The signed-in caller (valid bearer token) when the operation reads identity, else null. */
  user: AuthUser | null;
  claims: TokenClaims | null;
}

/**
 * One operation's request, its inputs typed by the contract. The router has validated (and
 * coerced) path, query and body against openapi.yaml before a handler runs, so they are the
 * contract's types here; the one place that vouches for it is where app.ts registers handlers.
 */
export interface HandlerContext<Op extends OperationId = OperationId> extends RequestContext {
  params: PathParams<Op>;
  query: QueryParams<Op>;
  body: RequestBody<Op>;
}

/** A request as the router builds it, before it is handed to its operation's handler. */
export interface RawHandlerContext extends RequestContext {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

/** An operationId of openapi.yaml: the key a handler is registered under. */
type OperationId = keyof operations;

/** An operation's path parameters. */
type PathParams<Op extends OperationId> = operations[Op]['parameters']['path'];
/** An operation's query; optional parameters the caller left out are undefined. */
export type QueryParams<Op extends OperationId> = NonNullable<
  operations[Op]['parameters']['query']
>;

type MediaBody<R> = R extends { content: infer M } ? M[keyof M] : never;

/** An operation's request body (JSON or form), undefined when the operation takes none. */
type RequestBody<Op extends OperationId> = operations[Op] extends { requestBody: infer R }
  ? MediaBody<R>
  : operations[Op] extends { requestBody?: infer R }
    ? MediaBody<NonNullable<R>> | undefined
    : undefined;

type JsonContent<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/**
 * The JSON an operation's success answer carries, read from the generated contract types.
 * Only 2xx: refusals are thrown as ApiError and shaped by errorBody.
 */
type SuccessBody<Op extends OperationId> = {
  [S in keyof operations[Op]['responses']]: S extends number
    ? `${S}` extends `2${string}`
      ? JsonContent<operations[Op]['responses'][S]>
      : never
    : never;
}[keyof operations[Op]['responses']];

export interface HandlerResult<B = unknown> {
  status: number;
  /** JSON body; omitted for 204 and redirects. */
  body?: B;
  /** An HTML page instead of JSON. */
  html?: string;
  headers?: Record<string, string>;
}

/** Any handler, as the router calls it (it looks handlers up by a runtime operationId). */
export type Handler = (ctx: RawHandlerContext) => HandlerResult | Promise<HandlerResult>;

/**
 * A handler whose inputs are its operation's request and whose answer the compiler checks
 * against the operation's response schema.
 */
type OperationHandler<Op extends OperationId> = (
  ctx: HandlerContext<Op>,
) => HandlerResult<SuccessBody<Op>> | Promise<HandlerResult<SuccessBody<Op>>>;

/**
 * Handlers by operationId. Keyed by the contract, so a misspelled or removed operation, or an
 * answer of the wrong shape, fails to compile. Each resource file declares its part with
 * `satisfies HandlerMap`, keeping its exact keys so app.ts can require the whole set.
 */
export type HandlerMap = { [Op in OperationId]?: OperationHandler<Op> };

/**
 * A JSON answer. NoInfer makes B come from where the result goes (the operation's SuccessBody),
 * so an inline object literal gets excess-property checks: a misspelled field fails to compile.
 */
export function ok<B>(body: NoInfer<B>, status = 200): HandlerResult<B> {
  return { status, body };
}
