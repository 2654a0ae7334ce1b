// Starts the reference API (and the built SPA from dist/) on one port.
import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createApp } from './app';
import { DEFAULT_PASSWORD_HASH, type PasswordHashParams } from './auth';
import { BRAND_NAME } from '../../contract/brand';
import { DEV_ORIGINS } from './dev-origins';
import { DEFAULT_DB_FILE, openDb, type Db } from './db';
import type { AppConfig, Logger } from './handler-types';
import { createRelyingParty, OIDC_CALLBACK_PATH, type OidcSettings } from './oidc/relying-party';
import { DEFAULT_ORDER_LIMITS, orderLimitsFromEnv, type OrderLimits } from './order-limits';
import { createHashPool, DEFAULT_HASH_POOL, type HashPoolLimits } from './password-pool';
import { seedIfEmpty } from './seed';
import { DatabaseInUseError, lockDatabaseFile } from './server-lock';
import { renderLimitsFromEnv, type RenderLimits } from './render-limits';
import { createStripeGateway, STRIPE_API_BASE, type StripeSettings } from './stripe/gateway';
import { createStripeStandIn } from './stripe/stand-in';
import {
  createSignInThrottle,
  DEFAULT_SIGN_IN_LIMITS,
  type SignInLimits,
} from './sign-in-throttle';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEFAULT_DIST_DIR = resolve(repoRoot, 'dist');
export const DEFAULT_STOCK_RESERVATION_MINUTES = 30;
export const DEFAULT_GUEST_CART_TTL_DAYS = 30;

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  error: (message, error) =>
    error === undefined ? console.error(message) : console.error(message, error),
};

export interface StartServerOptions {
  port?: number;
  host?: string;
  dbFile?: string;
  /**
   * postgres://… (DATABASE_URL): PostgreSQL instead of dbFile, and any number of server processes
   * may share it (ADR-0066). Unset: the SQLite file, one process.
   */
  databaseUrl?: string | null;
  /**
   * Signs session tokens; default: a random secret kept in `<dbFile>.jwt-secret` (mode 0600), or
   * on PostgreSQL in the database, so every instance accepts the others' tokens.
   */
  jwtSecret?: string;
  /** Default: `process.env.NODE_ENV !== 'production'`. Development allows the Vite origins. */
  development?: boolean;
  /** CORS origins; default: the Vite origins in development, none otherwise. */
  corsOrigins?: string[];
  /** Extra exact identity-provider callback URLs (the serving origin's is always allowed). */
  idpCallbackUrls?: string[];
  /** The OpenID provider to sign in with; none: no provider button, the OIDC routes answer 404. */
  oidc?: OidcSettings | null;
  stockReservationMinutes?: number;
  /** Caps on units, open unpaid orders and the unpaid hold share; unset fields keep DEFAULT_ORDER_LIMITS. */
  orderLimits?: Partial<OrderLimits>;
  /** ADMIN_TOKEN: sent as X-Admin-Token, it lets the shop move orders on (ADR-0061); none by default. */
  adminToken?: string | null;
  guestCartTtlDays?: number;
  /**
   * Real Stripe (or a Stripe-compatible server at `apiBase`): STRIPE_SECRET_KEY,
   * STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE. None: the sandbox, a Stripe stand-in on this server.
   */
  stripe?: StripeSettings | null;
  /** The sandbox's key and webhook secret (tests sign events with it); random by default. */
  sandboxStripe?: { secretKey: string; webhookSecret: string };
  /** Absolute origin for image URLs (e.g. https://cdn.example); default relative URLs. */
  assetOrigin?: string | null;
  /**
   * The shop's public origin (https://shop.example) for sitemap, robots.txt and canonical URLs;
   * default the origin a request came to when it is one of this server's own, else its listen URL.
   */
  publicOrigin?: string | null;
  signInLimits?: Partial<SignInLimits>;
  /** Password hashes at once and waiting; default DEFAULT_HASH_POOL (2 and 16). */
  hashPool?: Partial<HashPoolLimits>;
  /** Reverse proxies (exact IP addresses) whose X-Forwarded-For names the client. */
  trustedProxies?: string[];
  /**
   * Tests only: a cheaper scrypt cost so suites that sign up often stay fast. Not read from the
   * environment, so production cannot lower it by accident.
   */
  passwordHashParams?: PasswordHashParams;
  faults?: boolean;
  latencyMs?: number;
  /** Time to receive a whole request (default 30 s) and its headers (15 s); then 408. */
  requestTimeoutMs?: number;
  headersTimeoutMs?: number;
  /** The built SPA; null serves the API only. */
  distDir?: string | null;
  /** The SPA's server entry build; by default dist-ssr/ beside distDir (null: no server rendering). */
  ssrDir?: string | null;
  /** Another backend for server renders to read from (SSR_API_URL); by default this server. */
  ssrApiBaseUrl?: string | null;
  /** Render concurrency, queue and cache (ADR-0054). */
  renderLimits?: Partial<RenderLimits>;
  /**
   * A verification run's provider-state set-up (/_pact/provider-states), made from the running
   * server: the verification side passes it (contracts/provider/serve.ts); the server holds no
   * Pact or test code, and no environment variable turns it on. Every call wipes and reseeds the
   * database, so it is refused outside development.
   */
  providerStateSetup?: (running: RunningServer) => NonNullable<AppConfig['providerStateSetup']>;
  now?: () => Date;
  logger?: Logger;
  /** Report answers that do not match openapi.yaml (tests). */
  onContractViolation?: (message: string) => void;
}

export interface RunningServer {
  url: string;
  port: number;
  db: Db;
  server: Server;
  config: AppConfig;
  /**
   * Stops the server. With `drainMs`, what is already being answered gets that long to finish (an
   * order being placed is placed, not cut off half-way); new connections are refused at once.
   * Without it (tests), every connection is closed at once.
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

/** How long a SIGTERM or Ctrl-C lets the requests in progress finish before closing them. */
export const SHUTDOWN_DRAIN_MS = 10_000;

/**
 * The secret beside the database: read when it exists, else created at random, readable by the
 * owner only. Zero setup, and no secret in the repository that could mint tokens.
 */
export function loadOrCreateSecret(dbFile: string): string {
  if (dbFile === ':memory:') return randomBytes(32).toString('base64url');
  const file = `${dbFile}.jwt-secret`;
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // An existing file that others can read is tightened rather than trusted as is.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (Buffer.byteLength(secret) < 32) throw new Error(`${file} must hold at least 32 bytes`);
  return secret;
}

/** The JWT secret every instance on one PostgreSQL database shares: made by the first to start. */
async function sharedSecret(db: Db): Promise<string> {
  await db.run(
    "INSERT INTO shop_state (name, value) VALUES ('jwt_secret', ?) ON CONFLICT DO NOTHING",
    [randomBytes(32).toString('base64url')],
  );
  const row = await db.get<{ value: string }>(
    "SELECT value FROM shop_state WHERE name = 'jwt_secret'",
  );
  if (!row) throw new Error('shop_state has no jwt_secret');
  return row.value;
}

function originOf(value: string, what: string): string {
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${what}: not http(s)`);
  return url.origin;
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? (() => new Date());
  const development = options.development ?? process.env.NODE_ENV !== 'production';
  const passwordHash = options.passwordHashParams ?? DEFAULT_PASSWORD_HASH;
  if (options.providerStateSetup && !development) {
    throw new Error(
      'The provider-state set-up reseeds the database on every call: refused with NODE_ENV=production',
    );
  }
  if (options.stripe && !options.stripe.webhookSecret && !development) {
    throw new Error(
      "STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not. Stripe's webhook decides when an " +
        'order is paid: add an endpoint for https://<your shop>/api/v1/payment/webhook in the ' +
        'Stripe Dashboard (Developers > Webhooks) with the events payment_intent.succeeded, ' +
        'payment_intent.payment_failed and payment_intent.canceled, then set ' +
        'STRIPE_WEBHOOK_SECRET to its signing secret (whsec_...).',
    );
  }
  const dbFile = options.dbFile ?? DEFAULT_DB_FILE;
  const databaseUrl = options.databaseUrl || null;
  // One server process per SQLite file (ADR-0064): a second one stops here, before it opens it.
  // PostgreSQL takes any number (ADR-0066).
  const lock = databaseUrl ? null : lockDatabaseFile(dbFile);
  let db: Db;
  try {
    db = await openDb({ file: dbFile, url: databaseUrl });
    // The demo owner (a known password) only in development (ADR-0061).
    await seedIfEmpty(db, now(), passwordHash, { demoOwner: development });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const distDir = options.distDir === undefined ? DEFAULT_DIST_DIR : options.distDir;
  const config: AppConfig = {
    jwtSecret:
      options.jwtSecret ??
      (db.engine === 'postgres' ? await sharedSecret(db) : loadOrCreateSecret(db.file)),
    development,
    corsOrigins: options.corsOrigins ?? (development ? DEV_ORIGINS : []),
    selfOrigins: [],
    // Normalised as the consent page writes them back (the match is exact).
    idpCallbackUrls: (options.idpCallbackUrls ?? []).map((url) => new URL(url).toString()),
    oidc: options.oidc ? createRelyingParty(options.oidc) : null,
    stockReservationMinutes: options.stockReservationMinutes ?? DEFAULT_STOCK_RESERVATION_MINUTES,
    orderLimits: { ...DEFAULT_ORDER_LIMITS, ...options.orderLimits },
    adminToken: options.adminToken ?? null,
    guestCartTtlDays: options.guestCartTtlDays ?? DEFAULT_GUEST_CART_TTL_DAYS,
    payments: null,
    stripeStandIn: null,
    assetOrigin: options.assetOrigin ? originOf(options.assetOrigin, 'assetOrigin') : null,
    publicOrigin: options.publicOrigin ? originOf(options.publicOrigin, 'publicOrigin') : null,
    passwordHash,
    signInThrottle: createSignInThrottle(db, {
      ...DEFAULT_SIGN_IN_LIMITS,
      ...options.signInLimits,
    }),
    hashPool: createHashPool({ ...DEFAULT_HASH_POOL, ...options.hashPool }),
    trustedProxies: options.trustedProxies ?? [],
    faults: options.faults ?? false,
    latencyMs: options.latencyMs ?? 0,
    distDir,
    ssrDir:
      options.ssrDir === undefined ? distDir && resolve(distDir, '..', 'dist-ssr') : options.ssrDir,
    ssrApiBaseUrl: options.ssrApiBaseUrl ?? null,
    ...(options.renderLimits ? { renderLimits: options.renderLimits } : {}),
    logger: options.logger ?? consoleLogger,
    ...(options.onContractViolation ? { onContractViolation: options.onContractViolation } : {}),
  };
  const handler = createApp({ db, now, config });
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const headersTimeout = Math.min(options.headersTimeoutMs ?? 15_000, requestTimeout);
  // Node checks the timeouts on this interval (30 s by default, longer than the timeouts).
  const server = createServer(
    { connectionsCheckingInterval: Math.max(50, Math.min(1_000, headersTimeout / 2)) },
    handler,
  );
  // Requests Node cannot even parse still get the one error shape (Node's default is a bare 400).
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const [status, code, message, reason] = tooLarge
      ? [
          431,
          'PAYLOAD_TOO_LARGE',
          'The request headers are too large',
          'Request Header Fields Too Large',
        ]
      : timedOut
        ? [408, 'REQUEST_TIMEOUT', 'The request did not arrive in time', 'Request Timeout']
        : [400, 'VALIDATION_FAILED', 'Malformed HTTP request', 'Bad Request'];
    const body = JSON.stringify({
      status,
      code,
      message,
      path: '/',
      timestamp: now().toISOString(),
    });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  // The requests being answered, for a shutdown that lets them finish (close, below). Once it has
  // begun, each answer also closes its connection, so a kept-alive client asks elsewhere next.
  const inFlight = new Set<ServerResponse>();
  let closed = false;
  let onDrained: (() => void) | null = null;
  const closeAfterAnswer = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    inFlight.add(res);
    if (closed) closeAfterAnswer(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (inFlight.size === 0) onDrained?.();
    });
  });
  // Slow or stalled clients cannot hold the single-threaded server forever.
  server.requestTimeout = requestTimeout;
  server.headersTimeout = headersTimeout;
  try {
    await new Promise<void>((resolvePromise, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 8080, host, () => {
        server.off('error', reject);
        resolvePromise();
      });
    });
  } catch (error) {
    // The port is taken: the file is free for whoever starts next.
    await db.close();
    lock?.release();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  const url = `http://${shownHost}:${port}`;
  // The identity provider may return to the SPA this server serves itself.
  config.selfOrigins.push(url, `http://localhost:${port}`, `http://127.0.0.1:${port}`);
  if (options.stripe) {
    config.payments = createStripeGateway(options.stripe);
  } else {
    // The sandbox: the same SDK and webhook code, against the stand-in this server serves.
    const { secretKey, webhookSecret } = options.sandboxStripe ?? {
      secretKey: `sk_test_sandbox_${randomBytes(24).toString('base64url')}`,
      webhookSecret: `whsec_sandbox_${randomBytes(24).toString('base64url')}`,
    };
    const loopback = host === '::1' ? `http://[::1]:${port}` : `http://127.0.0.1:${port}`;
    config.stripeStandIn = createStripeStandIn({
      db,
      now,
      secretKey,
      webhookSecret,
      webhookUrl: () => `${loopback}/api/v1/payment/webhook`,
      logger: config.logger,
    });
    config.payments = createStripeGateway({ secretKey, webhookSecret, apiBase: loopback });
  }
  const running: RunningServer = {
    url,
    port,
    db,
    server,
    config,
    async close({ drainMs = 0 } = {}) {
      if (closed) return;
      closed = true;
      // Queued password hashes are refused rather than waited for (a prompt SIGTERM).
      config.hashPool.close();
      const stopped = new Promise<void>((resolvePromise) => server.close(() => resolvePromise()));
      server.closeIdleConnections();
      inFlight.forEach(closeAfterAnswer);
      if (drainMs > 0 && inFlight.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolvePromise) => {
          onDrained = resolvePromise;
          timer = setTimeout(resolvePromise, drainMs);
        });
        clearTimeout(timer);
        if (inFlight.size > 0) {
          config.logger.error(
            `Shutting down: ${inFlight.size} request(s) still in progress after ${drainMs} ms are cut off`,
          );
        }
      }
      server.closeAllConnections();
      await stopped;
      // The sandbox's own timers (its webhook deliveries) run until the requests have finished.
      config.stripeStandIn?.close();
      await handler.close();
      await db.close();
      lock?.release();
    },
  };
  if (options.providerStateSetup) config.providerStateSetup = options.providerStateSetup(running);
  return running;
}

/** Our redirect URIs, one per origin we answer on (what a local provider registers). */
export function oidcRedirectUris(config: AppConfig): string[] {
  const origins = [...config.selfOrigins, ...(config.development ? DEV_ORIGINS : [])];
  return [...new Set(origins)].map((origin) => `${origin}${OIDC_CALLBACK_PATH}`);
}

/**
 * OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together, or none of them (no provider);
 * OIDC_REDIRECT_URI and OIDC_PROVIDER_NAME optional.
 */
export function oidcFromEnv(env: NodeJS.ProcessEnv): OidcSettings | null {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = env;
  if (!issuer && !clientId && !clientSecret) return null;
  if (!issuer || !clientId || !clientSecret)
    throw new Error('Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together, or none');
  return {
    issuer,
    clientId,
    clientSecret,
    ...(env.OIDC_REDIRECT_URI ? { redirectUri: env.OIDC_REDIRECT_URI } : {}),
    ...(env.OIDC_PROVIDER_NAME ? { name: env.OIDC_PROVIDER_NAME } : {}),
  };
}

function envFlag(value: string | undefined): boolean {
  return value === '1' || value?.toLowerCase() === 'true';
}

/**
 * Whether the local demo provider starts: it needs LOCAL_OIDC_PORT and no real provider; in
 * production also DEMO_IDENTITY_PROVIDER=1 ('refused' without it), and DEMO_IDENTITY_PROVIDER=0
 * turns it off anywhere.
 */
export function demoProviderFromEnv(
  env: NodeJS.ProcessEnv,
  realProvider: boolean,
): 'on' | 'off' | 'refused' {
  const port = env.LOCAL_OIDC_PORT;
  if (realProvider || port === undefined || port === '') return 'off';
  const asked = env.DEMO_IDENTITY_PROVIDER;
  if (asked !== undefined && asked !== '' && !envFlag(asked)) return 'off';
  if (env.NODE_ENV === 'production' && !envFlag(asked)) return 'refused';
  return 'on';
}

function envList(value: string | undefined): string[] | undefined {
  if (!value) return undefined;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function envNumber(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
  return n;
}

/** STRIPE_SECRET_KEY (with STRIPE_WEBHOOK_SECRET and STRIPE_API_BASE), or null: the sandbox. */
export function stripeFromEnv(env: NodeJS.ProcessEnv): StripeSettings | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim() || null;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || null;
  const apiBase = env.STRIPE_API_BASE?.trim() || null;
  if (!secretKey) {
    if (webhookSecret || apiBase) {
      throw new Error('STRIPE_WEBHOOK_SECRET and STRIPE_API_BASE need STRIPE_SECRET_KEY as well');
    }
    return null;
  }
  return { secretKey, webhookSecret, apiBase: apiBase ?? STRIPE_API_BASE };
}

async function main(): Promise<void> {
  const secret = process.env.JWT_SECRET;
  if (secret && Buffer.byteLength(secret) < 32)
    throw new Error('JWT_SECRET must be at least 32 bytes');
  const corsOrigins = envList(process.env.CORS_ORIGINS);
  const idpCallbackUrls = envList(process.env.IDP_CALLBACK_URLS);
  const trustedProxies = envList(process.env.TRUSTED_PROXIES);
  const stockReservationMinutes = envNumber(
    process.env.STOCK_RESERVATION_MINUTES,
    'STOCK_RESERVATION_MINUTES',
  );
  const guestCartTtlDays = envNumber(process.env.GUEST_CART_TTL_DAYS, 'GUEST_CART_TTL_DAYS');
  let oidc = oidcFromEnv(process.env);
  // The local demo provider (scripts/start.sh sets LOCAL_OIDC_PORT), only without a real one, and
  // in production only when asked: it lets anyone sign in without a password (ADR-0062).
  let local: { issuer: string; close(): Promise<void> } | null = null;
  let apiConfig: AppConfig | null = null;
  const localPort = process.env.LOCAL_OIDC_PORT;
  const demoProvider = demoProviderFromEnv(process.env, oidc !== null);
  if (demoProvider === 'refused') {
    console.log(
      'The demo identity provider stays off with NODE_ENV=production: set DEMO_IDENTITY_PROVIDER=1 to run it.',
    );
  }
  if (demoProvider === 'on') {
    const { startLocalProvider, LOCAL_CLIENT_ID, LOCAL_PROVIDER_NAME } =
      await import('./local-oidc/provider');
    const clientSecret = randomBytes(32).toString('base64url');
    local = await startLocalProvider({
      port: Number(localPort),
      host: process.env.HOST ?? '127.0.0.1',
      clientSecret,
      redirectUris: () => (apiConfig ? oidcRedirectUris(apiConfig) : []),
    });
    oidc = {
      issuer: local.issuer,
      clientId: LOCAL_CLIENT_ID,
      clientSecret,
      name: LOCAL_PROVIDER_NAME,
    };
  }
  const adminToken = process.env.ADMIN_TOKEN?.trim() || null;
  if (adminToken && Buffer.byteLength(adminToken) < 32)
    throw new Error('ADMIN_TOKEN must be at least 32 bytes');
  const running = await startServer({
    oidc,
    port: Number(process.env.PORT ?? 8080),
    host: process.env.HOST ?? '127.0.0.1',
    ...(process.env.DB_FILE ? { dbFile: process.env.DB_FILE } : {}),
    databaseUrl: process.env.DATABASE_URL || null,
    ...(secret ? { jwtSecret: secret } : {}),
    ...(corsOrigins ? { corsOrigins } : {}),
    ...(idpCallbackUrls ? { idpCallbackUrls } : {}),
    ...(trustedProxies ? { trustedProxies } : {}),
    ...(stockReservationMinutes ? { stockReservationMinutes } : {}),
    orderLimits: orderLimitsFromEnv(process.env),
    adminToken,
    ...(guestCartTtlDays ? { guestCartTtlDays } : {}),
    stripe: stripeFromEnv(process.env),
    assetOrigin: process.env.PUBLIC_ASSET_ORIGIN || null,
    ssrApiBaseUrl: process.env.SSR_API_URL || null,
    renderLimits: renderLimitsFromEnv(process.env),
    publicOrigin: process.env.PUBLIC_ORIGIN || null,
    faults: envFlag(process.env.API_FAULTS),
    latencyMs: Math.max(0, Number(process.env.API_LATENCY_MS ?? 0) || 0),
  });
  apiConfig = running.config;
  console.log(`${BRAND_NAME} database: ${running.db.file}`);
  if (local) {
    console.log(
      `Demo identity provider ON at ${local.issuer}/: anyone can sign in as a new shopper without a password (DEMO_IDENTITY_PROVIDER=0 turns it off).`,
    );
  } else if (oidc) console.log(`OpenID sign-in with ${oidc.issuer}`);
  else console.log('No OpenID provider configured (OIDC_ISSUER): no provider sign-in.');
  if (running.config.development)
    console.log('Development mode (NODE_ENV is not "production"): the Vite origins are allowed.');
  if (!running.config.publicOrigin) {
    console.log(
      `PUBLIC_ORIGIN is not set: canonical and link-preview URLs name ${running.url} unless a request comes to another address of this server; set PUBLIC_ORIGIN to the shop's public address (https://shop.example).`,
    );
  }
  if (running.config.stripeStandIn) {
    console.log(
      'Card payments: the sandbox (a Stripe stand-in on this server; no STRIPE_SECRET_KEY).',
    );
  } else {
    console.log('Card payments: Stripe (STRIPE_SECRET_KEY set).');
    if (!running.config.development && !process.env.STRIPE_WEBHOOK_SECRET)
      console.log('STRIPE_WEBHOOK_SECRET is not set: no payment can be confirmed.');
  }
  console.log(`Storefront ready at ${running.url}/`);
  const stop = (signal: string): void => {
    console.log(`${signal}: shutting down`);
    Promise.all([running.close({ drainMs: SHUTDOWN_DRAIN_MS }), local?.close()]).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    // A refusal that says what to do needs no stack trace.
    console.error(error instanceof DatabaseInUseError ? error.message : error);
    process.exit(1);
  });
}
