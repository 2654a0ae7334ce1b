// The black-box check of the cluster (issue 29, docs/cluster.md): `npm run check:cluster`.
//
// 1. Starts `bash scripts/start-cluster.sh` (production, a fresh local PostgreSQL in
//    .data/pg/check) and runs the API's abuse probes against its entry port only, as a client
//    would: a throttle burst and guesses spread over both instances, a signed-out token,
//    an idempotency key replayed, 200 orders for the last units. The proxy's
//    X-Cluster-Instance header shows which instance answered.
// 2. Starts it again with the Pact provider states (scripts/cluster-pact-instance.ts) and runs
//    the Pact provider verification (scripts/verify-pacts.ts) against the entry port. A state
//    is set up on every instance in turn, so that what an instance keeps of it in memory (the
//    configured identity provider) is the same on both; the data is the last one's.
// Each time, SIGTERM must stop everything the script started: the instances, the proxy and the
// PostgreSQL. Exit code 0 only when every line says PASS.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { sampleOrderRequest } from '../tests/fixtures/checkout';
import { createTestApi, type ApiAnswer } from '../tests/support/test-api';

const repoRoot = join(import.meta.dirname, '..');
const CLUSTER = 'check';
const pgDir = join(repoRoot, '.data', 'pg', CLUSTER);

interface Cluster {
  child: ChildProcess;
  database: string;
  instances: string[];
  entry: string;
}

const results: { name: string; pass: boolean }[] = [];
function report(name: string, pass: boolean, detail: string): void {
  results.push({ name, pass });
  console.log(`${pass ? 'PASS' : 'FAIL'} ${name}: ${detail}`);
}

function startCluster(env: Record<string, string>): Promise<Cluster> {
  const child = spawn('bash', ['scripts/start-cluster.sh'], {
    cwd: repoRoot,
    env: { ...process.env, CLUSTER_NAME: CLUSTER, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /^Storefront ready at (\S+)\/$/m.exec(out);
      if (!ready?.[1]) return;
      process.stdout.write(out.trimEnd().replace(/^/gm, '  cluster | ') + '\n');
      resolve({
        child,
        database: /^Database: (\S+)$/m.exec(out)?.[1] ?? '',
        instances: [...out.matchAll(/^Instance \d at (\S+)\/$/gm)].map((m) => m[1] ?? ''),
        entry: ready[1],
      });
    });
    child.once('exit', (code) => reject(new Error(`start-cluster.sh exited (${code}):\n${out}`)));
  });
}

/** SIGTERM, then: the script exits, and nothing it started still answers. */
async function stopCluster(cluster: Cluster, label: string): Promise<void> {
  const exited = new Promise<number | null>((resolve) => cluster.child.once('exit', resolve));
  cluster.child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 30_000));
  const code = await Promise.race([exited, timeout]);
  const answering: string[] = [];
  for (const url of [cluster.entry, ...cluster.instances]) {
    try {
      await fetch(`${url}/api/v1/health`);
      answering.push(url);
    } catch {
      // Refused: stopped, as it should be.
    }
  }
  const pgRunning = existsSync(join(pgDir, 'data', 'postmaster.pid'));
  report(
    `${label}: SIGTERM stops the cluster`,
    code !== 'timeout' && answering.length === 0 && !pgRunning,
    `script exit ${String(code)}, still answering: ${answering.join(', ') || 'none'}, PostgreSQL ${pgRunning ? 'still running' : 'stopped'}`,
  );
}

const instanceOf = (answer: ApiAnswer): string => answer.headers.get('x-cluster-instance') ?? '?';
const spreadOf = (answers: ApiAnswer[]): string =>
  [...new Set(answers.map(instanceOf))].sort().join('+');
const counts = (answers: ApiAnswer[]): string => {
  const by: Record<number, number> = {};
  for (const a of answers) by[a.status] = (by[a.status] ?? 0) + 1;
  return Object.entries(by)
    .map(([status, n]) => `${n}×${status}`)
    .join(', ');
};

async function signUp(entry: string, prefix: string): Promise<{ email: string; token: string }> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@lumen.test`;
  const res = await createTestApi(entry)<{ token: string }>('POST', '/auth/signup', {
    body: { username: `${prefix}-${randomUUID().slice(0, 6)}`, email, password: 'secret123' },
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`sign-up: ${res.status}`);
  return { email, token: res.body.token };
}

async function probes(cluster: Cluster): Promise<void> {
  const api = createTestApi(cluster.entry);
  const guess = (email: string, password: string) =>
    api('POST', '/auth/login', { body: { loginInput: email, password } });

  // Throttle burst: 30 guesses at once (as server/test/sign-in-abuse.api.test.ts).
  const burst = await signUp(cluster.entry, 'probe-burst');
  const all = await Promise.all(
    Array.from({ length: 30 }, (_, i) => guess(burst.email, `wrong-${i}`)),
  );
  const burstChecked = all.filter((a) => a.status === 401).length;
  report(
    'throttle burst: 30 guesses at once check at most 5',
    burstChecked <= 5 && all.every((a) => [401, 429, 503].includes(a.status)),
    `${counts(all)}; instances ${spreadOf(all)}`,
  );

  // Guesses two at a time, so each instance would check its own 5 if it counted alone.
  const paced = await signUp(cluster.entry, 'probe-paced');
  const rounds: ApiAnswer[] = [];
  for (let round = 0; round < 15; round += 1) {
    rounds.push(
      ...(await Promise.all([0, 1].map((i) => guess(paced.email, `wrong-${round}-${i}`)))),
    );
  }
  const pacedChecked = rounds.filter((a) => a.status === 401).length;
  const right = await Promise.all([0, 1].map(() => guess(paced.email, 'secret123')));
  report(
    'throttle across instances: 30 guesses, 2 at a time, check at most 5',
    pacedChecked <= 5 && right.every((a) => a.status === 429),
    `${counts(rounds)}; instances ${spreadOf(rounds)}; the right password then: ${counts(right)}`,
  );

  // Revocation: signed out through one instance, refused by both.
  const shopper = await signUp(cluster.entry, 'probe-revoke');
  const before = await Promise.all(
    [0, 1].map(() => api('GET', '/account/user', { token: shopper.token })),
  );
  const logout = await api('POST', '/auth/logout', { token: shopper.token });
  const after: ApiAnswer[] = [];
  for (let i = 0; i < 2; i += 1)
    after.push(await api('GET', '/account/user', { token: shopper.token }));
  report(
    'revocation: a signed-out token is refused by every instance',
    before.every((a) => a.status === 200) &&
      logout.status < 300 &&
      after.every((a) => a.status === 401) &&
      spreadOf(after) === '1+2',
    `before ${counts(before)}, sign-out ${logout.status} (instance ${instanceOf(logout)}), after ${counts(after)} (instances ${spreadOf(after)})`,
  );

  // Idempotency: the same order request twice from one guest cart (a key belongs to its caller),
  // on consecutive, so different, instances.
  const cart = await api<{ cartToken?: string }>('POST', '/cart/items', {
    body: { productId: 3, quantity: 2 },
  });
  const cartToken = cart.body.cartToken ?? '';
  const body = sampleOrderRequest({
    paymentMethod: 'cod',
    email: 'probe-idempotency@lumen.test',
    idempotencyKey: randomUUID(),
  });
  const first = await api<{ orderId: number }>('POST', '/order', { cartToken, body });
  const again = await api<{ orderId: number }>('POST', '/order', { cartToken, body });
  report(
    'idempotency: a key replayed on the other instance returns the first order',
    first.status === 201 &&
      again.status < 300 &&
      again.body.orderId === first.body.orderId &&
      instanceOf(first) !== instanceOf(again),
    `first ${first.status} order ${first.body.orderId} (instance ${instanceOf(first)}), replay ${again.status} order ${again.body.orderId} (instance ${instanceOf(again)})`,
  );

  // Oversell: 20 units of product 3 left, 200 orders of 2 at once.
  const db = new pg.Client({ connectionString: cluster.database });
  await db.connect();
  try {
    await db.query('UPDATE products SET quantity = 20 WHERE id = 3');
    const orders = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        api<{ code?: string }>('POST', '/order', {
          body: sampleOrderRequest({
            paymentMethod: 'cod',
            email: `probe-last-${i}@lumen.test`,
            idempotencyKey: randomUUID(),
          }),
        }),
      ),
    );
    const left = Number(
      (await db.query<{ quantity: number }>('SELECT quantity FROM products WHERE id = 3')).rows[0]
        ?.quantity,
    );
    const placed = orders.filter((a) => a.status === 201).length;
    const refused = orders.filter((a) => a.status === 409 && a.body.code === 'OUT_OF_STOCK');
    report(
      'oversell: 200 parallel orders of 2 for the last 20 units sell exactly 10',
      placed === 10 && refused.length === 190 && left === 0,
      `${counts(orders)}; instances ${spreadOf(orders)}; stock left ${left}`,
    );
  } finally {
    await db.end();
  }
}

/** A provider-state endpoint that sets each state up on every instance in turn. */
async function fanOutStates(instances: string[]): Promise<{ url: string; close(): void }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        let last = { status: 500, text: '{"error":"no instance"}' };
        for (const instance of instances) {
          const answer = await fetch(`${instance}/_pact/provider-states`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: Buffer.concat(chunks),
          });
          last = { status: answer.status, text: await answer.text() };
          if (!answer.ok) break;
        }
        res.writeHead(last.status, { 'Content-Type': 'application/json' });
        res.end(last.text);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

function verifyPacts(entry: string, statesUrl: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      join(repoRoot, 'node_modules', '.bin', 'tsx'),
      ['scripts/verify-pacts.ts', '--base-url', entry, '--provider-states-setup-url', statesUrl],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => resolve({ code: code ?? 1, out }));
  });
}

async function main(): Promise<number> {
  const started = Date.now();
  // A fresh PostgreSQL cluster for the check: nothing left from an earlier run.
  spawnSync('bash', ['scripts/ensure-postgres.sh', 'stop', CLUSTER], { cwd: repoRoot });
  rmSync(pgDir, { recursive: true, force: true });

  console.log('1. The cluster as start-cluster.sh runs it; the abuse probes at its entry port');
  const cluster = await startCluster({
    NODE_ENV: 'production',
    DEMO_IDENTITY_PROVIDER: '0',
    // Hundreds of cash-on-delivery orders from one address, as bench-api.ts places them.
    MAX_OPEN_ORDERS_PER_CART: '1000000',
    MAX_OPEN_ORDERS_PER_EMAIL: '1000000',
    MAX_OPEN_ORDERS_PER_PHONE: '1000000',
    MAX_OPEN_ORDERS_PER_ADDRESS: '1000000',
    UNPAID_HOLD_SHARE: '1',
  });
  try {
    await probes(cluster);
  } finally {
    await stopCluster(cluster, 'probes');
  }

  console.log('2. The cluster with the Pact provider states; the verification at its entry port');
  const verifying = await startCluster({
    NODE_ENV: 'development',
    DEMO_IDENTITY_PROVIDER: '0',
    CLUSTER_SKIP_BUILD: '1',
    CLUSTER_INSTANCE_ENTRY: 'scripts/cluster-pact-instance.ts',
  });
  const states = await fanOutStates(verifying.instances);
  try {
    const { code, out } = await verifyPacts(verifying.entry, states.url);
    const passed = /Pact verification passed: (\d+) of (\d+) interactions/.exec(out);
    report(
      'Pact provider verification against the entry port',
      code === 0 && passed !== null && passed[1] === passed[2],
      passed ? passed[0] : `exit ${code}\n${out.slice(-3000)}`,
    );
  } finally {
    states.close();
    await stopCluster(verifying, 'verification');
  }

  rmSync(pgDir, { recursive: true, force: true });
  const failed = results.filter((r) => !r.pass);
  console.log(
    `\ncheck:cluster: ${results.length - failed.length} of ${results.length} checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return failed.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
