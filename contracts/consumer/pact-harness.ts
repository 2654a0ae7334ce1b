// Shared set-up of the consumer contracts: one Pact per test file, the real API client pointed
// at the Pact mock server, and the header matchers every file uses.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import type { V3MockServer } from '@pact-foundation/pact';
import { vi } from 'vitest';
import { createApiClient } from '../../src/api/client';

const CONSUMER = 'lumen-storefront';
const PROVIDER = 'lumen-api';
const PACT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'pacts');
const PACT_FILE = join(PACT_DIR, `${CONSUMER}-${PROVIDER}.json`);

/**
 * A fixed, well-formed example JWT. The provider's requestFilter (or a backend team's own)
 * replaces it with a real token of the provider state's user; the consumer only promises to send
 * *a* bearer token.
 */
export const EXAMPLE_JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJkZW1vQGx1bWVuLnRlc3QiLCJ1c2VybmFtZSI6ImRlbW8tc2hvcHBlciIsInVpZCI6MSwidmVyIjowLCJpYXQiOjE3OTUyNjI0MDAsImV4cCI6MTc5Nzg1NDQwMH0.ZXhhbXBsZS1zaWduYXR1cmUtbm90LXZhbGlk';
export const EXAMPLE_CART_TOKEN = 'example-guest-cart-token';
export const EXAMPLE_ORDER_TOKEN = 'example-guest-order-token';

const { regex, fromProviderState } = MatchersV3;

/** Request headers of a signed-in call. */
export const bearer = { Authorization: regex('^Bearer .+$', `Bearer ${EXAMPLE_JWT}`) };
/** The guest cart token the provider state created. */
export const guestCartHeader = {
  'X-Cart-Token': fromProviderState('${cartToken}', EXAMPLE_CART_TOKEN),
};
/** The guest order token the provider state created. */
export const guestOrderHeader = {
  'X-Order-Token': fromProviderState('${orderToken}', EXAMPLE_ORDER_TOKEN),
};
export const jsonRequest = { 'Content-Type': regex('^application/json', 'application/json') };

/**
 * Pact merges interactions into an existing file, so an interaction renamed or removed in a test
 * would otherwise live on in the committed pact. Each test file owns a group (the prefix of its
 * descriptions) and drops that group's interactions before writing them again; running a single
 * file leaves the other groups alone.
 */
function pruneGroup(group: string): void {
  if (!existsSync(PACT_FILE)) return;
  const pact = JSON.parse(readFileSync(PACT_FILE, 'utf8')) as {
    interactions?: { description?: string }[];
  };
  const kept = (pact.interactions ?? []).filter(
    (interaction) => !interaction.description?.startsWith(`${group}: `),
  );
  writeFileSync(PACT_FILE, `${JSON.stringify({ ...pact, interactions: kept }, null, 2)}\n`);
}

/** One Pact per test file; every description is prefixed with the file's group. */
export function createPact(group: string) {
  pruneGroup(group);
  const pact = new PactV4({
    consumer: CONSUMER,
    provider: PROVIDER,
    dir: PACT_DIR,
    logLevel: 'warn',
  });
  return {
    interaction: (description: string) =>
      pact.addInteraction().uponReceiving(`${group}: ${description}`),
  };
}

export interface Caller {
  /** A signed-in caller (sends the example JWT). */
  token?: string;
  /** A guest who holds a cart token. */
  cartToken?: string;
}

/**
 * Pact's mock server (pact-core 19.x) answers a request before it has recorded the match, so under
 * CPU load executeTest can read "expected but not received" for a request that was answered
 * (pact-foundation/pact-core-mock-server#13; fixed in pact-core 20.1, which needs Node 22). The
 * client therefore hands each answer on only after a short pause that lets the mock server's
 * event loop record it. Remove with the move to pact 17 on Node 22.
 */
const MOCK_SERVER_SETTLE_MS = 30;

async function settledFetch(request: Request): Promise<Response> {
  const response = await fetch(request);
  await new Promise((resolve) => setTimeout(resolve, MOCK_SERVER_SETTLE_MS));
  return response;
}

/**
 * The real client pointed at the mock server as the given caller, with the injected spies. The
 * request functions take it as their first argument, as the app's query functions pass theirs.
 */
export function useApi(mock: V3MockServer, caller: Caller = {}) {
  const setCartToken = vi.fn<(token: string | null) => void>();
  const onUnauthorized = vi.fn<() => void>();
  const api = createApiClient({
    baseUrl: mock.url,
    fetch: settledFetch,
    getToken: () => caller.token,
    getCartToken: () => caller.cartToken,
    setCartToken,
    onUnauthorized,
  });
  return { api, setCartToken, onUnauthorized };
}
