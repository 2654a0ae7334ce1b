// The reference API's provider states behind an HTTP endpoint, speaking the protocol
// scripts/verify-pacts.ts (and Pact's providerStatesSetupUrl) uses: POST {state, params, action}.
// The reference API serves it at /_pact/provider-states when the verification side starts it
// with one (provider/serve.ts passes it to startServer).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ProviderStates } from './states';

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
