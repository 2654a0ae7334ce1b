// Verifies the storefront's pact against any running implementation of openapi.yaml.
//
//   npx tsx scripts/verify-pacts.ts --base-url http://their-host:port
//                                   [--provider-states-setup-url http://…/_pact/provider-states]
//                                   [--token <jwt>] [--pact <file>] [--log-level warn]
//
// Provider states: with --provider-states-setup-url (Pact's own name; --state-setup-url is the
// same), every state is POSTed there before its interaction as
// `{"state": "<name>", "params": {…}, "action": "setup"}`, the body Pact's providerStatesSetupUrl
// sends (the script forwards it itself so that a state can also hand over a bearer token). The JSON answer's values fill the `${…}` placeholders
// of the pact (orderId, cartToken, …); an answer's `token` becomes the bearer token of the
// interaction. See contracts/README.md for every state and the data it needs.
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Verifier } from '@pact-foundation/pact';
import type { VerifierOptions } from '@pact-foundation/pact';

type JsonMap = Record<string, unknown>;
type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error';

const DEFAULT_PACT = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'contracts',
  'pacts',
  'lumen-storefront-lumen-api.json',
);

const USAGE = `Usage: npx tsx scripts/verify-pacts.ts --base-url <url> [options]

  --base-url <url>          where the provider answers /api/v1/* (required)
  --provider-states-setup-url <url>
                            POST endpoint that sets up a provider state (see contracts/README.md);
                            the reference API serves one when started by contracts/provider/serve.ts
  --state-setup-url <url>   the same (older name)
  --token <jwt>             bearer token for signed-in interactions when the state answer has none
  --pact <file>             pact file (default: contracts/pacts/lumen-storefront-lumen-api.json)
  --log-level <level>       trace | debug | info | warn | error (default: warn)
  --help                    this text`;

function providerStates(file: string): string[] {
  const pact = JSON.parse(readFileSync(file, 'utf8')) as {
    interactions?: { providerStates?: { name: string }[] }[];
  };
  const names = (pact.interactions ?? []).flatMap((i) =>
    (i.providerStates ?? []).map((s) => s.name),
  );
  return [...new Set(names)];
}

function interactionCount(file: string): number {
  const pact = JSON.parse(readFileSync(file, 'utf8')) as { interactions?: unknown[] };
  return pact.interactions?.length ?? 0;
}

async function postState(url: string, state: string, params: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ state, params: params ?? {}, action: 'setup' }),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`state "${state}" answered ${response.status}: ${text.slice(0, 500)}`);
  }
  if (!text.trim()) return {};
  const body = JSON.parse(text) as unknown;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as JsonMap) : {};
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'base-url': { type: 'string' },
      'provider-states-setup-url': { type: 'string' },
      'state-setup-url': { type: 'string' },
      token: { type: 'string' },
      pact: { type: 'string' },
      'log-level': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const baseUrl = values['base-url'];
  if (!baseUrl) {
    console.error(`--base-url is required.\n\n${USAGE}`);
    return 2;
  }
  const pactFile = resolve(values.pact ?? DEFAULT_PACT);
  if (!existsSync(pactFile)) {
    console.error(
      `No pact file at ${pactFile}. Run: npx vitest run --project contracts contracts/consumer`,
    );
    return 2;
  }
  const logLevel = (values['log-level'] ?? 'warn') as LogLevel;
  process.env.PACT_DO_NOT_TRACK ??= 'true';

  const setupUrl = values['provider-states-setup-url'] ?? values['state-setup-url'];
  let bearer = values.token;
  const stateHandlers: Record<string, (params?: unknown) => Promise<JsonMap>> = {};
  if (setupUrl) {
    for (const state of providerStates(pactFile)) {
      stateHandlers[state] = async (params) => {
        const answer = await postState(setupUrl, state, params);
        bearer = typeof answer.token === 'string' ? answer.token : values.token;
        return answer;
      };
    }
  } else {
    console.warn(
      'No --provider-states-setup-url: provider states are not set up; the provider must already hold the data ' +
        'every state describes (contracts/README.md), and ids fall back to the pact examples.',
    );
  }

  // The consumer sends an example JWT; swap in the state's (or --token's) real token.
  const requestFilter = (req: IncomingMessage, _res: unknown, next: () => void): void => {
    if (req.headers.authorization !== undefined && bearer)
      req.headers.authorization = `Bearer ${bearer}`;
    next();
  };

  const verifier = new Verifier({
    provider: 'lumen-api',
    providerBaseUrl: baseUrl,
    pactUrls: [pactFile],
    // VerifierOptions types stateHandlers as an intersection with the message-pact handlers.
    stateHandlers: stateHandlers as unknown as VerifierOptions['stateHandlers'],
    requestFilter: requestFilter as unknown as VerifierOptions['requestFilter'],
    logLevel,
  });
  try {
    await verifier.verifyProvider();
    console.log(
      `\nPact verification passed: ${interactionCount(pactFile)} of ${interactionCount(pactFile)} interactions of ${pactFile} against ${baseUrl}`,
    );
    return 0;
  } catch (error) {
    console.error(`\nPact verification failed against ${baseUrl}.`);
    if (logLevel !== 'warn' && logLevel !== 'error') console.error(error);
    return 1;
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
