// The reference API's provider states behind an HTTP endpoint, speaking the protocol
// scripts/verify-pacts.ts (and Pact's providerStatesSetupUrl) uses: POST {state, params, action}.
// It lets the script be tested end to end the way a backend team would run it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProviderStates } from './states';

export interface StateSetupServer {
  url: string;
  close(): Promise<void>;
}

export async function startStateSetupServer(states: ProviderStates): Promise<StateSetupServer> {
  const server = createServer((req, res) => {
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
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/pact-states`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
