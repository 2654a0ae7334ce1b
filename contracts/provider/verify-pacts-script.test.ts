// Runs scripts/verify-pacts.ts the way a backend team would: a provider at some base URL and a
// state set-up endpoint. Here both are the reference API (in this process) started for
// verification by provider/serve.ts, as the README's instructions do, so they are proven, not
// just written.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/src/main';
import { TEST_PASSWORD_HASH } from '../../server/test/test-server';
import type { RunningServer } from '../../server/src/main';
import { startVerificationServer } from './serve';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
let server: RunningServer;
let dir: string;

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/verify-pacts.ts', ...args], {
      cwd: root,
      env: { ...process.env, PACT_DO_NOT_TRACK: 'true' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, output }));
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lumen-pact-script-'));
  server = await startVerificationServer({
    port: 0,
    dbFile: join(dir, 'shop.sqlite'),
    distDir: null,
    // Cheap password hashes: the cost is not part of the contract (the OWASP default has its own test).
    passwordHashParams: TEST_PASSWORD_HASH,
    logger: { info: () => undefined, error: () => undefined },
  });
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('scripts/verify-pacts.ts', () => {
  it('passes against a provider at a base URL with its state set-up URL', async () => {
    const { code, output } = await run([
      '--base-url',
      server.url,
      '--provider-states-setup-url',
      `${server.url}/_pact/provider-states`,
    ]);
    expect(output).toMatch(/Pact verification passed: (\d+) of \1 interactions/);
    expect(code).toBe(0);
  }, 120_000);

  it('fails when the provider cannot satisfy the states (no state set-up)', async () => {
    const { code, output } = await run(['--base-url', server.url]);
    expect(output).toContain('Pact verification failed');
    expect(code).toBe(1);
  }, 120_000);

  it('the state set-up endpoint is off unless the verification side asks, and refused in production', async () => {
    const plain = await startServer({
      port: 0,
      dbFile: join(dir, 'plain.sqlite'),
      distDir: null,
      passwordHashParams: TEST_PASSWORD_HASH,
      logger: { info: () => undefined, error: () => undefined },
    });
    try {
      const res = await fetch(`${plain.url}/_pact/provider-states`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ state: 'products exist', action: 'setup' }),
      });
      // Not an endpoint at all: a non-API path only serves files (GET), so a POST is 405.
      expect(res.status).toBe(405);
    } finally {
      await plain.close();
    }
    await expect(
      startVerificationServer({
        port: 0,
        dbFile: join(dir, 'production.sqlite'),
        distDir: null,
        development: false,
        logger: { info: () => undefined, error: () => undefined },
      }),
    ).rejects.toThrow(/refused with NODE_ENV=production/);
  });

  it('`npm start` serves no state endpoint, whatever its environment says', async () => {
    // The variables that used to switch it on (PACT_PROVIDER_STATES*) are read by nothing now.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        DB_FILE: join(dir, 'started.sqlite'),
        // This SQLite file, not the PostgreSQL cluster of the gate's PostgreSQL step.
        DATABASE_URL: '',
        LOCAL_OIDC_PORT: '',
        PACT_PROVIDER_STATES: '1',
        PACT_PROVIDER_STATES_IN_PRODUCTION: '1',
      },
    });
    try {
      const url = await new Promise<string>((found, fail) => {
        let output = '';
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          const ready = /Storefront ready at (http:\/\/\S+?)\/\s/.exec(output);
          if (ready?.[1]) found(ready[1]);
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        child.on('error', fail);
        child.on('close', (code) => fail(new Error(`server exited (${code}): ${output}`)));
      });
      const res = await fetch(`${url}/_pact/provider-states`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ state: 'products exist', action: 'setup' }),
      });
      expect(res.status).toBe(405);
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);

  it('refuses to run without a base URL', async () => {
    const { code, output } = await run([]);
    expect(output).toContain('--base-url is required');
    expect(code).toBe(2);
  });
});
