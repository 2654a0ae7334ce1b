// Runs scripts/verify-pacts.ts the way a backend team would: a provider at some base URL and a
// state set-up endpoint. Here both are the reference API (in this process), so the README's
// instructions are proven, not just written.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/src/main';
import { TEST_PASSWORD_HASH } from '../../server/test/test-server';
import type { RunningServer } from '../../server/src/main';
import { startStateSetupServer } from './state-setup-server';
import type { StateSetupServer } from './state-setup-server';
import { createProviderStates } from './states';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
let server: RunningServer;
let setup: StateSetupServer;
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
  server = await startServer({
    port: 0,
    dbFile: join(dir, 'shop.sqlite'),
    distDir: null,
    // Cheap password hashes: the cost is not part of the contract (the OWASP default has its own test).
    passwordHashParams: TEST_PASSWORD_HASH,
    logger: { info: () => undefined, error: () => undefined },
  });
  setup = await startStateSetupServer(createProviderStates(server));
});

afterAll(async () => {
  await setup?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('scripts/verify-pacts.ts', () => {
  it('passes against a provider at a base URL with a state set-up URL', async () => {
    const { code, output } = await run(['--base-url', server.url, '--state-setup-url', setup.url]);
    expect(output).toContain('Pact verification passed');
    expect(code).toBe(0);
  }, 120_000);

  it('fails when the provider cannot satisfy the states (no state set-up)', async () => {
    const { code, output } = await run(['--base-url', server.url]);
    expect(output).toContain('Pact verification failed');
    expect(code).toBe(1);
  }, 120_000);

  it('refuses to run without a base URL', async () => {
    const { code, output } = await run([]);
    expect(output).toContain('--base-url is required');
    expect(code).toBe(2);
  });
});
