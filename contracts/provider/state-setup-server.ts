// The reference API's provider states behind an HTTP endpoint, speaking the protocol
// scripts/verify-pacts.ts (and Pact's providerStatesSetupUrl) uses: POST {state, params, action}.
// It lets the script be tested end to end the way a backend team would run it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProviderStates } from './states';

/** Where the reference API serves the endpoint when started for verification (PACT_PROVIDER_STATES=1). */
export const PROVIDER_STATES_PATH = '/_pact/provider-states';

/** Answers one `POST {state, params, action}`: the state's values, plus `token` for a signed-in state. */
export function stateSetupHandler(
  states: ProviderStates,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      void (async () => {
        try {
          const { state, params, action } = JSON.parse(raw) as {
            state: string;
            params?: unknown;
            action?: string;
          };
          const handler = states.stateHandlers[state];
          if (req.method !== 'POST' || !handler) {
            res.writeHead(400, { 'Content-Type': 'application/json' });
            res.end(JSON.stringify({ error: `unknown provider state: ${state}` }));
            return;
          }
          const values = action === 'teardown' ? {} : ((await handler(params)) ?? {});
          const token = states.currentBearer();
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(token ? { ...values, token } : values));
        } catch (error) {
          res.writeHead(500, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ error: String(error) }));
        }
      })();
    });
  };
}

export interface StateSetupServer {
  url: string;
  close(): Promise<void>;
}

export async function startStateSetupServer(states: ProviderStates): Promise<StateSetupServer> {
  const server = createServer(stateSetupHandler(states));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${PROVIDER_STATES_PATH}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
