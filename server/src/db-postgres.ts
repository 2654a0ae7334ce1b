// The PostgreSQL engine behind Db (ADR-0066), selected by DATABASE_URL=postgres://…
// Statements outside a transaction go to the pool; a transaction checks one client out, and
// AsyncLocalStorage carries it through every await of its function, as SQLite's turn is carried
// (ADR-0064). Transactions run at the serializable level: PostgreSQL refuses a commit that could
// differ from some one-at-a-time order of the transactions, and the whole function runs again.
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { Pool, PoolClient, QueryResult } from 'pg';
import type { Db, Params, Row, TransactionOptions } from './db-types';
import { PG_MIGRATIONS } from './db-postgres-schema';

/** serialization_failure, deadlock_detected: the transaction may succeed when run again. */
const RETRYABLE = new Set(['40001', '40P01']);
/** Tries of one transaction before its error goes to the caller (a 500). */
const MAX_TRIES = 30;
// The advisory lock key that migrations hold, so two instances starting at once migrate once.
const MIGRATION_LOCK = 29_0066;

// COUNT (bigint) and SUM (bigint or numeric) come back as strings from pg; every one the server
// reads fits a double, so callers see numbers, as on SQLite.
const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 || oid === NUMERIC
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * `?` placeholders to `$1…$n`, skipping string literals, quoted names and comments (a `?` in
 * `'why?'` stays a question mark). Cached per SQL text: the server uses a fixed set.
 */
const translated = new Map<string, string>();
export function toPositional(sql: string): string {
  const cached = translated.get(sql);
  if (cached !== undefined) return cached;
  let out = '';
  let n = 0;
  for (let i = 0; i < sql.length; i += 1) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      const end = sql.indexOf(c, i + 1);
      const stop = end === -1 ? sql.length : end + 1;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === '?') {
      n += 1;
      out += `$${n}`;
    } else out += c;
  }
  if (translated.size < 1000) translated.set(sql, out);
  return out;
}

interface OpenTransaction {
  client: PoolClient;
  open: boolean;
  afterCommit: (() => Promise<void>)[];
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

const pause = (ms: number) => new Promise((resolvePromise) => setTimeout(resolvePromise, ms));

/** The URL as shown in logs: without its password. */
function shownUrl(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
}

async function migrate(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Held to COMMIT: a second instance starting at once waits, then finds the work done.
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
    const row = (await client.query<{ version: number }>('SELECT version FROM schema_version'))
      .rows[0];
    if (!row) await client.query('INSERT INTO schema_version (version) VALUES (0)');
    for (let v = row?.version ?? 0; v < PG_MIGRATIONS.length; v += 1) {
      await client.query(PG_MIGRATIONS[v] ?? '');
      await client.query('UPDATE schema_version SET version = $1', [v + 1]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, types, max: 10 });
  // An idle client that loses its connection (the database restarted) must not crash the process.
  pool.on('error', () => undefined);
  await migrate(pool);
  const current = new AsyncLocalStorage<OpenTransaction>();

  function openTransaction(): OpenTransaction | undefined {
    const tx = current.getStore();
    return tx?.open ? tx : undefined;
  }

  async function query<T extends Row>(sql: string, params: Params): Promise<QueryResult<T>> {
    const text = toPositional(sql);
    const values = params.map((value) =>
      value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value) : value,
    );
    const tx = openTransaction();
    return tx ? tx.client.query<T>(text, values) : pool.query<T>(text, values);
  }

  /** One turn at a time per queue name, in this process (TransactionOptions). */
  const turns = new Map<string, Promise<void>>();
  async function inTurn<T>(queue: string, fn: () => Promise<T>): Promise<T> {
    const before = turns.get(queue) ?? Promise.resolve();
    let done = () => {};
    const mine = new Promise<void>((resolveTurn) => (done = resolveTurn));
    const tail = before.then(() => mine);
    turns.set(queue, tail);
    try {
      await before;
      return await fn();
    } finally {
      done();
      if (turns.get(queue) === tail) turns.delete(queue);
    }
  }

  /**
   * fn in one serializable transaction on a connection of its own, run again whole when the
   * database refuses it as not serialisable (or a deadlock). With `queue`, under that queue's
   * session advisory lock, taken before BEGIN (the snapshot comes after the wait) and given back
   * at COMMIT. The after-commit steps run once the connection is back in the pool.
   */
  async function serializable<T>(fn: () => Promise<T>, queue?: string): Promise<T> {
    const client = await pool.connect();
    // A connection that failed to roll back (or to give its lock back) is closed, not handed to
    // the next caller: closing it ends its locks too.
    let broken = false;
    let outcome: { result: T; afterCommit: (() => Promise<void>)[] } | undefined;
    try {
      if (queue) await client.query('SELECT pg_advisory_lock(hashtext($1))', [queue]);
      for (let attempt = 1; !outcome; attempt += 1) {
        const tx: OpenTransaction = { client, open: true, afterCommit: [] };
        try {
          await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
          const result = await current.run(tx, fn);
          await client.query('COMMIT');
          tx.open = false;
          outcome = { result, afterCommit: tx.afterCommit };
        } catch (error) {
          // A callback fn started but did not await goes to the pool, outside the transaction.
          tx.open = false;
          await client.query('ROLLBACK').catch(() => {
            broken = true;
          });
          if (broken || !RETRYABLE.has(errorCode(error) ?? '') || attempt >= MAX_TRIES) throw error;
          // Apart, at random: transactions that collided do not collide again in step.
          await pause(Math.random() * Math.min(100, 2 ** attempt));
        }
      }
    } finally {
      if (queue && !broken) {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [queue]).catch(() => {
          broken = true;
        });
      }
      client.release(broken);
    }
    for (const after of outcome.afterCommit) await after();
    return outcome.result;
  }

  const db: Db = {
    engine: 'postgres',
    file: shownUrl(url),
    all: async <T extends Row = Row>(sql: string, params: Params = []) =>
      (await query<T>(sql, params)).rows,
    get: async <T extends Row = Row>(sql: string, params: Params = []) => {
      const { rows } = await query<T>(sql, params);
      return rows[0] as T | undefined;
    },
    run: async (sql: string, params: Params = []) => ({
      changes: (await query(sql, params)).rowCount ?? 0,
    }),
    async transaction<T>(fn: () => Promise<T>, options: TransactionOptions = {}): Promise<T> {
      if (openTransaction()) return fn();
      const { queue } = options;
      if (!queue) return serializable(fn);
      // A queue's transactions wait for their turn in this process first, holding no connection
      // (waiting ones would otherwise take the pool from every other request), then across
      // instances under the queue's advisory lock.
      return inTurn(queue, () => serializable(fn, queue));
    },
    async afterCommit(fn) {
      const tx = openTransaction();
      if (tx) tx.afterCommit.push(fn);
      else await fn();
    },
    async idsInserted(tables) {
      for (const table of tables) {
        // The identity's sequence, moved to the largest id (setval's next value is that + 1).
        await query(
          `SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT MAX(id) FROM "${table}"), 1))`,
          [],
        );
      }
    },
    async exclusively(name, fn) {
      const client = await pool.connect();
      let broken = false;
      try {
        const { rows } = await client.query<{ got: boolean }>(
          'SELECT pg_try_advisory_lock(hashtext($1)) AS got',
          [name],
        );
        if (!rows[0]?.got) return false;
        try {
          await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => {
            broken = true;
          });
        }
        return true;
      } finally {
        // A connection whose unlock failed is closed: closing it lets the lock go.
        client.release(broken);
      }
    },
    // Commits are on disk once COMMIT answers (synchronous_commit on); nothing to copy.
    persist: () => Promise.resolve(),
    // The schema is current once the database is open (migrations ran), so emptying every table
    // gives the same as dropping and migrating, in one statement: provider states reset often.
    // Kept: schema_version, and shop_state (the JWT secret, which on SQLite is a file beside the
    // database that a reset leaves too). The catalogue_version sequence keeps growing, so no page
    // cached before the reset comes back (render-catalogue-version.ts).
    async resetSchema() {
      const { rows } = await pool.query<{ name: string }>(
        `SELECT tablename AS name FROM pg_tables
         WHERE schemaname = 'public' AND tablename NOT IN ('schema_version', 'shop_state')`,
      );
      const tables = rows.map(({ name }) => `"${name}"`).join(', ');
      await pool.query(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`);
    },
    close: () => pool.end(),
  };
  return db;
}
