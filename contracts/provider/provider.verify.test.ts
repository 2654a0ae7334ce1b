import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Verifier } from '@pact-foundation/pact';
import type { VerifierOptions } from '@pact-foundation/pact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/src/main';
import { createTestDatabase, type TestDatabase } from '../../server/test/pg-database';
import { TEST_PASSWORD_HASH } from '../../server/test/test-server';
import type { RunningServer } from '../../server/src/main';
import { createProviderStates } from './states';

const PACT_FILE = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'pacts',
  'lumen-storefront-lumen-api.json',
);

function providerStatesOf(file: string): string[] {
  const pact = JSON.parse(readFileSync(file, 'utf8')) as {
    interactions: { providerStates?: { name: string }[] }[];
  };
  return [
    ...new Set(pact.interactions.flatMap((i) => (i.providerStates ?? []).map((s) => s.name))),
  ];
}

let server: RunningServer;
let dir: string;
// With DATABASE_URL (the gate's PostgreSQL step), a database of its own on that cluster.
let database: TestDatabase | null = null;
const violations: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lumen-pact-provider-'));
  database = await createTestDatabase();
  server = await startServer({
    port: 0,
    dbFile: join(dir, 'shop.sqlite'),
    databaseUrl: database?.url ?? null,
    distDir: null,
    // Cheap password hashes: the cost is not part of the contract (the OWASP default has its own test).
    passwordHashParams: TEST_PASSWORD_HASH,
    logger: { info: () => undefined, error: () => undefined },
    // The reference API also checks its own answers against openapi.yaml while we verify.
    onContractViolation: (message) => violations.push(message),
  });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('lumen-api honours the lumen-storefront pact', () => {
  it('has a handler for every provider state in the pact', () => {
    // The verifier only warns about an unknown state and carries on with whatever data is there.
    const { stateHandlers } = createProviderStates(server);
    expect(providerStatesOf(PACT_FILE).filter((state) => !(state in stateHandlers))).toEqual([]);
  });

  it('verifies every interaction against the reference API', async () => {
    const { stateHandlers, requestFilter } = createProviderStates(server);
    const verifier = new Verifier({
      provider: 'lumen-api',
      providerBaseUrl: server.url,
      pactUrls: [PACT_FILE],
      // VerifierOptions types stateHandlers as an intersection with the message-pact handlers.
      stateHandlers: stateHandlers as unknown as VerifierOptions['stateHandlers'],
      requestFilter: requestFilter as unknown as VerifierOptions['requestFilter'],
      logLevel: 'warn',
    });
    await expect(verifier.verifyProvider()).resolves.toBeDefined();
    expect(violations).toEqual([]);
  }, 120_000);
});
