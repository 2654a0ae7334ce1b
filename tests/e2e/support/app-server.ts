import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { LOCAL_CLIENT_ID, startLocalProvider } from '../../../server/src/local-oidc/provider';
import { oidcRedirectUris, startServer, type StartServerOptions } from '../../../server/src/main';
import { createTestApi, type TestApi } from '../../support/test-api';
import { distDir } from './paths';

export type RunningApp = {
  /** Origin serving both the built SPA and /api/v1, e.g. http://127.0.0.1:41234 */
  url: string;
  /** The typed test client (tests/support/test-api.ts) on this app, calling as a guest. */
  api: TestApi;
  /** GET an API path from the test's side (what the shopper's page should agree with). */
  getJson: <T>(path: string) => Promise<T>;
  /** Server errors and answers that broke openapi.yaml since the last call (then cleared). */
  takeServerProblems: () => string[];
  close: () => Promise<void>;
};

export type StartAppOptions = {
  /** Honour the X-Inject-Latency / X-Inject-Status request headers (server/src/app.ts). */
  faults?: boolean;
  /**
   * scrypt cost for the passwords the journeys create. Default: the server tests' cheap one
   * (N=1024), since journeys sign up and sign in dozens of times; the OWASP cost the server uses
   * in production has its own server test.
   */
  passwordHashParams?: StartServerOptions['passwordHashParams'];
};

/** Cheap scrypt parameters, as the server tests use (server/test/test-server.ts). */
const TEST_PASSWORD_HASH = { N: 1024, r: 8, p: 1 };

/**
 * The reference API on a free port with a fresh, freshly seeded database, serving dist/, and the
 * local OpenID provider beside it on another free port (as scripts/start.sh runs them).
 */
export async function startApp({
  faults = false,
  passwordHashParams = TEST_PASSWORD_HASH,
}: StartAppOptions = {}): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lumen-e2e-'));
  let problems: string[] = [];
  const clientSecret = randomBytes(24).toString('base64url');
  let apiConfig: Parameters<typeof oidcRedirectUris>[0] | null = null;
  const provider = await startLocalProvider({
    clientSecret,
    redirectUris: () => (apiConfig ? oidcRedirectUris(apiConfig) : []),
  });
  const server = await startServer({
    oidc: { issuer: provider.issuer, clientId: LOCAL_CLIENT_ID, clientSecret },
    port: 0,
    dbFile: join(dataDir, 'shop.sqlite'),
    distDir,
    faults,
    passwordHashParams,
    // Journeys place orders and sign up from one address; these limits have their own server tests.
    signInLimits: { addressSignups: 1_000 },
    orderLimits: {
      maxOpenOrdersPerCart: 100,
      maxOpenOrdersPerEmail: 100,
      maxOpenOrdersPerPhone: 100,
      maxOpenOrdersPerAddress: 100,
      // Cash-on-delivery journeys share one shop and never lapse (ADR-0061).
      unpaidHoldShare: 1,
    },
    logger: {
      info: () => undefined,
      error: (message, error) =>
        problems.push(
          `server error: ${message} ${error instanceof Error ? error.stack : String(error ?? '')}`,
        ),
    },
    onContractViolation: (message) => problems.push(`contract violation: ${message}`),
  });
  apiConfig = server.config;
  const api = createTestApi(server.url);
  return {
    url: server.url,
    api,
    getJson: async <T>(path: string) => {
      const answer = await api<T>('GET', path);
      if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
      return answer.body;
    },
    takeServerProblems: () => {
      const taken = problems;
      problems = [];
      return taken;
    },
    close: async () => {
      await server.close();
      await provider.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
