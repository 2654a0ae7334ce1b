import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OpenApiCompat } from './openapi-compat';
import type { PactInteraction } from './openapi-compat';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PACT_FILE = resolve(root, 'contracts/pacts/lumen-storefront-lumen-api.json');
const compat = OpenApiCompat.fromFile(resolve(root, 'contract', 'openapi.yaml'));

/** Operations the storefront does not call with fetch: OpenID sign-in is full-page navigations. */
const NOT_CALLED_BY_THE_CLIENT = new Set([
  'startOidcSignIn',
  'finishOidcSignIn',
  'linkOidcAccount',
  // Stripe calls it, not the SPA: server/test/payments.api.test.ts and stripe-black-box cover it.
  'receiveStripeWebhook',
]);

function loadInteractions(): PactInteraction[] {
  const pact = JSON.parse(readFileSync(PACT_FILE, 'utf8')) as { interactions: PactInteraction[] };
  return pact.interactions;
}

const validError = {
  status: 404,
  code: 'NOT_FOUND',
  message: 'Product not found',
  path: '/api/v1/products/detail/999',
  timestamp: '2026-11-21T12:00:00.000Z',
};

function interaction(overrides: {
  request?: Partial<PactInteraction['request']>;
  response?: Partial<PactInteraction['response']>;
}): PactInteraction {
  return {
    description: 'fabricated',
    request: { method: 'GET', path: '/api/v1/products/detail/999', ...overrides.request },
    response: {
      status: 404,
      body: { content: validError, contentType: 'application/json' },
      ...overrides.response,
    },
  };
}

describe('the pact file agrees with openapi.yaml', () => {
  it('exists and holds interactions', () => {
    expect(existsSync(PACT_FILE)).toBe(true);
    expect(loadInteractions().length).toBeGreaterThan(0);
  });

  it.each(existsSync(PACT_FILE) ? loadInteractions().map((i) => [i.description, i] as const) : [])(
    '%s',
    (_description, pactInteraction) => {
      const result = compat.check(pactInteraction);
      expect(result.problems).toEqual([]);
      expect(result.operation).toBeDefined();
    },
  );

  it('covers every operation the client calls', () => {
    const covered = new Set(loadInteractions().map((i) => compat.check(i).operation?.operationId));
    const missing = compat
      .operations()
      .map((op) => op.operationId)
      .filter((id) => !NOT_CALLED_BY_THE_CLIENT.has(id) && !covered.has(id));
    expect(missing).toEqual([]);
  });
});

describe('the compatibility check itself', () => {
  it('accepts a fabricated interaction that the contract allows', () => {
    expect(compat.check(interaction({})).problems).toEqual([]);
  });

  it('refuses a path that is not in the contract', () => {
    const result = compat.check(
      interaction({ request: { path: '/api/v1/orders/1/payment-result' } }),
    );
    expect(result.problems).toEqual([expect.stringMatching(/no path/)]);
  });

  it('refuses a method the path does not have', () => {
    const result = compat.check(interaction({ request: { method: 'DELETE' } }));
    expect(result.problems.join()).toMatch(/not an operation/);
  });

  it('refuses an undeclared status', () => {
    const result = compat.check(interaction({ response: { status: 418 } }));
    expect(result.problems.join()).toMatch(/status 418 is not declared/);
  });

  it('refuses a response body that breaks the schema', () => {
    const result = compat.check(
      interaction({
        request: { path: '/api/v1/products/detail/3' },
        response: {
          status: 200,
          body: {
            content: { productId: 3, name: 'cappucino', price: '5' },
            contentType: 'application/json',
          },
        },
      }),
    );
    expect(result.problems.join('\n')).toMatch(/price must be number/);
    expect(result.problems.join('\n')).toMatch(/must have required property 'images'/);
  });

  it('refuses an undeclared query parameter and an invalid one', () => {
    const result = compat.check(
      interaction({
        request: { path: '/api/v1/products', query: { limit: ['4'], size: ['100'] } },
        response: { status: 200, body: { content: [], contentType: 'application/json' } },
      }),
    );
    expect(result.problems.join('\n')).toMatch(/query parameter limit is not declared/);
    expect(result.problems.join('\n')).toMatch(/size must be <= 36/);
  });

  it('refuses a request body that breaks the schema', () => {
    const result = compat.check(
      interaction({
        request: {
          method: 'POST',
          path: '/api/v1/cart/items',
          body: { content: { productId: 3, quantity: 0 }, contentType: 'application/json' },
        },
        response: { status: 404 },
      }),
    );
    expect(result.problems.join('\n')).toMatch(/quantity must be >= 1/);
  });

  it('refuses a token header the operation does not declare', () => {
    const result = compat.check(interaction({ request: { headers: { 'X-Order-Token': ['ot'] } } }));
    expect(result.problems.join()).toMatch(/X-Order-Token is not a declared/);
  });

  it('refuses a 400 VALIDATION_FAILED interaction whose request is valid', () => {
    const result = compat.check(
      interaction({
        request: {
          method: 'POST',
          path: '/api/v1/auth/login',
          body: {
            content: { loginInput: 'demo@lumen.test', password: 'coffee123' },
            contentType: 'application/json',
          },
        },
        response: {
          status: 400,
          body: {
            content: {
              ...validError,
              status: 400,
              code: 'VALIDATION_FAILED',
              fields: { password: 'x' },
            },
            contentType: 'application/json',
          },
        },
      }),
    );
    expect(result.problems.join()).toMatch(/sends a request that the contract allows/);
  });
});
