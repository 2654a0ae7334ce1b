// Two server processes started at once on one fresh SQLite file (issue 29, ADR-0064): one serves
// a whole seeded shop, the other is refused at start with words that point to PostgreSQL. Never a
// crash, never a half-seeded file; and the lock goes with its process, however it ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db';
import { DEMO_ORDERS, SEED_PRODUCTS } from '../src/seed-catalogue';

const repoRoot = resolve(import.meta.dirname, '..', '..');

interface Started {
  child: ChildProcess;
  /** The address it serves at, or its exit code when it stopped instead. */
  outcome: Promise<{ url: string } | { exitCode: number | null; output: string }>;
}

function startProcess(dbFile: string): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DB_FILE: dbFile,
      // The SQLite file's rule is under test, whatever engine the other suites run on.
      DATABASE_URL: '',
      NODE_ENV: 'production',
      JWT_SECRET: 'two-processes-secret-two-processes-0123',
      LOCAL_OIDC_PORT: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const outcome = new Promise<{ url: string } | { exitCode: number | null; output: string }>(
    (resolveOutcome) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const ready = /ready at (http:\/\/[^\s/]+)/.exec(output);
        if (ready?.[1]) resolveOutcome({ url: ready[1] });
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.once('exit', (exitCode) => resolveOutcome({ exitCode, output }));
    },
  );
  return { child, outcome };
}

const children: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGKILL');
      await exited;
    }
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('two server processes on one SQLite file', () => {
  it('started at once on a fresh file: one serves the whole seed, the other is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lumen-two-'));
    dirs.push(dir);
    const dbFile = join(dir, 'shop.sqlite');
    const pair = [startProcess(dbFile), startProcess(dbFile)];
    children.push(...pair.map((p) => p.child));
    const outcomes = await Promise.all(pair.map((p) => p.outcome));

    const serving = outcomes.filter((o): o is { url: string } => 'url' in o);
    const refused = outcomes.filter(
      (o): o is { exitCode: number | null; output: string } => 'exitCode' in o,
    );
    expect(serving, JSON.stringify(outcomes)).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.exitCode).toBe(1);
    expect(refused[0]?.output).toContain(`Another server process is already using ${dbFile}`);
    expect(refused[0]?.output).toContain('PostgreSQL');
    // The words, not a stack trace.
    expect(refused[0]?.output).not.toMatch(/\n\s+at /);

    const url = serving[0]?.url ?? '';
    const health = await fetch(`${url}/api/v1/health`);
    expect(health.status).toBe(200);
    const products = (await (await fetch(`${url}/api/v1/products/search?size=1`)).json()) as {
      totalElements: number;
    };
    expect(products.totalElements).toBe(SEED_PRODUCTS.length);

    // The file holds one whole seed (read beside the running server, as db:reset would).
    const db = await openDb({ file: dbFile });
    try {
      const count = async (table: string) =>
        Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n);
      expect(await count('products')).toBe(SEED_PRODUCTS.length);
      expect(await count('orders')).toBe(DEMO_ORDERS.length);
      // Production: the demo shopper, no demo owner.
      expect(await count('users')).toBe(1);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('a server killed outright leaves no lock behind: the next one starts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lumen-two-'));
    dirs.push(dir);
    const dbFile = join(dir, 'shop.sqlite');
    const first = startProcess(dbFile);
    children.push(first.child);
    expect(await first.outcome).toHaveProperty('url');
    const exited = new Promise((done) => first.child.once('exit', done));
    first.child.kill('SIGKILL');
    await exited;

    const next = startProcess(dbFile);
    children.push(next.child);
    const outcome = await next.outcome;
    expect(outcome, JSON.stringify(outcome)).toHaveProperty('url');
  }, 120_000);
});
