// Test support for the cross-instance tests (issue 29, docs/cluster.md): a fresh PostgreSQL
// database, API instances on it as child processes of the server entry (as two-processes.api.test.ts
// starts them), a stand-in for Stripe's API that both instances share, and a browser for the
// OpenID flow. Nothing here runs without DATABASE_URL=postgres://….
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import pg from 'pg';
import { createTestDatabase } from '../pg-database';

const repoRoot = resolve(import.meta.dirname, '..', '..', '..');

const given = process.env.DATABASE_URL ?? '';
/** The PostgreSQL server the tests make their database on, or null (SQLite: the tests skip). */
export const POSTGRES_URL = /^postgres(ql)?:\/\//.test(given) ? given : null;

export const SKIP_REASON =
  'skipped: DATABASE_URL is not a postgres:// URL. Several API instances need PostgreSQL (one ' +
  'server process per SQLite file, ADR-0064); run with DATABASE_URL=$(bash scripts/ensure-postgres.sh)';

/** A database of its own on the PostgreSQL server (server/test/pg-database.ts), and a pool on it. */
export async function freshDatabase(): Promise<{
  url: string;
  query: pg.Pool['query'];
  drop(): Promise<void>;
}> {
  const database = await createTestDatabase();
  if (!database) throw new Error('DATABASE_URL is not set');
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  return {
    url: database.url,
    query: pool.query.bind(pool) as pg.Pool['query'],
    async drop() {
      await pool.end();
      await database.drop();
    },
  };
}

export interface Instance {
  url: string;
  child: ChildProcess;
  /** Everything it printed (stdout and stderr). */
  output(): string;
}

const children = new Set<ChildProcess>();

/** One API instance: `server/src/main.ts` as production runs it, on a free port. */
export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const { DB_FILE: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready at (http:\/\/[^\s/]+)/.exec(output);
      if (ready?.[1]) resolveUrl(ready[1]);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`the instance exited (${code}): ${output}`)));
  });
  return { url, child, output: () => output };
}

/** Stops every instance still running, whether or not it got as far as serving. */
export async function stopInstances(): Promise<void> {
  await Promise.all(
    [...children].map((child) => {
      if (child.exitCode !== null || child.signalCode !== null) return undefined;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      return exited;
    }),
  );
}

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: null;
}

/**
 * Stripe's PaymentIntents API as both instances call it (STRIPE_API_BASE): create (once per
 * Idempotency-Key), retrieve, update, cancel. One Stripe for the whole shop, as in production;
 * each instance's own sandbox stand-in would sign with its own random secret.
 */
export async function startFakeStripe(): Promise<{
  apiBase: string;
  intents: Map<string, FakeIntent>;
  close(): Promise<void>;
}> {
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, FakeIntent>();
  let counter = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const path = new URL(req.url ?? '/', 'http://stripe.test').pathname;
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const [, , collection, id, action] = path.split('/');
      if (collection !== 'payment_intents')
        return send(404, { error: { type: 'invalid_request_error', message: 'unknown' } });
      if (!id && req.method === 'POST') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const known = key ? byKey.get(key) : undefined;
        if (known) return send(200, known);
        counter += 1;
        const intentId = `pi_cross${counter}${randomBytes(6).toString('hex')}`;
        const intent: FakeIntent = {
          id: intentId,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? 'usd',
          status: 'requires_payment_method',
          client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
          metadata: { orderId: form.get('metadata[orderId]') ?? '' },
          last_payment_error: null,
        };
        intents.set(intentId, intent);
        if (key) byKey.set(key, intent);
        return send(200, intent);
      }
      const intent = id ? intents.get(id) : undefined;
      if (!intent)
        return send(404, {
          error: { type: 'invalid_request_error', message: 'No such payment_intent' },
        });
      if (req.method === 'POST' && action === 'cancel') intent.status = 'canceled';
      else if (req.method === 'POST' && !action && form.has('amount'))
        intent.amount = Number(form.get('amount'));
      return send(200, intent);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    intents,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
