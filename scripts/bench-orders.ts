// Order placement against many open unpaid orders (issue 28, ADR-0061): orders per second and p99
// of POST /order on a database holding 0, 25,000 and 100,000 open orders, each run on a fresh
// database. Usage: npm run bench:orders [-- --open 0,25000,100000 --seconds 10]. Not part of the
// gate (about a minute a size).
//
// Every order the load places goes through every cap count (account or cart, email, phone,
// network window) and the hold share: the caps are raised so none refuses, not switched off.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startBenchServer } from './bench-server';
import { openDb, type Db } from '../server/src/db';
import { OPEN_ORDER_COUNTS } from '../server/src/handlers/orders';
import { seedIfEmpty } from '../server/src/seed';
import { sampleOrderRequest } from '../tests/fixtures/checkout';

function arg(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const SIZES = arg('--open', '0,25000,100000').split(',').map(Number);
const RUN_SECONDS = Number(arg('--seconds', '10'));
const CONNECTIONS = 8;
const HIGH = '1000000000';
const repoRoot = join(import.meta.dirname, '..');

/**
 * `count` open unpaid orders as createOrder stores them (an order, a line holding its units, its
 * history), from many callers: 1 in 50 shares the load's email domain and network, so the cap
 * counts do find rows. Bulk load, not the measured path.
 */
async function grow(db: Db, count: number): Promise<void> {
  const now = Date.now();
  const address = JSON.stringify(sampleOrderRequest().shippingAddress);
  for (let done = 0; done < count;) {
    const batch = Math.min(5_000, count - done);
    await db.transaction(async () => {
      for (let i = done; i < done + batch; i += 1) {
        // Spread over the last day: some inside the per-network window, most before it.
        const stamp = new Date(now - (i % 1440) * 60_000).toISOString();
        const net =
          i % 50 === 0 ? '127.0.0.1' : `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
        const inserted = await db.get<{ id: number }>(
          `INSERT INTO orders (user_id, email, order_token, cart_token, owner_key, idempotency_key, request_hash,
             status, payment_status, payment_method, ship_method_id, ship_method_name, shipping_address, currency,
             promo_code, subtotal_cents, tax_cents, shipping_cents, discount_cents, total_cents, created_at,
             updated_at, reserved_until, stock_held, client_address, email_key, phone_key, client_net)
           VALUES (NULL, ?, ?, ?, ?, 'bench', 'bench', 'PENDING', 'UNPAID', 'cod', 2, 'Standard 3-5 days', ?,
             'USD', NULL, 1000, 100, 399, 0, 1499, ?, ?, NULL, 1, ?, ?, ?, ?) RETURNING id`,
          [
            `open-${i}@lumen.test`,
            `ot_open_${i}`,
            `cart-open-${i}`,
            `cart:cart-open-${i}`,
            address,
            stamp,
            stamp,
            net,
            `open-${i}@lumen.test`,
            `1555${String(i).padStart(7, '0')}`,
            net,
          ],
        );
        const lastId = inserted?.id ?? 0;
        const product = 3 + (i % 30);
        await db.run(
          `INSERT INTO order_items (order_id, product_id, product_name, product_img, product_category, price_cents,
             quantity, units_held) VALUES (?, ?, 'bench', NULL, 'coffee_baverage', 500, 2, 2)`,
          [lastId, product],
        );
        await db.run(
          'INSERT INTO order_status_history (order_id, status, note, created_at) VALUES (?, ?, ?, ?)',
          [lastId, 'PENDING', 'Order placed', stamp],
        );
      }
    });
    done += batch;
  }
  // Stock to spare: the hold share is checked on every order, and never refuses one here.
  await db.run(
    'UPDATE products SET quantity = 1000000000, stock_received = 1000000000 + unpaid_held',
  );
}

function orderLoad(url: string): autocannon.Options {
  return {
    url,
    duration: RUN_SECONDS,
    connections: CONNECTIONS,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/order',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => {
          // Each order from another shopper (email and phone), as a crowd would place them.
          const id = randomUUID();
          const order = sampleOrderRequest({
            paymentMethod: 'cod',
            idempotencyKey: id,
            email: `${id}@lumen.test`,
          });
          order.shippingAddress.phoneNumber = `1${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
          return { ...req, body: JSON.stringify(order) };
        },
      },
    ],
  };
}

/**
 * What the caps cost one order, in process (no HTTP, no commit), so the machine's other load
 * matters less: the four cap counts and the hold-share read, as createOrder runs them. Median and
 * p99 in microseconds over 2,000 orders' worth, with keys that exist and keys that do not.
 */
async function capCost(db: Db): Promise<{ median: number; p99: number }> {
  const since = new Date(Date.now() - 10 * 60_000).toISOString();
  const now = new Date().toISOString();
  const times: number[] = [];
  for (let i = 0; i < 2_000; i += 1) {
    const start = performance.now();
    await db.get(OPEN_ORDER_COUNTS.owner, [now, `cart:cart-open-${i * 7}`]);
    await db.get(OPEN_ORDER_COUNTS.email, [now, `open-${i * 13}@lumen.test`]);
    await db.get(OPEN_ORDER_COUNTS.phone, [now, `1555${String(i * 11).padStart(7, '0')}`]);
    await db.get(OPEN_ORDER_COUNTS.network, [
      now,
      i % 2 === 0 ? '127.0.0.1' : `10.0.0.${i % 256}`,
      since,
    ]);
    await db.get('SELECT unpaid_held FROM products WHERE id = ?', [3 + (i % 30)]);
    times.push((performance.now() - start) * 1000);
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)] ?? NaN,
    p99: times[Math.floor(times.length * 0.99)] ?? NaN,
  };
}

interface Row {
  open: number;
  perSecond: number;
  p99: number;
  capMedian: number;
  capP99: number;
}

async function measure(open: number): Promise<Row> {
  const dir = mkdtempSync(join(tmpdir(), 'lumen-bench-orders-'));
  const dbFile = join(dir, 'shop.sqlite');
  let child: ChildProcess | undefined;
  try {
    const db = await openDb({ file: dbFile });
    await seedIfEmpty(db, new Date());
    await grow(db, open);
    const caps = await capCost(db);
    await db.close();
    const started = await startBenchServer({
      cwd: repoRoot,
      dbFile,
      env: {
        MAX_OPEN_ORDERS_PER_CART: HIGH,
        MAX_OPEN_ORDERS_PER_EMAIL: HIGH,
        MAX_OPEN_ORDERS_PER_PHONE: HIGH,
        MAX_OPEN_ORDERS_PER_ADDRESS: HIGH,
        UNPAID_HOLD_SHARE: '0.99',
      },
    });
    child = started.child;
    const result = await autocannon(orderLoad(started.url));
    if (result.non2xx > 0)
      console.warn(
        `  refused: ${JSON.stringify(result.statusCodeStats)} (timeouts ${result.timeouts})`,
      );
    return {
      open,
      perSecond: result['2xx'] / result.duration,
      p99: result.latency.p99,
      capMedian: caps.median,
      capP99: caps.p99,
    };
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  for (const open of SIZES) {
    const row = await measure(open);
    console.log(
      `${open} open orders: ${row.perSecond.toFixed(1)} orders/s, p99 ${row.p99} ms (${CONNECTIONS} connections, ${RUN_SECONDS} s); caps ${row.capMedian.toFixed(0)} µs median, ${row.capP99.toFixed(0)} µs p99`,
    );
    rows.push(row);
  }
  console.log(
    '\n| open unpaid orders | orders/s | p99 | cap checks, median | cap checks, p99 |\n| ---: | ---: | ---: | ---: | ---: |',
  );
  for (const row of rows)
    console.log(
      `| ${row.open.toLocaleString('en')} | ${row.perSecond.toFixed(0)} | ${row.p99} ms | ${row.capMedian.toFixed(0)} µs | ${row.capP99.toFixed(0)} µs |`,
    );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
