// The reference API started for a Pact verification run: the verification side, not the server,
// brings the provider states (server/src holds no Pact or test code). It passes startServer a
// provider-state set-up made from the running server, served at /_pact/provider-states.
//
//   PORT=8090 DB_FILE=/tmp/pact.sqlite npx tsx contracts/provider/serve.ts
//
// then `npx tsx scripts/verify-pacts.ts --base-url http://127.0.0.1:8090
// --provider-states-setup-url http://127.0.0.1:8090/_pact/provider-states` (contracts/README.md).
// Every state set-up wipes and reseeds that database; startServer refuses it in production.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer, type RunningServer, type StartServerOptions } from '../../server/src/main';
import { stateSetupHandler } from './state-setup-server';
import { createProviderStates } from './states';

/** startServer with the storefront pact's provider states behind /_pact/provider-states. */
export function startVerificationServer(
  options: Omit<StartServerOptions, 'providerStateSetup'> = {},
): Promise<RunningServer> {
  return startServer({
    ...options,
    providerStateSetup: (running) => stateSetupHandler(createProviderStates(running)),
  });
}

async function main(): Promise<void> {
  const running = await startVerificationServer({
    port: Number(process.env.PORT ?? 8090),
    host: process.env.HOST ?? '127.0.0.1',
    ...(process.env.DB_FILE ? { dbFile: process.env.DB_FILE } : {}),
    // The API only: a verification run asks for no pages.
    distDir: null,
  });
  console.log(
    `Reference API for verification at ${running.url}/; provider states: POST ${running.url}/_pact/provider-states (reseeds the database)`,
  );
  const stop = (): void => {
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
