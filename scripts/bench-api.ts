// Reference API benchmark: what a write costs as the database grows, and what writes do to reads.
// Usage: npm run bench:api [-- --orders 20000] [-- --instances 2]. Not part of the gate (it takes
// about two minutes). SQLite by default; with DATABASE_URL=postgres://… (the server to use, e.g.
// $(bash scripts/ensure-postgres.sh bench)) a fresh database is made on it and dropped after, and
// --instances 2 runs two servers on it behind scripts/cluster-proxy.ts (docs/cluster.md).
//
// 1. Write cost: the median time of one committed order transaction (the same rows createOrder
//    writes), measured in process on a fresh database and again at N orders.
// 2. The server (a child process, so the load generator does not share its event loop) on the
//    database grown to N orders: the most orders per second it places, the read p99 alone, and the
//    read p99 while 50 orders per second are placed.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startBenchServer } from './bench-server';
import { openDb, type Db } from '../server/src/db';
import { seedIfEmpty } from '../server/src/seed';
import { sampleOrderRequest } from '../tests/fixtures/checkout';

const argOrders = process.argv.indexOf('--orders');
const ORDERS = argOrders > 0 ? Number(process.argv[argOrders + 1]) : 20_000;
const argInstances = process.argv.indexOf('--instances');
const INSTANCES = argInstances > 0 ? Number(process.argv[argInstances + 1]) : 1;
const POSTGRES = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')
  ? (process.env.DATABASE_URL as string)
  : null;
const WRITE_SAMPLES = 60;
const WRITE_RATE = 50;
const RUN_SECONDS = 10;

const repoRoot = join(import.meta.dirname, '..');

/** One order as createOrder writes it: the order, a line, its history entry and the stock update. */
async function writeOrder(db: Db, i: number, stamp: string): Promise<void> {
  await db.transaction(async () => {
    const inserted = await db.get<{ id: number }>(
      `INSERT INTO orders (user_id, email, order_token, cart_token, owner_key, idempotency_key, request_hash, status,
         payment_status, payment_method, ship_method_id, ship_method_name, shipping_address, currency, promo_code,
         subtotal_cents, tax_cents, shipping_cents, discount_cents, total_cents, created_at, updated_at)
       VALUES (NULL, ?, ?, NULL, ?, ?, 'bench', 'PENDING', 'UNPAID', 'cod', 2, 'Standard 3-5 days', ?, 'USD', NULL,
         1000, 100, 399, 0, 1499, ?, ?) RETURNING id`,
      [
        `bench-${i}@lumen.test`,
        `ot_bench_${i}`,
        `guest:bench-${i}@lumen.test`,
        `bench-${i}-${randomUUID()}`,
        JSON.stringify(sampleOrderRequest().shippingAddress),
        stamp,
        stamp,
      ],
    );
    const lastId = inserted?.id ?? 0;
    await db.run(
      `INSERT INTO order_items (order_id, product_id, product_name, product_img, product_category, price_cents, quantity)
       VALUES (?, 3, 'Cappucino', NULL, 'coffee_baverage', 500, 2)`,
      [lastId],
    );
    await db.run(
      'INSERT INTO order_status_history (order_id, status, note, created_at) VALUES (?, ?, ?, ?)',
      [lastId, 'PENDING', 'Order placed', stamp],
    );
    await db.run('UPDATE products SET updated_at = ? WHERE id = 3', [stamp]);
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

async function writeCost(db: Db, from: number): Promise<number> {
  const stamp = new Date().toISOString();
  const times: number[] = [];
  for (let i = 0; i < WRITE_SAMPLES; i += 1) {
    const start = performance.now();
    await writeOrder(db, from + i, stamp);
    times.push(performance.now() - start);
  }
  return median(times);
}

/** Grows the database to `target` orders in batches (bulk load, not the measured path). */
async function grow(db: Db, target: number): Promise<void> {
  const stamp = new Date().toISOString();
  const count = async (): Promise<number> =>
    Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM orders'))?.n ?? 0);
  let n = await count();
  while (n < target) {
    const batch = Math.min(2_000, target - n);
    await db.transaction(async () => {
      for (let i = 0; i < batch; i += 1) await writeOrder(db, n + i, stamp);
    });
    n += batch;
  }
  // Enough stock that the load phases never run out.
  await db.run('UPDATE products SET quantity = 1000000000');
}

function startChild(
  dbFile: string,
  databaseUrl: string | null,
): Promise<{ url: string; child: ChildProcess }> {
  return startBenchServer({
    cwd: repoRoot,
    dbFile,
    // Thousands of unpaid cash-on-delivery orders from one address, email and phone: the
    // open-order limits and the hold share would refuse them.
    env: {
      MAX_OPEN_ORDERS_PER_CART: '1000000000',
      MAX_OPEN_ORDERS_PER_EMAIL: '1000000000',
      MAX_OPEN_ORDERS_PER_PHONE: '1000000000',
      MAX_OPEN_ORDERS_PER_ADDRESS: '1000000000',
      UNPAID_HOLD_SHARE: '1',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
}

/** A fresh database on the PostgreSQL server at `serverUrl`: its URL, and how to drop it. */
async function freshPostgres(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `lumen_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The cluster's entry port (scripts/cluster-proxy.ts) in front of `targets`. */
function startProxy(targets: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/cluster-proxy.ts',
      '--port',
      '0',
      ...targets.flatMap((t) => ['--target', t]),
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolveProxy, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /cluster-proxy: (http:\/\/[^\s/]+)/.exec(out);
      if (match?.[1]) resolveProxy({ url: match[1], child });
    });
    child.once('exit', (code) => reject(new Error(`proxy exited (${String(code)}): ${out}`)));
  });
}

function orderRequest(url: string, rate?: number): autocannon.Options {
  return {
    url,
    duration: RUN_SECONDS,
    connections: rate ? 4 : 8,
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method: 'POST',
        path: '/api/v1/order',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify(
            sampleOrderRequest({ paymentMethod: 'cod', idempotencyKey: randomUUID() }),
          ),
        }),
      },
    ],
  };
}

function readRequest(url: string): autocannon.Options {
  return {
    url: `${url}/api/v1/products?size=12&category=coffee_baverage`,
    duration: RUN_SECONDS,
    connections: 4,
  };
}

function summary(result: autocannon.Result): string {
  return `${(result['2xx'] / result.duration).toFixed(1)} ok/s, non-2xx ${result.non2xx}, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`;
}

async function main(): Promise<void> {
  if (INSTANCES > 1 && !POSTGRES) {
    throw new Error(
      '--instances 2 needs DATABASE_URL=postgres://… (one server per SQLite file, ADR-0064)',
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'lumen-bench-'));
  const dbFile = join(dir, 'shop.sqlite');
  const postgres = POSTGRES ? await freshPostgres(POSTGRES) : null;
  const children: ChildProcess[] = [];
  console.log(
    `engine: ${postgres ? 'PostgreSQL' : 'SQLite'}, ${INSTANCES} instance${INSTANCES === 1 ? '' : 's'}${INSTANCES > 1 ? ' behind scripts/cluster-proxy.ts' : ''}`,
  );
  try {
    const db = await openDb(postgres ? { url: postgres.url } : { file: dbFile });
    await seedIfEmpty(db, new Date());
    const fresh = await writeCost(db, 0);
    console.log(`write cost, fresh database: median ${fresh.toFixed(2)} ms`);
    await grow(db, ORDERS);
    const grown = await writeCost(db, ORDERS + 1_000);
    console.log(
      `write cost at ${ORDERS} orders: median ${grown.toFixed(2)} ms (${(grown / fresh).toFixed(2)}× fresh)`,
    );
    await db.close();

    const servers = [];
    for (let i = 0; i < INSTANCES; i += 1) {
      const started = await startChild(dbFile, postgres?.url ?? null);
      children.push(started.child);
      servers.push(started.url);
    }
    let url = servers[0] ?? '';
    if (INSTANCES > 1) {
      const proxy = await startProxy(servers);
      children.push(proxy.child);
      url = proxy.url;
    }
    const readsAlone = await autocannon(readRequest(url));
    console.log(`reads alone: ${summary(readsAlone)}`);
    const ordersMax = await autocannon(orderRequest(url));
    console.log(`orders, as fast as possible: ${summary(ordersMax)}`);
    const [readsUnderWrites, writes] = await Promise.all([
      autocannon(readRequest(url)),
      autocannon(orderRequest(url, WRITE_RATE)),
    ]);
    console.log(`orders at ${WRITE_RATE}/s: ${summary(writes)}`);
    console.log(`reads while ${WRITE_RATE} orders/s are placed: ${summary(readsUnderWrites)}`);
    console.log('\n| what | figure |\n| --- | --- |');
    console.log(`| write cost, fresh database (median) | ${fresh.toFixed(1)} ms |`);
    console.log(`| write cost at ${ORDERS} orders (median) | ${grown.toFixed(1)} ms |`);
    console.log(
      `| orders/s at ${ORDERS} orders (max) | ${(ordersMax['2xx'] / ordersMax.duration).toFixed(0)} |`,
    );
    console.log(`| read p99, no writes | ${readsAlone.latency.p99} ms |`);
    console.log(`| read p99, ${WRITE_RATE} orders/s | ${readsUnderWrites.latency.p99} ms |`);
  } finally {
    for (const child of children.reverse()) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
    await postgres?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
