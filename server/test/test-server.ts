// Test support: an in-process server on a free port with its own temporary database file.
import { afterAll, beforeAll, expect } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleAddress } from '../../tests/fixtures/checkout';
import {
  createTestApi,
  ok,
  type ApiAnswer,
  type Schemas,
  type TestApi,
} from '../../tests/support/test-api';
import type { AppConfig } from '../src/handler-types';
import { checkInvariants } from '../src/invariants';
import { createTestDatabase } from './pg-database';
import type { Db } from '../src/db-types';
import { startServer, type RunningServer, type StartServerOptions } from '../src/main';
import { DEFAULT_ORDER_LIMITS, type OrderLimits } from '../src/order-limits';
import { createHashPool } from '../src/password-pool';
import { createSignInThrottle } from '../src/sign-in-throttle';
import { SEED_PRODUCTS } from '../src/seed-catalogue';

export interface TestServer extends RunningServer {
  dir: string;
  /** The SQLite file, unused when the suites run on PostgreSQL (DATABASE_URL; see `db.engine`). */
  dbFile: string;
  /** Answers that did not match openapi.yaml. */
  violations: string[];
  /** Errors the server logged (an unexpected 500 logs one). */
  errors: string[];
  api: ApiClient;
  /** Closes the server and deletes its temporary folder. */
  dispose(): Promise<void>;
}

/**
 * The tests' one HTTP client (tests/support/test-api.ts): typed by the contract
 * (`server.api.POST('/api/v1/cart/items', { body })`) and callable raw for what the contract
 * cannot express (`server.api('POST', '/cart/items', { rawBody: '{' })`).
 */
export type ApiClient = TestApi;
export type { ApiAnswer, Schemas };

/** A test client for the API at `baseUrl` (kept under this name for the server tests). */
export function apiClient(baseUrl: string): ApiClient {
  return createTestApi(baseUrl);
}

export const TEST_PASSWORD_HASH = { N: 1024, r: 8, p: 1 };

/** A clock the test moves by hand; the server reads it for every request (`now` option). */
export function manualClock(start = new Date('2026-11-22T10:00:00.000Z')) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance: (ms: number) => {
      at += ms;
    },
  };
}

/**
 * Suites place many orders from one address, email and phone, and many cash-on-delivery orders of
 * one product; the caps and the hold share are tested on their own (stock-abuse.api.test.ts).
 */
const TEST_ORDER_LIMITS: Partial<OrderLimits> = {
  maxUnitsPerProduct: 99,
  maxUnitsPerOrder: 1000,
  maxOpenOrdersPerCart: 1000,
  maxOpenOrdersPerEmail: 1000,
  maxOpenOrdersPerPhone: 1000,
  maxOpenOrdersPerAddress: 1000,
  unpaidHoldShare: 1,
};

export type StartTestServerOptions = Omit<StartServerOptions, 'port' | 'dbFile'> & {
  dir?: string;
  /** Always the SQLite file, even when the suites run on PostgreSQL (a test of the file itself). */
  sqlite?: boolean;
};

/**
 * The configuration of an app built by hand with `createApp` (a test that wraps the database or
 * swaps a handler): development mode, no payments, no SPA, cheap hashes, errors into `errors`.
 */
export function testAppConfig(
  db: Db,
  errors: string[],
  overrides: Partial<AppConfig> = {},
): AppConfig {
  return {
    jwtSecret: 'test-secret-that-is-long-enough-0123456789',
    development: true,
    corsOrigins: [],
    selfOrigins: [],
    idpCallbackUrls: [],
    stockReservationMinutes: 30,
    orderLimits: DEFAULT_ORDER_LIMITS,
    guestCartTtlDays: 30,
    payments: null,
    stripeStandIn: null,
    assetOrigin: null,
    passwordHash: TEST_PASSWORD_HASH,
    signInThrottle: createSignInThrottle(db),
    hashPool: createHashPool(),
    trustedProxies: [],
    faults: false,
    latencyMs: 0,
    distDir: null,
    ssrDir: null,
    ssrApiBaseUrl: null,
    logger: { info: () => undefined, error: (message) => errors.push(message) },
    ...overrides,
  };
}

export async function startTestServer(options: StartTestServerOptions = {}): Promise<TestServer> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'lumen-server-'));
  const dbFile = join(dir, 'shop.sqlite');
  const violations: string[] = [];
  const errors: string[] = [];
  const { sqlite, ...serverOptions } = options;
  const database = sqlite || options.databaseUrl ? null : await createTestDatabase();
  const running = await startServer({
    distDir: null,
    // Cheap hashes: suites sign up dozens of times (the OWASP default is tested on its own).
    passwordHashParams: TEST_PASSWORD_HASH,
    orderLimits: TEST_ORDER_LIMITS,
    ...serverOptions,
    // Suites sign up dozens of times from one address; the sign-up limit has its own tests.
    signInLimits: { addressSignups: 1_000_000, addressInFlight: 1_000, ...options.signInLimits },
    // Renders on the server's own thread, where a suite's stand-in entry can reach the suite
    // (page-render.api.test.ts); render-threads.api.test.ts renders in threads.
    renderLimits: { threads: 0, ...options.renderLimits },
    port: 0,
    dbFile,
    ...(database ? { databaseUrl: database.url } : {}),
    logger: {
      info: () => undefined,
      error: (message, error) =>
        errors.push(
          error === undefined
            ? message
            : `${message}: ${error instanceof Error ? error.stack : String(error)}`,
        ),
    },
    onContractViolation: (message) => violations.push(message),
  });
  return {
    ...running,
    dir,
    dbFile,
    violations,
    errors,
    api: apiClient(running.url),
    async dispose() {
      // Whatever a suite did, the shop's data must still be whole (issue 28).
      const broken = await checkInvariants(running.db);
      await running.close();
      await database?.drop();
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
      expect(broken, 'the shop data invariants (server/src/invariants.ts)').toEqual([]);
    },
  };
}

/**
 * One test server for the enclosing file or describe block: started before its tests and, after
 * them, checked for answers that broke openapi.yaml and for logged server errors, then disposed.
 * The object returned is filled in when the server has started (use it inside tests and hooks).
 */
export function testServerForSuite(options: StartTestServerOptions = {}): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    Object.assign(server, await startTestServer(options));
  });
  afterAll(async () => {
    expect(server.violations).toEqual([]);
    expect(server.errors).toEqual([]);
    await server.dispose();
  });
  return server;
}

export const DEMO = { email: 'demo@lumen.test', password: 'coffee123' };

export async function login(
  api: ApiClient,
  email = DEMO.email,
  password = DEMO.password,
): Promise<string> {
  const { token } = await ok(
    api.POST('/api/v1/auth/login', { body: { loginInput: email, password, rememberMe: true } }),
    'login',
  );
  return token;
}

let counter = 0;
export async function signup(
  api: ApiClient,
  prefix = 'shopper',
): Promise<{ token: string; email: string }> {
  counter += 1;
  const email = `${prefix}-${process.pid}-${counter}-${Date.now()}@lumen.test`;
  const { token } = await ok(
    api.POST('/api/v1/auth/signup', {
      body: { username: `${prefix}-user-${counter}`, email, password: 'secret123' },
    }),
    'signup',
  );
  return { token, email };
}

export function newKey(): string {
  return crypto.randomUUID();
}

/** An order body with the right totals for `items` (5.00 products unless prices given) and ship method 2 (3.99). */
/** A product's seeded price in dollars (what the server charges unless a test changed it); 5 for an unknown id. */
function seedPrice(productId: number): number {
  const product = SEED_PRODUCTS.find((p) => p.id === productId);
  return product ? product.priceCents / 100 : 5;
}

/** An order of `items`, each at `price` or its seeded price, shipped Standard (3.99), by card. */
export function orderBody(
  items: { productId: number; quantity: number; price?: number }[],
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const priced = items.map((i) => ({ ...i, price: i.price ?? seedPrice(i.productId) }));
  const subtotalCents = priced.reduce((s, i) => s + Math.round(i.price * 100) * i.quantity, 0);
  const taxCents = Math.floor((subtotalCents * 10 + 50) / 100);
  const shippingCents = 399;
  return {
    userId: 1,
    email: 'guest@lumen.test',
    shippingAddress: sampleAddress,
    totalAmount: (subtotalCents + taxCents + shippingCents) / 100,
    taxAmount: taxCents / 100,
    shippingAmount: shippingCents / 100,
    discountAmount: 0,
    currency: 'USD',
    paymentMethod: 'card',
    shipMethodId: 2,
    items: priced.map((i) => ({ productId: i.productId, quantity: i.quantity, price: i.price })),
    idempotencyKey: newKey(),
    promoCode: null,
    ...overrides,
  };
}

export const CARD_OK = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
export const CARD_DECLINED = {
  number: '4000000000000002',
  expMonth: 12,
  expYear: 2099,
  cvc: '123',
};

export type SandboxCard = typeof CARD_OK;

/** Stripe's answer to a confirm: the PaymentIntent (200) or `{ error }` (402, 400). */
export interface ConfirmAnswer {
  status: number;
  body: {
    id?: string;
    status?: string;
    amount?: number;
    currency?: string;
    client_secret?: string;
    last_payment_error?: { code?: string; message?: string } | null;
    error?: {
      type: string;
      code?: string;
      decline_code?: string;
      message: string;
      payment_intent?: { id: string; status: string };
    };
  };
}

function intentIdOf(clientSecret: string): string {
  return clientSecret.split('_secret_')[0] ?? '';
}

/** Posts to the sandbox's Stripe stand-in as the browser's Stripe.js does (publishable key + client secret). */
async function standInPost(
  server: TestServer,
  path: string,
  form: Record<string, string>,
): Promise<ConfirmAnswer> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ key: 'pk_test_sandbox', ...form }).toString(),
  });
  const answer = { status: res.status, body: (await res.json()) as ConfirmAnswer['body'] };
  // The stand-in's webhook events reach the API before the test looks at the order.
  await server.config.stripeStandIn?.idle();
  return answer;
}

/** Confirms the card payment of the intent behind `clientSecret`, then waits for its webhook. */
export function payWithCard(
  server: TestServer,
  clientSecret: string,
  card: SandboxCard = CARD_OK,
  billingName?: string,
): Promise<ConfirmAnswer> {
  return standInPost(server, `/v1/payment_intents/${intentIdOf(clientSecret)}/confirm`, {
    client_secret: clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': card.number,
    'payment_method_data[card][exp_month]': String(card.expMonth),
    'payment_method_data[card][exp_year]': String(card.expYear),
    'payment_method_data[card][cvc]': card.cvc,
    ...(billingName ? { 'payment_method_data[billing_details][name]': billingName } : {}),
  });
}

/** Answers a 3-D Secure challenge as the shopper would (Complete or Fail). */
export function authenticate(
  server: TestServer,
  clientSecret: string,
  result: 'complete' | 'fail',
): Promise<ConfirmAnswer> {
  return standInPost(server, `/v1/payment_intents/${intentIdOf(clientSecret)}/authenticate`, {
    client_secret: clientSecret,
    result,
  });
}
